//! The command line: arguments in, exit status out.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use crate::engine::{self, Engine, Limit, MatchOptions, Player, Weights};
use crate::eval::Evaluation;
use crate::grader::ParsePieceSetError;
use crate::grader::{self, CheckOptions, GenOptions, PieceSet};
use crate::judge::{self, Report};
use crate::search::Searcher;
use crate::show::{Selection, Style};
use crate::tasks::{
    Best, Checkers, Divide, LegalMoves, Listing, Perft, PieceMoves, Play, Score, Show,
};
use crate::{Kind, ParseRulesError, Rules};

pub const HELP: &str = "\
congo: a fast, exact Congo engine and judge

Usage: congo [--rules 2021|2022] <SUBCOMMAND> [DEPTH] [--depth D] < INPUT

Subcommands (one answer per FEN):
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
  moves       every legal move of the side to move (none once a lion is
              taken)
  play        cases of two lines, a FEN and a move: the FEN after the move,
              then Continue, White wins or Black wins
  perft D     the number of positions D moves deep
  divide D    each legal move with its perft count D-1 deeper, then the total
  material    Part 4's evaluation: material, for the side to move
  minimax     Part 4's search value, 2 moves deep with the material
              evaluation (--depth D for another depth)
  evaluate    Part 5's evaluation: material, mobility and attack
  alphabeta   Part 5's search value, 4 moves deep with Part 5's evaluation
              (--depth D for another depth)
  checkers    Russian checkers: every legal move of each position, given as
              <row 8>/.../<row 1> <WHITE|BLACK> (--perft D: the number of
              move sequences D deep)

Pictures:
  show [--unicode] [--moves KIND|all] [--svg DIR]
              a diagram of each position (ranks 7 to 1, files a to g, castles
              in [ ], the river ~); --moves marks where the side to move's
              KIND pieces (or all of them) can go: * to an empty square, x a
              capture; --svg also writes DIR/position-001.svg and so on;
              colour only on a terminal, and not when NO_COLOR is set

Playing (the full rules, 2022 unless --rules 2021):
  engine [--weak] [--weight NAME=VALUE]...
              speak the Part 7 protocol on stdin/stdout: newgame, position
              <fen>, moves m1 m2 ..., go <seconds> (answered with a move),
              quit; --weak plays the assignment's plain depth-4 alpha-beta;
              --weight sets an evaluation weight (mobility, attack,
              lion-attack, or a piece's value, e.g. zebra=300) for tuning
  best --depth D | --movetime MS
              the engine's move and score for each FEN
  match --games N --movetime MS [--fen FEN] [--opening-plies K] [--seed S]
        -- ENGINE_A [ARGS] -- ENGINE_B [ARGS]
              play engine programs against each other, colours alternating,
              each pair of games after the same K random plies (2), and
              report each game and the Elo difference

Two-player Wildebeest (a board file on stdin, not N lines):
  wildebeest [--stdout | --perft D]
              every legal successor of a 15-line 2PW board file, written to
              board.000, board.001, ... here (--stdout: one a line, sorted;
              --perft D: the number of move sequences D deep)

Tools (no input):
  gen N [--seed S] [--pieces 2022|2021|full|LETTERS] [--density PERCENT]
              a judge input of N random valid positions
  check SUBCOMMAND [ARGS] [--positions N] [--seed S] [--timeout-ms T]
        -- PROGRAM [ARGS...]
              run PROGRAM on generated positions, compare it with congo, and
              shrink the first disagreement to a small ready-to-run case

Input: a line with N, then N lines with one FEN each (N cases of two lines
  for play), <pieces> <side> <move number>, e.g.
  2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23 (CRLF line ends, surrounding blanks and
  W/B for the side are accepted).

Output: board prints one 17-line block per FEN and divide one block per FEN,
  blocks separated by a blank line; the move subcommands print one line per
  FEN, moves sorted as strings and separated by spaces (an empty line when
  there are none).

Bad input: each bad line gets `congo: line N: reason` on stderr (the count
  is line 1); the other lines are still answered in order, with an empty
  line (two for play) in place of a bad case's answer.

Exit status: 0 when every line was answered, 1 on bad input, 2 on a usage
  error.

Options:
  --rules 2021|2022  the rule set: 2022 (the default, also the full game)
                     promotes a pawn on the far rank, 2021 does not
  -h, --help         print this help
  -V, --version      print the version
";

/// What the arguments ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Version,
    Judge(Rules, Job),
    Gen(GenOptions),
    Check(CheckOptions),
    /// The protocol engine.
    Engine(EngineOptions),
    Match(MatchOptions),
    Wildebeest(WildebeestOutput),
}

