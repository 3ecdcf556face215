//! Reading the command line into a [`Command`].

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use super::hints;
use super::options::*;
use super::options::{self, Opt, Parsed, text};
use super::subcommands::{self, Subcommand};
use crate::count::Whole;
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
const MINIMAX_PLIES: u32 = 2;
const ALPHABETA_PLIES: u32 = 4;

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
    /// What a draw costs the engine, in centipawns.
    pub contempt: i32,
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
    BadRules(ParseRulesError),
    /// `--rules` given to a sibling game's subcommand.
    RulesDoNotApply(&'static str),
    /// `--any-position` given to a subcommand that reads no judge input.
    AnyPositionDoesNotApply(&'static str),
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
    /// A number below the least its option takes.
    TooSmall {
        option: &'static str,
        min: u64,
    },
    /// None of a subcommand's choices, which it needs one of.
    Choose(&'static str, Vec<&'static str>),
    EmptyPath(&'static str),
    BadFen {
        found: String,
        error: FenError,
    },
    BadPieceSet(ParsePieceSetError),
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
            UsageError::BadRules(error) => error.fmt(f),
            UsageError::RulesDoNotApply(name) => write!(
                f,
                "--rules picks a year's Congo rules; {name} has one rule set and takes none"
            ),
            UsageError::AnyPositionDoesNotApply(name) => write!(
                f,
                "{} widens what the judges read (lion, moves, perft, ...); {name} is not one",
                ANY_POSITION.name
            ),
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
            UsageError::TooSmall { option, min: 1 } => write!(f, "{option} must be more than 0"),
            UsageError::TooSmall { option, min } => write!(f, "{option} must be at least {min}"),
            UsageError::Choose(subcommand, options) => match options.split_last() {
                Some((last, [])) => write!(f, "{subcommand} needs {last}"),
                Some((last, rest)) => {
                    write!(f, "{subcommand} needs one of {} or {last}", rest.join(", "))
                }
                None => write!(f, "{subcommand} needs an option"),
            },
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

/// Whether a word asks for help.
fn is_help(word: &OsStr) -> bool {
    word.to_str().is_some_and(|word| HELP.is(word))
}

/// Reads the arguments that follow the program name.
pub fn parse(words: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let mut words: VecDeque<OsString> = words.into_iter().collect();
    // The options before the subcommand are global ones.
    let mut leading = Vec::new();
    let name = loop {
        let word = text(words.pop_front().ok_or(UsageError::MissingSubcommand)?)?;
        let option = word.split('=').next().unwrap_or(&word);
        if HELP.is(option) {
            return Ok(Command::Help);
        }
        if VERSION.is(option) {
            return Ok(Command::Version);
        }
        match GLOBAL.iter().find(|global| global.is(option)) {
            Some(global) => {
                let inline = word.contains('=');
                leading.push(OsString::from(word));
                if global.value != Value::Flag && !inline {
                    leading.push(
                        words
                            .pop_front()
                            .ok_or(UsageError::MissingValue(global.name))?,
                    );
                }
            }
            None if word.starts_with('-') => return Err(options::unknown_option(option, &[])),
            None => break word,
        }
    };
    // `congo help lion` is `congo lion --help`.
    if name == "help" {
        let entry = words
            .front()
            .and_then(|word| subcommands::find(&word.to_string_lossy()));
        return Ok(entry.map_or(Command::Help, |entry| Command::SubcommandHelp(entry.name)));
    }
    let entry = subcommands::find(&name).ok_or_else(|| {
        let error = UsageError::UnknownSubcommand(name.clone());
        match hints::subcommand_for(&name) {
            Some(name) => UsageError::Hinted(Box::new(error), format!("did you mean {name}?")),
            None => error,
        }
    })?;
    // Help wins over everything else before a `--`.
    if words
        .iter()
        .take_while(|word| *word != "--")
        .any(|word| is_help(word))
    {
        return Ok(Command::SubcommandHelp(entry.name));
    }
    let texts: Vec<String> = words
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let parsed = options::read(
        leading.into_iter().chain(words),
        entry.options,
        entry.unknown,
    )
    .map_err(|error| hint_for(entry, error, &texts))?;
    let rules = match parsed.text(&RULES) {
        Some(_) if !entry.rules => return Err(UsageError::RulesDoNotApply(entry.name)),
        Some(name) => name.parse().map_err(UsageError::BadRules)?,
        None => Rules::default(),
    };
    let any_position = parsed.has(&ANY_POSITION);
    match (entry.read)(parsed, rules).map_err(|error| hint_for(entry, error, &texts))? {
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

/// `error` with a way through, where one is known for the word it names
/// (`texts`: the words after the subcommand).
fn hint_for(entry: &Subcommand, error: UsageError, texts: &[String]) -> UsageError {
    let word = match &error {
        UsageError::UnexpectedArgument(word) => word,
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
}

/// The one FEN a judge may be given in place of its input, checked as the
/// judge will read it (the rules come later).
fn fen_operand(parsed: &Parsed) -> Result<Option<String>, UsageError> {
    let mut operands = parsed.operand_texts()?.into_iter();
    let fen = operands.next();
    if let Some(fen) = &fen {
        let reach = if parsed.has(&ANY_POSITION) {
            Reach::Any
        } else {
            Reach::Game
        };
        Position::from_fen_bytes_reaching(fen.as_bytes(), Rules::default(), reach).map_err(
            |error| UsageError::BadFen {
                found: fen.clone(),
                error,
            },
        )?;
    }
    match operands.next() {
        Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
        None => Ok(fen),
    }
}

/// A FEN given to `option`, read under `rules`; `fallback` if none was.
fn fen_option(
    parsed: &Parsed,
    option: &Opt,
    rules: Rules,
    fallback: &str,
) -> Result<(String, Position), UsageError> {
    let fen = parsed.text(option).unwrap_or_else(|| fallback.to_owned());
    match Position::from_fen(&fen, rules) {
        Ok(position) => Ok((fen, position)),
        Err(error) => Err(UsageError::BadFen { found: fen, error }),
    }
}

/// The one operand a subcommand needs, `what` naming it if it is missing.
fn one_operand(
    parsed: &Parsed,
    subcommand: &'static str,
    what: &'static str,
) -> Result<String, UsageError> {
    let mut operands = parsed.operand_texts()?.into_iter();
    let first = operands
        .next()
        .ok_or(UsageError::Required(subcommand, what))?;
    match operands.next() {
        Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
        None => Ok(first),
    }
}

/// A judge subcommand that takes no operands.
fn plain(job: Job, parsed: &Parsed, rules: Rules) -> Result<Command, UsageError> {
    parsed.no_operands()?;
    Ok(Command::Judge(rules.into(), job, None))
}

/// `board`.
pub(super) fn board(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Board, &parsed, rules)
}

/// `lion`, `zebra` and the other pieces.
pub(super) fn piece(kind: Kind, parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::PieceMoves(kind), &parsed, rules)
}

/// `moves [FEN]`.
pub(super) fn moves(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let fen = fen_operand(&parsed)?;
    Ok(Command::Judge(rules.into(), Job::Moves, fen))
}

/// `play`.
pub(super) fn play(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Play, &parsed, rules)
}

/// The depth a perft or divide is given as its operand.
fn depth_operand(parsed: &Parsed, subcommand: &'static str) -> Result<u32, UsageError> {
    options::depth(&one_operand(parsed, subcommand, "a depth")?)
}

/// `perft D [--threads N]`.
pub(super) fn perft(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let depth = depth_operand(&parsed, "perft")?;
    let threads = parsed.whole(&THREADS)?.unwrap_or(1);
    Ok(Command::Judge(
        rules.into(),
        Job::Perft(depth, threads),
        None,
    ))
}

/// `divide D`.
pub(super) fn divide(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let depth = depth_operand(&parsed, "divide")?;
    Ok(Command::Judge(rules.into(), Job::Divide(depth), None))
}

/// `material`.
pub(super) fn material(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Evaluate(Evaluation::Material), &parsed, rules)
}

/// `evaluate`.
pub(super) fn evaluate(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Evaluate(Evaluation::Advanced), &parsed, rules)
}

/// A search subcommand: `depth_option` instead of the assignment's depth.
fn search(
    evaluation: Evaluation,
    depth_option: &Opt,
    assignment_depth: u32,
    parsed: &Parsed,
    rules: Rules,
) -> Result<Command, UsageError> {
    let depth = parsed.depth(depth_option).unwrap_or(assignment_depth);
    plain(Job::Search(evaluation, depth), parsed, rules)
}

/// `minimax [--depth D]`.
pub(super) fn minimax(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    search(
        Evaluation::Material,
        &MINIMAX_DEPTH,
        MINIMAX_PLIES,
        &parsed,
        rules,
    )
}

/// `alphabeta [--depth D]`.
pub(super) fn alphabeta(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    search(
        Evaluation::Advanced,
        &ALPHABETA_DEPTH,
        ALPHABETA_PLIES,
        &parsed,
        rules,
    )
}

/// `checkers [--perft D]`.
pub(super) fn checkers(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    plain(Job::Checkers(parsed.depth(&PERFT)), &parsed, rules)
}

/// `show [--unicode] [--moves KIND|all] [--svg DIR [--force]] [FEN]`, or
/// `show --record FILE [--game N] [--ply K]`.
pub(super) fn show(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let mut options = ShowOptions {
        svg_dir: parsed.path(&SVG),
        force: parsed.has(&SVG_FORCE),
        ..ShowOptions::default()
    };
    options.style.unicode = parsed.has(&UNICODE);
    if let Some(name) = parsed.text(&SHOW_MOVES) {
        options.selection = Some(match name.as_str() {
            "all" => Selection::All,
            _ => Selection::Kind(Kind::from_name(&name).ok_or(UsageError::UnknownKind(name))?),
        });
    }
    let game = parsed.whole(&GAME_NUMBER)?;
    let ply = parsed.whole(&PLY)?;
    options.record = match parsed.path(&SHOW_RECORD) {
        Some(path) => Some(RecordView {
            path,
            game: game.unwrap_or(1),
            ply,
        }),
        None if game.is_some() || ply.is_some() => {
            return Err(UsageError::Required(
                "show --game and --ply",
                "--record FILE",
            ));
        }
        None => None,
    };
    let fen = fen_operand(&parsed)?;
    Ok(Command::Judge(rules.into(), Job::Show(options), fen))
}

/// `best --depth D | --movetime MS | --nodes N [--threads N] [--tb DIR] [FEN]`.
pub(super) fn best(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let limit = match parsed.choice("best")?.name {
        name if BEST_DEPTH.is(name) => Limit::Depth(parsed.depth(&BEST_DEPTH).unwrap_or(0)),
        name if BEST_MOVETIME.is(name) => Limit::Time(Duration::from_millis(
            parsed.whole(&BEST_MOVETIME)?.unwrap_or(1),
        )),
        _ => Limit::Nodes(parsed.whole(&BEST_NODES)?.unwrap_or(1)),
    };
    let threads = parsed.whole(&THREADS)?.unwrap_or(1);
    let fen = fen_operand(&parsed)?;
    Ok(Command::Judge(
        rules.into(),
        Job::Best(limit, parsed.path(&TABLES), threads),
        fen,
    ))
}

/// `engine [--weak] [--nodes N] [--threads N] [--tb DIR] [--weight NAME=VALUE]...`.
pub(super) fn engine(parsed: Parsed, rules: Rules) -> Result<EngineOptions, UsageError> {
    parsed.no_operands()?;
    let mut weights = Weights::TUNED;
    for setting in parsed.texts(&WEIGHT) {
        let bad = || UsageError::BadWeight(setting.clone());
        let (name, value) = setting.split_once('=').ok_or_else(bad)?;
        let value: i32 = value.parse().map_err(|_| bad())?;
        if !weights.set(name, value) {
            return Err(bad());
        }
    }
    Ok(EngineOptions {
        rules,
        weak: parsed.has(&WEAK),
        weights,
        tables: parsed.path(&TABLES),
        nodes: parsed.whole(&ENGINE_NODES)?,
        threads: parsed.whole(&THREADS)?.unwrap_or(1),
        contempt: parsed
            .whole::<u16>(&CONTEMPT)?
            .map_or(crate::engine::Engine::CONTEMPT, i32::from),
    })
}

/// The SPRT `--sprt`, `--alpha` and `--beta` ask for, if any.
fn sprt(parsed: &Parsed) -> Option<Sprt> {
    let (elo0, elo1) = parsed.bounds(&SPRT)?;
    Some(Sprt {
        elo0,
        elo1,
        alpha: parsed.probability(&ALPHA).unwrap_or(0.05),
        beta: parsed.probability(&BETA).unwrap_or(0.05),
    })
}

/// `match ... -- A [ARGS] -- B [ARGS]`, or `match --merge RECORD...`.
pub(super) fn match_command(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    if parsed.has(&MERGE) {
        merge(&parsed)
    } else {
        match_engines(&parsed, rules).map(Command::Match)
    }
}

/// `match --merge RECORD... [--sprt ELO0 ELO1 [--alpha A] [--beta B]]`.
fn merge(parsed: &Parsed) -> Result<Command, UsageError> {
    if let Some(option) = parsed.first_besides(&[MERGE, SPRT, ALPHA, BETA]) {
        return Err(UsageError::Exclusive(MERGE.name, option));
    }
    if parsed.after.is_some() {
        return Err(UsageError::UnexpectedArgument("--".to_owned()));
    }
    if parsed.operands.is_empty() {
        return Err(UsageError::Required("match --merge", "a record file"));
    }
    Ok(Command::Merge {
        records: parsed.operands.iter().map(PathBuf::from).collect(),
        sprt: sprt(parsed),
    })
}

/// `match --movetime MS [OPTIONS] -- A [ARGS] -- B [ARGS]`.
fn match_engines(parsed: &Parsed, rules: Rules) -> Result<MatchOptions, UsageError> {
    parsed.no_operands()?;
    let (fen, _) = fen_option(parsed, &MATCH_FEN, rules, crate::engine::START)?;
    let shard: Shard = match parsed.text(&SHARD) {
        Some(text) => text.parse().map_err(UsageError::BadShard)?,
        None => Shard::ALL,
    };
    let millis = |part: &str| {
        options::bounded(MATCH_MOVETIME.name, part, 1, u64::MAX).map(Duration::from_millis)
    };
    let movetime = match parsed.text(&MATCH_MOVETIME) {
        None => None,
        Some(text) => Some(match text.split_once(',') {
            None => [millis(&text)?; 2],
            Some((a, b)) => [millis(a)?, millis(b)?],
        }),
    };
    let after = parsed.after_texts()?.ok_or(UsageError::MissingEngines)?;
    let mut commands = after.split(|word| word == "--");
    let engines = match (commands.next(), commands.next(), commands.next()) {
        (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty() => [a.to_vec(), b.to_vec()],
        _ => return Err(UsageError::MissingEngines),
    };
    let movetime = movetime.ok_or(UsageError::Required("match", "--movetime MS"))?;
    let record = parsed.path(&MATCH_RECORD);
    if shard.is_part() && record.is_none() {
        // A shard's games are only of use merged with the others'.
        return Err(UsageError::Required("match --shard", "--record FILE"));
    }
    let openings = parsed.path(&OPENINGS);
    // Openings from a file are played as they are, unless asked otherwise.
    let default_plies = if openings.is_some() { 0 } else { 2 };
    Ok(MatchOptions {
        games: parsed.whole(&GAMES)?.unwrap_or(2),
        movetime,
        fen,
        rules,
        opening_plies: parsed.whole(&OPENING_PLIES)?.unwrap_or(default_plies),
        seed: parsed.whole(&MATCH_SEED)?.unwrap_or(1),
        go_seconds: parsed.has(&GO_SECONDS),
        tables: parsed.path(&MATCH_TABLES),
        sprt: sprt(parsed),
        concurrency: parsed.whole(&CONCURRENCY)?.unwrap_or(1),
        openings,
        record,
        shard,
        engines,
    })
}

/// `openings N [--fen FEN] [--plies K] [--depth D] [--margin CP] [--seed S]`.
pub(super) fn openings(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let count = one_operand(&parsed, "openings", "a count")?;
    let (_, start) = fen_option(&parsed, &OPENINGS_FEN, rules, crate::engine::START)?;
    Ok(Command::Openings(OpeningOptions {
        count: number("openings", &count)?,
        start,
        rules,
        plies: parsed.whole(&PLIES)?.unwrap_or(8),
        depth: parsed.depth(&OPENINGS_DEPTH).unwrap_or(4),
        margin: parsed.whole::<u16>(&MARGIN)?.map_or(100, i32::from),
        seed: parsed.whole(&OPENINGS_SEED)?.unwrap_or(1),
    }))
}

/// `tune RECORD... [--skip-plies K] [--passes P]`.
pub(super) fn tune(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    if parsed.operands.is_empty() {
        return Err(UsageError::Required("tune", "a record file"));
    }
    Ok(Command::Tune(TuneOptions {
        records: parsed.operands.iter().map(PathBuf::from).collect(),
        rules,
        skip_plies: parsed.whole(&SKIP_PLIES)?.unwrap_or(8),
        passes: parsed.whole(&PASSES)?.unwrap_or(200),
    }))
}

/// `game [--fen FEN] [--color white|black] [--movetime MS] [--tb DIR] [--ascii]`.
pub(super) fn game(parsed: Parsed, rules: Rules) -> Result<GameOptions, UsageError> {
    parsed.no_operands()?;
    let (_, start) = fen_option(&parsed, &GAME_FEN, rules, crate::engine::START)?;
    let color = match parsed.text(&COLOR).as_deref() {
        None | Some("white" | "w") => crate::Color::White,
        Some("black" | "b") => crate::Color::Black,
        Some(name) => return Err(UsageError::BadColor(name.to_owned())),
    };
    Ok(GameOptions {
        start,
        rules,
        color,
        movetime: Duration::from_millis(parsed.whole(&GAME_MOVETIME)?.unwrap_or(1000)),
        style: crate::show::Style {
            unicode: !parsed.has(&ASCII),
            ..Default::default()
        },
        tables: parsed.path(&TABLES),
    })
}

/// `wildebeest [--force | --stdout | --perft D]` for a board file, or
/// `wildebeest --lines [--perft D]` for boards on lines.
pub(super) fn wildebeest(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    parsed.no_operands()?;
    if parsed.has(&LINES) {
        parsed.refuse_with(LINES.name, &[BOARD_FORCE, STDOUT])?;
        return Ok(Command::Judge(
            rules.into(),
            Job::Wildebeest(parsed.depth(&PERFT)),
            None,
        ));
    }
    if parsed.has(&BOARD_FORCE) {
        parsed.refuse_with(BOARD_FORCE.name, &[STDOUT, PERFT])?;
        return Ok(Command::Wildebeest(WildebeestOutput::Files { force: true }));
    }
    if parsed.has(&STDOUT) {
        parsed.refuse_with(STDOUT.name, &[PERFT])?;
        return Ok(Command::Wildebeest(WildebeestOutput::Lines));
    }
    Ok(Command::Wildebeest(match parsed.depth(&PERFT) {
        Some(depth) => WildebeestOutput::Perft(depth),
        None => WildebeestOutput::Files { force: false },
    }))
}

/// `gen N [--seed S] [--pieces SET] [--density D]`.
pub(super) fn gen_positions(parsed: Parsed) -> Result<GenOptions, UsageError> {
    let count = one_operand(&parsed, "gen", "the number of positions")?;
    let count = number("gen", &count)?;
    Ok(GenOptions {
        count,
        seed: parsed.whole(&GEN_SEED)?,
        pieces: match parsed.text(&PIECES) {
            Some(set) => set.parse().map_err(UsageError::BadPieceSet)?,
            None => PieceSet::Wits2022,
        },
        density: parsed.whole(&DENSITY)?.unwrap_or(30),
    })
}

/// A whole number given as an operand of `subcommand`.
fn number<T: Whole + TryFrom<u64>>(subcommand: &'static str, text: &str) -> Result<T, UsageError> {
    let value = options::bounded(subcommand, text, 0, T::MAX)?;
    T::try_from(value).map_err(|_| UsageError::TooLarge {
        option: subcommand,
        found: text.to_owned(),
        max: T::MAX,
    })
}

/// `tb generate DIR [MATERIAL...] [--threads N]`, `tb probe DIR`,
/// `tb summary DIR [MATERIAL...]`, `tb verify DIR [MATERIAL...]`.
pub(super) fn tables(parsed: Parsed, rules: Rules) -> Result<Command, UsageError> {
    let mut operands = parsed.operands.iter();
    let action = operands
        .next()
        .ok_or(UsageError::MissingTablesAction)?
        .to_string_lossy()
        .into_owned();
    if !matches!(action.as_str(), "generate" | "probe" | "summary" | "verify") {
        return Err(UsageError::UnexpectedArgument(action));
    }
    if action != "generate" && parsed.has(&TB_THREADS) {
        return Err(UsageError::UnexpectedArgument(TB_THREADS.name.to_owned()));
    }
    let dir = match operands.next() {
        None => return Err(UsageError::MissingValue("tb DIR")),
        Some(dir) if dir.is_empty() => return Err(UsageError::EmptyPath("tb DIR")),
        Some(dir) => PathBuf::from(dir),
    };
    if action == "probe" {
        if let Some(extra) = operands.next() {
            return Err(UsageError::UnexpectedArgument(
                extra.to_string_lossy().into_owned(),
            ));
        }
        return Ok(Command::Judge(rules.into(), Job::Probe(dir), None));
    }
    let materials = operands
        .map(|word| {
            text(word.clone())?
                .parse::<Material>()
                .map_err(UsageError::BadMaterial)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let threads = match parsed.whole(&TB_THREADS)? {
        Some(threads) => threads,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
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
pub(super) fn grade(parsed: Parsed, rules: Rules) -> Result<GradeOptions, UsageError> {
    let words = parsed.operand_texts()?;
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
        ignore_space: parsed.has(&IGNORE_SPACE),
    })
}

/// `check SUBCOMMAND [ARGS] [--positions N] [--seed S] [--input FILE]
/// [--timeout-ms T] -- PROGRAM [ARGS...]`.
pub(super) fn check(parsed: Parsed, rules: Rules) -> Result<CheckOptions, UsageError> {
    let program = parsed.after_texts()?.unwrap_or_default();
    if program.is_empty() {
        return Err(UsageError::MissingProgram);
    }
    let subcommand = parsed.operand_texts()?;
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
        positions: parsed.whole(&POSITIONS)?.unwrap_or(1000),
        seed: parsed.whole(&CHECK_SEED)?,
        input: parsed.path(&INPUT),
        timeout: Duration::from_millis(parsed.whole(&TIMEOUT)?.unwrap_or(10_000)),
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
        assert_eq!(
            parse_words(&["--rules"]),
            Err(UsageError::MissingValue("--rules"))
        );
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
    fn the_engine_takes_a_contempt_within_bounds() {
        let contempt = |words: &[&str]| match parse_words(words) {
            Ok(Command::Engine(options)) => Ok(options.contempt),
            Ok(other) => panic!("{other:?}"),
            Err(error) => Err(error),
        };
        assert_eq!(contempt(&["engine"]), Ok(crate::engine::Engine::CONTEMPT));
        assert_eq!(contempt(&["engine", "--contempt", "0"]), Ok(0));
        assert_eq!(contempt(&["engine", "--contempt=250"]), Ok(250));
        assert_eq!(
            contempt(&["engine", "--contempt", "1001"]),
            Err(UsageError::TooLarge {
                option: "--contempt",
                found: "1001".into(),
                max: 1000
            })
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
            Err(UsageError::TooSmall {
                option: "--movetime",
                min: 1
            })
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
