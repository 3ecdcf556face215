//! The match manager through the real binary, with congo's engine and
//! the broken engines of `tests/fixtures/`.

use crate::common;

mod broken_engines;
mod clock;
mod processes;
mod records;
mod reports;
mod resume;

use common::congo;

/// A match of `games` games from a position where white takes the black
/// lion at once, A and B given as command lines.
fn quick_match(extra: &[&str], a: &[&str], b: &[&str]) -> std::process::Output {
    let mut args = vec![
        "match",
        "--games",
        "4",
        "--movetime",
        "300",
        "--opening-plies",
        "0",
        "--fen",
        "3l3/7/7/7/7/P6/3L3 w 0",
    ];
    args.extend_from_slice(extra);
    args.push("--");
    args.extend_from_slice(a);
    args.push("--");
    args.extend_from_slice(b);
    congo(&args, b"")
}
