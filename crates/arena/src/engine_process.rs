//! The engine programs a match runs: each a process spoken to over the
//! Part 7 protocol, and the seat it plays from (restarted when it quits
//! or loses by a fault). Its stderr is kept (the last lines, to show when
//! it fails) and, with `--log`, everything it is sent and says.

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::engine_log::{Direction, EngineLog};
use super::limits::{Cage, Enforcer};
use super::sandbox::{self, Confinement};
use congo_kit::process;
use congo_kit::text::MAX_LINE;
use congo_rules::Position;

/// How many of an engine's last stderr lines are kept to show.
const STDERR_TAIL: usize = 8;

/// What an engine said, stamped when it was read from the engine, or that
/// it said nothing more.
enum Said {
    Line(String, Instant),
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
/// thread of its own, logging each line and handing it to `each` with the
/// moment it was read, which says whether to go on.
fn read_lines(
    stream: impl Read + Send + 'static,
    log: Option<EngineLog>,
    direction: Direction,
    mut each: impl FnMut(String, Instant) -> bool + Send + 'static,
    at_end: impl FnOnce() + Send + 'static,
) {
    thread::spawn(move || {
        let mut stream = BufReader::new(stream);
        let mut line = Vec::new();
        while let Ok(Some(_)) = process::read_bounded_line(&mut stream, &mut line, MAX_LINE) {
            let read = Instant::now();
            let text = String::from_utf8_lossy(&line).into_owned();
            if let Some(log) = &log {
                log.write(direction, &text);
            }
            if !each(text, read) {
                return;
            }
        }
        at_end();
    });
}

impl EngineProcess {
    /// Starts `command` in `folder` (congo's own if none), logging to `log`
    /// if given.
    pub(super) fn start(
        command: &[String],
        folder: Option<&Path>,
        log: Option<EngineLog>,
    ) -> io::Result<EngineProcess> {
        let mut child = process::spawn_in(command, true, folder)?;
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
            move |line, read| sender.send(Said::Line(line, read)).is_ok(),
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
            move |line, _| {
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

    /// Its exit status, once it has exited, waiting up to `patience`.
    fn exit_within(&mut self, patience: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + patience;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(2)),
                _ => return None,
            }
        }
    }

    /// Why the engine stopped answering, once its output has closed.
    pub(super) fn why_silent(&mut self) -> String {
        // Give an exiting process a moment to be reaped.
        for _ in 0..50 {
            match self.child.try_wait() {
                Ok(Some(status)) => return exit_words(status),
                Ok(None) => thread::sleep(Duration::from_millis(2)),
                Err(_) => break,
            }
        }
        "it closed its output".to_owned()
    }
}

/// How an engine's exit reads in a game's reason: its status, or the
/// signal that ended it. A status of 128 + N is a signal N passed on by
/// whatever stood between: bubblewrap for a confined engine, a shell
/// for a script, so that a crash reads the same confined or not.
fn exit_words(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal = None;
    let passed_on = status.code().filter(|code| (129..160).contains(code));
    if let Some(signal) = signal.or(passed_on.map(|code| code - 128)) {
        return format!("it crashed: signal {signal}");
    }
    match status.code() {
        Some(code) => format!("it exited with status {code}"),
        None => "it crashed".to_owned(),
    }
}

/// How long an engine that has left a game may take to exit before it is
/// killed.
pub(super) const EXIT_PATIENCE: Duration = Duration::from_secs(1);

/// One engine of a game: its command line, how it is started (in which
/// folder, under which limits, confined or not), and the process now
/// playing for it, if any.
pub(super) struct Seat {
    command: Vec<String>,
    /// The engine's name (`A`, `B`, a tournament's player), which names its
    /// logs.
    label: String,
    /// Where its processes' logs go (`--log`), if anywhere.
    log_dir: Option<PathBuf>,
    /// The folder it starts in (congo's own if none).
    folder: Option<PathBuf>,
    /// What holds its memory and threads, if anything.
    limits: Option<Arc<Enforcer>>,
    /// How the engine is confined, if it is.
    sandbox: Option<Confinement>,
    /// The limits of the process now playing.
    cage: Option<Cage>,
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
    pub(super) fn new(command: Vec<String>, label: &str, log_dir: Option<PathBuf>) -> Seat {
        Seat {
            command,
            label: label.to_owned(),
            log_dir,
            folder: None,
            limits: None,
            sandbox: None,
            cage: None,
            process: None,
        }
    }

