//! The `congo` binary: wires the process's streams to [`congo::cli::run`].

use std::io::{self, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let status = congo::cli::run(
        std::env::args_os().skip(1),
        input,
        io::stdout().lock(),
        io::stderr().lock(),
    );
    ExitCode::from(status)
}
