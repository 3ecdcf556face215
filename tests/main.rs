//! The integration tests: the real `congo` binary run as its users run it,
//! grouped by feature, one module each.
//!
//! One test target rather than one a feature: after an edit in any crate
//! Cargo relinks this binary once, not once a feature.

mod common;

mod arena;
mod checkers;
mod cli;
mod docs;
mod engine;
mod grader;
mod judge;
mod pictures;
mod rules;
mod serve;
mod structure;
mod tablebase;
mod tournament;
mod wildebeest;
