//! The engine programs a match runs: each a process spoken to over the
//! Part 7 protocol, and the seat it plays from (restarted when it quits
//! or loses by a fault).

use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::{Position, process};

/// The longest line read from an engine; the rest of a longer line is
/// skipped, and the cut line is no move.
const MAX_ENGINE_LINE: usize = 4096;

/// What an engine said, or that it said nothing more.
enum Said {
    Line(String),
    /// Its output ended.
    Closed,
}

/// A running engine.
pub(super) struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Said>,
}

impl EngineProcess {
    pub(super) fn start(command: &[String]) -> io::Result<EngineProcess> {
        let mut child = process::spawn(command, false)?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut line = Vec::new();
            while let Ok(Some(_)) =
                process::read_bounded_line(&mut stdout, &mut line, MAX_ENGINE_LINE)
            {
                let text = String::from_utf8_lossy(&line).into_owned();
                if sender.send(Said::Line(text)).is_err() {
                    return;
                }
            }
            let _ = sender.send(Said::Closed);
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    pub(super) fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()
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
    pub(super) fn new(command: Vec<String>) -> Seat {
        Seat {
            command,
            process: None,
        }
    }

    /// A seat with its engine started, or why it cannot be.
    pub(super) fn start(command: Vec<String>) -> io::Result<Seat> {
        let process = Some(EngineProcess::start(&command)?);
        Ok(Seat { command, process })
    }

    /// Starts a fresh process, after the old one (if any) has been ended
    /// and reaped, so that the new one never races the old one's exit.
    pub(super) fn restart(&mut self) -> Result<&mut EngineProcess, String> {
        self.end(EXIT_PATIENCE);
        let started = EngineProcess::start(&self.command)
            .map_err(|error| format!("it could not be started: {error}"))?;
        Ok(self.process.insert(started))
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

    /// Ends the seat's process (see [`EngineProcess::end`]); an engine not
    /// to be trusted again (it lost by a fault) gets no patience, and a
    /// fresh one plays the next game.
    pub(super) fn end(&mut self, patience: Duration) {
        if let Some(process) = self.process.take() {
            process.end(patience);
        }
    }
}

/// Sends `go` to the seat's engine and waits for a move line.
pub(super) fn ask(seat: &mut Seat, go: &str, wait: Duration) -> Result<String, String> {
    let Some(process) = seat.process.as_mut() else {
        return Err("it could not be started".to_owned());
    };
    if process.send(go).is_err() {
        return Err(process.why_silent());
    }
    loop {
        match process.lines.recv_timeout(wait) {
            Ok(Said::Line(line)) if line.trim().is_empty() => continue,
            Ok(Said::Line(line)) => return Ok(line.trim().to_owned()),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("it gave no move within {} ms", wait.as_millis()));
            }
            Ok(Said::Closed) | Err(RecvTimeoutError::Disconnected) => {
                return Err(process.why_silent());
            }
        }
    }
}
