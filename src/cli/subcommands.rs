//! Every subcommand, defined once: its name, its help, and the reader of
//! its arguments. Adding a subcommand is one entry here (and the task or
//! tool it runs).

use super::args::{self, Args, Command, UsageError};
use crate::Kind;
use crate::Rules;

/// Reads a subcommand's own arguments (the rule set already read).
pub(super) type Reader = fn(Args, Rules) -> Result<Command, UsageError>;

/// A subcommand: how it is called, what it does, and how its arguments
/// are read.
pub struct Subcommand {
    /// The word that names it on the command line.
    pub name: &'static str,
    /// What follows the name on the command line.
    pub arguments: &'static str,
    /// What it does, in lines of at most 62 characters.
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
    arguments: &'static str,
    about: &'static str,
    read: Reader,
) -> Subcommand {
    Subcommand {
        name,
        arguments,
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

/// The subcommand listing the moves of one kind of piece.
const fn piece(name: &'static str, about: &'static str, read: Reader) -> Subcommand {
    judge(name, "", about, read)
}

/// Every subcommand, in the order `congo --help` lists them.
pub const SUBCOMMANDS: &[Subcommand] = &[
    judge(
        "board",
        "",
        "list the pieces of each position and the side to play",
        args::board,
    ),
    piece(
        "lion",
        "the lion moves of the side to move",
        |args, rules| args::piece(Kind::Lion, args, rules),
    ),
    piece(
        "zebra",
        "the zebra moves of the side to move",
        |args, rules| args::piece(Kind::Zebra, args, rules),
    ),
    piece(
        "giraffe",
        "the giraffe moves of the side to move",
        |args, rules| args::piece(Kind::Giraffe, args, rules),
    ),
    piece(
        "pawn",
        "the pawn moves of the side to move",
        |args, rules| args::piece(Kind::Pawn, args, rules),
    ),
    piece(
        "superpawn",
        "the superpawn moves of the side to move",
        |args, rules| args::piece(Kind::Superpawn, args, rules),
    ),
    piece(
        "elephant",
        "the elephant moves of the side to move",
        |args, rules| args::piece(Kind::Elephant, args, rules),
    ),
    piece(
        "crocodile",
        "the crocodile moves of the side to move",
        |args, rules| args::piece(Kind::Crocodile, args, rules),
    ),
    piece(
        "monkey",
        "the monkey moves of the side to move (a jump chain lists\nevery landing square: b3d5f3)",
        |args, rules| args::piece(Kind::Monkey, args, rules),
    ),
    judge(
        "moves",
        "[FEN]",
        "every legal move of the side to move (none once a lion is\ntaken)",
        args::moves,
    ),
    reading(
        "a line with N, then N pairs of lines: a FEN, then a move",
        judge(
            "play",
            "",
            "cases of two lines, a FEN and then a move: the FEN after the\nmove, then Continue, White wins or Black wins",
            args::play,
        ),
    ),
    judge(
        "perft",
        "D",
        "the number of positions D moves deep (D at most 20)",
        args::perft,
    ),
    judge(
        "divide",
        "D",
        "each legal move with its perft count D-1 deeper, then the total",
        args::divide,
    ),
    judge(
        "material",
        "",
        "Part 4's evaluation: material, for the side to move",
        args::material,
    ),
    judge(
        "minimax",
        "[--depth D]",
        "Part 4's search value, 2 moves deep with the material\nevaluation (--depth D for another depth, at most 20)",
        args::minimax,
    ),
    judge(
        "evaluate",
        "",
        "Part 5's evaluation: material, mobility and attack",
        args::evaluate,
    ),
    judge(
        "alphabeta",
        "[--depth D]",
        "Part 5's search value, 4 moves deep with Part 5's evaluation\n(--depth D for another depth, at most 20)",
        args::alphabeta,
    ),
    sibling(judge(
        "checkers",
        "[--perft D]",
        "Russian checkers: every legal move of each position, given as\n<row 8>/.../<row 1> <WHITE|BLACK> (--perft D: the number of\nmove sequences D deep, at most 20)",
        args::checkers,
    )),
    Subcommand {
        name: "show",
        arguments: "[--unicode] [--moves KIND|all] [--svg DIR [--force]] [FEN]\n| --record FILE [--game N] [--ply K]",
        about: "a diagram of each position (ranks 7 to 1, files a to g, castles\nin [ ], the river ~); --moves marks where the side to move's\nKIND pieces (or all of them) can go: * to an empty square, x a\ncapture; --svg also writes DIR/position-001.svg and so on,\nrefusing to mix them with an earlier run's unless --force;\ncolour only on a terminal, and not when NO_COLOR is set",
        section: Section::Pictures,
        rules: true,
        input: Some(FEN_LINES),
        read: args::show,
    },
    Subcommand {
        name: "engine",
        arguments: "[--weak] [--nodes N] [--threads N] [--tb DIR] [--weight NAME=VALUE]...",
        about: "speak the Part 7 protocol on stdin/stdout: newgame, position\n<fen>, moves m1 m2 ..., go <seconds> (answered with a move),\nquit; --weak plays the assignment's plain depth-4 alpha-beta;\n--nodes N searches exactly N nodes a move whatever go says (the\nsame games on any machine); --threads N searches with N\nthreads (lazy SMP); --tb DIR plays from endgame tables;\n--weight sets an evaluation weight (mobility, attack,\nlion-attack, pawn-advance, river, lion-guard, or a piece's\nvalue, e.g. zebra=300) for tuning",
        section: Section::Playing,
        rules: true,
        input: None,
        read: |args, rules| args::engine(args, rules).map(Command::Engine),
    },
    Subcommand {
        name: "best",
        arguments: "--depth D | --movetime MS | --nodes N [--threads N] [--tb DIR] [FEN]",
        about: "the engine's move for each FEN: <move> <score> depth <D> nodes <N>\n(and nps <nodes a second> with --movetime; none when the game\nis over; <move> <score> tablebase <value> from endgame tables);\n--threads N searches with N threads (lazy SMP)",
        section: Section::Playing,
        rules: true,
        input: None,
        read: args::best,
    },
    Subcommand {
        name: "match",
        arguments: "--movetime MS[,MS_B] [--games N] [--concurrency C]\n[--fen FEN | --openings FILE] [--opening-plies K] [--record FILE]\n[--shard I/N] [--seed S] [--rules R] [--go-seconds] [--tb DIR]\n[--sprt ELO0 ELO1 [--alpha A] [--beta B]] -- ENGINE_A [ARGS] -- ENGINE_B [ARGS]\n| --merge RECORD... [--sprt ELO0 ELO1 [--alpha A] [--beta B]]",
        about: "play engine programs against each other, MS milliseconds a move\n(required; MS,MS_B gives B its own time), N games (2), C at once\n(1), colours alternating, each pair of games after the same K\nrandom plies (2); report each game (A and B as listed first) and\nthe Elo difference; --go-seconds sends `go` whole seconds\n(rounded up) for engines that read an integer; --openings plays\neach FEN line of FILE twice, colours swapped (no random plies\nunless asked); --tb ends games the endgame tables decide; --sprt\nstops once a test on game pairs decides whether A gains ELO1 or\nonly ELO0 (alpha = beta = 0.05 unless given); --shard I/N plays\nonly pairs I, I+N, ... (needs --record); --merge reports on the\nrecords of shards as one match",
        section: Section::Playing,
        rules: true,
        input: None,
        read: args::match_command,
    },
    Subcommand {
        name: "openings",
        arguments: "N [--fen FEN] [--plies K] [--depth D] [--margin CP] [--seed S]",
        about: "N distinct balanced openings for match --openings, one FEN a\nline: K (8) random plies from FEN (the 2022 start), kept when\nthe assignment's depth-D (4) alpha-beta on Part 5's evaluation\nscores them within CP (100) for either side; the same seed (1) gives the same file; exit 1\nif fewer than N were found in 50 tries each",
        section: Section::Playing,
        rules: true,
        input: None,
        read: args::openings,
    },
    Subcommand {
        name: "tune",
        arguments: "RECORD... [--skip-plies K] [--passes P]",
        about: "fit the engine's evaluation weights to the results of recorded\ngames (match --record; Texel's method): every position past\nply K (8) labelled with its game's result, the weights walked\nto the least squared error in at most P (200) passes, the\npawn held at 100; prints each weight's change and the\nmatching `congo engine --weight ...` line",
        section: Section::Playing,
        rules: true,
        input: None,
        read: args::tune,
    },
    Subcommand {
        name: "game",
        arguments: "[--fen FEN] [--color white|black] [--movetime MS] [--ascii]",
        about: "play the engine yourself: the board is redrawn after each move\n(the last one marked), moves are typed as d1d2 and checked;\nmoves, hint, undo, help and quit; the engine answers within\nMS (1000) and the result is announced",
        section: Section::Playing,
        rules: true,
        input: None,
        read: |args, rules| args::game(args, rules).map(Command::Game),
    },
    Subcommand {
        name: "wildebeest",
        arguments: "[--force | --stdout | --perft D] | --lines [--perft D]",
        about: "every legal successor of a 15-line 2PW board file, written to\nboard.000, board.001, ... here, refusing to touch earlier\nboard.* files unless --force (--stdout: one a line, sorted;\n--perft D: the number of move sequences D deep, at most 20);\n--lines reads N boards in the one-line form --stdout writes,\nafter a line with N, and answers each with one line: its\nsuccessors' rows, sorted, or with --perft D the count",
        section: Section::Wildebeest,
        rules: false,
        input: None,
        read: args::wildebeest,
    },
    Subcommand {
        name: "tb",
        arguments: "generate DIR [MATERIAL...] [--threads N] | probe DIR |\nsummary DIR [MATERIAL...] | verify DIR [MATERIAL...]",
        about: "endgame tables: generate writes DIR/LZvLP.2022.ctb and so on\n(every material with at most two pieces beside the lions, both\nrule sets, when none is named; a named one needs the tables it\nturns into); probe answers each FEN line with win N, loss N or\ndraw (N plies to a lion's capture) and a best move; summary\nwrites a Markdown table of each table's wins, draws, losses\nand longest win; verify checks each table against its\npositions' successors",
        section: Section::Tools,
        rules: true,
        input: None,
        read: args::tables,
    },
    Subcommand {
        name: "gen",
        arguments: "N [--seed S] [--pieces 2022|2021|full|LETTERS] [--density PERCENT]",
        about: "a judge input of N random valid positions (no input read)",
        section: Section::Tools,
        rules: true,
        input: None,
        read: |args, _| args::gen_positions(args).map(Command::Gen),
    },
    Subcommand {
        name: "grade",
        arguments: "[--ignore-space] SUBCOMMAND [ARGS] INPUT OUTPUT...",
        about: "mark each OUTPUT file against congo's answers to INPUT: cases\nright of N, the first wrong case with its FEN and the missing\nand extra moves, and every fault (extra or missing lines, a\nbyte order mark, CRLF, trailing blanks, no final newline,\nunsorted moves, blank lines at the end); a file passes only if\nits bytes equal congo's (--ignore-space: blank-space faults are\noverlooked, as lenient autograders do); exit 0 only if every\nfile passes",
        section: Section::Tools,
        rules: true,
        input: None,
        read: |args, rules| args::grade(args, rules).map(Command::Grade),
    },
    Subcommand {
        name: "check",
        arguments: "SUBCOMMAND [ARGS] [--positions N] [--seed S] [--input FILE]\n[--timeout-ms T] -- PROGRAM [ARGS...]",
        about: "run PROGRAM on generated positions (or the cases of FILE),\ncompare it with congo, and shrink the first disagreement,\ncrash or hang to a small ready-to-run case; progress on stderr",
        section: Section::Tools,
        rules: true,
        input: None,
        read: |args, rules| args::check(args, rules).map(Command::Check),
    },
];

/// The subcommand called `name`.
pub fn find(name: &str) -> Option<&'static Subcommand> {
    SUBCOMMANDS
        .iter()
        .find(|subcommand| subcommand.name == name)
}
