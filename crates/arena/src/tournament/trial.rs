//! The trial before a confined tournament's first game: one program run
//! in a cell of its own, confined and held to the limits exactly as the
//! engines will be, so that a sandbox that cannot start engines here
//! stops the tournament before it plays a game, rather than losing every
//! game of every engine to one cause.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::engine_process::Seat;
use crate::limits::Enforcer;
use crate::sandbox::{Sandbox, SandboxError, TRIAL};

/// How long the trial program may take to start and end: generous, for
/// a machine under load.
const PATIENCE: Duration = Duration::from_secs(30);

/// Runs a `run` of the trial's own folder, copied into a cell in `cells`
/// and started from there as a student's is, confined under `sandbox`
/// and held to `limits`; or says what it said when it did not run (a
/// cell on a file system that runs no programs fails here).
pub(super) fn trial(
    sandbox: &Sandbox,
    cells: &Path,
    limits: &Arc<Enforcer>,
) -> Result<(), SandboxError> {
    let folder = cells.join(SOURCE);
    let run = folder.join("run");
    let written = fs::create_dir_all(&folder)
        .and_then(|()| fs::write(&run, "#!/bin/sh\nexit 0\n"))
        .and_then(|()| fs::set_permissions(&run, fs::Permissions::from_mode(0o755)));
    written.map_err(|error| SandboxError::Trial(format!("{}: {error}", run.display())))?;
    let command = vec![run.display().to_string()];
    let confinement = sandbox.confine(0, TRIAL, Some(&folder), &command, cells);
    Seat::new(command, TRIAL, None)
        .in_folder(Some(folder))
        .limited(Some(Arc::clone(limits)))
        .confined(Some(confinement))
        .trial(PATIENCE)
        .map_err(SandboxError::Trial)
}

/// The trial's own folder, among the cells (no engine's name starts
/// with a dot).
const SOURCE: &str = ".trial-source";
