//! A confined engine's own folder. On the host it is a copy of the
//! engine's folder, made once and owned by the engine's user, so that the
//! engine may write there as it likes while the original stays as the
//! class handed it in; the engine sees the copy at its folder's own path.
//!
//! The copy lies in a guard folder of the engine user's (mode 0700), so
//! that no other user of the machine can reach into it, and it is taken
//! as the folder was when each entry was looked at: a file or folder
//! swapped for a link while it is copied is refused, never followed.

use std::fs::{self, File};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt, lchown, symlink};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

use super::disk::Disks;

/// The most a folder may hold to be copied into a cell without `--disk`,
/// in bytes (files' lengths, holes counted); with it, the disk's size.
pub const MOST_COPIED: u64 = 1 << 30;

/// Where a confined engine lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The folder as the engine sees it, where it starts.
    home: PathBuf,
    /// The folder on the host that holds it.
    store: PathBuf,
    /// The user the engine runs as, when not congo's own.
    user: Option<u32>,
    /// The engine's program when it lies outside its folder: the file on
    /// the host, and where the engine sees it.
    program: Option<(PathBuf, PathBuf)>,
}

impl Cell {
    /// A cell as it is.
    pub(super) fn at(home: PathBuf, store: PathBuf, user: Option<u32>) -> Cell {
        Cell {
            home,
            store,
            user,
            program: None,
        }
    }

    /// The cell, its engine's program being the host's file `source`,
    /// seen at `shown`.
    pub(super) fn running(self, source: PathBuf, shown: PathBuf) -> Cell {
        Cell {
            program: Some((source, shown)),
            ..self
        }
    }

    /// The engine's program when it lies outside its folder: the file on
    /// the host, and where the engine sees it.
    pub fn program(&self) -> Option<(&Path, &Path)> {
        self.program
            .as_ref()
            .map(|(source, shown)| (source.as_path(), shown.as_path()))
    }

