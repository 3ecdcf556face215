//! A fast, exact Congo engine and the command-line judge built on it.
//!
//! The judge reads a count and then one FEN per line, and for each prints
//! what the Wits assignment's autograder expects. Everything the binary
//! does is a library function: [`cli::run`] is the whole program, with its
//! input, output and error streams passed in.

mod bitboard;
mod board;
mod by;
mod color;
mod count;
mod fen;
mod files;
mod moves;
mod piece;
mod position;
mod process;
mod rules;
mod square;
mod table;
mod zobrist;

pub mod checkers;
pub mod cli;
pub mod engine;
pub mod game;
pub(crate) mod grader;
pub(crate) mod judge;
pub mod movegen;
pub mod perft;
pub mod random;
pub mod show;
pub mod tablebase;
pub mod tables;
pub(crate) mod tasks;
pub mod wildebeest;
pub mod wits;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use by::{ByColor, ByKind};
pub use color::Color;
pub use fen::FenError;
pub use moves::{Jumps, Move};
pub use piece::{Kind, Piece};
pub use position::{MoveError, Position, Reach, Status};
pub use rules::{KindsSeen, ParseRulesError, Rules};
pub use square::{ParseSquareError, Square};
