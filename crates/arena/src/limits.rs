//! Limits on an engine's memory and threads, held by the operating system:
//! a control group per engine process (cgroup v2, or v1's `memory` and
//! `pids` controllers), `systemd-run` where that is how groups are had, or
//! a resource limit where nothing better is there. Each engine process is
//! started in a fresh group (its [`Cage`]), so that one over its limit is
//! told apart, loses its game, and harms no other.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

use super::control_groups::remove_group;
use congo_kit::process;

/// The most an engine process may use; `None` where there is no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of memory.
    pub memory: Option<u64>,
    /// Threads (and processes) at once.
    pub threads: Option<u32>,
}

impl Limits {
    /// The course's: 6 GB of memory and 8 threads an engine.
    pub const COURSE: Limits = Limits {
        memory: Some(6 << 30),
        threads: Some(8),
    };

    /// The limits in words: `6 GB of memory and 8 threads an engine`.
    pub fn words(limits: Limits) -> String {
        let mut said = Vec::new();
        if let Some(bytes) = limits.memory {
            said.push(format!("{} of memory", Limits::memory_words(bytes)));
        }
        if let Some(threads) = limits.threads {
            said.push(format!("{threads} threads"));
        }
        if said.is_empty() {
            "none".to_owned()
        } else {
            format!("{} an engine", said.join(" and "))
        }
    }

    /// The words of a memory limit: `6 GB`, `512 MB`, `1000 bytes`.
    pub fn memory_words(bytes: u64) -> String {
        match bytes {
            _ if bytes >= 1 << 30 && bytes.is_multiple_of(1 << 30) => format!("{} GB", bytes >> 30),
            _ if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) => format!("{} MB", bytes >> 20),
            _ if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) => format!("{} KB", bytes >> 10),
            _ => format!("{bytes} bytes"),
        }
    }

    /// A memory size as written on the command line: bytes, or a number
    /// with `K`, `M` or `G` (powers of 1024, `B` after them allowed).
    pub fn parse_memory(text: &str) -> Option<u64> {
        let upper = text.trim().to_ascii_uppercase();
        let upper = upper.strip_suffix('B').unwrap_or(&upper);
        let (digits, shift) = match upper.chars().last()? {
            'K' => (&upper[..upper.len() - 1], 10),
            'M' => (&upper[..upper.len() - 1], 20),
            'G' => (&upper[..upper.len() - 1], 30),
            _ => (upper, 0),
        };
        let number: u64 = digits.trim().parse().ok()?;
        number.checked_mul(1 << shift).filter(|&bytes| bytes > 0)
    }
}

/// How the limits are held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mechanism {
    /// Control groups v2, under this group.
    CgroupV2(PathBuf),
    /// Control groups v1: a group under each controller there is.
    CgroupV1 {
        /// This run's group in the memory hierarchy, if it has one.
        memory: Option<PathBuf>,
        /// This run's group in the pids hierarchy, if it has one.
        pids: Option<PathBuf>,
    },
    /// A transient scope of systemd's for each engine process.
    SystemdRun,
    /// A resource limit on the address space (memory only).
    Rlimit,
}

impl fmt::Display for Mechanism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mechanism::CgroupV2(group) => write!(f, "cgroup v2 (under {})", group.display()),
            Mechanism::CgroupV1 { memory, pids } => {
                let names: Vec<&str> = [(memory, "memory"), (pids, "pids")]
                    .iter()
                    .filter(|(group, _)| group.is_some())
                    .map(|(_, name)| *name)
                    .collect();
                write!(
                    f,
                    "cgroup v1 ({} controller{})",
                    names.join(" and "),
                    if names.len() == 1 { "" } else { "s" }
                )
            }
            Mechanism::SystemdRun => f.write_str("systemd-run scopes"),
            Mechanism::Rlimit => f.write_str("a resource limit on the address space (ulimit -v)"),
        }
    }
}

