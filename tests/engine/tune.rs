//! `congo tune`: weights fitted to recorded games.

use super::{START, is_legal};
use crate::common::{assert_usage_error, congo, fixed_nodes_match, scratch, text};

#[test]
fn tune_fits_weights_to_recorded_games() {
    let dir = scratch("tune");
    let record = dir.join("games.rec").to_string_lossy().into_owned();
    fixed_nodes_match(&["--games", "6", "--movetime", "500", "--record", &record]);
    let output = congo(
        &["tune", &record, "--passes", "3", "--skip-plies", "2"],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report = text(&output.stdout);
    let first = report.lines().next().unwrap();
    // `N positions, K k: mean squared error BEFORE -> AFTER`, never worse.
    let errors: Vec<f64> = first
        .rsplit(": mean squared error ")
        .next()
        .unwrap()
        .split(" -> ")
        .map(|number| number.parse().unwrap())
        .collect();
    assert!(errors[1] <= errors[0], "{first}");
    assert!(
        report.contains("\n         pawn   100 ->   100\n"),
        "{report}"
    );
    let last = report.lines().last().unwrap();
    assert!(
        last.starts_with("congo engine --weight pawn=100 --weight superpawn="),
        "{last}"
    );
    // The printed line is one congo engine takes.
    let words: Vec<&str> = last.split(' ').skip(1).collect();
    let session = format!("position {START}\ngo 0.05\nquit\n");
    let engine = congo(&words, session.as_bytes());
    assert!(
        is_legal(START, text(&engine.stdout).trim()),
        "{}",
        text(&engine.stderr)
    );
    // A bad line is named by file and line.
    std::fs::write(&record, "1\tA\tx\t\t2-0\tr\n").unwrap();
    let output = congo(&["tune", &record], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!("congo: {record} line 1: result \"2-0\" is not 1-0, 0-1 or 1/2-1/2\n")
    );
    assert_usage_error(&["tune"], "congo: tune needs a record file");
    let _ = std::fs::remove_dir_all(&dir);
}
