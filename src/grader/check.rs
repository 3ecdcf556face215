//! `congo check SUBCOMMAND -- PROGRAM`: run a program on generated
//! positions (or the cases of a file), compare it with congo, and shrink
//! the first disagreement, crash or hang to a small ready-to-run case.
//!
//! Generated cases are made and judged a chunk at a time, so a check of
//! any length holds one chunk in memory.

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::generator::{PieceSet, clock_seed};
use super::shrink::shrink;
use super::{hides_characters, write_move_difference};
use crate::judge::Framing;
use crate::process;
use crate::random::{Rng, random_position};
use crate::tasks::Job;
use crate::{Kind, KindsSeen, Move, Position, Rules};

/// What `check` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    pub rules: Rules,
    /// The judge subcommand and its own arguments, e.g. `perft 3`.
    pub subcommand: Vec<String>,
    pub job: Job,
    /// How many cases to generate.
    pub positions: u64,
    /// `None`: a seed from the clock.
    pub seed: Option<u64>,
    /// A judge input to check on instead of generated cases.
    pub input: Option<PathBuf>,
    pub timeout: Duration,
    /// The program and its arguments.
    pub program: Vec<String>,
}

/// One case of the judge input: a position, and for `play` the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Case {
    pub position: Position,
    pub play: Option<String>,
}

impl Case {
    fn write_to(&self, input: &mut String) {
        input.push_str(&self.position.to_string());
        input.push('\n');
        if let Some(text) = &self.play {
            input.push_str(text);
            input.push('\n');
        }
    }
}

/// How the program fared on some cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Agrees,
    /// Its answer to case `index` differs from congo's.
    Differs {
        index: usize,
        expected: String,
        got: String,
    },
    /// It exited with a failure status (`None`: killed by a signal).
    Failed {
        status: Option<i32>,
        stderr: String,
    },
    /// It printed this many answers instead of one per case; `extra` are
    /// the answers past the expected ones.
    Miscounted {
        answers: usize,
        extra: Vec<String>,
    },
    /// It did not finish in time and was stopped.
    TimedOut,
    /// It could not be started.
    NotStarted(String),
    /// Congo itself found no answer in time (the work asked for is too
    /// big): nothing can be said of the program.
    ReferenceTimedOut,
}

impl Verdict {
    pub(super) fn is_failure(&self) -> bool {
        *self != Verdict::Agrees
    }
}

/// Cases judged in one run of the program.
const CHUNK: usize = 1000;

/// The most bytes of a program's output (and of its error output) kept.
const MAX_KEPT_OUTPUT: u64 = 64 << 20;

/// The biggest `--input` file read.
const MAX_INPUT_FILE: u64 = 64 << 20;

/// Runs the check and writes its report to `output`, and its progress and
/// why it could not be done to `progress`; returns the exit status (0 all
/// agree, 1 a disagreement or failure, 2 the check itself could not be
/// done).
pub fn check(
    options: &CheckOptions,
    output: &mut impl Write,
    progress: &mut impl Write,
) -> io::Result<u8> {
    let program = options.program.join(" ");
    let name = format!("`congo {}`", options.subcommand.join(" "));
    let (mut cases, total, source) = match &options.input {
        Some(path) => match read_cases(path, options) {
            Ok(cases) => {
                let seen = cases.iter().fold(KindsSeen::default(), |seen, case| {
                    seen | KindsSeen::of(&case.position.board)
                });
                if let Some(warning) = options.rules.warning_for(seen) {
                    writeln!(progress, "congo: {warning}")?;
                }
                let total = cases.len() as u64;
                let source = format!("the {total} cases of {}", path.display());
                (
                    Box::new(cases.into_iter()) as Box<dyn Iterator<Item = Case>>,
                    total,
                    source,
                )
            }
            Err(message) => {
                writeln!(progress, "congo: {message}")?;
                return Ok(2);
            }
        },
        None => {
            let seed = options.seed.unwrap_or_else(clock_seed);
            let source = format!("{} generated cases (seed {seed})", options.positions);
            let cases = generated(options, seed).take(options.positions as usize);
            (
                Box::new(cases) as Box<dyn Iterator<Item = Case>>,
                options.positions,
                source,
            )
        }
    };
    writeln!(
        output,
        "Checking {program} against {name} under the {} rules on {source}.",
        options.rules
    )?;
    let started = Instant::now();
    let mut done: u64 = 0;
    loop {
        let chunk: Vec<Case> = cases.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        if total > CHUNK as u64 {
            writeln!(progress, "congo check: case {} of {total}...", done + 1)?;
        }
        let verdict = judge(options, &chunk);
        if verdict == Verdict::Agrees {
            done += chunk.len() as u64;
            continue;
        }
        return report_failure(options, &chunk, done, verdict, output, progress);
    }
    writeln!(
        output,
        "{program} agrees with {name} on all {done} cases, in {:.1} s.",
        started.elapsed().as_secs_f64()
    )?;
    Ok(0)
}

