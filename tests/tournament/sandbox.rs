//! `--sandbox`: hostile engines, each confined under bubblewrap, try to
//! break out (write outside their folders, kill other processes, read
//! their classmates' work, leave a process behind, reach the network,
//! use the threads they are allowed); every attempt fails on the host,
//! every game ends normally, and nothing of theirs is left, even after a
//! SIGKILL of the manager. Without bubblewrap, a clear refusal.

use std::fs;
use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::{class_folder, congo_groups_of, games, players_file, steady};
use crate::common::{CONGO, fixture, scratch, text};

/// congo's binary and the fixtures, copied into a test's folder: the
/// checkout may lie in a folder no engine's user can pass through (a
/// clone under a private `mktemp -d`), and the copy is shown to every
/// confined engine read-only with `--sandbox-read`.
struct Tools(PathBuf);

impl Tools {
    /// The copies, in `dir/tools`.
    fn copied(dir: &Path) -> Tools {
        let tools = dir.join("tools");
        fs::create_dir_all(&tools).unwrap();
        fs::copy(CONGO, tools.join("congo")).unwrap();
        let fixtures = Path::new(&fixture("writes_outside.sh"))
            .parent()
            .unwrap()
            .to_owned();
        for entry in fs::read_dir(fixtures).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, tools.join(path.file_name().unwrap())).unwrap();
        }
        Tools(tools)
    }

    /// The copy of congo.
    fn congo(&self) -> String {
        self.0.join("congo").display().to_string()
    }

    /// The copy of the fixture `name`.
    fn fixture(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    /// A hostile fixture's command line: the fixture, congo, then `args`.
    fn hostile(&self, name: &str, args: &[&str]) -> String {
        format!("{} {} {}", self.fixture(name), self.congo(), args.join(" "))
    }

    /// congo's engine at fixed nodes, with `extra` options.
    fn steady(&self, extra: &str) -> String {
        format!("{} engine --nodes 300{extra}", self.congo())
    }
}

/// `congo tournament CLASS --output OUT --movetime 100 --sandbox ...`,
/// started.
fn start(class: &Path, out: &Path, extra: &[&str]) -> Child {
    start_from(Command::new(CONGO), class, out, extra)
}

/// [`start`], by `command` (congo, or something that runs it).
fn start_from(mut command: Command, class: &Path, out: &Path, extra: &[&str]) -> Child {
    let tools = class.parent().unwrap().join("tools");
    command
        .args(["tournament", class.to_str().unwrap()])
        .args(["--output", out.to_str().unwrap(), "--movetime", "100"])
        .args(["--sandbox", "--sandbox-read", tools.to_str().unwrap()])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The folder of the cells a confined tournament's start names: under
/// the output folder for an ordinary user, and root's own folder for
/// them when congo is root.
pub fn cells_of(said: &str) -> PathBuf {
    let (_, after) = said.split_once("(kept in ").expect(said);
    let (cells, _) = after.split_once("; ").expect(said);
    PathBuf::from(cells)
}

/// Whether cells cannot be file systems of their own here (bubblewrap
/// missing, or no root), said once: then the test is skipped.
fn no_disks() -> bool {
    if no_bubblewrap() {
        return true;
    }
    if !is_root() {
        eprintln!("skipped: a file system for each cell needs root");
    }
    !is_root()
}

/// Whether bubblewrap is missing here, said once: then the test is
/// skipped.
fn no_bubblewrap() -> bool {
    let missing = Command::new("bwrap").arg("--version").output().is_err();
    if missing {
        eprintln!("skipped: bubblewrap (bwrap) is not installed; .ci/run installs it");
    }
    missing
}

/// The processes on the host whose command line holds `token`.
pub fn processes_with(token: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let line = fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let line = String::from_utf8_lossy(&line).replace('\0', " ");
        if line.contains(token) {
            found.push(format!("{}: {line}", entry.file_name().to_string_lossy()));
        }
    }
    found
}

