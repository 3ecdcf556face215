//! Processes: this one's peak memory, and running other programs: each
//! in its own process group (on Unix), so
//! that stopping it also stops whatever it started (a script's children),
//! and each watched by a [`Reaper`], so that none outlives congo however
//! congo ends (Ctrl-C, SIGTERM, a crash).

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
pub(crate) fn spawn(program: &[String], keep_stderr: bool) -> io::Result<Child> {
    spawn_in(program, keep_stderr, None)
}

/// [`spawn`], started in the folder `folder` when given.
pub(crate) fn spawn_in(
    program: &[String],
    keep_stderr: bool,
    folder: Option<&std::path::Path>,
) -> io::Result<Child> {
    let (name, args) = program
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no program given"))?;
    let mut command = Command::new(name);
    if let Some(folder) = folder {
        command.current_dir(folder);
    }
    command
        .args(args)
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
    let child = command.spawn()?;
    Reaper::tell(&format!("+{}", child.id()));
    Ok(child)
}

/// Why `program` could not be started, with a way through where one is
/// likely: a script in this folder named without `./` (the shell looks
/// only on the PATH for bare names), or one that is not executable.
pub(crate) fn start_error(program: &str, error: &io::Error) -> String {
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

/// Kills a child and its whole process group, and reaps it.
pub(crate) fn stop(child: &mut Child) {
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
/// congo runs and kills them when congo's end of its input pipe closes,
/// which happens however congo ends. It ignores the signals a terminal
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
while read -r line; do
  case $line in
    +*) groups="$groups${line#+} " ;;
    -*) groups=$(printf '%s' "$groups" | sed "s/ ${line#-} / /") ;;
  esac
done
for group in $groups; do env kill -KILL -- "-$group" 2>/dev/null; done
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
pub(crate) fn read_bounded_line(
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
