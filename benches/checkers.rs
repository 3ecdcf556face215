//! Russian checkers throughput: the 125 system tests, repeated to 100,000
//! lines, through the same entry point as the binary.
//!
//! Run with `cargo bench --bench checkers`. The cases are read in place
//! from `../shared/testdata/topcoder-russian-checkers/checkers.in`.

use std::ffi::OsString;
use std::io;
use std::time::Instant;

use congo::cli;

const LINES: usize = 100_000;
const ROUNDS: usize = 5;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/testdata/topcoder-russian-checkers/checkers.in"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("skipped: {path} is not here");
        return;
    };
    let cases: Vec<&str> = text.lines().skip(1).collect();
    let mut input = format!("{LINES}\n");
    for case in cases.iter().cycle().take(LINES) {
        input.push_str(case);
        input.push('\n');
    }
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        let status = cli::run(
            [OsString::from("checkers")],
            input.as_bytes(),
            io::sink(),
            io::stderr(),
        );
        best = best.min(start.elapsed().as_secs_f64());
        assert_eq!(status, 0);
    }
    println!(
        "checkers: {LINES} lines ({} cases repeated) in {:.1} ms, {:.2} M lines/s (best of {ROUNDS})",
        cases.len(),
        best * 1e3,
        LINES as f64 / best / 1e6
    );
}