/// Finds the failing case of a chunk that failed as `verdict` says,
/// shrinks it, and writes what went wrong.
fn report_failure(
    options: &CheckOptions,
    chunk: &[Case],
    before: u64,
    verdict: Verdict,
    output: &mut impl Write,
    progress: &mut impl Write,
) -> io::Result<u8> {
    let program = options.program.join(" ");
    let name = format!("`congo {}`", options.subcommand.join(" "));
    let (index, verdict) = match verdict {
        Verdict::NotStarted(error) => {
            writeln!(progress, "congo: cannot start {program}: {error}")?;
            return Ok(2);
        }
        Verdict::ReferenceTimedOut => {
            writeln!(
                progress,
                "congo: congo itself gave no answer within {} ms for {} cases; ask for less work (a smaller depth or fewer --positions) or a longer --timeout-ms.",
                options.timeout.as_millis(),
                chunk.len()
            )?;
            return Ok(2);
        }
        Verdict::Differs { index, .. } => (index, verdict),
        whole => {
            writeln!(
                progress,
                "congo check: {} on cases {} to {}; trying them one at a time...",
                describe(&whole),
                before + 1,
                before + chunk.len() as u64
            )?;
            match first_failing_case(options, chunk, progress)? {
                Some(found) => found,
                None if whole == Verdict::TimedOut => {
                    writeln!(
                        output,
                        "{program} answers right but is slow: it took longer than {} ms for cases {} to {} together, and answered each alone correctly; try a larger --timeout-ms.",
                        options.timeout.as_millis(),
                        before + 1,
                        before + chunk.len() as u64
                    )?;
                    return Ok(1);
                }
                None => {
                    writeln!(
                        output,
                        "{program} fails on cases {} to {} together, but on none alone: {}",
                        before + 1,
                        before + chunk.len() as u64,
                        describe(&whole)
                    )?;
                    return Ok(1);
                }
            }
        }
    };
    let number = before + index as u64 + 1;
    if verdict == Verdict::TimedOut {
        writeln!(
            output,
            "{program} gives no answer within {} ms even to case {number} alone.",
            options.timeout.as_millis()
        )?;
    } else {
        writeln!(output, "{program} disagrees with {name} on case {number}.")?;
    }
    writeln!(progress, "congo check: shrinking case {number}...")?;
    let (smallest, verdict) = shrink(&chunk[index], verdict, options);
    let pieces = smallest.position.board.occupied().count();
    writeln!(
        output,
        "Smallest failing case ({pieces} pieces), ready to run:"
    )?;
    write_case(output, &smallest)?;
    match &verdict {
        Verdict::Differs { expected, got, .. } => {
            write_answer(output, "expected", expected)?;
            write_answer(output, "got", got)?;
            if options.job.is_move_list() && write_move_difference(output, "", expected, got)? {
                writeln!(output, "(the same moves, in another order or spacing)")?;
            }
        }
        other => writeln!(output, "{}", describe(other))?,
    }
    if let Verdict::Failed { stderr, .. } = &verdict {
        write_stderr(output, stderr)?;
    }
    let only_lions = pieces == 2 && smallest.play.is_none();
    let fails_anyway = matches!(
        verdict,
        Verdict::Failed { .. } | Verdict::TimedOut | Verdict::Miscounted { .. }
    );
    if only_lions && fails_anyway {
        writeln!(
            output,
            "It fails even with only the two lions on the board: it likely fails on every input."
        )?;
    }
    Ok(1)
}

