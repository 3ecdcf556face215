//! The Part 7 protocol through the real binary: commands, bad commands,
//! the weak engine, and what the engine says when its move ends a game.

use congo_rules::Position;

use super::{START, is_legal};
use crate::common::{congo, text};

#[test]
fn a_scripted_session() {
    let script = "newgame\ngo 1\nmoves d6d5\ngo 1\nquit\ngo 1\n";
    let output = congo(&["engine"], script.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    let answers = text(&output.stdout);
    let moves: Vec<&str> = answers.lines().collect();
    assert_eq!(moves.len(), 2, "nothing after quit: {answers}");
    assert!(is_legal(START, moves[0]), "{}", moves[0]);
    // The engine played its own move, then black's d6d5.
    let start: Position = START.parse().unwrap();
    let first = start.parse_move(moves[0], &mut Vec::new()).unwrap();
    let after_first = start.play_unchecked(first, congo_rules::RuleSet::default());
    let reply = after_first.parse_move("d6d5", &mut Vec::new()).unwrap();
    let after_reply = after_first
        .play_unchecked(reply, congo_rules::RuleSet::default())
        .to_string();
    assert!(
        is_legal(&after_reply, moves[1]),
        "{} in {after_reply}",
        moves[1]
    );
}

/// How long `go` takes is measured by `cargo bench --bench engine`, not
/// asserted here: a loaded machine would fail a timed test.
#[test]
fn go_one_is_answered_with_a_legal_move() {
    let output = congo(
        &["engine"],
        b"position gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\ngo 1\n",
    );
    assert!(output.status.success());
    assert!(is_legal(
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
        text(&output.stdout).trim()
    ));
}

#[test]
fn bad_commands_and_an_illegal_move_change_nothing() {
    let script = "hello\nposition 7/7/7 w 1\ngo\ngo -3\nmoves d2d3 d6d6\ngo 0.2\n";
    let output = congo(&["engine"], script.as_bytes());
    assert!(output.status.success());
    assert_eq!(
        text(&output.stderr),
        "error: unknown command \"hello\"\n\
         error: bad FEN \"7/7/7 w 1\": expected 7 ranks, found 3\n\
         error: go needs a number of seconds above 0 and at most 86400, found \"\"\n\
         error: go needs a number of seconds above 0 and at most 86400, found \"-3\"\n\
         error: move \"d6d6\" is not legal in this position\n"
    );
    // The good first move of the rejected `moves` was not kept either:
    // white is still to move in the start position.
    assert!(
        is_legal(START, text(&output.stdout).trim()),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn a_winning_lion_capture_is_always_taken() {
    for (fen, win) in [
        ("3l3/7/7/7/7/7/3L3 w 1", "d1d7"),
        ("7/2p4/3l3/3M3/7/7/3L3 w 1", "d4d6"),
        ("7/7/2l4/7/4L2/7/7 b 3", "c5e3"),
    ] {
        let output = congo(&["engine"], format!("position {fen}\ngo 0.1\n").as_bytes());
        assert_eq!(text(&output.stdout), format!("{win}\n"), "{fen}");
    }
}

#[test]
fn the_weak_engine_plays_too() {
    let output = congo(&["engine", "--weak"], b"newgame\ngo 1\n");
    assert!(output.status.success());
    assert!(is_legal(START, text(&output.stdout).trim()));
}

#[test]
fn a_finished_game_has_no_move_to_give() {
    let output = congo(&["engine"], b"position 3L3/7/7/7/7/7/7 b 1\ngo 1\n");
    assert!(output.stdout.is_empty());
    assert_eq!(
        text(&output.stderr),
        "error: no legal move: the game is over, white wins, black's lion was taken\n"
    );
}

/// Runs the engine protocol on `commands`.
fn engine(commands: &[u8]) -> (String, String) {
    let output = congo(&["engine", "--weak"], commands);
    assert!(output.status.success());
    (text(&output.stdout), text(&output.stderr))
}

#[test]
fn the_engine_rejects_huge_times_and_odd_bytes_and_goes_on() {
    let (out, err) = engine(b"go 1e20\ngo 3e19\n\xff\xfe\ngo 0.05\n");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert_eq!(
        err.matches("error: go needs a number of seconds").count(),
        2,
        "{err}"
    );
    assert!(err.contains("error: line is not valid UTF-8"), "{err}");
    let mut long = b"moves ".to_vec();
    long.extend(std::iter::repeat_n(b'a', 200_000));
    long.extend_from_slice(b"\ngo 0.05\n");
    let (out, err) = engine(&long);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        err.contains("error: line is longer than 65536 bytes"),
        "{err}"
    );
}

#[test]
fn the_engine_says_when_its_move_ends_the_game() {
    let (out, err) = engine(b"position 3l3/7/7/7/7/7/3L3 w 1\ngo 0.1\n");
    assert_eq!(out, "d1d7\n");
    assert_eq!(err, "info game over: white wins, black's lion was taken\n");
}
