//! `JournalError`: every way the journal refuses, each told in one line
//! that names the path and what is wrong with it.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why the journal could not do what it was asked.
#[derive(Debug)]
pub enum JournalError {
    /// The data folder (or its `games` folder) cannot be made or read.
    Folder(PathBuf, io::Error),
    /// The lock file cannot be opened or locked.
    Lock(PathBuf, io::Error),
    /// Another server holds the data folder.
    Locked(PathBuf),
    /// An id (asked for in the `games` folder) that is not a game id.
    BadId(PathBuf, String),
    /// A game's file is already there: it is never written over.
    Exists(PathBuf),
    /// A line holds a character no line may hold.
    Unwritable(PathBuf, char),
    /// The journal holds no game of this file: never created, or evicted.
    Unknown(PathBuf),
    /// The game's file is damaged and is kept as it is.
    ReadOnly(PathBuf),
    /// The file ends in part of a line (a write failed): appending would
    /// glue the next line to it.
    Torn(PathBuf),
    /// Writing or syncing a game's file failed.
    Write(PathBuf, io::Error),
    /// Reading a game's file back failed.
    Read(PathBuf, io::Error),
    /// Another file, or a link, stands where congo wrote a game's file.
    Swapped(PathBuf),
    /// A line would take the game's file past the most it may hold (for
    /// that line): that many bytes.
    Full(PathBuf, u64),
    /// A line would take the games of the file's share (its maker's, or
    /// its address's) past the most they may hold: that many bytes.
    ShareFull(PathBuf, u64),
    /// Others may write in the data folder: the mode it has.
    Exposed(PathBuf, u32),
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            JournalError::Folder(path, error) => write!(
                f,
                "{}: cannot make or read the folder: {error}",
                path.display()
            ),
            JournalError::Lock(path, error) => {
                write!(f, "{}: cannot lock: {error}", path.display())
            }
            JournalError::Locked(path) => write!(
                f,
                "{}: another congo serve is using this data folder",
                path.display()
            ),
            JournalError::BadId(path, id) => write!(
                f,
                "{}: {id:?} is not a game id (12 of 0-9 and a-f)",
                path.display()
            ),
            JournalError::Exists(path) => write!(
                f,
                "{}: a file is already there, and it is never written over",
                path.display()
            ),
            JournalError::Unwritable(path, character) => write!(
                f,
                "{}: a line holding {} cannot be written",
                path.display(),
                character_name(*character)
            ),
            JournalError::Unknown(path) => write!(
                f,
                "{}: not a game of this journal (never created, or evicted)",
                path.display()
            ),
            JournalError::ReadOnly(path) => write!(
                f,
                "{}: the file is damaged and kept as it is; nothing is added to it",
                path.display()
            ),
            JournalError::Torn(path) => write!(
                f,
                "{}: the file ends in a torn line; it is cut when the journal is next opened",
                path.display()
            ),
            JournalError::Write(path, error) => {
                write!(f, "{}: cannot write: {error}", path.display())
            }
            JournalError::Read(path, error) => {
                write!(f, "{}: cannot read: {error}", path.display())
            }
            JournalError::Swapped(path) => write!(
                f,
                "{}: not the file congo wrote (a link or another file stands there); left alone",
                path.display()
            ),
            JournalError::Full(path, most) => write!(
                f,
                "{}: the line would take the game's file past {most} bytes, as much as it may hold",
                path.display()
            ),
            JournalError::ShareFull(path, most) => write!(
                f,
                "{}: the line would take its maker's games past {most} bytes, their share of the disk",
                path.display()
            ),
            JournalError::Exposed(path, mode) => write!(
                f,
                "{}: others may write in it (mode {mode:04o}); make it private (chmod 700) or give another --data",
                path.display()
            ),
        }
    }
}

impl std::error::Error for JournalError {}

/// A forbidden character in words.
fn character_name(character: char) -> &'static str {
    match character {
        '\t' => "a tab",
        '\n' => "a newline",
        _ => "a carriage return",
    }
}
