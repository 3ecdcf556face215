//! Every option, declared once: its name, its other spelling, what value it
//! takes and within which bounds, and its help line. Reading the words
//! ([`read`]), refusing an option given twice, bounds errors, the help's
//! usage lines and option lists, and "did you mean" all work from these
//! declarations, so an option's name is written in one place.

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use super::args::{MAX_DEPTH, MAX_THREADS, UsageError};
use super::hints;
use crate::count::{DigitsError, Whole, parse_digits};

/// What follows an option on the command line, and the bounds it keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// Nothing: the option is a switch.
    Flag,
    /// A whole number in digits, from `min` to `max`; `name` stands for it
    /// in the help.
    Whole {
        name: &'static str,
        min: u64,
        max: u64,
    },
    /// A search or perft depth, at most [`MAX_DEPTH`].
    Depth,
    /// A probability strictly between 0 and 1.
    Probability(&'static str),
    /// Two decimal numbers, the second the larger (an SPRT's Elo bounds).
    Bounds(&'static str, &'static str),
    /// A file or folder, never empty.
    Path(&'static str),
    /// Text the subcommand reads itself: a FEN, a colour, NAME=VALUE.
    Text(&'static str),
}

/// Whether a subcommand can do without an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Optional,
    /// Needed (the subcommand's reader says so when it is missing).
    Required,
    /// Exactly one of the subcommand's options marked so is needed.
    OneOf,
}

/// One option of one or more subcommands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opt {
    /// The long name, with its dashes: `--depth`.
    pub name: &'static str,
    /// Another spelling that means the same: `-h`, `--colour`.
    pub alias: Option<&'static str>,
    pub value: Value,
    pub need: Need,
    /// Whether it may be given more than once, each adding a value.
    pub repeats: bool,
    /// What it does, for the help; wrapped there.
    pub help: &'static str,
}

impl Opt {
    const fn new(name: &'static str, value: Value, help: &'static str) -> Opt {
        Opt {
            name,
            alias: None,
            value,
            need: Need::Optional,
            repeats: false,
            help,
        }
    }

    /// The same option with `alias` as another spelling.
    const fn alias(self, alias: &'static str) -> Opt {
        Opt {
            alias: Some(alias),
            ..self
        }
    }

    /// The same option, marked needed.
    const fn required(self) -> Opt {
        Opt {
            need: Need::Required,
            ..self
        }
    }

    /// The same option, one of a subcommand's choices of which exactly one
    /// is needed.
    const fn one_of(self) -> Opt {
        Opt {
            need: Need::OneOf,
            ..self
        }
    }

    /// The same option, allowed more than once.
    const fn repeats(self) -> Opt {
        Opt {
            repeats: true,
            ..self
        }
    }

    /// The same option described for another subcommand.
    const fn help(self, help: &'static str) -> Opt {
        Opt { help, ..self }
    }

    /// Whether `word` names this option.
    pub fn is(&self, word: &str) -> bool {
        word == self.name || self.alias == Some(word)
    }

    /// The option as the usage line writes it: `--depth D`.
    pub fn synopsis(&self) -> String {
        let value = match self.value {
            Value::Flag => return self.name.to_owned(),
            Value::Whole { name, .. }
            | Value::Probability(name)
            | Value::Path(name)
            | Value::Text(name) => name.to_owned(),
            Value::Depth => "D".to_owned(),
            Value::Bounds(low, high) => format!("{low} {high}"),
        };
        format!("{} {value}", self.name)
    }
}

/// A whole number from `min` to `max`, called `name` in the help.
const fn whole(name: &'static str, min: u64, max: u64) -> Value {
    Value::Whole { name, min, max }
}

/// The options every command line may start with.
pub const RULES: Opt = Opt::new(
    "--rules",
    Value::Text("2021|2022"),
    "the rule set: 2022 (the default, also the full game) promotes a pawn \
     on the far rank, 2021 does not",
);
pub const ANY_POSITION: Opt = Opt::new(
    "--any-position",
    Value::Flag,
    "the judges read boards no game reaches (two zebras, eight pawns): any \
     that fits, one lion a side",
);
pub const HELP: Opt = Opt::new("--help", Value::Flag, "print this help").alias("-h");
pub const VERSION: Opt = Opt::new("--version", Value::Flag, "print the version").alias("-V");
pub const GLOBAL: &[Opt] = &[RULES, ANY_POSITION, HELP, VERSION];

