//! Reading the command line into a [`Command`].

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use super::{hints, subcommands};
use crate::count::{DigitsError, Whole, parse_digits};
use crate::engine::{
    GameOptions, Limit, MatchOptions, OpeningOptions, ParseShardError, Shard, Sprt, TuneOptions,
    Weights,
};
use crate::grader::{CheckOptions, GenOptions, GradeOptions, ParsePieceSetError, PieceSet};
use crate::perft::Congo;
use crate::show::Selection;
use crate::tablebase::{Material, ParseMaterialError, TablesCommand};
use crate::tasks::wildebeest::Output as WildebeestOutput;
use crate::tasks::{Job, RecordView, ShowOptions};
use crate::wits::eval::Evaluation;
use crate::{FenError, Kind, ParseRulesError, Position, Reach, Rules};

/// The deepest perft, divide, search or engine depth accepted: deeper
/// would run for days, so a larger number is taken for a typing mistake.
pub const MAX_DEPTH: u32 = 20;

/// The most threads any subcommand starts: more is a typing mistake.
pub const MAX_THREADS: usize = 256;

/// The search depths the assignment sets.
const MINIMAX_DEPTH: u32 = 2;
const ALPHABETA_DEPTH: u32 = 4;

/// What the arguments ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Help,
    /// One subcommand's help, by its name.
    SubcommandHelp(&'static str),
    Version,
    /// A judge subcommand, how it reads positions (the rules, and
    /// whether any position that fits is accepted), and the one FEN given
    /// as an argument, if any.
    Judge(Congo, Job, Option<String>),
    Gen(GenOptions),
    Check(CheckOptions),
    Grade(GradeOptions),
    /// The protocol engine.
    Engine(EngineOptions),
    Match(MatchOptions),
    /// `openings`: a suite of balanced openings.
    Openings(OpeningOptions),
    /// `tune`: evaluation weights fitted to recorded games.
    Tune(TuneOptions),
    /// `match --merge`: the summary of records written by shards.
    Merge {
        records: Vec<PathBuf>,
        sprt: Option<Sprt>,
    },
    /// A game against a person at the terminal.
    Game(GameOptions),
    Wildebeest(WildebeestOutput),
    /// Building or checking endgame tables.
    Tables(TablesCommand),
}

/// Which engine `congo engine` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    pub rules: Rules,
    /// The assignment's plain depth-4 alpha-beta instead of the engine.
    pub weak: bool,
    pub weights: Weights,
    /// A folder of endgame tables to play from.
    pub tables: Option<PathBuf>,
    /// Search exactly this many nodes a move instead of by time.
    pub nodes: Option<u64>,
    /// Threads searching each move (lazy SMP).
    pub threads: usize,
}

