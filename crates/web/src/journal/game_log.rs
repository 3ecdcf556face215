//! `GameLog`: where one game's lines are appended, each kept on disk
//! before `append` returns.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::error::JournalError;
use super::framing;
use super::share::Share;

/// The most bytes a game's file may hold: some 120,000 moves on a clock,
/// far past any game played (the rules end one at a few hundred plies),
/// so that a flood of offers or take-backs cannot fill the disk.
pub const MOST_BYTES: u64 = 4 << 20;

/// The bytes at the end of a game's file kept for the lines that end it
/// (a resignation, an abort, a draw agreed, a claim, a flag): a game
/// whose file is full can still be ended.
pub const ENDING_ROOM: u64 = 4 << 10;

/// A game's file, opened for each append rather than held: a server may
/// keep a thousand games, and a descriptor held for each would crowd out
/// its connections under a usual limit of 1,024, while an open costs
/// microseconds beside the sync that every append waits for anyway.
#[derive(Clone, Debug)]
pub struct GameLog {
    path: PathBuf,
    /// The bytes of all the journal's games, which each append adds to.
    total: Arc<AtomicU64>,
    /// The bytes they may weigh: past half of it, the shares hold.
    budget: u64,
    /// The shares each append counts against.
    shares: Vec<Arc<Share>>,
}

impl GameLog {
    pub(super) fn new(path: PathBuf, total: Arc<AtomicU64>, budget: u64) -> GameLog {
        GameLog {
            path,
            total,
            budget,
            shares: Vec::new(),
        }
    }

    /// The bytes its file holds now.
    pub fn bytes(&self) -> u64 {
        fs::symlink_metadata(&self.path).map_or(0, |meta| meta.len())
    }

    /// This log, its appends also counted against `share`, and refused
    /// past it, once the journal's files weigh more than half its budget,
    /// unless they end the game: a maker on a roomy disk is not held to
    /// its share, and a flood is held to its own once it matters.
    pub fn counting(mut self, share: Arc<Share>) -> GameLog {
        self.shares.push(share);
        self
    }

    /// Appends `line` in one write to a file opened for appending, then
    /// syncs its data: once this returns, the line survives a crash of
    /// the process or the machine, and a crash before leaves nothing or a
    /// torn prefix, which the next `Journal::open` cuts off. Only a line
    /// that `ends` the game may use the file's last [`ENDING_ROOM`] bytes.
    pub fn append(&self, line: &str, ends: bool) -> Result<(), JournalError> {
        if let Some(character) = framing::forbidden(line) {
            return Err(JournalError::Unwritable(self.path.clone(), character));
        }
        let write_error = |error| JournalError::Write(self.path.clone(), error);
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&self.path)
            .map_err(write_error)?;
        ours(&self.path, &file)?;
        if !ends_a_line(&file).map_err(write_error)? {
            return Err(JournalError::Torn(self.path.clone()));
        }
        let bytes = framing::entry(line).into_bytes();
        let length = file.metadata().map_err(write_error)?.len();
        let most = if ends {
            MOST_BYTES
        } else {
            MOST_BYTES - ENDING_ROOM
        };
        if length + bytes.len() as u64 > most {
            return Err(JournalError::Full(self.path.clone(), most));
        }
        let tight = self.total.load(Ordering::SeqCst) > self.budget / 2;
        let past = (self.shares.iter()).find(|share| !share.fits(bytes.len() as u64));
        let past = past.filter(|_| tight && !ends);
        if let Some(share) = past {
            return Err(JournalError::ShareFull(self.path.clone(), share.most()));
        }
        let written = file.write(&bytes).map_err(write_error)?;
        self.total.fetch_add(written as u64, Ordering::SeqCst);
        for share in &self.shares {
            share.add(written as u64);
        }
        if written < bytes.len() {
            let short = format!("only {written} of {} bytes were written", bytes.len());
            return Err(write_error(io::Error::new(io::ErrorKind::WriteZero, short)));
        }
        file.sync_data().map_err(write_error)
    }
}

/// Refuses `file`, opened at `path`, unless it is a plain file that was
/// at `path` itself: a link put in its place would send the line to
/// another file.
pub(super) fn ours(path: &Path, file: &File) -> Result<(), JournalError> {
    let swapped = || JournalError::Swapped(path.to_path_buf());
    let there = fs::symlink_metadata(path).map_err(|_| swapped())?;
    let opened = file.metadata().map_err(|_| swapped())?;
    let same = there.dev() == opened.dev() && there.ino() == opened.ino();
    match there.file_type().is_file() && same {
        true => Ok(()),
        false => Err(swapped()),
    }
}

/// Whether `file` ends with a newline, so that a line appended to it
/// starts a line of its own (a failed write may have left a prefix).
fn ends_a_line(file: &File) -> io::Result<bool> {
    let length = file.metadata()?.len();
    let mut last = [0];
    file.read_exact_at(&mut last, length.saturating_sub(1))?;
    Ok(last[0] == b'\n')
}
