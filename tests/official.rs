//! The assignment's official test files, read in place from
//! `../shared/testdata` (never copied into the project).

mod common;

use std::fs;

/// Runs `congo <subcommand>` on an official input and compares it with the
/// official output byte for byte.
fn check(subcommand: &str, input: &str, expected: &str) {
    let (Some(input), Some(expected)) = (common::testdata(input), common::testdata(expected))
    else {
        return;
    };
    let output = common::congo(&[subcommand], &fs::read(input).unwrap());
    assert!(output.status.success(), "{}", common::text(&output.stderr));
    let expected = fs::read(expected).unwrap();
    let got = common::text(&output.stdout);
    let want = common::text(&expected);
    for (i, (got, want)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(got, want, "{subcommand}: output line {} differs", i + 1);
    }
    assert_eq!(
        output.stdout, expected,
        "{subcommand}: output differs in length or line ends"
    );
}

#[test]
fn movegen_2021_lion() {
    check("lion", "wits-2021/movegen.in", "wits-2021/movegen-lion.out");
}

#[test]
fn movegen_2021_zebra() {
    check(
        "zebra",
        "wits-2021/movegen.in",
        "wits-2021/movegen-zebra.out",
    );
}

#[test]
fn movegen_2021_elephant() {
    check(
        "elephant",
        "wits-2021/movegen.in",
        "wits-2021/movegen-elephant.out",
    );
}

#[test]
fn movegen_2021_pawn() {
    check("pawn", "wits-2021/movegen.in", "wits-2021/movegen-pawn.out");
}
