//! The one set of helpers every integration test shares: run the real
//! binary (here, in a folder, reading a file), make scratch folders, find
//! the fixture programs and the shared official test data.

#![allow(dead_code)] // the benches that share this module use a part of it

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The congo binary under test.
pub const CONGO: &str = env!("CARGO_BIN_EXE_congo");

/// Runs the built `congo` binary with `args`, feeding it `stdin`.
pub fn congo(args: &[&str], stdin: &[u8]) -> Output {
    congo_in(Path::new("."), args, stdin)
}

/// [`congo`], run in the folder `dir`.
pub fn congo_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(CONGO)
        .args(args)
        .current_dir(dir)
        // The programs in tests/fixtures/ call congo through this.
        .env("CONGO_BIN", CONGO)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the congo binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // The binary may exit before reading everything (a usage error); a
    // broken pipe here is then expected.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("the congo binary finishes")
}

/// Runs congo in `dir` with standard input read from the file `input`
/// there, as a shell's `congo ARGS < input` would.
pub fn congo_reading(dir: &Path, args: &[&str], input: &str) -> Output {
    Command::new(CONGO)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::from(File::open(dir.join(input)).unwrap()))
        .output()
        .unwrap()
}

/// Runs congo with `args` and no input, and checks that it is a usage
/// error: exit status 2, nothing on stdout, and stderr starting with `message`.
pub fn assert_usage_error(args: &[&str], message: &str) {
    let output = congo(args, b"");
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with(message), "{args:?}: {stderr}");
}

/// Bytes as text, whatever they hold.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An empty scratch folder of this test's own, `name` telling it apart.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-test-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A scratch folder holding the given files.
pub fn scratch_with(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = scratch(name);
    for (file, bytes) in files {
        fs::write(dir.join(file), bytes).unwrap();
    }
    dir
}

/// Files that share a prefix with congo's own but are not of their form.
pub const LOOKALIKES: [&str; 4] = [
    "board.txt",
    "board.000.bak",
    "board.12a",
    "position-notes.txt",
];

/// Puts the look-alike files in `dir`.
pub fn plant_lookalikes(dir: &Path) {
    for name in LOOKALIKES {
        fs::write(dir.join(name), name).unwrap();
    }
}

/// Checks every look-alike is still in `dir`, untouched.
pub fn assert_lookalikes_kept(dir: &Path) {
    for name in LOOKALIKES {
        assert_eq!(fs::read_to_string(dir.join(name)).unwrap(), name, "{name}");
    }
}

/// Every file under `folder` (in its subfolders too), as its path from
/// `folder`, in order.
pub fn files_under(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_owned()];
    while let Some(dir) = folders.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.push(path.strip_prefix(folder).unwrap().to_owned());
            }
        }
    }
    found.sort();
    found
}

/// The `src/` folder of the binary and of every crate of the workspace,
/// as paths from the workspace's root (`src`, `crates/kit/src`, ...), in
/// order.
pub fn crate_sources() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut folders = vec![PathBuf::from("src")];
    for entry in fs::read_dir(crates).unwrap() {
        folders.push(
            Path::new("crates")
                .join(entry.unwrap().file_name())
                .join("src"),
        );
    }
    folders.sort();
    folders
}

/// The path of a helper program in `tests/fixtures/`.
pub fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// The path of an official test file in `../shared/testdata`, or `None`
/// (with a notice) when the shared data is not beside this checkout.
///
/// A fresh clone of the project has no `../shared`; its tests then skip.
/// With `CONGO_REQUIRE_TESTDATA=1` (as in `.ci/run`) a missing file fails.
pub fn testdata(relative: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/testdata")
        .join(relative);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var_os("CONGO_REQUIRE_TESTDATA").is_some_and(|v| v == "1") {
        panic!("official test data {} is missing", path.display());
    }
    say_once_that_testdata_is_missing();
    None
}

