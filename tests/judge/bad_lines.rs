//! Bad input lines: one stderr line naming the input line and the reason,
//! exit status 1, and every good line still answered in its place.

use crate::common::{assert_usage_error, congo, text};

const GOOD: &str = "g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4";

const GOOD_ANSWER: &str = "d1d2\n";

/// Runs `lion` on a good FEN, the bad line, and a good FEN, and checks that
/// the bad one is reported as line 3 with `reason` and leaves an empty line.
fn bad_fen_line(line: &[u8], reason: &str) {
    let mut input = format!("3\n{GOOD}\n").into_bytes();
    input.extend_from_slice(line);
    input.extend_from_slice(format!("\n{GOOD}\n").as_bytes());
    let output = congo(&["lion"], &input);
    assert_eq!(output.status.code(), Some(1), "{reason}");
    assert_eq!(text(&output.stderr), format!("congo: line 3: {reason}\n"));
    assert_eq!(
        text(&output.stdout),
        format!("{GOOD_ANSWER}\n{GOOD_ANSWER}")
    );
}

#[test]
fn wrong_number_of_ranks() {
    bad_fen_line(b"2l4/7/7/7/PPP1PPP/3L3 w 4", "expected 7 ranks, found 6");
    bad_fen_line(
        b"2l4/7/7/7/7/7/PPP1PPP/3L3 w 4",
        "expected 7 ranks, found 8",
    );
}

#[test]
fn rank_too_wide_or_too_narrow() {
    bad_fen_line(
        b"2l4/7/8/7/7/PPP1PPP/3L3 w 4",
        "rank 5 has 8 squares, expected 7",
    );
    bad_fen_line(
        b"2l4/7/7/7/7/PPP1PP/3L3 w 4",
        "rank 2 has 6 squares, expected 7",
    );
}

#[test]
fn zero_digit() {
    bad_fen_line(
        b"2l4/7/7/07/7/PPP1PPP/3L3 w 4",
        "rank 4 has the digit 0, expected 1 to 7 empty squares",
    );
}

#[test]
fn unknown_letter() {
    bad_fen_line(
        b"2l4/7/7/3k3/7/PPP1PPP/3L3 w 4",
        "rank 4 has 'k', expected a piece letter (PSGMELCZ, lowercase for black) or a digit",
    );
}

#[test]
fn bad_side() {
    bad_fen_line(
        b"2l4/7/7/7/7/PPP1PPP/3L3 x 4",
        "side to move is \"x\", expected w or b",
    );
}

#[test]
fn bad_move_number() {
    for number in ["-1", "four", "1.0"] {
        let line = format!("2l4/7/7/7/7/PPP1PPP/3L3 w {number}");
        bad_fen_line(
            line.as_bytes(),
            &format!("move number is \"{number}\", expected a non-negative integer"),
        );
    }
    bad_fen_line(
        b"2l4/7/7/7/7/PPP1PPP/3L3 w 99999999999",
        "move number 99999999999 is too large, expected at most 4294967295",
    );
}

#[test]
fn missing_or_extra_fields() {
    bad_fen_line(
        b"2l4/7/7/7/7/PPP1PPP/3L3 w",
        "expected 3 fields (pieces, side, move number), found 2",
    );
    bad_fen_line(
        b"2l4/7/7/7/7/PPP1PPP/3L3 w 4 extra",
        "expected 3 fields (pieces, side, move number), found 4",
    );
}

#[test]
fn empty_line() {
    bad_fen_line(b"", "empty line, expected a FEN");
    bad_fen_line(b"   \r", "empty line, expected a FEN");
}

#[test]
fn bytes_that_are_not_utf8() {
    bad_fen_line(
        b"2l4/7/7/\xff\xfe7/7/PPP1PPP/3L3 w 4",
        "line is not valid UTF-8",
    );
}

#[test]
fn a_line_too_long_to_be_a_fen() {
    let line = vec![b'7'; 10_000];
    bad_fen_line(&line, "line is longer than 4096 bytes");
}

