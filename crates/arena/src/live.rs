//! The live companion of a match record being written: the lines of
//! [`congo_rules::live`], a ply at a time, while the match runs.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use congo_rules::live::{Line, live_path};

/// The companion being written, shared by the games played at once.
pub(super) struct LiveLog {
    path: PathBuf,
    file: Mutex<File>,
}

impl LiveLog {
    /// Starts the companion of `record`, naming the engines: a new file,
    /// or with `resume` one left by the match before, begun again.
    pub fn create(record: &Path, resume: bool, engines: &[String; 2]) -> io::Result<LiveLog> {
        let path = live_path(record);
        let mut options = OpenOptions::new();
        options.write(true);
        if resume {
            options.create(true).truncate(true);
        } else {
            options.create_new(true);
        }
        let file = options.open(&path)?;
        let log = LiveLog {
            path,
            file: Mutex::new(file),
        };
        for (letter, command) in ['A', 'B'].iter().zip(engines) {
            log.write(&Line::Engine(*letter, command.clone()))?;
        }
        Ok(log)
    }

    /// Where the companion is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds `line`, whole, in one write.
    pub fn write(&self, line: &Line) -> io::Result<()> {
        let text = format!("{line}\n");
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        file.write_all(text.as_bytes())
    }

    /// Removes the companion: the match is over, and its record holds
    /// every game.
    pub fn finish(self) -> io::Result<()> {
        drop(self.file);
        std::fs::remove_file(&self.path)
    }
}
