//! `congo game`: a person plays the engine in the terminal. The board is
//! drawn after every move, moves are typed as text and checked, and
//! `undo`, `hint`, `moves`, `help` and `quit` are at hand.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value};
use crate::cli::options::{FEN, MOVETIME, TABLES};
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::{Engine, Limit, Weights};
use congo_kit::process;
use congo_kit::text::MAX_LINE;
use congo_pictures::{self as show, Style};
use congo_rules::{Color, Ending, Game, MAX_PLIES, Move, MoveError, PlayError, Position, RuleSet};
use congo_tables::Tablebase;

const START: Opt = FEN.help("start from FEN (default: the 2022 start)");
const COLOR: Opt = Opt::new(
    "--color",
    Value::Text("white|black"),
    "the side you play (default white)",
)
.alias("--colour");
const ENGINE_TIME: Opt = MOVETIME.help("the engine's time a move (default 1000)");
const ASCII: Opt = Opt::new(
    "--ascii",
    Value::Flag,
    "draw with letters instead of figurines",
);

pub(crate) const GAME: Subcommand = Subcommand::tool(
    "game",
    "",
    &[START, COLOR, ENGINE_TIME, TABLES, ASCII],
    "play the engine yourself: the board is redrawn after each move (the last one \
     marked), moves are typed as d1d2 and checked; moves, hint, undo, help and quit; \
     the result is announced",
    read,
)
.in_section(Section::Playing);

/// How `congo game` is played.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameOptions {
    /// The position the game starts from.
    start: Position,
    /// The rule set the game is played by.
    rule_set: RuleSet,
    /// The side the person plays.
    color: Color,
    /// The engine's time for a move.
    movetime: Duration,
    /// How the board is drawn.
    style: Style,
    /// Endgame tables the engine and its hints play from.
    tables: Option<std::path::PathBuf>,
}

fn read(args: &Args) -> Result<Work, UsageError> {
    args.no_operands()?;
    let (_, start) = args.fen_option(&START, congo_rules::START)?;
    let color = match args.text(&COLOR).as_deref() {
        None | Some("white" | "w") => Color::White,
        Some("black" | "b") => Color::Black,
        Some(name) => return Err(UsageError::BadColor(name.to_owned())),
    };
    let options = GameOptions {
        start,
        rule_set: args.rule_set,
        color,
        movetime: Duration::from_millis(args.whole(&ENGINE_TIME)?.unwrap_or(1000)),
        style: Style {
            unicode: !args.has(&ASCII),
            ..Style::default()
        },
        tables: args.tables(&TABLES),
    };
    Ok(Work::tool(move |io| {
        let options = GameOptions {
            style: Style {
                color: io.terminal.color_output,
                ..options.style
            },
            ..options
        };
        let played = play_by_hand(&options, &mut *io.input, &mut io.output);
        io.finish(played)
    }))
}

/// What a person may type; each line within 80 columns.
const COMMANDS: &str = "Type a move such as d1d2, B2B3 or b2-b3 (a monkey's jumps as b3d5f3),\nor a command: moves (list them), hint, undo (take back your last move),\nhelp, quit.";

/// How a game's end is announced.
fn announce(ending: Ending) -> String {
    let article = if ending.winner().is_none() { "a " } else { "" };
    format!("Game over: {article}{}.", ending.describe())
}

