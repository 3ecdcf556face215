//! The tools for students and graders: `gen`, `check` and `grade`.

#[path = "../common/mod.rs"]
mod common;

mod check;
mod generator;
mod grade;
