//! The engine programs a match runs: each a process spoken to over the
//! Part 7 protocol, and the seat it plays from (restarted when it quits
//! or loses by a fault). Its stderr is kept (the last lines, to show when
//! it fails) and, with `--log`, everything it is sent and says.

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::engine_log::{Direction, EngineLog};
use crate::text::MAX_LINE;
use crate::{Position, process};

/// How many of an engine's last stderr lines are kept to show.
const STDERR_TAIL: usize = 8;

/// What an engine said, or that it said nothing more.
enum Said {
    Line(String),
    /// Its output ended.
    Closed,
}

/// The last lines of an engine's stderr, and whether it has ended.
#[derive(Default)]
struct StderrTail {
    lines: VecDeque<String>,
    closed: bool,
}

/// A running engine.
pub(super) struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Said>,
    stderr: Arc<Mutex<StderrTail>>,
    log: Option<EngineLog>,
    /// Whether it has answered a `go` yet.
    answered: bool,
}

/// Reads `stream` line by line (each cut at [`MAX_LINE`]: the rest of a
/// longer line is skipped, and the cut line is no move) on a
/// thread of its own, logging each line and handing it to `each`, which
/// says whether to go on.
fn read_lines(
    stream: impl Read + Send + 'static,
    log: Option<EngineLog>,
    direction: Direction,
    mut each: impl FnMut(String) -> bool + Send + 'static,
    at_end: impl FnOnce() + Send + 'static,
) {
    thread::spawn(move || {
        let mut stream = BufReader::new(stream);
        let mut line = Vec::new();
        while let Ok(Some(_)) = process::read_bounded_line(&mut stream, &mut line, MAX_LINE) {
            let text = String::from_utf8_lossy(&line).into_owned();
            if let Some(log) = &log {
                log.write(direction, &text);
            }
            if !each(text) {
                return;
            }
        }
        at_end();
    });
}

impl EngineProcess {
    /// Starts `command`, logging to `log` if given.
    pub(super) fn start(command: &[String], log: Option<EngineLog>) -> io::Result<EngineProcess> {
        let mut child = process::spawn(command, true)?;
        let taken = |missing: &str| io::Error::other(format!("no {missing}"));
        let stdin = child.stdin.take().ok_or_else(|| taken("stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| taken("stdout"))?;
        let stderr_stream = child.stderr.take().ok_or_else(|| taken("stderr"))?;
        let (sender, lines) = mpsc::channel();
        let closed = sender.clone();
        read_lines(
            stdout,
            log.clone(),
            Direction::Answered,
            move |line| sender.send(Said::Line(line)).is_ok(),
            move || {
                let _ = closed.send(Said::Closed);
            },
        );
        let stderr = Arc::new(Mutex::new(StderrTail::default()));
        let (kept, ended) = (Arc::clone(&stderr), Arc::clone(&stderr));
        read_lines(
            stderr_stream,
            log.clone(),
            Direction::Stderr,
            move |line| {
                if let Ok(mut tail) = kept.lock() {
                    if tail.lines.len() == STDERR_TAIL {
                        tail.lines.pop_front();
                    }
                    tail.lines.push_back(line);
                }
                true
            },
            move || {
                if let Ok(mut tail) = ended.lock() {
                    tail.closed = true;
                }
            },
        );
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            stderr,
            log,
            answered: false,
        })
    }

    pub(super) fn send(&mut self, line: &str) -> io::Result<()> {
        if let Some(log) = &self.log {
            log.write(Direction::Sent, line);
        }
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()
    }

    /// The last lines the engine wrote on stderr. Once it has exited, they
    /// are waited for a moment, so that its dying words are among them.
    pub(super) fn stderr_tail(&mut self) -> Vec<String> {
        let exited = matches!(self.child.try_wait(), Ok(Some(_)));
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            let Ok(tail) = self.stderr.lock() else {
                return Vec::new();
            };
            if tail.closed || !exited || Instant::now() >= deadline {
                return tail.lines.iter().cloned().collect();
            }
            drop(tail);
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Whether the process is still running (an engine may quit when a
    /// game ends).
    pub(super) fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Tells the engine a new game: `newgame`, its start, the moves so far.
    pub(super) fn set_up(&mut self, start: &Position, moves: &[String]) -> io::Result<()> {
        self.send("newgame")?;
        self.send(&format!("position {start}"))?;
        moves
            .iter()
            .try_for_each(|m| self.send(&format!("moves {m}")))
    }

    /// Ends the process: its input is closed, so that an engine that reads
    /// to the end leaves by itself, and one still running after `patience`
    /// is killed. Either way it is reaped before this returns.
    pub(super) fn end(self, patience: Duration) {
        let EngineProcess {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        let deadline = Instant::now() + patience;
        while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        process::stop(&mut child);
    }

    /// Why the engine stopped answering, once its output has closed.
    pub(super) fn why_silent(&mut self) -> String {
        // Give an exiting process a moment to be reaped.
        for _ in 0..50 {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return match status.code() {
                        Some(code) => format!("it exited with status {code}"),
                        None => "it was killed by a signal (it crashed)".to_owned(),
                    };
                }
                Ok(None) => thread::sleep(Duration::from_millis(2)),
                Err(_) => break,
            }
        }
        "it closed its output".to_owned()
    }
}

/// How long an engine that has left a game may take to exit before it is
/// killed.
pub(super) const EXIT_PATIENCE: Duration = Duration::from_secs(1);

/// One engine of the match: its command line, and the process now playing
/// for it, if any.
pub(super) struct Seat {
    command: Vec<String>,
    /// `A` or `B`, which names its logs.
    label: &'static str,
    /// Where its processes' logs go (`--log`), if anywhere.
    log_dir: Option<PathBuf>,
    pub(super) process: Option<EngineProcess>,
}

/// How a seat's engine came into a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Joined {
    /// The process of the game before, which may yet turn out to have quit.
    Kept,
    /// A process started for this game.
    Fresh,
}

