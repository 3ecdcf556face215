//! What a subcommand is to the command line ([`Spec`]: its name, options,
//! help and reader) and what reading its words gives ([`Command`]: a
//! judge's job, or work to run on the streams).

use std::fmt;

use super::args::Args;
use super::option::Opt;
use super::streams::Io;
use super::usage::UsageError;
use super::words::Unknown;
use crate::Congo;
use crate::judge::Job;

/// Reads a subcommand's words into what it will do.
pub(crate) type Reader = fn(&Args) -> Result<Command, UsageError>;

/// A subcommand: how it is called, what it does, and how its words are read.
pub(crate) struct Spec {
    /// The word that names it on the command line.
    pub name: &'static str,
    /// The words after it that are not options, as the usage line shows
    /// them: `D`, `[FEN]`.
    pub operands: &'static str,
    /// Its options.
    pub options: &'static [Opt],
    /// What it does with an option it does not declare.
    pub unknown: Unknown,
    /// What it does, in one paragraph (the help wraps it).
    pub about: &'static str,
    /// The group `congo --help` lists it in.
    pub section: Section,
    /// Whether `--rules` applies: not for the sibling games, which have
    /// one rule set each.
    pub takes_rule_set: bool,
    /// What it reads on stdin, for a judge.
    pub input: Option<&'static str>,
    /// Reads its words.
    pub read: Reader,
}

impl fmt::Debug for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Spec({})", self.name)
    }
}

/// The input of most judges.
pub(crate) const FEN_LINES: &str = "a line with N, then N FEN lines (see congo --help)";

impl Spec {
    /// A judge of FEN lines in the judges' section, refusing options it
    /// does not declare.
    pub const fn judge(
        name: &'static str,
        operands: &'static str,
        options: &'static [Opt],
        about: &'static str,
        read: Reader,
    ) -> Spec {
        Spec {
            name,
            operands,
            options,
            unknown: Unknown::Refuse,
            about,
            section: Section::Judge,
            takes_rule_set: true,
            input: Some(FEN_LINES),
            read,
        }
    }

    /// The same subcommand listed in `section`, reading no FEN lines.
    pub const fn tool(self, section: Section) -> Spec {
        Spec {
            section,
            input: None,
            ..self
        }
    }

    /// The same subcommand reading its cases as `input` says.
    pub const fn reading(self, input: &'static str) -> Spec {
        Spec {
            input: Some(input),
            ..self
        }
    }

    /// The same subcommand for a sibling game: `--rules` does not apply,
    /// and its positions are written its own way.
    pub const fn sibling(self) -> Spec {
        Spec {
            takes_rule_set: false,
            input: Some("a line with N, then N positions, one a line"),
            ..self
        }
    }

    /// The same subcommand, keeping the options it does not know among
    /// its operands: they are another subcommand's words.
    pub const fn wrapping(self) -> Spec {
        Spec {
            unknown: Unknown::Keep,
            ..self
        }
    }
}

/// The groups `congo --help` lists subcommands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Section {
    /// One answer per FEN line.
    Judge,
    /// Diagrams and drawings.
    Pictures,
    /// The engine, matches and games.
    Playing,
    /// Two-player Wildebeest, from a board file.
    Wildebeest,
    /// Generating, grading, checking, tables, the web board.
    Tools,
}

impl Section {
    pub const ALL: [Section; 5] = [
        Section::Judge,
        Section::Pictures,
        Section::Playing,
        Section::Wildebeest,
        Section::Tools,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Section::Judge => "Subcommands (one answer per FEN; FEN lines on stdin):",
            Section::Pictures => "Pictures:",
            Section::Playing => "Playing (the full rules, 2022 unless --rules 2021):",
            Section::Wildebeest => {
                "Two-player Wildebeest (a board file on stdin, or N lines with --lines):"
            }
            Section::Tools => "Tools:",
        }
    }
}

/// Work to run on the streams, giving the exit status.
pub(crate) type Work = Box<dyn FnOnce(&mut Io<'_>) -> u8>;

/// What a subcommand's words ask for.
pub(crate) enum Command {
    /// A judge: how it reads positions, its job, and the one FEN given as
    /// an argument in place of its input, if any.
    Judge {
        game: Congo,
        job: Job,
        fen: Option<String>,
    },
    /// Anything else.
    Run(Work),
}

impl Command {
    /// A judge reading its input (no FEN argument).
    pub fn judge(args: &Args, job: Job) -> Command {
        Command::Judge {
            game: args.game(),
            job,
            fen: None,
        }
    }

    /// Work to run on the streams.
    pub fn run(work: impl FnOnce(&mut Io<'_>) -> u8 + 'static) -> Command {
        Command::Run(Box::new(work))
    }
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Judge { game, job, fen } => f
                .debug_struct("Judge")
                .field("game", game)
                .field("job", job)
                .field("fen", fen)
                .finish(),
            Command::Run(_) => f.write_str("Run(..)"),
        }
    }
}