/// Plays one game, reading the person's commands from `input` and drawing
/// on `output`, until the game ends, `quit`, or the end of input.
fn play_by_hand(
    options: &GameOptions,
    mut input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    let rule_set = options.rule_set;
    let tables = options
        .tables
        .as_deref()
        .map(|dir| Arc::new(Tablebase::new(dir, rule_set)));
    let mut engine = Engine::new(rule_set, Weights::TUNED).with_endgame_tables(tables.clone());
    let mut game = Game::new(options.start.clone(), rule_set).with_max_plies(Some(MAX_PLIES));
    let mut scratch = Vec::new();
    let mut line = Vec::new();
    writeln!(
        output,
        "You play {} under the {rule_set} rules; congo answers in {} ms.\n{COMMANDS}",
        options.color.name(),
        options.movetime.as_millis()
    )?;
    // The board is drawn again only when a move was made or taken back.
    let mut changed = true;
    loop {
        let position = game.position().clone();
        if changed {
            let style = Style {
                last_move: game.last_move(),
                ..options.style
            };
            let mut board = String::new();
            show::diagram(&position, None, style, &mut board);
            writeln!(output, "\n{board}")?;
            if let Some(ending) = game.ending() {
                writeln!(output, "{}", announce(ending))?;
                return output.flush();
            }
        }
        changed = false;
        if position.side != options.color {
            let history = game.earlier_keys();
            let Some(choice) = engine.choose(&position, Limit::Time(options.movetime), &history)
            else {
                continue;
            };
            writeln!(output, "congo plays {}", choice.best)?;
            // The engine only chooses legal moves of a game that goes on.
            let _ = game.play(choice.best);
            changed = true;
            continue;
        }
        write!(output, "{} to move> ", position.side.name())?;
        output.flush()?;
        let Some(cut) = process::read_bounded_line(&mut input, &mut line, MAX_LINE)? else {
            writeln!(output)?;
            return output.flush();
        };
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        match text {
            _ if cut => writeln!(output, "That line is too long.\n{COMMANDS}")?,
            "" => {}
            "quit" | "exit" => return output.flush(),
            "help" | "?" => writeln!(output, "{COMMANDS}")?,
            "moves" => {
                scratch.clear();
                position.legal_moves(&mut scratch);
                let list: Vec<String> = scratch.iter().map(Move::to_string).collect();
                writeln!(output, "Your moves: {}", list.join(" "))?;
            }
            "hint" => {
                let mut helper =
                    Engine::new(rule_set, Weights::TUNED).with_endgame_tables(tables.clone());
                let limit = Limit::Time(options.movetime / 2);
                if let Some(choice) = helper.choose(&position, limit, &[]) {
                    match choice.tablebase {
                        Some(value) => {
                            writeln!(output, "Hint: {} (endgame tables: {value})", choice.best)?
                        }
                        None => writeln!(output, "Hint: {}", choice.best)?,
                    }
                }
            }
            "undo" => {
                // Back to the person's previous turn: their move, and the
                // engine's reply if it made one.
                let positions = game.positions();
                let back_to = positions[..positions.len() - 1]
                    .iter()
                    .rposition(|p| p.side == options.color);
                match back_to {
                    Some(index) => {
                        while game.moves().len() > index {
                            game.undo();
                        }
                        writeln!(output, "Taken back.")?;
                        changed = true;
                    }
                    None => writeln!(output, "There is no move of yours to take back.")?,
                }
            }
            _ => match game.play_text(&as_typed_move(text)) {
                Ok(_) => changed = true,
                Err(error) => writeln!(output, "{}", explain(&error, &position, text))?,
            },
        }
    }
}

/// A move as people type it, in congo's form: `B2B3`, `b2-b3` and `b2 b3`
/// all become `b2b3` (letters lowered, dashes and blanks between squares
/// dropped). Anything else is left as it is, to be explained.
fn as_typed_move(text: &str) -> String {
    let squares: String = text
        .chars()
        .filter(|c| *c != '-' && !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let looks_like_squares = squares.len() >= 4
        && squares.len().is_multiple_of(2)
        && squares
            .as_bytes()
            .chunks(2)
            .all(|pair| matches!(pair, [b'a'..=b'g', b'1'..=b'7']));
    if looks_like_squares {
        squares
    } else {
        text.to_owned()
    }
}

/// A friendlier word on a move that cannot be played: the moves of the
/// piece on its start square, or of the side.
fn explain(error: &PlayError, position: &Position, text: &str) -> String {
    match error {
        PlayError::Move(MoveError::Malformed(_)) => {
            format!("\"{text}\" is not a move or a command.\n{COMMANDS}")
        }
        PlayError::Move(MoveError::GameOver(_)) | PlayError::Ended(..) => {
            "The game is over.".to_owned()
        }
        PlayError::Move(MoveError::Illegal(_)) => {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let from = &text[..2];
            let own: Vec<String> = moves
                .iter()
                .map(Move::to_string)
                .filter(|m| m.starts_with(from))
                .collect();
            if own.is_empty() {
                format!(
                    "{text} is not legal: no piece of yours on {from} can move. Type moves to list them."
                )
            } else {
                format!(
                    "{text} is not legal. The piece on {from} can play: {}",
                    own.join(" ")
                )
            }
        }
    }
}