fn write_case(output: &mut impl Write, case: &Case) -> io::Result<()> {
    let mut input = String::from("1\n");
    case.write_to(&mut input);
    output.write_all(input.as_bytes())
}

/// The longest piece of a program's answer echoed.
const MAX_ECHO: usize = 1000;

/// Writes an answer under a label, each line on its own; blanks at a
/// line's ends, carriage returns and other unseen characters are shown
/// quoted, so that they can be seen.
fn write_answer(output: &mut impl Write, label: &str, answer: &str) -> io::Result<()> {
    let answer = shortened(answer);
    let mut lines = answer.split('\n');
    let first = lines.next().unwrap_or_default();
    writeln!(output, "{:<9} {}", format!("{label}:"), visible(first))?;
    for line in lines {
        writeln!(output, "          {}", visible(line))?;
    }
    Ok(())
}

/// A line as it reads, or quoted when it has characters that do not show.
fn visible(line: &str) -> String {
    if hides_characters(line) {
        format!("{line:?} (note the blanks or control characters)")
    } else {
        line.to_owned()
    }
}

/// `text`, cut to [`MAX_ECHO`] bytes with a note of its length.
fn shortened(text: &str) -> String {
    if text.len() <= MAX_ECHO {
        return text.to_owned();
    }
    let end = (0..=MAX_ECHO)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    format!("{}... ({} bytes in all)", &text[..end], text.len())
}

/// The lines of a program's error output shown.
const STDERR_LINES: usize = 10;

fn write_stderr(output: &mut impl Write, stderr: &str) -> io::Result<()> {
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.is_empty() {
        return writeln!(output, "Its error output was empty.");
    }
    writeln!(output, "Its error output:")?;
    for line in lines.iter().take(STDERR_LINES) {
        writeln!(output, "  | {}", shortened(line))?;
    }
    if lines.len() > STDERR_LINES {
        writeln!(output, "  | ... ({} lines in all)", lines.len())?;
    }
    Ok(())
}

fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Agrees => "it agrees".into(),
        Verdict::Differs { expected, got, .. } => format!("expected {expected:?}, got {got:?}"),
        Verdict::Failed {
            status: Some(status),
            stderr,
        } => format!("it exited with status {status}{}", stderr_tail(stderr)),
        Verdict::Failed {
            status: None,
            stderr,
        } => format!(
            "it was killed by a signal (it crashed){}",
            stderr_tail(stderr)
        ),
        Verdict::Miscounted { answers, extra } => {
            let mut text = format!("it printed {answers} answers for 1 case");
            if !extra.is_empty() {
                text.push_str("; the answers past the first:");
                for line in extra.iter().take(5) {
                    let _ = write!(text, "\n  | {}", visible(&shortened(line)));
                }
            }
            text
        }
        Verdict::TimedOut => "it gave no answer in time and was stopped".into(),
        Verdict::NotStarted(error) => format!("it could not be started: {error}"),
        Verdict::ReferenceTimedOut => "congo itself gave no answer in time".into(),
    }
}

fn stderr_tail(stderr: &str) -> String {
    match stderr.lines().rev().find(|line| !line.trim().is_empty()) {
        Some(line) => format!("; its last error line: {}", shortened(line.trim())),
        None => String::new(),
    }
}

