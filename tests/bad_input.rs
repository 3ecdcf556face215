//! Bad input through the real binary: one stderr line naming the input
//! line and the reason, exit status 1, and every good line still answered
//! in its place.

mod common;

use common::{assert_usage_error, congo, text};

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

#[test]
fn unknown_subcommand_is_a_usage_error() {
    let output = congo(&["king"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "congo: unknown subcommand \"king\"\nRun `congo --help` for usage.\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn missing_subcommand_and_extra_arguments_are_usage_errors() {
    assert_usage_error(&[], "congo: missing subcommand\n");
    assert_usage_error(&["lion", "now"], "congo: unexpected argument \"now\"\n");
}

#[test]
fn help_and_version() {
    let output = congo(&["--help"], b"");
    assert!(output.status.success());
    let help = text(&output.stdout);
    assert!(help.contains("Usage: congo [--rules 2021|2022] [--any-position] <SUBCOMMAND> [ARGS]"));
    assert!(help.contains("superpawn"));
    let output = congo(&["--version"], b"");
    assert!(output.status.success());
    assert_eq!(
        text(&output.stdout),
        format!("congo {}\n", env!("CARGO_PKG_VERSION"))
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
fn rules_and_depth_usage_errors() {
    for (args, message) in [
        (
            &["--rules", "2020", "play"][..],
            "congo: rule set \"2020\" is unknown, expected 2021 or 2022\n",
        ),
        (&["--rules"][..], "congo: --rules needs a value\n"),
        (&["perft"][..], "congo: perft needs a depth\n"),
        (
            &["divide", "deep"][..],
            "congo: depth \"deep\" is not a non-negative integer\n",
        ),
        (
            &["--fast", "lion"][..],
            "congo: unknown option \"--fast\"\n",
        ),
    ] {
        assert_usage_error(args, message);
    }
}

const CHECKERS_START: &str =
    ".b.b.b.b/b.b.b.b./.b.b.b.b/......../......../w.w.w.w./.w.w.w.w/w.w.w.w. WHITE";
const CHECKERS_ANSWER: &str = "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4\n";

#[test]
fn checkers_bad_lines() {
    let cases = [
        (
            CHECKERS_START.replacen(".b.b.b.b/", "", 1),
            "expected 8 rows, found 7",
        ),
        (
            CHECKERS_START.replacen(".b.b.b.b", ".b.b.b", 1),
            "row 8 has 6 squares, expected 8",
        ),
        (
            CHECKERS_START.replacen(".b.b.b.b", ".b.b.k.b", 1),
            "row 8 has 'k', expected one of . w W b B",
        ),
        (
            CHECKERS_START.replacen(".b.b.b.b", "bb.b.b.b", 1),
            "a piece stands on the light square a8",
        ),
        (
            CHECKERS_START.replace("WHITE", "RED"),
            "turn is \"RED\", expected WHITE or BLACK",
        ),
        (
            CHECKERS_START.replace(" WHITE", ""),
            "expected 2 fields (rows, turn), found 1",
        ),
    ];
    for (line, reason) in cases {
        let input = format!("3\n{CHECKERS_START}\n{line}\n{CHECKERS_START}\n");
        let output = congo(&["checkers"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{reason}");
        assert_eq!(text(&output.stderr), format!("congo: line 3: {reason}\n"));
        assert_eq!(
            text(&output.stdout),
            format!("{CHECKERS_ANSWER}\n{CHECKERS_ANSWER}")
        );
    }
}

#[test]
fn checkers_accepts_other_turn_words_and_crlf() {
    let input = format!(
        "2\r\n{}\r\n{}  \r\n",
        CHECKERS_START.replace("WHITE", "w"),
        CHECKERS_START.replace("WHITE", "white")
    );
    let output = congo(&["checkers"], input.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        format!("{CHECKERS_ANSWER}{CHECKERS_ANSWER}")
    );
}

/// The subcommands `congo --help` lists, each with whether `--rules`
/// applies to it (the sibling games have one rule set each).
fn listed_subcommands() -> Vec<(String, bool)> {
    let help = text(&congo(&["--help"], b"").stdout);
    help.lines()
        .skip_while(|line| !line.starts_with("Subcommands"))
        .take_while(|line| !line.starts_with("Input:"))
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|rest| !rest.starts_with(' '))
        .filter_map(|rest| rest.split(' ').next())
        .map(|name| (name.to_owned(), !matches!(name, "checkers" | "wildebeest")))
        .collect()
}

#[test]
fn every_subcommand_answers_help_with_its_own_usage() {
    let subcommands = listed_subcommands();
    assert!(subcommands.len() >= 30, "{subcommands:?}");
    for (name, takes_rules) in subcommands {
        for flag in ["--help", "-h"] {
            let output = congo(&[&name, flag], b"");
            assert!(output.status.success(), "{name} {flag}");
            let help = text(&output.stdout);
            let rules = if takes_rules {
                "[--rules 2021|2022] "
            } else {
                ""
            };
            assert!(
                help.starts_with(&format!("Usage: congo {rules}{name}")),
                "{name}: {help}"
            );
        }
    }
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
fn a_judge_reading_a_terminal_gives_a_hint() {
    let run = |terminal: bool| {
        let mut errors = Vec::new();
        let status = congo::cli::run_with(
            ["lion"].map(std::ffi::OsString::from),
            &b"1\n3l3/7/7/7/7/7/3L3 w 1\n"[..],
            std::io::sink(),
            &mut errors,
            congo::cli::Terminal {
                input: terminal,
                ..Default::default()
            },
        );
        assert_eq!(status, 0);
        text(&errors)
    };
    assert!(run(true).starts_with("congo: reading from the terminal:"));
    assert_eq!(run(false), "");
}
