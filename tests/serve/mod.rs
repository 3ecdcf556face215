//! `congo serve`: the real binary on a free port, spoken to over HTTP. Every
//! answer the API gives is checked against the command line's (`moves`,
//! `play`, `tb probe`), which is the library the page stands on.

use crate::common;

mod client;

mod api;
mod disk;
mod docs;
mod endings;
mod fairness;
mod game;
mod hoarding;
mod kept_games;
mod load;
mod page;
mod pgn;
mod refusals;
mod restart;
mod sharing;
mod watch;

use common::{congo, text};

/// `congo moves` for one FEN: its legal moves, in its order.
fn congo_moves(fen: &str) -> Vec<String> {
    let output = congo(&["moves"], format!("1\n{fen}\n").as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// `congo play` for each case (a FEN and a move), in one process: the FEN
/// after the move and the verdict (`Continue`, `White wins`, `Black wins`).
fn congo_play(cases: &[(String, String)]) -> Vec<(String, String)> {
    let mut input = format!("{}\n", cases.len());
    for (fen, m) in cases {
        input.push_str(&format!("{fen}\n{m}\n"));
    }
    let output = congo(&["play"], input.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 * cases.len(), "{out}");
    lines
        .chunks(2)
        .map(|pair| (pair[0].to_owned(), pair[1].to_owned()))
        .collect()
}
