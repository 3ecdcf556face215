//! Two-player Wildebeest perft speed from the start position, leaves per
//! second, one thread.
//!
//! Run with `cargo bench --bench wildebeest`.

mod common;

use common::best_of;
use congo_wildebeest::{Board, perft};

const ROUNDS: usize = 5;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/wildebeest-start.in");
    let text = std::fs::read_to_string(path).expect("the start sample is in the repository");
    let board = Board::parse(&text).expect("the start sample is a valid board");
    println!("best of {ROUNDS} rounds, one thread");
    for depth in [3, 4, 5] {
        let rounds = if depth >= 5 { 2 } else { ROUNDS };
        let (timing, leaves) = best_of(rounds, || perft(&board, depth));
        println!(
            "start perft({depth}): {leaves:>10} leaves in {:>8.1} ms, {:>6.1} M leaves/s",
            timing.wall * 1e3,
            leaves as f64 / timing.wall / 1e6
        );
    }
}
