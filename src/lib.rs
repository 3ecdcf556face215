//! The `congo` command line: one subcommand a task, each read from its
//! words into a call on the workspace's crates, and its result written
//! back as words and an exit status.
//!
//! The crates beneath stand in layers, each using only those below it
//! (ARCHITECTURE.md draws them): `congo-kit` and `congo-rules` at the
//! bottom; `congo-tables`, `congo-pictures`, `congo-checkers`,
//! `congo-wildebeest` and `congo-engine` on the rules; `congo-arena`,
//! `congo-judges` and `congo-web` on the engine; and this crate, [`cli`],
//! on top of them all, the one that opens endgame tables and hands them
//! down as `congo_rules::endgame::EndgameTables`.

#![forbid(unsafe_code)]

pub mod cli;