// Options shared by several subcommands, described for each where they
// mean something different.
pub const THREADS: Opt = Opt::new(
    "--threads",
    whole("N", 1, MAX_THREADS as u64),
    "search with N threads (lazy SMP; default 1)",
);
pub const TABLES: Opt = Opt::new(
    "--tb",
    Value::Path("DIR"),
    "play from the endgame tables in DIR (default: $CONGO_TB)",
);
pub const NODES: Opt = Opt::new(
    "--nodes",
    whole("N", 1, u64::MAX),
    "search exactly N nodes a move",
);
pub const DEPTH: Opt = Opt::new("--depth", Value::Depth, "search D moves deep");
pub const MOVETIME: Opt = Opt::new(
    "--movetime",
    whole("MS", 1, u64::MAX),
    "search MS milliseconds a move",
);
pub const FEN: Opt = Opt::new("--fen", Value::Text("FEN"), "start from FEN");
pub const SEED: Opt = Opt::new(
    "--seed",
    whole("S", 0, u64::MAX),
    "the seed of the random choices (the same seed, the same result)",
);
pub const PERFT: Opt = Opt::new(
    "--perft",
    Value::Depth,
    "print the number of move sequences D deep instead",
);

// minimax and alphabeta
pub const MINIMAX_DEPTH: Opt = DEPTH.help("search D moves deep instead of 2");
pub const ALPHABETA_DEPTH: Opt = DEPTH.help("search D moves deep instead of 4");

// show
pub const UNICODE: Opt = Opt::new(
    "--unicode",
    Value::Flag,
    "draw the pieces as chess figurines",
);
pub const SHOW_MOVES: Opt = Opt::new(
    "--moves",
    Value::Text("KIND|all"),
    "mark where the side to move's KIND pieces (or all) can go: * to an \
     empty square, x beside a piece it captures",
);
pub const SVG: Opt = Opt::new(
    "--svg",
    Value::Path("DIR"),
    "also write DIR/position-001.svg and so on",
);
pub const SVG_FORCE: Opt = Opt::new(
    "--force",
    Value::Flag,
    "with --svg, replace the pictures of an earlier run",
);
pub const SHOW_RECORD: Opt = Opt::new(
    "--record",
    Value::Path("FILE"),
    "draw a game of a match record (match --record) instead",
);
pub const GAME_NUMBER: Opt = Opt::new(
    "--game",
    whole("N", 1, u64::MAX),
    "with --record, game N (default 1)",
);
pub const PLY: Opt = Opt::new(
    "--ply",
    whole("K", 0, u64::MAX),
    "with --record, the position after K plies (default: the last)",
);

// best
pub const BEST_DEPTH: Opt = DEPTH.one_of();
pub const BEST_MOVETIME: Opt = MOVETIME
    .help("search MS milliseconds (and print nps, nodes a second)")
    .one_of();
pub const BEST_NODES: Opt = NODES.help("search N nodes").one_of();

// engine
pub const WEAK: Opt = Opt::new(
    "--weak",
    Value::Flag,
    "play the assignment's plain depth-4 alpha-beta instead",
);
pub const ENGINE_NODES: Opt =
    NODES.help("search exactly N nodes a move whatever go says (the same games on any machine)");
pub const CONTEMPT: Opt = Opt::new(
    "--contempt",
    whole("CP", 0, 1000),
    "value a draw (a repeated position, the bare lions) CP below an even \
     position, so that the engine plays on (default 100)",
);
pub const WEIGHT: Opt = Opt::new(
    "--weight",
    Value::Text("NAME=VALUE"),
    "set an evaluation weight, for tuning: mobility, attack, lion-attack, \
     pawn-advance, river, lion-guard, lion-tropism, or a piece's value (zebra=300)",
)
.repeats();