    /// The seat, its engine started in `folder`.
    pub(super) fn in_folder(mut self, folder: Option<PathBuf>) -> Seat {
        self.folder = folder;
        self
    }

    /// The seat, each of its processes held to `limits`.
    pub(super) fn limited(mut self, limits: Option<Arc<Enforcer>>) -> Seat {
        self.limits = limits;
        self
    }

    /// The seat, its engine confined as `sandbox` says.
    pub(super) fn confined(mut self, sandbox: Option<Confinement>) -> Seat {
        self.sandbox = sandbox;
        self
    }

    /// Starts the seat's engine now, or says why it cannot be.
    pub(super) fn start(&mut self) -> io::Result<&mut EngineProcess> {
        let log = match &self.log_dir {
            Some(dir) => Some(EngineLog::create(dir, &self.label)?.0),
            None => None,
        };
        let mut command = self.command.clone();
        let mut folder = self.folder.clone();
        let mut own_tasks = 0;
        match &self.sandbox {
            None => {}
            Some(Confinement::Failed(why)) => return Err(io::Error::other(why.clone())),
            Some(Confinement::OwnPids(unshare)) => {
                command = sandbox::in_own_pids(unshare, &command);
                own_tasks = sandbox::OWN_PIDS_TASKS;
            }
            Some(Confinement::Cell(confined)) => {
                let (sandbox, cell) = &**confined;
                // bubblewrap takes the engine to its folder.
                command = sandbox.wrap(&command, cell);
                folder = None;
                own_tasks = sandbox::OWN_TASKS;
            }
        }
        let cage = self
            .limits
            .as_ref()
            .map(|limits| limits.cage(own_tasks))
            .transpose()?;
        if let Some(cage) = &cage {
            command = cage.wrap(&command);
        }
        let started = EngineProcess::start(&command, folder.as_deref(), log)?;
        self.cage = cage;
        Ok(self.process.insert(started))
    }

    /// Starts the seat's program and waits up to `patience` for it to
    /// end, as a trial of whether engines start here: it must exit with
    /// status 0. Otherwise, how it ended and its last words on stderr.
    pub(super) fn trial(mut self, patience: Duration) -> Result<(), String> {
        let process = self.start().map_err(|error| error.to_string())?;
        let status = process.exit_within(patience);
        let said = process.stderr_tail().join(" / ");
        self.end(Duration::ZERO);
        let how = match status {
            Some(status) if status.success() => return Ok(()),
            Some(status) => exit_words(status),
            None => format!("it did not end within {} s", patience.as_secs()),
        };
        match said.is_empty() {
            true => Err(how),
            false => Err(format!("{how}, saying {said:?}")),
        }
    }

