//! `congo show`: a diagram of each position (and an SVG drawing with
//! `--svg DIR`), or of a recorded game with `--record FILE`.

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::subcommand::{FEN_LINES, Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_judges::{DrawingsFolder, Positions, Show, ShowOptions};
use congo_pictures::{Selection, Style, recorded_diagram};
use congo_rules::Kind;

const UNICODE: Opt = Opt::new(
    "--unicode",
    Value::Flag,
    "draw the pieces as chess figurines",
);
const MOVES: Opt = Opt::new(
    "--moves",
    Value::Text("KIND|all"),
    "mark where the side to move's KIND pieces (or all) can go: * to an \
     empty square, x beside a piece it captures",
);
const SVG: Opt = Opt::new(
    "--svg",
    Value::Path("DIR"),
    "also write DIR/position-001.svg and so on",
);
const FORCE: Opt = Opt::new(
    "--force",
    Value::Flag,
    "with --svg, replace the pictures of an earlier run",
);
const RECORD: Opt = Opt::new(
    "--record",
    Value::Path("FILE"),
    "draw a game of a match record (match --record) instead",
);
const GAME: Opt = Opt::new(
    "--game",
    whole("N", 1, u64::MAX),
    "with --record, game N (default 1)",
);
const PLY: Opt = Opt::new(
    "--ply",
    whole("K", 0, u64::MAX),
    "with --record, the position after K plies (default: the last)",
);

pub(crate) const SHOW: Subcommand = Subcommand::tool(
    "show",
    "[FEN]",
    &[UNICODE, MOVES, SVG, FORCE, RECORD, GAME, PLY],
    "a diagram of each position (ranks 7 to 1, files a to g, castles in [ ], the river \
     ~); colour only on a terminal, and not when NO_COLOR is set",
    read,
)
.in_section(Section::Pictures)
.reading(FEN_LINES);

fn read(args: &Args) -> Result<Work, UsageError> {
    let style = Style {
        unicode: args.has(&UNICODE),
        ..Style::default()
    };
    let selection = match args.text(&MOVES) {
        None => None,
        Some(name) if name == "all" => Some(Selection::All),
        Some(name) => Some(Selection::Kind(
            Kind::from_name(&name).ok_or(UsageError::UnknownKind(name))?,
        )),
    };
    let game = args.whole(&GAME)?;
    let ply = args.whole(&PLY)?;
    let Some(path) = args.path(&RECORD) else {
        if game.is_some() || ply.is_some() {
            return Err(UsageError::Required(
                "show --game and --ply",
                "--record FILE",
            ));
        }
        // Colour for a terminal, and never a drawing over the file the
        // positions are read from.
        let options = ShowOptions {
            style: Style {
                color: args.terminal.color_output,
                ..style
            },
            selection,
            drawings: args.path(&SVG).map(|dir| DrawingsFolder {
                dir,
                force: args.has(&FORCE),
                input_file: args.terminal.input_file,
            }),
        };
        let show = Show::new(options);
        return Work::judge_of_fen(args, Positions::boxed(args.rules(), show));
    };
    args.fen_operand()?;
    let rule_set = args.rule_set;
    Ok(Work::tool(move |io| {
        let style = Style {
            color: io.terminal.color_output,
            ..style
        };
        match recorded_diagram(&path, game.unwrap_or(1), ply, selection, style, rule_set) {
            Ok(text) => {
                let written = io.output.write_all(text.as_bytes());
                io.finish(written)
            }
            Err(error) => io.fail(error),
        }
    }))
}
