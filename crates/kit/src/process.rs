//! Processes: this one's peak memory, and running other programs: each
//! in its own process group (on Unix), so
//! that stopping it also stops whatever it started (a script's children),
//! and each watched by a [`Reaper`], so that none outlives congo however
//! congo ends (Ctrl-C, SIGTERM, SIGKILL, a crash). A program starts only
//! once the reaper knows it: it waits for a line congo sends after
//! telling the reaper, which never comes if congo dies in between.

#[cfg(unix)]
use std::io::Write;
use std::io::{self, BufRead};
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
#[cfg(unix)]
use std::sync::{Mutex, OnceLock, PoisonError};

/// Starts `program` (name and arguments) with piped standard streams;
/// stderr is piped too when `keep_stderr`, else discarded. The reaper
/// learns its process group.
pub fn spawn(program: &[String], keep_stderr: bool) -> io::Result<Child> {
    spawn_in(program, keep_stderr, None)
}

/// [`spawn`], started in the folder `folder` when given.
pub fn spawn_in(
    program: &[String],
    keep_stderr: bool,
    folder: Option<&std::path::Path>,
) -> io::Result<Child> {
    let mut command = held_command(program, folder)?;
    if let Some(folder) = folder {
        command.current_dir(folder);
    }
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if keep_stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    // Elsewhere than on Unix a program runs in congo's own group, and
    // stopping it stops it alone.
    #[cfg(unix)]
    command.process_group(0);
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut child = command.spawn()?;
    Reaper::tell(&format!("+{}", child.id()));
    #[cfg(unix)]
    if let Some(input) = child.stdin.as_mut() {
        // The reaper knows it: it may start.
        let _ = input.write_all(b"\n").and_then(|()| input.flush());
    }
    Ok(child)
}

/// The command that starts `program`: on Unix, held back until it is
/// told to go (see [`WAIT_FOR_REAPER`]).
fn held_command(program: &[String], folder: Option<&std::path::Path>) -> io::Result<Command> {
    let Some(name) = program.first() else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "no program given",
        ));
    };
    #[cfg(unix)]
    {
        find_program(name, folder)?;
        let mut command = Command::new("sh");
        command.args(["-c", WAIT_FOR_REAPER, "sh"]).args(program);
        Ok(command)
    }
    #[cfg(not(unix))]
    {
        let _ = folder;
        let mut command = Command::new(name);
        command.args(&program[1..]);
        Ok(command)
    }
}

/// The shell a program is started through: it reads one line, which
/// congo sends once the reaper has the program's group, then becomes the
/// program. If congo dies first, the line never comes, and neither does
/// the program.
#[cfg(unix)]
const WAIT_FOR_REAPER: &str = "IFS= read -r _ || exit 125; exec \"$@\"";

/// Where starting `name` would find it, or fails as starting it would
/// (not found, not executable), so that a program started through
/// [`WAIT_FOR_REAPER`] is refused as plainly as one started directly;
/// `folder` is where a relative path starts.
#[cfg(unix)]
pub fn find_program(
    name: &str,
    folder: Option<&std::path::Path>,
) -> io::Result<std::path::PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::path::Path::new(name);
    let candidates: Vec<std::path::PathBuf> = if name.contains('/') {
        vec![folder.map_or_else(|| path.to_owned(), |folder| folder.join(path))]
    } else {
        let searched = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&searched)
            .map(|dir| dir.join(path))
            .collect()
    };
    let mut refused = false;
    for candidate in candidates {
        match std::fs::metadata(&candidate) {
            Ok(found) if found.is_file() && found.permissions().mode() & 0o111 != 0 => {
                return Ok(candidate);
            }
            Ok(_) => refused = true,
            Err(_) => {}
        }
    }
    // The errors exec itself gives: ENOENT and EACCES.
    Err(io::Error::from_raw_os_error(if refused { 13 } else { 2 }))
}

/// Why `program` could not be started, with a way through where one is
/// likely: a script in this folder named without `./` (the shell looks
/// only on the PATH for bare names), or one that is not executable.
pub fn start_error(program: &str, error: &io::Error) -> String {
    let here = std::path::Path::new(program);
    let hint = match error.kind() {
        io::ErrorKind::NotFound if !program.contains('/') && here.is_file() => {
            format!("; did you mean ./{program}?")
        }
        io::ErrorKind::PermissionDenied if here.is_file() => {
            format!("; make it executable: chmod +x {program}")
        }
        _ => String::new(),
    };
    format!("{error}{hint}")
}

/// Has the reaper kill the tasks of the control group `group` (and of the
/// groups under it) and remove them all, if congo ends without doing so.
pub fn watch_group(group: &std::path::Path) {
    Reaper::tell(&format!(">{}", group.display()));
}

/// Tells the reaper that congo removed the control group `group` itself.
pub fn forget_group(group: &std::path::Path) {
    Reaper::tell(&format!("<{}", group.display()));
}

/// Has the reaper unmount the file system at `path` if congo ends
/// without doing so (Ctrl-C, SIGTERM, SIGKILL).
pub fn watch_mount(path: &std::path::Path) {
    Reaper::tell(&format!("@{}", path.display()));
}

/// Tells the reaper that congo unmounted the file system at `path`.
pub fn forget_mount(path: &std::path::Path) {
    Reaper::tell(&format!("!{}", path.display()));
}

/// Kills a child and its whole process group, and reaps it.
pub fn stop(child: &mut Child) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
    let _ = child.wait();
    Reaper::tell(&format!("-{}", child.id()));
}

