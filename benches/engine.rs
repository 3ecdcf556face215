//! How long the engine takes to answer `go`: it should spend about 40% of
//! the time it is given, and never more than all of it.
//!
//! Run with `cargo bench --bench engine`.

mod common;

use common::best_of;
use congo::Rules;
use congo::engine::{Engine, Player, Weights, play_protocol};

const POSITIONS: [&str; 2] = [
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
];

fn main() {
    println!("wall time from `position` to the move, best of 3");
    for fen in POSITIONS {
        for seconds in [0.1, 0.5, 1.0] {
            let commands = format!("position {fen}\ngo {seconds}\n");
            let (timing, answer) = best_of(3, || {
                let mut player =
                    Player::Strong(Box::new(Engine::new(Rules::Wits2022, Weights::TUNED)));
                let mut output = Vec::new();
                play_protocol(
                    &mut player,
                    Rules::Wits2022,
                    commands.as_bytes(),
                    &mut output,
                    std::io::sink(),
                )
                .expect("the protocol runs in memory");
                String::from_utf8_lossy(&output).trim().to_owned()
            });
            println!(
                "go {seconds:<4} {answer:>6} in {:>7.1} ms ({:>3.0}% of the time given)  {fen}",
                timing.wall * 1e3,
                100.0 * timing.wall / seconds
            );
        }
    }
}
