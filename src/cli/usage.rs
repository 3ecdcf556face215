//! [`UsageError`]: a command line that does not form a command, and what
//! is wrong with it. Each message names the word at fault and, where one
//! is known, what would work.

use std::fmt;

use congo_engine::Weights;
use congo_kit::shard::ParseShardError;
use congo_rules::random::ParsePieceSetError;
use congo_rules::{FenError, ParseRuleSetError};
use congo_tables::ParseMaterialError;

/// Arguments that do not form a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageError {
    /// No subcommand was given.
    MissingSubcommand,
    /// A word in the subcommand's place names none.
    UnknownSubcommand(String),
    /// An option the subcommand does not declare.
    UnknownOption(String),
    /// A word the subcommand has no place for.
    UnexpectedArgument(String),
    /// An option given twice.
    Repeated(&'static str),
    /// A word that is not UTF-8 where text is needed.
    NotUtf8(String),
    /// A rule set that is not 2021 or 2022.
    BadRules(ParseRuleSetError),
    /// An option that applies to other subcommands only: the option, the
    /// subcommand, and why it has no use there.
    DoesNotApply {
        option: &'static str,
        subcommand: &'static str,
        why: NotApplying,
    },
    /// A depth that is not digits.
    BadDepth(String),
    /// A depth deeper than the most allowed, which is the second value.
    DepthTooLarge(String, u32),
    /// An option without its value.
    MissingValue(&'static str),
    /// A number that is not digits.
    BadNumber { option: &'static str, found: String },
    /// A number too large for what it counts.
    TooLarge {
        option: &'static str,
        found: String,
        max: u64,
    },
    /// A value that is not a decimal number.
    BadReal { option: &'static str, found: String },
    /// A probability not strictly between 0 and 1, as given.
    BadProbability(&'static str, String),
    /// SPRT bounds in the wrong order, as given.
    BadSprt(String, String),
    /// A subcommand run without an option it cannot do without.
    Required(&'static str, &'static str),
    /// Two options that each set the same thing.
    Exclusive(&'static str, &'static str),
    /// An option that does nothing with the others given: the option,
    /// and with or without what.
    NoUse(&'static str, &'static str),
    /// A number below the least its option takes.
    TooSmall { option: &'static str, min: u64 },
    /// None of a subcommand's choices, which it needs one of.
    Choose(&'static str, Vec<&'static str>),
    /// An empty path.
    EmptyPath(&'static str),
    /// A FEN given on the command line that is no position.
    BadFen { found: String, error: FenError },
    /// A piece set that is none.
    BadPieceSet(ParsePieceSetError),
    /// `check` without the program to run.
    MissingProgram,
    /// `check` of a subcommand it cannot compare.
    NotCheckable(String),
    /// `grade` without its files.
    MissingFiles,
    /// A piece kind that is none.
    UnknownKind(String),
    /// A colour that is none.
    BadColor(String),
    /// `match` without its two engines.
    MissingEngines,
    /// A weight setting that is not NAME=INTEGER.
    BadWeight(String),
    /// A material name that is none.
    BadMaterial(ParseMaterialError),
    /// A shard that is none.
    BadShard(ParseShardError),
    /// A value its option does not take: the option, the value, and what
    /// it takes.
    BadValue {
        option: &'static str,
        found: String,
        expected: &'static str,
    },
    /// `tb` without generate, probe, summary, verify or levels.
    MissingTablesVerb,
    /// Another usage error, and what the person most likely meant.
    Hinted(Box<UsageError>, String),
    /// A subcommand's reader read an option it does not declare: congo's
    /// own fault, which the tests look for in every subcommand.
    Undeclared {
        subcommand: &'static str,
        option: &'static str,
    },
}

/// Why an option has no use with a subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotApplying {
    /// A sibling game has one rule set.
    OneRuleSet,
    /// The subcommand reads no judge input.
    NotAJudge,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::MissingSubcommand => f.write_str("missing subcommand"),
            UsageError::UnknownSubcommand(name) => write!(f, "unknown subcommand {name:?}"),
            UsageError::UnknownOption(option) => write!(f, "unknown option {option:?}"),
            UsageError::UnexpectedArgument(arg) => write!(f, "unexpected argument {arg:?}"),
            UsageError::Repeated(option) => write!(f, "{option} is given more than once"),
            UsageError::NotUtf8(arg) => write!(f, "argument {arg:?} is not valid UTF-8"),
            UsageError::BadRules(error) => error.fmt(f),
            UsageError::DoesNotApply {
                option,
                subcommand,
                why,
            } => why.explain(option, subcommand, f),
            UsageError::BadDepth(depth) => {
                write!(f, "depth {depth:?} is not a non-negative integer")
            }
            UsageError::DepthTooLarge(depth, max) => {
                write!(f, "depth {depth} is too deep, expected at most {max}")
            }
            UsageError::MissingValue(option) => write!(f, "{option} needs a value"),
            UsageError::BadNumber { option, found } => {
                write!(f, "{option} {found:?} is not a non-negative integer")
            }
            UsageError::TooLarge { option, found, max } => {
                write!(f, "{option} {found} is too large, expected at most {max}")
            }
            UsageError::BadReal { option, found } => {
                write!(f, "{option} {found:?} is not a number")
            }
            UsageError::BadProbability(option, value) => write!(
                f,
                "{option} {value} is not a probability, expected more than 0 and less than 1"
            ),
            UsageError::BadSprt(elo0, elo1) => write!(
                f,
                "--sprt {elo0} {elo1}: ELO1 must be larger than ELO0 (--sprt ELO0 ELO1)"
            ),
            UsageError::Required(subcommand, option) => write!(f, "{subcommand} needs {option}"),
            UsageError::Exclusive(one, other) => {
                write!(f, "{one} and {other} cannot be given together; choose one")
            }
            UsageError::NoUse(option, context) => write!(f, "{option} has no use {context}"),
            UsageError::TooSmall { option, min: 1 } => write!(f, "{option} must be more than 0"),
            UsageError::TooSmall { option, min } => write!(f, "{option} must be at least {min}"),
            UsageError::Choose(subcommand, options) => needs_one_of(subcommand, options, f),
            UsageError::BadValue {
                option,
                found,
                expected,
            } => write!(f, "{option} {found:?}: expected {expected}"),
            UsageError::EmptyPath(option) => write!(f, "{option} needs a path, found \"\""),
            UsageError::BadFen { found, error } => write!(f, "bad FEN {found:?}: {error}"),
            UsageError::BadPieceSet(error) => error.fmt(f),
            UsageError::MissingProgram => f.write_str("check needs `-- PROGRAM [ARGS...]` to run"),
            UsageError::BadWeight(setting) => write!(
                f,
                "weight {setting:?} is not NAME=INTEGER (NAME: {} or a piece name)",
                Weights::TERMS.join(", ")
            ),
            UsageError::MissingEngines => {
                f.write_str("match needs two engines: -- ENGINE_A [ARGS] -- ENGINE_B [ARGS]")
            }
            UsageError::BadColor(name) => {
                write!(f, "colour {name:?} is unknown, expected white or black")
            }
            UsageError::UnknownKind(name) => write!(
                f,
                "piece kind {name:?} is unknown, expected a piece name such as lion, or all"
            ),
            UsageError::BadMaterial(error) => error.fmt(f),
            UsageError::BadShard(error) => error.fmt(f),
            UsageError::Hinted(error, hint) => write!(f, "{error}; {hint}"),
            UsageError::Undeclared { subcommand, option } => write!(
                f,
                "{subcommand} read {option}, which it does not declare (a bug in congo; please report it)"
            ),
            UsageError::MissingTablesVerb => f.write_str(
                "tb needs what to do: generate DIR [MATERIAL...], probe DIR, summary DIR [MATERIAL...], verify DIR [MATERIAL...] or levels [MATERIAL...]",
            ),
            UsageError::MissingFiles => f.write_str(
                "grade needs a judge subcommand, its input file and at least one output file",
            ),
            UsageError::NotCheckable(words) => {
                write!(f, "check compares Congo judge subcommands, not {words:?}")
            }
        }
    }
}

impl NotApplying {
    /// Says that `option` has no use with `subcommand`, and why.
    fn explain(self, option: &str, subcommand: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotApplying::OneRuleSet => write!(
                f,
                "{option} picks a year's Congo rules; {subcommand} has one rule set and takes none"
            ),
            NotApplying::NotAJudge => write!(
                f,
                "{option} widens what the judges read (lion, moves, perft, ...); {subcommand} is not one"
            ),
        }
    }
}

/// Says that `subcommand` needs one of `options`, or the one there is.
fn needs_one_of(subcommand: &str, options: &[&str], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match options.split_last() {
        Some((last, [])) => write!(f, "{subcommand} needs {last}"),
        Some((last, rest)) => {
            write!(f, "{subcommand} needs one of {} or {last}", rest.join(", "))
        }
        None => write!(f, "{subcommand} needs an option"),
    }
}

impl std::error::Error for UsageError {}
