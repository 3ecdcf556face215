//! `congo check SUBCOMMAND -- PROGRAM`: run a program on generated
//! positions (or the cases of a file), compare it with congo, and shrink
//! the first disagreement, crash or hang to a small ready-to-run case.
//!
//! Generated cases are made and judged a chunk at a time, so a check of
//! any length holds one chunk in memory.

use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::generator::clock_seed;
use super::shrink::shrink;
use super::trial::{Case, CheckOptions, Verdict, judge};
use super::{FileReadError, hides_characters, write_move_difference, write_number_difference};
use crate::{AnswerKind, CaseKind};
use congo_rules::random::{PieceSet, Rng, random_position};
use congo_rules::{FenError, KindsSeen, Position, Reach};

/// Cases judged in one run of the program.
const CHUNK: usize = 1000;

/// The biggest `--input` file read.
const MAX_INPUT_FILE: u64 = 64 << 20;

/// What a check has to say as it goes, besides its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckEvent {
    /// The cases look written for the other year's rules.
    Warning(String),
    /// A chunk of cases is being judged: its first case, of the total.
    Chunk {
        /// The chunk's first case, counted from 1.
        first: u64,
        /// How many cases there are in all.
        total: u64,
    },
    /// A chunk failed as a whole (as described); its cases are tried one
    /// at a time.
    OneAtATime {
        /// How the chunk failed.
        what: String,
        /// Its first case.
        first: u64,
        /// Its last case.
        last: u64,
    },
    /// Of the cases tried alone, this many are done, of the chunk's.
    Alone {
        /// Cases tried alone so far.
        done: usize,
        /// The chunk's cases.
        of: usize,
    },
    /// The failing case of this number is being shrunk.
    Shrinking(u64),
}

/// Why a check could not be done.
#[derive(Debug)]
pub enum CheckError {
    /// The `--input` file cannot be read, or a case of it is bad.
    Input(CaseFileError),
    /// The program cannot be started: it, and why.
    CannotStart(String, String),
    /// congo itself found no answer in time: the limit in ms, and the
    /// cases asked.
    ReferenceTimedOut(u128, usize),
    /// The report could not be written.
    Output(io::Error),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Input(error) => error.fmt(f),
            CheckError::CannotStart(program, error) => {
                write!(f, "cannot start {program}: {error}")
            }
            CheckError::ReferenceTimedOut(millis, cases) => write!(
                f,
                "congo itself gave no answer within {millis} ms for {cases} cases; ask for less work (a smaller depth or fewer --positions) or a longer --timeout-ms."
            ),
            CheckError::Output(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CheckError {}

/// What is wrong with a file of cases.
#[derive(Debug)]
pub enum CaseFileError {
    /// It cannot be read whole.
    File(FileReadError),
    /// It is empty.
    Empty(PathBuf),
    /// Its first line is not the count: what it holds.
    Count(PathBuf, String),
    /// A position, on this line, is no position.
    Fen(PathBuf, usize, FenError),
    /// It ends after this many of the cases its count announced.
    Ends(PathBuf, usize, usize),
    /// It ends between a `play` case's position and its move.
    MidCase(PathBuf),
}

impl fmt::Display for CaseFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseFileError::File(error) => error.fmt(f),
            CaseFileError::Empty(path) => write!(f, "{} is empty", path.display()),
            CaseFileError::Count(path, found) => write!(
                f,
                "{} line 1: expected the number of cases, found {found:?}",
                path.display()
            ),
            CaseFileError::Fen(path, line, error) => {
                write!(f, "{} line {line}: {error}", path.display())
            }
            CaseFileError::Ends(path, found, count) => {
                write!(f, "{} ends after {found} of {count} cases", path.display())
            }
            CaseFileError::MidCase(path) => {
                write!(f, "{} ends in the middle of a case", path.display())
            }
        }
    }
}

impl std::error::Error for CaseFileError {}

/// How a check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckVerdict {
    /// The program agrees with congo on every case.
    Agrees,
    /// It disagrees, fails or hangs: the report says how.
    Fails,
}

/// Runs the check, writing its report to `output` and telling `events`
/// how it goes.
pub fn check(
    options: &CheckOptions,
    output: &mut impl Write,
    events: &mut dyn FnMut(CheckEvent),
) -> Result<CheckVerdict, CheckError> {
    let program = options.program.join(" ");
    let name = format!("`congo {}`", options.subcommand.join(" "));
    let (mut cases, total, source) = match &options.input {
        Some(path) => {
            let cases = read_cases(path, options).map_err(CheckError::Input)?;
            let seen = cases.iter().fold(KindsSeen::default(), |seen, case| {
                seen | KindsSeen::of(&case.position.board)
            });
            if let Some(warning) = options.rule_set.warning_for(seen) {
                events(CheckEvent::Warning(warning));
            }
            let total = cases.len() as u64;
            let source = format!("the {total} cases of {}", path.display());
            (
                Box::new(cases.into_iter()) as Box<dyn Iterator<Item = Case>>,
                total,
                source,
            )
        }
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
        options.rule_set
    )
    .map_err(CheckError::Output)?;
    let started = Instant::now();
    let mut done: u64 = 0;
    loop {
        let chunk: Vec<Case> = cases.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        if total > CHUNK as u64 {
            events(CheckEvent::Chunk {
                first: done + 1,
                total,
            });
        }
        let verdict = judge(options, &chunk);
        if verdict == Verdict::Agrees {
            done += chunk.len() as u64;
            continue;
        }
        return report_failure(options, &chunk, done, verdict, output, events);
    }
    writeln!(
        output,
        "{program} agrees with {name} on all {done} cases, in {:.1} s.",
        started.elapsed().as_secs_f64()
    )
    .map_err(CheckError::Output)?;
    Ok(CheckVerdict::Agrees)
}