/// What `congo wildebeest` produces from a board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WildebeestOutput {
    /// `board.000`, `board.001`, ... in the current directory.
    Files,
    /// The successors on stdout, one a line, sorted.
    Lines,
    /// The perft count to this depth.
    Perft(u32),
}

/// A judge subcommand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    Board,
    PieceMoves(Kind),
    Moves,
    Play,
    Perft(u32),
    Divide(u32),
    /// An evaluation of each position.
    Evaluate(Evaluation),
    /// A search value of each position: the evaluation and the depth.
    Search(Evaluation, u32),
    /// Russian checkers moves, or perft to a depth.
    Checkers(Option<u32>),
    /// Diagrams, and SVG drawings in a folder.
    Show(ShowOptions),
    /// The engine's choice for each position.
    Best(Limit),
}

/// Which engine `congo engine` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    pub rules: Rules,
    /// The assignment's plain depth-4 alpha-beta instead of the engine.
    pub weak: bool,
    pub weights: Weights,
}

/// How `show` draws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShowOptions {
    pub unicode: bool,
    pub selection: Option<Selection>,
    pub svg_dir: Option<PathBuf>,
}

/// Arguments that do not form a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageError {
    MissingSubcommand,
    UnknownSubcommand(String),
    UnknownOption(String),
    UnexpectedArgument(String),
    MissingRules,
    BadRules(ParseRulesError),
    MissingDepth(&'static str),
    BadDepth(String),
    MissingValue(&'static str),
    BadNumber { option: &'static str, found: String },
    BadPieceSet(ParsePieceSetError),
    MissingCount,
    MissingProgram,
    NotCheckable(String),
    UnknownKind(String),
    MissingEngines,
    BadWeight(String),
}

/// The search depths the assignment sets.
const MINIMAX_DEPTH: u32 = 2;
const ALPHABETA_DEPTH: u32 = 4;

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::MissingSubcommand => f.write_str("missing subcommand"),
            UsageError::UnknownSubcommand(name) => write!(f, "unknown subcommand {name:?}"),
            UsageError::UnknownOption(option) => write!(f, "unknown option {option:?}"),
            UsageError::UnexpectedArgument(arg) => write!(f, "unexpected argument {arg:?}"),
            UsageError::MissingRules => f.write_str("--rules needs a rule set, 2021 or 2022"),
            UsageError::BadRules(error) => error.fmt(f),
            UsageError::MissingDepth(subcommand) => write!(f, "{subcommand} needs a depth"),
            UsageError::BadDepth(depth) => {
                write!(f, "depth {depth:?} is not a non-negative integer")
            }
            UsageError::MissingValue(option) => write!(f, "{option} needs a value"),
            UsageError::BadNumber { option, found } => {
                write!(f, "{option} {found:?} is not a non-negative integer")
            }
            UsageError::BadPieceSet(error) => error.fmt(f),
            UsageError::MissingCount => f.write_str("gen needs the number of positions"),
            UsageError::MissingProgram => f.write_str("check needs `-- PROGRAM [ARGS...]` to run"),
            UsageError::BadWeight(setting) => write!(
                f,
                "weight {setting:?} is not NAME=INTEGER (NAME: mobility, attack, lion-attack or a piece name)"
            ),
            UsageError::MissingEngines => {
                f.write_str("match needs two engines: -- ENGINE_A [ARGS] -- ENGINE_B [ARGS]")
            }
            UsageError::UnknownKind(name) => {
                write!(
                    f,
                    "piece kind {name:?} is unknown, expected a piece name such as lion, or all"
                )
            }
            UsageError::NotCheckable(words) => {
                write!(f, "check compares Congo judge subcommands, not {words:?}")
            }
        }
    }
}

