//! Control groups as things to clear away: an engine's group emptied and
//! removed when its game ends, and the groups of a run that was killed
//! (its tasks killed, its groups removed) when the next run starts.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long the tasks left in an ended engine's group may take to go
/// before they are killed, and then to be reaped.
const PATIENCE: Duration = Duration::from_secs(1);

/// Removes an ended engine process's group. A group cannot go while tasks
/// are in it: the engine's children, killed with its process group, take
/// a moment to leave; any still there after [`PATIENCE`] (started in a
/// session of their own) are the engine's too, and are killed.
pub fn remove_group(group: &Path) {
    let mut deadline = Instant::now() + PATIENCE;
    let mut killed = false;
    while fs::remove_dir(group).is_err() && group.exists() {
        if Instant::now() >= deadline {
            if killed {
                return;
            }
            kill_tasks(group);
            killed = true;
            deadline = Instant::now() + PATIENCE;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Kills every task of `group`: at once by v2's `cgroup.kill`, else one
/// by one.
fn kill_tasks(group: &Path) {
    if fs::write(group.join("cgroup.kill"), "1").is_ok() {
        return;
    }
    let tasks = fs::read_to_string(group.join("cgroup.procs")).unwrap_or_default();
    for task in tasks.split_whitespace() {
        let _ = Command::new("kill")
            .args(["-KILL", task])
            .stderr(Stdio::null())
            .status();
    }
}

/// Clears away the group `run` of an earlier run and every group under
/// it: their tasks killed, the groups removed, deepest first. Only a
/// group of congo's (a `congo-` folder under a cgroup hierarchy) is
/// touched.
pub fn sweep(run: &Path) {
    if !is_congo_group(run) {
        return;
    }
    let mut groups = Vec::new();
    gather(run, &mut groups);
    for group in groups.iter().rev() {
        kill_tasks(group);
        remove_group(group);
    }
}

/// `group` and the groups under it, parents first.
fn gather(group: &Path, groups: &mut Vec<PathBuf>) {
    groups.push(group.to_owned());
    let Ok(entries) = fs::read_dir(group) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            gather(&entry.path(), groups);
        }
    }
}

/// Whether `path` names a run's group of congo's.
pub fn is_congo_group(path: &Path) -> bool {
    path.starts_with("/sys/fs/cgroup")
        && path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("congo-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_congo_groups_under_a_hierarchy_are_swept() {
        assert!(is_congo_group(Path::new("/sys/fs/cgroup/pids/congo-12")));
        assert!(is_congo_group(Path::new("/sys/fs/cgroup/congo-12")));
        assert!(!is_congo_group(Path::new("/sys/fs/cgroup/pids/user.slice")));
        assert!(!is_congo_group(Path::new("/home/ta/congo-12")));
        // Not a group of congo's: nothing happens to it.
        let dir = std::env::temp_dir().join(format!("congo-sweep-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        sweep(&dir);
        assert!(dir.is_dir());
        fs::remove_dir(dir).unwrap();
    }
}
