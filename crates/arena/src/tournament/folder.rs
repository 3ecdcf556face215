//! A tournament's output folder, which holds all its state: what the
//! tournament is (`tournament.txt`, checked on `--resume`), its schedule,
//! one record per pair of players (`records/A-vs-B.rec`, in the format of
//! `congo match --record`, engine A being the pair's first in the roster),
//! the engines' logs and scratch folders, and the standings, written anew
//! after every game.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use congo_kit::output_files::write_whole;
use congo_rules::record::Record;

/// The file that says what the tournament is.
pub const DESCRIPTION: &str = "tournament.txt";

/// The file that lists the games of the tournament (of a shard, its own;
/// of a Swiss, the rounds paired so far), a line each.
pub const SCHEDULE: &str = "schedule.txt";

/// The line of the description that names the shard: the one line the
/// shards of one tournament differ in.
pub const SHARD_LINE: &str = "shard ";

/// The file a run locks (`flock`) for as long as it writes the folder.
/// The kernel lets the lock go when the process ends, however it ends,
/// so a killed run never blocks the next.
pub const LOCK: &str = "lock";

/// The file that holds the key of the tournament's cells.
const CELLS_KEY: &str = "cells-key.txt";

/// Whether `key` is one [`Folder::cells_key`] makes: 16 hex digits.
fn is_key(key: &str) -> bool {
    key.len() == 16 && key.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// A tournament's folder.
pub struct Folder {
    root: PathBuf,
    /// The lock this run holds on the folder, kept for the folder's life.
    _lock: Option<File>,
}

/// Why the folder cannot be used.
#[derive(Debug)]
pub enum FolderError {
    /// It could not be read or written.
    Io(PathBuf, io::Error),
    /// It holds something already, and `--resume` was not given.
    NotEmpty(PathBuf),
    /// `--resume` found no tournament there.
    NothingToResume(PathBuf),
    /// `--resume` found another tournament there: the first line that
    /// differs, as it is and as this one would have it.
    Different(PathBuf, String, String),
    /// A record line is not a game of this tournament.
    Record(PathBuf, usize, String),
    /// Another run writes the folder: what its lock file says of it.
    Busy(PathBuf, String),
}

impl std::fmt::Display for FolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FolderError::Io(path, error) if error.kind() == io::ErrorKind::StorageFull => write!(
                f,
                "{}: {error}: the games recorded are kept; free some space, then add --resume to go on",
                path.display()
            ),
            FolderError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            FolderError::NotEmpty(path) => write!(
                f,
                "{} holds files already: add --resume to continue its tournament, or name a new folder",
                path.display()
            ),
            FolderError::NothingToResume(path) => {
                write!(
                    f,
                    "--resume: {} holds no tournament ({DESCRIPTION} is missing)",
                    path.display()
                )
            }
            FolderError::Different(path, theirs, ours) => write!(
                f,
                "--resume: {} is another tournament's: its {DESCRIPTION} says {theirs:?} where this one says {ours:?}",
                path.display()
            ),
            FolderError::Record(path, line, why) => {
                write!(f, "--resume: {} line {line}: {why}", path.display())
            }
            FolderError::Busy(path, holder) => write!(
                f,
                "{} is in use by another run of congo ({holder}): wait for it to end or stop it; nothing was changed",
                path.display()
            ),
        }
    }
}

impl std::error::Error for FolderError {}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> FolderError + '_ {
    move |error| FolderError::Io(path.to_owned(), error)
}

/// A record whose last line was cut short, and the length of its whole
/// lines.
pub struct Torn {
    path: PathBuf,
    whole: u64,
}

/// The game records found in a folder: by pair (roster places) and the
/// game's number within the pair (from 0).
pub type Finished = HashMap<((usize, usize), usize), Record>;

