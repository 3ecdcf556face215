//! The command line: words in, a call into the library, words and an exit
//! status out. [`commands`] holds one file per subcommand (its options,
//! help text and reader); the parser, the help and the suggestions work
//! from those declarations. Only this module prints `congo:` or picks an
//! exit status.

mod args;
mod command;
mod commands;
mod help;
mod hints;
mod judging;
mod limits;
mod option;
mod options;
mod parse;
mod streams;
mod subcommand;
mod usage;
mod values;
mod words;

pub use crate::output_files::FileId;
pub use streams::Terminal;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use command::Command;
use parse::{Invocation, parse};
use streams::{Io, status};

/// Runs the program: parses `args`, answers `input` on `output`, and writes
/// diagnostics to `errors`. Returns the exit status.
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    input: impl BufRead,
    output: impl Write,
    errors: impl Write,
) -> u8 {
    run_with(args, input, output, errors, Terminal::default())
}

/// [`run`], told whether the streams are terminals.
pub fn run_with(
    args: impl IntoIterator<Item = OsString>,
    mut input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
    terminal: Terminal,
) -> u8 {
    let mut io = Io {
        input: &mut input,
        output: &mut output,
        errors: &mut errors,
        terminal,
    };
    match parse(args) {
        Ok(Invocation::Help) => {
            let written = io.output.write_all(help::general().as_bytes());
            io.finish(written)
        }
        Ok(Invocation::SubcommandHelp(spec)) => {
            let written = io.output.write_all(help::of(spec).as_bytes());
            io.finish(written)
        }
        Ok(Invocation::Version) => {
            let written = writeln!(io.output, "congo {}", env!("CARGO_PKG_VERSION"));
            io.finish(written)
        }
        Ok(Invocation::Command(Command::Judge { game, job, fen })) => {
            judging::answer(game, job, fen, &mut io)
        }
        Ok(Invocation::Command(Command::Run(work))) => work(&mut io),
        Err(error) => {
            io.say(format_args!("{error}\nRun `congo --help` for usage."));
            status::USAGE
        }
    }
}
