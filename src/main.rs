//! The `congo` binary, the command line: one subcommand a task, each read from its
//! words into a call on the workspace's crates, and its result written
//! back as words and an exit status.
//!
//! The crates beneath stand in layers, each using only those below it
//! (ARCHITECTURE.md draws them): `congo-kit` and `congo-rules` at the
//! bottom; `congo-tables`, `congo-pictures`, `congo-checkers`,
//! `congo-wildebeest` and `congo-engine` on the rules; `congo-arena`,
//! `congo-judges` and `congo-web` on the engine; and this binary, [`cli`],
//! on top of them all, the one that opens endgame tables and hands them
//! down as `congo_rules::endgame::EndgameTables`.
//!
//! `main` wires the process's streams to [`cli::run_with`], and tells it
//! which of them are terminals.

#![forbid(unsafe_code)]

mod cli;

use std::io::{self, BufReader, IsTerminal};
use std::process::ExitCode;

fn main() -> ExitCode {
    let terminal = cli::Terminal {
        input: io::stdin().is_terminal(),
        // Colour is for people at a terminal who have not opted out.
        color_output: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        error_output: io::stderr().is_terminal(),
        input_file: cli::FileId::of_standard_input(),
    };
    let input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let status = cli::run_with(
        std::env::args_os().skip(1),
        input,
        io::stdout().lock(),
        io::stderr().lock(),
        terminal,
    );
    ExitCode::from(status)
}