impl std::error::Error for UsageError {}

/// Reads the arguments that follow the program name.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let mut args = args
        .into_iter()
        .map(|arg| arg.to_string_lossy().into_owned());
    let mut rules = Rules::default();
    let subcommand = loop {
        let arg = args.next().ok_or(UsageError::MissingSubcommand)?;
        match arg.as_str() {
            "-h" | "--help" | "help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--rules" => {
                let name = args.next().ok_or(UsageError::MissingRules)?;
                rules = name.parse().map_err(UsageError::BadRules)?;
            }
            option if option.starts_with('-') => match option.strip_prefix("--rules=") {
                Some(name) => rules = name.parse().map_err(UsageError::BadRules)?,
                None => return Err(UsageError::UnknownOption(arg)),
            },
            _ => break arg,
        }
    };
    match subcommand.as_str() {
        "gen" => return parse_gen(args).map(Command::Gen),
        "engine" => return parse_engine(args, rules).map(Command::Engine),
        "match" => return parse_match(args, rules).map(Command::Match),
        "wildebeest" => {
            let output = match args.next().as_deref() {
                None => WildebeestOutput::Files,
                Some("--stdout") => WildebeestOutput::Lines,
                Some("--perft") => {
                    WildebeestOutput::Perft(required_depth(&mut args, "wildebeest --perft")?)
                }
                Some(other) => return Err(UsageError::UnexpectedArgument(other.to_owned())),
            };
            return match args.next() {
                Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
                None => Ok(Command::Wildebeest(output)),
            };
        }
        "check" => return parse_check(args, rules).map(Command::Check),
        _ => {}
    }
    let job = match subcommand.as_str() {
        "board" => Job::Board,
        "moves" => Job::Moves,
        "play" => Job::Play,
        "perft" => Job::Perft(required_depth(&mut args, "perft")?),
        "divide" => Job::Divide(required_depth(&mut args, "divide")?),
        "material" => Job::Evaluate(Evaluation::Material),
        "evaluate" => Job::Evaluate(Evaluation::Advanced),
        "minimax" | "alphabeta" => {
            let (evaluation, default, name) = if subcommand == "minimax" {
                (Evaluation::Material, MINIMAX_DEPTH, "minimax")
            } else {
                (Evaluation::Advanced, ALPHABETA_DEPTH, "alphabeta")
            };
            let chosen = match args.next() {
                None => default,
                Some(option) if option == "--depth" => required_depth(&mut args, name)?,
                Some(option) => match option.strip_prefix("--depth=") {
                    Some(text) => parse_depth(text)?,
                    None => return Err(UsageError::UnexpectedArgument(option)),
                },
            };
            Job::Search(evaluation, chosen)
        }
        "show" => Job::Show(parse_show(&mut args)?),
        "best" => {
            let option = args
                .next()
                .ok_or(UsageError::MissingValue("best --depth or --movetime"))?;
            match option.as_str() {
                "--depth" => Job::Best(Limit::Depth(required_depth(&mut args, "best --depth")?)),
                "--movetime" => {
                    let ms: u64 = parse_number("--movetime", &value(&mut args, "--movetime")?)?;
                    Job::Best(Limit::Time(Duration::from_millis(ms)))
                }
                _ => return Err(UsageError::UnexpectedArgument(option)),
            }
        }
        "checkers" => match args.next() {
            None => Job::Checkers(None),
            Some(option) if option == "--perft" => {
                Job::Checkers(Some(required_depth(&mut args, "checkers --perft")?))
            }
            Some(option) => match option.strip_prefix("--perft=") {
                Some(text) => Job::Checkers(Some(parse_depth(text)?)),
                None => return Err(UsageError::UnexpectedArgument(option)),
            },
        },
        name => Kind::from_name(name)
            .map(Job::PieceMoves)
            .ok_or_else(|| UsageError::UnknownSubcommand(name.to_owned()))?,
    };
    match args.next() {
        Some(extra) => Err(UsageError::UnexpectedArgument(extra)),
        None => Ok(Command::Judge(rules, job)),
    }
}

