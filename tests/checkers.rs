//! Russian checkers' bad lines and the forms of a position it accepts
//! (its official system tests are among the judges' official files).

use crate::common;

use common::{congo, text};

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
