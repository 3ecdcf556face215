//! Every subcommand, defined once: its name, its help, and the reader of
//! its arguments. Adding a subcommand is one entry here (and the task or
//! tool it runs).

use super::args::{self, Command, UsageError};
use super::options::*;
use super::options::{Opt, Parsed, Unknown};
use crate::Kind;
use crate::Rules;

/// Reads a subcommand's own arguments (the rule set already read).
pub(super) type Reader = fn(Parsed, Rules) -> Result<Command, UsageError>;

/// A subcommand: how it is called, what it does, and how its arguments
/// are read.
pub struct Subcommand {
    /// The word that names it on the command line.
    pub name: &'static str,
    /// The words after it that are not options, as the usage line shows
    /// them: `D`, `[FEN]`.
    pub operands: &'static str,
    /// Its options, each declared once in [`super::options`].
    pub options: &'static [Opt],
    /// What it does with an option it does not declare.
    pub unknown: Unknown,
    /// What it does, in one paragraph (the help wraps it).
    pub about: &'static str,
    /// The group `congo --help` lists it in.
    pub section: Section,
    /// Whether `--rules` applies: not for the sibling games, which have
    /// one rule set each.
    pub rules: bool,
    /// What it reads on stdin after the count line, for a judge.
    pub input: Option<&'static str>,
    /// Reads the words after the name.
    pub(super) read: Reader,
}

/// The groups `congo --help` lists subcommands in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// One answer per FEN line.
    Judge,
    /// Diagrams and drawings.
    Pictures,
    /// The engine, matches and games.
    Playing,
    /// Two-player Wildebeest, from a board file.
    Wildebeest,
    /// Generating, grading and checking.
    Tools,
}

impl Section {
    pub(super) const ALL: [Section; 5] = [
        Section::Judge,
        Section::Pictures,
        Section::Playing,
        Section::Wildebeest,
        Section::Tools,
    ];

