//! Tools for students and graders: `gen` makes seeded test positions,
//! `check` compares any program with congo and shrinks a disagreement.

mod check;
mod generator;
mod shrink;

pub use check::{CheckOptions, check};
pub use generator::{GenOptions, ParsePieceSetError, PieceSet, generate};
