//! `match --log DIR`: one file per engine process, holding what it was
//! sent, what it answered and its stderr, each line stamped with the
//! milliseconds since the process started. A file is never written over:
//! each process takes the first free name `A-1.log`, `A-2.log`, ...

use std::fs::{self, File, OpenOptions};
use std::io::{self, LineWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most log files of one engine in a folder.
const MAX_LOGS: usize = 1_000_000;

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
    file: Arc<Mutex<LineWriter<File>>>,
    started: Instant,
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
                        file: Arc::new(Mutex::new(LineWriter::new(file))),
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

    /// Writes one line. A log that cannot be written loses the line, not
    /// the match.
    pub(super) fn write(&self, direction: Direction, line: &str) {
        let millis = self.started.elapsed().as_millis();
        if let Ok(mut file) = self.file.lock() {
            let space = if line.is_empty() { "" } else { " " };
            let _ = writeln!(file, "{millis:>8} {}{space}{line}", direction.mark());
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
}
