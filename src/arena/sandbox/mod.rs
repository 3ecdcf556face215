//! Confinement of untrusted engines under bubblewrap (`bwrap`, Debian's
//! `bubblewrap`). A confined engine runs without privileges (every
//! capability dropped, no new privileges, and as a user of its own when
//! congo runs as root), in namespaces of its own (user, PID, IPC, UTS,
//! network, cgroup), killed with its parent, and sees only the system's
//! programs and libraries (read-only), its own folder (its [`Cell`],
//! writable), a private `/tmp`, and the folders a tournament shares with
//! every engine (read-only).

mod cell;
mod user;

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub use cell::Cell;
use user::Identity;

/// The folders of the system's programs and libraries an engine sees,
/// read-only (or as the links they are, on a merged-`/usr` system).
const SYSTEM: [&str; 9] = [
    "/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// The `PATH` a confined engine is given: the system's folders only.
const PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// Engines are started under bubblewrap.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// Who engines run as: a user of their own, or congo's.
    identity: Identity,
    /// Folders every engine may read.
    shared: Vec<PathBuf>,
}

/// Why engines cannot be confined here.
#[derive(Debug)]
pub enum SandboxError {
    /// bubblewrap is not installed.
    Missing,
    /// congo runs as root and util-linux's `setpriv` is missing, so that an
    /// engine could not be made to leave root's rights.
    NoSetpriv,
    /// bubblewrap failed to confine `true`: what it said.
    Broken(String),
    /// A shared folder is no folder.
    Shared(PathBuf, io::Error),
    /// An engine's folder could not be prepared.
    Cell(PathBuf, io::Error),
}

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SandboxError::Missing => f.write_str(
                "bubblewrap (bwrap) is not installed: install Debian's bubblewrap package, or play without --sandbox",
            ),
            SandboxError::NoSetpriv => f.write_str(
                "congo runs as root and setpriv (util-linux) is missing, so engines would keep root's rights: install util-linux",
            ),
            SandboxError::Broken(said) => write!(f, "bubblewrap does not work here: {said}"),
            SandboxError::Shared(path, error) => {
                write!(f, "cannot share {}: {error}", path.display())
            }
            SandboxError::Cell(path, error) => {
                write!(f, "cannot prepare {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for SandboxError {}

impl Sandbox {
    /// Bubblewrap, once it is shown to work here (it confines `true`),
    /// with `shared` the folders every engine may read.
    pub fn new(shared: &[PathBuf]) -> Result<Sandbox, SandboxError> {
        let identity = Identity::here();
        if !program_exists("bwrap") {
            return Err(SandboxError::Missing);
        }
        if identity.is_root() && !program_exists("setpriv") {
            return Err(SandboxError::NoSetpriv);
        }
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
            kept.push(found);
        }
        let sandbox = Sandbox {
            identity,
            shared: kept,
        };
        sandbox.try_true()?;
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

    /// The cell of the engine at `place` in the roster, whose folder is
    /// `folder` (`None`: it has none, and gets an empty one), kept on the
    /// host in `store`: a copy made once, which the engine may change as it
    /// likes without touching the original.
    pub fn cell(
        &self,
        place: usize,
        folder: Option<&Path>,
        store: &Path,
    ) -> Result<Cell, SandboxError> {
        let user = self.identity.engine_user(place);
        Cell::prepare(folder, store, user)
            .map_err(|error| SandboxError::Cell(store.to_owned(), error))
    }

    /// Who the engines run as, in words.
    pub fn identity_words(&self) -> String {
        self.identity.words()
    }

    /// Who engines run as unconfined, in words: congo's own user.
    pub fn unconfined_words() -> String {
        Identity::here().own_words()
    }

    /// `command`, confined to `cell`: it starts in the cell's folder.
    pub fn wrap(&self, command: &[String], cell: &Cell) -> Vec<String> {
        let mut words = Words::default();
        if let Some(user) = cell.user() {
            // Root's rights are left before bubblewrap starts, so that
            // it makes its namespaces as an ordinary user would.
            let user = user.to_string();
            words.add(&["setpriv", "--reuid", &user, "--regid", &user]);
            words.add(&["--clear-groups", "--no-new-privs", "--"]);
        }
        words.add(&[
            "bwrap",
            "--unshare-all",
            "--unshare-user",
            "--disable-userns",
        ]);
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
        if let Some(program) = outside_program(&command, cell) {
            words.read_only(&program);
            command[0] = program.display().to_string();
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

    fn read_only(&mut self, path: &Path) {
        let name = path.display().to_string();
        self.add(&["--ro-bind", &name, &name]);
    }
}

/// The program of `command` when it lies outside the engine's folder and
/// the system's: found as the host would find it, and shown to the engine
/// read-only at the same place.
fn outside_program(command: &[String], cell: &Cell) -> Option<PathBuf> {
    let program = Path::new(command.first()?);
    let found = if program.components().count() > 1 {
        program.canonicalize().ok()?
    } else {
        on_path(program)?
    };
    let inside = |folder: &Path| found.starts_with(folder);
    let seen = inside(cell.home()) || SYSTEM.iter().any(|folder| inside(Path::new(folder)));
    (!seen).then_some(found)
}

/// Where the host's `PATH` finds the program `name`.
fn on_path(name: &Path) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|folder| folder.join(name))
        .find(|candidate| candidate.is_file())
        .and_then(|found| found.canonicalize().ok())
}

/// Whether the host's `PATH` has `name`.
fn program_exists(name: &str) -> bool {
    on_path(Path::new(name)).is_some()
}