/// One way of holding the limits, tried on an enforcer: the mechanism, or
/// why it cannot be had here.
type Attempt = fn(&mut Enforcer) -> Result<Mechanism, String>;

/// A limit that cannot be held here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unheld {
    /// `memory` or `threads`.
    pub limit: &'static str,
    /// Why, and what was tried.
    pub why: String,
}

impl fmt::Display for Unheld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} limit cannot be held here: {}",
            self.limit, self.why
        )
    }
}

/// What holds the limits, for every engine process of a run.
pub struct Enforcer {
    limits: Limits,
    mechanism: Option<Mechanism>,
    /// The groups made for this run, removed when it ends.
    made: Vec<PathBuf>,
    next: AtomicU64,
}

impl Enforcer {
    /// The best way this machine has to hold `limits`, with the limits it
    /// cannot hold (the caller decides whether to go on without them).
    pub fn new(limits: Limits) -> (Enforcer, Vec<Unheld>) {
        let mut enforcer = Enforcer {
            limits,
            mechanism: None,
            made: Vec::new(),
            next: AtomicU64::new(1),
        };
        if limits.memory.is_none() && limits.threads.is_none() {
            return (enforcer, Vec::new());
        }
        // Each tried only when those before it failed: a try makes groups
        // or starts a scope.
        let tries: [Attempt; 4] = [
            Enforcer::try_cgroup_v2,
            Enforcer::try_cgroup_v1,
            |_| try_systemd_run(),
            |_| Ok(Mechanism::Rlimit),
        ];
        let mut why_not = Vec::new();
        for attempt in tries {
            match attempt(&mut enforcer) {
                Ok(mechanism) => {
                    enforcer.mechanism = Some(mechanism);
                    break;
                }
                Err(why) => why_not.push(why),
            }
        }
        let unheld = enforcer.unheld(&why_not.join("; "));
        (enforcer, unheld)
    }

    /// Keeps the run's group `group`, to be removed when the run ends,
    /// however it ends: the reaper removes it if congo is killed.
    fn keep(&mut self, group: &Path) {
        self.made.push(group.to_owned());
        process::watch_group(group);
    }

    /// The limits asked for.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// What holds the limits, if anything.
    pub fn mechanism(&self) -> Option<&Mechanism> {
        self.mechanism.as_ref()
    }

    /// The limits asked for that the mechanism found cannot hold.
    fn unheld(&self, tried: &str) -> Vec<Unheld> {
        let (memory, threads) = match &self.mechanism {
            Some(Mechanism::CgroupV2(_) | Mechanism::SystemdRun) => (true, true),
            Some(Mechanism::CgroupV1 { memory, pids }) => (memory.is_some(), pids.is_some()),
            Some(Mechanism::Rlimit) => (true, false),
            None => (false, false),
        };
        let mut unheld = Vec::new();
        if self.limits.memory.is_some() && !memory {
            unheld.push(Unheld {
                limit: "memory",
                why: format!("no control group could be made ({tried})"),
            });
        }
        if self.limits.threads.is_some() && !threads {
            unheld.push(Unheld {
                limit: "threads",
                why: format!(
                    "no pids control group could be made, and no resource limit counts one process's threads ({tried})"
                ),
            });
        }
        unheld
    }

    /// Which mechanism holds which limit, in a sentence.
    pub fn statement(&self) -> String {
        let limits = self.limits;
        match &self.mechanism {
            _ if limits.memory.is_none() && limits.threads.is_none() => {
                "no limits on the engines".to_owned()
            }
            None => format!("{}, held by nothing", Limits::words(limits)),
            Some(Mechanism::Rlimit) if limits.threads.is_some() => format!(
                "{}: the memory held by {}, the threads by nothing",
                Limits::words(limits),
                Mechanism::Rlimit
            ),
            Some(mechanism) => format!("{}, held by {mechanism}", Limits::words(limits)),
        }
    }

