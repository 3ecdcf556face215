//! Perft speed: leaf nodes per second, single thread, with and without
//! bulk counting at the last ply; on threads; and the second way of
//! counting, through a table of positions already counted.
//!
//! Run with `cargo bench --bench perft`.

use std::time::Instant;

use congo_rules::{Position, RuleSet, perft};

const ROUNDS: usize = 3;

fn main() {
    let runs = [
        ("2022 start", "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0", 5),
        ("full start", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", 4),
        ("full start", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", 5),
        ("full start", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", 6),
    ];
    println!("best of {ROUNDS} rounds, one thread");
    for (name, fen, depth) in runs {
        let position: Position = fen.parse().expect("a valid FEN");
        for (how, count) in [
            (
                "bulk-counted",
                perft::perft as fn(&Position, u32, RuleSet) -> u64,
            ),
            ("played out", perft::perft_by_playing),
        ] {
            let mut best = f64::INFINITY;
            let mut leaves = 0;
            for _ in 0..ROUNDS {
                let start = Instant::now();
                leaves = count(&position, depth, RuleSet::Wits2022);
                best = best.min(start.elapsed().as_secs_f64());
            }
            println!(
                "{name} perft({depth}) {how:>12}: {leaves:>11} leaves in {:>8.1} ms, {:>7.1} M leaves/s",
                best * 1e3,
                leaves as f64 / best / 1e6
            );
            if depth >= 6 {
                break; // playing out 248 M leaves adds nothing but minutes
            }
        }
    }
    // The root moves split over threads, from the full start.
    let position: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"
        .parse()
        .expect("a valid FEN");
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for threads in [1, 2, cores].into_iter().filter(|&t| t <= cores.max(2)) {
        let mut best = f64::INFINITY;
        let mut leaves = 0;
        for _ in 0..ROUNDS {
            let start = Instant::now();
            leaves = perft::perft_threads(&position, 6, RuleSet::Wits2022, threads);
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "full start perft(6) on {threads} thread(s): {leaves} leaves in {:.1} ms, {:.1} M leaves/s",
            best * 1e3,
            leaves as f64 / best / 1e6
        );
    }
    // The second way: positions reached again looked up, not counted.
    for threads in [1, 2] {
        let mut best = f64::INFINITY;
        let mut leaves = 0;
        for _ in 0..ROUNDS {
            let start = Instant::now();
            leaves = perft::perft_hashed(&position, 6, RuleSet::Wits2022, threads, 256);
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "full start perft(6) through a 256 MiB table on {threads} thread(s): {leaves} leaves in {:.1} ms, {:.1} M leaves/s",
            best * 1e3,
            leaves as f64 / best / 1e6
        );
    }
}
