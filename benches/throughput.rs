//! End-to-end judge throughput: FEN lines per second for `board` and each
//! move subcommand, through the same entry point as the binary.
//!
//! Run with `cargo bench --bench throughput`. `CONGO_BENCH_LINES` sets the
//! number of positions (default 1,000,000).

use std::ffi::OsString;
use std::io::{self, Write};
use std::time::Instant;

use congo::cli;
use congo::random::{PositionShape, Rng, random_position};

const SUBCOMMANDS: [&str; 6] = ["board", "lion", "zebra", "giraffe", "pawn", "superpawn"];
const ROUNDS: usize = 3;

fn main() {
    let lines: usize = std::env::var("CONGO_BENCH_LINES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1_000_000);
    let input = judge_input(lines);
    println!(
        "{lines} random positions (2022 piece set), {:.1} MB of input, best of {ROUNDS} rounds",
        input.len() as f64 / 1e6
    );
    for subcommand in SUBCOMMANDS {
        let mut best = f64::INFINITY;
        let mut written = 0;
        for _ in 0..ROUNDS {
            let mut output = CountingSink(0);
            let start = Instant::now();
            let status = cli::run(
                [OsString::from(subcommand)],
                &input[..],
                &mut output,
                io::stderr(),
            );
            best = best.min(start.elapsed().as_secs_f64());
            assert_eq!(status, 0, "{subcommand} failed");
            written = output.0;
        }
        println!(
            "{subcommand:>10}: {:>6.2} M lines/s  ({:.1} ms, {:.1} MB out)",
            lines as f64 / best / 1e6,
            best * 1e3,
            written as f64 / 1e6
        );
    }
}

fn judge_input(lines: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x5eed);
    let mut input = format!("{lines}\n").into_bytes();
    for _ in 0..lines {
        let position = random_position(&mut rng, &PositionShape::PART2_2022);
        writeln!(input, "{position}").expect("writing to a Vec cannot fail");
    }
    input
}

/// Discards output but counts it, so the work cannot be skipped.
struct CountingSink(usize);

impl Write for CountingSink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