    /// cgroup v2: usable where congo sits in the root group (its own
    /// namespace, as in a container) and can give its children the
    /// `memory` and `pids` controllers.
    fn try_cgroup_v2(&mut self) -> Result<Mechanism, String> {
        let root = Path::new("/sys/fs/cgroup");
        if !root.join("cgroup.controllers").is_file() {
            return Err("no cgroup v2 hierarchy at /sys/fs/cgroup".to_owned());
        }
        let own = own_group("")?;
        if own != "/" {
            return Err(format!(
                "cgroup v2: congo runs in {own}, not the root group, and a group with processes cannot share its controllers (run it through systemd-run, or in a container)"
            ));
        }
        let control = root.join("cgroup.subtree_control");
        let _ = fs::write(&control, "+memory +pids");
        let enabled = fs::read_to_string(&control).unwrap_or_default();
        if !(enabled.contains("memory") && enabled.contains("pids")) {
            return Err(
                "cgroup v2: the memory and pids controllers could not be enabled".to_owned(),
            );
        }
        let group = root.join(format!("congo-{}", std::process::id()));
        fs::create_dir(&group)
            .map_err(|error| format!("cgroup v2: {}: {error}", group.display()))?;
        self.keep(&group);
        let _ = fs::write(group.join("cgroup.subtree_control"), "+memory +pids");
        Ok(Mechanism::CgroupV2(group))
    }

    /// cgroup v1: a group of this run's under congo's own in each of the
    /// `memory` and `pids` hierarchies that is mounted and writable.
    fn try_cgroup_v1(&mut self) -> Result<Mechanism, String> {
        let mut groups = [None, None];
        let mut why = Vec::new();
        for (slot, controller) in ["memory", "pids"].into_iter().enumerate() {
            let mount = Path::new("/sys/fs/cgroup").join(controller);
            if !mount.join("cgroup.procs").is_file() {
                why.push(format!("cgroup v1: no {controller} hierarchy"));
                continue;
            }
            let own = match own_group(controller) {
                Ok(own) => own,
                Err(error) => {
                    why.push(error);
                    continue;
                }
            };
            let group = mount
                .join(own.trim_start_matches('/'))
                .join(format!("congo-{}", std::process::id()));
            match fs::create_dir(&group) {
                Ok(()) => {
                    self.keep(&group);
                    groups[slot] = Some(group);
                }
                Err(error) => why.push(format!("cgroup v1: {}: {error}", group.display())),
            }
        }
        let [memory, pids] = groups;
        if memory.is_none() && pids.is_none() {
            return Err(why.join("; "));
        }
        Ok(Mechanism::CgroupV1 { memory, pids })
    }

    /// The run's own groups (one a hierarchy), under which each engine
    /// process gets one.
    pub fn run_groups(&self) -> &[PathBuf] {
        &self.made
    }

