//! Confinement of untrusted engines under bubblewrap (`bwrap`, Debian's
//! `bubblewrap`). A confined engine runs without privileges (every
//! capability dropped, no new privileges, and as a user of its own when
//! congo runs as root), in namespaces of its own (user, PID, IPC, UTS,
//! network, cgroup), killed with its parent, and sees only the system's
//! programs and libraries (read-only), its own folder (its [`Cell`],
//! writable), a private `/tmp`, and the folders a tournament shares with
//! every engine (read-only).

mod cell;
mod disk;
mod pids;
mod program;
mod user;

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub use cell::Cell;
pub(crate) use cell::open_as_seen;
use disk::Disks;
pub(crate) use pids::{OWN_PIDS_TASKS, in_own_pids};
use program::{closed_above, root_folder};
pub use user::FIRST_USER;
use user::Identity;

/// The folder, among a tournament's cells, of their file systems' images.
const DISKS: &str = ".disks";

/// The name of the trial engine's cell among the engines' (no engine's
/// name starts with a dot).
pub const TRIAL: &str = ".trial";

/// The folders of the system's programs and libraries an engine sees,
/// read-only (or as the links they are, on a merged-`/usr` system).
const SYSTEM: [&str; 9] = [
    "/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// Where the cells of each tournament lie when congo is root. Engines
/// then run as users of their own, who could not reach cells kept under
/// the output folder of a private home (mode 0700 or 0750); this folder
/// and those above it are root's, and others may pass through it but
/// not list it.
pub const ROOT_CELLS: &str = "/var/lib/congo/cells";

/// The `PATH` a confined engine is given: the system's folders only.
const PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// Engines are started under bubblewrap.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// Who engines run as: a user of their own, or congo's.
    identity: Identity,
    /// Folders every engine may read.
    shared: Vec<PathBuf>,
    /// The programs that confine an engine, found once.
    tools: Tools,
    /// The file systems that bound each cell's size, when they can be had.
    disks: Option<Disks>,
}

/// Where the programs a confinement needs are.
#[derive(Clone, Debug)]
struct Tools {
    bwrap: PathBuf,
    /// Only when congo is root, to leave root's rights.
    setpriv: Option<PathBuf>,
    /// The shell that closes what congo had open before the rest starts.
    bash: PathBuf,
    /// coreutils' `env`, which clears the environment.
    env: PathBuf,
}

/// How one engine is confined: in its cell, or not at all, since its
/// cell could not be made (it then loses its games, for that reason).
#[derive(Clone, Debug)]
pub enum Confinement {
    /// Confined by the sandbox to the cell.
    Cell(Box<(Sandbox, Cell)>),
    /// Why its cell could not be made.
    Failed(String),
    /// Not confined, but in a PID namespace of its own, started by this
    /// `unshare`: whatever it starts ends with it.
    OwnPids(PathBuf),
}

/// Why engines cannot be confined here.
#[derive(Debug)]
pub enum SandboxError {
    /// bubblewrap is not installed.
    Missing,
    /// bash is not installed (it closes what congo inherited).
    NoBash,
    /// A file or folder that must stay private lies where every engine
    /// may read it: the path, and the folder engines see.
    Exposed(PathBuf, PathBuf),
    /// congo runs as root and util-linux's `setpriv` is missing, so that an
    /// engine could not be made to leave root's rights.
    NoSetpriv,
    /// bubblewrap failed to confine `true`: what it said.
    Broken(String),
    /// A shared folder is no folder.
    Shared(PathBuf, io::Error),
    /// A shared folder lies beyond a folder that engines' users may not
    /// pass through: the shared folder, and that folder.
    Closed(PathBuf, PathBuf),
    /// The folder of the cells cannot be made or is not root's alone:
    /// the folder, and why.
    Cells(PathBuf, String),
    /// A trial engine, confined as the engines will be, did not run:
    /// what it said.
    Trial(String),
    /// `--disk` needs this program, which is missing.
    NoDisk(&'static str),
    /// A user ID engines would run as is in use: it, and by whom.
    UserTaken(u32, String),
}

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SandboxError::Missing => f.write_str(
                "bubblewrap (bwrap) is not installed: install Debian's bubblewrap package, or play without --sandbox",
            ),
            SandboxError::NoBash => f.write_str(
                "bash is not installed, and it closes what congo had open before an engine starts: install Debian's bash package",
            ),
            SandboxError::Exposed(path, folder) => write!(
                f,
                "{} lies in {}, which every confined engine may read: move it elsewhere",
                path.display(),
                folder.display()
            ),
            SandboxError::NoSetpriv => f.write_str(
                "congo runs as root and setpriv (util-linux) is missing, so engines would keep root's rights: install util-linux",
            ),
            SandboxError::Broken(said) => write!(f, "bubblewrap does not work here: {said}"),
            SandboxError::Shared(path, error) => {
                write!(f, "cannot share {}: {error}", path.display())
            }
            SandboxError::Closed(path, closed) => write!(
                f,
                "cannot share {}: engines run as users of their own, who may not pass through {} (only its owner may): share a folder others may pass through (chmod o+x), such as one under /srv or /opt",
                path.display(),
                closed.display()
            ),
            SandboxError::Cells(path, why) => write!(
                f,
                "cannot keep the engines' folders in {}: {why}",
                path.display()
            ),
            SandboxError::NoDisk(program) => write!(
                f,
                "{program} is missing, and --disk makes each cell a file system of its own with it: install Debian's e2fsprogs and mount, or add --disk none"
            ),
            SandboxError::UserTaken(uid, by) => write!(
                f,
                "engines would run as uid {uid}, but {by}: name free user IDs with --first-uid N"
            ),
            SandboxError::Trial(said) => write!(
                f,
                "a trial program confined as the engines will be did not run, so no engine would: {said}"
            ),
        }
    }
}

