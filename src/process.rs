//! Running other programs: each in its own process group, so that
//! stopping it also stops whatever it started (a shell script's children).

use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};

/// Starts `program` (name and arguments) with piped standard streams;
/// stderr is piped too when `keep_stderr`, else discarded.
pub(crate) fn spawn(program: &[String], keep_stderr: bool) -> io::Result<Child> {
    let (name, args) = program
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no program given"))?;
    Command::new(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if keep_stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .process_group(0)
        .spawn()
}

/// Kills a child and its whole process group, and reaps it.
pub(crate) fn stop(child: &mut Child) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
    let _ = child.wait();
}
