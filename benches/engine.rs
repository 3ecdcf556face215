//! How long the engine takes to answer `go`: it should spend about 40% of
//! the time it is given, and never more than all of it; and the worst
//! overrun of that 40% over positions where one move gives a monkey about a
//! million jump chains (`crates/engine/tests/heavy_monkeys.txt`).
//!
//! Run with `cargo bench --bench engine`.

mod common;

use common::best_of;
use congo_engine::{Engine, Player, Weights, play_protocol};
use congo_rules::RuleSet;

const POSITIONS: [&str; 2] = [
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
];

/// The share of `go`'s seconds the engine promises to use at most.
const SHARE: f64 = 0.4;

fn main() {
    println!("wall time from `position` to the move, best of 3");
    for fen in POSITIONS {
        for seconds in [0.1, 0.5, 1.0] {
            let (wall, answer) = answer_go(fen, seconds, 3);
            println!(
                "go {seconds:<4} {answer:>6} in {:>7.1} ms ({:>3.0}% of the time given)  {fen}",
                wall * 1e3,
                100.0 * wall / seconds
            );
        }
    }
    println!("\nheavy monkeys: wall time against the 40% budget, one run each");
    let mut worst = (0.0, String::new());
    for fen in include_str!("../crates/engine/tests/heavy_monkeys.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
    {
        for seconds in [0.05, 0.1, 0.5, 1.0] {
            let (wall, answer) = answer_go(fen, seconds, 1);
            let ratio = wall / (SHARE * seconds);
            println!(
                "go {seconds:<4} {answer:>6} in {:>7.1} ms ({ratio:.2}x the budget)  {fen}",
                wall * 1e3
            );
            if ratio > worst.0 {
                worst = (ratio, format!("go {seconds} on {fen}"));
            }
        }
    }
    println!("worst: {:.2}x the budget ({})", worst.0, worst.1);
}

/// The engine's answer to `position FEN` and `go SECONDS`, and the best
/// wall time of `rounds` runs, each with a fresh engine.
fn answer_go(fen: &str, seconds: f64, rounds: usize) -> (f64, String) {
    let commands = format!("position {fen}\ngo {seconds}\n");
    let (timing, answer) = best_of(rounds, || {
        let mut player = Player::Strong(Box::new(Engine::new(RuleSet::Wits2022, Weights::TUNED)));
        let mut output = Vec::new();
        play_protocol(
            &mut player,
            RuleSet::Wits2022,
            commands.as_bytes(),
            &mut output,
            std::io::sink(),
        )
        .expect("the protocol runs in memory");
        String::from_utf8_lossy(&output).trim().to_owned()
    });
    (timing.wall, answer)
}
