//! One trial of a check: a program run on some cases, its answers held
//! to congo's, and the verdict. What `check` runs and what its shrinker
//! runs again on smaller cases.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::{AnyJudge, Threads};
use congo_kit::process;
use congo_rules::{Move, Position, RuleSet};

/// The most bytes of a program's output (and of its error output) kept.
pub(super) const MAX_KEPT_OUTPUT: u64 = 64 << 20;

/// What `check` runs.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The year's rules congo answers under.
    pub rule_set: RuleSet,
    /// The judge subcommand and its own arguments, e.g. `perft 3`.
    pub subcommand: Vec<String>,
    /// The judge those words make, under `rule_set`.
    pub judge: Arc<dyn AnyJudge>,
    /// How many cases to generate.
    pub positions: u64,
    /// `None`: a seed from the clock.
    pub seed: Option<u64>,
    /// A judge input to check on instead of generated cases.
    pub input: Option<PathBuf>,
    /// How long the program may take over one chunk of cases.
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
    pub(super) fn write_to(&self, input: &mut String) {
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

/// What congo answers to `cases`, one answer per case, if it finds them
/// within the check's time limit.
fn expected(options: &CheckOptions, cases: &[Case]) -> Option<Vec<String>> {
    let input = judge_input(cases);
    let judge = Arc::clone(&options.judge);
    let (sender, receiver) = mpsc::channel();
    // A thread of its own, so that the time limit holds for congo too; one
    // that overruns is left behind, and the check ends soon after.
    thread::spawn(move || {
        let mut output = Vec::new();
        // Writing to memory cannot fail, and every case is a valid one.
        let mut notices = |_: crate::Notice<'_>| Ok(());
        let _ = judge.boxed_clone().answer_all(
            Threads::default(),
            &mut input.as_bytes(),
            &mut output,
            &mut notices,
        );
        let framing = judge.shape().framing;
        let _ = sender.send(framing.answers(&String::from_utf8_lossy(&output)));
    });
    receiver.recv_timeout(options.timeout).ok()
}

pub(super) fn judge_input(cases: &[Case]) -> String {
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
    let framing = options.judge.shape().framing;
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