    pub(super) fn title(self) -> &'static str {
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

/// A subcommand answering FEN lines.
const fn judge(
    name: &'static str,
    operands: &'static str,
    options: &'static [Opt],
    about: &'static str,
    read: Reader,
) -> Subcommand {
    Subcommand {
        name,
        operands,
        options,
        unknown: Unknown::Refuse,
        about,
        section: Section::Judge,
        rules: true,
        input: Some(FEN_LINES),
        read,
    }
}

/// The input of most judges.
const FEN_LINES: &str = "a line with N, then N FEN lines (see congo --help)";

/// A sibling game's judge: `--rules` does not apply, and its positions
/// are written its own way.
const fn sibling(subcommand: Subcommand) -> Subcommand {
    Subcommand {
        rules: false,
        input: Some("a line with N, then N positions, one a line"),
        ..subcommand
    }
}

/// A judge whose cases are not one FEN line each, read as `input` says.
const fn reading(input: &'static str, subcommand: Subcommand) -> Subcommand {
    Subcommand {
        input: Some(input),
        ..subcommand
    }
}

/// A subcommand that reads no FEN lines, listed in `section`.
const fn tool(section: Section, subcommand: Subcommand) -> Subcommand {
    Subcommand {
        section,
        input: None,
        ..subcommand
    }
}

/// A subcommand whose words before any `--` include another
/// subcommand's, kept as they are.
const fn wrapping(subcommand: Subcommand) -> Subcommand {
    Subcommand {
        unknown: Unknown::Keep,
        ..subcommand
    }
}

/// The subcommand listing the moves of one kind of piece.
const fn piece(name: &'static str, about: &'static str, read: Reader) -> Subcommand {
    judge(name, "", &[], about, read)
}

/// Every subcommand, in the order `congo --help` lists them.
pub const SUBCOMMANDS: &[Subcommand] = &[
    judge(
        "board",
        "",
        &[],
        "list the pieces of each position and the side to play",
        args::board,
    ),
    piece(
        "lion",
        "the lion moves of the side to move",
        |parsed, rules| args::piece(Kind::Lion, parsed, rules),
    ),
    piece(
        "zebra",
        "the zebra moves of the side to move",
        |parsed, rules| args::piece(Kind::Zebra, parsed, rules),
    ),
    piece(
        "giraffe",
        "the giraffe moves of the side to move",
        |parsed, rules| args::piece(Kind::Giraffe, parsed, rules),
    ),
    piece(
        "pawn",
        "the pawn moves of the side to move",
        |parsed, rules| args::piece(Kind::Pawn, parsed, rules),
    ),
    piece(
        "superpawn",
        "the superpawn moves of the side to move",
        |parsed, rules| args::piece(Kind::Superpawn, parsed, rules),
    ),
    piece(
        "elephant",
        "the elephant moves of the side to move",
        |parsed, rules| args::piece(Kind::Elephant, parsed, rules),
    ),
    piece(
        "crocodile",
        "the crocodile moves of the side to move",
        |parsed, rules| args::piece(Kind::Crocodile, parsed, rules),
    ),
    piece(
        "monkey",
        "the monkey moves of the side to move (a jump chain lists every landing square: b3d5f3)",
        |parsed, rules| args::piece(Kind::Monkey, parsed, rules),
    ),
    judge(
        "moves",
        "[FEN]",
        &[],
        "every legal move of the side to move (none once a lion is taken)",
        args::moves,
    ),
    reading(
        "a line with N, then N pairs of lines: a FEN, then a move",
        judge(
            "play",
            "",
            &[],
            "cases of two lines, a FEN and then a move: the FEN after the move, then Continue, \
             White wins or Black wins",
            args::play,
        ),
    ),
    judge(
        "perft",
        "D",
        &[THREADS],
        "the number of positions D moves deep (D at most 20)",
        args::perft,
    ),
    judge(
        "divide",
        "D",
        &[],
        "each legal move with its perft count D-1 deeper, then the total",
        args::divide,
    ),
    judge(
        "material",
        "",
        &[],
        "Part 4's evaluation: material, for the side to move",
        args::material,
    ),
    judge(
        "minimax",
        "",
        &[MINIMAX_DEPTH],
        "Part 4's search value, 2 moves deep with the material evaluation",
        args::minimax,
    ),
    judge(
        "evaluate",
        "",
        &[],
        "Part 5's evaluation: material, mobility and attack",
        args::evaluate,
    ),
    judge(
        "alphabeta",
        "",
        &[ALPHABETA_DEPTH],
        "Part 5's search value, 4 moves deep with Part 5's evaluation",
        args::alphabeta,
    ),
    sibling(judge(
        "checkers",
        "",
        &[PERFT],
        "Russian checkers: every legal move of each position, given as \
         <row 8>/.../<row 1> <WHITE|BLACK>",
        args::checkers,
    )),
    Subcommand {
        section: Section::Pictures,
        ..judge(
            "show",
            "[FEN]",
            &[
                UNICODE,
                SHOW_MOVES,
                SVG,
                SVG_FORCE,
                SHOW_RECORD,
                GAME_NUMBER,
                PLY,
            ],
            "a diagram of each position (ranks 7 to 1, files a to g, castles in [ ], the river \
             ~); colour only on a terminal, and not when NO_COLOR is set",
            args::show,
        )
    },
    tool(
        Section::Playing,
        judge(
            "engine",
            "",
            &[WEAK, ENGINE_NODES, THREADS, TABLES, CONTEMPT, WEIGHT],
            "speak the Part 7 protocol on stdin/stdout: newgame, position <fen>, moves m1 m2 \
             ..., go <seconds> (answered with a move), quit",
            |parsed, rules| args::engine(parsed, rules).map(Command::Engine),
        ),
    ),
    tool(
        Section::Playing,
        judge(
            "best",
            "[FEN]",
            &[BEST_DEPTH, BEST_MOVETIME, BEST_NODES, THREADS, TABLES],
            "the engine's move for each FEN line: <move> <score> depth <D> nodes <N> (and nps \
             <nodes a second> with --movetime; nothing when the game is over; <move> <score> \
             tablebase <value> from endgame tables)",
            args::best,
        ),
    ),
    tool(
        Section::Playing,
        judge(
            "match",
            "-- ENGINE_A [ARGS] -- ENGINE_B [ARGS], or with --merge: RECORD...",
            &[
                MATCH_MOVETIME,
                GAMES,
                CONCURRENCY,
                MATCH_FEN,
                OPENINGS,
                OPENING_PLIES,
                MATCH_RECORD,
                SHARD,
                MATCH_SEED,
                GO_SECONDS,
                MATCH_TABLES,
                SPRT,
                ALPHA,
                BETA,
                MERGE,
            ],
            "play two engine programs against each other, colours alternating; report each \
             game (A and B as listed first) and the Elo difference",
            args::match_command,
        ),
    ),
    tool(
        Section::Playing,
        judge(
            "openings",
            "N",
            &[OPENINGS_FEN, PLIES, OPENINGS_DEPTH, MARGIN, OPENINGS_SEED],
            "N distinct balanced openings for match --openings, one FEN a line: random plies \
             kept when the assignment's alpha-beta on Part 5's evaluation scores them within \
             the margin for either side; exit 1 if fewer than N were found in 50 tries each",
            args::openings,
        ),
    ),
    tool(
        Section::Playing,
        judge(
            "tune",
            "RECORD...",
            &[SKIP_PLIES, PASSES],
            "fit the engine's evaluation weights to the results of recorded games (match \
             --record; Texel's method): each position labelled with its game's result, the \
             weights walked to the least squared error, the pawn held at 100; prints each \
             weight's change and the matching `congo engine --weight ...` line",
            args::tune,
        ),
    ),
    tool(
        Section::Playing,
        judge(
            "game",
            "",
            &[GAME_FEN, COLOR, GAME_MOVETIME, TABLES, ASCII],
            "play the engine yourself: the board is redrawn after each move (the last one \
             marked), moves are typed as d1d2 and checked; moves, hint, undo, help and quit; \
             the result is announced",
            |parsed, rules| args::game(parsed, rules).map(Command::Game),
        ),
    ),
    tool(
        Section::Wildebeest,
        sibling(judge(
            "wildebeest",
            "",
            &[BOARD_FORCE, STDOUT, PERFT, LINES],
            "every legal successor of a 15-line 2PW board file, written to board.000, \
             board.001, ... here, refusing to touch earlier board.* files unless --force",
            args::wildebeest,
        )),
    ),
    tool(
        Section::Tools,
        judge(
            "tb",
            "generate|probe|summary|verify DIR [MATERIAL...]",
            &[TB_THREADS],
            "endgame tables: generate writes DIR/LZvLP.2022.ctb and so on (every material \
             with at most two pieces beside the lions, both rule sets, when none is named; a \
             named one needs the tables it turns into); probe answers each FEN line with win \
             N, loss N or draw (N plies to a lion's capture) and a best move; summary writes \
             a Markdown table of each table's wins, draws, losses and longest win; verify \
             checks each table against its positions' successors",
            args::tables,
        ),
    ),
    tool(
        Section::Tools,
        judge(
            "gen",
            "N",
            &[GEN_SEED, PIECES, DENSITY],
            "a judge input of N random valid positions (no input read)",
            |parsed, _| args::gen_positions(parsed).map(Command::Gen),
        ),
    ),
    tool(
        Section::Tools,
        wrapping(judge(
            "grade",
            "SUBCOMMAND [ARGS] INPUT OUTPUT...",
            &[IGNORE_SPACE],
            "mark each OUTPUT file against congo's answers to INPUT: cases right of N, the \
             first wrong case with its FEN and the missing and extra moves, and every fault \
             (extra or missing lines, a byte order mark, CRLF, trailing blanks, no final \
             newline, unsorted moves, blank lines at the end); a file passes only if its bytes \
             equal congo's; exit 0 only if every file passes",
            |parsed, rules| args::grade(parsed, rules).map(Command::Grade),
        )),
    ),
    tool(
        Section::Tools,
        wrapping(judge(
            "check",
            "SUBCOMMAND [ARGS] -- PROGRAM [ARGS...]",
            &[POSITIONS, CHECK_SEED, INPUT, TIMEOUT],
            "run PROGRAM on generated positions (or the cases of a file), compare it with \
             congo, and shrink the first disagreement, crash or hang to a small ready-to-run \
             case; progress on stderr",
            |parsed, rules| args::check(parsed, rules).map(Command::Check),
        )),
    ),
];

/// The subcommand called `name`.
pub fn find(name: &str) -> Option<&'static Subcommand> {
    SUBCOMMANDS
        .iter()
        .find(|subcommand| subcommand.name == name)
}