// match
pub const MATCH_MOVETIME: Opt = Opt::new(
    "--movetime",
    Value::Text("MS[,MS_B]"),
    "(required; none with --merge) milliseconds a move; MS,MS_B gives \
     engine B its own time",
)
.required();
pub const GAMES: Opt = Opt::new(
    "--games",
    whole("N", 1, u64::MAX),
    "play N games (default 2), colours alternating",
);
pub const CONCURRENCY: Opt = Opt::new(
    "--concurrency",
    whole("C", 1, u64::MAX),
    "play C games at once (default 1)",
);
pub const MATCH_FEN: Opt = FEN.help("start every game from FEN (default: the 2022 start)");
pub const OPENINGS: Opt = Opt::new(
    "--openings",
    Value::Path("FILE"),
    "play each FEN line of FILE twice, colours swapped",
);
pub const OPENING_PLIES: Opt = Opt::new(
    "--opening-plies",
    whole("K", 0, u64::MAX),
    "begin each pair of games with the same K random plies (default 2; 0 \
     with --openings)",
);
pub const MATCH_RECORD: Opt = Opt::new(
    "--record",
    Value::Path("FILE"),
    "write every game to FILE: start, moves, result and reason (congo show \
     --record draws it)",
);
pub const SHARD: Opt = Opt::new(
    "--shard",
    Value::Text("I/N"),
    "play only pairs I, I+N, I+2N, ... (needs --record; --merge joins the \
     shards)",
);
pub const MATCH_SEED: Opt = SEED.help("the seed of the random opening plies (default 1)");
pub const GO_SECONDS: Opt = Opt::new(
    "--go-seconds",
    Value::Flag,
    "send `go` whole seconds, rounded up, for engines that read an integer",
);
pub const MATCH_TABLES: Opt = TABLES.help("end the games the endgame tables in DIR decide");
pub const SPRT: Opt = Opt::new(
    "--sprt",
    Value::Bounds("ELO0", "ELO1"),
    "stop once a test on game pairs decides whether A gains ELO1 or only \
     ELO0",
);
pub const ALPHA: Opt = Opt::new(
    "--alpha",
    Value::Probability("A"),
    "the SPRT's false positive rate (default 0.05)",
);
pub const BETA: Opt = Opt::new(
    "--beta",
    Value::Probability("B"),
    "the SPRT's false negative rate (default 0.05)",
);
pub const MERGE: Opt = Opt::new(
    "--merge",
    Value::Flag,
    "report on the RECORD files of shards as one match, playing nothing",
);

// openings
pub const OPENINGS_FEN: Opt = FEN.help("play the random plies from FEN (default: the 2022 start)");
pub const PLIES: Opt = Opt::new(
    "--plies",
    whole("K", 0, u64::MAX),
    "K random plies an opening (default 8)",
);
pub const OPENINGS_DEPTH: Opt = DEPTH.help("judge balance by a depth-D alpha-beta (default 4)");
pub const MARGIN: Opt = Opt::new(
    "--margin",
    whole("CP", 0, u16::MAX as u64),
    "keep an opening scored within CP for either side (default 100)",
);
pub const OPENINGS_SEED: Opt = SEED.help("the seed of the random plies (default 1)");

// tune
pub const SKIP_PLIES: Opt = Opt::new(
    "--skip-plies",
    whole("K", 0, u64::MAX),
    "leave out each game's first K plies (default 8)",
);
pub const PASSES: Opt = Opt::new(
    "--passes",
    whole("P", 1, u64::MAX),
    "walk the weights at most P passes (default 200)",
);

// game
pub const GAME_FEN: Opt = FEN.help("start from FEN (default: the 2022 start)");
pub const COLOR: Opt = Opt::new(
    "--color",
    Value::Text("white|black"),
    "the side you play (default white)",
)
.alias("--colour");
pub const GAME_MOVETIME: Opt = MOVETIME.help("the engine's time a move (default 1000)");
pub const ASCII: Opt = Opt::new(
    "--ascii",
    Value::Flag,
    "draw with letters instead of figurines",
);

