//! A fast, exact Congo engine and toolkit: the judges of the Wits
//! assignment, perft, a playing engine, a match manager, endgame tables,
//! pictures, grading tools and two sibling games.
//!
//! The crate is a library that returns values; the `congo` binary and the
//! web board are front ends over it. The modules stand in layers, each
//! using only those below it (ARCHITECTURE.md draws them):
//!
//! - **values**: squares, colours, pieces, square sets, boards, moves and
//!   the geometry tables;
//! - **rules**: FEN, positions and what a game can reach, move generation,
//!   playing a move, how a game ends, a game in progress, perft;
//! - **applications**: the judge loop, the assignment's searches, the
//!   engine, the match manager, grading, endgame tables, pictures and the
//!   sibling games;
//! - **front ends**: the command line ([`cli`]) and the web board
//!   ([`serve`]).

#![forbid(unsafe_code)]

// Values.
mod bitboard;
mod board;
mod color;
mod digest;
pub mod geometry;
pub mod json;
pub mod rng;
mod moves;
mod piece;
pub mod shard;
mod square;
pub mod text;
mod zobrist;

// Rules.
pub mod board_game;
mod congo_rules;
pub mod game;
mod move_lists;
pub mod movegen;
mod outcome;
pub mod perft;
pub mod pgn;
mod position;
pub mod random;
pub mod record;
mod rule_set;
mod transposition;

// Applications.
pub mod arena;
pub mod assignment;
pub mod checkers;
pub mod engine;
pub(crate) mod grader;
pub(crate) mod judge;
mod output_files;
pub mod process;
pub mod show;
pub mod tablebase;
pub mod wildebeest;

// Front ends.
pub mod cli;
pub mod serve;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::{ByColor, Color};
pub use congo_rules::CongoRules;
pub use game::{Game, PlayError, ReplayError, START};
pub use moves::{Jumps, Move};
pub use outcome::{Ending, MAX_PLIES, Outcome, Status};
pub use piece::{ByKind, Kind, Piece};
pub use position::{FenError, MAX_CHAINS, MoveEffects, MoveError, Position, Reach};
pub use rule_set::{KindsSeen, ParseRuleSetError, RuleSet, RuleSetError};
pub use square::{ParseSquareError, Square};
