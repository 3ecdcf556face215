//! Confinement of untrusted engines under bubblewrap (`bwrap`, Debian's
//! `bubblewrap`): the engine sees the whole file system read-only but for
//! its own working folder and a scratch `/tmp` of its own, and has no
//! network.

use std::fmt;
use std::path::Path;
use std::process::{Command, Stdio};

/// Engines are started under bubblewrap.
#[derive(Clone, Debug)]
pub struct Sandbox {
    program: String,
}

/// Why engines cannot be confined here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SandboxError(String);

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SandboxError {}

impl Sandbox {
    /// Bubblewrap, once it is shown to work here: it runs `true` confined.
    pub fn new() -> Result<Sandbox, SandboxError> {
        let program = "bwrap".to_owned();
        let tried = Command::new(&program)
            .args([
                "--ro-bind",
                "/",
                "/",
                "--dev",
                "/dev",
                "--unshare-net",
                "--",
                "true",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output();
        match tried {
            Err(_) => Err(SandboxError(
                "bubblewrap (bwrap) is not installed: install Debian's bubblewrap package, or play without --sandbox"
                    .to_owned(),
            )),
            Ok(output) if !output.status.success() => Err(SandboxError(format!(
                "bubblewrap does not work here: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ))),
            Ok(_) => Ok(Sandbox { program }),
        }
    }

    /// `command`, confined: `folder` is the one place it may write, besides
    /// its own `/tmp`; it starts there.
    pub fn wrap(&self, command: &[String], folder: &Path) -> Vec<String> {
        let folder = folder.display().to_string();
        let mut wrapped: Vec<String> = [
            self.program.as_str(),
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--tmpfs",
            "/tmp",
            "--bind",
            &folder,
            &folder,
            "--chdir",
            &folder,
            "--unshare-net",
            "--die-with-parent",
            "--new-session",
            "--",
        ]
        .map(str::to_owned)
        .to_vec();
        wrapped.extend_from_slice(command);
        wrapped
    }
}
