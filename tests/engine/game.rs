//! `congo game`, a person against the engine, driven through piped stdin.

use crate::common::{assert_usage_error, congo, text};

fn game(args: &[&str], typed: &str) -> String {
    let mut all = vec!["game", "--movetime", "50", "--ascii"];
    all.extend_from_slice(args);
    let output = congo(&all, typed.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn a_winning_move_ends_the_game_with_the_result() {
    let shown = game(&["--fen", "3l3/7/7/7/7/P6/3L3 w 1"], "d1d7\n");
    assert!(shown.contains("last move: d1d7"), "{shown}");
    assert!(
        shown
            .trim_end()
            .ends_with("Game over: white wins, black's lion was taken."),
        "{shown}"
    );
}

#[test]
fn bad_moves_get_helpful_errors_and_change_nothing() {
    let shown = game(
        &["--fen", "3l3/7/7/7/7/3P3/3L3 w 1"],
        "d1d3\nhello\nmoves\nhint\n",
    );
    assert!(
        shown.contains("d1d3 is not legal. The piece on d1 can play: d1c1 d1c2 d1e1 d1e2"),
        "{shown}"
    );
    assert!(
        shown.contains("\"hello\" is not a move or a command."),
        "{shown}"
    );
    assert!(
        shown.contains("Your moves: d1c1 d1c2 d1e1 d1e2 d2c3 d2d3 d2e3"),
        "{shown}"
    );
    assert!(shown.contains("Hint: "), "{shown}");
    // Nothing was played: the board was drawn once.
    assert_eq!(shown.matches("white to move, move 1").count(), 1, "{shown}");
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let shown = game(&["--fen", "3l3/7/7/7/7/3P3/3L3 w 1"], "d2d3\nundo\nundo\n");
    assert!(shown.contains("congo plays "), "{shown}");
    assert!(shown.contains("Taken back."), "{shown}");
    assert!(
        shown.contains("There is no move of yours to take back."),
        "{shown}"
    );
    // The board after the undo is the start again.
    let after = shown.split("Taken back.").nth(1).unwrap();
    assert!(after.contains("2 | . .[. P .]. . |"), "{shown}");
    assert!(after.contains("white to move, move 1"), "{shown}");
}

#[test]
fn playing_black_the_engine_moves_first() {
    let shown = game(&["--color", "black"], "quit\n");
    assert!(shown.starts_with("You play black"), "{shown}");
    assert!(shown.contains("congo plays "), "{shown}");
    assert!(shown.contains("black to move> "), "{shown}");
}

#[test]
fn game_usage_errors() {
    assert_usage_error(
        &["game", "--color", "red"],
        "congo: colour \"red\" is unknown",
    );
    assert_usage_error(&["game", "--fen", "7/7 w 1"], "congo: bad FEN");
}
