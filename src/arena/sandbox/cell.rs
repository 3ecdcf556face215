//! A confined engine's own folder. On the host it is a copy of the
//! engine's folder (its store, in the tournament's folder), made once and
//! owned by the engine's user, so that the engine may write there as it
//! likes while the original stays as the class handed it in; the engine
//! sees the copy at its folder's own path.

use std::fs;
use std::io;
use std::os::unix::fs::{lchown, symlink};
use std::path::{Path, PathBuf};

/// Where a confined engine lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The folder as the engine sees it, where it starts.
    home: PathBuf,
    /// The folder on the host that holds it.
    store: PathBuf,
    /// The user the engine runs as, when not congo's own.
    user: Option<u32>,
}

impl Cell {
    /// A cell as it is.
    pub(super) fn at(home: PathBuf, store: PathBuf, user: Option<u32>) -> Cell {
        Cell { home, store, user }
    }

    /// The cell of an engine with the folder `folder` (none: it gets the
    /// empty store as its folder), stored at `store`: copied there unless
    /// an earlier run of the tournament already did (a resumed tournament
    /// goes on with what its engines left), and handed to `user`.
    pub(super) fn prepare(
        folder: Option<&Path>,
        store: &Path,
        user: Option<u32>,
    ) -> io::Result<Cell> {
        if !store.exists() {
            let name = store.file_name().unwrap_or_default().to_string_lossy();
            let part = store.with_file_name(format!(".{name}.part"));
            if part.exists() {
                // A copy of congo's own, cut short by a stop.
                fs::remove_dir_all(&part)?;
            } else if let Some(parent) = store.parent() {
                fs::create_dir_all(parent)?;
            }
            match folder {
                Some(folder) => copy_tree(folder, &part, user)?,
                None => make_dir(&part, user)?,
            }
            fs::rename(&part, store)?;
        }
        let home = folder.map_or_else(|| store.to_owned(), Path::to_owned);
        Ok(Cell::at(home, store.to_owned(), user))
    }

    /// The folder as the engine sees it.
    pub fn home(&self) -> &Path {
        &self.home
    }

    /// The folder on the host behind it.
    pub fn store(&self) -> &Path {
        &self.store
    }

    /// The user the engine runs as, when not congo's.
    pub fn user(&self) -> Option<u32> {
        self.user
    }
}

/// Makes the folder `path`, owned by `user`.
fn make_dir(path: &Path, user: Option<u32>) -> io::Result<()> {
    fs::create_dir(path)?;
    hand_over(path, user)
}

/// Gives `path` (not what a link points to) to `user`.
fn hand_over(path: &Path, user: Option<u32>) -> io::Result<()> {
    match user {
        Some(user) => lchown(path, Some(user), Some(user)),
        None => Ok(()),
    }
}

/// Copies the folder `from` to `to` (which must not exist), every file,
/// folder and link given to `user`. A link is copied as a link, never
/// followed, so that a link in a class's folder cannot copy a file of
/// the host's into an engine's reach; sockets, devices and pipes are not
/// copied.
fn copy_tree(from: &Path, to: &Path, user: Option<u32>) -> io::Result<()> {
    make_dir(to, user)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type()?;
        if kind.is_symlink() {
            symlink(fs::read_link(&source)?, &target)?;
        } else if kind.is_dir() {
            copy_tree(&source, &target, user)?;
            continue;
        } else if kind.is_file() {
            fs::copy(&source, &target)?;
        } else {
            continue;
        }
        hand_over(&target, user)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_copies_files_and_folders_and_keeps_links_as_links() {
        let dir = std::env::temp_dir().join(format!("congo-cell-{}", std::process::id()));
        let folder = dir.join("alice");
        fs::create_dir_all(folder.join("data")).unwrap();
        fs::write(folder.join("run"), "#!/bin/sh\n").unwrap();
        fs::write(folder.join("data").join("book"), "e1e2\n").unwrap();
        symlink("/etc/hostname", folder.join("host")).unwrap();
        let store = dir.join("store");
        let cell = Cell::prepare(Some(&folder), &store, None).unwrap();
        assert_eq!(cell.home(), folder);
        assert_eq!(cell.store(), store);
        assert_eq!(
            fs::read_to_string(store.join("data").join("book")).unwrap(),
            "e1e2\n"
        );
        assert_eq!(
            fs::read_link(store.join("host")).unwrap(),
            Path::new("/etc/hostname")
        );
        // A second preparation (a resumed tournament) keeps what is there.
        fs::write(store.join("learned"), "kept").unwrap();
        Cell::prepare(Some(&folder), &store, None).unwrap();
        assert_eq!(fs::read_to_string(store.join("learned")).unwrap(), "kept");
        let empty = Cell::prepare(None, &dir.join("scratch"), None).unwrap();
        assert_eq!(empty.home(), dir.join("scratch"));
        assert_eq!(fs::read_dir(empty.store()).unwrap().count(), 0);
        fs::remove_dir_all(dir).unwrap();
    }
}
