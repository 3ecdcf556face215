//! End-to-end judge throughput: FEN lines per second for `board` and each
//! move subcommand, through the same entry point as the binary.
//!
//! Run with `cargo bench --bench throughput`. `CONGO_BENCH_LINES` sets the
//! number of positions (default 1,000,000).

mod common;

use common::{bench_lines, judge_input};
use congo_rules::random::PositionShape;

const SUBCOMMANDS: [&str; 6] = ["board", "lion", "zebra", "giraffe", "pawn", "superpawn"];
const ROUNDS: usize = 3;

fn main() {
    let lines = bench_lines();
    let input = judge_input(lines, &PositionShape::PART2_2022);
    println!(
        "{lines} random positions (2022 piece set), {:.1} MB of input, best of {ROUNDS} rounds",
        input.len() as f64 / 1e6
    );
    for subcommand in SUBCOMMANDS {
        let (timing, written) = common::judge(subcommand, &input, ROUNDS);
        println!(
            "{subcommand:>10}: {:>6.2} M lines/s  ({:.1} ms, {:.1} MB out)",
            lines as f64 / timing.wall / 1e6,
            timing.wall * 1e3,
            written as f64 / 1e6
        );
    }
}
