//! Each judge subcommand against the I/O floor: a program that reads the
//! same lines and writes a fixed answer of the same total length, doing
//! no work per line beyond finding its end. The ratio of CPU time per
//! line is how much the judging itself costs.
//!
//! Run with `cargo bench --bench floor`. `CONGO_BENCH_LINES` sets the
//! number of positions (default 1,000,000).

mod common;

use std::io::{self, BufRead, BufWriter, Write};

use common::{CountingSink, Timing, bench_lines, best_of, judge_input};
use congo_rules::random::PositionShape;

const SUBCOMMANDS: [&str; 9] = [
    "board",
    "lion",
    "zebra",
    "giraffe",
    "pawn",
    "superpawn",
    "moves",
    "material",
    "evaluate",
];
const ROUNDS: usize = 5;

fn main() {
    let lines = bench_lines();
    let input = judge_input(lines, &PositionShape::FULL);
    println!(
        "{lines} random positions (full piece set), {:.1} MB of input, best of {ROUNDS} rounds; CPU is all threads together",
        input.len() as f64 / 1e6
    );
    println!(
        "{:>10}  {:>9} {:>9}  {:>9} {:>9}  {:>6}",
        "", "judge", "ns/line", "floor", "ns/line", "ratio"
    );
    for subcommand in SUBCOMMANDS {
        let (judge, written) = common::judge(subcommand, &input, ROUNDS);
        let (floor, floor_written) = best_of(ROUNDS, || floor_run(&input, written));
        assert!(
            floor_written.abs_diff(written) <= lines,
            "the floor writes as much"
        );
        let per_line = |timing: Timing| timing.cpu.unwrap_or(timing.wall) / lines as f64 * 1e9;
        println!(
            "{subcommand:>10}  {:>7.1}ms {:>9.1}  {:>7.1}ms {:>9.1}  {:>5.2}x",
            judge.wall * 1e3,
            per_line(judge),
            floor.wall * 1e3,
            per_line(floor),
            per_line(judge) / per_line(floor)
        );
    }
}

/// Reads `input` line by line and writes, per line, a fixed answer so that
/// `total` bytes come out in all. Returns the bytes written.
fn floor_run(input: &[u8], total: usize) -> usize {
    let mut reader = io::BufReader::with_capacity(1 << 16, input);
    let mut count = String::new();
    let _ = reader.read_line(&mut count);
    let lines: usize = count.trim().parse().unwrap_or(1).max(1);
    let answer = vec![b'x'; (total / lines).max(1)];
    let mut output = BufWriter::with_capacity(1 << 16, CountingSink::default());
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let _ = output.write_all(&answer);
            }
        }
    }
    let _ = output.flush();
    output.get_ref().0
}