// wildebeest
pub const BOARD_FORCE: Opt = Opt::new(
    "--force",
    Value::Flag,
    "replace board.* files of an earlier run",
);
pub const STDOUT: Opt = Opt::new(
    "--stdout",
    Value::Flag,
    "print the successors, one a line, sorted, instead of writing files",
);
pub const LINES: Opt = Opt::new(
    "--lines",
    Value::Flag,
    "read a line with N, then N boards in the one-line form --stdout \
     writes; answer each with a line",
);

// tb
pub const TB_THREADS: Opt = THREADS.help("generate with N threads (default: every core)");

// gen
pub const GEN_SEED: Opt = SEED.help("the seed (default: a new one, printed on stderr)");
pub const PIECES: Opt = Opt::new(
    "--pieces",
    Value::Text("2022|2021|full|LETTERS"),
    "the kinds of pieces to place (default 2022)",
);
pub const DENSITY: Opt = Opt::new(
    "--density",
    whole("PERCENT", 0, 100),
    "how full the board is (default 30)",
);

// grade
pub const IGNORE_SPACE: Opt = Opt::new(
    "--ignore-space",
    Value::Flag,
    "overlook blank-space faults, as lenient autograders do",
);

// check
pub const POSITIONS: Opt = Opt::new(
    "--positions",
    whole("N", 1, u64::MAX),
    "try N generated positions (default 1000)",
);
pub const CHECK_SEED: Opt = SEED.help("the seed of the positions (default: a new one)");
pub const INPUT: Opt = Opt::new(
    "--input",
    Value::Path("FILE"),
    "try the cases of FILE instead of generated ones",
);
pub const TIMEOUT: Opt = Opt::new(
    "--timeout-ms",
    whole("T", 1, u64::MAX),
    "count a run longer than T milliseconds as a hang (default 10000)",
);

/// What a subcommand does with an option it does not declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// Refuses it, suggesting the closest declared option.
    Refuse,
    /// Keeps it among the operands: they are another subcommand's words.
    Keep,
}

/// A value as given.
#[derive(Clone, Debug, PartialEq)]
enum Given {
    Flag,
    Whole(u64),
    Probability(f64),
    Bounds(f64, f64),
    Path(PathBuf),
    Text(String),
}

/// The words of a command line read against the options of a subcommand:
/// the values of its options and the words that are not options.
#[derive(Debug)]
pub(super) struct Parsed {
    table: &'static [Opt],
    given: Vec<(&'static str, Given)>,
    /// The words that are not options, before any `--`.
    pub operands: Vec<OsString>,
    /// The words after the first `--`, if one was given.
    pub after: Option<Vec<OsString>>,
}

impl Parsed {
    fn new(table: &'static [Opt]) -> Parsed {
        Parsed {
            table,
            given: Vec::new(),
            operands: Vec::new(),
            after: None,
        }
    }

