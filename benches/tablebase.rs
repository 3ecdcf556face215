//! Endgame tables: how long building them takes, how densely their files
//! store positions, how fast a probe is once its block is decoded and
//! before, and how much memory probing every table of a folder keeps.
//!
//! Run with `cargo bench --bench tablebase` (about a minute on two
//! cores; it writes the tables into a temporary folder and removes
//! them). With `CONGO_BENCH_TABLES=DIR`, a folder of more tables (the
//! three-piece set, or a four-piece table's set), every table there is
//! probed as well, its largest alone, and each one's density set against
//! the entropy of its win, draw and loss shares.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use congo_kit::process::peak_memory_mb;
use congo_kit::shard::Shard;
use congo_rules::random::Rng;
use congo_rules::{Position, RuleSet};
use congo_tables::{DEFAULT_PIECES, Material, Tablebase, Unit, generate_units, units};

/// The three-piece material built after the small ones.
const THREE_PIECES: &str = "LGZvLS";

/// Random positions probed warm, and over a whole folder.
const PROBES: usize = 1_000_000;

/// Of those, the ones probed warm with distance: a side whose distances
/// are left out is found through its successors, a slower probe.
const DISTANCE_PROBES: usize = 20_000;

// What this benchmark asks of the table format; the old format (one
// `.ctb` file read whole at the first probe) is measured with only these
// four items changed.

/// The extension of the files a search probes, one a table.
const EXTENSION: &str = "ctbw";

/// The bytes of a table's two files: win/draw/loss, distances.
fn file_sizes(tables: &Tablebase, material: &Material) -> (u64, u64) {
    tables.file_sizes(material)
}

/// Whether a search's probe (win, draw or loss) of `position` answers.
fn probe_wdl(tables: &Tablebase, position: &Position) -> bool {
    tables.probe_wdl(position).is_ok()
}

/// The bytes of decoded blocks the probes keep.
fn cached_bytes(tables: &Tablebase) -> Option<usize> {
    Some(tables.cached_bytes())
}

