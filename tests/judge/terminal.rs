//! A person typing at a terminal: a hint, each case answered at once, and
//! no Ctrl-D needed.

use std::process::Command;

use crate::common::{self, text};

/// Runs `congo ARGS` under a pseudo-terminal (through Python's `pty`),
/// types `typed` without ever ending the input, and returns what the
/// terminal showed and whether congo exited by itself within 10 s; `None`
/// (with a notice) where there is no python3 to do it.
fn at_terminal(args: &[&str], typed: &str) -> Option<(String, bool)> {
    const SCRIPT: &str = r#"
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:-1])
os.write(fd, sys.argv[-1].encode())
shown, exited, deadline = b"", False, time.time() + 10
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        shown += chunk
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        exited = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        # What it wrote just before exiting may still wait in the pty.
        while select.select([fd], [], [], 0.2)[0]:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        break
if not exited:
    os.kill(pid, 9)
sys.stdout.write(shown.decode(errors="replace").replace("\r", ""))
sys.stdout.write("\n<exited>" if exited else "\n<still running>")
"#;
    let mut command = Command::new("python3");
    command.arg("-c").arg(SCRIPT).arg(common::CONGO);
    let output = match command.args(args).arg(typed).output() {
        Ok(output) if output.status.success() => output,
        _ => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "skipped: no python3 to drive a terminal");
            return None;
        }
    };
    let shown = text(&output.stdout);
    let exited = shown.ends_with("<exited>");
    Some((shown, exited))
}

#[test]
fn a_case_typed_at_the_terminal_is_answered_and_needs_no_ctrl_d() {
    let Some((shown, exited)) = at_terminal(&["lion"], "1\n3l3/7/7/7/7/7/3L3 w 1\n") else {
        return;
    };
    assert!(shown.contains("each is answered at once"), "{shown}");
    assert!(
        shown.contains("\nd1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n"),
        "{shown}"
    );
    assert!(exited, "congo waited for more input: {shown}");
    // Two cases: the first answer shows before the second is typed in
    // full, and the second ends the run.
    let Some((shown, exited)) = at_terminal(
        &["zebra"],
        "2\n3l3/7/7/7/7/3Z3/3L3 w 1\n3l3/7/7/7/7/7/3L3 w 1\n",
    ) else {
        return;
    };
    assert!(exited, "{shown}");
    assert!(shown.contains("d2b1 d2b3 d2c4 d2e4 d2f1 d2f3\n"), "{shown}");
}
