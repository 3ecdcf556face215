//! The journal: games kept on disk as lines, so that a restart of the
//! server loses none. An append-only store in a data folder that knows
//! nothing of games: a game is an id and the lines its caller appends.
//!
//! `DIR/games/<id>.journal` holds a game: a header, then a line per
//! entry, `<payload>\t<8 hex digits>\n`, the digits a checksum of the
//! payload. `DIR/lock` is held for the server's life, so that two
//! servers never write the same files. Congo never writes over or removes
//! a file it did not write, nor one it found damaged.

mod budget;
mod error;
mod folder;
mod framing;
mod game_log;
mod recovery;
mod scan;
#[cfg(test)]
pub(crate) mod scratch;
mod share;
#[cfg(test)]
mod tests;

pub use budget::{BUDGET, KEEP_ENDED};
pub use error::JournalError;
pub use game_log::GameLog;
pub use share::Share;

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use budget::Endings;
use folder::{FILE_MODE, Folder};

/// A data folder's journal, locked for as long as this value lives.
#[derive(Debug)]
pub struct Journal {
    folder: Folder,
    budget: u64,
    /// How long an ended game is kept whatever the budget.
    keep: Duration,
    /// The bytes of the games' files: counted as they are written (and
    /// found at `open`) rather than measured, so that an ending costs no
    /// walk over a hundred thousand files.
    total: Arc<AtomicU64>,
    state: Mutex<State>,
}

/// A game read back from its file.
#[derive(Debug, PartialEq, Eq)]
pub struct Kept {
    /// The game's id, its file's name.
    pub id: String,
    /// The lines appended, in order.
    pub lines: Vec<String>,
    /// Whether its file is damaged before its end: kept as it is, with
    /// nothing appended (`Journal::log` refuses it).
    pub read_only: bool,
    /// The bytes its file holds.
    pub bytes: u64,
}

/// The games the journal holds files of.
#[derive(Debug, Default)]
struct State {
    games: BTreeMap<String, Game>,
    endings: Endings,
    /// The last creation stamp given, so that stamps rise even if the
    /// clock stands still or steps back.
    last_created: u64,
}

/// A game the journal holds a file of.
#[derive(Debug)]
struct Game {
    read_only: bool,
    ended: bool,
}

impl Journal {
    /// Opens (making it where missing) the data folder `dir`, whose
    /// games' files may weigh `budget` bytes before ended ones go. Nothing
    /// is read yet, so that a server answers at once whatever the folder
    /// holds: each game is read back by [`Journal::recover`], when its
    /// link is used or as [`Journal::ids`] lists them. Files that are not
    /// games' are neither counted against the budget nor ever removed.
    pub fn open(dir: &Path, budget: u64) -> Result<Journal, JournalError> {
        Ok(Journal {
            folder: Folder::open(dir)?,
            budget,
            keep: KEEP_ENDED,
            total: Arc::new(AtomicU64::new(0)),
            state: Mutex::new(State::default()),
        })
    }

    /// The data folder.
    pub fn dir(&self) -> &Path {
        self.folder.dir()
    }

    /// The ids of the games whose files the folder holds, with a line in
    /// `problems` for each file there that is not a game's.
    pub fn ids(&self, problems: &mut Vec<String>) -> Result<Vec<String>, JournalError> {
        scan::ids(&self.folder, problems)
    }

    /// Reads game `id` back from its file, cutting a torn last line off,
    /// the first time it is asked for: `None` once the journal holds it
    /// (read back or created since the folder was opened), or where it
    /// has no file or one that cannot be read as a game (a line in
    /// `problems` says why).
    pub fn recover(&self, id: &str, problems: &mut Vec<String>) -> Option<Kept> {
        let path = self.folder.file(id).ok()?;
        // Held while the file is read, so that a game is read back once.
        let mut state = self.state();
        if state.games.contains_key(id) {
            return None;
        }
        let found = scan::recover(&path, id, problems)?;
        state.last_created = state.last_created.max(found.created);
        self.total.fetch_add(found.bytes, Ordering::SeqCst);
        let game = Game {
            read_only: found.read_only,
            ended: false,
        };
        state.games.insert(id.to_string(), game);
        Some(Kept {
            id: id.to_string(),
            lines: found.lines,
            read_only: found.read_only,
            bytes: found.bytes,
        })
    }

    /// The journal keeping ended games `keep` at least (a test's, which
    /// sees them go at once).
    #[cfg(test)]
    pub fn keeping(self, keep: Duration) -> Journal {
        Journal { keep, ..self }
    }

    /// The bytes the games' files may weigh before ended ones go.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Whether the games' files weigh more than half the budget: each
    /// maker is then held to its share (see `GameLog::counting`).
    pub fn tight(&self) -> bool {
        self.total.load(Ordering::SeqCst) > self.budget / 2
    }

    /// Whether the games' files weigh more than the budget with nothing
    /// left to let go (every ended game kept yet): a new game is refused.
    pub fn full(&self) -> bool {
        self.total.load(Ordering::SeqCst) > self.budget
    }

