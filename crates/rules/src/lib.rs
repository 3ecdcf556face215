//! The rules of Congo, exact and fast: squares, pieces, boards, FEN, move
//! generation, playing a move, how a game ends, perft, a game's record and
//! PGN. It does no input or output of its own.
//!
//! Its README, below, is its first example.

#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

// Values.
mod bitboard;
mod board;
mod color;
pub mod geometry;
mod moves;
mod piece;
mod square;
pub mod zobrist;

// Rules.
pub mod board_game;
mod congo_rules;
pub mod endgame;
pub mod game;
pub mod live;
pub mod move_lists;
pub mod movegen;
mod outcome;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod random;
pub mod record;
mod rule_set;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::{ByColor, Color};
pub use congo_rules::CongoRules;
pub use game::{FULL_START, Game, History, PlayError, ReplayError, START};
pub use moves::{Jumps, Move};
pub use outcome::{Ending, MAX_PLIES, Outcome, Status};
pub use piece::{ByKind, Kind, Piece};
pub use position::{FenError, MAX_CHAINS, MoveEffects, MoveError, Position, Reach};
pub use rule_set::{KindsSeen, ParseRuleSetError, RuleSet, RuleSetError};
pub use square::{ParseSquareError, Square};