    fn values<'a>(&'a self, option: &Opt) -> impl Iterator<Item = &'a Given> {
        debug_assert!(
            self.table
                .iter()
                .chain(GLOBAL)
                .any(|o| o.name == option.name),
            "{} is not declared here",
            option.name
        );
        let name = option.name;
        self.given
            .iter()
            .filter(move |(given, _)| *given == name)
            .map(|(_, value)| value)
    }

    fn value(&self, option: &Opt) -> Option<&Given> {
        self.values(option).next()
    }

    /// Whether `option` was given.
    pub fn has(&self, option: &Opt) -> bool {
        self.value(option).is_some()
    }

    /// The number given to `option`, in the type it is kept in.
    pub fn whole<T: Whole + TryFrom<u64>>(&self, option: &Opt) -> Result<Option<T>, UsageError> {
        let Some(&Given::Whole(value)) = self.value(option) else {
            return Ok(None);
        };
        T::try_from(value)
            .map(Some)
            .map_err(|_| UsageError::TooLarge {
                option: option.name,
                found: value.to_string(),
                max: T::MAX,
            })
    }

    /// The depth given to `option`.
    pub fn depth(&self, option: &Opt) -> Option<u32> {
        match self.value(option) {
            // Bounded by MAX_DEPTH when read.
            Some(&Given::Whole(depth)) => u32::try_from(depth).ok(),
            _ => None,
        }
    }

    pub fn probability(&self, option: &Opt) -> Option<f64> {
        match self.value(option) {
            Some(&Given::Probability(value)) => Some(value),
            _ => None,
        }
    }

    pub fn bounds(&self, option: &Opt) -> Option<(f64, f64)> {
        match self.value(option) {
            Some(&Given::Bounds(low, high)) => Some((low, high)),
            _ => None,
        }
    }

    pub fn path(&self, option: &Opt) -> Option<PathBuf> {
        match self.value(option) {
            Some(Given::Path(path)) => Some(path.clone()),
            _ => None,
        }
    }

    /// The text given to `option`, once for each time it was given.
    pub fn texts(&self, option: &Opt) -> Vec<String> {
        self.values(option)
            .filter_map(|value| match value {
                Given::Text(text) => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    pub fn text(&self, option: &Opt) -> Option<String> {
        self.texts(option).into_iter().next()
    }

    /// Which of the subcommand's [`Need::OneOf`] options was given: an
    /// error if none or two were.
    pub fn choice(&self, subcommand: &'static str) -> Result<&'static Opt, UsageError> {
        let choices = self
            .table
            .iter()
            .filter(|option| option.need == Need::OneOf);
        let mut given = choices.clone().filter(|option| self.has(option));
        match (given.next(), given.next()) {
            (Some(one), None) => Ok(one),
            (Some(one), Some(other)) => Err(UsageError::Exclusive(one.name, other.name)),
            (None, _) => {
                let names: Vec<&str> = choices.map(|option| option.name).collect();
                Err(UsageError::Choose(subcommand, names))
            }
        }
    }

    /// An error naming the first of `options` given, and `besides`, if any
    /// was: they cannot go together.
    pub fn refuse_with(&self, besides: &'static str, options: &[Opt]) -> Result<(), UsageError> {
        match options.iter().find(|option| self.has(option)) {
            Some(option) => Err(UsageError::Exclusive(besides, option.name)),
            None => Ok(()),
        }
    }

    /// The operands, as text.
    pub fn operand_texts(&self) -> Result<Vec<String>, UsageError> {
        self.operands.iter().cloned().map(text).collect()
    }

    /// The words after `--`, as text.
    pub fn after_texts(&self) -> Result<Option<Vec<String>>, UsageError> {
        self.after
            .as_ref()
            .map(|words| words.iter().cloned().map(text).collect())
            .transpose()
    }

    /// An error if any operand was given.
    pub fn no_operands(&self) -> Result<(), UsageError> {
        match self.operands.first() {
            Some(word) => Err(UsageError::UnexpectedArgument(lossy(word))),
            None => Ok(()),
        }
    }

    /// The options given to the subcommand, `GLOBAL` ones aside, other
    /// than `allowed`: the first, if any.
    pub fn first_besides(&self, allowed: &[Opt]) -> Option<&'static str> {
        self.given.iter().map(|&(name, _)| name).find(|name| {
            !allowed
                .iter()
                .chain(GLOBAL)
                .any(|option| option.name == *name)
        })
    }
}

/// A word as text.
pub(super) fn text(word: OsString) -> Result<String, UsageError> {
    word.into_string()
        .map_err(|word| UsageError::NotUtf8(word.to_string_lossy().into_owned()))
}

fn lossy(word: &OsStr) -> String {
    word.to_string_lossy().into_owned()
}

/// Whether `word` is written as an option: a dash and more, but not a
/// negative number.
fn looks_like_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && !word[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// Reads `words` against `table` (and the options every command line
/// takes): each option once, unless it repeats, and its value within its
/// bounds.
pub(super) fn read(
    words: impl IntoIterator<Item = OsString>,
    table: &'static [Opt],
    unknown: Unknown,
) -> Result<Parsed, UsageError> {
    let mut parsed = Parsed::new(table);
    let mut words: VecDeque<OsString> = words.into_iter().collect();
    while let Some(word) = words.pop_front() {
        if word == "--" {
            parsed.after = Some(words.drain(..).collect());
            break;
        }
        let Some(text) = word.to_str().filter(|text| looks_like_option(text)) else {
            parsed.operands.push(word);
            continue;
        };
        // `--name=value` reads as `--name value`.
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (text, None),
        };
        let Some(option) = table.iter().chain(GLOBAL).find(|option| option.is(name)) else {
            match unknown {
                Unknown::Keep => {
                    parsed.operands.push(word);
                    continue;
                }
                Unknown::Refuse => return Err(unknown_option(name, table)),
            }
        };
        if let Some(value) = inline {
            words.push_front(value.into());
        }
        if !option.repeats && parsed.has(option) {
            return Err(UsageError::Repeated(option.name));
        }
        let value = read_value(option, &mut words)?;
        parsed.given.push((option.name, value));
    }
    Ok(parsed)
}

/// The error for `name`, which no option of `table` is, with the closest
/// one it may have meant.
pub(super) fn unknown_option(name: &str, table: &[Opt]) -> UsageError {
    let error = UsageError::UnknownOption(name.to_owned());
    let names = table
        .iter()
        .chain(GLOBAL)
        .flat_map(|option| [Some(option.name), option.alias])
        .flatten();
    match hints::closest(name, names) {
        Some(meant) => UsageError::Hinted(Box::new(error), format!("did you mean {meant}?")),
        None => error,
    }
}

/// The value of `option`, read from the front of `words`.
fn read_value(option: &Opt, words: &mut VecDeque<OsString>) -> Result<Given, UsageError> {
    let name = option.name;
    let mut next = || words.pop_front().ok_or(UsageError::MissingValue(name));
    Ok(match option.value {
        Value::Flag => Given::Flag,
        Value::Path(_) => {
            let path = next()?;
            if path.is_empty() {
                return Err(UsageError::EmptyPath(name));
            }
            Given::Path(PathBuf::from(path))
        }
        Value::Text(_) => Given::Text(text(next()?)?),
        Value::Whole { min, max, .. } => Given::Whole(bounded(name, &text(next()?)?, min, max)?),
        Value::Depth => Given::Whole(depth(&text(next()?)?)?.into()),
        Value::Probability(_) => {
            let value = real(name, &text(next()?)?)?;
            if !(value > 0.0 && value < 1.0) {
                return Err(UsageError::BadProbability(name, value.to_string()));
            }
            Given::Probability(value)
        }
        Value::Bounds(..) => {
            let low = real(name, &text(next()?)?)?;
            let high = real(name, &text(next()?)?)?;
            if high <= low {
                return Err(UsageError::BadSprt(low.to_string(), high.to_string()));
            }
            Given::Bounds(low, high)
        }
    })
}

/// A whole number from `min` to `max`, given to `option`.
pub(super) fn bounded(
    option: &'static str,
    text: &str,
    min: u64,
    max: u64,
) -> Result<u64, UsageError> {
    let found = text.to_owned();
    let value = parse_digits::<u64>(text).map_err(|error| match error {
        DigitsError::NotDigits => UsageError::BadNumber {
            option,
            found: found.clone(),
        },
        DigitsError::TooLarge(_) => UsageError::TooLarge {
            option,
            found: found.clone(),
            max,
        },
    })?;
    if value < min {
        return Err(UsageError::TooSmall { option, min });
    }
    if value > max {
        return Err(UsageError::TooLarge { option, found, max });
    }
    Ok(value)
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

/// A depth, at most [`MAX_DEPTH`].
pub(super) fn depth(text: &str) -> Result<u32, UsageError> {
    match parse_digits::<u32>(text) {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        Ok(_) | Err(DigitsError::TooLarge(_)) => Err(UsageError::DepthTooLarge(text.to_owned())),
        Err(DigitsError::NotDigits) => Err(UsageError::BadDepth(text.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::SUBCOMMANDS;

    fn words(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    const TABLE: &[Opt] = &[GAMES, DENSITY, WEIGHT, COLOR, STDOUT, SPRT];

    #[test]
    fn no_subcommand_declares_a_name_twice() {
        for subcommand in SUBCOMMANDS {
            let mut names: Vec<&str> = subcommand
                .options
                .iter()
                .chain(GLOBAL)
                .flat_map(|option| [Some(option.name), option.alias])
                .flatten()
                .collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "{}", subcommand.name);
        }
    }

    #[test]
    fn values_are_read_in_their_form_and_bounds() {
        let parsed = read(
            words(&[
                "--games=3",
                "--density",
                "100",
                "--colour",
                "black",
                "--sprt",
                "-5",
                "5",
                "--weight",
                "river=3",
                "--weight",
                "zebra=300",
                "--stdout",
                "file",
            ]),
            TABLE,
            Unknown::Refuse,
        )
        .unwrap();
        assert_eq!(parsed.whole::<usize>(&GAMES), Ok(Some(3)));
        assert_eq!(parsed.whole::<u64>(&DENSITY), Ok(Some(100)));
        assert_eq!(parsed.text(&COLOR).as_deref(), Some("black"));
        assert_eq!(parsed.bounds(&SPRT), Some((-5.0, 5.0)));
        assert_eq!(parsed.texts(&WEIGHT), ["river=3", "zebra=300"]);
        assert!(parsed.has(&STDOUT));
        assert_eq!(parsed.operands, words(&["file"]));
        assert_eq!(parsed.after, None);
    }

    #[test]
    fn each_declared_rule_gives_its_error() {
        let error = |given: &[&str]| read(words(given), TABLE, Unknown::Refuse).unwrap_err();
        assert_eq!(
            error(&["--games", "0"]),
            UsageError::TooSmall {
                option: "--games",
                min: 1
            }
        );
        assert_eq!(
            error(&["--density", "101"]),
            UsageError::TooLarge {
                option: "--density",
                found: "101".into(),
                max: 100
            }
        );
        assert_eq!(
            error(&["--stdout", "--stdout"]),
            UsageError::Repeated("--stdout")
        );
        assert_eq!(error(&["--games"]), UsageError::MissingValue("--games"));
        assert_eq!(
            error(&["--sprt", "5", "-5"]),
            UsageError::BadSprt("5".into(), "-5".into())
        );
        assert_eq!(
            error(&["--dencity", "5"]).to_string(),
            "unknown option \"--dencity\"; did you mean --density?"
        );
        assert_eq!(
            error(&["--rulez", "2021"]).to_string(),
            "unknown option \"--rulez\"; did you mean --rules?"
        );
    }

    #[test]
    fn a_wrapper_keeps_the_options_it_does_not_know() {
        let parsed = read(
            words(&[
                "alphabeta",
                "--depth",
                "3",
                "--games",
                "4",
                "--",
                "prog",
                "--games",
            ]),
            TABLE,
            Unknown::Keep,
        )
        .unwrap();
        assert_eq!(parsed.operands, words(&["alphabeta", "--depth", "3"]));
        assert_eq!(parsed.whole::<u64>(&GAMES), Ok(Some(4)));
        assert_eq!(parsed.after, Some(words(&["prog", "--games"])));
    }

    #[test]
    fn a_choice_needs_exactly_one() {
        const BEST: &[Opt] = &[BEST_DEPTH, BEST_MOVETIME, BEST_NODES];
        let choice = |given: &[&str]| {
            read(words(given), BEST, Unknown::Refuse)
                .unwrap()
                .choice("best")
                .map(|option| option.name)
        };
        assert_eq!(choice(&["--nodes", "9"]), Ok("--nodes"));
        assert_eq!(
            choice(&["--nodes", "9", "--depth", "2"]),
            Err(UsageError::Exclusive("--depth", "--nodes"))
        );
        assert_eq!(
            choice(&[]).unwrap_err().to_string(),
            "best needs one of --depth, --movetime or --nodes"
        );
    }
}