fn main() {
    let dir = std::env::temp_dir().join(format!("congo-bench-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let three: Material = THREE_PIECES.parse().expect("a material");
    build_two_pieces(&dir, threads);
    build_three_pieces(&dir, &three, threads);
    let folder = tables_in(&dir);
    density(&dir, &three, &folder);
    probe_warm(&dir, &three);
    probe_cold(&dir, &three);
    probe_every_table(&dir, &folder);
    if let Some(other) = std::env::var_os("CONGO_BENCH_TABLES") {
        let other = Path::new(&other);
        probe_every_table(other, &tables_in(other));
        probe_largest(other, &tables_in(other));
        density_against_entropy(other, &tables_in(other));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every material with at most two pieces beside the lions, both rule
/// sets.
fn build_two_pieces(dir: &Path, threads: usize) {
    let started = Instant::now();
    let set = units(&[], DEFAULT_PIECES, RuleSet::Wits2022);
    generate_units(dir, &set, threads, Shard::ALL, |_| {}).expect("the tables are built");
    println!(
        "build: the two-piece set, both rule sets ({} tables): {:.1} s on {threads} threads",
        set.len(),
        started.elapsed().as_secs_f64()
    );
}

/// The three-piece table, its speed a thread and the process's peak
/// memory.
fn build_three_pieces(dir: &Path, three: &Material, threads: usize) {
    let generated = Tablebase::new(dir, RuleSet::Wits2022)
        .generate(three, threads)
        .expect("the table is built");
    let positions = generated.summary.positions as f64;
    println!(
        "build: {three} ({positions} positions): {:.1} s, {:.2} M positions/s a thread, peak memory of the process {} MB",
        generated.seconds,
        positions / generated.seconds / threads as f64 / 1e6,
        peak_memory_mb().map_or("?".to_owned(), |mb| mb.to_string())
    );
}

/// Bits a stored position (a number that names one) of the win/draw/loss
/// files, the distance files and both, for the three-piece table and the
/// whole folder.
fn density(dir: &Path, three: &Material, folder: &[Unit]) {
    let measure = |units: &[Unit]| {
        let (mut wdl, mut distance, mut stored) = (0, 0, 0);
        for (material, rule_set) in units {
            let (w, z) = file_sizes(&Tablebase::new(dir, *rule_set), material);
            wdl += w;
            distance += z;
            stored += (0..material.size())
                .filter(|&number| material.position(number).is_some())
                .count() as u64;
        }
        (wdl, distance, stored)
    };
    let three = (three.clone(), RuleSet::Wits2022);
    for (name, units) in [
        (three.0.to_string(), &[three][..]),
        ("the folder".to_owned(), folder),
    ] {
        let (wdl, distance, stored) = measure(units);
        let bits = |bytes: u64| bytes as f64 * 8.0 / stored as f64;
        println!(
            "density: {name} ({} tables, {stored} stored positions): win/draw/loss {wdl} bytes, {:.3} bits a position; distances {distance} bytes, {:.3}; both {} bytes, {:.3}",
            units.len(),
            bits(wdl),
            bits(distance),
            wdl + distance,
            bits(wdl + distance)
        );
    }
}

/// Probes of positions already probed once: the search's, with distance,
/// and of the colour twins.
fn probe_warm(dir: &Path, three: &Material) {
    let positions = random_positions(three, PROBES, &mut Rng::new(7));
    let twins: Vec<Position> = positions.iter().map(Position::colours_swapped).collect();
    let tables = Tablebase::new(dir, RuleSet::Wits2022);
    let rate = |probe: &dyn Fn(&Position) -> bool, positions: &[Position]| {
        assert!(positions.iter().all(probe), "every position is answered");
        let (timing, _) = common::best_of(3, || positions.iter().filter(|p| probe(p)).count());
        positions.len() as f64 / timing.wall / 1e6
    };
    println!(
        "probe warm, one thread, {three}: probe_wdl {:.2} M/s, probe (with distance, {DISTANCE_PROBES} positions) {:.3} M/s, probe_wdl of the colour twin {:.2} M/s",
        rate(&|p| probe_wdl(&tables, p), &positions),
        rate(&|p| tables.probe(p).is_ok(), &positions[..DISTANCE_PROBES]),
        rate(&|p| probe_wdl(&tables, p), &twins)
    );
}

/// Probes each of which needs a block not decoded yet: batches of
/// positions of `three` whose every digit (the lions' pair, each piece's
/// square) differs by two or more from each other's, so that whatever
/// digit a table's order makes slowest, they lie over a block apart; each
/// batch with tables opened afresh.
fn probe_cold(dir: &Path, three: &Material) {
    const BATCHES: usize = 10;
    const PICKS: usize = 24;
    let pieces = three.pieces().len();
    let squares = 49usize.pow(pieces as u32);
    let mut rng = Rng::new(11);
    for (name, with_distance) in [("probe_wdl", false), ("probe", true)] {
        let (mut probes, mut total, mut first) = (0, Duration::ZERO, Duration::ZERO);
        for _ in 0..BATCHES {
            let odd = rng.below(2) as usize;
            let shift = rng.below(PICKS as u64) as usize;
            let batch: Vec<Position> = (0..PICKS)
                .filter_map(|pick| {
                    let digit = |piece: usize| 2 * ((pick + shift + piece * 8) % PICKS) + odd;
                    let placement = (0..pieces).fold(0, |number, piece| number * 49 + digit(piece));
                    three.position((digit(0) * squares + placement) * 2)
                })
                .collect();
            let tables = Tablebase::new(dir, RuleSet::Wits2022);
            for (at, position) in batch.iter().enumerate() {
                let started = Instant::now();
                let answered = if with_distance {
                    tables.probe(position).is_ok()
                } else {
                    probe_wdl(&tables, position)
                };
                assert!(answered, "every position is answered");
                total += started.elapsed();
                if at == 0 {
                    first += started.elapsed();
                }
            }
            probes += batch.len();
        }
        println!(
            "probe cold, one thread, {three}, {name}: {probes} probes in {BATCHES} fresh sets of tables, {:.0} probes/s, {:.3} ms a probe (the first of a set, which opens the file, {:.3} ms)",
            probes as f64 / total.as_secs_f64(),
            total.as_secs_f64() * 1e3 / probes as f64,
            first.as_secs_f64() * 1e3 / BATCHES as f64
        );
    }
}

/// A million random positions probed from every table of `folder`, a
/// thousand at a time from each in turn: the speed, and the memory the
/// tables keep after.
fn probe_every_table(dir: &Path, folder: &[Unit]) {
    const CHUNK: usize = 1000;
    let resident_before = resident_mb();
    let tables =
        [RuleSet::Wits2021, RuleSet::Wits2022].map(|rule_set| Tablebase::new(dir, rule_set));
    let mut rng = Rng::new(13);
    let (mut probes, mut failed, mut time) = (0, 0, Duration::ZERO);
    while probes < PROBES && !folder.is_empty() {
        for (material, rule_set) in folder {
            let tables = &tables[usize::from(*rule_set == RuleSet::Wits2022)];
            let positions = random_positions(material, CHUNK, &mut rng);
            let started = Instant::now();
            failed += positions.iter().filter(|p| !probe_wdl(tables, p)).count();
            time += started.elapsed();
            probes += positions.len();
        }
    }
    let cached: Option<usize> = tables.iter().map(cached_bytes).sum();
    println!(
        "memory: {} ({} tables): {probes} probes ({failed} unanswered), {:.2} M/s on one thread; resident {} MB before, {} MB after; decoded blocks kept {}",
        dir.display(),
        folder.len(),
        probes as f64 / time.as_secs_f64() / 1e6,
        resident_before.map_or("?".to_owned(), |mb| mb.to_string()),
        resident_mb().map_or("?".to_owned(), |mb| mb.to_string()),
        cached.map_or("n/a".to_owned(), |bytes| format!(
            "{:.1} MB",
            bytes as f64 / 1e6
        ))
    );
}

/// Random positions of the largest table of `folder` probed (win, draw
/// or loss) on one thread: far more sub-blocks than the cache holds, so
/// nearly every probe reads and decodes one, its file's bytes in the page
/// cache after the first pass.
fn probe_largest(dir: &Path, folder: &[Unit]) {
    const LARGE_PROBES: usize = 200_000;
    let Some((material, rule_set)) = folder.iter().max_by_key(|(material, _)| material.size())
    else {
        return;
    };
    let tables = Tablebase::new(dir, *rule_set);
    let positions = random_positions(material, LARGE_PROBES, &mut Rng::new(17));
    let (timing, answered) = common::best_of(3, || {
        positions.iter().filter(|p| probe_wdl(&tables, p)).count()
    });
    println!(
        "probe {material}, one thread: {answered} of {LARGE_PROBES} random positions, {:.2} µs of CPU a probe_wdl",
        timing.cpu.unwrap_or(timing.wall) * 1e6 / LARGE_PROBES as f64
    );
}

/// For each table of `folder`, the bits a stored position its
/// win/draw/loss file takes against the entropy of its win, draw and loss
/// shares alone (a side to move's, averaged): what a coder with no
/// context at all would need. A balanced ending (two against two) holds
/// more than a lopsided one (two against one, nearly all won), whatever
/// codes it.
fn density_against_entropy(dir: &Path, folder: &[Unit]) {
    for (material, rule_set) in folder {
        let tables = Tablebase::new(dir, *rule_set);
        let Ok(summary) = tables.summary(material) else {
            continue;
        };
        let entropy = |shares: [f64; 3]| -> f64 {
            let shares = shares.iter().map(|percent| percent / 100.0);
            -shares
                .filter(|&p| p > 0.0)
                .map(|p| p * p.log2())
                .sum::<f64>()
        };
        let alone = (entropy(summary.shares(0)) + entropy(summary.shares(1))) / 2.0;
        let stored = (0..material.size())
            .filter(|&number| material.position(number).is_some())
            .count();
        let (wdl, _) = file_sizes(&tables, material);
        println!(
            "entropy: {material}: win/draw/loss alone {alone:.3} bits a position, the file {:.3} bits a stored position ({stored} stored)",
            wdl as f64 * 8.0 / stored as f64
        );
    }
}

/// The tables in `dir`, by their files' names: the material, then `2021`
/// or `2022` where the rule sets make them differ.
fn tables_in(dir: &Path) -> Vec<Unit> {
    let mut units: Vec<Unit> = std::fs::read_dir(dir)
        .expect("the folder is there")
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let stem = name.strip_suffix(&format!(".{EXTENSION}"))?;
            let (material, rule_set) = match stem.split_once('.') {
                Some((material, "2021")) => (material, RuleSet::Wits2021),
                Some((material, _)) => (material, RuleSet::Wits2022),
                None => (stem, RuleSet::Wits2022),
            };
            Some((material.parse().ok()?, rule_set))
        })
        .collect();
    units
        .sort_by_key(|(material, rule_set)| (material.to_string(), *rule_set == RuleSet::Wits2022));
    units
}

/// `count` random positions of `material`.
fn random_positions(material: &Material, count: usize, rng: &mut Rng) -> Vec<Position> {
    let size = material.size() as u64;
    std::iter::from_fn(|| Some(material.position(rng.below(size) as usize)))
        .flatten()
        .take(count)
        .collect()
}

/// The process's resident set now, in MB (`VmRSS`, Linux only).
fn resident_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024)
}
