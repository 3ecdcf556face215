//! The command line: arguments in, exit status out.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};

use crate::Kind;
use crate::judge::{self, Report};
use crate::tasks::{Listing, PieceMoves};

pub const HELP: &str = "\
congo: a fast, exact Congo engine and judge

Usage: congo <SUBCOMMAND> < INPUT

Subcommands:
  board       list the pieces of each position and the side to play
  lion        the lion moves of the side to move
  zebra       the zebra moves of the side to move
  giraffe     the giraffe moves of the side to move
  pawn        the pawn moves of the side to move
  superpawn   the superpawn moves of the side to move
  elephant    the elephant moves of the side to move
  crocodile   the crocodile moves of the side to move
  monkey      the monkey moves of the side to move (a jump chain lists
              every landing square: b3d5f3)

Input: a line with N, then N lines with one FEN each,
  <pieces> <side> <move number>, e.g. 2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23
  (CRLF line ends, surrounding blanks and W/B for the side are accepted).

Output: board prints one 17-line block per FEN, blocks separated by a blank
  line; a move subcommand prints one line per FEN, its moves sorted as
  strings and separated by spaces (an empty line when there are none).

Bad input: each bad line gets `congo: line N: reason` on stderr (the count
  is line 1); the other lines are still answered in order, a move
  subcommand printing an empty line in place of the bad one.

Exit status: 0 when every line was answered, 1 on bad input, 2 on a usage
  error.

Options:
  -h, --help     print this help
  -V, --version  print the version
";

/// What the arguments ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Version,
    Board,
    PieceMoves(Kind),
}

/// Arguments that do not form a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageError {
    MissingSubcommand,
    UnknownSubcommand(String),
    UnexpectedArgument(String),
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::MissingSubcommand => f.write_str("missing subcommand"),
            UsageError::UnknownSubcommand(name) => write!(f, "unknown subcommand {name:?}"),
            UsageError::UnexpectedArgument(arg) => write!(f, "unexpected argument {arg:?}"),
        }
    }
}

impl std::error::Error for UsageError {}

/// Reads the arguments that follow the program name.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let mut args = args
        .into_iter()
        .map(|arg| arg.to_string_lossy().into_owned());
    let first = args.next().ok_or(UsageError::MissingSubcommand)?;
    let command = match first.as_str() {
        "-h" | "--help" | "help" => Command::Help,
        "-V" | "--version" => Command::Version,
        "board" => Command::Board,
        name => Kind::from_name(name)
            .map(Command::PieceMoves)
            .ok_or_else(|| UsageError::UnknownSubcommand(name.to_owned()))?,
    };
    match args.next() {
        Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
        None => Ok(command),
    }
}

/// The exit status of a run that was cut short by a closed output pipe, as
/// if the process had been killed by SIGPIPE.
const BROKEN_PIPE_STATUS: u8 = 141;

/// Runs the program: parses `args`, answers `input` on `output`, and writes
/// diagnostics to `errors`. Returns the exit status.
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
) -> u8 {
    let outcome = match parse(args) {
        Err(error) => {
            // Nothing useful is left to do if the error stream itself fails.
            let _ = writeln!(errors, "congo: {error}\nRun `congo --help` for usage.");
            return 2;
        }
        Ok(Command::Help) => output
            .write_all(HELP.as_bytes())
            .map(|()| Report::default()),
        Ok(Command::Version) => {
            writeln!(output, "congo {}", env!("CARGO_PKG_VERSION")).map(|()| Report::default())
        }
        Ok(Command::Board) => judge::run(&Listing, input, output, &mut errors),
        Ok(Command::PieceMoves(kind)) => {
            judge::run(&PieceMoves::new(kind), input, output, &mut errors)
        }
    };
    match outcome {
        Ok(report) if report.is_clean() => 0,
        Ok(_) => 1,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => BROKEN_PIPE_STATUS,
        Err(error) => {
            let _ = writeln!(errors, "congo: {error}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(words: &[&str]) -> Result<Command, UsageError> {
        parse(words.iter().map(OsString::from))
    }

    #[test]
    fn subcommands() {
        assert_eq!(parse_words(&["board"]), Ok(Command::Board));
        assert_eq!(parse_words(&["lion"]), Ok(Command::PieceMoves(Kind::Lion)));
        assert_eq!(
            parse_words(&["superpawn"]),
            Ok(Command::PieceMoves(Kind::Superpawn))
        );
        assert_eq!(parse_words(&["--help"]), Ok(Command::Help));
        assert_eq!(parse_words(&["-V"]), Ok(Command::Version));
    }

    #[test]
    fn usage_errors() {
        assert_eq!(parse_words(&[]), Err(UsageError::MissingSubcommand));
        assert_eq!(
            parse_words(&["king"]),
            Err(UsageError::UnknownSubcommand("king".into()))
        );
        assert_eq!(
            parse_words(&["lion", "extra"]),
            Err(UsageError::UnexpectedArgument("extra".into()))
        );
    }

    #[test]
    fn help_names_every_subcommand() {
        for kind in Kind::ALL {
            assert!(HELP.contains(&format!("\n  {}", kind.name())), "{kind}");
        }
        assert!(HELP.contains("\n  board"));
    }
}
