//! Russian checkers throughput: the 125 system tests, repeated to 100,000
//! lines, through the same call as `congo checkers`.
//!
//! Run with `cargo bench --bench checkers`. The cases are read in place
//! from `../shared/testdata/topcoder-russian-checkers/checkers.in`.

mod common;

use congo_checkers::Checkers;
use congo_judges::MoveList;

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
    let (timing, _) = common::answer(Box::new(MoveList::new(Checkers)), input.as_bytes(), ROUNDS);
    let best = timing.wall;
    println!(
        "checkers: {LINES} lines ({} cases repeated) in {:.1} ms, {:.2} M lines/s (best of {ROUNDS})",
        cases.len(),
        best * 1e3,
        LINES as f64 / best / 1e6
    );
}
