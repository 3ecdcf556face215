//! The command line: words in, a call into the library, words and an exit
//! status out. A judge is answered here, on the streams; a tool runs the
//! work its subcommand's reader returned. [`commands`] holds one file per
//! subcommand (its options, help text and reader); the parser, the help
//! and the suggestions work from those declarations. Only this module
//! prints `congo:` or picks an exit status.

mod args;
mod commands;
mod help;
mod hints;
mod limits;
mod option;
mod options;
mod parse;
mod progress;
mod reader;
mod streams;
mod subcommand;
mod usage;
mod values;
mod words;

pub use congo_kit::output_files::FileId;
pub use streams::Terminal;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use parse::{Invocation, parse};
use streams::{Io, status};
use subcommand::Work;

use congo_judges::{AnyJudge, Notice, Threads};
use congo_rules::RuleSet;

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
    match parse(args, terminal) {
        Ok(Invocation::Help) => {
            let written = io.output.write_all(help::general().as_bytes());
            io.finish(written)
        }
        Ok(Invocation::SubcommandHelp(subcommand)) => {
            let written = io.output.write_all(help::of(subcommand).as_bytes());
            io.finish(written)
        }
        Ok(Invocation::Version) => {
            let written = writeln!(io.output, "congo {}", env!("CARGO_PKG_VERSION"));
            io.finish(written)
        }
        Ok(Invocation::Work(Work::Judge {
            mut judge,
            rule_set,
            fen,
        })) => answer(&mut *judge, rule_set, fen, &mut io),
        Ok(Invocation::Work(Work::Tool(tool))) => tool(&mut io),
        Err(error) => {
            io.say(format_args!("{error}\nRun `congo --help` for usage."));
            status::USAGE
        }
    }
}

/// Answers with `judge`: `fen`, when one was given on the command line,
/// or else the input; a warning if the positions look written for
/// another year than `rule_set`.
fn answer(judge: &mut dyn AnyJudge, rule_set: RuleSet, fen: Option<String>, io: &mut Io<'_>) -> u8 {
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
            judge.answer_all(threads, &mut one.as_bytes(), &mut io.output, &mut notices)
        }
        None => {
            let threads = if person_typing {
                Threads::interactive()
            } else {
                Threads::default()
            };
            judge.answer_all(threads, &mut io.input, &mut io.output, &mut notices)
        }
    };
    match report {
        Ok(report) => {
            if let Some(warning) = rule_set.warning_for(report.kinds) {
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