/// The piece set that fits a subcommand: the assignment's set for its
/// part and year, or every piece where all of them matter.
fn piece_set(job: &Job, rules: Rules) -> PieceSet {
    let year = if rules == Rules::Wits2021 {
        PieceSet::Wits2021
    } else {
        PieceSet::Wits2022
    };
    match job {
        Job::PieceMoves(Kind::Elephant) => PieceSet::Wits2021,
        Job::PieceMoves(Kind::Monkey | Kind::Crocodile)
        | Job::Board
        | Job::Moves
        | Job::Perft(..)
        | Job::Divide(_) => PieceSet::Full,
        _ => year,
    }
}

/// The generated cases, one after another without end; for `play`, each
/// position with a legal move chosen at random (positions without one
/// are passed over).
fn generated(options: &CheckOptions, seed: u64) -> impl Iterator<Item = Case> + 'static {
    let set = piece_set(&options.job, options.rules);
    let play = options.job == Job::Play;
    let mut positions = Rng::new(seed);
    let mut choices = Rng::new(seed ^ 0x9e37_79b9);
    let mut moves = Vec::new();
    std::iter::from_fn(move || {
        let shape = set.shape(30);
        loop {
            let position = random_position(&mut positions, &shape);
            if !play {
                return Some(Case {
                    position,
                    play: None,
                });
            }
            moves.clear();
            position.legal_moves(&mut moves);
            if let Some(m) = choices.pick(&moves) {
                let play = Some(m.to_string());
                return Some(Case { position, play });
            }
        }
    })
}

/// The cases of a judge input file: the count, then one FEN (and for
/// `play` a move) a case.
fn read_cases(path: &Path, options: &CheckOptions) -> Result<Vec<Case>, String> {
    let at = |line: usize, reason: &dyn std::fmt::Display| {
        format!("{} line {line}: {reason}", path.display())
    };
    let text = super::read_file(path, MAX_INPUT_FILE)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut lines = text.lines().map(str::trim).enumerate();
    let count: usize = match lines.next() {
        Some((_, first)) => first
            .parse()
            .map_err(|_| at(1, &format!("expected the number of cases, found {first:?}")))?,
        None => return Err(format!("{} is empty", path.display())),
    };
    let mut cases = Vec::new();
    for _ in 0..count {
        let Some((number, fen)) = lines.next() else {
            return Err(format!(
                "{} ends after {} of {count} cases",
                path.display(),
                cases.len()
            ));
        };
        let position =
            Position::from_fen(fen, options.rules).map_err(|error| at(number + 1, &error))?;
        let play = match options.job {
            Job::Play => Some(
                lines
                    .next()
                    .map(|(_, text)| text.to_owned())
                    .ok_or_else(|| format!("{} ends in the middle of a case", path.display()))?,
            ),
            _ => None,
        };
        cases.push(Case { position, play });
    }
    Ok(cases)
}

/// What congo answers to `cases`, one answer per case, if it finds them
/// within the check's time limit.
fn expected(options: &CheckOptions, cases: &[Case]) -> Option<Vec<String>> {
    let input = judge_input(cases);
    let (job, rules) = (options.job.clone(), options.rules);
    let (sender, receiver) = mpsc::channel();
    // A thread of its own, so that the time limit holds for congo too; one
    // that overruns is left behind, and the check ends soon after.
    thread::spawn(move || {
        let mut output = Vec::new();
        // Writing to memory cannot fail, and every case is a valid one.
        let _ = job.run(rules.into(), input.as_bytes(), &mut output, io::sink());
        let _ = sender.send(job.framing().answers(&String::from_utf8_lossy(&output)));
    });
    receiver.recv_timeout(options.timeout).ok()
}

fn judge_input(cases: &[Case]) -> String {
    let mut input = format!("{}\n", cases.len());
    for case in cases {
        case.write_to(&mut input);
    }
    input
}

