//! Search speed: the fast search against the assignment's plain negamax
//! over the 25 official Part 5 positions, at the assignment's depth 4 and
//! deeper. Both give the same values (checked here too).
//!
//! Run with `cargo bench --bench search`. The positions are read in place
//! from `../shared/testdata/wits-2022/alphabeta.in`. The plain search runs
//! at depth 4 only, unless `CONGO_BENCH_PLAIN_DEPTHS` lists others (`4,5,6`;
//! depth 5 takes seconds, depth 6 minutes).

use std::time::Instant;

use congo_engine::assignment::evaluation::Evaluation;
use congo_engine::assignment::search::{Searcher, negamax};
use congo_rules::{Position, RuleSet, perft};

const RULES: RuleSet = RuleSet::Wits2022;
const EVALUATION: Evaluation = Evaluation::Advanced;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/testdata/wits-2022/alphabeta.in"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("skipped: {path} is not here");
        return;
    };
    let positions: Vec<Position> = text
        .lines()
        .skip(1)
        .map(|fen| fen.parse().expect("the official file holds valid FENs"))
        .collect();
    println!(
        "{} official Part 5 positions, Part 5 evaluation, one thread",
        positions.len()
    );

    let plain_depths: Vec<u32> = std::env::var("CONGO_BENCH_PLAIN_DEPTHS")
        .unwrap_or_else(|_| "4".into())
        .split(',')
        .filter_map(|depth| depth.trim().parse().ok())
        .collect();
    let mut plain_values = Vec::new();
    for &depth in &plain_depths {
        let start = Instant::now();
        let values: Vec<i32> = positions
            .iter()
            .map(|p| negamax(p, depth, RULES, EVALUATION))
            .collect();
        let seconds = start.elapsed().as_secs_f64();
        // The plain search visits every node of the tree to `depth`.
        let nodes: u64 = positions
            .iter()
            .map(|p| (0..=depth).map(|d| perft::perft(p, d, RULES)).sum::<u64>())
            .sum();
        report("plain negamax", depth, seconds, nodes);
        plain_values.push((depth, values));
    }

    for depth in [4, 5, 6] {
        let mut searcher = Searcher::new(RULES, EVALUATION);
        let start = Instant::now();
        let values: Vec<i32> = positions.iter().map(|p| searcher.value(p, depth)).collect();
        let seconds = start.elapsed().as_secs_f64();
        report("fast search", depth, seconds, searcher.nodes);
        for (_, plain) in plain_values
            .iter()
            .filter(|(plain_depth, _)| *plain_depth == depth)
        {
            assert_eq!(&values, plain, "the fast search must agree with negamax");
        }
    }
}

fn report(name: &str, depth: u32, seconds: f64, nodes: u64) {
    println!(
        "{name:>13} depth {depth}: {:>9.1} ms for all, {:>11} nodes, {:>6.2} M nodes/s",
        seconds * 1e3,
        nodes,
        nodes as f64 / seconds / 1e6
    );
}