    /// The limit the engine's process went over, if it went over one.
    pub(super) fn breach(&self) -> Option<String> {
        self.cage.as_ref().and_then(Cage::breach)
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
        let process = self.restart()?;
        if process.set_up(start, moves).is_err() {
            // It ended before it read a line: how it ended says why, as
            // when it ends before its first move.
            return Err(format!("it did not start: {}", process.why_silent()));
        }
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
        // Its process gone, its groups can go.
        self.cage = None;
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

/// Sends `go` to the seat's engine and waits for its move until one
/// deadline, fixed now: nothing the engine prints moves it.
pub(super) fn ask(seat: &mut Seat, go: &str, mut clock: Clock) -> Result<Answer, String> {
    let Some(process) = seat.process.as_mut() else {
        return Err("it could not be started".to_owned());
    };
    if process.answered {
        clock.startup = Duration::ZERO;
    }
    if process.send(go).is_err() {
        let why = process.why_silent();
        return Err(clock.not_started(why));
    }
    await_move(process, Instant::now(), clock)
}

impl Clock {
    /// `why` an engine failed, said of its start when it had not answered
    /// yet.
    fn not_started(&self, why: String) -> String {
        if self.startup.is_zero() {
            why
        } else {
            format!("it did not start: {why}")
        }
    }

    /// Why no move came in time.
    fn too_late(&self) -> String {
        let allowed = self.startup + self.time;
        let why = if self.startup.is_zero() {
            format!(
                "it gave no move within {} ms ({} ms and a margin of {} ms)",
                (allowed + self.margin).as_millis(),
                self.time.as_millis(),
                self.margin.as_millis()
            )
        } else {
            format!(
                "it gave no move within {} ms (a start-up of {} ms, {} ms and a margin of {} ms)",
                (allowed + self.margin).as_millis(),
                self.startup.as_millis(),
                self.time.as_millis(),
                self.margin.as_millis()
            )
        };
        self.not_started(why)
    }
}

/// Waits for the move asked for at `sent`. Each line is judged by when it
/// was read from the engine, not by when the referee looks: one read
/// within the time and margin counts however late the referee gets to
/// it, and one read past them forfeits even if the referee finds it
/// waiting.
fn await_move(process: &mut EngineProcess, sent: Instant, clock: Clock) -> Result<Answer, String> {
    let allowed = clock.startup + clock.time;
    let deadline = sent + allowed + clock.margin;
    loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        match process.lines.recv_timeout(wait) {
            Ok(Said::Line(line, _)) if is_talk(line.trim()) => continue,
            Ok(Said::Line(line, read)) if read <= deadline => {
                process.answered = true;
                let late = read.saturating_duration_since(sent).saturating_sub(allowed);
                let line = line.trim().to_owned();
                return Ok(Answer { line, late });
            }
            Ok(Said::Line(..)) | Err(RecvTimeoutError::Timeout) => return Err(clock.too_late()),
            Ok(Said::Closed) | Err(RecvTimeoutError::Disconnected) => {
                let why = process.why_silent();
                return Err(clock.not_started(why));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_reads_the_same_passed_on_or_not() {
        use std::os::unix::process::ExitStatusExt;
        let status = std::process::ExitStatus::from_raw;
        assert_eq!(exit_words(status(11)), "it crashed: signal 11");
        // bubblewrap or a shell passing on a segfault: status 139.
        assert_eq!(exit_words(status(139 << 8)), "it crashed: signal 11");
        assert_eq!(exit_words(status(3 << 8)), "it exited with status 3");
        assert_eq!(exit_words(status(128 << 8)), "it exited with status 128");
    }

    /// An engine that answers its first `go` at once and its second after
    /// 600 ms.
    fn prompt_then_late() -> EngineProcess {
        let script = "read l; echo d1d2; read l; sleep 0.6; echo d1d3; sleep 5";
        let command = ["sh", "-c", script].map(str::to_owned);
        EngineProcess::start(&command, None, None).unwrap()
    }

    const CLOCK: Clock = Clock {
        time: Duration::from_millis(100),
        margin: Duration::from_millis(200),
        startup: Duration::ZERO,
    };

    #[test]
    fn an_answer_is_judged_by_when_it_came_not_when_the_referee_looked() {
        let mut engine = prompt_then_late();
        // A slow referee: it looks a second after asking, long past the
        // deadline, and finds an answer that came at once.
        engine.send("go").unwrap();
        let sent = Instant::now();
        thread::sleep(Duration::from_secs(1));
        let answer = await_move(&mut engine, sent, CLOCK).unwrap();
        assert_eq!(answer.line, "d1d2");
        assert!(answer.late <= CLOCK.margin, "{:?}", answer.late);
        // The second answer came 600 ms after asking, past 300 ms: waiting
        // when the slow referee looks, it still forfeits.
        engine.send("go").unwrap();
        let sent = Instant::now();
        thread::sleep(Duration::from_millis(1500));
        assert_eq!(
            await_move(&mut engine, sent, CLOCK),
            Err("it gave no move within 300 ms (100 ms and a margin of 200 ms)".to_owned())
        );
        engine.end(Duration::ZERO);
    }

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
