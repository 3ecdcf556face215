//! The engine through the real binary: its protocol, `best`, its clock,
//! `congo game`, `congo tune`, and the net's datagen and train.

mod best;
mod clock;
mod game;
mod learn;
mod protocol;
mod tune;

use congo_rules::Position;

/// The 2022 start.
const START: &str = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";
/// A middle game with promoted pawns on both sides.
const MIDGAME: &str = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12";

/// Whether `text` is a legal move of the position `fen`.
fn is_legal(fen: &str, text: &str) -> bool {
    let position: Position = fen.parse().unwrap();
    position.parse_move(text, &mut Vec::new()).is_ok()
}