impl std::error::Error for SandboxError {}

impl Sandbox {
    /// Bubblewrap, once it is shown to work here (it confines `true`),
    /// with `shared` the folders every engine may read, each cell bound
    /// to `disk` bytes where congo can (as root).
    pub fn new(shared: &[PathBuf], disk: Option<u64>) -> Result<Sandbox, SandboxError> {
        let identity = Identity::here();
        let bwrap = on_path(Path::new("bwrap")).ok_or(SandboxError::Missing)?;
        let bash = on_path(Path::new("bash")).ok_or(SandboxError::NoBash)?;
        let setpriv = match identity.is_root() {
            true => Some(on_path(Path::new("setpriv")).ok_or(SandboxError::NoSetpriv)?),
            false => None,
        };
        let env = on_path(Path::new("env")).unwrap_or_else(|| PathBuf::from("/usr/bin/env"));
        let tools = Tools {
            bwrap,
            setpriv,
            bash,
            env,
        };
        let mut kept = Vec::new();
        for folder in shared {
            let found = folder
                .canonicalize()
                .and_then(|path| {
                    path.is_dir()
                        .then_some(path)
                        .ok_or(io::ErrorKind::NotADirectory.into())
                })
                .map_err(|error| SandboxError::Shared(folder.clone(), error))?;
            if let Some(closed) = closed_above(&found).filter(|_| identity.is_root()) {
                return Err(SandboxError::Closed(found, closed));
            }
            kept.push(found);
        }
        let mut sandbox = Sandbox {
            identity,
            shared: kept,
            tools,
            disks: None,
        };
        sandbox.try_true()?;
        if let Some(bytes) = disk.filter(|_| identity.is_root()) {
            sandbox.disks = Some(Disks::find(bytes).map_err(SandboxError::NoDisk)?);
        }
        Ok(sandbox)
    }

    /// Runs `true` confined as a first engine would be.
    fn try_true(&self) -> Result<(), SandboxError> {
        let home = std::env::temp_dir();
        let probe = Cell::at(home.clone(), home, self.identity.engine_user(0));
        let command = self.wrap(&["true".to_owned()], &probe);
        let tried = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output();
        match tried {
            Err(error) if error.kind() == io::ErrorKind::NotFound => Err(SandboxError::Missing),
            Err(error) => Err(SandboxError::Broken(error.to_string())),
            Ok(output) if !output.status.success() => Err(SandboxError::Broken(
                String::from_utf8_lossy(&output.stderr).trim().to_owned(),
            )),
            Ok(_) => Ok(()),
        }
    }

    /// The sandbox, its `count` engines run (as root) as the users from
    /// `first` on, once each is shown to be free.
    pub fn users_from(mut self, first: u32, count: usize) -> Result<Sandbox, SandboxError> {
        self.identity = self.identity.with_first(first);
        for place in 0..count {
            if let Some(uid) = self.identity.engine_user(place)
                && let Some(by) = user::taken(uid)
            {
                return Err(SandboxError::UserTaken(uid, by));
            }
        }
        Ok(self)
    }

    /// The folder that holds the cells of the tournament whose output
    /// folder is `output` and whose cells' key is `key` (random, kept in
    /// the output folder): inside it when congo runs as an ordinary user;
    /// under [`ROOT_CELLS`] when root, so that no engine's user needs to
    /// pass through the folders above `output`.
    pub fn cells(&self, output: &Path, key: &str) -> Result<PathBuf, SandboxError> {
        if !self.identity.is_root() {
            let output = std::path::absolute(output).unwrap_or_else(|_| output.to_owned());
            return Ok(output.join("cells"));
        }
        let cells = Path::new(ROOT_CELLS).join(key);
        let images = cells.join(DISKS);
        let made = match self.disks {
            Some(_) => root_folder(&images),
            None => root_folder(&cells),
        };
        made.map_err(|why| SandboxError::Cells(cells.clone(), why))?;
        Ok(cells)
    }

