//! `congo tournament` through the real binary: congo's engine at fixed
//! nodes as steady players, and the broken engines of `tests/fixtures/`,
//! each of which must lose only its own games, for the reason it earned.

use crate::common;

mod fault_reports;
mod faults;
mod formats;
mod games_file;
mod home;
mod merge;
mod processes;
mod ranking;
mod ratings;
mod refusals;
mod resume;
mod sandbox;
mod settings;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{CONGO, text};
use congo_web::Json;

/// A players file in `dir` naming `players` (name, command line).
fn players_file(dir: &Path, players: &[(&str, String)]) -> PathBuf {
    let path = dir.join("players.txt");
    let lines: String = players
        .iter()
        .map(|(name, command)| format!("{name} {command}\n"))
        .collect();
    fs::write(&path, lines).unwrap();
    path
}

/// A class's folder in `dir`: a subfolder an engine (name, command
/// line), each holding a `run` that starts it.
fn class_folder(dir: &Path, engines: &[(&str, String)]) -> PathBuf {
    let class = dir.join("class");
    for (name, command) in engines {
        let folder = class.join(name);
        fs::create_dir_all(&folder).unwrap();
        let run = folder.join("run");
        fs::write(&run, format!("#!/bin/sh\nexec {command}\n")).unwrap();
        make_executable(&run);
    }
    class
}

#[cfg(unix)]
fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// The control groups the congo process `pid` made and has not removed
/// (named `congo-PID` in the pids and memory hierarchies of cgroup v1,
/// or at the v2 root): a test counts only its own run's.
fn congo_groups_of(pid: u32) -> Vec<PathBuf> {
    let name = format!("congo-{pid}");
    let own_memory = fs::read_to_string("/proc/self/cgroup")
        .unwrap_or_default()
        .lines()
        .find_map(|line| {
            Some(
                line.split_once(":memory:")?
                    .1
                    .trim_start_matches('/')
                    .to_owned(),
            )
        });
    let mut places = vec![
        PathBuf::from("/sys/fs/cgroup/pids"),
        PathBuf::from("/sys/fs/cgroup"),
    ];
    places.extend(own_memory.map(|own| Path::new("/sys/fs/cgroup/memory").join(own)));
    places
        .into_iter()
        .map(|place| place.join(&name))
        .filter(|group| group.exists())
        .collect()
}

/// congo's engine searching `nodes` nodes a move: the same move on any
/// machine, however loaded.
fn steady(nodes: u32) -> String {
    // The hand-written evaluation: the games, and the pairings and
    // standings that follow from them, stay as they are whatever net ships.
    format!("{CONGO} engine --eval hand --nodes {nodes}")
}

/// `congo tournament PLAYERS --output OUT --movetime 100 ARGS...` (or the
/// time ARGS give), which must succeed; its standings and crosstable.
fn tournament(players: &Path, out: &Path, args: &[&str]) -> String {
    let output = run(players, out, args);
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

/// `congo tournament PLAYERS --output OUT --movetime 100 ARGS...`.
fn run(players: &Path, out: &Path, args: &[&str]) -> Output {
    run_as(players, out, args).0
}

/// The words of `congo tournament PLAYERS --output OUT --movetime 100
/// ARGS...` (or the time ARGS give), unlimited unless ARGS limit it.
fn words<'a>(players: &'a Path, out: &'a Path, args: &[&'a str]) -> Vec<&'a str> {
    let mut words = vec![
        "tournament",
        players.to_str().unwrap(),
        "--output",
        out.to_str().unwrap(),
    ];
    if !args.contains(&"--movetime") {
        words.extend(["--movetime", "100"]);
    }
    // Unlimited unless a test asks: the limits have tests of their own.
    if !args.contains(&"--memory") {
        words.extend(["--memory", "none", "--threads", "none"]);
    }
    // Tests run as root too: unconfined engines are then root's, as
    // the test means them to be.
    if !args.contains(&"--sandbox") {
        words.push("--unconfined-root");
    }
    words.extend_from_slice(args);
    words
}

/// [`run`], with the process ID the tournament ran as.
fn run_as(players: &Path, out: &Path, args: &[&str]) -> (Output, u32) {
    let words = words(players, out, args);
    let child = std::process::Command::new(CONGO)
        .args(&words)
        // The programs in tests/fixtures/ call congo through this.
        .env("CONGO_BIN", CONGO)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    (child.wait_with_output().unwrap(), pid)
}

/// A finished game of a tournament's records: white, black, result,
/// reason, plies.
#[derive(Debug, Clone, PartialEq)]
struct Game {
    white: String,
    black: String,
    result: String,
    reason: String,
    plies: usize,
}

/// Every game of the records in `out`, by the names in their file names.
fn games(out: &Path) -> Vec<Game> {
    let mut games = Vec::new();
    let mut files: Vec<PathBuf> = fs::read_dir(out.join("records"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        let stem = file.file_stem().unwrap().to_str().unwrap().to_owned();
        let (first, second) = stem.split_once("-vs-").unwrap();
        for line in fs::read_to_string(&file).unwrap().lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            let (white, black) = if fields[1] == "A" {
                (first, second)
            } else {
                (second, first)
            };
            games.push(Game {
                white: white.to_owned(),
                black: black.to_owned(),
                result: fields[4].to_owned(),
                reason: fields[5].to_owned(),
                plies: fields[3].split_whitespace().count(),
            });
        }
    }
    games
}

/// The standings a tournament wrote, as JSON.
fn standings(out: &Path) -> Json {
    Json::parse(&fs::read_to_string(out.join("standings.json")).unwrap()).unwrap()
}

/// A JSON array's items.
fn items(value: Option<&Json>) -> &[Json] {
    match value {
        Some(Json::Array(items)) => items,
        other => panic!("an array: {other:?}"),
    }
}

/// A JSON number.
fn number(value: Option<&Json>) -> f64 {
    match value {
        Some(Json::Number(number)) => *number,
        other => panic!("a number: {other:?}"),
    }
}

/// Whether the kernel lists a lock on the file `path`.
fn locked(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let inode = format!(":{} ", fs::metadata(path).unwrap().ino());
    fs::read_to_string("/proc/locks")
        .unwrap()
        .lines()
        .any(|line| line.contains(&inode))
}
