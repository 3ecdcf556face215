//! `match --log DIR`: one file per engine process, holding what it was
//! sent, what it answered and its stderr, each line stamped with the
//! milliseconds since the process started. A file is never written over:
//! each process takes the first free name `A-1.log`, `A-2.log`, ... A
//! file holds at most [`MOST_LOGGED`] bytes, then a line saying the rest
//! was cut: a chatty engine cannot fill the disk.

use std::fmt::Write as _;
use std::fs::{self, File, OpenOptions};
use std::io::{self, LineWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most log files of one engine in a folder.
const MAX_LOGS: usize = 1_000_000;

/// The most one process's log holds (its last line may pass it).
pub const MOST_LOGGED: u64 = 1 << 20;

/// Which way a logged line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    /// Sent to the engine.
    Sent,
    /// Read from its standard output.
    Answered,
    /// Read from its standard error.
    Stderr,
}

impl Direction {
    fn mark(self) -> &'static str {
        match self {
            Direction::Sent => ">",
            Direction::Answered => "<",
            Direction::Stderr => "!",
        }
    }
}

/// The log of one engine process, shared by the threads that read its
/// streams; written line by line, so a killed match leaves whole lines.
#[derive(Clone)]
pub(super) struct EngineLog {
    file: Arc<Mutex<Written>>,
    started: Instant,
}

/// A log file, and how much has been written to it.
struct Written {
    file: LineWriter<File>,
    bytes: u64,
    /// The line being written, its buffer kept from line to line.
    line: String,
}

impl EngineLog {
    /// A new log for engine `label` in `dir`, made if missing, under the
    /// first name not yet taken; and its path.
    pub(super) fn create(dir: &Path, label: &str) -> io::Result<(EngineLog, PathBuf)> {
        fs::create_dir_all(dir)?;
        for number in 1..=MAX_LOGS {
            let path = dir.join(format!("{label}-{number}.log"));
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    let log = EngineLog {
                        file: Arc::new(Mutex::new(Written {
                            file: LineWriter::new(file),
                            bytes: 0,
                            line: String::new(),
                        })),
                        started: Instant::now(),
                    };
                    return Ok((log, path));
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(error) => return Err(error),
            }
        }
        Err(io::Error::other(format!(
            "{MAX_LOGS} logs of engine {label} are there already"
        )))
    }

    /// Writes one line, unless the log is full. A log that cannot be
    /// written loses the line, not the match.
    pub(super) fn write(&self, direction: Direction, line: &str) {
        let millis = self.started.elapsed().as_millis();
        let Ok(mut guard) = self.file.lock() else {
            return;
        };
        let log = &mut *guard;
        if log.bytes >= MOST_LOGGED {
            return;
        }
        let space = if line.is_empty() { "" } else { " " };
        log.line.clear();
        let _ = writeln!(log.line, "{millis:>8} {}{space}{line}", direction.mark());
        log.bytes += log.line.len() as u64;
        let _ = log.file.write_all(log.line.as_bytes());
        if log.bytes >= MOST_LOGGED {
            let cut = format!(
                "{millis:>8} # the log was cut here, at {} MB: what the engine sent, said and was sent after is not kept\n",
                MOST_LOGGED >> 20
            );
            let _ = log.file.write_all(cut.as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_process_gets_a_file_of_its_own_and_none_is_written_over() {
        let dir = std::env::temp_dir().join(format!("congo-engine-log-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("A-1.log"), "kept\n").unwrap();
        let (log, path) = EngineLog::create(&dir, "A").unwrap();
        assert_eq!(path, dir.join("A-2.log"));
        log.write(Direction::Sent, "go 0.1");
        log.write(Direction::Answered, "d1d2");
        log.write(Direction::Stderr, "thinking");
        let (_, next) = EngineLog::create(&dir, "A").unwrap();
        assert_eq!(next, dir.join("A-3.log"));
        assert_eq!(fs::read_to_string(dir.join("A-1.log")).unwrap(), "kept\n");
        let written = fs::read_to_string(&path).unwrap();
        let marks: Vec<&str> = written
            .lines()
            .map(|line| line.split_whitespace().nth(1).unwrap())
            .collect();
        assert_eq!(marks, [">", "<", "!"]);
        assert!(written.ends_with(" ! thinking\n"), "{written}");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_log_is_cut_once_full_and_says_so() {
        let dir = std::env::temp_dir().join(format!("congo-engine-cut-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (log, path) = EngineLog::create(&dir, "A").unwrap();
        let line = "x".repeat(1000);
        for _ in 0..2 * MOST_LOGGED / 1000 {
            log.write(Direction::Stderr, &line);
        }
        let written = fs::read_to_string(&path).unwrap();
        assert!(
            written.len() as u64 <= MOST_LOGGED + 2000,
            "{}",
            written.len()
        );
        let last = written.lines().last().unwrap();
        assert!(
            last.ends_with(" # the log was cut here, at 1 MB: what the engine sent, said and was sent after is not kept"),
            "{last}"
        );
        assert_eq!(written.matches(" # the log was cut").count(), 1);
        fs::remove_dir_all(dir).unwrap();
    }
}