/// Finds the failing case of a chunk that failed as `verdict` says,
/// shrinks it, and writes what went wrong.
fn report_failure(
    options: &CheckOptions,
    chunk: &[Case],
    before: u64,
    verdict: Verdict,
    output: &mut impl Write,
    events: &mut dyn FnMut(CheckEvent),
) -> Result<CheckVerdict, CheckError> {
    let program = options.program.join(" ");
    let (index, verdict) = match verdict {
        Verdict::NotStarted(error) => return Err(CheckError::CannotStart(program, error)),
        Verdict::ReferenceTimedOut => {
            return Err(CheckError::ReferenceTimedOut(
                options.timeout.as_millis(),
                chunk.len(),
            ));
        }
        Verdict::Differs { index, .. } => (index, verdict),
        whole => {
            events(CheckEvent::OneAtATime {
                what: describe(&whole),
                first: before + 1,
                last: before + chunk.len() as u64,
            });
            match first_failing_case(options, chunk, events) {
                Some(found) => found,
                None if whole == Verdict::TimedOut => {
                    writeln!(
                        output,
                        "{program} answers right but is slow: it took longer than {} ms for cases {} to {} together, and answered each alone correctly; try a larger --timeout-ms.",
                        options.timeout.as_millis(),
                        before + 1,
                        before + chunk.len() as u64
                    )
                    .map_err(CheckError::Output)?;
                    return Ok(CheckVerdict::Fails);
                }
                None => {
                    writeln!(
                        output,
                        "{program} fails on cases {} to {} together, but on none alone: {}",
                        before + 1,
                        before + chunk.len() as u64,
                        describe(&whole)
                    )
                    .map_err(CheckError::Output)?;
                    return Ok(CheckVerdict::Fails);
                }
            }
        }
    };
    let number = before + index as u64 + 1;
    write_failure(options, &chunk[index], number, verdict, output, events)
        .map_err(CheckError::Output)?;
    Ok(CheckVerdict::Fails)
}

/// Shrinks the failing case `case`, number `number`, and writes it.
fn write_failure(
    options: &CheckOptions,
    case: &Case,
    number: u64,
    verdict: Verdict,
    output: &mut impl Write,
    events: &mut dyn FnMut(CheckEvent),
) -> io::Result<()> {
    let program = options.program.join(" ");
    let name = format!("`congo {}`", options.subcommand.join(" "));
    if verdict == Verdict::TimedOut {
        writeln!(
            output,
            "{program} gives no answer within {} ms even to case {number} alone.",
            options.timeout.as_millis()
        )?;
    } else {
        writeln!(output, "{program} disagrees with {name} on case {number}.")?;
    }
    events(CheckEvent::Shrinking(number));
    let (smallest, verdict) = shrink(case, verdict, options);
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
            match options.judge.shape().answer {
                AnswerKind::Moves if write_move_difference(output, "", expected, got)? => {
                    writeln!(output, "(the same moves, in another order or spacing)")?;
                }
                AnswerKind::Number => write_number_difference(output, "", expected, got)?,
                _ => {}
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
    Ok(())
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

/// The generated cases, one after another without end; for `play`, each
/// position with a legal move chosen at random (positions without one
/// are passed over).
fn generated(options: &CheckOptions, seed: u64) -> impl Iterator<Item = Case> + 'static {
    // The command line refuses to check a judge with no positions to try.
    let set = options.judge.checked_on().unwrap_or(PieceSet::Full);
    let play = options.judge.shape().case == CaseKind::PositionAndMove;
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
fn read_cases(path: &Path, options: &CheckOptions) -> Result<Vec<Case>, CaseFileError> {
    let text = super::read_file(path, MAX_INPUT_FILE).map_err(CaseFileError::File)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut lines = text.lines().map(str::trim).enumerate();
    let count: usize = match lines.next() {
        Some((_, first)) => first
            .parse()
            .map_err(|_| CaseFileError::Count(path.to_owned(), first.to_owned()))?,
        None => return Err(CaseFileError::Empty(path.to_owned())),
    };
    let mut cases = Vec::new();
    for _ in 0..count {
        let Some((number, fen)) = lines.next() else {
            return Err(CaseFileError::Ends(path.to_owned(), cases.len(), count));
        };
        let position = Position::from_fen(fen, options.rule_set, Reach::Game)
            .map_err(|error| CaseFileError::Fen(path.to_owned(), number + 1, error))?;
        let play = match options.judge.shape().case {
            CaseKind::PositionAndMove => Some(
                lines
                    .next()
                    .map(|(_, text)| text.to_owned())
                    .ok_or_else(|| CaseFileError::MidCase(path.to_owned()))?,
            ),
            CaseKind::Position => None,
        };
        cases.push(Case { position, play });
    }
    Ok(cases)
}

/// The first case the program fails on when run alone, and how.
fn first_failing_case(
    options: &CheckOptions,
    cases: &[Case],
    events: &mut dyn FnMut(CheckEvent),
) -> Option<(usize, Verdict)> {
    for (index, case) in cases.iter().enumerate() {
        if index > 0 && index % 100 == 0 {
            events(CheckEvent::Alone {
                done: index,
                of: cases.len(),
            });
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
            return Some((index, verdict));
        }
    }
    None
}