#[test]
fn several_bad_lines_are_all_reported_in_order() {
    let input = format!("4\nbad\n{GOOD}\n\n{GOOD}\n");
    let output = congo(&["lion"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: expected 3 fields (pieces, side, move number), found 1\n\
         congo: line 4: empty line, expected a FEN\n"
    );
    assert_eq!(
        text(&output.stdout),
        format!("\n{GOOD_ANSWER}\n{GOOD_ANSWER}")
    );
}

#[test]
fn count_that_is_not_a_number() {
    for count in ["two", "-1", "2.0", ""] {
        let input = format!("{count}\n{GOOD}\n{GOOD}\n");
        let output = congo(&["lion"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            text(&output.stderr),
            format!("congo: line 1: expected the number of positions, found {count:?}\n")
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn no_input_at_all() {
    let output = congo(&["lion"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 1: expected the number of positions, found the end of input\n"
    );
}

#[test]
fn fewer_lines_than_announced() {
    let input = format!("3\n{GOOD}\n{GOOD}\n");
    let output = congo(&["lion"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 4: input ends after 2 of 3 positions\n"
    );
    assert_eq!(text(&output.stdout), format!("{GOOD_ANSWER}{GOOD_ANSWER}"));
}

#[test]
fn more_lines_than_announced_are_ignored_with_a_warning() {
    let input = format!("1\n{GOOD}\nnot a fen\n");
    let output = congo(&["lion"], input.as_bytes());
    assert!(output.status.success());
    assert_eq!(
        text(&output.stderr),
        "congo: ignored 1 line after the 1 position the count announced\n"
    );
    assert_eq!(text(&output.stdout), GOOD_ANSWER);
}

#[test]
fn what_real_files_contain_is_accepted() {
    // CRLF ends, blanks around the count and the FEN, W/B, no final newline.
    let input = " 3 \r\n  g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 W 4  \r\n\
                 1g1Gl2/P1P2P1/1P5/7/1Z3P1/1P5/4L2\tB 79\r\n\
                 g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4";
    let output = congo(&["lion"], input.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "d1d2\ne7d6 e7d7 e7e1 e7e6\nd1d2\n");
}

#[test]
fn board_leaves_a_bad_block_out_and_keeps_the_separators() {
    let input = "3\n7/7/7/7/7/7/3L3 w 0\nnonsense\n3l3/7/7/7/7/7/7 b 0\n";
    let output = congo(&["board"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let blocks: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .split("\n\n")
        .collect();
    assert_eq!(blocks.len(), 2);
    assert!(blocks[0].contains("white lion: d1\nblack lion:\n"));
    assert!(blocks[0].ends_with("side to play: white"));
    assert!(blocks[1].contains("white lion:\nblack lion: d7\n"));
    assert!(blocks[1].ends_with("side to play: black\n"));
    assert_eq!(
        text(&output.stderr),
        "congo: line 3: expected 3 fields (pieces, side, move number), found 1\n"
    );
}

const PLAY_GOOD: &str = "g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4\nd1d2\n";

const PLAY_GOOD_ANSWER: &str = "g2l2z/ppppppp/7/7/7/PPPLPPP/2G1Z2 b 4\nContinue\n";

/// Runs `play` on a good case, the bad case, and a good case, and checks
/// that the bad one is reported at `line` with `reason` and leaves two
/// empty lines.
fn bad_play_case(case: &str, line: usize, reason: &str) {
    let input = format!("3\n{PLAY_GOOD}{case}{PLAY_GOOD}");
    let output = congo(&["play"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{reason}");
    assert_eq!(
        text(&output.stderr),
        format!("congo: line {line}: {reason}\n")
    );
    assert_eq!(
        text(&output.stdout),
        format!("{PLAY_GOOD_ANSWER}\n\n{PLAY_GOOD_ANSWER}")
    );
}

#[test]
fn play_an_illegal_move() {
    bad_play_case(
        "g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4\nd1d3\n",
        5,
        "move \"d1d3\" is not legal in this position",
    );
}

#[test]
fn play_a_move_that_is_not_squares() {
    bad_play_case(
        "g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4\nlion to d2\n",
        5,
        "move \"lion to d2\" is not written as squares, expected e.g. d1d2",
    );
}

#[test]
fn play_after_the_game_is_over() {
    bad_play_case(
        "3L3/7/7/7/7/7/7 b 4\nd7d6\n",
        5,
        "move \"d7d6\" cannot be played: a lion has been taken, the game is over",
    );
}

#[test]
fn play_with_a_bad_fen_names_the_fen_line() {
    bad_play_case("3l3/7/7/7/7/7 w 4\nd1d2\n", 4, "expected 7 ranks, found 6");
}

#[test]
fn play_with_the_last_move_line_missing() {
    let input = format!("2\n{PLAY_GOOD}g2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4\n");
    let output = congo(&["play"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 5: input ends after 1 of 2 cases\n"
    );
    assert_eq!(text(&output.stdout), PLAY_GOOD_ANSWER);
}

#[test]
fn one_fen_can_be_given_as_an_argument() {
    let fen = "3l3/7/7/7/7/7/3L3 w 1";
    let output = congo(&["moves", fen], b"");
    assert_eq!(text(&output.stdout), "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n");
    let output = congo(&["show", fen], b"");
    assert!(text(&output.stdout).contains("white to move, move 1"));
    assert_usage_error(&["moves", "3l3/7 w 1"], "congo: bad FEN \"3l3/7 w 1\"");
}

#[test]
fn a_count_near_the_largest_integer_does_not_overflow() {
    let good = "3l3/7/7/7/7/7/3L3 w 1\nd1d2\n";
    let output = congo(&["play"], format!("9223372036854775807\n{good}").as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "3l3/7/7/7/7/3L3/7 b 1\nContinue\n");
    assert_eq!(
        text(&output.stderr),
        "congo: line 4: input ends after 1 of 9223372036854775807 cases\n"
    );
}

#[test]
fn a_byte_order_mark_before_the_count_is_accepted() {
    let output = congo(&["lion"], b"\xEF\xBB\xBF1\n3l3/7/7/7/7/7/3L3 w 1\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n");
}

#[test]
fn divide_zero_counts_the_position_itself() {
    let output = congo(&["divide", "0"], b"1\n3l3/7/7/7/7/7/3L3 w 1\n");
    assert_eq!(text(&output.stdout), "total 1\n");
}

#[test]
fn lines_past_the_announced_cases_are_named_once() {
    let output = congo(
        &["lion"],
        b"1\n3l3/7/7/7/7/7/3L3 w 1\n2l4/7/7/7/7/7/3L3 w 1\n\n  \ngarbage\n",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n");
    assert_eq!(
        text(&output.stderr),
        "congo: ignored 2 lines after the 1 position the count announced\n"
    );
    // A blank line at the end is no extra line.
    let output = congo(&["lion"], b"1\n3l3/7/7/7/7/7/3L3 w 1\n\n");
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    // Two-line cases are counted as cases.
    let output = congo(&["play"], b"1\n3l3/7/7/7/7/7/3L3 w 1\nd1d7\nextra\n");
    assert_eq!(
        text(&output.stderr),
        "congo: ignored 1 line after the 1 case the count announced\n"
    );
}
