//! The help texts: one entry per subcommand, from which both `congo --help`
//! and `congo SUBCOMMAND --help` are written.

/// A subcommand's help: how it is called and what it does.
pub struct Subcommand {
    /// The word that names it on the command line.
    pub name: &'static str,
    /// What follows the name on the command line.
    pub arguments: &'static str,
    /// What it does, in lines of at most 62 characters.
    pub about: &'static str,
    /// The group `congo --help` lists it in.
    pub section: Section,
}

/// The groups `congo --help` lists subcommands in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Judge,
    Pictures,
    Playing,
    Wildebeest,
    Tools,
}

impl Section {
    const ALL: [Section; 5] = [
        Section::Judge,
        Section::Pictures,
        Section::Playing,
        Section::Wildebeest,
        Section::Tools,
    ];

    fn title(self) -> &'static str {
        match self {
            Section::Judge => "Subcommands (one answer per FEN; FEN lines on stdin):",
            Section::Pictures => "Pictures:",
            Section::Playing => "Playing (the full rules, 2022 unless --rules 2021):",
            Section::Wildebeest => "Two-player Wildebeest (a board file on stdin, not N lines):",
            Section::Tools => "Tools:",
        }
    }
}

const fn judge(name: &'static str, arguments: &'static str, about: &'static str) -> Subcommand {
    Subcommand {
        name,
        arguments,
        about,
        section: Section::Judge,
    }
}

/// Every subcommand, in the order `congo --help` lists them.
pub const SUBCOMMANDS: &[Subcommand] = &[
    judge(
        "board",
        "",
        "list the pieces of each position and the side to play",
    ),
    judge("lion", "", "the lion moves of the side to move"),
    judge("zebra", "", "the zebra moves of the side to move"),
    judge("giraffe", "", "the giraffe moves of the side to move"),
    judge("pawn", "", "the pawn moves of the side to move"),
    judge("superpawn", "", "the superpawn moves of the side to move"),
    judge("elephant", "", "the elephant moves of the side to move"),
    judge("crocodile", "", "the crocodile moves of the side to move"),
    judge(
        "monkey",
        "",
        "the monkey moves of the side to move (a jump chain lists\nevery landing square: b3d5f3)",
    ),
    judge(
        "moves",
        "[FEN]",
        "every legal move of the side to move (none once a lion is\ntaken)",
    ),
    judge(
        "play",
        "",
        "cases of two lines, a FEN and a move: the FEN after the move,\nthen Continue, White wins or Black wins",
    ),
    judge(
        "perft",
        "D",
        "the number of positions D moves deep (D at most 20)",
    ),
    judge(
        "divide",
        "D",
        "each legal move with its perft count D-1 deeper, then the total",
    ),
    judge(
        "material",
        "",
        "Part 4's evaluation: material, for the side to move",
    ),
    judge(
        "minimax",
        "[--depth D]",
        "Part 4's search value, 2 moves deep with the material\nevaluation (--depth D for another depth, at most 20)",
    ),
    judge(
        "evaluate",
        "",
        "Part 5's evaluation: material, mobility and attack",
    ),
    judge(
        "alphabeta",
        "[--depth D]",
        "Part 5's search value, 4 moves deep with Part 5's evaluation\n(--depth D for another depth, at most 20)",
    ),
    judge(
        "checkers",
        "[--perft D]",
        "Russian checkers: every legal move of each position, given as\n<row 8>/.../<row 1> <WHITE|BLACK> (--perft D: the number of\nmove sequences D deep, at most 20)",
    ),
    Subcommand {
        name: "show",
        arguments: "[--unicode] [--moves KIND|all] [--svg DIR [--force]] [FEN]",
        about: "a diagram of each position (ranks 7 to 1, files a to g, castles\nin [ ], the river ~); --moves marks where the side to move's\nKIND pieces (or all of them) can go: * to an empty square, x a\ncapture; --svg also writes DIR/position-001.svg and so on,\nrefusing to mix them with an earlier run's unless --force;\ncolour only on a terminal, and not when NO_COLOR is set",
        section: Section::Pictures,
    },
    Subcommand {
        name: "engine",
        arguments: "[--weak] [--weight NAME=VALUE]...",
        about: "speak the Part 7 protocol on stdin/stdout: newgame, position\n<fen>, moves m1 m2 ..., go <seconds> (answered with a move),\nquit; --weak plays the assignment's plain depth-4 alpha-beta;\n--weight sets an evaluation weight (mobility, attack,\nlion-attack, or a piece's value, e.g. zebra=300) for tuning",
        section: Section::Playing,
    },
    Subcommand {
        name: "best",
        arguments: "--depth D | --movetime MS [FEN]",
        about: "the engine's move for each FEN: <move> <score> depth <D> nodes <N>\n(none when the game is over)",
        section: Section::Playing,
    },
    Subcommand {
        name: "match",
        arguments: "--games N --movetime MS [--fen FEN] [--opening-plies K]\n[--seed S] [--rules R] [--go-seconds] -- ENGINE_A [ARGS] -- ENGINE_B [ARGS]",
        about: "play engine programs against each other, colours alternating,\neach pair of games after the same K random plies (2), and\nreport each game and the Elo difference; --go-seconds sends\n`go` whole seconds (rounded up) for engines that read an integer",
        section: Section::Playing,
    },
    Subcommand {
        name: "game",
        arguments: "[--fen FEN] [--color white|black] [--movetime MS] [--ascii]",
        about: "play the engine yourself: the board is redrawn after each move\n(the last one marked), moves are typed as d1d2 and checked;\nmoves, hint, undo, help and quit; the engine answers within\nMS (1000) and the result is announced",
        section: Section::Playing,
    },
    Subcommand {
        name: "wildebeest",
        arguments: "[--force | --stdout | --perft D]",
        about: "every legal successor of a 15-line 2PW board file, written to\nboard.000, board.001, ... here, refusing to touch earlier\nboard.* files unless --force (--stdout: one a line, sorted;\n--perft D: the number of move sequences D deep, at most 20)",
        section: Section::Wildebeest,
    },
    Subcommand {
        name: "gen",
        arguments: "N [--seed S] [--pieces 2022|2021|full|LETTERS] [--density PERCENT]",
        about: "a judge input of N random valid positions (no input read)",
        section: Section::Tools,
    },
    Subcommand {
        name: "grade",
        arguments: "SUBCOMMAND [ARGS] INPUT OUTPUT...",
        about: "mark each OUTPUT file against congo's answers to INPUT: cases\nright of N, the first wrong case with its FEN and the missing\nand extra moves, format faults (CRLF, trailing blanks, no final\nnewline, unsorted moves), a table at the end; exit 0 only if\nevery file passes",
        section: Section::Tools,
    },
    Subcommand {
        name: "check",
        arguments: "SUBCOMMAND [ARGS] [--positions N] [--seed S] [--input FILE]\n[--timeout-ms T] -- PROGRAM [ARGS...]",
        about: "run PROGRAM on generated positions (or the cases of FILE),\ncompare it with congo, and shrink the first disagreement,\ncrash or hang to a small ready-to-run case; progress on stderr",
        section: Section::Tools,
    },
];

