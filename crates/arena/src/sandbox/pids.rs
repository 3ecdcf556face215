//! Unconfined engines run by an ordinary user: each in a PID namespace
//! of its own (util-linux's `unshare`, from an unprivileged user
//! namespace), so that every process it starts, a daemon in a session of
//! its own included, ends with it. Root has control groups for that.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `unshare`, once it is shown to make a PID namespace here.
pub fn own_pids() -> Option<PathBuf> {
    let unshare = congo_kit::process::find_program("unshare", None).ok()?;
    let trial = in_own_pids(&unshare, &["true".to_owned()]);
    Command::new(&trial[0])
        .args(&trial[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
        .then_some(unshare)
}

/// What `unshare` is told: a user namespace mapping congo's user to
/// itself, a PID namespace of its own started by a child, and that child
/// killed if `unshare` itself is.
const OPTIONS: [&str; 6] = [
    "--user",
    "--map-current-user",
    "--pid",
    "--fork",
    "--kill-child",
    "--",
];

/// `command`, started in a PID namespace of its own by `unshare`, under
/// a shell that stands as the namespace's first process: the engine is
/// not that first process, whom the kernel shields from the signals it
/// sends itself, so that its crash reads as anywhere else's.
pub fn in_own_pids(unshare: &Path, command: &[String]) -> Vec<String> {
    let mut words = vec![unshare.display().to_string()];
    words.extend(OPTIONS.map(str::to_owned));
    words.extend(["sh", "-c", "\"$@\"; exit $?", "sh"].map(str::to_owned));
    words.extend_from_slice(command);
    words
}

/// The processes besides the engine's that [`in_own_pids`] runs:
/// `unshare` and the shell.
pub const OWN_PIDS_TASKS: u32 = 2;
