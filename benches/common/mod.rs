//! Timing shared by the benchmarks: wall-clock and CPU time of the best of
//! several rounds, and an output sink that counts what it is given.

#![allow(dead_code)] // each benchmark uses its own part of this module

use std::io::{self, Write};
use std::time::Instant;

use congo_judges::{AnyJudge, Notice, Threads};
use congo_rules::CongoRules;
use congo_rules::random::{PositionShape, Rng, random_position};

/// How long a run took: on the wall clock and on every core together.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    pub wall: f64,
    /// Seconds of CPU time (user and system, all threads); `None` where
    /// the platform does not say.
    pub cpu: Option<f64>,
}

/// Runs `work` `rounds` times and keeps the fastest round by wall clock,
/// with what that round returned.
pub fn best_of<T>(rounds: usize, mut work: impl FnMut() -> T) -> (Timing, T) {
    let mut best: Option<(Timing, T)> = None;
    for _ in 0..rounds.max(1) {
        let cpu_before = cpu_seconds();
        let start = Instant::now();
        let result = work();
        let wall = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds()
            .zip(cpu_before)
            .map(|(after, before)| after - before);
        if best.as_ref().is_none_or(|(timing, _)| wall < timing.wall) {
            best = Some((Timing { wall, cpu }, result));
        }
    }
    best.expect("at least one round")
}

/// The process's CPU time so far, from `/proc/self/stat` (Linux), in
/// seconds; its resolution is one clock tick, 10 ms.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |index: usize| fields.get(index)?.parse::<f64>().ok();
    // utime and stime are fields 14 and 15 of the whole line.
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// Discards output but counts it, so the work cannot be skipped.
#[derive(Default)]
pub struct CountingSink(pub usize);

impl Write for CountingSink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A judge input of `lines` random positions of `shape`, the same every run.
pub fn judge_input(lines: usize, shape: &PositionShape) -> Vec<u8> {
    let mut rng = Rng::new(0x5eed);
    let mut input = format!("{lines}\n").into_bytes();
    for _ in 0..lines {
        let position = random_position(&mut rng, shape);
        writeln!(input, "{position}").expect("writing to a Vec cannot fail");
    }
    input
}

/// The number of lines a benchmark reads: `CONGO_BENCH_LINES`, or a
/// million.
pub fn bench_lines() -> usize {
    std::env::var("CONGO_BENCH_LINES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1_000_000)
}

/// Answers `input` with the judge `congo SUBCOMMAND` runs, through the
/// same call the command line makes, `rounds` times; the best round and
/// the bytes it wrote.
pub fn judge(subcommand: &str, input: &[u8], rounds: usize) -> (Timing, usize) {
    let build = congo_judges::LISTED
        .iter()
        .find(|listing| listing.name == subcommand)
        .and_then(|listing| listing.build)
        .unwrap_or_else(|| panic!("no judge {subcommand} without options"));
    answer(build(CongoRules::default()), input, rounds)
}

/// Answers `input` with `judge` `rounds` times, on the default threads;
/// the best round and the bytes it wrote.
pub fn answer(judge: Box<dyn AnyJudge>, input: &[u8], rounds: usize) -> (Timing, usize) {
    best_of(rounds, || {
        let mut output = CountingSink::default();
        let mut notices = |notice: Notice<'_>| -> io::Result<()> { panic!("{notice}") };
        let mut judge = judge.boxed_clone();
        let report = judge.answer_all(
            Threads::default(),
            &mut &input[..],
            &mut output,
            &mut notices,
        );
        assert!(
            report.is_ok_and(|report| report.is_clean()),
            "the judge failed"
        );
        output.0
    })
}
