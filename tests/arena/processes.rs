//! The match's processes: usage errors, an engine that cannot start, and
//! engines stopped with the match.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::quick_match;
use crate::common::{self, assert_usage_error, fixture, scratch, text};

#[test]
fn match_usage_errors() {
    assert_usage_error(
        &["match", "--games", "2", "--", "a"],
        "congo: match needs two engines",
    );
    assert_usage_error(
        &["engine", "--weight", "speed=3"],
        "congo: weight \"speed=3\" is not NAME=INTEGER",
    );
}

#[test]
fn an_engine_that_cannot_start_is_an_error_on_stderr() {
    let output = quick_match(&[], &["/no/such/engine"], &["/no/such/engine"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(text(&output.stderr).starts_with("congo: cannot start /no/such/engine"));
}

#[test]
fn match_rejects_bad_settings() {
    assert_usage_error(
        &["match", "--movetime", "0", "--", "a", "--", "b"],
        "congo: --movetime must be more than 0",
    );
    assert_usage_error(
        &["match", "--fen", "7/7/7/7/7/7 w 0", "--", "a", "--", "b"],
        "congo: bad FEN \"7/7/7/7/7/7 w 0\": expected 7 ranks, found 6",
    );
    // Tables that are not there would let every game play on without them.
    assert_usage_error(
        &[
            "match",
            "--movetime",
            "100",
            "--tb",
            "/no/such/tables",
            "--",
            "a",
            "--",
            "b",
        ],
        "congo: --tb \"/no/such/tables\": expected a folder of endgame tables\n",
    );
}

#[cfg(unix)]
#[test]
fn stopping_a_match_stops_its_engines() {
    let dir = scratch("reaper");
    let pids = dir.join("pids");
    let stubborn = fixture("stubborn_engine.sh");
    let args = ["match", "--games", "2", "--movetime", "20000", "--"];
    let engines = [stubborn.as_str(), "--", stubborn.as_str()];
    let words: Vec<&str> = args.iter().chain(&engines).copied().collect();
    let mut child = common::congo_in_background(&words, &[("STUBBORN_PIDS", pids.as_os_str())]);
    common::signal_when(&mut child, "TERM", || common::lines_in(&pids) >= 2);
    let alive = |pid: &str| {
        Command::new("kill")
            .args(["-0", pid])
            .stderr(Stdio::null())
            .status()
            .unwrap()
            .success()
    };
    let list = std::fs::read_to_string(&pids).unwrap();
    // A hang guard only: the engines go as soon as the reaper acts.
    let deadline = Instant::now() + Duration::from_secs(120);
    while list.lines().any(alive) {
        assert!(
            Instant::now() < deadline,
            "engines outlived the match: {list}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