/// A process of the host's, ended with the test however the test ends.
struct Sentinel(Child);

impl Drop for Sentinel {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits, up to a hang guard, until `done` holds.
pub fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let guard = Instant::now() + Duration::from_secs(120);
    while !done() {
        assert!(Instant::now() < guard, "never happened: {what}");
        thread::sleep(Duration::from_millis(50));
    }
}

/// A token no other test or run uses: a `sleep` time to find on the host.
pub fn token() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "{}.{}",
        7000 + std::process::id() % 1000,
        nanos % 100_000 + 1
    )
}

#[test]
fn hostile_engines_confined_break_nothing_and_leave_nothing() {
    if no_bubblewrap() {
        return;
    }
    let dir = scratch("tournament-hostile");
    let tools = Tools::copied(&dir);
    let out = dir.join("out");
    let victim = dir.join("victim").join("owned.txt");
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let daemon = token();
    let class_dir = dir.join("class");
    let secret = class_dir.join("steady").join("secret.txt");
    let looked_at = [
        class_dir.join("steady").display().to_string(),
        secret.display().to_string(),
        out.display().to_string(),
        out.join("records").display().to_string(),
        class_dir.display().to_string(),
        "/root".to_owned(),
        "/home".to_owned(),
    ];
    let looked: Vec<&str> = looked_at.iter().map(String::as_str).collect();
    let class = class_folder(
        &dir,
        &[
            ("daemon", tools.hostile("leaves_a_daemon.sh", &[&daemon])),
            ("killer", tools.hostile("kills_everyone.sh", &[])),
            ("network", tools.hostile("phones_home.sh", &[&port])),
            ("reader", tools.hostile("reads_classmates.sh", &looked)),
            (
                "remounter",
                tools.hostile("remounts_root.sh", &[victim.to_str().unwrap()]),
            ),
            ("steady", tools.steady("")),
            ("threads8", tools.steady(" --threads 8")),
        ],
    );
    fs::write(&secret, "SECRET of the steady student\n").unwrap();
    // A student whose folder is too big to copy (a sparse file): it loses
    // its games, and the others play.
    let sparse = class.join("sparse");
    fs::create_dir_all(&sparse).unwrap();
    fs::copy(class.join("steady").join("run"), sparse.join("run")).unwrap();
    let book = fs::File::create(sparse.join("book.bin")).unwrap();
    book.set_len(3 << 30).unwrap();
    // A process of the host's the killer would reach if it could.
    let mut sentinel = Sentinel(Command::new("sleep").arg(token()).spawn().unwrap());
    // congo started holding descriptors 7 (the class) and 8 (a private
    // file) open, and a secret in its environment.
    let notes = dir.join("notes.txt");
    fs::write(&notes, "the TA's notes\n").unwrap();
    let mut holding = Command::new("sh");
    holding
        .args(["-c", "exec 7<\"$0\" 8>>\"$1\"; shift; exec \"$@\""])
        .args([class.to_str().unwrap(), notes.to_str().unwrap(), CONGO])
        .env("SECRET", "the class list");
    let child = start_from(
        holding,
        &class,
        &out,
        &["--concurrency", "2", "--threads", "8", "--disk", "none"],
    );
    let pid = child.id();
    let output = child.wait_with_output().unwrap();
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("congo: sandbox: "), "{said}");
    // Every game ended by the rules: no engine crashed, went over a
    // limit, ran out of time or was harmed by another.
    let all = games(&out);
    assert_eq!(all.len(), 56);
    let cells = cells_of(&said);
    let copied = format!(
        "lost: it could not be started: its folder could not be copied to {}: the folder holds more than 1024 MB",
        cells.join("sparse").display()
    );
    assert_eq!(fs::read_to_string(&notes).unwrap(), "the TA's notes\n");
    for game in &all {
        let reason = &game.reason;
        if game.white == "sparse" || game.black == "sparse" {
            assert!(reason.contains(&copied), "{game:?}");
            continue;
        }
        let fault = [
            "crashed",
            "over ",
            "gave no move",
            "illegal",
            "exited",
            "started",
        ];
        assert!(!fault.iter().any(|word| reason.contains(word)), "{game:?}");
    }
    // Nothing was written outside an engine's own folder, and the class's
    // folders are as they were handed in.
    assert!(!victim.exists() && !dir.join("victim").exists());
    assert!(!class_dir.join("remounted.txt").exists());
    assert_eq!(fs::read_dir(class.join("reader")).unwrap().count(), 1);
    // The reader found none of what it looked for: of the class's folder
    // it sees only its own folder, the place it is shown at.
    let loot = fs::read_to_string(cells.join("reader/home/loot.txt")).unwrap();
    let own = format!("found: {}: reader", class_dir.display());
    for line in loot.lines() {
        assert!(line.starts_with("missing: ") || line == own, "{loot}");
    }
    assert_eq!(loot.lines().count() % looked.len(), 0, "{loot}");
    // The killer saw only its own processes (bubblewrap's first one, its
    // shell and what counted them), never the host's.
    let seen = fs::read_to_string(cells.join("killer/home/seen.txt")).unwrap();
    assert!(
        seen.lines().all(|count| count.parse::<u32>().unwrap() <= 4),
        "{seen}"
    );
    // No connection reached the host, the host's process lives, and no
    // process or group of the engines is left.
    assert_eq!(
        listener.accept().map(|_| ()).map_err(|error| error.kind()),
        Err(ErrorKind::WouldBlock)
    );
    assert!(sentinel.0.try_wait().unwrap().is_none());
    assert_eq!(processes_with(&daemon), Vec::<String>::new());
    assert_eq!(congo_groups_of(pid), Vec::<PathBuf>::new());
    let _ = fs::remove_dir_all(&cells);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_killed_manager_leaves_no_engine_process_and_the_next_run_no_group() {
    if no_bubblewrap() {
        return;
    }
    let dir = scratch("tournament-killed");
    let tools = Tools::copied(&dir);
    let out = dir.join("out");
    let daemon = token();
    let class = class_folder(
        &dir,
        &[
            ("daemon", tools.hostile("leaves_a_daemon.sh", &[&daemon])),
            ("steady", tools.steady("")),
        ],
    );
    let mut child = start(&class, &out, &["--cycles", "20", "--threads", "8"]);
    let pid = child.id();
    eventually("the daemon starts", || !processes_with(&daemon).is_empty());
    child.kill().unwrap();
    child.wait().unwrap();
    // The reaper ends the engines (their PID namespaces with them) and
    // removes the control groups.
    eventually("the daemon ends", || processes_with(&daemon).is_empty());
    eventually("the groups go", || congo_groups_of(pid).is_empty());
    // And a child it was starting, which holds the lock until its
    // program replaces it.
    eventually("the killed run's lock is let go", || {
        !super::locked(&out.join("lock"))
    });
    // The run's groups were noted; a resumed run sweeps what is left and
    // finishes.
    let noted = fs::read_to_string(out.join("groups.txt")).unwrap();
    assert!(noted.contains(&format!("congo-{pid}")), "{noted}");
    let resumed = start(
        &class,
        &out,
        &["--cycles", "20", "--threads", "8", "--resume"],
    );
    let output = resumed.wait_with_output().unwrap();
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert_eq!(games(&out).len(), 40);
    assert_eq!(processes_with(&daemon), Vec::<String>::new());
    let _ = fs::remove_dir_all(cells_of(&said));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_run_stopped_by_ctrl_c_or_sigterm_leaves_no_cell_mounted_nor_shares_them() {
    if no_disks() {
        return;
    }
    let dir = scratch("tournament-stopped");
    let tools = Tools::copied(&dir);
    let class = class_folder(&dir, &[("a", tools.steady("")), ("b", tools.steady(""))]);
    for signal in ["INT", "TERM"] {
        let out = dir.join(signal);
        let mut child = start(&class, &out, &["--disk", "10M", "--cycles", "50"]);
        let record = out.join("records").join("a-vs-b.rec");
        eventually("a game is recorded", || {
            crate::common::lines_in(&record) >= 1
        });
        let key = fs::read_to_string(out.join("cells-key.txt")).unwrap();
        let cells = Path::new("/var/lib/congo/cells").join(key.trim());
        // A copy of the live folder, its cells' key with it, may not
        // play in the same cells meanwhile.
        // The run writes and renames its files as it plays, so a copy
        // that meets a file gone between listing and reading is made
        // again: this waits for one whole copy.
        let copy = dir.join(format!("{signal}-copy"));
        eventually("the live folder is copied whole", || {
            let _ = fs::remove_dir_all(&copy);
            let copied = Command::new("cp")
                .arg("-a")
                .arg(&out)
                .arg(&copy)
                .stderr(Stdio::null())
                .status();
            copied.is_ok_and(|status| status.success())
        });
        let refused = start(
            &class,
            &copy,
            &["--disk", "10M", "--cycles", "50", "--resume"],
        )
        .wait_with_output()
        .unwrap();
        assert_eq!(refused.status.code(), Some(2));
        let said = text(&refused.stderr);
        assert!(
            said.contains(&format!(
                "congo: {} is in use by another run of congo (process {})",
                cells.display(),
                child.id()
            )),
            "{said}"
        );
        crate::common::signal_when(&mut child, signal, || true);
        // The reaper unmounts what the run left mounted.
        eventually("the cells are unmounted", || {
            !fs::read_to_string("/proc/self/mountinfo")
                .unwrap()
                .contains(cells.to_str().unwrap())
        });
        fs::remove_dir_all(&cells).unwrap();
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_engine_filling_its_folder_stops_at_its_disk_and_harms_no_game() {
    if no_disks() {
        return;
    }
    let dir = scratch("tournament-disk");
    let tools = Tools::copied(&dir);
    let class = class_folder(
        &dir,
        &[
            ("filler", tools.hostile("fills_its_folder.sh", &[])),
            ("steady", tools.steady("")),
        ],
    );
    let out = dir.join("out");
    let output = start(&class, &out, &["--disk", "100M", "--log"])
        .wait_with_output()
        .unwrap();
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("; each cell is a file system of its own of 100 MB (--disk)), "),
        "{said}"
    );
    for game in games(&out) {
        assert!(
            game.plies > 0 && !game.reason.contains("lost: it"),
            "{game:?}"
        );
    }
    let logs: Vec<String> = fs::read_dir(out.join("logs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".filler-1.log"))
        .map(|path| fs::read_to_string(path).unwrap())
        .collect();
    assert_eq!(logs.len(), 2);
    for log in logs {
        assert!(log.contains(" ! dd: No space left on device\n"), "{log}");
        let kept: u64 = log
            .split("kept: ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(kept <= 100 << 10, "{log}");
    }
    let _ = fs::remove_dir_all(cells_of(&said));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_confined_engine_writes_in_its_cell_and_the_original_is_untouched() {
    if no_bubblewrap() {
        return;
    }
    let dir = scratch("tournament-sandbox");
    let tools = Tools::copied(&dir);
    let outside = dir.join("outside.txt");
    let writer = format!(
        "env CONGO_BIN={} CONGO_OUTSIDE={} {}",
        tools.congo(),
        outside.display(),
        tools.fixture("writes_outside.sh")
    );
    let class = class_folder(&dir, &[("writer", writer), ("steady", tools.steady(""))]);
    let out = dir.join("out");
    // Cells as plain folders, to be looked into once the run is over.
    let plain = ["--memory", "none", "--threads", "none", "--disk", "none"];
    let output = start(&class, &out, &plain).wait_with_output().unwrap();
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    let cells = cells_of(&said);
    assert!(cells.join("writer/home/written-inside.txt").is_file());
    // A resume that finds no key to its cells says so.
    fs::remove_file(out.join("cells-key.txt")).unwrap();
    let mut resume = plain.to_vec();
    resume.push("--resume");
    let resumed = start(&class, &out, &resume).wait_with_output().unwrap();
    let again = text(&resumed.stderr);
    assert!(resumed.status.success(), "{again}");
    assert!(
        again.contains("congo: warning: the folder names no cells of its own (cells-key.txt is missing), so the engines start again from fresh copies of their folders; what they wrote in their cells before is not there\n"),
        "{again}"
    );
    let _ = fs::remove_dir_all(&cells);
    if cells_of(&again) != cells {
        let _ = fs::remove_dir_all(cells_of(&again));
    }
    assert!(!class.join("writer").join("written-inside.txt").exists());
    assert!(
        !outside.exists(),
        "the confined engine wrote outside its cell"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_the_sandbox_the_start_says_whose_rights_the_engines_have() {
    let dir = scratch("tournament-unconfined");
    let players = players_file(&dir, &[("a", steady(100)), ("b", steady(100))]);
    let out = dir.join("out");
    let output = super::run(&players, &out, &[]);
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    let warning = said
        .lines()
        .find(|line| line.starts_with("congo: warning: without --sandbox"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(
        warning.ends_with("with its rights: it can read, change and delete whatever that user can"),
        "{warning}"
    );
    fs::remove_dir_all(dir).unwrap();
}

/// `congo tournament` of two steady players with `--sandbox` and `extra`,
/// the programs found on `path` only: it must be refused; what it said.
fn refused(dir: &Path, path: &Path, extra: &[&str]) -> String {
    let players = players_file(dir, &[("a", steady(100)), ("b", steady(100))]);
    let out = dir.join("out");
    let output = Command::new(CONGO)
        .args(["tournament", players.to_str().unwrap()])
        .args(["--output", out.to_str().unwrap(), "--movetime", "100"])
        .args(["--memory", "none", "--threads", "none", "--sandbox"])
        .args(extra)
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(!out.exists());
    let said = text(&output.stderr);
    let limits = "congo: limits: no limits on the engines\n";
    said.strip_prefix(limits).unwrap_or(&said).to_owned()
}

/// A folder of programs under `dir` holding `programs` (a name, and the
/// program it links to).
fn programs(dir: &Path, name: &str, programs: &[(&str, &str)]) -> PathBuf {
    let folder = dir.join(name);
    fs::create_dir_all(&folder).unwrap();
    for (program, target) in programs {
        std::os::unix::fs::symlink(target, folder.join(program)).unwrap();
    }
    folder
}

#[test]
fn a_sandbox_that_cannot_be_had_is_refused_before_any_game() {
    let dir = scratch("tournament-no-sandbox");
    let none = programs(&dir, "none", &[]);
    assert_eq!(
        refused(&dir, &none, &[]),
        "congo: --sandbox: bubblewrap (bwrap) is not installed: install Debian's bubblewrap package, or play without --sandbox\n"
    );
    let setpriv = program_path("setpriv");
    let failing = dir.join("failing-bwrap");
    fs::write(
        &failing,
        "#!/bin/sh\necho 'no namespaces for you' >&2\nexit 1\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&failing, fs::Permissions::from_mode(0o755)).unwrap();
    let broken = programs(
        &dir,
        "broken",
        &[
            ("bwrap", failing.to_str().unwrap()),
            ("setpriv", &setpriv),
            ("bash", &program_path("bash")),
        ],
    );
    assert_eq!(
        refused(&dir, &broken, &[]),
        "congo: --sandbox: bubblewrap does not work here: no namespaces for you\n"
    );
    let missing = dir.join("no-such-folder");
    let no_folder = refused(
        &dir,
        &broken,
        &["--sandbox-read", missing.to_str().unwrap()],
    );
    assert_eq!(
        no_folder,
        format!(
            "congo: --sandbox: cannot share {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
    if !no_bubblewrap() {
        let names = [
            "bwrap",
            "bash",
            "setpriv",
            "env",
            "mkfs.ext4",
            "mount",
            "umount",
        ];
        let tools = names.map(|name| (name, program_path(name)));
        let tools = tools.each_ref().map(|(name, path)| (*name, path.as_str()));
        if is_root() {
            assert_eq!(
                refused(
                    &dir,
                    Path::new("/usr/sbin:/usr/bin:/sbin:/bin"),
                    &["--first-uid", "65534"]
                ),
                "congo: --sandbox: engines would run as uid 65534, but the account \"nobody\" has it: name free user IDs with --first-uid N\n"
            );
            // A folder to share that engines' users cannot reach.
            let private = dir.join("private");
            fs::create_dir_all(private.join("book")).unwrap();
            fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
            let book = private.join("book");
            assert_eq!(
                refused(
                    &dir,
                    Path::new("/usr/sbin:/usr/bin:/sbin:/bin"),
                    &["--sandbox-read", book.to_str().unwrap()]
                ),
                format!(
                    "congo: --sandbox: cannot share {}: engines run as users of their own, who may not pass through {} (only its owner may): share a folder others may pass through (chmod o+x), such as one under /srv or /opt\n",
                    book.canonicalize().unwrap().display(),
                    private.canonicalize().unwrap().display()
                )
            );
            let no_mkfs = programs(&dir, "no-mkfs", &tools[..4]);
            assert_eq!(
                refused(&dir, &no_mkfs, &[]),
                "congo: --sandbox: mkfs.ext4 is missing, and --disk makes each cell a file system of its own with it: install Debian's e2fsprogs and mount, or add --disk none\n"
            );
        }
        let working = programs(&dir, "working", &tools);
        let shared = dir.to_str().unwrap();
        assert_eq!(
            refused(&dir, &working, &["--sandbox-read", shared]),
            format!(
                "congo: --sandbox: {}/out lies in {shared}, which every confined engine may read: move it elsewhere\n",
                dir.canonicalize().unwrap().display()
            )
        );
    }
    let bwrap = program_path("bwrap");
    let bwrap_only = programs(&dir, "bwrap-only", &[("bwrap", &bwrap)]);
    assert_eq!(
        refused(&dir, &bwrap_only, &[]),
        "congo: --sandbox: bash is not installed, and it closes what congo had open before an engine starts: install Debian's bash package\n"
    );
    if is_root() {
        let tools = [("bwrap", bwrap.as_str()), ("bash", &program_path("bash"))];
        let no_setpriv = programs(&dir, "no-setpriv", &tools);
        assert_eq!(
            refused(&dir, &no_setpriv, &[]),
            "congo: --sandbox: congo runs as root and setpriv (util-linux) is missing, so engines would keep root's rights: install util-linux\n"
        );
        // Root plays no one unconfined unless told.
        let players = players_file(&dir, &[("a", steady(100)), ("b", steady(100))]);
        let out = dir.join("out");
        let output = Command::new(CONGO)
            .args(["tournament", players.to_str().unwrap()])
            .args(["--output", out.to_str().unwrap(), "--movetime", "100"])
            .args(["--memory", "none", "--threads", "none"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            text(&output.stderr),
            "congo: limits: no limits on the engines\ncongo: congo runs as root, so unconfined engines would run with root's rights: add --sandbox to confine them (see docs/tournament.md), or --unconfined-root if you accept running the students' code as root\n"
        );
        assert!(!out.exists());
    }
    fs::remove_dir_all(dir).unwrap();
}

/// Where the shell finds the program `name`.
fn program_path(name: &str) -> String {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .unwrap();
    text(&found.stdout).trim().to_owned()
}

/// Whether the tests run as root.
pub fn is_root() -> bool {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().nth(1))
        == Some("0")
}