    /// A fresh group for one engine process, with the limits set; its
    /// thread limit is raised by `own_tasks`, the processes of the
    /// confinement's own that run in the group beside the engine's.
    pub fn cage(&self, own_tasks: u32) -> io::Result<Cage> {
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        let mut cage = Cage {
            groups: Vec::new(),
            prefix: Vec::new(),
            limits: self.limits,
            version: 0,
        };
        let (memory, threads) = (self.limits.memory, self.limits.threads);
        match &self.mechanism {
            None => {}
            Some(Mechanism::CgroupV2(parent)) => {
                let group = make_group(parent, number)?;
                cage.groups.push(group.clone());
                cage.version = 2;
                if let Some(bytes) = memory {
                    fs::write(group.join("memory.max"), bytes.to_string())?;
                    let _ = fs::write(group.join("memory.swap.max"), "0");
                }
                if let Some(threads) = threads {
                    fs::write(
                        group.join("pids.max"),
                        threads.saturating_add(own_tasks).to_string(),
                    )?;
                }
            }
            Some(Mechanism::CgroupV1 {
                memory: memory_parent,
                pids: pids_parent,
            }) => {
                cage.version = 1;
                if let (Some(parent), Some(bytes)) = (memory_parent, memory) {
                    let group = make_group(parent, number)?;
                    cage.groups.push(group.clone());
                    fs::write(group.join("memory.limit_in_bytes"), bytes.to_string())?;
                    // No swap beyond the limit, where the kernel counts it.
                    let _ = fs::write(group.join("memory.memsw.limit_in_bytes"), bytes.to_string());
                }
                if let (Some(parent), Some(threads)) = (pids_parent, threads) {
                    let group = make_group(parent, number)?;
                    cage.groups.push(group.clone());
                    fs::write(
                        group.join("pids.max"),
                        threads.saturating_add(own_tasks).to_string(),
                    )?;
                }
            }
            Some(Mechanism::SystemdRun) => {
                cage.prefix = ["systemd-run", "--scope", "--quiet", "--collect"]
                    .map(str::to_owned)
                    .to_vec();
                if let Some(bytes) = memory {
                    cage.prefix
                        .extend(["-p".to_owned(), format!("MemoryMax={bytes}")]);
                    cage.prefix
                        .extend(["-p".to_owned(), "MemorySwapMax=0".to_owned()]);
                }
                if let Some(threads) = threads {
                    cage.prefix.extend([
                        "-p".to_owned(),
                        format!("TasksMax={}", threads.saturating_add(own_tasks)),
                    ]);
                }
                cage.prefix.push("--".to_owned());
            }
            Some(Mechanism::Rlimit) => {
                if let Some(bytes) = memory {
                    let kib = bytes.div_ceil(1024);
                    cage.prefix = vec![
                        "sh".to_owned(),
                        "-c".to_owned(),
                        format!("ulimit -v {kib} && exec \"$@\""),
                        "sh".to_owned(),
                    ];
                }
            }
        }
        Ok(cage)
    }
}

impl Drop for Enforcer {
    fn drop(&mut self) {
        for group in self.made.iter().rev() {
            let _ = fs::remove_dir(group);
            process::forget_group(group);
        }
    }
}

/// Makes group `p<number>` under `parent`.
fn make_group(parent: &Path, number: u64) -> io::Result<PathBuf> {
    let group = parent.join(format!("p{number}"));
    fs::create_dir(&group)?;
    Ok(group)
}

/// congo's own group in `controller`'s hierarchy (`""`: v2's), from
/// `/proc/self/cgroup`.
fn own_group(controller: &str) -> Result<String, String> {
    let table = fs::read_to_string("/proc/self/cgroup")
        .map_err(|error| format!("/proc/self/cgroup: {error}"))?;
    table
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            let found = if controller.is_empty() {
                controllers.is_empty()
            } else {
                controllers.split(',').any(|name| name == controller)
            };
            found.then(|| path.to_owned())
        })
        .next()
        .ok_or_else(|| format!("congo is in no {controller} group"))
}

