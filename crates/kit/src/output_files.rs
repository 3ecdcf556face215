//! Writing numbered output files (`board.000`, `position-001.svg`) into a
//! folder without losing anything: a run refuses to mix its files with an
//! earlier run's, removes (with `--force`) only files whose names congo
//! itself writes, never the file it is reading, never writes through a
//! symbolic link, and writes each file whole or not at all.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The names of one kind of numbered file: `prefix`, at least three
/// decimal digits, `suffix`. Recognising a name needs the exact form, so
/// `board.in` or `board.000.bak` is never taken for a board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberedNames {
    /// What every name starts with, like `board.`.
    pub prefix: &'static str,
    /// What every name ends with after the number, like `.svg` or nothing.
    pub suffix: &'static str,
}

impl NumberedNames {
    /// The name of file `number`, zero-padded to three digits.
    pub fn name(&self, number: usize) -> String {
        format!("{}{number:03}{}", self.prefix, self.suffix)
    }

    /// Whether `name` is one this kind of file could have: the prefix, one
    /// or more ASCII digits and nothing else, then the suffix.
    pub fn matches(&self, name: &[u8]) -> bool {
        name.strip_prefix(self.prefix.as_bytes())
            .and_then(|rest| rest.strip_suffix(self.suffix.as_bytes()))
            .is_some_and(|digits| !digits.is_empty() && digits.iter().all(u8::is_ascii_digit))
    }
}

/// Which file an open stream reads, whatever its name: the device and
/// inode on Unix. Elsewhere no identity is known, and none matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileId {
    device: u64,
    inode: u64,
}

impl FileId {
    /// The regular file behind standard input, if it is one.
    #[cfg(unix)]
    pub fn of_standard_input() -> Option<FileId> {
        use std::os::fd::AsFd;
        let descriptor = io::stdin().as_fd().try_clone_to_owned().ok()?;
        let metadata = fs::File::from(descriptor).metadata().ok()?;
        metadata.is_file().then(|| FileId::of(&metadata)).flatten()
    }

    /// No identity of standard input is known off Unix.
    #[cfg(not(unix))]
    pub fn of_standard_input() -> Option<FileId> {
        None
    }

    #[cfg(unix)]
    fn of(metadata: &fs::Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        Some(FileId {
            device: metadata.dev(),
            inode: metadata.ino(),
        })
    }

    #[cfg(not(unix))]
    fn of(_: &fs::Metadata) -> Option<FileId> {
        None
    }

    /// Whether the entry at `path` (not what a link there points to) is
    /// this file.
    fn is_at(&self, path: &Path) -> bool {
        fs::symlink_metadata(path).is_ok_and(|metadata| FileId::of(&metadata) == Some(*self))
    }
}

/// Writes `bytes` as the file at `path`: first to a fresh hidden file
/// beside it (created new, so no link is followed), then renamed into
/// place, so that the file is never seen half-written; after a failure
/// the hidden file is removed and `path` is as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (temporary, mut file) = create_temporary(path)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A file written whole where none is yet. Its hidden file is made at
/// once, so that a folder it cannot be written in fails before any work
/// is done; [`NewFile::publish`] then links it into place only if nothing
/// has come to the path meanwhile (another run, the user), so that a
/// file, a link or a folder there is never replaced. The hidden file
/// goes when the `NewFile` does.
#[derive(Debug)]
pub struct NewFile {
    path: PathBuf,
    temporary: PathBuf,
    file: File,
}

impl NewFile {
    /// Starts the file at `path`; an error of kind `AlreadyExists` when
    /// something is there already.
    pub fn create(path: &Path) -> io::Result<NewFile> {
        if fs::symlink_metadata(path).is_ok() {
            return Err(io::ErrorKind::AlreadyExists.into());
        }
        let (temporary, file) = create_temporary(path)?;
        Ok(NewFile {
            path: path.to_path_buf(),
            temporary,
            file,
        })
    }

    /// Writes `bytes` and puts the file in place; an error of kind
    /// `AlreadyExists`, and nothing changed there, when something came to
    /// the path since [`NewFile::create`].
    pub fn publish(mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)?;
        self.file.sync_all()?;
        fs::hard_link(&self.temporary, &self.path)
    }
}

impl Drop for NewFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.temporary);
    }
}

/// The most names [`create_temporary`] tries before it gives up.
const TEMPORARY_NAMES: u32 = 100;

/// A new hidden file beside `path`, `.NAME.PID.partial` or, where that is
/// taken (left by a killed run whose process had the same number, as
/// happens in containers and batch jobs), `.NAME.PID.N.partial`: a file
/// already there is never opened, truncated or removed.
fn create_temporary(path: &Path) -> io::Result<(PathBuf, File)> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let process = std::process::id();
    let mut attempt = 0;
    loop {
        let temporary = path.with_file_name(match attempt {
            0 => format!(".{name}.{process}.partial"),
            _ => format!(".{name}.{process}.{attempt}.partial"),
        });
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                attempt += 1;
                if attempt == TEMPORARY_NAMES {
                    return Err(error);
                }
            }
            Err(error) => return Err(error),
        }
    }
}

/// A folder prepared for one run's numbered files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputDir {
    dir: PathBuf,
}