/// A small shell process that holds the process groups of the programs
/// congo runs, the control groups it made and the file systems it
/// mounted, and kills them (removing the control groups, then
/// unmounting) when congo's end of its input pipe closes, which
/// happens however congo ends. It ignores the signals a terminal
/// sends, so that it outlives congo long enough to do its work. (Unix
/// only: elsewhere there is no reaper.)
#[cfg_attr(not(unix), allow(dead_code))]
struct Reaper {
    input: ChildStdin,
}

#[cfg(unix)]
const REAPER_SCRIPT: &str = r#"
trap '' INT TERM HUP
groups=' '
cgroups=''
mounts=''
while read -r line; do
  case $line in
    +*) groups="$groups${line#+} " ;;
    -*) groups=$(printf '%s' "$groups" | sed "s/ ${line#-} / /") ;;
    '>'*) cgroups="$cgroups
${line#>}" ;;
    '<'*) cgroups=$(printf '%s\n' "$cgroups" | grep -vxF -- "${line#<}") ;;
    @*) mounts="$mounts
${line#@}" ;;
    !*) mounts=$(printf '%s\n' "$mounts" | grep -vxF -- "${line#!}") ;;
  esac
done
for group in $groups; do env kill -KILL -- "-$group" 2>/dev/null; done
printf '%s\n' "$cgroups" | while IFS= read -r cgroup; do
  [ -n "$cgroup" ] || continue
  for try in 1 2 3 4 5 6 7 8 9 10; do
    for kill in $(find "$cgroup" -name cgroup.kill 2>/dev/null); do echo 1 > "$kill"; done
    for procs in $(find "$cgroup" -name cgroup.procs 2>/dev/null); do
      for task in $(cat "$procs"); do env kill -KILL "$task" 2>/dev/null; done
    done
    find "$cgroup" -depth -type d -exec rmdir {} + 2>/dev/null
    [ -d "$cgroup" ] || break
    sleep 0.1
  done
done
printf '%s\n' "$mounts" | while IFS= read -r mount; do
  [ -n "$mount" ] || continue
  umount "$mount" 2>/dev/null || umount -l "$mount" 2>/dev/null
done
"#;

impl Reaper {
    /// Sends the reaper a line, starting it the first time; without a
    /// reaper (no `sh`), programs are still stopped on every normal path.
    #[cfg(not(unix))]
    fn tell(_line: &str) {}

    #[cfg(unix)]
    fn tell(line: &str) {
        static REAPER: OnceLock<Mutex<Option<Reaper>>> = OnceLock::new();
        let reaper = REAPER.get_or_init(|| Mutex::new(Reaper::start().ok()));
        let mut reaper = reaper.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(running) = reaper.as_mut()
            && writeln!(running.input, "{line}").is_err()
        {
            *reaper = None;
        }
    }

    #[cfg(unix)]
    fn start() -> io::Result<Reaper> {
        let mut child = Command::new("sh")
            .args(["-c", REAPER_SCRIPT])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("the reaper has no input"))?;
        // The reaper is not waited for: it ends after congo does.
        Ok(Reaper { input })
    }
}

/// Reads one line of at most `max` bytes into `line` (without its line
/// end), skipping the rest of a longer line unread into memory. Returns
/// `None` at the end of input, else whether the line was cut.
pub fn read_bounded_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let mut cut = false;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let end = available.iter().position(|&byte| byte == b'\n');
        let part = &available[..end.unwrap_or(available.len())];
        let room = max.saturating_sub(line.len());
        cut |= part.len() > room;
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = end.map_or(part.len(), |end| end + 1);
        input.consume(used);
        if end.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(cut));
        }
    }
}

/// The process's own peak resident memory in MB, where the system tells
/// it (Linux's `/proc/self/status`).
pub fn peak_memory_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_program_never_starts_unless_told_to_go() {
        let dir = std::env::temp_dir().join(format!("congo-held-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let marker = dir.join("ran");
        let program = ["sh", "-c", "touch \"$0\"", marker.to_str().unwrap()].map(str::to_owned);
        // Its input closed before the go-ahead, as when congo dies between
        // starting it and telling the reaper: it never runs.
        let mut held = held_command(&program, None).unwrap();
        let mut child = held.stdin(Stdio::piped()).spawn().unwrap();
        drop(child.stdin.take());
        assert_eq!(child.wait().unwrap().code(), Some(125));
        assert!(!marker.exists());
        // Told to go, it runs.
        let mut child = spawn(&program, false).unwrap();
        drop(child.stdin.take());
        assert!(child.wait().unwrap().success());
        assert!(marker.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_program_that_cannot_be_found_or_run_is_refused_as_exec_would() {
        let missing = ["/no/such/engine".to_owned()];
        let error = spawn(&missing, false).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert_eq!(error.to_string(), "No such file or directory (os error 2)");
        let plain = std::env::temp_dir().join(format!("congo-plain-{}", std::process::id()));
        std::fs::write(&plain, "not a program").unwrap();
        let error = spawn(&[plain.display().to_string()], false).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
        std::fs::remove_file(plain).unwrap();
        let error = spawn(&["no-such-program-anywhere".to_owned()], false).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert_eq!(
            spawn(&[], false).unwrap_err().to_string(),
            "no program given"
        );
    }

    #[test]
    fn long_lines_are_cut_and_skipped() {
        let text = format!("short\r\n{}\nlast", "x".repeat(100));
        let mut input = text.as_bytes();
        let mut line = Vec::new();
        let mut read = || read_bounded_line(&mut input, &mut line, 10).unwrap();
        assert_eq!(read(), Some(false));
        assert_eq!(read(), Some(true));
        assert_eq!(read(), Some(false));
        assert_eq!(read(), None);
    }
}
