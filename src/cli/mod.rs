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

/// Runs the program: parses `args`, answers `input` on `output`, and
/// writes diagnostics to `errors`, told whether the streams are
/// terminals. Returns the exit status.
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

#[cfg(test)]
mod tests {
    use super::*;
    use congo_rules::random::{PositionShape, Rng, random_position};

    #[test]
    fn no_input_makes_any_subcommand_panic() {
        // FEN-like lines with noise in them, and plain random bytes.
        const NOISE: [&[u8]; 12] = [
            b"/",
            b"0",
            b"9",
            b"l",
            b"L",
            b" ",
            b"\t",
            b"w",
            b"\xff",
            b"\r",
            b"-",
            b"99999999999",
        ];
        let subcommands: [&[&str]; 12] = [
            &["board"],
            &["lion"],
            &["monkey"],
            &["moves"],
            &["play"],
            &["perft", "1"],
            &["divide", "1"],
            &["material"],
            &["alphabeta", "--depth", "1"],
            &["checkers"],
            &["show", "--moves", "all"],
            &["best", "--depth", "1"],
        ];
        let mut rng = Rng::new(4242);
        for _ in 0..60 {
            let mut input = format!("{}\n", rng.below(6)).into_bytes();
            for _ in 0..rng.below(8) {
                let mut line = random_position(&mut rng, &PositionShape::FULL)
                    .to_string()
                    .into_bytes();
                for _ in 0..rng.below(4) {
                    let at = rng.below(line.len() as u64 + 1) as usize;
                    line.splice(at..at, rng.pick(&NOISE).unwrap().iter().copied());
                }
                if rng.percent(10) {
                    line = (0..rng.below(40)).map(|_| rng.below(256) as u8).collect();
                }
                input.extend_from_slice(&line);
                input.push(b'\n');
            }
            for args in subcommands {
                let args = args.iter().map(std::ffi::OsString::from);
                let (output, errors) = (std::io::sink(), std::io::sink());
                let status = run_with(args, &input[..], output, errors, Terminal::default());
                assert!(status <= 1, "{}", String::from_utf8_lossy(&input));
            }
        }
    }

    #[test]
    fn a_judge_reading_a_terminal_gives_a_hint() {
        let run = |terminal: bool| {
            let mut errors = Vec::new();
            let status = run_with(
                ["lion"].map(std::ffi::OsString::from),
                &b"1\n3l3/7/7/7/7/7/3L3 w 1\n"[..],
                std::io::sink(),
                &mut errors,
                Terminal {
                    input: terminal,
                    ..Default::default()
                },
            );
            assert_eq!(status, 0);
            String::from_utf8(errors).unwrap()
        };
        assert!(run(true).starts_with("congo: reading from the terminal:"));
        assert_eq!(run(false), "");
    }
}
