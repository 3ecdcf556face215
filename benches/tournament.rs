//! The tournament manager's own cost: its CPU against its engines' in a
//! 16-engine round robin of fast engines, its memory with 100 engines,
//! and how much longer than its games a Swiss at 100 ms a move takes.
//!
//! Run with `cargo bench --bench tournament`. The Swiss of 40 engines
//! over 7 rounds takes minutes; it runs with `CONGO_BENCH_SWISS=1`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::fs;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::{CONGO, scratch};

/// Clock ticks a second, as `/proc` counts CPU time.
const TICKS: f64 = 100.0;

fn main() {
    let dir = scratch("bench-tournament");
    round_robins(&dir);
    memory(&dir);
    if std::env::var_os("CONGO_BENCH_SWISS").is_some() {
        swiss(&dir);
    } else {
        println!("tournament: the 40-engine Swiss skipped (CONGO_BENCH_SWISS=1 runs it)");
    }
    let _ = fs::remove_dir_all(dir);
}

/// A players file of `count` congo engines searching `nodes` nodes a move.
fn players(dir: &Path, name: &str, count: usize, nodes: impl Fn(usize) -> String) -> String {
    let path = dir.join(name);
    let lines: String = (0..count)
        .map(|player| format!("e{player:03} {CONGO} engine {}\n", nodes(player)))
        .collect();
    fs::write(&path, lines).unwrap();
    path.display().to_string()
}

/// What a finished run cost: the manager's CPU, its engines' (reaped by
/// it), its peak memory, its wall time.
struct Cost {
    manager: f64,
    engines: f64,
    peak: u64,
    wall: f64,
}

/// Runs `congo ARGS` to its end, reading its costs from `/proc` as it
/// goes and once more as it exits, before it is reaped.
fn measure(args: &[&str]) -> Cost {
    let started = Instant::now();
    let mut child: Child = Command::new(CONGO)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (stat, status) = (
        format!("/proc/{}/stat", child.id()),
        format!("/proc/{}/status", child.id()),
    );
    let mut cost = Cost {
        manager: 0.0,
        engines: 0.0,
        peak: 0,
        wall: 0.0,
    };
    loop {
        if let Some(peak) = fs::read_to_string(&status)
            .ok()
            .and_then(|text| {
                text.lines()
                    .find(|line| line.starts_with("VmHWM:"))
                    .map(str::to_owned)
            })
            .and_then(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok())
        {
            cost.peak = cost.peak.max(peak * 1024);
        }
        let Ok(text) = fs::read_to_string(&stat) else {
            break;
        };
        let fields: Vec<&str> = text
            .rsplit_once(')')
            .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
        let tick = |index: usize| {
            fields
                .get(index)
                .and_then(|value| value.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        // After the name: state, then utime, stime, cutime, cstime at 11-14.
        cost.manager = (tick(11) + tick(12)) / TICKS;
        cost.engines = (tick(13) + tick(14)) / TICKS;
        if fields.first() == Some(&"Z") {
            break;
        }
        thread::sleep(Duration::from_millis(20));
    }
    let exited = child.wait().unwrap();
    assert!(exited.success(), "congo {}", args.join(" "));
    cost.wall = started.elapsed().as_secs_f64();
    cost
}

/// 16 engines at 2,000 nodes a move, every pair both colours: 240 games,
/// unconfined and unlimited, then (where bubblewrap is installed)
/// confined, with the course's limits.
fn round_robins(dir: &Path) {
    let unlimited = ["--memory", "none", "--threads", "none"];
    round_robin(dir, "round-robin", &unlimited, "");
    if Command::new("bwrap").arg("--version").output().is_err() {
        println!("tournament: the confined round robin skipped (bubblewrap is not installed)");
        return;
    }
    // The engines' program, congo, is shown to each read-only.
    let confined = ["--sandbox", "--unenforced"];
    round_robin(dir, "confined", &confined, ", confined with limits");
}

/// A 16-engine round robin with `extra` options, in `dir/name`.
fn round_robin(dir: &Path, name: &str, extra: &[&str], label: &str) {
    let players = players(dir, "sixteen.txt", 16, |player| {
        format!("--nodes {}", 2000 + 10 * player)
    });
    let out = dir.join(name);
    let mut args = vec![
        "tournament",
        &players,
        "--output",
        out.to_str().unwrap(),
        "--movetime",
        "1000",
        "--concurrency",
        "2",
    ];
    // As root, unconfined engines are root's, as the bench means.
    if !extra.contains(&"--sandbox") {
        args.push("--unconfined-root");
    }
    args.extend_from_slice(extra);
    let cost = measure(&args);
    println!(
        "tournament: 16-engine round robin (240 games, 2,000 nodes a move{label}): manager {:.2} s of CPU, engines {:.2} s: {:.2} % of theirs, {:.1} s on the wall",
        cost.manager,
        cost.engines,
        100.0 * cost.manager / cost.engines.max(1e-9),
        cost.wall
    );
}

/// 100 engines, one Swiss round of 50 short games: the manager's peak
/// memory with a class that large.
fn memory(dir: &Path) {
    let players = players(dir, "hundred.txt", 100, |player| {
        format!("--nodes {}", 100 + player)
    });
    let out = dir.join("hundred");
    let cost = measure(&[
        "tournament",
        &players,
        "--unconfined-root",
        "--output",
        out.to_str().unwrap(),
        "--movetime",
        "1000",
        "--format",
        "swiss",
        "--rounds",
        "1",
        "--max-plies",
        "20",
        "--concurrency",
        "2",
        "--memory",
        "none",
        "--threads",
        "none",
    ]);
    println!(
        "tournament: 100 engines (one Swiss round, 50 games): manager peak memory {:.1} MB",
        cost.peak as f64 / 1e6
    );
}

/// 40 engines thinking 100 ms a move, 7 Swiss rounds, two games at once:
/// the wall time against the time its moves were given.
fn swiss(dir: &Path) {
    let players = players(dir, "forty.txt", 40, |_| String::new());
    let out = dir.join("swiss");
    let cost = measure(&[
        "tournament",
        &players,
        "--unconfined-root",
        "--output",
        out.to_str().unwrap(),
        "--movetime",
        "100",
        "--format",
        "swiss",
        "--rounds",
        "7",
        "--max-plies",
        "40",
        "--concurrency",
        "2",
        "--memory",
        "none",
        "--threads",
        "none",
    ]);
    let plies: usize = fs::read_dir(out.join("records"))
        .unwrap()
        .flat_map(|entry| {
            fs::read_to_string(entry.unwrap().path())
                .unwrap()
                .lines()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .map(|line| {
            line.split('\t')
                .nth(3)
                .map_or(0, |moves| moves.split_whitespace().count())
        })
        .sum();
    // The engines think one move at a time each, on their own: their CPU
    // over the games played at once is how long the games take.
    let games_take = cost.engines / 2.0;
    println!(
        "tournament: 40-engine Swiss, 7 rounds at 100 ms a move (40-ply games, two at once): {:.1} s on the wall; the engines thought {:.1} s of CPU for {plies} plies, {games_take:.1} s two at a time: the manager added {:+.1} % ({:.2} s of its own CPU)",
        cost.wall,
        cost.engines,
        100.0 * (cost.wall - games_take) / games_take,
        cost.manager
    );
}