impl Folder {
    /// The folder at `root` for the tournament `description` says: made
    /// anew (it must be missing or empty), or with `resume` the one there,
    /// which must be the same tournament.
    pub fn open(root: &Path, description: &str, resume: bool) -> Result<Folder, FolderError> {
        let described = root.join(DESCRIPTION);
        // A folder that holds no tournament gets no lock file either.
        if resume && fs::symlink_metadata(&described).is_err() {
            return Err(FolderError::NothingToResume(root.to_owned()));
        }
        // A live run's folder is named as such; others are checked
        // before the lock file is made, so that a folder refused is left
        // as it was, and again once the lock is held.
        if root.join(LOCK).is_file() {
            drop(lock(root)?);
        }
        if !resume {
            refuse_files(root)?;
        }
        fs::create_dir_all(root).map_err(io_error(root))?;
        let folder = Folder {
            root: root.to_owned(),
            _lock: Some(lock(root)?),
        };
        if resume {
            let theirs = fs::read_to_string(&described).map_err(|error| match error.kind() {
                io::ErrorKind::NotFound => FolderError::NothingToResume(root.to_owned()),
                _ => FolderError::Io(described.clone(), error),
            })?;
            if let Some((theirs, ours)) = first_difference(&theirs, description, false) {
                return Err(FolderError::Different(root.to_owned(), theirs, ours));
            }
            return Ok(folder);
        }
        refuse_files(root)?;
        fs::create_dir_all(root.join("records")).map_err(io_error(root))?;
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&described)
            .map_err(io_error(&described))?;
        file.write_all(description.as_bytes())
            .map_err(io_error(&described))?;
        Ok(folder)
    }

    /// The folder at `root` as it is, to read its games: nothing is
    /// written, so nothing is locked.
    pub fn reading(root: &Path) -> Folder {
        Folder {
            root: root.to_owned(),
            _lock: None,
        }
    }

    /// Where the record of the pair of `first` and `second` goes.
    pub fn record_path(&self, first: &str, second: &str) -> PathBuf {
        self.root
            .join("records")
            .join(format!("{first}-vs-{second}.rec"))
    }

    /// Where the folder is.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where the engines' logs go.
    pub fn logs(&self) -> PathBuf {
        self.root.join("logs")
    }

    /// The key that names this tournament's cells among all others'
    /// (see `Sandbox::cells`): random, made with the folder and kept in
    /// it, so that a `--resume` finds its cells and a new tournament in
    /// a folder of the same name does not.
    /// Whether it was made now rather than found comes with it.
    pub fn cells_key(&self) -> Result<(String, bool), FolderError> {
        let kept = self.read(CELLS_KEY)?;
        if let Some(key) = kept.lines().next().filter(|key| is_key(key)) {
            return Ok((key.to_owned(), false));
        }
        let path = self.root.join(CELLS_KEY);
        let mut random = [0; 8];
        File::open("/dev/urandom")
            .and_then(|mut source| io::Read::read_exact(&mut source, &mut random))
            .map_err(io_error(&path))?;
        let key = format!("{:016x}", u64::from_le_bytes(random));
        self.write(CELLS_KEY, &format!("{key}\n"))?;
        Ok((key, true))
    }

    /// The text of the folder's file `name`, empty when there is none.
    pub fn read(&self, name: &str) -> Result<String, FolderError> {
        let path = self.root.join(name);
        match fs::read_to_string(&path) {
            Ok(text) => Ok(text),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(String::new()),
            Err(error) => Err(FolderError::Io(path, error)),
        }
    }

    /// The games of every pair's record, read to their last whole line (a
    /// game written when the tournament stopped may be torn), and the
    /// records with a torn line, each with the length of its whole lines.
    /// Nothing is written: [`Folder::cut`] drops the torn lines.
    pub fn finished(&self, names: &[String]) -> Result<(Finished, Vec<Torn>), FolderError> {
        let mut finished = Finished::new();
        let mut torn = Vec::new();
        for first in 0..names.len() {
            for second in first + 1..names.len() {
                let path = self.record_path(&names[first], &names[second]);
                let text = match fs::read(&path) {
                    Ok(text) => text,
                    Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
                    Err(error) => return Err(FolderError::Io(path, error)),
                };
                let whole = text
                    .iter()
                    .rposition(|&byte| byte == b'\n')
                    .map_or(0, |at| at + 1);
                let lines = text[..whole]
                    .split(|&byte| byte == b'\n')
                    .filter(|line| !line.is_empty());
                for (index, line) in lines.enumerate() {
                    let bad = |why: String| FolderError::Record(path.clone(), index + 1, why);
                    let line =
                        std::str::from_utf8(line).map_err(|_| bad("not UTF-8".to_owned()))?;
                    let record: Record =
                        line.parse()
                            .map_err(|error: congo_rules::record::RecordError| {
                                bad(error.to_string())
                            })?;
                    let number = record
                        .game
                        .checked_sub(1)
                        .ok_or_else(|| bad("game 0 is no game".to_owned()))?;
                    if finished.insert(((first, second), number), record).is_some() {
                        return Err(bad(format!("game {} is recorded twice", number + 1)));
                    }
                }
                if whole < text.len() {
                    torn.push(Torn {
                        path,
                        whole: whole as u64,
                    });
                }
            }
        }
        Ok((finished, torn))
    }

    /// Cuts each torn record back to its whole lines, so that the games
    /// played again are appended after them.
    pub fn cut(&self, torn: &[Torn]) -> Result<(), FolderError> {
        for Torn { path, whole } in torn {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(io_error(path))?;
            file.set_len(*whole).map_err(io_error(path))?;
        }
        Ok(())
    }

    /// Adds `record` to the record of the pair of `first` and `second`, in
    /// one write, so that a tournament stopped at any moment leaves whole
    /// lines but the last.
    pub fn append(&self, first: &str, second: &str, record: &Record) -> Result<(), FolderError> {
        let path = self.record_path(first, second);
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io_error(&path))?;
        file.write_all(format!("{record}\n").as_bytes())
            .map_err(io_error(&path))
    }

    /// Adds every game of `finished` to its pair's record, in the order of
    /// their numbers.
    pub fn append_all(&self, names: &[String], finished: &Finished) -> Result<(), FolderError> {
        let mut games: Vec<_> = finished.iter().collect();
        games.sort_by_key(|(key, _)| **key);
        games
            .into_iter()
            .try_for_each(|(&((first, second), _), record)| {
                self.append(&names[first], &names[second], record)
            })
    }

    /// Writes `text` to the folder's file `name`, whole or not at all: a
    /// reader never sees half of it.
    pub fn write(&self, name: &str, text: &str) -> Result<(), FolderError> {
        let path = self.root.join(name);
        write_whole(&path, text.as_bytes()).map_err(io_error(&path))
    }
}