    /// The confinement of the engine at `place` in the roster, started by
    /// `command` in its folder `folder` (`None`: it has none, and gets an
    /// empty one): its cell, kept in `cells` (see
    /// [`Sandbox::cells`]) under `name`, or why that cannot be.
    pub fn confine(
        &self,
        place: usize,
        name: &str,
        folder: Option<&Path>,
        command: &[String],
        cells: &Path,
    ) -> Confinement {
        let user = self.identity.engine_user(place);
        let guard = cells.join(name);
        // Root's cells: `cells` made them their folder of images.
        let disk = (self.disks.as_ref())
            .map(|disks| (disks, cells.join(DISKS).join(format!("{name}.img"))));
        let cell = match Cell::prepare(folder, &guard, user, disk) {
            Ok(cell) => cell,
            Err(error) => {
                return Confinement::Failed(format!(
                    "its folder could not be copied to {}: {error}",
                    guard.display()
                ));
            }
        };
        let Some(shown) = outside_program(command, &cell) else {
            return Confinement::Cell(Box::new((self.clone(), cell)));
        };
        let source = match user {
            Some(user) => program::stage(&shown, &guard, user),
            None => Ok(shown.clone()),
        };
        match source {
            Ok(source) => Confinement::Cell(Box::new((self.clone(), cell.running(source, shown)))),
            Err(error) => Confinement::Failed(format!(
                "its program {} could not be copied where its user may run it: {error}",
                shown.display()
            )),
        }
    }

    /// Unmounts the file systems of the cells in `cells`, once no engine
    /// runs: they are mounted again when the tournament is resumed.
    pub fn release(&self, cells: &Path) {
        let Some(disks) = &self.disks else {
            return;
        };
        for entry in fs::read_dir(cells).into_iter().flatten().flatten() {
            disks.unmount(&entry.path().join("home"));
        }
    }

    /// How each cell's size is bound, in words.
    pub fn disk_words(&self) -> String {
        match (&self.disks, self.identity.is_root()) {
            (Some(disks), _) => format!(
                "each cell is a file system of its own of {} MB (--disk)",
                disks.bytes() >> 20
            ),
            (None, root) => format!(
                "cells are plain folders, filled from at most {} MB{}",
                cell::MOST_COPIED >> 20,
                match root {
                    true => " (--disk none)",
                    false => ": a file system for each needs root",
                }
            ),
        }
    }

    /// Refuses `path` (an output folder, a class's folder, a players file)
    /// when it lies where every confined engine may read it.
    pub fn check_private(&self, path: &Path) -> Result<(), SandboxError> {
        let found = path
            .canonicalize()
            .or_else(|_| std::path::absolute(path))
            .unwrap_or_else(|_| path.to_owned());
        let seen = SYSTEM
            .iter()
            .map(PathBuf::from)
            .chain(self.shared.iter().cloned());
        for folder in seen {
            if found.starts_with(&folder) {
                return Err(SandboxError::Exposed(found, folder));
            }
        }
        Ok(())
    }

    /// Who the engines run as, in words.
    pub fn identity_words(&self) -> String {
        self.identity.words()
    }

    /// How engines run unconfined: in a PID namespace of their own, when
    /// congo is not root (which has control groups to end what they
    /// leave) and the kernel lets an ordinary user make one.
    pub fn unconfined() -> Option<Confinement> {
        match Identity::here().is_root() {
            true => None,
            false => pids::own_pids().map(Confinement::OwnPids),
        }
    }

    /// Whether congo runs as root here.
    pub fn root_here() -> bool {
        Identity::here().is_root()
    }

    /// Who engines run as unconfined, in words: congo's own user.
    pub fn unconfined_words() -> String {
        Identity::here().own_words()
    }

