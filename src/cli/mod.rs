//! The command line: arguments in, exit status out.
//!
//! [`SUBCOMMANDS`] defines every subcommand once and [`options`] every
//! option; [`args`] reads the words into a [`Command`], [`help`] writes the
//! help texts from the tables, and
//! [`run`] carries the command out on the streams it is given.

mod args;
mod help;
mod hints;
mod options;
mod subcommands;

pub use args::MAX_DEPTH;
pub(crate) use args::{Command, parse};
pub use subcommands::{SUBCOMMANDS, Section, Subcommand};

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use crate::KindsSeen;
use crate::engine::{self, Engine, Player};
pub use crate::files::FileId;
use crate::grader;
use crate::judge::{Report, Threads};
use crate::tablebase::Tablebase;
use crate::tasks::{Job, wildebeest};
use crate::wits::eval::Evaluation;
use crate::wits::search::Searcher;

/// What the program knows of where its streams lead; [`run`] assumes
/// neither is a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terminal {
    /// Standard input is a terminal: a person may be waiting for a prompt.
    pub input: bool,
    /// Standard output is a terminal that wants colour (no `NO_COLOR`).
    pub color_output: bool,
    /// The regular file standard input reads, which no output replaces.
    pub input_file: Option<FileId>,
}

/// The exit status of a run that was cut short by a closed output pipe, as
/// if the process had been killed by SIGPIPE.
const BROKEN_PIPE_STATUS: u8 = 141;

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
    input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
    terminal: Terminal,
) -> u8 {
    let command = match parse(args) {
        Ok(command) => command,
        Err(error) => {
            // Nothing useful is left to do if the error stream itself fails.
            let _ = writeln!(errors, "congo: {error}\nRun `congo --help` for usage.");
            return 2;
        }
    };
    let outcome = match command {
        Command::Help => output
            .write_all(help::general().as_bytes())
            .map(|()| Report::default()),
        Command::SubcommandHelp(name) => {
            let text = subcommands::find(name).map(help::of).unwrap_or_default();
            output
                .write_all(text.as_bytes())
                .map(|()| Report::default())
        }
        Command::Version => {
            writeln!(output, "congo {}", env!("CARGO_PKG_VERSION")).map(|()| Report::default())
        }
        Command::Gen(options) => grader::generate(&options, &mut output).map(|seed| {
            if options.seed.is_none() {
                let _ = writeln!(errors, "congo: seed {seed} (repeat with --seed {seed})");
            }
            Report::default()
        }),
        Command::Engine(options) => {
            let rules = options.rules;
            let mut player = if options.weak {
                Player::Weak(Searcher::new(rules, Evaluation::Advanced))
            } else {
                let tables = tables_or_default(options.tables)
                    .map(|dir| Arc::new(Tablebase::new(&dir, rules)));
                Player::Strong(Box::new(
                    Engine::new(rules, options.weights)
                        .with_tables(tables)
                        .with_fixed_nodes(options.nodes)
                        .with_threads(options.threads)
                        .with_contempt(options.contempt),
                ))
            };
            engine::play_protocol(&mut player, rules, input, output, &mut errors)
                .map(|()| Report::default())
        }
        Command::Match(mut options) => {
            options.tables = tables_or_default(options.tables);
            return match engine::play_match(&options, &mut output, &mut errors) {
                Ok(status) => status,
                Err(error) => exit_on(&error, &mut errors),
            };
        }
        Command::Openings(options) => {
            return match engine::write_openings(&options, &mut output) {
                Ok((written, tried)) => {
                    let _ = writeln!(
                        errors,
                        "congo: wrote {} of {} tried",
                        crate::count::Count(written, "opening"),
                        tried
                    );
                    u8::from(written < options.count)
                }
                Err(error) => exit_on(&error, &mut errors),
            };
        }
        Command::Tune(options) => {
            let start = engine::Weights::TUNED;
            return match engine::tune(&options, start) {
                Ok(fit) => match engine::write_fit(&fit, start, &mut output) {
                    Ok(()) => 0,
                    Err(error) => exit_on(&error, &mut errors),
                },
                Err(message) => {
                    let _ = writeln!(errors, "congo: {message}");
                    1
                }
            };
        }
        Command::Merge { records, sprt } => {
            return match engine::merge_records(&records, sprt.as_ref(), &mut output) {
                Ok(()) => 0,
                Err(message) => {
                    let _ = writeln!(errors, "congo: {message}");
                    1
                }
            };
        }
        Command::Game(mut options) => {
            options.style.color = terminal.color_output;
            options.tables = tables_or_default(options.tables);
            engine::play_by_hand(&options, input, &mut output).map(|()| Report::default())
        }
        Command::Wildebeest(what) => {
            let here = std::path::Path::new(".");
            return match wildebeest::run(what, input, &mut output, here, terminal.input_file) {
                Ok(written) => {
                    if matches!(what, wildebeest::Output::Files { .. }) {
                        let _ = writeln!(errors, "congo: {written}");
                    }
                    0
                }
                Err(wildebeest::WildebeestError::Output(error)) => exit_on(&error, &mut errors),
                Err(error) => {
                    let _ = writeln!(errors, "congo: {error}");
                    1
                }
            };
        }
        Command::Tables(command) => {
            return match crate::tablebase::run(&command, &mut output, &mut errors) {
                Ok(status) => status,
                Err(error) => exit_on(&error, &mut errors),
            };
        }
        Command::Grade(options) => {
            return match grader::grade(&options, &mut output, &mut errors) {
                Ok(status) => status,
                Err(error) => exit_on(&error, &mut errors),
            };
        }
        Command::Check(options) => {
            return match grader::check(&options, &mut output, &mut errors) {
                Ok(status) => status,
                Err(error) => exit_on(&error, &mut errors),
            };
        }
        Command::Judge(game, mut job, fen) => {
            let rules = game.rules;
            if let Job::Show(options) = &mut job {
                options.style.color = terminal.color_output;
                options.input_file = terminal.input_file;
                if let Some(view) = &options.record {
                    return match crate::tasks::record_diagram(view, options, rules) {
                        Ok(text) => match output.write_all(text.as_bytes()) {
                            Ok(()) => 0,
                            Err(error) => exit_on(&error, &mut errors),
                        },
                        Err(message) => {
                            let _ = writeln!(errors, "congo: {message}");
                            1
                        }
                    };
                }
            }
            if let Job::Best(_, tables, _) = &mut job {
                *tables = tables_or_default(tables.take());
            }
            let report = match fen {
                Some(fen) => {
                    let one = format!("1\n{fen}\n");
                    job.run(game, one.as_bytes(), output, &mut errors)
                }
                None if terminal.input => {
                    let _ = writeln!(
                        errors,
                        "congo: reading from the terminal: type the number of cases, then \
                         one case a line; each is answered at once (congo --help for more)"
                    );
                    job.run_with(game, Threads::interactive(), input, output, &mut errors)
                }
                None => job.run(game, input, output, &mut errors),
            };
            if let Ok(report) = &report
                && let Some(warning) = rules.warning_for(KindsSeen(report.seen))
            {
                let _ = writeln!(errors, "congo: {warning}");
            }
            report
        }
    };
    match outcome {
        Ok(report) if report.is_clean() => 0,
        Ok(_) => 1,
        Err(error) => exit_on(&error, &mut errors),
    }
}

/// The environment variable naming a folder of endgame tables, used where
/// `--tb` is not given.
pub const TABLES_VARIABLE: &str = "CONGO_TB";

/// The tables folder given with `--tb`, or else the one [`TABLES_VARIABLE`]
/// names (if set and not empty).
fn tables_or_default(given: Option<PathBuf>) -> Option<PathBuf> {
    given.or_else(|| {
        std::env::var_os(TABLES_VARIABLE)
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
    })
}

/// The exit status for an I/O failure, reported unless it is a closed pipe.
fn exit_on(error: &io::Error, errors: &mut impl Write) -> u8 {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return BROKEN_PIPE_STATUS;
    }
    let _ = writeln!(errors, "congo: {error}");
    1
}
