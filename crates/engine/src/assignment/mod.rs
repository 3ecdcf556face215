//! The assignment's own evaluations and searches (Parts 4 and 5), exactly
//! as its autograder scores them: `material`, `evaluate`, `minimax` and
//! `alphabeta`. The playing engine, tuned to win rather than to match a
//! key, is [`crate`].

pub mod evaluation;
pub mod search;