    /// `command`, confined to `cell`: it starts in the cell's folder.
    pub fn wrap(&self, command: &[String], cell: &Cell) -> Vec<String> {
        let mut words = Words::default();
        // Nothing congo was handed (open files, its environment) reaches
        // the engine, nor bubblewrap, which the engine can see.
        words.path(&self.tools.bash);
        words.add(&["-c", CLOSE_AND_CLEAR, "bash"]);
        words.path(&self.tools.env);
        words.add(&["-i"]);
        if let (Some(setpriv), Some(user)) = (&self.tools.setpriv, cell.user()) {
            // Root's rights are left before bubblewrap starts, so that
            // it makes its namespaces as an ordinary user would.
            let user = user.to_string();
            words.path(setpriv);
            words.add(&["--reuid", &user, "--regid", &user]);
            words.add(&["--clear-groups", "--no-new-privs", "--"]);
        }
        words.path(&self.tools.bwrap);
        words.add(&["--unshare-all", "--unshare-user", "--disable-userns"]);
        words.add(&["--hostname", "engine"]);
        words.add(&["--die-with-parent", "--new-session", "--cap-drop", "ALL"]);
        words.add(&[
            "--clearenv",
            "--setenv",
            "PATH",
            PATH,
            "--setenv",
            "TMPDIR",
            "/tmp",
        ]);
        let home = cell.home().display().to_string();
        words.add(&["--setenv", "HOME", &home]);
        for folder in SYSTEM {
            words.system(Path::new(folder));
        }
        words.add(&["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]);
        for folder in &self.shared {
            words.read_only(folder);
        }
        let mut command = command.to_vec();
        if let Some((source, shown)) = cell.program() {
            let (source, shown) = (source.display().to_string(), shown.display().to_string());
            words.add(&["--ro-bind", &source, &shown]);
            command[0] = shown;
        }
        let store = cell.store().display().to_string();
        words.add(&["--bind", &store, &home, "--chdir", &home, "--"]);
        words.0.extend(command);
        words.0
    }
}

/// How many processes of bubblewrap's own are in an engine's control
/// group besides the engine's: bubblewrap itself and the PID namespace's
/// first process. The thread limit is raised by these, so that it counts
/// the engine's tasks only.
pub const OWN_TASKS: u32 = 2;

/// The shell that closes every file congo had open but the standard
/// three (one it inherited open, without close-on-exec, would reach the
/// engine), then starts the rest (through `env -i`, with no environment).
const CLOSE_AND_CLEAR: &str = "for fd in /proc/self/fd/*; do fd=${fd##*/}; if [ \"$fd\" -gt 2 ]; then eval \"exec $fd>&-\"; fi; done; exec \"$@\"";

/// A command line being built.
#[derive(Default)]
struct Words(Vec<String>);

impl Words {
    fn add(&mut self, words: &[&str]) {
        self.0.extend(words.iter().map(|word| (*word).to_owned()));
    }

    /// A folder of the system's, as it is here: a link stays a link.
    fn system(&mut self, folder: &Path) {
        let name = folder.display().to_string();
        match folder.read_link() {
            Ok(target) => self.add(&["--symlink", &target.display().to_string(), &name]),
            Err(_) if folder.is_dir() => self.add(&["--ro-bind", &name, &name]),
            Err(_) => {}
        }
    }

    fn path(&mut self, path: &Path) {
        self.0.push(path.display().to_string());
    }

    fn read_only(&mut self, path: &Path) {
        let name = path.display().to_string();
        self.add(&["--ro-bind", &name, &name]);
    }
}

/// The program of `command` when it lies outside the engine's folder and
/// the system's: found as the host would find it, and shown to the engine
/// read-only at the same place. A program named in the engine's folder
/// is the cell's, whatever it links to.
fn outside_program(command: &[String], cell: &Cell) -> Option<PathBuf> {
    let program = Path::new(command.first()?);
    if program.starts_with(cell.home()) {
        return None;
    }
    let found = if program.components().count() > 1 {
        program.canonicalize().ok()?
    } else {
        on_path(program)?
    };
    let inside = |folder: &Path| found.starts_with(folder);
    let seen = inside(cell.home()) || SYSTEM.iter().any(|folder| inside(Path::new(folder)));
    (!seen).then_some(found)
}

/// Where the host's `PATH` finds the program `name`, as starting it
/// would, its links followed.
fn on_path(name: &Path) -> Option<PathBuf> {
    let found = congo_kit::process::find_program(name.to_str()?, None).ok()?;
    found.canonicalize().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_in_the_engines_folder_is_the_cells_whatever_it_links_to() {
        let dir = std::env::temp_dir().join(format!("congo-outside-{}", std::process::id()));
        let (mine, theirs) = (dir.join("trudy"), dir.join("alice"));
        std::fs::create_dir_all(&mine).unwrap();
        std::fs::create_dir_all(&theirs).unwrap();
        std::fs::write(theirs.join("run"), "#!/bin/sh\n").unwrap();
        std::os::unix::fs::symlink(theirs.join("run"), mine.join("run")).unwrap();
        let cell = Cell::at(mine.clone(), dir.join("store"), None);
        let run = [mine.join("run").display().to_string()];
        assert_eq!(outside_program(&run, &cell), None);
        // A program elsewhere is shown read-only where it is.
        let elsewhere = [theirs.join("run").display().to_string()];
        let found = theirs.join("run").canonicalize().unwrap();
        assert_eq!(outside_program(&elsewhere, &cell), Some(found));
        assert_eq!(outside_program(&["sh".to_owned()], &cell), None);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
