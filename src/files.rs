//! Writing numbered output files (`board.000`, `position-001.svg`) into a
//! folder without losing anything: a run refuses to mix its files with an
//! earlier run's, never writes through a symbolic link, and writes each
//! file whole or not at all.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
            FileError::Io(path, error) => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for FileError {}

impl OutputDir {
    /// Creates `dir` if needed and makes sure no file whose name starts
    /// with `prefix` is left in it: with `force` they are removed (a link
    /// is removed, not what it points to), without it they are an error.
    pub fn prepare(dir: &Path, prefix: &str, force: bool) -> Result<OutputDir, FileError> {
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
        let mut stale: Vec<OsString> = Vec::new();
        for entry in fs::read_dir(dir).map_err(io_error)? {
            let name = entry.map_err(io_error)?.file_name();
            if name.as_encoded_bytes().starts_with(prefix.as_bytes()) {
                stale.push(name);
            }
        }
        stale.sort();
        if let Some(first) = stale.first()
            && !force
        {
            return Err(FileError::Stale(dir.join(first)));
        }
        for name in stale {
            let path = dir.join(name);
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
        let temporary = self
            .dir
            .join(format!(".{name}.{}.partial", std::process::id()));
        let written = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
            .and_then(|()| fs::rename(&temporary, &path));
        written.map_err(|error| {
            let _ = fs::remove_file(&temporary);
            FileError::Io(path, error)
        })
    }

    /// Removes the files `names` (after a failure, so that a run leaves all
    /// its files or none).
    pub fn remove(&self, names: impl IntoIterator<Item = String>) {
        for name in names {
            let _ = fs::remove_file(self.path(&name));
        }
    }
}