/// Says, once for a whole `cargo test` however many tests and test
/// binaries find a file missing, what the official data is and where the
/// tests look for it. Written to the stderr handle, not with `eprintln!`,
/// which the test harness captures: the notice must show in a plain
/// `cargo test`.
fn say_once_that_testdata_is_missing() {
    // The test binaries of one `cargo test` share its process as their
    // parent: the first to claim this file for it says the line.
    let parent = std::os::unix::process::parent_id();
    let started = std::fs::read_to_string(format!("/proc/{parent}/stat"))
        .ok()
        .and_then(|stat| {
            Some(
                stat.rsplit_once(')')?
                    .1
                    .split_whitespace()
                    .nth(19)?
                    .to_owned(),
            )
        })
        .unwrap_or_default();
    let claim =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("testdata-notice-{parent}-{started}"));
    if fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(claim)
        .is_ok()
    {
        let _ = writeln!(
            std::io::stderr(),
            "note: the course's official test files (the Wits assignment's inputs and \
             expected outputs) are not in {}, beside this checkout: the tests that read \
             them were skipped",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .parent()
                .unwrap_or(Path::new("/"))
                .join("shared/testdata")
                .display()
        );
    }
}

/// The folder of the congo under test first on a PATH, so that a shell
/// line calling `congo` runs it.
pub fn path_with_congo() -> std::ffi::OsString {
    let dir = Path::new(CONGO).parent().unwrap().to_owned();
    let mut paths = vec![dir];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(paths).unwrap()
}

/// Runs one shell line with `sh` in `dir`, congo on the PATH and no
/// CONGO_BIN, as a reader following the docs would.
pub fn shell(line: &str, dir: &Path) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path_with_congo())
        .env_remove("CONGO_BIN")
        .output()
        .unwrap()
}

/// The report of a two-game match of `congo engine` against itself from
/// `fen`, 20 ms a move, no random opening plies, with `extra` options;
/// the match must run to its end.
pub fn congo_self_match(fen: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "match",
        "--games",
        "2",
        "--movetime",
        "20",
        "--opening-plies",
        "0",
        "--fen",
        fen,
    ];
    args.extend_from_slice(extra);
    args.extend(["--", CONGO, "engine", "--", CONGO, "engine"]);
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

/// The report of a match of `congo engine --nodes 3000` (A) against
/// `--nodes 2000` (B), with `options` before the engines: fixed work, so
/// the same games on any machine, however busy. A minute's margin keeps
/// the clock out of the games (a move of fixed work that a loaded machine
/// holds up is still played), and the line that tells moves past their
/// time, which measures the machine, is left out of the report.
pub fn fixed_nodes_match(options: &[&str]) -> String {
    let mut args = vec!["match", "--margin", "60000"];
    args.extend_from_slice(options);
    args.extend([
        "--", CONGO, "engine", "--nodes", "3000", "--", CONGO, "engine", "--nodes", "2000",
    ]);
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    without_overruns(&text(&output.stdout))
}

/// A match's report without its line of moves past their time.
pub fn without_overruns(report: &str) -> String {
    report
        .lines()
        .filter(|line| !line.starts_with("past the time but within the "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Starts congo with `args` and the environment `envs` in the background,
/// its streams closed, as a match or a table run left to itself.
pub fn congo_in_background(args: &[&str], envs: &[(&str, &OsStr)]) -> std::process::Child {
    // Ctrl-C reaches a run at a terminal with its default action; a test
    // run from a background job or under nohup has SIGINT ignored, which
    // the run would inherit.
    Command::new("env")
        .args(["--default-signal=INT", CONGO])
        .args(args)
        .env("CONGO_BIN", CONGO)
        .envs(envs.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the congo binary starts")
}

/// Lines in the file `path`; none while it is not there.
pub fn lines_in(path: &Path) -> usize {
    fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

/// Sends `child` the signal `name` (as `kill -s` names it) as soon as
/// `ready` holds, `child` still running, and reaps it; the limit only
/// stops a hang. The shell that sends it starts first and waits for the
/// word: started only then, on a busy machine, it came after a match had
/// played its last game.
pub fn signal_when(child: &mut std::process::Child, name: &str, ready: impl Fn() -> bool) {
    let pid = child.id().to_string();
    let mut sender = Command::new("sh")
        .args(["-c", "read -r name && kill -s \"$name\" \"$1\"", "sh", &pid])
        .stdin(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let started = std::time::Instant::now();
    while !ready() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(300),
            "it never got there"
        );
        assert!(child.try_wait().unwrap().is_none(), "it finished first");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let mut word = sender.stdin.take().expect("its input is piped");
    writeln!(word, "{name}").expect("sh reads the signal's name");
    drop(word);
    assert!(
        sender.wait().is_ok_and(|status| status.success()),
        "kill -s {name}"
    );
    let _ = child.wait();
}