/// systemd-run, where systemd runs the machine.
fn try_systemd_run() -> Result<Mechanism, String> {
    if !Path::new("/run/systemd/system").is_dir() {
        return Err("systemd does not run this machine".to_owned());
    }
    let works = Command::new("systemd-run")
        .args(["--scope", "--quiet", "--collect", "--", "true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if works {
        Ok(Mechanism::SystemdRun)
    } else {
        Err("systemd-run --scope is refused to this user".to_owned())
    }
}

/// One engine process's limits: the groups it runs in, or the command it
/// runs under.
pub struct Cage {
    groups: Vec<PathBuf>,
    /// Words put before the engine's command line.
    prefix: Vec<String>,
    limits: Limits,
    /// The control groups' version, 0 for none.
    version: u8,
}

impl Cage {
    /// `command`, started inside the cage.
    pub fn wrap(&self, command: &[String]) -> Vec<String> {
        let mut wrapped = self.prefix.clone();
        if !self.groups.is_empty() {
            // The shell joins the groups, then becomes the engine: nothing
            // of the engine runs outside them.
            wrapped.extend(["sh", "-c", JOIN, "sh"].map(str::to_owned));
            wrapped.extend(self.groups.iter().map(|group| group.display().to_string()));
            wrapped.push("--".to_owned());
        }
        wrapped.extend_from_slice(command);
        wrapped
    }

    /// Which limit the process went over, if the groups counted one: `over
    /// 6 GB` (it was killed for memory), `over 8 threads` (a thread or
    /// process it started was refused).
    pub fn breach(&self) -> Option<String> {
        for group in &self.groups {
            let (memory_file, memory_key) = match self.version {
                2 => ("memory.events", "oom_kill"),
                _ => ("memory.oom_control", "oom_kill"),
            };
            if count(&group.join(memory_file), memory_key) > 0
                && let Some(bytes) = self.limits.memory
            {
                return Some(format!("over {}", Limits::memory_words(bytes)));
            }
            if count(&group.join("pids.events"), "max") > 0
                && let Some(threads) = self.limits.threads
            {
                return Some(format!("over {threads} threads"));
            }
        }
        None
    }
}

/// The shell that puts itself in each group named before `--`.
const JOIN: &str = "while [ \"$1\" != -- ]; do echo $$ > \"$1/cgroup.procs\" || exit 126; shift; done; shift; exec \"$@\"";

/// The number after `key` on its line of a cgroup's `key value` file, 0
/// when there is none.
fn count(file: &Path, key: &str) -> u64 {
    fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split_once(' '))
        .find(|(name, _)| *name == key)
        .and_then(|(_, value)| value.trim().parse().ok())
        .unwrap_or(0)
}

impl Drop for Cage {
    fn drop(&mut self) {
        for group in &self.groups {
            remove_group(group);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_read_and_read_back() {
        assert_eq!(Limits::parse_memory("6G"), Some(6 << 30));
        assert_eq!(Limits::parse_memory("6gb"), Some(6 << 30));
        assert_eq!(Limits::parse_memory("512M"), Some(512 << 20));
        assert_eq!(Limits::parse_memory("4096"), Some(4096));
        assert_eq!(Limits::parse_memory("0"), None);
        assert_eq!(Limits::parse_memory("lots"), None);
        assert_eq!(Limits::memory_words(6 << 30), "6 GB");
        assert_eq!(Limits::memory_words(512 << 20), "512 MB");
        assert_eq!(Limits::memory_words(1000), "1000 bytes");
    }

    #[test]
    fn a_cage_counts_what_its_groups_counted() {
        let dir = std::env::temp_dir().join(format!("congo-cage-{}", std::process::id()));
        let group = dir.join("p1");
        fs::create_dir_all(&group).unwrap();
        fs::write(
            group.join("memory.oom_control"),
            "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n",
        )
        .unwrap();
        fs::write(group.join("pids.events"), "max 0\n").unwrap();
        let cage = Cage {
            groups: vec![group.clone()],
            prefix: Vec::new(),
            limits: Limits::COURSE,
            version: 1,
        };
        assert_eq!(cage.breach(), None);
        fs::write(group.join("pids.events"), "max 3\n").unwrap();
        assert_eq!(cage.breach().as_deref(), Some("over 8 threads"));
        fs::write(group.join("memory.oom_control"), "oom_kill 1\n").unwrap();
        assert_eq!(cage.breach().as_deref(), Some("over 6 GB"));
        assert_eq!(
            cage.wrap(&["engine".to_owned()]),
            [
                "sh",
                "-c",
                JOIN,
                "sh",
                &group.display().to_string(),
                "--",
                "engine"
            ]
        );
        for file in ["memory.oom_control", "pids.events"] {
            fs::remove_file(group.join(file)).unwrap();
        }
        drop(cage);
        assert!(!group.exists());
        fs::remove_dir(dir).unwrap();
    }
}
