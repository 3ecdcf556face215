//! The tools for students and graders: `gen`, `check` and `grade`.

mod check;
mod generator;
mod grade;