    /// The cell of an engine with the folder `folder` (none: it gets an
    /// empty folder, seen where it is stored), kept in the guard folder
    /// `guard`: copied there unless an earlier run of the tournament
    /// already did (a resumed tournament goes on with what its engines
    /// left), and handed to `user`. With `disk`, the cell is a file
    /// system of its own in the image file given, of the disk's size. A
    /// copy that fails leaves nothing.
    pub(super) fn prepare(
        folder: Option<&Path>,
        guard: &Path,
        user: Option<u32>,
        disk: Option<(&Disks, PathBuf)>,
    ) -> io::Result<Cell> {
        let store = guard.join("home");
        if !guard.exists() {
            if let Some(parent) = guard.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::create_dir(guard)?;
            fs::set_permissions(guard, fs::Permissions::from_mode(0o700))?;
            hand_over(guard, user)?;
        }
        let most = disk
            .as_ref()
            .map_or(MOST_COPIED, |(disks, _)| disks.bytes());
        let fill = |to: &Path| match folder {
            Some(folder) => Copy::new(user, most).contents(folder, to),
            None => Ok(()),
        };
        match (&disk, user) {
            (Some((disks, image)), Some(user)) => disks.mount(image, &store, user, fill)?,
            _ if store.exists() => {}
            _ => {
                let part = guard.join(".home.part");
                if part.exists() {
                    // A copy of congo's own, cut short by a stop.
                    fs::remove_dir_all(&part)?;
                }
                let copied = make_dir(&part, user)
                    .and_then(|()| fill(&part))
                    .and_then(|()| fs::rename(&part, &store));
                if let Err(error) = copied {
                    let _ = fs::remove_dir_all(&part);
                    return Err(error);
                }
            }
        }
        let home = folder.map_or_else(|| store.clone(), Path::to_owned);
        Ok(Cell::at(home, store, user))
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

/// A copy of a folder under way: who gets it, how much it holds, and the
/// most it may.
struct Copy {
    user: Option<u32>,
    bytes: u64,
    most: u64,
}

impl Copy {
    fn new(user: Option<u32>, most: u64) -> Copy {
        Copy {
            user,
            bytes: 0,
            most,
        }
    }

    /// Copies the folder `from` to `to` (which must not exist).
    fn tree(&mut self, from: &Path, to: &Path) -> io::Result<()> {
        make_dir(to, self.user)?;
        self.contents(from, to)
    }

    /// Copies what the folder `from` holds into the folder `to`, every
    /// file, folder and link given to the user. A link is copied as a
    /// link; sockets, devices and pipes are not copied; permissions keep
    /// only their read, write and run bits.
    fn contents(&mut self, from: &Path, to: &Path) -> io::Result<()> {
        let seen = fs::symlink_metadata(from)?;
        let folder = open_as_seen(from, &seen)?;
        let listed = Path::new("/proc/self/fd").join(folder.as_raw_fd().to_string());
        for entry in fs::read_dir(listed)? {
            let entry = entry?;
            let (source, target) = (from.join(entry.file_name()), to.join(entry.file_name()));
            let seen = fs::symlink_metadata(&source)?;
            if seen.file_type().is_symlink() {
                symlink(fs::read_link(&source)?, &target)?;
                hand_over(&target, self.user)?;
            } else if seen.is_dir() {
                self.tree(&source, &target)?;
            } else if seen.is_file() {
                self.file(&source, &seen, &target)?;
            }
        }
        Ok(())
    }

    /// Copies the file `from`, as `seen`, to `to`; unless it is a hard
    /// link to a file others may not read (a student's way to a file of
    /// the machine's, such as `/etc/shadow`, which congo could read):
    /// that one is passed over.
    fn file(&mut self, from: &Path, seen: &fs::Metadata, to: &Path) -> io::Result<()> {
        if seen.nlink() > 1 && seen.mode() & 0o004 == 0 {
            return Ok(());
        }
        self.bytes += seen.len();
        if self.bytes > self.most {
            return Err(io::Error::other(format!(
                "the folder holds more than {} MB",
                self.most >> 20
            )));
        }
        let mut source = open_as_seen(from, seen)?;
        let mut target = File::create(to)?;
        io::copy(&mut source, &mut target)?;
        target.set_permissions(fs::Permissions::from_mode(seen.mode() & 0o777))?;
        hand_over(to, self.user)
    }
}

/// Linux's `O_NONBLOCK` (the same on x86, Arm, RISC-V, POWER and s390),
/// so that a pipe put in a file's place cannot hold the copy up.
const NONBLOCK: i32 = 0o4000;

/// Opens `path`, which must still be what `seen` found there: a link or
/// pipe put in its place since is refused, never followed or waited on.
pub(crate) fn open_as_seen(path: &Path, seen: &fs::Metadata) -> io::Result<File> {
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(NONBLOCK)
        .open(path)?;
    let opened = file.metadata()?;
    if (opened.dev(), opened.ino()) != (seen.dev(), seen.ino()) {
        return Err(io::Error::other(format!(
            "{} changed while it was copied",
            path.display()
        )));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("congo-cell-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_cell_copies_files_and_folders_and_keeps_links_as_links() {
        let dir = scratch("copy");
        let folder = dir.join("alice");
        fs::create_dir_all(folder.join("data")).unwrap();
        fs::write(folder.join("run"), "#!/bin/sh\n").unwrap();
        fs::set_permissions(folder.join("run"), fs::Permissions::from_mode(0o4755)).unwrap();
        fs::write(folder.join("data").join("book"), "e1e2\n").unwrap();
        symlink("/etc/hostname", folder.join("host")).unwrap();
        let guard = dir.join("cells").join("alice");
        let cell = Cell::prepare(Some(&folder), &guard, None, None).unwrap();
        let store = guard.join("home");
        assert_eq!(cell.home(), folder);
        assert_eq!(cell.store(), store);
        let mode = |path: &Path| fs::metadata(path).unwrap().mode() & 0o7777;
        assert_eq!(mode(&guard), 0o700);
        // No set-user-ID bit survives the copy.
        assert_eq!(mode(&store.join("run")), 0o755);
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
        Cell::prepare(Some(&folder), &guard, None, None).unwrap();
        assert_eq!(fs::read_to_string(store.join("learned")).unwrap(), "kept");
        // A hard link to a file others may not read is not copied.
        let secret = dir.join("secret");
        fs::write(&secret, "root's").unwrap();
        fs::set_permissions(&secret, fs::Permissions::from_mode(0o600)).unwrap();
        let linked = dir.join("linked");
        fs::create_dir_all(&linked).unwrap();
        fs::hard_link(&secret, linked.join("secret")).unwrap();
        fs::write(linked.join("own"), "mine").unwrap();
        let guard = dir.join("cells").join("linked");
        Cell::prepare(Some(&linked), &guard, None, None).unwrap();
        assert!(!guard.join("home/secret").exists());
        assert!(guard.join("home/own").exists());
        let empty = Cell::prepare(None, &dir.join("cells").join("bob"), None, None).unwrap();
        assert_eq!(empty.home(), empty.store());
        assert_eq!(fs::read_dir(empty.store()).unwrap().count(), 0);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_folder_too_big_or_swapped_is_refused_and_leaves_nothing() {
        let dir = scratch("refused");
        let folder = dir.join("sparse");
        fs::create_dir_all(&folder).unwrap();
        let big = File::create(folder.join("book.bin")).unwrap();
        big.set_len(MOST_COPIED + 1).unwrap();
        let guard = dir.join("cells").join("sparse");
        let error = Cell::prepare(Some(&folder), &guard, None, None).unwrap_err();
        assert_eq!(error.to_string(), "the folder holds more than 1024 MB");
        assert_eq!(fs::read_dir(&guard).unwrap().count(), 0);
        // A file swapped for a link after it was looked at is not
        // followed.
        let file = folder.join("book.bin");
        let seen = fs::symlink_metadata(&file).unwrap();
        fs::remove_file(&file).unwrap();
        symlink("/etc/hostname", &file).unwrap();
        let error = open_as_seen(&file, &seen).unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with("book.bin changed while it was copied")
        );
        fs::remove_dir_all(dir).unwrap();
    }
}
