//! Matches against engines that misbehave: illegal moves, silence,
//! crashes, quitting after a game, whole-second times.

use super::quick_match;
use crate::common::{self, congo, fixture, text};

/// Plays congo's engine (A) against a broken one (B) and returns the report.
fn match_against(broken: &str) -> String {
    match_against_with(broken, &[])
}

/// [`match_against`] with `options` for the match.
fn match_against_with(broken: &str, options: &[&str]) -> String {
    let engine = common::CONGO;
    let broken = fixture(broken);
    let mut args = vec!["match", "--games", "2", "--movetime", "100"];
    args.extend_from_slice(options);
    args.extend(["--", engine, "engine", "--", &broken]);
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn an_engine_playing_an_illegal_move_loses() {
    let report = match_against("illegal_engine.sh");
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(
        report.contains("lost: move \"a1a1\" is not legal in this position"),
        "{report}"
    );
}

#[test]
fn an_engine_that_never_answers_loses() {
    let report = match_against_with("silent_engine.sh", &["--startup", "300", "--margin", "100"]);
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(
        report.contains(
            "lost: it did not start: it gave no move within 500 ms \
             (a start-up of 300 ms, 100 ms and a margin of 100 ms)"
        ),
        "{report}"
    );
}

#[test]
fn an_engine_that_crashes_loses_and_the_match_goes_on() {
    let report = match_against("crashing_engine.sh");
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(report.contains("it exited with status 1"), "{report}");
}

#[test]
fn an_engine_that_dies_at_once_is_said_to_have_exited_with_either_colour() {
    let report = match_against("dies_at_once.sh");
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    // As black it dies before its first move too: told moves, not started.
    for side in ["white", "black"] {
        let reason = format!("{side} lost: it did not start: it exited with status 3");
        assert!(report.contains(&reason), "{report}");
    }
    assert!(!report.contains("could not be started"), "{report}");
}

#[test]
fn an_engine_that_quits_after_its_game_is_restarted() {
    let one_game = fixture("one_game_engine.sh");
    let output = quick_match(&[], &[&one_game], &[common::CONGO, "engine"]);
    let report = text(&output.stdout);
    assert!(
        report.contains("A wins 2, draws 0, loses 2 of 4"),
        "{report}"
    );
    assert!(
        report.contains("opening: (none) -> 3l3/7/7/7/7/P6/3L3 w 0"),
        "{report}"
    );
}

#[test]
fn whole_second_engines_get_whole_seconds() {
    let engine = fixture("whole_seconds_engine.sh");
    let congo_engine = [common::CONGO, "engine"];
    let output = quick_match(&["--go-seconds"], &[&engine], &congo_engine);
    assert!(text(&output.stdout).contains("A wins 2, draws 0, loses 2 of 4"));
    let output = quick_match(&[], &[&engine], &congo_engine);
    assert!(text(&output.stdout).contains("A wins 0, draws 0, loses 4 of 4"));
}

#[test]
fn a_loss_names_the_true_reason() {
    let silent = fixture("closes_output.sh");
    let output = quick_match(&[], &[&silent], &[common::CONGO, "engine"]);
    let report = text(&output.stdout);
    assert!(
        report.contains("lost: it did not start: it closed its output"),
        "{report}"
    );
}

#[test]
fn an_engine_that_quits_after_every_game_never_forfeits() {
    let congo_bin = common::CONGO;
    let quitter = common::fixture("quits_after_each_game.sh");
    let output = congo(
        &[
            "match",
            "--games",
            "20",
            "--movetime",
            "20",
            "--opening-plies",
            "0",
            "--fen",
            "3l3/7/7/7/7/P6/3L3 w 0",
            "--",
            &quitter,
            "--",
            congo_bin,
            "engine",
        ],
        b"",
    );
    let report = text(&output.stdout);
    assert!(output.status.success(), "{report}");
    // As white it plays a2a3 and black's lion flies onto it; as black it
    // loses to the flight at once. Every game ends that way, none by a fault.
    let results: Vec<&str> = report
        .lines()
        .filter(|line| line.starts_with("game ") && !line.starts_with("game pairs"))
        .map(|line| line.rsplit_once("): ").map_or("", |(_, result)| result))
        .collect();
    assert_eq!(results.len(), 20, "{report}");
    for (game, result) in results.iter().enumerate() {
        let expected = if game % 2 == 0 {
            "0-1, white's lion was taken, 2 moves"
        } else {
            "1-0, black's lion was taken, 1 move"
        };
        assert_eq!(*result, expected, "game {}: {report}", game + 1);
    }
}