/// Runs the program on `cases` and compares its answers with congo's.
pub(super) fn judge(options: &CheckOptions, cases: &[Case]) -> Verdict {
    let input = judge_input(cases);
    let run = match run_program(&options.program, input.into_bytes(), options.timeout) {
        Ok(run) => run,
        Err(verdict) => return verdict,
    };
    let framing: Framing = options.job.framing();
    let got = framing.answers(&String::from_utf8_lossy(&run));
    let Some(expected) = expected(options, cases) else {
        return Verdict::ReferenceTimedOut;
    };
    if got.len() != expected.len() {
        let extra = got.iter().skip(expected.len()).cloned().collect();
        return Verdict::Miscounted {
            answers: got.len(),
            extra,
        };
    }
    match expected
        .into_iter()
        .zip(got)
        .enumerate()
        .find(|(_, (want, have))| want != have)
    {
        Some((index, (expected, got))) => Verdict::Differs {
            index,
            expected,
            got,
        },
        None => Verdict::Agrees,
    }
}

/// The first case the program fails on when run alone, and how.
fn first_failing_case(
    options: &CheckOptions,
    cases: &[Case],
    progress: &mut impl Write,
) -> io::Result<Option<(usize, Verdict)>> {
    for (index, case) in cases.iter().enumerate() {
        if index > 0 && index % 100 == 0 {
            writeln!(progress, "congo check: {index} of {} alone...", cases.len())?;
        }
        let verdict = match judge(options, std::slice::from_ref(case)) {
            Verdict::Differs { expected, got, .. } => Verdict::Differs {
                index,
                expected,
                got,
            },
            other => other,
        };
        if verdict.is_failure() {
            return Ok(Some((index, verdict)));
        }
    }
    Ok(None)
}

/// Runs the program with `input` on stdin; its stdout, or the verdict that
/// ends the check.
fn run_program(program: &[String], input: Vec<u8>, timeout: Duration) -> Result<Vec<u8>, Verdict> {
    let mut child = process::spawn(program, true).map_err(|error| {
        let name = program.first().map_or("", String::as_str);
        Verdict::NotStarted(process::start_error(name, &error))
    })?;
    // Feeding and draining happen on their own threads, so that a program
    // that stops reading or never finishes cannot block the check.
    if let Some(mut stdin) = child.stdin.take() {
        thread::spawn(move || stdin.write_all(&input));
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                // What the program left running in the background (holding
                // its output open, say) is stopped with it.
                process::stop(&mut child);
                break status;
            }
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
            _ => {
                process::stop(&mut child);
                return Err(Verdict::TimedOut);
            }
        }
    };
    let remaining = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(100));
    let output = stdout
        .recv_timeout(remaining)
        .map_err(|_| Verdict::TimedOut)?;
    if !status.success() {
        let errors = stderr
            .recv_timeout(Duration::from_millis(100))
            .unwrap_or_default();
        return Err(Verdict::Failed {
            status: status.code(),
            stderr: String::from_utf8_lossy(&errors).into_owned(),
        });
    }
    Ok(output)
}

/// Reads a stream to its end on a thread of its own; what it read comes
/// through the returned channel. Up to [`MAX_KEPT_OUTPUT`] bytes are kept,
/// the rest read and dropped, so that the program never blocks on a full
/// pipe.
fn drain(stream: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    if let Some(mut stream) = stream {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = (&mut stream).take(MAX_KEPT_OUTPUT).read_to_end(&mut bytes);
            let _ = io::copy(&mut stream, &mut io::sink());
            let _ = sender.send(bytes);
        });
    }
    receiver
}

/// A `play` case's move, if it is legal in the case's position.
pub(super) fn play_move(case: &Case) -> Option<Move> {
    let text = case.play.as_deref()?;
    case.position.parse_move(text, &mut Vec::new()).ok()
}
