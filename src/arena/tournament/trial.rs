//! The trial before a confined tournament's first game: one program run
//! in a cell of its own, confined and held to the limits exactly as the
//! engines will be, so that a sandbox that cannot start engines here
//! stops the tournament before it plays a game, rather than losing every
//! game of every engine to one cause.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::arena::engine_process::Seat;
use crate::arena::limits::Enforcer;
use crate::arena::sandbox::{Sandbox, SandboxError, TRIAL};

/// How long the trial program may take to start and end: generous, for
/// a machine under load.
const PATIENCE: Duration = Duration::from_secs(30);

/// Runs `true` confined under `sandbox` in a cell in `cells`, held to
/// `limits`, or says what it said when it did not run.
pub(super) fn trial(
    sandbox: &Sandbox,
    cells: &Path,
    limits: &Arc<Enforcer>,
) -> Result<(), SandboxError> {
    let command = vec!["true".to_owned()];
    let confinement = sandbox.confine(0, TRIAL, None, &command, cells);
    Seat::new(command, TRIAL, None)
        .limited(Some(Arc::clone(limits)))
        .confined(Some(confinement))
        .trial(PATIENCE)
        .map_err(SandboxError::Trial)
}