/// `engine [--weak] [--weight NAME=VALUE]...`.
fn parse_engine(
    mut args: impl Iterator<Item = String>,
    rules: Rules,
) -> Result<EngineOptions, UsageError> {
    let mut options = EngineOptions {
        rules,
        weak: false,
        weights: Weights::TUNED,
    };
    while let Some(option) = args.next() {
        match option.as_str() {
            "--weak" => options.weak = true,
            "--weight" => {
                let setting = value(&mut args, "--weight")?;
                let bad = || UsageError::BadWeight(setting.clone());
                let (name, number) = setting.split_once('=').ok_or_else(bad)?;
                let number: i32 = number.parse().map_err(|_| bad())?;
                let weights = &mut options.weights;
                match name {
                    "mobility" => weights.mobility = number,
                    "attack" => weights.attack = number,
                    "lion-attack" => weights.lion_attack = number,
                    _ => match Kind::from_name(name) {
                        Some(kind) if kind != Kind::Lion => weights.values[kind.index()] = number,
                        _ => return Err(bad()),
                    },
                }
            }
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(options)
}

/// `match --games N --movetime MS [--fen FEN] [--opening-plies K] [--seed S]
/// -- A [ARGS] -- B [ARGS]`.
fn parse_match(
    mut args: impl Iterator<Item = String>,
    rules: Rules,
) -> Result<MatchOptions, UsageError> {
    let mut games = 2;
    let mut movetime = 100;
    let mut fen = crate::engine::START.to_owned();
    let mut opening_plies = 2;
    let mut seed = 1;
    loop {
        let option = args.next().ok_or(UsageError::MissingEngines)?;
        match option.as_str() {
            "--" => break,
            "--games" => games = parse_number("--games", &value(&mut args, "--games")?)?,
            "--movetime" => {
                movetime = parse_number("--movetime", &value(&mut args, "--movetime")?)?
            }
            "--fen" => fen = value(&mut args, "--fen")?,
            "--opening-plies" => {
                opening_plies =
                    parse_number("--opening-plies", &value(&mut args, "--opening-plies")?)?
            }
            "--seed" => seed = parse_number("--seed", &value(&mut args, "--seed")?)?,
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    let rest: Vec<String> = args.collect();
    let mut commands = rest.split(|word| word == "--");
    match (commands.next(), commands.next(), commands.next()) {
        (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty() => Ok(MatchOptions {
            games,
            movetime: Duration::from_millis(movetime),
            fen,
            rules,
            opening_plies,
            seed,
            engines: [a.to_vec(), b.to_vec()],
        }),
        _ => Err(UsageError::MissingEngines),
    }
}

/// `show [--unicode] [--moves KIND|all] [--svg DIR]`; stops at the end.
fn parse_show(args: &mut impl Iterator<Item = String>) -> Result<ShowOptions, UsageError> {
    let mut options = ShowOptions::default();
    while let Some(option) = args.next() {
        match option.as_str() {
            "--unicode" => options.unicode = true,
            "--moves" => {
                let name = value(args, "--moves")?;
                options.selection = Some(match name.as_str() {
                    "all" => Selection::All,
                    _ => Selection::Kind(
                        Kind::from_name(&name).ok_or(UsageError::UnknownKind(name))?,
                    ),
                });
            }
            "--svg" => options.svg_dir = Some(PathBuf::from(value(args, "--svg")?)),
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(options)
}

/// `gen N [--seed S] [--pieces SET] [--density D]`.
fn parse_gen(mut args: impl Iterator<Item = String>) -> Result<GenOptions, UsageError> {
    let count = args.next().ok_or(UsageError::MissingCount)?;
    let mut options = GenOptions {
        count: parse_number("gen", &count)?,
        seed: None,
        pieces: PieceSet::Wits2022,
        density: 30,
    };
    while let Some(option) = args.next() {
        match option.as_str() {
            "--seed" => options.seed = Some(parse_number("--seed", &value(&mut args, "--seed")?)?),
            "--density" => {
                let density: u64 = parse_number("--density", &value(&mut args, "--density")?)?;
                options.density = density.min(100);
            }
            "--pieces" => {
                options.pieces = value(&mut args, "--pieces")?
                    .parse()
                    .map_err(UsageError::BadPieceSet)?;
            }
            _ => return Err(UsageError::UnexpectedArgument(option)),
        }
    }
    Ok(options)
}

/// `check SUBCOMMAND [ARGS] [--positions N] [--seed S] [--timeout-ms T] -- PROGRAM [ARGS...]`.
fn parse_check(
    mut args: impl Iterator<Item = String>,
    rules: Rules,
) -> Result<CheckOptions, UsageError> {
    let mut subcommand = Vec::new();
    let mut positions: usize = 1000;
    let mut seed = None;
    let mut timeout_ms = 10_000;
    loop {
        let word = args.next().ok_or(UsageError::MissingProgram)?;
        match word.as_str() {
            "--" => break,
            "--positions" => {
                positions = parse_number("--positions", &value(&mut args, "--positions")?)?
            }
            "--seed" => seed = Some(parse_number("--seed", &value(&mut args, "--seed")?)?),
            "--timeout-ms" => {
                timeout_ms = parse_number("--timeout-ms", &value(&mut args, "--timeout-ms")?)?
            }
            _ => subcommand.push(word),
        }
    }
    let program: Vec<String> = args.collect();
    if program.is_empty() {
        return Err(UsageError::MissingProgram);
    }
    let job = match parse(subcommand.iter().map(OsString::from)) {
        Ok(Command::Judge(_, job))
            if !matches!(job, Job::Checkers(_) | Job::Show(_) | Job::Best(_)) =>
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
        timeout: Duration::from_millis(timeout_ms),
        program,
    })
}

/// The value after `option`.
fn value(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<String, UsageError> {
    args.next().ok_or(UsageError::MissingValue(option))
}

fn parse_number<T: std::str::FromStr>(option: &'static str, text: &str) -> Result<T, UsageError> {
    text.parse().map_err(|_| UsageError::BadNumber {
        option,
        found: text.to_owned(),
    })
}

/// Runs `congo wildebeest`: reads one board file and writes its successors.
fn wildebeest(
    what: WildebeestOutput,
    mut input: impl BufRead,
    output: &mut impl Write,
    errors: &mut impl Write,
) -> u8 {
    let mut text = String::new();
    let board = match input.read_to_string(&mut text) {
        Err(error) => Err(format!("cannot read the board: {error}")),
        Ok(_) => crate::wildebeest::Board::parse(&text).map_err(|error| match error.line() {
            0 => error.to_string(),
            line => format!("line {line}: {error}"),
        }),
    };
    let board = match board {
        Ok(board) => board,
        Err(message) => {
            let _ = writeln!(errors, "congo: {message}");
            return 1;
        }
    };
    let written = match what {
        WildebeestOutput::Perft(depth) => {
            writeln!(output, "{}", crate::wildebeest::perft(&board, depth))
        }
        WildebeestOutput::Lines => crate::wildebeest::successors(&board)
            .iter()
            .try_for_each(|next| writeln!(output, "{}", next.line())),
        WildebeestOutput::Files => crate::wildebeest::successors(&board)
            .iter()
            .enumerate()
            .try_for_each(|(i, next)| std::fs::write(format!("board.{i:03}"), next.file())),
    };
    match written {
        Ok(()) => 0,
        Err(error) => {
            let _ = writeln!(errors, "congo: {error}");
            1
        }
    }
}

/// The next argument, as the depth `subcommand` needs.
fn required_depth(
    args: &mut impl Iterator<Item = String>,
    subcommand: &'static str,
) -> Result<u32, UsageError> {
    parse_depth(&args.next().ok_or(UsageError::MissingDepth(subcommand))?)
}

fn parse_depth(text: &str) -> Result<u32, UsageError> {
    text.parse()
        .map_err(|_| UsageError::BadDepth(text.to_owned()))
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
        Ok(Command::Gen(options)) => match grader::generate(&options, &mut output) {
            Ok(seed) => {
                if options.seed.is_none() {
                    let _ = writeln!(errors, "congo: seed {seed} (repeat with --seed {seed})");
                }
                Ok(Report::default())
            }
            Err(error) => Err(error),
        },
        Ok(Command::Engine(options)) => {
            let rules = options.rules;
            let mut player = if options.weak {
                Player::Weak(Searcher::new(rules, Evaluation::Advanced))
            } else {
                Player::Strong(Box::new(Engine::new(rules, options.weights)))
            };
            engine::play_protocol(&mut player, rules, input, output, &mut errors)
                .map(|()| Report::default())
        }
        Ok(Command::Match(options)) => {
            return match engine::play_match(&options, &mut output) {
                Ok(status) => status,
                Err(error) => {
                    let _ = writeln!(errors, "congo: {error}");
                    1
                }
            };
        }
        Ok(Command::Wildebeest(what)) => return wildebeest(what, input, &mut output, &mut errors),
        Ok(Command::Check(options)) => {
            return match grader::check(&options, &mut output) {
                Ok(status) => status,
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => BROKEN_PIPE_STATUS,
                Err(error) => {
                    let _ = writeln!(errors, "congo: {error}");
                    1
                }
            };
        }
        Ok(Command::Judge(rules, job)) => {
            let (input, output, errors) = (input, output, &mut errors);
            match job {
                Job::Board => judge::run(&Listing, input, output, errors),
                Job::PieceMoves(kind) => judge::run(&PieceMoves::new(kind), input, output, errors),
                Job::Moves => judge::run(&LegalMoves::default(), input, output, errors),
                Job::Play => judge::run(&Play::new(rules), input, output, errors),
                Job::Perft(depth) => judge::run(&Perft { depth, rules }, input, output, errors),
                Job::Divide(depth) => judge::run(&Divide { depth, rules }, input, output, errors),
                Job::Evaluate(evaluation) => {
                    judge::run(&Score::evaluation(evaluation, rules), input, output, errors)
                }
                Job::Search(evaluation, depth) => judge::run(
                    &Score::search(evaluation, depth, rules),
                    input,
                    output,
                    errors,
                ),
                Job::Checkers(perft) => judge::run(&Checkers::new(perft), input, output, errors),
                Job::Best(limit) => judge::run(
                    &Best::new(limit, Engine::new(rules, Weights::TUNED)),
                    input,
                    output,
                    errors,
                ),
                Job::Show(options) => {
                    if let Some(dir) = &options.svg_dir
                        && let Err(error) = std::fs::create_dir_all(dir)
                    {
                        let _ = writeln!(errors, "congo: cannot create {}: {error}", dir.display());
                        return 1;
                    }
                    // Colour is for people at a terminal who have not opted out.
                    let color =
                        io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
                    let style = Style {
                        unicode: options.unicode,
                        color,
                    };
                    judge::run(
                        &Show::new(style, options.selection, options.svg_dir),
                        input,
                        output,
                        errors,
                    )
                }
            }
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

    fn judge(rules: Rules, job: Job) -> Result<Command, UsageError> {
        Ok(Command::Judge(rules, job))
    }

    #[test]
    fn subcommands() {
        let default = Rules::default();
        assert_eq!(parse_words(&["board"]), judge(default, Job::Board));
        assert_eq!(
            parse_words(&["lion"]),
            judge(default, Job::PieceMoves(Kind::Lion))
        );
        assert_eq!(parse_words(&["moves"]), judge(default, Job::Moves));
        assert_eq!(parse_words(&["play"]), judge(default, Job::Play));
        assert_eq!(parse_words(&["perft", "4"]), judge(default, Job::Perft(4)));
        assert_eq!(
            parse_words(&["divide", "0"]),
            judge(default, Job::Divide(0))
        );
        assert_eq!(parse_words(&["--help"]), Ok(Command::Help));
        assert_eq!(parse_words(&["-V"]), Ok(Command::Version));
    }

    #[test]
    fn playing_commands() {
        let engine = |weak, weights| {
            Ok(Command::Engine(EngineOptions {
                rules: Rules::default(),
                weak,
                weights,
            }))
        };
        assert_eq!(parse_words(&["engine"]), engine(false, Weights::TUNED));
        assert_eq!(
            parse_words(&["engine", "--weak"]),
            engine(true, Weights::TUNED)
        );
        let tuned = Weights {
            mobility: 5,
            ..Weights::TUNED
        };
        assert_eq!(
            parse_words(&["engine", "--weight", "mobility=5"]),
            engine(false, tuned)
        );
        assert_eq!(
            parse_words(&["engine", "--weight", "lion=5"]),
            Err(UsageError::BadWeight("lion=5".into()))
        );
        assert_eq!(
            parse_words(&["best", "--depth", "3"]),
            judge(Rules::default(), Job::Best(Limit::Depth(3)))
        );
        assert_eq!(
            parse_words(&["best", "--movetime", "50"]),
            judge(
                Rules::default(),
                Job::Best(Limit::Time(Duration::from_millis(50)))
            )
        );
        let Ok(Command::Match(options)) = parse_words(&[
            "match",
            "--games",
            "4",
            "--movetime",
            "30",
            "--",
            "a",
            "x",
            "--",
            "b",
        ]) else {
            panic!("a match");
        };
        assert_eq!(
            (options.games, options.movetime),
            (4, Duration::from_millis(30))
        );
        assert_eq!(
            options.engines,
            [vec!["a".to_owned(), "x".to_owned()], vec!["b".to_owned()]]
        );
        assert_eq!(options.opening_plies, 2);
        assert_eq!(
            parse_words(&["match", "--", "a", "--"]),
            Err(UsageError::MissingEngines)
        );
    }

    #[test]
    fn rules_come_before_the_subcommand() {
        assert_eq!(
            parse_words(&["--rules", "2021", "play"]),
            judge(Rules::Wits2021, Job::Play)
        );
        assert_eq!(
            parse_words(&["--rules=2022", "pawn"]),
            judge(Rules::Wits2022, Job::PieceMoves(Kind::Pawn))
        );
        assert_eq!(
            parse_words(&["--rules", "2020", "play"]),
            Err(UsageError::BadRules(ParseRulesError("2020".into())))
        );
        assert_eq!(parse_words(&["--rules"]), Err(UsageError::MissingRules));
        assert_eq!(
            parse_words(&["play", "--rules", "2021"]),
            Err(UsageError::UnexpectedArgument("--rules".into()))
        );
    }

    #[test]
    fn usage_errors() {
        assert_eq!(parse_words(&[]), Err(UsageError::MissingSubcommand));
        assert_eq!(
            parse_words(&["king"]),
            Err(UsageError::UnknownSubcommand("king".into()))
        );
        assert_eq!(
            parse_words(&["--fast", "lion"]),
            Err(UsageError::UnknownOption("--fast".into()))
        );
        assert_eq!(
            parse_words(&["lion", "extra"]),
            Err(UsageError::UnexpectedArgument("extra".into()))
        );
        assert_eq!(
            parse_words(&["perft"]),
            Err(UsageError::MissingDepth("perft"))
        );
        assert_eq!(
            parse_words(&["divide", "-1"]),
            Err(UsageError::BadDepth("-1".into()))
        );
        assert_eq!(
            parse_words(&["perft", "3", "4"]),
            Err(UsageError::UnexpectedArgument("4".into()))
        );
    }

    #[test]
    fn help_names_every_subcommand() {
        let names = Kind::ALL.map(Kind::name);
        let others = [
            "board",
            "moves",
            "play",
            "perft",
            "divide",
            "material",
            "minimax",
            "evaluate",
            "alphabeta",
            "checkers",
            "gen",
            "check",
            "engine",
            "best",
            "match",
            "wildebeest",
        ];
        for name in names.iter().chain(&others) {
            assert!(HELP.contains(&format!("\n  {name} ")), "{name}");
        }
    }
}