    /// Creates game `id`'s file holding `lines`, never over another file
    /// nor for a game the journal holds (even one whose file has gone),
    /// and syncs it and its folder before returning.
    pub fn create(&self, id: &str, lines: &[String]) -> Result<GameLog, JournalError> {
        let path = self.folder.file(id)?;
        let mut text = framing::header(self.stamp());
        for line in lines {
            if let Some(character) = framing::forbidden(line) {
                return Err(JournalError::Unwritable(path, character));
            }
            text += &framing::entry(line);
        }
        // Held before the file is written: the folder is read back on
        // another thread, which must not take a new file for a kept game.
        let game = Game {
            read_only: false,
            ended: false,
        };
        match self.state().games.entry(id.to_string()) {
            Entry::Occupied(_) => return Err(JournalError::Exists(path)),
            Entry::Vacant(vacant) => vacant.insert(game),
        };
        let written = write_new(&path, &text).and_then(|()| {
            self.total.fetch_add(text.len() as u64, Ordering::SeqCst);
            (self.folder.sync()).map_err(|error| JournalError::Write(path.clone(), error))
        });
        if let Err(error) = written {
            self.state().games.remove(id);
            return Err(error);
        }
        Ok(GameLog::new(path, Arc::clone(&self.total), self.budget))
    }

    /// The log of game `id`, which must be held by this journal and not
    /// read only. A `Result` where one might expect a plain `GameLog`: an
    /// id from elsewhere may be no id, an evicted game or a damaged one.
    pub fn log(&self, id: &str) -> Result<GameLog, JournalError> {
        let path = self.folder.file(id)?;
        match self.state().games.get(id) {
            None => Err(JournalError::Unknown(path)),
            Some(game) if game.read_only => Err(JournalError::ReadOnly(path)),
            Some(_) => Ok(GameLog::new(path, Arc::clone(&self.total), self.budget)),
        }
    }

    /// Marks game `id` ended (the caller marks recovered games after
    /// `open`, in any order), then lets go what the budget asks for (see
    /// [`Journal::let_go`]).
    pub fn ended(&self, id: &str) -> Vec<String> {
        let mut state = self.state();
        let path = self.folder.file(id);
        if let (Some(game), Ok(path)) = (state.games.get_mut(id), path)
            && !game.read_only
            && !game.ended
        {
            game.ended = true;
            let meta = fs::metadata(path).ok();
            let modified = meta.as_ref().and_then(|meta| meta.modified().ok());
            let bytes = meta.map_or(0, |meta| meta.len());
            state.endings.push(id, bytes, modified);
        }
        drop(state);
        self.let_go()
    }

    /// While the files weigh more than the budget, removes the files of
    /// games that ended longer ago than the journal keeps them, the oldest
    /// ended first, and returns their ids for the caller to forget. A game
    /// not ended is never removed, nor a damaged one; a file that cannot
    /// be removed stays, and is tried again later.
    pub fn let_go(&self) -> Vec<String> {
        if !self.full() {
            return Vec::new();
        }
        let mut state = self.state();
        let remove = |id: &str| {
            let path = self.folder.file(id);
            path.is_ok_and(|path| fs::remove_file(path).is_ok())
        };
        let before = SystemTime::now()
            .checked_sub(self.keep)
            .unwrap_or(UNIX_EPOCH);
        let evicted = state
            .endings
            .evict(&self.total, self.budget, before, remove);
        for id in &evicted {
            state.games.remove(id);
        }
        if !evicted.is_empty() {
            // Names that come back after a crash are evicted again.
            let _ = self.folder.sync();
        }
        evicted
    }

    /// The lines of game `id`'s file as they are now, held or not yet
    /// read back: to bring back a game let go from memory, or to look at
    /// one without taking it in.
    pub fn read(&self, id: &str) -> Result<Vec<String>, JournalError> {
        let path = self.folder.file(id)?;
        let read_error = |error| JournalError::Read(path.clone(), error);
        let file = fs::File::open(&path).map_err(read_error)?;
        game_log::ours(&path, &file)?;
        let mut bytes = Vec::new();
        let mut bounded = file.take(game_log::MOST_BYTES + 1);
        bounded.read_to_end(&mut bytes).map_err(read_error)?;
        match recovery::read(&bytes) {
            recovery::Reading::Game(game) if bytes.len() as u64 <= game_log::MOST_BYTES => {
                Ok(game.lines)
            }
            _ => Err(JournalError::Unknown(path)),
        }
    }

    /// A creation stamp: the clock's nanoseconds, above every stamp
    /// given or found before.
    fn stamp(&self) -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        let mut state = self.state();
        state.last_created = now.max(state.last_created.saturating_add(1));
        state.last_created
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Writes `text` to a new file at `path` and syncs it: never over a file
/// that is there, since congo never writes over what it did not write.
fn write_new(path: &Path, text: &str) -> Result<(), JournalError> {
    let write_error = |error| JournalError::Write(path.to_path_buf(), error);
    let opened = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(FILE_MODE)
        .open(path);
    let mut file = match opened {
        Err(error) if error.kind() == ErrorKind::AlreadyExists => {
            return Err(JournalError::Exists(path.to_path_buf()));
        }
        opened => opened.map_err(write_error)?,
    };
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(write_error)
}