/// The help entry of the subcommand `name`; the piece subcommands share
/// the lion's shape.
pub fn find(name: &str) -> Option<&'static Subcommand> {
    SUBCOMMANDS
        .iter()
        .find(|subcommand| subcommand.name == name)
}

const HEADER: &str = "\
congo: a fast, exact Congo engine and judge

Usage: congo [--rules 2021|2022] <SUBCOMMAND> [ARGS]   (congo SUBCOMMAND --help for one)
";

const FOOTER: &str = "
Input: a line with N, then N lines with one FEN each (N cases of two lines
  for play), <pieces> <side> <move number>, e.g.
  2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23 (CRLF line ends, a byte order mark,
  surrounding blanks and W/B for the side are accepted). moves, show and
  best also take one FEN as their last argument instead.

Output: board prints one 17-line block per FEN and divide one block per FEN,
  blocks separated by a blank line; the move subcommands print one line per
  FEN, moves sorted as strings and separated by spaces (an empty line when
  there are none).

Bad input: each bad line gets `congo: line N: reason` on stderr (the count
  is line 1); the other lines are still answered in order, with an empty
  line (two for play) in place of a bad case's answer. A position must be
  one the game can reach: at most one lion a side, in its castle (or, once
  the other lion is taken, in that castle), and no more pieces of a kind
  than a side starts with.

Exit status: 0 when every line was answered, 1 on bad input, 2 on a usage
  error.

Options:
  --rules 2021|2022  the rule set: 2022 (the default, also the full game)
                     promotes a pawn on the far rank, 2021 does not
  -h, --help         print this help
  -V, --version      print the version
";

/// The column subcommand descriptions start in.
const INDENT: usize = 14;

/// `congo --help`: every subcommand by section, then the input and output
/// contract.
pub fn general() -> String {
    let mut text = String::from(HEADER);
    for section in Section::ALL {
        text.push('\n');
        text.push_str(section.title());
        text.push('\n');
        for subcommand in SUBCOMMANDS.iter().filter(|s| s.section == section) {
            entry(subcommand, &mut text);
        }
    }
    text.push_str(FOOTER);
    text
}

/// `congo SUBCOMMAND --help`.
pub fn of(subcommand: &Subcommand) -> String {
    let mut text = format!("Usage: congo [--rules 2021|2022] {}", subcommand.name);
    for line in subcommand.arguments.lines() {
        text.push(' ');
        text.push_str(line);
    }
    text.push_str("\n\n");
    for line in subcommand.about.lines() {
        text.push_str(line);
        text.push('\n');
    }
    if subcommand.section == Section::Judge || subcommand.name == "show" {
        text.push_str("\nInput on stdin: a line with N, then N FEN lines (see congo --help).\n");
    }
    text
}

/// One subcommand's lines in the general help.
fn entry(subcommand: &Subcommand, text: &mut String) {
    let mut head = format!("  {}", subcommand.name);
    let mut arguments = subcommand.arguments.lines();
    if let Some(first) = arguments.next() {
        head.push(' ');
        head.push_str(first);
    }
    let rest: Vec<&str> = arguments.collect();
    let inline = head.len() + 2 <= INDENT && rest.is_empty();
    text.push_str(&head);
    if !inline {
        for line in rest {
            text.push_str("\n        ");
            text.push_str(line);
        }
        text.push('\n');
    }
    for (i, line) in subcommand.about.lines().enumerate() {
        let pad = if i == 0 && inline {
            INDENT - head.len()
        } else {
            INDENT
        };
        text.push_str(&" ".repeat(pad));
        text.push_str(line);
        text.push('\n');
    }
}