/// Refuses the folder `root` when it holds files but the lock file (it
/// may be missing).
fn refuse_files(root: &Path) -> Result<(), FolderError> {
    match fs::read_dir(root) {
        Ok(mut entries) => {
            if entries.any(|entry| entry.map_or(true, |entry| entry.file_name() != LOCK)) {
                return Err(FolderError::NotEmpty(root.to_owned()));
            }
            Ok(())
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(FolderError::Io(root.to_owned(), error)),
    }
}

/// Takes the lock of the folder `root` for this process, or says who
/// holds it. The lock file stays empty: the kernel's list of locks
/// names the holder.
pub fn lock(root: &Path) -> Result<File, FolderError> {
    let path = root.join(LOCK);
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io_error(&path))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(fs::TryLockError::WouldBlock) => {
            let holder = file
                .metadata()
                .ok()
                .and_then(|found| holder_of(found.ino()))
                .map_or_else(
                    || "another process".to_owned(),
                    |pid| format!("process {pid}"),
                );
            Err(FolderError::Busy(root.to_owned(), holder))
        }
        Err(fs::TryLockError::Error(error)) => Err(FolderError::Io(path, error)),
    }
}

/// The process that holds a `flock` on the file numbered `inode`, as
/// `/proc/locks` gives it (`1: FLOCK ADVISORY WRITE PID MAJ:MIN:INODE 0 EOF`).
fn holder_of(inode: u64) -> Option<u32> {
    let locks = fs::read_to_string("/proc/locks").ok()?;
    locks.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (kind, pid, file) = (fields.get(1)?, fields.get(4)?, fields.get(5)?);
        let held = file.rsplit(':').next()?.parse::<u64>().ok()? == inode;
        (*kind == "FLOCK" && held).then(|| pid.parse().ok())?
    })
}

/// The first line where `theirs` and `ours` differ, if any (the shard
/// line passed over with `any_shard`).
pub fn first_difference(theirs: &str, ours: &str, any_shard: bool) -> Option<(String, String)> {
    let lines = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !(any_shard && line.starts_with(SHARD_LINE)))
            .map(str::to_owned)
            .collect()
    };
    let (theirs, ours) = (lines(theirs), lines(ours));
    (0..theirs.len().max(ours.len()))
        .find(|&index| theirs.get(index) != ours.get(index))
        .map(|index| {
            let line = |lines: &[String]| {
                lines
                    .get(index)
                    .cloned()
                    .unwrap_or_else(|| "(nothing)".to_owned())
            };
            (line(&theirs), line(&ours))
        })
}

/// What the description of the tournament in `root` says, for a merge.
pub fn description_of(root: &Path) -> Result<String, FolderError> {
    let path = root.join(DESCRIPTION);
    fs::read_to_string(&path).map_err(|error| FolderError::Io(path, error))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_disk_says_how_to_go_on() {
        let full = FolderError::Io(
            PathBuf::from("t/records/a-vs-b.rec"),
            io::Error::from(io::ErrorKind::StorageFull),
        );
        assert_eq!(
            full.to_string(),
            "t/records/a-vs-b.rec: no storage space: the games recorded are kept; free some space, then add --resume to go on"
        );
    }

    #[test]
    fn the_holder_of_a_lock_is_found_by_its_file() {
        let dir = std::env::temp_dir().join(format!("congo-lock-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let held = lock(&dir).unwrap();
        let inode = held.metadata().unwrap().ino();
        assert_eq!(holder_of(inode), Some(std::process::id()));
        match lock(&dir) {
            Err(FolderError::Busy(_, holder)) => {
                assert_eq!(holder, format!("process {}", std::process::id()));
            }
            _ => panic!("a second lock was taken"),
        }
        drop(held);
        assert!(lock(&dir).is_ok());
        // A folder's cells key is made once and kept.
        let folder = Folder::reading(&dir);
        let (key, made) = folder.cells_key().unwrap();
        assert!(is_key(&key) && made, "{key}");
        assert_eq!(folder.cells_key().unwrap(), (key.clone(), false));
        let other = std::env::temp_dir().join(format!("congo-key-{}", std::process::id()));
        fs::create_dir_all(&other).unwrap();
        assert_ne!(Folder::reading(&other).cells_key().unwrap().0, key);
        fs::remove_dir_all(other).unwrap();
        fs::remove_dir_all(dir).unwrap();
    }
}
