//! `congo check SUBCOMMAND -- PROGRAM`: run a program on generated
//! positions, compare it with congo, and shrink the first disagreement.

use std::collections::BTreeSet;
use std::io::{self, Read, Write};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::generator::{PieceSet, clock_seed, positions};
use super::shrink::shrink;
use crate::process;
use crate::random::Rng;
use crate::tasks::Job;
use crate::{Kind, Move, Position, Rules};

/// What `check` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    pub rules: Rules,
    /// The judge subcommand and its own arguments, e.g. `perft 3`.
    pub subcommand: Vec<String>,
    pub job: Job,
    pub positions: usize,
    /// `None`: a seed from the clock.
    pub seed: Option<u64>,
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
    /// It printed this many answers instead of one per case.
    Miscounted {
        answers: usize,
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

/// Runs the check and writes its report; returns the exit status (0 all
/// agree, 1 a disagreement or failure, 2 the program cannot be started).
pub fn check(options: &CheckOptions, output: &mut impl Write) -> io::Result<u8> {
    let seed = options.seed.unwrap_or_else(clock_seed);
    let cases = cases(options, seed);
    let name = format!("`congo {}`", options.subcommand.join(" "));
    let program = options.program.join(" ");
    let verdict = judge(options, &cases);
    let (index, verdict) = match verdict {
        Verdict::Agrees => {
            writeln!(
                output,
                "{program} agrees with {name} on all {} cases (seed {seed}).",
                cases.len()
            )?;
            return Ok(0);
        }
        Verdict::ReferenceTimedOut => {
            writeln!(
                output,
                "congo check: congo itself gave no answer within {} ms for {} cases; ask for less work (a smaller depth or fewer --positions) or a longer --timeout-ms.",
                options.timeout.as_millis(),
                cases.len()
            )?;
            return Ok(2);
        }
        Verdict::NotStarted(error) => {
            writeln!(output, "congo check: cannot start {program}: {error}")?;
            return Ok(2);
        }
        Verdict::TimedOut => {
            writeln!(
                output,
                "{program} gave no complete answer within {} ms for {} cases (seed {seed}); it was stopped.",
                options.timeout.as_millis(),
                cases.len()
            )?;
            match first_failing_case(options, &cases) {
                Some((index, Verdict::TimedOut)) => {
                    writeln!(
                        output,
                        "It gives no answer in time even to case {} alone:",
                        index + 1
                    )?;
                    write_case(output, &cases[index])?;
                    return Ok(1);
                }
                Some(found) => found,
                None => return Ok(1),
            }
        }
        Verdict::Differs { index, .. } => (index, verdict),
        _ => match first_failing_case(options, &cases) {
            Some(found) => found,
            None => {
                writeln!(
                    output,
                    "{program} fails on the whole input (seed {seed}): {}",
                    describe(&verdict)
                )?;
                return Ok(1);
            }
        },
    };
    writeln!(
        output,
        "{program} disagrees with {name} on case {} of {} (seed {seed}).",
        index + 1,
        cases.len()
    )?;
    let (smallest, verdict) = shrink(&cases[index], verdict, options);
    let pieces = smallest.position.board.occupied().count();
    writeln!(
        output,
        "Smallest failing case ({pieces} pieces), ready to run:"
    )?;
    write_case(output, &smallest)?;
    match verdict {
        Verdict::Differs { expected, got, .. } => {
            writeln!(output, "expected: {expected}")?;
            writeln!(output, "got:      {}", shortened(&got))?;
            if is_move_list(&options.job) {
                let (expected, got) = (words(&expected), words(&got));
                let missing: Vec<&str> = expected.difference(&got).copied().collect();
                let extra: Vec<&str> = got.difference(&expected).copied().collect();
                writeln!(output, "missing:  {}", list_or_none(&missing))?;
                writeln!(output, "extra:    {}", list_or_none(&extra))?;
                if missing.is_empty() && extra.is_empty() {
                    writeln!(output, "(the same moves, in another order or spacing)")?;
                }
            }
        }
        other => writeln!(output, "{}", describe(&other))?,
    }
    Ok(1)
}

/// The longest piece of a program's answer echoed.
const MAX_ECHO: usize = 1000;

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

fn write_case(output: &mut impl Write, case: &Case) -> io::Result<()> {
    let mut input = String::from("1\n");
    case.write_to(&mut input);
    output.write_all(input.as_bytes())
}

fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Agrees => "it agrees".into(),
        Verdict::Differs { expected, got, .. } => format!("expected {expected:?}, got {got:?}"),
        Verdict::Failed {
            status: Some(status),
            stderr,
        } => {
            format!("it exited with status {status}{}", stderr_tail(stderr))
        }
        Verdict::Failed {
            status: None,
            stderr,
        } => {
            format!(
                "it was killed by a signal (it crashed){}",
                stderr_tail(stderr)
            )
        }
        Verdict::Miscounted { answers } => format!("it printed {answers} answers for 1 case"),
        Verdict::TimedOut => "it gave no answer in time and was stopped".into(),
        Verdict::NotStarted(error) => format!("it could not be started: {error}"),
        Verdict::ReferenceTimedOut => "congo itself gave no answer in time".into(),
    }
}

