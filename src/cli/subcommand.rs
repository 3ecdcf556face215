//! What a subcommand is to the command line ([`Subcommand`]: its name,
//! options, help and how its words are read) and what reading its words
//! gives ([`Work`]: a judge to answer, or a tool to run on the streams).

use std::fmt;

use super::args::Args;
use super::option::Opt;
use super::streams::Io;
use super::usage::UsageError;
use super::words::Unknown;
use congo_judges::{AnyJudge, CaseKind, Listing};
use congo_rules::{CongoRules, RuleSet};

/// A subcommand's declaration: how it is called, what it does, and how
/// its words are read.
pub(crate) struct Subcommand {
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
    /// How its words are read.
    pub read: Read,
}

/// How a subcommand's words become its work.
#[derive(Clone, Copy)]
pub(crate) enum Read {
    /// By the reader in its own file under `commands/`.
    Words(fn(&Args) -> Result<Work, UsageError>),
    /// As a judge listed without options, built by `build`: no words but
    /// one FEN in place of its input, where it takes one.
    Listed {
        build: fn(CongoRules) -> Box<dyn AnyJudge>,
        takes_fen: bool,
    },
}

impl fmt::Debug for Subcommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Subcommand({})", self.name)
    }
}

/// The input of most judges.
pub(crate) const FEN_LINES: &str = "a line with N, then N FEN lines (see congo --help)";

/// The input of a judge whose cases are a FEN and a move.
const FEN_AND_MOVE_LINES: &str = "a line with N, then N pairs of lines: a FEN, then a move";

/// What the judge of `listing` reads on stdin.
const fn input_of(listing: &Listing) -> &'static str {
    match listing.case {
        CaseKind::Position => FEN_LINES,
        CaseKind::PositionAndMove => FEN_AND_MOVE_LINES,
    }
}

impl Subcommand {
    /// A tool, listed among the tools, reading no cases of its own and
    /// refusing options it does not declare.
    pub const fn tool(
        name: &'static str,
        operands: &'static str,
        options: &'static [Opt],
        about: &'static str,
        read: fn(&Args) -> Result<Work, UsageError>,
    ) -> Subcommand {
        Subcommand {
            name,
            operands,
            options,
            unknown: Unknown::Refuse,
            about,
            section: Section::Tools,
            takes_rule_set: true,
            input: None,
            read: Read::Words(read),
        }
    }

    /// The judge of `listing` with its options, listed among the judges
    /// and reading its cases on stdin.
    pub const fn judge(
        listing: &'static Listing,
        operands: &'static str,
        options: &'static [Opt],
        read: fn(&Args) -> Result<Work, UsageError>,
    ) -> Subcommand {
        Subcommand {
            section: Section::Judge,
            input: Some(input_of(listing)),
            ..Subcommand::tool(listing.name, operands, options, listing.about, read)
        }
    }

    /// The judge of `listing`, which takes no options and is built by
    /// `build`: its subcommand is its name and, where it takes one, a FEN.
    pub const fn listed(
        listing: &'static Listing,
        build: fn(CongoRules) -> Box<dyn AnyJudge>,
    ) -> Subcommand {
        Subcommand {
            name: listing.name,
            operands: if listing.takes_fen { "[FEN]" } else { "" },
            options: &[],
            unknown: Unknown::Refuse,
            about: listing.about,
            section: Section::Judge,
            takes_rule_set: true,
            input: Some(input_of(listing)),
            read: Read::Listed {
                build,
                takes_fen: listing.takes_fen,
            },
        }
    }

    /// The same subcommand listed in `section`.
    pub const fn in_section(self, section: Section) -> Subcommand {
        Subcommand { section, ..self }
    }

    /// The same subcommand reading its cases as `input` says.
    pub const fn reading(self, input: &'static str) -> Subcommand {
        Subcommand {
            input: Some(input),
            ..self
        }
    }

    /// The same subcommand for a game with one rule set: `--rules` does
    /// not apply.
    pub const fn one_rule_set(self) -> Subcommand {
        Subcommand {
            takes_rule_set: false,
            ..self
        }
    }

    /// The same judge for a sibling game: `--rules` does not apply, and
    /// its positions are written its own way.
    pub const fn sibling(self) -> Subcommand {
        self.one_rule_set()
            .reading("a line with N, then N positions, one a line")
    }

    /// The same subcommand, keeping the options it does not know among
    /// its operands: they are another subcommand's words.
    pub const fn wrapping(self) -> Subcommand {
        Subcommand {
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

/// A tool's run on the streams, giving the exit status.
pub(crate) type Tool = Box<dyn FnOnce(&mut Io<'_>) -> u8>;

/// What a subcommand's words ask for.
pub(crate) enum Work {
    /// A judge to answer its input, or the one FEN given in its place; the
    /// rule set is the one its answers are warned about.
    Judge {
        judge: Box<dyn AnyJudge>,
        rule_set: RuleSet,
        fen: Option<String>,
    },
    /// A tool to run.
    Tool(Tool),
}

impl Work {
    /// `judge` answering its input (no FEN argument), read as `args` say.
    pub fn judge(args: &Args, judge: Box<dyn AnyJudge>) -> Work {
        Work::Judge {
            judge,
            rule_set: args.rule_set,
            fen: None,
        }
    }

    /// `judge` answering the FEN argument of `args`, if one is given, or
    /// else its input.
    pub fn judge_of_fen(args: &Args, judge: Box<dyn AnyJudge>) -> Result<Work, UsageError> {
        Ok(Work::Judge {
            judge,
            rule_set: args.rule_set,
            fen: args.fen_operand()?,
        })
    }

    /// A tool's run on the streams.
    pub fn tool(run: impl FnOnce(&mut Io<'_>) -> u8 + 'static) -> Work {
        Work::Tool(Box::new(run))
    }
}

impl fmt::Debug for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Work::Judge {
                judge,
                rule_set,
                fen,
            } => f
                .debug_struct("Judge")
                .field("judge", judge)
                .field("rule_set", rule_set)
                .field("fen", fen)
                .finish(),
            Work::Tool(_) => f.write_str("Tool(..)"),
        }
    }
}
