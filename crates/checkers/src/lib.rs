//! Russian checkers (TopCoder SRM 416, "RussianCheckers"): an 8x8 board of
//! men and kings, and every legal move of the side to move.
//!
//! A sibling of the Congo engine with its own board type; it shares the
//! judge loop, the error reporting and [`Color`].

mod board;
mod moves;

pub use board::{Board, CheckersError, Piece, Position, Square};
pub use moves::{Checkers, Move, legal_moves, perft};

pub use congo_rules::Color;