impl Seat {
    /// A seat whose engine starts when its first game begins.
    pub(super) fn new(command: Vec<String>, label: &'static str, log_dir: Option<PathBuf>) -> Seat {
        Seat {
            command,
            label,
            log_dir,
            process: None,
        }
    }

    /// Starts the seat's engine now, or says why it cannot be.
    pub(super) fn start(&mut self) -> io::Result<&mut EngineProcess> {
        let log = match &self.log_dir {
            Some(dir) => Some(EngineLog::create(dir, self.label)?.0),
            None => None,
        };
        let started = EngineProcess::start(&self.command, log)?;
        Ok(self.process.insert(started))
    }

    /// Starts a fresh process, after the old one (if any) has been ended
    /// and reaped, so that the new one never races the old one's exit.
    pub(super) fn restart(&mut self) -> Result<&mut EngineProcess, String> {
        self.end(EXIT_PATIENCE);
        self.start()
            .map_err(|error| format!("it could not be started: {error}"))
    }

    /// Brings the engine into a game from `start` after `moves`: the
    /// running process if it takes the news, else a fresh one.
    pub(super) fn join(&mut self, start: &Position, moves: &[String]) -> Result<Joined, String> {
        if let Some(process) = self.process.as_mut()
            && process.is_running()
            && process.set_up(start, moves).is_ok()
        {
            return Ok(Joined::Kept);
        }
        self.restart()?
            .set_up(start, moves)
            .map_err(|error| format!("it could not be started: {error}"))?;
        Ok(Joined::Fresh)
    }

    pub(super) fn is_running(&mut self) -> bool {
        self.process.as_mut().is_some_and(EngineProcess::is_running)
    }

    /// The last lines the seat's engine wrote on stderr.
    pub(super) fn stderr_tail(&mut self) -> Vec<String> {
        self.process
            .as_mut()
            .map(EngineProcess::stderr_tail)
            .unwrap_or_default()
    }

    /// Ends the seat's process (see [`EngineProcess::end`]); an engine not
    /// to be trusted again (it lost by a fault) gets no patience, and a
    /// fresh one plays the next game.
    pub(super) fn end(&mut self, patience: Duration) {
        if let Some(process) = self.process.take() {
            process.end(patience);
        }
    }
}

/// How long a move may take: its time, the margin past it before the
/// engine forfeits, and the start-up allowance before its clock runs,
/// which a process gets until it has answered once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Clock {
    pub(super) time: Duration,
    pub(super) margin: Duration,
    pub(super) startup: Duration,
}

/// A move line in time: the line, and how far past its time it came
/// (zero when on time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Answer {
    pub(super) line: String,
    pub(super) late: Duration,
}

/// Whether an engine's line is talk to pass over rather than a move: blank,
/// or a diagnostic (`info ...`, `# ...`).
fn is_talk(line: &str) -> bool {
    line.is_empty() || line.starts_with('#') || line.split(' ').next() == Some("info")
}

/// Sends `go` to the seat's engine and waits for a move line until one
/// deadline, fixed now: nothing the engine prints moves it.
pub(super) fn ask(seat: &mut Seat, go: &str, mut clock: Clock) -> Result<Answer, String> {
    let Some(process) = seat.process.as_mut() else {
        return Err("it could not be started".to_owned());
    };
    if process.answered {
        clock.startup = Duration::ZERO;
    }
    let sent = Instant::now();
    let allowed = clock.startup + clock.time;
    let deadline = sent + allowed + clock.margin;
    let not_started = |why: String| {
        if clock.startup.is_zero() {
            why
        } else {
            format!("it did not start: {why}")
        }
    };
    if process.send(go).is_err() {
        let why = process.why_silent();
        return Err(not_started(why));
    }
    loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        match process.lines.recv_timeout(wait) {
            Ok(Said::Line(line)) if is_talk(line.trim()) => continue,
            Ok(Said::Line(line)) => {
                process.answered = true;
                let late = sent.elapsed().saturating_sub(allowed);
                let line = line.trim().to_owned();
                return Ok(Answer { line, late });
            }
            Err(RecvTimeoutError::Timeout) => {
                let why = if clock.startup.is_zero() {
                    format!(
                        "it gave no move within {} ms ({} ms and a margin of {} ms)",
                        (allowed + clock.margin).as_millis(),
                        clock.time.as_millis(),
                        clock.margin.as_millis()
                    )
                } else {
                    format!(
                        "it gave no move within {} ms (a start-up of {} ms, {} ms and a margin of {} ms)",
                        (allowed + clock.margin).as_millis(),
                        clock.startup.as_millis(),
                        clock.time.as_millis(),
                        clock.margin.as_millis()
                    )
                };
                return Err(not_started(why));
            }
            Ok(Said::Closed) | Err(RecvTimeoutError::Disconnected) => {
                let why = process.why_silent();
                return Err(not_started(why));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_and_diagnostics_are_talk_and_anything_else_an_answer() {
        for talk in ["", "info depth 3", "info", "# thinking"] {
            assert!(is_talk(talk), "{talk:?}");
        }
        for answer in ["d1d2", "0000", "bestmove d1d2", "informal"] {
            assert!(!is_talk(answer), "{answer:?}");
        }
    }
}