/// Why output files could not be written; each names the path.
#[derive(Debug)]
pub enum FileError {
    /// The folder is a symbolic link.
    Symlink(PathBuf),
    /// The folder already holds files of the kind this run writes.
    Stale(PathBuf),
    /// A file the run would replace is the one it reads its input from.
    Input(PathBuf),
    /// An operating system error at this path.
    Io(PathBuf, io::Error),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Symlink(path) => write!(
                f,
                "{} is a symbolic link; name the folder it points to",
                path.display()
            ),
            FileError::Stale(path) => write!(
                f,
                "{} already exists; move it away or pass --force to replace the earlier files",
                path.display()
            ),
            FileError::Input(path) => write!(
                f,
                "{} is the standard input, which this run would replace; rename it or run in another folder",
                path.display()
            ),
            FileError::Io(path, error) => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for FileError {}

impl OutputDir {
    /// Creates `dir` if needed and makes sure no file named as `names`
    /// writes is left in it: with `force` they are removed (a link is
    /// removed, not what it points to), without it they are an error.
    /// Either way, one that is the `input` file is an error and stays.
    pub fn prepare(
        dir: &Path,
        names: NumberedNames,
        force: bool,
        input: Option<FileId>,
    ) -> Result<OutputDir, FileError> {
        let io_error = |error| FileError::Io(dir.to_owned(), error);
        match fs::symlink_metadata(dir) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                return Err(FileError::Symlink(dir.to_owned()));
            }
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                fs::create_dir_all(dir).map_err(io_error)?;
            }
            Err(error) => return Err(io_error(error)),
        }
        let mut stale: Vec<PathBuf> = Vec::new();
        for entry in fs::read_dir(dir).map_err(io_error)? {
            let name = entry.map_err(io_error)?.file_name();
            if names.matches(name.as_encoded_bytes()) {
                stale.push(dir.join(name));
            }
        }
        stale.sort();
        if let Some(path) = stale
            .iter()
            .find(|path| input.is_some_and(|input| input.is_at(path)))
        {
            return Err(FileError::Input(path.clone()));
        }
        if let Some(first) = stale.first()
            && !force
        {
            return Err(FileError::Stale(first.clone()));
        }
        for path in stale {
            fs::remove_file(&path).map_err(|error| FileError::Io(path, error))?;
        }
        Ok(OutputDir {
            dir: dir.to_owned(),
        })
    }

    /// The path of the file `name` in the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes `bytes` as the file `name`: first to a fresh hidden file
    /// (created new, so no link is followed), then renamed into place, so
    /// that the file is never seen half-written.
    pub fn write(&self, name: &str, bytes: &[u8]) -> Result<(), FileError> {
        let path = self.path(name);
        write_whole(&path, bytes).map_err(|error| FileError::Io(path, error))
    }

    /// Removes the files `names` (after a failure, so that a run leaves all
    /// its files or none).
    pub fn remove(&self, names: impl IntoIterator<Item = String>) {
        for name in names {
            let _ = fs::remove_file(self.path(&name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARDS: NumberedNames = NumberedNames {
        prefix: "board.",
        suffix: "",
    };
    const DRAWINGS: NumberedNames = NumberedNames {
        prefix: "position-",
        suffix: ".svg",
    };

    #[test]
    fn a_new_file_never_takes_the_place_of_what_came_there_meanwhile() {
        let dir = std::env::temp_dir().join(format!("congo-new-file-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("net");
        NewFile::create(&path).unwrap().publish(b"mine").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"mine");
        let refused = NewFile::create(&path).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        // Something comes while the file is being made: a file, a
        // dangling link.
        let late = dir.join("late");
        let started = NewFile::create(&late).unwrap();
        fs::write(&late, "the user's").unwrap();
        assert_eq!(
            started.publish(b"ours").unwrap_err().kind(),
            io::ErrorKind::AlreadyExists
        );
        assert_eq!(fs::read(&late).unwrap(), b"the user's");
        let link = dir.join("link");
        let started = NewFile::create(&link).unwrap();
        std::os::unix::fs::symlink(dir.join("nowhere"), &link).unwrap();
        assert!(started.publish(b"ours").is_err());
        assert!(!dir.join("nowhere").exists());
        // Every hidden file is gone: three names are left.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 3);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_whole_write_leaves_a_hidden_file_of_the_same_name_as_it_was() {
        let dir = std::env::temp_dir().join(format!("congo-whole-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table");
        // Left by a killed run of a process with this one's number, and
        // the next name too.
        let left = dir.join(format!(".table.{}.partial", std::process::id()));
        let next = dir.join(format!(".table.{}.1.partial", std::process::id()));
        fs::write(&left, "someone's").unwrap();
        fs::create_dir(&next).unwrap();
        write_whole(&path, b"values").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"values");
        assert_eq!(fs::read(&left).unwrap(), b"someone's");
        assert!(next.is_dir());
        let mut names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names.len(), 3, "{names:?}");
        // A failed write removes only its own hidden file.
        fs::create_dir(dir.join("folder")).unwrap();
        assert!(write_whole(&dir.join("folder"), b"x").is_err());
        assert_eq!(fs::read(&left).unwrap(), b"someone's");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 4);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_are_padded_to_three_digits_and_grow_past_them() {
        assert_eq!(BOARDS.name(0), "board.000");
        assert_eq!(DRAWINGS.name(7), "position-007.svg");
        assert_eq!(DRAWINGS.name(1234), "position-1234.svg");
    }

    #[test]
    fn only_the_exact_form_is_recognised() {
        for name in ["board.000", "board.7", "board.12345"] {
            assert!(BOARDS.matches(name.as_bytes()), "{name}");
        }
        for name in [
            "board.",
            "board.in",
            "board.txt",
            "board.000.bak",
            "board.12a",
            "board.-1",
            "aboard.000",
        ] {
            assert!(!BOARDS.matches(name.as_bytes()), "{name}");
        }
        assert!(DRAWINGS.matches(b"position-001.svg"));
        for name in [
            "position-notes.txt",
            "position-.svg",
            "position-001.svg.old",
            "position-001",
        ] {
            assert!(!DRAWINGS.matches(name.as_bytes()), "{name}");
        }
    }
}
