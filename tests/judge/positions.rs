//! Which positions a judge accepts: those a game can reach (each rule with
//! its reason), any that fits with `--any-position`, and monkeys with too
//! many jump chains refused.

use crate::common::{self, congo, text};

/// A monkey among 28 jumpable zebras: an explosion of jump chains.
const MONKEY_BOMB: &str = "1z1z1z1/zzzlzzz/1z1z1z1/zzzzzzz/1z1z1z1/zzzLzzz/Mz1z1z1 w 0";

#[test]
fn impossible_positions_are_bad_lines_for_every_subcommand() {
    for args in [
        &["moves"][..],
        &["monkey"],
        &["perft", "1"],
        &["evaluate"],
        &["board"],
    ] {
        // Before the check this ran for minutes and then aborted.
        let output = congo(args, format!("1\n{MONKEY_BOMB}\n").as_bytes());
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&output.stderr),
            "congo: line 2: black has 31 zebras, expected at most 1 (the judges' --any-position accepts any number that fits)\n",
            "{args:?}"
        );
    }
}

#[test]
fn each_reachability_rule_has_its_reason() {
    for (fen, reason) in [
        (
            "3l3/7/7/7/7/7/2L1L2 w 1",
            "white has 2 lions, expected at most 1",
        ),
        (
            "3l3/7/7/7/7/7/L6 w 1",
            "the white lion on a1 is outside its castle",
        ),
        (
            "3l3/7/7/3L3/7/7/7 w 1",
            "the white lion on d4 is outside its castle",
        ),
        (
            "3l3/7/7/7/7/7/3L3 w 1x",
            "move number is \"1x\", expected a non-negative integer",
        ),
        (
            "3l3/7/7/7/7/7/3L22 w 1",
            "rank 1 has two digits in a row, expected one digit per run of empty squares",
        ),
        (
            "eee4/3l3/7/7/7/7/3L3 w 1",
            "black has 3 elephants, expected at most 2 (the judges' --any-position accepts any number that fits)",
        ),
    ] {
        let output = congo(&["lion"], format!("1\n{fen}\n").as_bytes());
        assert_eq!(output.status.code(), Some(1), "{fen}");
        assert_eq!(text(&output.stderr), format!("congo: line 2: {reason}\n"));
    }
    // A lion that has taken the other one stands in the enemy castle.
    let output = congo(&["board"], b"1\n3L3/7/7/7/7/7/7 b 1\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The 2021 rules never promote, so they have no superpawns.
    let output = congo(
        &["--rules", "2021", "moves"],
        b"1\n3l3/7/7/7/7/7/S2L3 w 1\n",
    );
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: white has a superpawn, but pawns never promote under the 2021 rules\n"
    );
}

#[test]
fn a_monkey_with_millions_of_chains_is_refused_quickly() {
    // Legal piece counts, but 1,833,391 jump chains.
    let fen = "1s1l3/1mg4/1z1e3/pspss2/1s1c3/ppspps1/Mp1L1e1 w 0";
    let output = congo(&["monkey"], format!("1\n{fen}\n").as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: the monkey on a1 has more than 100000 jump chains, expected at most 100000\n"
    );
}

#[test]
fn the_worst_valid_monkey_is_answered() {
    // Fourteen black pieces spread for jumping, the monkey among them.
    let fen = "1p1l1p1/sssssss/1p1p1p1/1zegec1/1p1M1p1/7/3L3 w 0";
    let output = congo(&["perft", "2"], format!("1\n{fen}\n").as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
}

#[test]
fn made_up_positions_are_read_with_any_position() {
    // Two zebras and eight pawns: no game reaches this, a student's test
    // board might.
    let fen = "3l3/7/7/PPPPPPP/7/ZZ5/P2L3 w 1";
    let input = format!("1\n{fen}\n");
    let output = congo(&["zebra"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: white has 8 pawns, expected at most 7 (the judges' --any-position accepts any number that fits)\n"
    );
    // Before or after the subcommand, and for a FEN given as an argument.
    for args in [
        &["--any-position", "zebra"][..],
        &["zebra", "--any-position"],
        &["--rules", "2021", "zebra", "--any-position"],
    ] {
        let output = congo(args, input.as_bytes());
        assert!(
            output.status.success(),
            "{args:?}: {}",
            text(&output.stderr)
        );
        // The pawns on rank 4 block a4, b4 and c4.
        assert_eq!(text(&output.stdout), "a2c1 a2c3 b2d3\n");
    }
    // Each river pawn steps forward or forward diagonally; a1's is
    // blocked by its own zebra.
    let output = congo(&["--any-position", "pawn"], input.as_bytes());
    assert_eq!(
        text(&output.stdout),
        "a4a5 a4b5 b4a5 b4b5 b4c5 c4b5 c4c5 c4d5 d4c5 d4d5 d4e5 e4d5 e4e5 e4f5 f4e5 f4f5 f4g5 g4f5 g4g5\n"
    );
    let output = congo(&["--any-position", "best", "--depth", "2", fen], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // Lions still stand where the rules let them, one a side, and a
    // monkey still may not have more chains than a line can hold.
    for (fen, reason) in [
        (
            "3l3/7/7/7/7/ZZ5/2LL3 w 1",
            "white has 2 lions, expected at most 1",
        ),
        (
            "3l3/7/7/7/7/ZZ5/L6 w 1",
            "the white lion on a1 is outside its castle",
        ),
        (
            "1z1z1z1/zzzlzzz/1z1z1z1/zzzzzzz/1z1z1z1/zzzLzzz/Mz1z1z1 w 0",
            "the monkey on a1 has more than 100000 jump chains, expected at most 100000",
        ),
    ] {
        let output = congo(
            &["--any-position", "moves"],
            format!("1\n{fen}\n").as_bytes(),
        );
        assert_eq!(output.status.code(), Some(1), "{fen}");
        assert_eq!(text(&output.stderr), format!("congo: line 2: {reason}\n"));
    }
    common::assert_usage_error(
        &["--any-position", "game"],
        "congo: --any-position widens what the judges read (lion, moves, perft, ...); game is not one\n",
    );
    common::assert_usage_error(
        &["--any-position", "lion", "--any-position"],
        "congo: --any-position is given more than once\n",
    );
}