/// Arguments that do not form a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageError {
    MissingSubcommand,
    UnknownSubcommand(String),
    UnknownOption(String),
    UnexpectedArgument(String),
    /// An option given twice.
    Repeated(&'static str),
    NotUtf8(String),
    MissingRules,
    BadRules(ParseRulesError),
    /// `--rules` given to a sibling game's subcommand.
    RulesDoNotApply(&'static str),
    /// `--any-position` given to a subcommand that reads no judge input.
    AnyPositionDoesNotApply(&'static str),
    MissingDepth(&'static str),
    BadDepth(String),
    DepthTooLarge(String),
    MissingValue(&'static str),
    BadNumber {
        option: &'static str,
        found: String,
    },
    /// A number too large for what it counts.
    TooLarge {
        option: &'static str,
        found: String,
        max: u64,
    },
    /// A value that is not a decimal number.
    BadReal {
        option: &'static str,
        found: String,
    },
    /// A probability not strictly between 0 and 1, as given.
    BadProbability(&'static str, String),
    /// SPRT bounds in the wrong order, as given.
    BadSprt(String, String),
    /// A subcommand run without an option it cannot do without.
    Required(&'static str, &'static str),
    /// Two options that each set the same thing.
    Exclusive(&'static str, &'static str),
    Zero(&'static str),
    EmptyPath(&'static str),
    BadFen {
        found: String,
        error: FenError,
    },
    BadPieceSet(ParsePieceSetError),
    MissingCount,
    MissingProgram,
    NotCheckable(String),
    MissingFiles,
    UnknownKind(String),
    BadColor(String),
    MissingEngines,
    BadWeight(String),
    BadMaterial(ParseMaterialError),
    BadShard(ParseShardError),
    /// `tb` without generate, probe or verify.
    MissingTablesAction,
    /// Another usage error, and what the person most likely meant.
    Hinted(Box<UsageError>, String),
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
            UsageError::MissingRules => f.write_str("--rules needs a rule set, 2021 or 2022"),
            UsageError::BadRules(error) => error.fmt(f),
            UsageError::RulesDoNotApply(name) => write!(
                f,
                "--rules picks a year's Congo rules; {name} has one rule set and takes none"
            ),
            UsageError::AnyPositionDoesNotApply(name) => write!(
                f,
                "{ANY_POSITION} widens what the judges read (lion, moves, perft, ...); {name} is not one"
            ),
            UsageError::MissingDepth(subcommand) => write!(f, "{subcommand} needs a depth"),
            UsageError::BadDepth(depth) => {
                write!(f, "depth {depth:?} is not a non-negative integer")
            }
            UsageError::DepthTooLarge(depth) => {
                write!(f, "depth {depth} is too deep, expected at most {MAX_DEPTH}")
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
            UsageError::BadProbability(option, value) => {
                write!(f, "{option} {value} is not a probability, expected more than 0 and less than 1")
            }
            UsageError::BadSprt(elo0, elo1) => write!(
                f,
                "--sprt {elo0} {elo1}: ELO1 must be larger than ELO0 (--sprt ELO0 ELO1)"
            ),
            UsageError::Required(subcommand, option) => {
                write!(f, "{subcommand} needs {option}")
            }
            UsageError::Exclusive(one, other) => {
                write!(f, "{one} and {other} cannot be given together; choose one")
            }
            UsageError::Zero(option) => write!(f, "{option} must be more than 0"),
            UsageError::EmptyPath(option) => write!(f, "{option} needs a path, found \"\""),
            UsageError::BadFen { found, error } => write!(f, "bad FEN {found:?}: {error}"),
            UsageError::BadPieceSet(error) => error.fmt(f),
            UsageError::MissingCount => f.write_str("gen needs the number of positions"),
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
            UsageError::MissingTablesAction => f.write_str(
                "tb needs what to do: generate DIR [MATERIAL...], probe DIR, summary DIR [MATERIAL...] or verify DIR [MATERIAL...]",
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

impl std::error::Error for UsageError {}

/// The words after the program name, read front to back.
///
/// `--name=value` reads as `--name value`; a word of `--` ends the options
/// (what follows is another program's command line and is left as it is).
pub(super) struct Args {
    words: VecDeque<OsString>,
    /// Options seen so far, to reject one given twice.
    seen: Vec<&'static str>,
}

impl Args {
    fn new(words: impl IntoIterator<Item = OsString>) -> Args {
        Args {
            words: words.into_iter().collect(),
            seen: Vec::new(),
        }
    }

    /// The next word, as text.
    fn next(&mut self) -> Result<Option<String>, UsageError> {
        let Some(word) = self.words.pop_front() else {
            return Ok(None);
        };
        let text = text(word)?;
        if text.starts_with("--")
            && let Some((name, value)) = text.split_once('=')
        {
            self.words.push_front(value.into());
            return Ok(Some(name.to_owned()));
        }
        Ok(Some(text))
    }

    /// Marks `option` seen; an error if it was already.
    fn once(&mut self, option: &'static str) -> Result<(), UsageError> {
        if self.seen.contains(&option) {
            return Err(UsageError::Repeated(option));
        }
        self.seen.push(option);
        Ok(())
    }

    /// The value after `option`, as it was given.
    fn raw_value(&mut self, option: &'static str) -> Result<OsString, UsageError> {
        self.once(option)?;
        self.words
            .pop_front()
            .ok_or(UsageError::MissingValue(option))
    }

    /// The value after `option`, as text.
    fn value(&mut self, option: &'static str) -> Result<String, UsageError> {
        text(self.raw_value(option)?)
    }

    /// The value after `option`, as a number.
    fn number<T: Whole>(&mut self, option: &'static str) -> Result<T, UsageError> {
        number(option, &self.value(option)?)
    }

    /// The value after `option`, as a path (never empty).
    fn path(&mut self, option: &'static str) -> Result<PathBuf, UsageError> {
        let path = self.raw_value(option)?;
        if path.is_empty() {
            return Err(UsageError::EmptyPath(option));
        }
        Ok(PathBuf::from(path))
    }

    /// The value after `option`, as a decimal number (an Elo difference).
    fn real(&mut self, option: &'static str) -> Result<f64, UsageError> {
        real(option, &self.value(option)?)
    }

    /// The value after `option`, as a probability strictly between 0 and 1.
    fn probability(&mut self, option: &'static str) -> Result<f64, UsageError> {
        let value = self.real(option)?;
        if value > 0.0 && value < 1.0 {
            Ok(value)
        } else {
            Err(UsageError::BadProbability(option, value.to_string()))
        }
    }

    /// The value after `option`, as a number more than 0.
    fn positive<T: Whole + Default + PartialEq>(
        &mut self,
        option: &'static str,
    ) -> Result<T, UsageError> {
        let value = self.number(option)?;
        if value == T::default() {
            return Err(UsageError::Zero(option));
        }
        Ok(value)
    }

    /// The value after `--movetime`: milliseconds, more than 0.
    fn movetime(&mut self) -> Result<Duration, UsageError> {
        self.positive("--movetime").map(Duration::from_millis)
    }

    /// The value after `--threads`: more than 0 and at most
    /// [`MAX_THREADS`].
    fn threads(&mut self) -> Result<usize, UsageError> {
        let threads: usize = self.positive("--threads")?;
        if threads > MAX_THREADS {
            return Err(UsageError::TooLarge {
                option: "--threads",
                found: threads.to_string(),
                max: MAX_THREADS as u64,
            });
        }
        Ok(threads)
    }

    /// The value after `match --movetime`: `MS` for both engines, or
    /// `MS_A,MS_B` for time odds.
    fn movetimes(&mut self) -> Result<[Duration; 2], UsageError> {
        let text = self.value("--movetime")?;
        let millis = |part: &str| match number::<u64>("--movetime", part)? {
            0 => Err(UsageError::Zero("--movetime")),
            ms => Ok(Duration::from_millis(ms)),
        };
        match text.split_once(',') {
            None => Ok([millis(&text)?; 2]),
            Some((a, b)) => Ok([millis(a)?, millis(b)?]),
        }
    }

    /// The two numbers after `--sprt`, and the error rates `--alpha` and
    /// `--beta` set later (0.05 until then).
    fn sprt(&mut self) -> Result<Sprt, UsageError> {
        let elo0 = self.real("--sprt")?;
        let elo1 = real(
            "--sprt",
            &text(
                self.words
                    .pop_front()
                    .ok_or(UsageError::MissingValue("--sprt"))?,
            )?,
        )?;
        if elo1 <= elo0 {
            return Err(UsageError::BadSprt(elo0.to_string(), elo1.to_string()));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The value after `option`, as a depth.
    fn depth(&mut self, option: &'static str) -> Result<u32, UsageError> {
        self.once(option)?;
        let word = self
            .words
            .pop_front()
            .ok_or(UsageError::MissingDepth(option))?;
        depth(&text(word)?)
    }

    /// The words left, as text.
    fn rest(&mut self) -> Result<Vec<String>, UsageError> {
        self.words.drain(..).map(text).collect()
    }
}

fn text(word: OsString) -> Result<String, UsageError> {
    word.into_string()
        .map_err(|word| UsageError::NotUtf8(word.to_string_lossy().into_owned()))
}

/// A decimal number, sign allowed, finite.
fn real(option: &'static str, text: &str) -> Result<f64, UsageError> {
    text.parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
        .ok_or_else(|| UsageError::BadReal {
            option,
            found: text.to_owned(),
        })
}

/// A number written in digits only: no sign, no blanks.
fn number<T: Whole>(option: &'static str, text: &str) -> Result<T, UsageError> {
    let found = text.to_owned();
    parse_digits(text).map_err(|error| match error {
        DigitsError::NotDigits => UsageError::BadNumber { option, found },
        DigitsError::TooLarge(max) => UsageError::TooLarge { option, found, max },
    })
}

fn depth(text: &str) -> Result<u32, UsageError> {
    match parse_digits::<u32>(text) {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        Ok(_) | Err(DigitsError::TooLarge(_)) => Err(UsageError::DepthTooLarge(text.to_owned())),
        Err(DigitsError::NotDigits) => Err(UsageError::BadDepth(text.to_owned())),
    }
}

/// Whether a word asks for help.
fn is_help(word: &OsStr) -> bool {
    word == "-h" || word == "--help"
}

/// Reads the arguments that follow the program name.
pub fn parse(words: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let mut args = Args::new(words);
    let mut rules = None;
    let subcommand = loop {
        let arg = args.next()?.ok_or(UsageError::MissingSubcommand)?;
        match arg.as_str() {
            // `congo help lion` is `congo lion --help`.
            "help" => {
                return Ok(
                    match args.next()?.and_then(|name| subcommands::find(&name)) {
                        Some(entry) => Command::SubcommandHelp(entry.name),
                        None => Command::Help,
                    },
                );
            }
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--rules" if rules.is_some() => return Err(UsageError::Repeated("--rules")),
            "--rules" => rules = Some(rules_value(&mut args)?),
            ANY_POSITION => args.once(ANY_POSITION)?,
            option if option.starts_with('-') => {
                let hint = hints::closest(option, hints::GLOBAL_OPTIONS);
                let error = UsageError::UnknownOption(arg.clone());
                return Err(match hint {
                    Some(option) => {
                        UsageError::Hinted(Box::new(error), format!("did you mean {option}?"))
                    }
                    None => error,
                });
            }
            _ => break arg,
        }
    };
    let entry = subcommands::find(&subcommand).ok_or_else(|| {
        let error = UsageError::UnknownSubcommand(subcommand.clone());
        match hints::subcommand_for(&subcommand) {
            Some(name) => UsageError::Hinted(Box::new(error), format!("did you mean {name}?")),
            None => error,
        }
    })?;
    // Help wins over everything else before a `--`.
    if args
        .words
        .iter()
        .take_while(|word| *word != "--")
        .any(|word| is_help(word))
    {
        return Ok(Command::SubcommandHelp(entry.name));
    }
    // `--rules` may also follow the subcommand, before any `--`.
    let mut words = Vec::new();
    while let Some(word) = args.words.pop_front() {
        if word == "--" {
            words.push(word);
            words.extend(args.words.drain(..));
            break;
        }
        if word == ANY_POSITION {
            args.once(ANY_POSITION)?;
            continue;
        }
        let inline = word
            .as_encoded_bytes()
            .strip_prefix(b"--rules=")
            .map(<[u8]>::to_vec);
        if word != "--rules" && inline.is_none() {
            words.push(word);
            continue;
        }
        if rules.is_some() {
            return Err(UsageError::Repeated("--rules"));
        }
        if let Some(name) = inline {
            args.words
                .push_front(OsString::from(String::from_utf8_lossy(&name).into_owned()));
        }
        rules = Some(rules_value(&mut args)?);
    }
    if rules.is_some() && !entry.rules {
        return Err(UsageError::RulesDoNotApply(entry.name));
    }
    let texts: Vec<String> = words
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let any_position = args.seen.contains(&ANY_POSITION);
    let mut subcommand_args = Args::new(words);
    if any_position {
        // Marked seen, so that the readers check a FEN argument as the
        // judge will read it.
        subcommand_args.seen.push(ANY_POSITION);
    }
    let command = (entry.read)(subcommand_args, rules.unwrap_or_default()).map_err(|error| {
        let word = match &error {
            UsageError::UnexpectedArgument(word) | UsageError::UnknownOption(word) => word,
            UsageError::BadFen { found, .. } => found,
            _ => return error,
        };
        let at = texts
            .iter()
            .position(|text| text == word)
            .map_or(texts.len(), |at| at + 1);
        match hints::for_argument(entry, word, &texts[at..]) {
            Some(hint) => UsageError::Hinted(Box::new(error), hint),
            None => error,
        }
    })?;
    match command {
        Command::Judge(game, job, fen) if any_position => {
            let game = Congo {
                reach: Reach::Any,
                ..game
            };
            Ok(Command::Judge(game, job, fen))
        }
        _ if any_position => Err(UsageError::AnyPositionDoesNotApply(entry.name)),
        command => Ok(command),
    }
}

/// The option that lets a judge read any position whose pieces fit.
pub const ANY_POSITION: &str = "--any-position";

fn rules_value(args: &mut Args) -> Result<Rules, UsageError> {
    let name = args.words.pop_front().ok_or(UsageError::MissingRules)?;
    text(name)?.parse().map_err(UsageError::BadRules)
}

/// Reads a judge subcommand's options: each word that looks like one goes
/// to `option`, which says whether it knew it; where `takes_fen`, one FEN
/// may stand for the input, and it is returned.
fn judge_options(
    args: &mut Args,
    takes_fen: bool,
    mut option: impl FnMut(&str, &mut Args) -> Result<bool, UsageError>,
) -> Result<Option<String>, UsageError> {
    let mut fen = None;
    while let Some(word) = args.next()? {
        if word.starts_with('-') && word.len() > 1 {
            if !option(&word, args)? {
                return Err(UsageError::UnexpectedArgument(word));
            }
        } else if takes_fen && fen.is_none() {
            // Checked as the judge will read it; the rules come later.
            let reach = if args.seen.contains(&ANY_POSITION) {
                Reach::Any
            } else {
                Reach::Game
            };
            Position::from_fen_bytes_reaching(word.as_bytes(), Rules::default(), reach).map_err(
                |error| UsageError::BadFen {
                    found: word.clone(),
                    error,
                },
            )?;
            fen = Some(word);
        } else {
            return Err(UsageError::UnexpectedArgument(word));
        }
    }
    Ok(fen)
}

/// The options of a judge subcommand whose one option is `name`, its value
/// read by `read`: that value, if the option was given.
fn single_option<T>(
    args: &mut Args,
    name: &'static str,
    mut read: impl FnMut(&mut Args) -> Result<T, UsageError>,
) -> Result<Option<T>, UsageError> {
    let mut value = None;
    judge_options(args, false, |option, args| {
        if option != name {
            return Ok(false);
        }
        value = Some(read(args)?);
        Ok(true)
    })?;
    Ok(value)
}

/// A judge subcommand that takes no arguments.
fn plain(job: Job, mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    judge_options(&mut args, false, |_, _| Ok(false))?;
    Ok(Command::Judge(rules.into(), job, None))
}

/// `board`.
pub(super) fn board(args: Args, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Board, args, rules)
}

/// `lion`, `zebra` and the other pieces.
pub(super) fn piece(kind: Kind, args: Args, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::PieceMoves(kind), args, rules)
}

/// `moves [FEN]`.
pub(super) fn moves(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let fen = judge_options(&mut args, true, |_, _| Ok(false))?;
    Ok(Command::Judge(rules.into(), Job::Moves, fen))
}

/// `play`.
pub(super) fn play(args: Args, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Play, args, rules)
}

/// `perft D [--threads N]`.
pub(super) fn perft(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let depth = args.depth("perft")?;
    let threads = single_option(&mut args, "--threads", |args| args.threads())?;
    Ok(Command::Judge(
        rules.into(),
        Job::Perft(depth, threads.unwrap_or(1)),
        None,
    ))
}

/// `divide D`.
pub(super) fn divide(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let depth = args.depth("divide")?;
    plain(Job::Divide(depth), args, rules)
}

/// `material`.
pub(super) fn material(args: Args, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Evaluate(Evaluation::Material), args, rules)
}

/// `evaluate`.
pub(super) fn evaluate(args: Args, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Evaluate(Evaluation::Advanced), args, rules)
}

/// A search subcommand: `--depth D` instead of the assignment's depth.
fn search(
    evaluation: Evaluation,
    assignment_depth: u32,
    mut args: Args,
    rules: Rules,
) -> Result<Command, UsageError> {
    let depth = single_option(&mut args, "--depth", |args| args.depth("--depth"))?;
    Ok(Command::Judge(
        rules.into(),
        Job::Search(evaluation, depth.unwrap_or(assignment_depth)),
        None,
    ))
}

/// `minimax [--depth D]`.
pub(super) fn minimax(args: Args, rules: Rules) -> Result<Command, UsageError> {
    search(Evaluation::Material, MINIMAX_DEPTH, args, rules)
}

/// `alphabeta [--depth D]`.
pub(super) fn alphabeta(args: Args, rules: Rules) -> Result<Command, UsageError> {
    search(Evaluation::Advanced, ALPHABETA_DEPTH, args, rules)
}

/// The options of a game's move lists: `[--perft D]`, a count instead.
fn perft_option(args: &mut Args) -> Result<Option<u32>, UsageError> {
    single_option(args, "--perft", |args| args.depth("--perft"))
}

/// `checkers [--perft D]`.
pub(super) fn checkers(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let perft = perft_option(&mut args)?;
    Ok(Command::Judge(rules.into(), Job::Checkers(perft), None))
}

/// `show [--unicode] [--moves KIND|all] [--svg DIR [--force]] [FEN]`.
pub(super) fn show(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let mut options = ShowOptions::default();
    let fen = judge_options(&mut args, true, |option, args| {
        match option {
            "--unicode" => {
                args.once("--unicode")?;
                options.style.unicode = true;
            }
            "--force" => {
                args.once("--force")?;
                options.force = true;
            }
            "--moves" => {
                let name = args.value("--moves")?;
                options.selection = Some(match name.as_str() {
                    "all" => Selection::All,
                    _ => Selection::Kind(
                        Kind::from_name(&name).ok_or(UsageError::UnknownKind(name))?,
                    ),
                });
            }
            "--record" => {
                let path = args.path("--record")?;
                record_view(&mut options).path = path;
            }
            "--game" => {
                let game = args.positive("--game")?;
                record_view(&mut options).game = game;
            }
            "--ply" => {
                let ply = args.number("--ply")?;
                record_view(&mut options).ply = Some(ply);
            }
            "--svg" => {
                let dir = args.raw_value("--svg")?;
                if dir.is_empty() {
                    return Err(UsageError::EmptyPath("--svg"));
                }
                options.svg_dir = Some(PathBuf::from(dir));
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    if options
        .record
        .as_ref()
        .is_some_and(|view| view.path.as_os_str().is_empty())
    {
        return Err(UsageError::Required(
            "show --game and --ply",
            "--record FILE",
        ));
    }
    Ok(Command::Judge(rules.into(), Job::Show(options), fen))
}

/// The record view `--game` and `--ply` set, made if `--record` has not
/// come yet (its path is filled in then, and checked at the end).
fn record_view(options: &mut ShowOptions) -> &mut RecordView {
    options.record.get_or_insert(RecordView {
        path: PathBuf::new(),
        game: 1,
        ply: None,
    })
}

/// `best --depth D | --movetime MS | --nodes N [--tb DIR] [FEN]`.
pub(super) fn best(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    const LIMITS: [&str; 3] = ["--depth", "--movetime", "--nodes"];
    let mut limit: Option<(&'static str, Limit)> = None;
    let mut tables = None;
    let mut threads = 1;
    let fen = judge_options(&mut args, true, |option, args| {
        let chosen = match option {
            "--threads" => {
                threads = args.threads()?;
                return Ok(true);
            }
            "--depth" => ("--depth", Limit::Depth(args.depth("--depth")?)),
            "--movetime" => ("--movetime", Limit::Time(args.movetime()?)),
            "--nodes" => ("--nodes", Limit::Nodes(args.positive("--nodes")?)),
            "--tb" => {
                tables = Some(args.path("--tb")?);
                return Ok(true);
            }
            _ => return Ok(false),
        };
        if let Some((earlier, _)) = limit.replace(chosen) {
            let mut both = [earlier, chosen.0];
            both.sort_by_key(|name| LIMITS.iter().position(|limit| limit == name));
            return Err(UsageError::Exclusive(both[0], both[1]));
        }
        Ok(true)
    })?;
    let (_, limit) = limit.ok_or(UsageError::MissingValue(
        "best --depth, --movetime or --nodes",
    ))?;
    Ok(Command::Judge(
        rules.into(),
        Job::Best(limit, tables, threads),
        fen,
    ))
}

/// `engine [--weak] [--weight NAME=VALUE]...`.
pub(super) fn engine(mut args: Args, rules: Rules) -> Result<EngineOptions, UsageError> {
    let mut options = EngineOptions {
        rules,
        weak: false,
        weights: Weights::TUNED,
        tables: None,
        nodes: None,
        threads: 1,
    };
    while let Some(option) = args.next()? {
        match option.as_str() {
            "--tb" => options.tables = Some(args.path("--tb")?),
            "--nodes" => options.nodes = Some(args.positive("--nodes")?),
            "--threads" => options.threads = args.threads()?,
            "--weak" => {
                args.once("--weak")?;
                options.weak = true;
            }
            "--weight" => {
                // Several weights may be set, each once.
                let setting = text(
                    args.words
                        .pop_front()
                        .ok_or(UsageError::MissingValue("--weight"))?,
                )?;
                let bad = || UsageError::BadWeight(setting.clone());
                let (name, value) = setting.split_once('=').ok_or_else(bad)?;
                let value: i32 = value.parse().map_err(|_| bad())?;
                if !options.weights.set(name, value) {
                    return Err(bad());
                }
            }
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(options)
}

/// `match ... -- A [ARGS] -- B [ARGS]`, or `match --merge RECORD...`.
pub(super) fn match_command(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    if args.words.front().is_some_and(|word| word == "--merge") {
        args.words.pop_front();
        return merge(args);
    }
    match_engines(args, rules).map(Command::Match)
}

/// `match --merge RECORD... [--sprt ELO0 ELO1 [--alpha A] [--beta B]]`.
fn merge(mut args: Args) -> Result<Command, UsageError> {
    let mut records = Vec::new();
    let mut sprt = None;
    let (mut alpha, mut beta) = (0.05, 0.05);
    while let Some(word) = args.next()? {
        match word.as_str() {
            "--sprt" => sprt = Some(args.sprt()?),
            "--alpha" => alpha = args.probability("--alpha")?,
            "--beta" => beta = args.probability("--beta")?,
            _ if word.starts_with("--") => return Err(UsageError::UnknownOption(word)),
            _ => records.push(PathBuf::from(word)),
        }
    }
    if records.is_empty() {
        return Err(UsageError::Required("match --merge", "a record file"));
    }
    if let Some(sprt) = &mut sprt {
        sprt.alpha = alpha;
        sprt.beta = beta;
    }
    Ok(Command::Merge { records, sprt })
}

/// `match --games N --movetime MS [--fen FEN] [--opening-plies K] [--seed S]
/// [--go-seconds] -- A [ARGS] -- B [ARGS]`.
fn match_engines(mut args: Args, rules: Rules) -> Result<MatchOptions, UsageError> {
    let mut options = MatchOptions {
        games: 2,
        // Required: set from --movetime once all options are read.
        movetime: [Duration::ZERO; 2],
        fen: crate::engine::START.to_owned(),
        rules,
        opening_plies: 2,
        seed: 1,
        go_seconds: false,
        tables: None,
        sprt: None,
        concurrency: 1,
        openings: None,
        record: None,
        shard: Shard::ALL,
        engines: [Vec::new(), Vec::new()],
    };
    let mut movetime = None;
    let mut opening_plies = None;
    let (mut alpha, mut beta) = (0.05, 0.05);
    loop {
        let option = args.next()?.ok_or(UsageError::MissingEngines)?;
        match option.as_str() {
            "--" => break,
            "--games" => options.games = args.positive("--games")?,
            "--concurrency" => options.concurrency = args.positive("--concurrency")?,
            "--openings" => options.openings = Some(args.path("--openings")?),
            "--record" => options.record = Some(args.path("--record")?),
            "--tb" => options.tables = Some(args.path("--tb")?),
            "--movetime" => movetime = Some(args.movetimes()?),
            "--shard" => {
                let text = args.value("--shard")?;
                options.shard = text.parse().map_err(UsageError::BadShard)?;
            }
            "--sprt" => options.sprt = Some(args.sprt()?),
            "--alpha" => alpha = args.probability("--alpha")?,
            "--beta" => beta = args.probability("--beta")?,
            "--fen" => {
                let fen = args.value("--fen")?;
                Position::from_fen(&fen, rules).map_err(|error| UsageError::BadFen {
                    found: fen.clone(),
                    error,
                })?;
                options.fen = fen;
            }
            "--opening-plies" => opening_plies = Some(args.number("--opening-plies")?),
            "--seed" => options.seed = args.number("--seed")?,
            "--go-seconds" => {
                args.once("--go-seconds")?;
                options.go_seconds = true;
            }
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    let rest = args.rest()?;
    let mut commands = rest.split(|word| word == "--");
    match (commands.next(), commands.next(), commands.next()) {
        (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty() => {
            options.engines = [a.to_vec(), b.to_vec()];
        }
        _ => return Err(UsageError::MissingEngines),
    }
    options.movetime = movetime.ok_or(UsageError::Required("match", "--movetime MS"))?;
    if options.shard.is_part() && options.record.is_none() {
        // A shard's games are only of use merged with the others'.
        return Err(UsageError::Required("match --shard", "--record FILE"));
    }
    // Openings from a file are played as they are, unless asked otherwise.
    let default_plies = if options.openings.is_some() { 0 } else { 2 };
    options.opening_plies = opening_plies.unwrap_or(default_plies);
    if let Some(sprt) = &mut options.sprt {
        sprt.alpha = alpha;
        sprt.beta = beta;
    }
    Ok(options)
}

/// `openings N [--fen FEN] [--plies K] [--depth D] [--margin CP] [--seed S]`.
pub(super) fn openings(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let count = args
        .next()?
        .ok_or(UsageError::Required("openings", "a count"))?;
    let mut options = OpeningOptions {
        count: number("openings", &count)?,
        start: Position::from_fen(crate::engine::START, rules).map_err(|error| {
            UsageError::BadFen {
                found: crate::engine::START.to_owned(),
                error,
            }
        })?,
        rules,
        plies: 8,
        depth: 4,
        margin: 100,
        seed: 1,
    };
    while let Some(option) = args.next()? {
        match option.as_str() {
            "--fen" => {
                let fen = args.value("--fen")?;
                options.start = Position::from_fen(&fen, rules)
                    .map_err(|error| UsageError::BadFen { found: fen, error })?;
            }
            "--plies" => options.plies = args.number("--plies")?,
            "--depth" => options.depth = args.depth("--depth")?,
            "--margin" => options.margin = args.number::<u16>("--margin")?.into(),
            "--seed" => options.seed = args.number("--seed")?,
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(Command::Openings(options))
}

/// `tune RECORD... [--skip-plies K] [--passes P]`.
pub(super) fn tune(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let mut options = TuneOptions {
        records: Vec::new(),
        rules,
        skip_plies: 8,
        passes: 200,
    };
    while let Some(word) = args.next()? {
        match word.as_str() {
            "--skip-plies" => options.skip_plies = args.number("--skip-plies")?,
            "--passes" => options.passes = args.positive("--passes")?,
            _ if word.starts_with("--") => return Err(UsageError::UnknownOption(word)),
            _ => options.records.push(PathBuf::from(word)),
        }
    }
    if options.records.is_empty() {
        return Err(UsageError::Required("tune", "a record file"));
    }
    Ok(Command::Tune(options))
}

/// `game [--fen FEN] [--color white|black] [--movetime MS] [--ascii]`.
pub(super) fn game(mut args: Args, rules: Rules) -> Result<GameOptions, UsageError> {
    let mut options = GameOptions {
        start: crate::engine::START
            .parse()
            .map_err(|error| UsageError::BadFen {
                found: crate::engine::START.to_owned(),
                error,
            })?,
        rules,
        color: crate::Color::White,
        movetime: Duration::from_millis(1000),
        style: crate::show::Style {
            unicode: true,
            ..Default::default()
        },
        tables: None,
    };
    while let Some(option) = args.next()? {
        match option.as_str() {
            "--fen" => {
                let fen = args.value("--fen")?;
                options.start =
                    Position::from_fen(&fen, rules).map_err(|error| UsageError::BadFen {
                        found: fen.clone(),
                        error,
                    })?;
            }
            "--color" | "--colour" => {
                let name = args.value("--color")?;
                options.color = match name.as_str() {
                    "white" | "w" => crate::Color::White,
                    "black" | "b" => crate::Color::Black,
                    _ => return Err(UsageError::BadColor(name)),
                };
            }
            "--movetime" => options.movetime = args.movetime()?,
            "--tb" => options.tables = Some(args.path("--tb")?),
            "--ascii" => {
                args.once("--ascii")?;
                options.style.unicode = false;
            }
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(options)
}

/// `wildebeest [--force | --stdout | --perft D]` for a board file, or
/// `wildebeest --lines [--perft D]` for boards on lines.
pub(super) fn wildebeest(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let output = match args.next()?.as_deref() {
        None => WildebeestOutput::Files { force: false },
        Some("--lines") => {
            let perft = perft_option(&mut args)?;
            return Ok(Command::Judge(rules.into(), Job::Wildebeest(perft), None));
        }
        Some("--force") => WildebeestOutput::Files { force: true },
        Some("--stdout") => WildebeestOutput::Lines,
        Some("--perft") => WildebeestOutput::Perft(args.depth("--perft")?),
        Some(other) => return Err(UsageError::UnexpectedArgument(other.to_owned())),
    };
    match args.next()? {
        Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
        None => Ok(Command::Wildebeest(output)),
    }
}

/// `gen N [--seed S] [--pieces SET] [--density D]`.
pub(super) fn gen_positions(mut args: Args) -> Result<GenOptions, UsageError> {
    let count = args.next()?.ok_or(UsageError::MissingCount)?;
    let mut options = GenOptions {
        count: number("gen", &count)?,
        seed: None,
        pieces: PieceSet::Wits2022,
        density: 30,
    };
    while let Some(option) = args.next()? {
        match option.as_str() {
            "--seed" => options.seed = Some(args.number("--seed")?),
            "--density" => {
                let density: u64 = args.number("--density")?;
                if density > 100 {
                    return Err(UsageError::TooLarge {
                        option: "--density",
                        found: density.to_string(),
                        max: 100,
                    });
                }
                options.density = density;
            }
            "--pieces" => {
                options.pieces = args
                    .value("--pieces")?
                    .parse()
                    .map_err(UsageError::BadPieceSet)?;
            }
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(options)
}

/// `tb generate DIR [MATERIAL...] [--threads N]`, `tb probe DIR`,
/// `tb summary DIR [MATERIAL...]`, `tb verify DIR [MATERIAL...]`.
pub(super) fn tables(mut args: Args, rules: Rules) -> Result<Command, UsageError> {
    let action = args.next()?.ok_or(UsageError::MissingTablesAction)?;
    if !matches!(action.as_str(), "generate" | "probe" | "summary" | "verify") {
        return Err(UsageError::UnexpectedArgument(action));
    }
    let dir = args.raw_value("tb DIR")?;
    if dir.is_empty() {
        return Err(UsageError::EmptyPath("tb DIR"));
    }
    let dir = PathBuf::from(dir);
    if action == "probe" {
        if let Some(extra) = args.next()? {
            return Err(UsageError::UnexpectedArgument(extra));
        }
        return Ok(Command::Judge(rules.into(), Job::Probe(dir), None));
    }
    let mut materials = Vec::new();
    let mut threads = std::thread::available_parallelism().map_or(1, usize::from);
    while let Some(word) = args.next()? {
        match word.as_str() {
            "--threads" if action == "generate" => threads = args.threads()?,
            _ => materials.push(word.parse::<Material>().map_err(UsageError::BadMaterial)?),
        }
    }
    Ok(Command::Tables(match action.as_str() {
        "generate" => TablesCommand::Generate {
            dir,
            materials,
            rules,
            threads,
        },
        "summary" => TablesCommand::Summary {
            dir,
            materials,
            rules,
        },
        _ => TablesCommand::Verify {
            dir,
            materials,
            rules,
        },
    }))
}

/// `grade [--ignore-space] SUBCOMMAND [ARGS] INPUT OUTPUT...`: the
/// subcommand takes as many words as it can while two are left for the files.
pub(super) fn grade(mut args: Args, rules: Rules) -> Result<GradeOptions, UsageError> {
    const IGNORE_SPACE: &str = "--ignore-space";
    let mut words = args.rest()?;
    let before = words.len();
    words.retain(|word| word != IGNORE_SPACE);
    if before - words.len() > 1 {
        return Err(UsageError::Repeated(IGNORE_SPACE));
    }
    let ignore_space = words.len() < before;
    let (subcommand, job, files) = (1..words.len().saturating_sub(1))
        .rev()
        .find_map(|split| {
            let (subcommand, files) = words.split_at(split);
            match parse(subcommand.iter().map(OsString::from)) {
                // Every judge subcommand, but no drawings written to files.
                Ok(Command::Judge(_, job, None))
                    if !matches!(&job, Job::Show(options) if options.svg_dir.is_some()) =>
                {
                    Some((subcommand.to_vec(), job, files))
                }
                _ => None,
            }
        })
        .ok_or(UsageError::MissingFiles)?;
    let (input, outputs) = files.split_first().ok_or(UsageError::MissingFiles)?;
    Ok(GradeOptions {
        rules,
        subcommand,
        job,
        input: PathBuf::from(input),
        outputs: outputs.iter().map(PathBuf::from).collect(),
        ignore_space,
    })
}

/// `check SUBCOMMAND [ARGS] [--positions N] [--seed S] [--timeout-ms T] -- PROGRAM [ARGS...]`.
pub(super) fn check(mut args: Args, rules: Rules) -> Result<CheckOptions, UsageError> {
    let mut subcommand = Vec::new();
    let mut positions: u64 = 1000;
    let mut seed = None;
    let mut input = None;
    let mut timeout_ms: u64 = 10_000;
    loop {
        let word = args.next()?.ok_or(UsageError::MissingProgram)?;
        match word.as_str() {
            "--" => break,
            "--positions" => positions = args.positive("--positions")?,
            "--input" => {
                let path = args.raw_value("--input")?;
                if path.is_empty() {
                    return Err(UsageError::EmptyPath("--input"));
                }
                input = Some(PathBuf::from(path));
            }
            "--seed" => seed = Some(args.number("--seed")?),
            "--timeout-ms" => timeout_ms = args.positive("--timeout-ms")?,
            _ => subcommand.push(word),
        }
    }
    let program = args.rest()?;
    if program.is_empty() {
        return Err(UsageError::MissingProgram);
    }
    let job = match parse(subcommand.iter().map(OsString::from)) {
        Ok(Command::Judge(_, job, None))
            if !matches!(
                job,
                Job::Checkers(_) | Job::Wildebeest(_) | Job::Show(_) | Job::Best(..)
            ) =>
        {
            job
        }
        _ => return Err(UsageError::NotCheckable(subcommand.join(" "))),
    };
    Ok(CheckOptions {
        rules,
        subcommand,
        job,
        positions,
        seed,
        input,
        timeout: Duration::from_millis(timeout_ms),
        program,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(words: &[&str]) -> Result<Command, UsageError> {
        parse(words.iter().map(OsString::from))
    }

    fn judge(rules: Rules, job: Job) -> Result<Command, UsageError> {
        Ok(Command::Judge(rules.into(), job, None))
    }

    #[test]
    fn subcommands() {
        let default = Rules::default();
        assert_eq!(parse_words(&["board"]), judge(default, Job::Board));
        assert_eq!(
            parse_words(&["lion"]),
            judge(default, Job::PieceMoves(Kind::Lion))
        );
        assert_eq!(
            parse_words(&["perft", "4"]),
            judge(default, Job::Perft(4, 1))
        );
        assert_eq!(
            parse_words(&["perft", "4", "--threads", "2"]),
            judge(default, Job::Perft(4, 2))
        );
        assert_eq!(
            parse_words(&["alphabeta", "--depth=3"]),
            judge(default, Job::Search(Evaluation::Advanced, 3))
        );
        assert_eq!(
            parse_words(&["best", "--movetime", "50"]),
            judge(
                default,
                Job::Best(Limit::Time(Duration::from_millis(50)), None, 1)
            )
        );
        assert_eq!(parse_words(&["--help"]), Ok(Command::Help));
        assert_eq!(parse_words(&["-V"]), Ok(Command::Version));
    }

    #[test]
    fn every_subcommand_has_its_own_help() {
        for subcommand in subcommands::SUBCOMMANDS {
            for flag in ["--help", "-h"] {
                assert_eq!(
                    parse_words(&[subcommand.name, flag]),
                    Ok(Command::SubcommandHelp(subcommand.name)),
                );
            }
        }
        // Even after words that would be errors, but not in another
        // program's command line.
        assert_eq!(
            parse_words(&["gen", "--help"]),
            Ok(Command::SubcommandHelp("gen"))
        );
        assert!(matches!(
            parse_words(&["check", "lion", "--", "prog", "--help"]),
            Ok(Command::Check(_))
        ));
    }

    #[test]
    fn rules_come_before_or_after_the_subcommand_once() {
        assert_eq!(
            parse_words(&["--rules", "2021", "play"]),
            judge(Rules::Wits2021, Job::Play)
        );
        assert_eq!(
            parse_words(&["play", "--rules=2021"]),
            judge(Rules::Wits2021, Job::Play)
        );
        assert_eq!(
            parse_words(&["--rules", "2021", "play", "--rules", "2021"]),
            Err(UsageError::Repeated("--rules"))
        );
        let Ok(Command::Match(options)) = parse_words(&[
            "match",
            "--rules",
            "2021",
            "--movetime",
            "9",
            "--",
            "a",
            "--",
            "b",
        ]) else {
            panic!("a match");
        };
        assert_eq!(options.rules, Rules::Wits2021);
        assert_eq!(parse_words(&["--rules"]), Err(UsageError::MissingRules));
    }

    #[test]
    fn numbers_are_digits_only_and_options_come_once() {
        assert_eq!(
            parse_words(&["gen", "+5"]),
            Err(UsageError::BadNumber {
                option: "gen",
                found: "+5".into()
            })
        );
        assert_eq!(
            parse_words(&["perft", "+3"]),
            Err(UsageError::BadDepth("+3".into()))
        );
        assert_eq!(
            parse_words(&["gen", "5", "--seed", "1", "--seed", "2"]),
            Err(UsageError::Repeated("--seed"))
        );
        assert_eq!(
            parse_words(&["show", "--unicode", "--unicode"]),
            Err(UsageError::Repeated("--unicode"))
        );
        assert_eq!(
            parse_words(&["engine", "--weak", "--weak"]),
            Err(UsageError::Repeated("--weak"))
        );
    }

    #[test]
    fn limits() {
        assert_eq!(
            parse_words(&["perft", "21"]),
            Err(UsageError::DepthTooLarge("21".into()))
        );
        assert_eq!(
            parse_words(&["perft", "20"]),
            judge(Rules::default(), Job::Perft(20, 1))
        );
        for words in [
            &["divide", "99"][..],
            &["minimax", "--depth", "4000000000"],
            &["best", "--depth", "64"],
            &["checkers", "--perft", "30"],
            &["wildebeest", "--perft", "25"],
        ] {
            assert!(
                matches!(parse_words(words), Err(UsageError::DepthTooLarge(_))),
                "{words:?}"
            );
        }
        assert_eq!(
            parse_words(&["match", "--movetime", "0", "--", "a", "--", "b"]),
            Err(UsageError::Zero("--movetime"))
        );
        assert_eq!(
            parse_words(&["show", "--svg", ""]),
            Err(UsageError::EmptyPath("--svg"))
        );
        assert!(matches!(
            parse_words(&["match", "--fen", "7/7/7/7/7/7/8 w 0", "--", "a", "--", "b"]),
            Err(UsageError::BadFen { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn an_svg_folder_need_not_be_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let dir = OsString::from_vec(b"pictures-\xff".to_vec());
        let words = [OsString::from("show"), "--svg".into(), dir.clone()];
        let Ok(Command::Judge(_, Job::Show(options), None)) = parse(words) else {
            panic!("a show command");
        };
        assert_eq!(options.svg_dir, Some(PathBuf::from(dir)));
    }

    #[test]
    fn a_fen_argument_stands_for_the_input() {
        let fen = "3l3/7/7/7/7/7/3L3 w 1";
        assert_eq!(
            parse_words(&["moves", fen]),
            Ok(Command::Judge(
                Congo::default(),
                Job::Moves,
                Some(fen.into())
            ))
        );
        assert!(matches!(
            parse_words(&["moves", "3l3/7 w 1"]),
            Err(UsageError::BadFen { .. })
        ));
        assert_eq!(
            parse_words(&["lion", fen]),
            Err(UsageError::UnexpectedArgument(fen.into()))
        );
    }
}
