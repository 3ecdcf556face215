//! Unconfined engines run by an ordinary user: each in a PID namespace
//! of its own (util-linux's `unshare`, from an unprivileged user
//! namespace), so that every process it starts, a daemon in a session of
//! its own included, ends with it. Root has control groups for that.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `unshare`, once it is shown to make a PID namespace here.
pub fn own_pids() -> Option<PathBuf> {
    let unshare = crate::process::find_program("unshare", None).ok()?;
    let mut trial = vec![unshare.display().to_string()];
    trial.extend(OPTIONS.map(str::to_owned));
    trial.push("true".to_owned());
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
/// itself, a PID namespace whose first process is the engine, and the
/// engine killed if `unshare` itself is.
pub const OPTIONS: [&str; 6] = [
    "--user",
    "--map-current-user",
    "--pid",
    "--fork",
    "--kill-child",
    "--",
];

/// `command`, started in a PID namespace of its own by `unshare`.
pub fn in_own_pids(unshare: &Path, command: &[String]) -> Vec<String> {
    let mut words = vec![unshare.display().to_string()];
    words.extend(OPTIONS.map(str::to_owned));
    words.extend_from_slice(command);
    words
}
