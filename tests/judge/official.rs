//! The assignment's official test files, read in place from
//! `../shared/testdata` (never copied into the project).

use std::fs;

use crate::common;

/// Runs `congo <args>` on an official input and compares it with the
/// official output byte for byte.
fn check(args: &[&str], input: &str, expected: &str) {
    let (Some(input), Some(expected)) = (common::testdata(input), common::testdata(expected))
    else {
        return;
    };
    let subcommand = format!("congo {} < {}", args.join(" "), input.display());
    let output = common::congo(args, &fs::read(input).unwrap());
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

/// Every official file pair: the subcommand's words, the input, the
/// expected output (paths under `../shared/testdata`).
const OFFICIAL: &[(&[&str], &str, &str)] = &[
    (
        &["lion"],
        "wits-2021/movegen.in",
        "wits-2021/movegen-lion.out",
    ),
    (
        &["zebra"],
        "wits-2021/movegen.in",
        "wits-2021/movegen-zebra.out",
    ),
    (
        &["elephant"],
        "wits-2021/movegen.in",
        "wits-2021/movegen-elephant.out",
    ),
    (
        &["pawn"],
        "wits-2021/movegen.in",
        "wits-2021/movegen-pawn.out",
    ),
    (
        &["--rules", "2021", "play"],
        "wits-2021/play-random.in",
        "wits-2021/play-random.out",
    ),
    (
        &["--rules", "2021", "play"],
        "wits-2021/play-generated.in",
        "wits-2021/play-generated.out",
    ),
    (
        &["--rules", "2021", "material"],
        "wits-2021/material.in",
        "wits-2021/material.out",
    ),
    (
        &["--rules", "2021", "minimax"],
        "wits-2021/minimax.in",
        "wits-2021/minimax.out",
    ),
    (
        &["alphabeta"],
        "wits-2022/alphabeta.in",
        "wits-2022/alphabeta.out",
    ),
    (
        &["checkers"],
        "topcoder-russian-checkers/checkers.in",
        "topcoder-russian-checkers/checkers.out",
    ),
];

#[test]
fn every_official_file_is_answered_byte_for_byte() {
    for &(args, input, expected) in OFFICIAL {
        check(args, input, expected);
    }
}

/// Under the default (2022) rules the same cases differ exactly where a
/// pawn reaches the far rank: there it becomes a superpawn, and nothing
/// else changes.
#[test]
fn play_2022_differs_from_2021_only_by_promotion() {
    use congo_rules::{Kind, Piece, Position, Square};
    for name in ["play-random", "play-generated"] {
        let Some(input) = common::testdata(&format!("wits-2021/{name}.in")) else {
            return;
        };
        let input = fs::read(input).unwrap();
        let old = common::text(&common::congo(&["--rules", "2021", "play"], &input).stdout);
        let new = common::text(&common::congo(&["play"], &input).stdout);
        let cases: Vec<&str> = std::str::from_utf8(&input)
            .unwrap()
            .lines()
            .skip(1)
            .collect();
        let mut promotions = 0;
        for ((case, old), new) in cases
            .chunks(2)
            .zip(old.lines().step_by(2))
            .zip(new.lines().step_by(2))
        {
            let before: Position = case[0].parse().unwrap();
            let (old, new): (Position, Position) = (old.parse().unwrap(), new.parse().unwrap());
            let to: Square = case[1].trim()[2..].parse().unwrap();
            let side = before.side;
            let promotes = old.board.piece_at(to) == Some(Piece::new(side, Kind::Pawn))
                && to.rank()
                    == if side == congo_rules::Color::White {
                        6
                    } else {
                        0
                    };
            for square in Square::all() {
                let expected = match old.board.piece_at(square) {
                    Some(piece) if promotes && square == to => {
                        Some(Piece::new(piece.color, Kind::Superpawn))
                    }
                    other => other,
                };
                assert_eq!(
                    new.board.piece_at(square),
                    expected,
                    "{} {} at {square}",
                    case[0],
                    case[1]
                );
            }
            promotions += usize::from(promotes);
        }
        assert!(promotions > 0, "{name} has promotions");
    }
}