fn stderr_tail(stderr: &str) -> String {
    match stderr.lines().rev().find(|line| !line.trim().is_empty()) {
        Some(line) => format!("; its last error line: {}", line.trim()),
        None => String::new(),
    }
}

fn list_or_none(moves: &[&str]) -> String {
    if moves.is_empty() {
        "(none)".into()
    } else {
        moves.join(" ")
    }
}

fn words(line: &str) -> BTreeSet<&str> {
    line.split_ascii_whitespace().collect()
}

fn is_move_list(job: &Job) -> bool {
    matches!(job, Job::PieceMoves(_) | Job::Moves)
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
        | Job::Perft(_)
        | Job::Divide(_) => PieceSet::Full,
        _ => year,
    }
}

/// The generated cases; for `play`, each position with a legal move chosen
/// at random (positions without one are skipped).
fn cases(options: &CheckOptions, seed: u64) -> Vec<Case> {
    let set = piece_set(&options.job, options.rules);
    let shape = set.shape(30);
    if options.job != Job::Play {
        let found = positions(options.positions, seed, &shape);
        return found
            .into_iter()
            .map(|position| Case {
                position,
                play: None,
            })
            .collect();
    }
    let mut rng = Rng::new(seed ^ 0x9e37_79b9);
    let mut cases = Vec::new();
    let mut moves = Vec::new();
    let mut next_seed = seed;
    while cases.len() < options.positions {
        let batch = positions(options.positions, next_seed, &shape);
        next_seed = next_seed.wrapping_add(1);
        for position in batch {
            moves.clear();
            position.legal_moves(&mut moves);
            if let Some(m) = rng.pick(&moves) {
                let play = Some(m.to_string());
                cases.push(Case { position, play });
            }
        }
        cases.truncate(options.positions);
    }
    cases
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
        // Writing to memory cannot fail, and bad cases are never generated.
        let _ = job.run(rules, input.as_bytes(), &mut output, io::sink());
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
    let got = options
        .job
        .framing()
        .answers(&String::from_utf8_lossy(&run));
    let Some(expected) = expected(options, cases) else {
        return Verdict::ReferenceTimedOut;
    };
    if got.len() != expected.len() {
        return Verdict::Miscounted { answers: got.len() };
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
fn first_failing_case(options: &CheckOptions, cases: &[Case]) -> Option<(usize, Verdict)> {
    cases.iter().enumerate().find_map(|(index, case)| {
        let verdict = judge(options, std::slice::from_ref(case));
        let verdict = match verdict {
            Verdict::Differs { expected, got, .. } => Verdict::Differs {
                index,
                expected,
                got,
            },
            other => other,
        };
        verdict.is_failure().then_some((index, verdict))
    })
}

/// The most bytes of a program's output (and of its error output) kept.
const MAX_KEPT_OUTPUT: u64 = 64 << 20;

/// Runs the program with `input` on stdin; its stdout, or the verdict that
/// ends the check.
fn run_program(program: &[String], input: Vec<u8>, timeout: Duration) -> Result<Vec<u8>, Verdict> {
    let mut child =
        process::spawn(program, true).map_err(|error| Verdict::NotStarted(error.to_string()))?;
    // Feeding and draining happen on their own threads, so that a program
    // that stops reading or never finishes cannot block the check.
    if let Some(mut stdin) = child.stdin.take() {
        thread::spawn(move || stdin.write_all(&input));
    }
    let drain = |stream: Option<Box<dyn Read + Send>>| {
        let (sender, receiver) = mpsc::channel();
        if let Some(mut stream) = stream {
            thread::spawn(move || {
                let mut bytes = Vec::new();
                // Kept up to a bound; the rest is read and dropped, so that
                // the program is not blocked on a full pipe.
                let _ = (&mut stream).take(MAX_KEPT_OUTPUT).read_to_end(&mut bytes);
                let _ = io::copy(&mut stream, &mut io::sink());
                let _ = sender.send(bytes);
            });
        }
        receiver
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
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

/// A `play` case's move, if it is legal in the case's position.
pub(super) fn play_move(case: &Case) -> Option<Move> {
    let text = case.play.as_deref()?;
    case.position.parse_move(text, &mut Vec::new()).ok()
}
