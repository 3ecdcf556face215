//! The command line: words in, a call into the library, words and an exit
//! status out. A judge's job is answered here, on the streams; anything
//! else runs the work its subcommand's reader returned. [`commands`] holds one file per subcommand (its options,
//! help text and reader); the parser, the help and the suggestions work
//! from those declarations. Only this module prints `congo:` or picks an
//! exit status.

mod args;
mod command;
mod commands;
mod help;
mod hints;
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

use crate::judge::{Job, Notice, Threads};
use crate::{Congo, KindsSeen};

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
            answer(game, job, fen, &mut io)
        }
        Ok(Invocation::Command(Command::Run(work))) => work(&mut io),
        Err(error) => {
            io.say(format_args!("{error}\nRun `congo --help` for usage."));
            status::USAGE
        }
    }
}

/// Answers `job` as `game` reads positions: `fen`, when one was given on
/// the command line, or else the input.
fn answer(game: Congo, mut job: Job, fen: Option<String>, io: &mut Io<'_>) -> u8 {
    // Pictures are coloured for a terminal, and never written over the
    // file the positions are read from.
    if let Job::Show(options) = &mut job {
        options.style.color = io.terminal.color_output;
        options.input_file = io.terminal.input_file;
    }
    let person_typing = fen.is_none() && io.terminal.input;
    if person_typing {
        io.say(
            "reading from the terminal: type the number of cases, then one case a line; \
             each is answered at once (congo --help for more)",
        );
    }
    let errors = &mut *io.errors;
    let mut notices = |notice: Notice<'_>| writeln!(errors, "congo: {notice}");
    let report = match fen {
        Some(fen) => {
            let one = format!("1\n{fen}\n");
            let threads = Threads::default();
            job.run(game, threads, one.as_bytes(), &mut io.output, &mut notices)
        }
        None => {
            let threads = if person_typing {
                Threads::interactive()
            } else {
                Threads::default()
            };
            job.run(game, threads, &mut io.input, &mut io.output, &mut notices)
        }
    };
    match report {
        Ok(report) => {
            if let Some(warning) = game.rule_set.warning_for(KindsSeen(report.seen)) {
                io.say(warning);
            }
            if report.is_clean() {
                status::SUCCESS
            } else {
                status::FAILURE
            }
        }
        Err(error) => io.io_error(&error),
    }
}
