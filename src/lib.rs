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

// Applications.
pub mod arena;
pub(crate) mod grader;
pub(crate) mod judge;

// Front ends.
pub mod cli;
pub mod serve;
