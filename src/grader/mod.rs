//! Tools for students and graders: `gen` makes seeded test positions,
//! `check` compares any program with congo and shrinks a disagreement,
//! `grade` marks output files against congo's answers.

mod check;
mod generator;
mod grade;
mod shrink;

pub use check::{CheckOptions, check};
pub use generator::{GenOptions, ParsePieceSetError, PieceSet, generate};
pub use grade::{GradeOptions, grade};
