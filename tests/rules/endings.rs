//! The end of a game told the same way by every front end: `match`,
//! `game` and the engine's protocol.

use crate::common::{self, congo, text};

#[test]
fn bare_lions_facing_each_other_are_not_a_draw() {
    let facing = "3l3/7/7/7/7/7/3L3 w 0";
    let report = common::congo_self_match(facing, &[]);
    assert_eq!(
        report
            .matches("1-0, black's lion was taken, 1 move\n")
            .count(),
        2,
        "{report}"
    );
    let shown = congo(
        &["game", "--movetime", "50", "--ascii", "--fen", facing],
        b"d1d7\n",
    );
    assert!(
        text(&shown.stdout)
            .trim_end()
            .ends_with("Game over: white wins, black's lion was taken."),
        "{}",
        text(&shown.stdout)
    );
    let engine = congo(
        &["engine"],
        format!("position {facing}\ngo 0.1\n").as_bytes(),
    );
    assert_eq!(text(&engine.stdout), "d1d7\n");
}

#[test]
fn bare_lions_that_cannot_meet_are_a_draw_everywhere() {
    let apart = "2l4/7/7/7/7/7/3L3 w 0";
    let report = common::congo_self_match(apart, &[]);
    assert_eq!(
        report
            .matches("1/2-1/2, draw, only the lions are left and neither can take the other, 0 moves\n  opening: (none) -> 2l4/7/7/7/7/7/3L3 w 0\n  (no moves)\n")
            .count(),
        2,
        "{report}"
    );
    let shown = congo(
        &["game", "--movetime", "50", "--ascii", "--fen", apart],
        b"",
    );
    assert!(
        text(&shown.stdout)
            .contains("Game over: a draw, only the lions are left and neither can take the other."),
        "{}",
        text(&shown.stdout)
    );
    // A capture that leaves the lions unable to meet ends the game at once.
    let engine = congo(&["engine"], b"position 2l4/7/7/7/7/3p3/4L2 w 1\ngo 0.1\n");
    assert_eq!(text(&engine.stdout), "e1d2\n");
    assert_eq!(
        text(&engine.stderr),
        "info game over: draw, only the lions are left and neither can take the other\n"
    );
}
