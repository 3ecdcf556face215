//! The data folder's layout: `DIR/games/<id>.journal` a game, `DIR/lock`
//! held for the server's life. Folders are private to their owner and
//! files readable by no one else, since they hold the players' keys.

use std::fs::{self, DirBuilder, File, OpenOptions, TryLockError};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use super::error::JournalError;

/// Only the owner may open a folder of the journal.
const FOLDER_MODE: u32 = 0o700;

/// Only the owner may read or write a file of the journal.
pub(super) const FILE_MODE: u32 = 0o600;

/// A game file's extension.
pub(super) const EXTENSION: &str = ".journal";

/// A data folder, locked for as long as this value lives.
#[derive(Debug)]
pub(super) struct Folder {
    dir: PathBuf,
    games: PathBuf,
    /// Held, never read: the lock ends when the file is closed.
    _lock: File,
}

impl Folder {
    /// Makes `dir` and `dir/games` where missing, and locks `dir/lock`.
    pub(super) fn open(dir: &Path) -> Result<Folder, JournalError> {
        let games = dir.join("games");
        let folder_error = |error| JournalError::Folder(dir.to_path_buf(), error);
        DirBuilder::new()
            .recursive(true)
            .mode(FOLDER_MODE)
            .create(&games)
            .map_err(folder_error)?;
        sync(dir).map_err(folder_error)?;
        for folder in [dir, &games] {
            let mode = fs::metadata(folder)
                .map_err(folder_error)?
                .permissions()
                .mode()
                & 0o7777;
            if mode & 0o022 != 0 {
                return Err(JournalError::Exposed(folder.to_path_buf(), mode));
            }
        }
        Ok(Folder {
            dir: dir.to_path_buf(),
            games,
            _lock: lock(dir)?,
        })
    }

    /// The data folder.
    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The `games` folder.
    pub(super) fn games(&self) -> &Path {
        &self.games
    }

    /// The file of game `id`, refusing what is not an id (which might
    /// name a path outside the folder).
    pub(super) fn file(&self, id: &str) -> Result<PathBuf, JournalError> {
        if !is_id(id) {
            return Err(JournalError::BadId(self.games.clone(), id.to_string()));
        }
        Ok(self.games.join(format!("{id}{EXTENSION}")))
    }

    /// Makes a file's creation or removal in `games` survive a crash.
    pub(super) fn sync(&self) -> std::io::Result<()> {
        sync(&self.games)
    }
}

/// Whether `text` is a game id: twelve of 0-9 and a-f.
pub(super) fn is_id(text: &str) -> bool {
    text.len() == 12
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// How long a lock held by someone else is waited for: a server that is
/// exiting, or a child forked at that moment that has not yet run its
/// program (it holds a copy of every descriptor until then), lets go
/// within it.
const LOCK_PATIENCE: Duration = Duration::from_secs(2);

/// Takes `dir/lock`, refusing if another process (or another open of
/// the same folder) holds it past [`LOCK_PATIENCE`].
fn lock(dir: &Path) -> Result<File, JournalError> {
    let path = dir.join("lock");
    let lock_error = |error| JournalError::Lock(path.clone(), error);
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(FILE_MODE)
        .open(&path)
        .map_err(lock_error)?;
    let deadline = Instant::now() + LOCK_PATIENCE;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                thread::sleep(Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => return Err(JournalError::Locked(dir.to_path_buf())),
            Err(TryLockError::Error(error)) => return Err(lock_error(error)),
        }
    }
}

/// Syncs a folder, so that the names made or removed in it are kept.
fn sync(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_twelve_lowercase_hex_digits() {
        assert!(is_id("0123456789ab"));
        for bad in [
            "0123456789a",
            "0123456789abc",
            "0123456789AB",
            "../../etc/x",
            "",
        ] {
            assert!(!is_id(bad), "{bad}");
        }
    }
}
