//! The clock of a match as real engines meet it: a start-up allowance
//! before the first move's time runs, one deadline a move that nothing the
//! engine prints moves, a margin whose overruns are counted, and the
//! stderr of an engine that fails.

use std::fs;

use crate::common::{self, congo, fixture, scratch, text};

/// A match of `games` between congo's engine (A, at `--nodes 300`) and
/// the fixture `b`, with `options`; its report and stderr.
fn against(b: &str, games: &str, options: &[&str]) -> (String, String) {
    let b = fixture(b);
    let mut args = vec!["match", "--games", games];
    args.extend_from_slice(options);
    args.extend(["--", common::CONGO, "engine", "--nodes", "300", "--", &b]);
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    (text(&output.stdout), text(&output.stderr))
}

#[test]
fn a_slow_starting_engine_does_not_forfeit_its_first_move() {
    // Two seconds to start, well past the 100 ms a move and the margin:
    // the default start-up allowance covers it.
    let (report, _) = against("slow_start.sh", "2", &["--movetime", "100"]);
    assert!(!report.contains("lost:"), "{report}");
    assert!(report.contains("of 2: score"), "{report}");
    // Without the allowance it forfeits, and the report says it never
    // started.
    let (report, _) = against(
        "slow_start.sh",
        "2",
        &["--movetime", "100", "--startup", "0", "--margin", "200"],
    );
    assert!(
        report.contains("lost: it gave no move within 300 ms (100 ms and a margin of 200 ms)"),
        "{report}"
    );
}

#[test]
fn moves_late_within_the_margin_are_counted_not_forfeited() {
    let (report, _) = against(
        "late_engine.sh",
        "2",
        &["--movetime", "50", "--max-plies", "12"],
    );
    assert!(!report.contains("lost:"), "{report}");
    let overruns = report
        .lines()
        .find(|line| line.starts_with("past the time but within the 1000 ms margin: A none, B "))
        .unwrap_or_else(|| panic!("no overruns line: {report}"));
    // B answered every one of its moves late (6 a game), by about 30 ms.
    let counted: usize = overruns
        .split("B ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap();
    assert!(counted >= 10, "{overruns}");
    // A margin it cannot meet forfeits it.
    let (report, _) = against(
        "late_engine.sh",
        "2",
        &["--movetime", "50", "--margin", "5", "--startup", "0"],
    );
    assert!(
        report.contains("lost: it gave no move within 55 ms"),
        "{report}"
    );
}

#[test]
fn blank_lines_do_not_hold_off_the_deadline() {
    let logs = scratch("chatty-logs");
    let log = logs.to_str().unwrap();
    let (report, _) = against(
        "chatty_engine.sh",
        "2",
        &[
            "--movetime",
            "200",
            "--startup",
            "300",
            "--margin",
            "100",
            "--log",
            log,
        ],
    );
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(
        report.contains("lost: it did not start: it gave no move within 600 ms"),
        "{report}"
    );
    // The blank lines are logged, and were passed over.
    let b_log = fs::read_to_string(logs.join("B-1.log")).unwrap();
    assert!(
        b_log.lines().filter(|line| line.ends_with(" <")).count() >= 3,
        "{b_log}"
    );
    fs::remove_dir_all(logs).unwrap();
}

#[test]
fn an_engine_that_crashes_has_its_last_stderr_lines_shown() {
    let (report, _) = against(
        "crashes_on_third_move.sh",
        "2",
        &["--movetime", "100", "--opening-plies", "0"],
    );
    assert!(report.contains("lost: it exited with status 3"), "{report}");
    assert!(report.contains("  B's last lines on stderr:\n"), "{report}");
    assert!(
        report.contains("  | engine: out of memory on move 3\n"),
        "{report}"
    );
    // It lost both games on its third move, and the match went on.
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
}
