//! The `congo` binary: wires the process's streams to [`congo::cli::run_with`],
//! and tells it which of them are terminals.

use std::io::{self, BufReader, IsTerminal};
use std::process::ExitCode;

fn main() -> ExitCode {
    let terminal = congo::cli::Terminal {
        input: io::stdin().is_terminal(),
        // Colour is for people at a terminal who have not opted out.
        color_output: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        error_output: io::stderr().is_terminal(),
        input_file: congo::cli::FileId::of_standard_input(),
    };
    let input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let status = congo::cli::run_with(
        std::env::args_os().skip(1),
        input,
        io::stdout().lock(),
        io::stderr().lock(),
        terminal,
    );
    ExitCode::from(status)
}
