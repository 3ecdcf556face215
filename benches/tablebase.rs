//! Endgame tables: how long building them takes, how much memory a
//! three-piece material needs, how small their files are, how fast a
//! file is read and unpacked, and how fast probing is.
//!
//! Run with `cargo bench --bench tablebase` (about ten seconds on two
//! cores; it writes the tables into a temporary folder and removes
//! them).

mod common;

use std::time::Instant;

use congo::process::peak_memory_mb;
use congo::random::Rng;
use congo::shard::Shard;
use congo::tablebase::{DEFAULT_PIECES, Material, Tablebase, generate_units, units};
use congo::{Position, RuleSet};

/// The three-piece material built after the small ones.
const THREE_PIECES: &str = "LGZvLS";

fn main() {
    let dir = std::env::temp_dir().join(format!("congo-bench-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let started = Instant::now();
    let set = units(&[], DEFAULT_PIECES, RuleSet::Wits2022);
    generate_units(&dir, &set, threads, Shard::ALL, |_| {}).expect("the tables are built");
    println!(
        "every material with at most two pieces beside the lions, both rule sets ({} tables, colour twins shared): {:.1} s on {threads} threads (target: under 60 s)",
        set.len(),
        started.elapsed().as_secs_f64()
    );
    let three: Material = THREE_PIECES.parse().expect("a material");
    let mut tables = Tablebase::new(&dir, RuleSet::Wits2022);
    let generated = tables
        .generate(&three, threads)
        .expect("the table is built");
    let positions = generated.summary.positions as f64;
    println!(
        "{THREE_PIECES} ({positions} positions): {:.1} s, {:.2} M positions/s per thread, peak memory of the process {} MB (targets: 2 M/s per core, under 2048 MB)",
        generated.seconds,
        positions / generated.seconds / threads as f64 / 1e6,
        peak_memory_mb().map_or("?".to_owned(), |mb| mb.to_string())
    );

    // The files: packed size against one byte a number, and reading one
    // back cold (read, checksummed and unpacked by a fresh set of tables).
    let set_bytes: u64 = std::fs::read_dir(&dir)
        .expect("the folder is there")
        .flatten()
        .filter_map(|entry| entry.metadata().ok())
        .map(|metadata| metadata.len())
        .sum();
    let file_bytes = std::fs::metadata(tables.path(&three)).map_or(0, |m| m.len());
    println!(
        "files: {THREE_PIECES} {:.1} MB for {} numbers ({:.1} x smaller than a byte each); the whole folder {:.1} MB",
        file_bytes as f64 / 1e6,
        three.size(),
        three.size() as f64 / file_bytes as f64,
        set_bytes as f64 / 1e6
    );
    let (timing, _) = common::best_of(3, || {
        let cold = Tablebase::new(&dir, RuleSet::Wits2022);
        cold.summary(&three)
            .expect("the table reads back")
            .positions
    });
    println!(
        "read and unpack {THREE_PIECES}: {:.0} ms, {:.0} M numbers/s",
        timing.wall * 1e3,
        three.size() as f64 / timing.wall / 1e6
    );

    // Probing: random positions of the three-piece table, one thread.
    let mut rng = Rng::new(7);
    let positions: Vec<_> =
        std::iter::from_fn(|| Some(three.position(rng.below(three.size() as u64) as usize)))
            .flatten()
            .take(1_000_000)
            .collect();
    tables.probe(&positions[0]).expect("the table is there");
    let (timing, decided) = common::best_of(3, || {
        positions
            .iter()
            .filter(|position| tables.probe(position).is_ok())
            .count()
    });
    assert_eq!(decided, positions.len());
    println!(
        "probe: {:.2} M positions/s on one thread (target: at least 1 M/s)",
        positions.len() as f64 / timing.wall / 1e6
    );
    // The same positions with the colours swapped: probed through the swap.
    let twins: Vec<_> = positions.iter().map(Position::colours_swapped).collect();
    let (timing, decided) = common::best_of(3, || {
        twins
            .iter()
            .filter(|position| tables.probe(position).is_ok())
            .count()
    });
    assert_eq!(decided, twins.len());
    println!(
        "probe of the colour twin (LSvLGZ): {:.2} M positions/s on one thread",
        twins.len() as f64 / timing.wall / 1e6
    );
    let _ = std::fs::remove_dir_all(&dir);
}
