//! Endgame tables: how long building them takes, how much memory a
//! three-piece material needs, and how fast probing is.
//!
//! Run with `cargo bench --bench tablebase` (about a minute and a half on
//! two cores; it writes the tables into a temporary folder and removes
//! them).

mod common;

use std::time::Instant;

use congo::Rules;
use congo::process::peak_memory_mb;
use congo::random::Rng;
use congo::tablebase::{Material, Tablebase, generate_units, units};

/// The three-piece material built after the small ones.
const THREE_PIECES: &str = "LGZvLS";

fn main() {
    let dir = std::env::temp_dir().join(format!("congo-bench-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let generate = |materials: Vec<Material>| {
        let started = Instant::now();
        generate_units(
            &dir,
            &units(&materials, Rules::Wits2022),
            threads,
            |_, _| {},
        )
        .expect("the tables are built");
        started.elapsed().as_secs_f64()
    };
    let seconds = generate(Vec::new());
    println!(
        "every material with at most two pieces beside the lions, both rule sets: {seconds:.1} s on {threads} threads (target: under 60 s)"
    );
    let three: Material = THREE_PIECES.parse().expect("a material");
    let seconds = generate(vec![three.clone()]);
    println!(
        "{THREE_PIECES} ({} positions): {seconds:.1} s, peak memory of the process {} MB (targets: under 60 s, under 1024 MB)",
        three.size(),
        peak_memory_mb().map_or("?".to_owned(), |mb| mb.to_string())
    );

    // Probing: random positions of the three-piece table, one thread.
    let tables = Tablebase::new(&dir, Rules::Wits2022);
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
    let _ = std::fs::remove_dir_all(&dir);
}
