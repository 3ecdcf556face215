//! `congo game`: a person plays the engine in the terminal. The board is
//! drawn after every move, moves are typed as text and checked, and
//! `undo`, `hint`, `moves`, `help` and `quit` are at hand.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

use crate::cli::args::{Args, tables_in};
use crate::cli::option::{Opt, Value};
use crate::cli::options::{FEN, MOVETIME, TABLES};
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::{Engine, Limit};
use congo_kit::process;
use congo_kit::text::MAX_LINE;
use congo_pictures::{self as show, Style};
use congo_rules::endgame::EndgameTables;
use congo_rules::{Color, Ending, Game, MAX_PLIES, Move, MoveError, PlayError, Position, RuleSet};

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
    let mut play = ByHand::new(options, output);
    let mut line = Vec::new();
    writeln!(
        play.output,
        "You play {} under the {} rules; congo answers in {} ms.\n{COMMANDS}",
        options.color.name(),
        options.rule_set,
        options.movetime.as_millis()
    )?;
    // The board is drawn again only when a move was made or taken back.
    let mut changed = true;
    loop {
        let position = play.game.position().clone();
        if changed && play.draw(&position)? {
            return play.output.flush();
        }
        changed = false;
        if position.side != options.color {
            changed = play.engine_moves(&position)?;
            continue;
        }
        write!(play.output, "{} to move> ", position.side.name())?;
        play.output.flush()?;
        let Some(cut) = process::read_bounded_line(&mut input, &mut line, MAX_LINE)? else {
            writeln!(play.output)?;
            return play.output.flush();
        };
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        match text {
            _ if cut => writeln!(play.output, "That line is too long.\n{COMMANDS}")?,
            "" => {}
            "quit" | "exit" => return play.output.flush(),
            "help" | "?" => writeln!(play.output, "{COMMANDS}")?,
            "moves" => play.list_moves(&position)?,
            "hint" => play.hint(&position)?,
            "undo" => changed = play.undo()?,
            _ => changed = play.person_moves(&position, text)?,
        }
    }
}

/// A game a person plays in the terminal: the engine they play, the game
/// so far, and where it is drawn.
struct ByHand<'a, W: Write> {
    options: &'a GameOptions,
    output: &'a mut W,
    /// The endgame tables, for the engine and its hints.
    tables: Option<Arc<dyn EndgameTables>>,
    engine: Engine,
    game: Game,
    /// The legal moves, when listed.
    scratch: Vec<Move>,
}

impl<'a, W: Write> ByHand<'a, W> {
    /// The game from the start `options` give, drawn on `output`.
    fn new(options: &'a GameOptions, output: &'a mut W) -> ByHand<'a, W> {
        let rule_set = options.rule_set;
        let tables = (options.tables.as_deref()).map(|dir| tables_in(dir, rule_set));
        let engine = Engine::shipped(rule_set).with_endgame_tables(tables.clone());
        let game = Game::new(options.start.clone(), rule_set).with_max_plies(Some(MAX_PLIES));
        ByHand {
            options,
            output,
            tables,
            engine,
            game,
            scratch: Vec::new(),
        }
    }

    /// Draws the board at `position`, the last move marked, and announces
    /// the end if the game is over; whether it is.
    fn draw(&mut self, position: &Position) -> io::Result<bool> {
        let style = Style {
            last_move: self.game.last_move(),
            ..self.options.style
        };
        let mut board = String::new();
        show::diagram(position, None, style, &mut board);
        writeln!(self.output, "\n{board}")?;
        let Some(ending) = self.game.ending() else {
            return Ok(false);
        };
        writeln!(self.output, "{}", announce(ending))?;
        Ok(true)
    }

    /// The engine's move at `position`, said and played; whether it made
    /// one.
    fn engine_moves(&mut self, position: &Position) -> io::Result<bool> {
        let history = self.game.history();
        let limit = Limit::Time(self.options.movetime);
        let Some(choice) = self.engine.choose(position, limit, &history) else {
            return Ok(false);
        };
        writeln!(self.output, "congo plays {}", choice.best)?;
        // The engine only chooses legal moves of a game that goes on.
        let _ = self.game.play(choice.best);
        Ok(true)
    }

    /// Lists the person's legal moves at `position`.
    fn list_moves(&mut self, position: &Position) -> io::Result<()> {
        self.scratch.clear();
        position.legal_moves(&mut self.scratch);
        let list: Vec<String> = self.scratch.iter().map(Move::to_string).collect();
        writeln!(self.output, "Your moves: {}", list.join(" "))
    }

    /// Suggests a move at `position`: a fresh engine's choice in half the
    /// engine's time, with the tables' verdict where they know it.
    fn hint(&mut self, position: &Position) -> io::Result<()> {
        let rule_set = self.options.rule_set;
        let mut adviser = Engine::shipped(rule_set).with_endgame_tables(self.tables.clone());
        let limit = Limit::Time(self.options.movetime / 2);
        if let Some(choice) = adviser.choose(position, limit, &self.game.history()) {
            match choice.tablebase {
                Some(value) => writeln!(
                    self.output,
                    "Hint: {} (endgame tables: {value})",
                    choice.best
                )?,
                None => writeln!(self.output, "Hint: {}", choice.best)?,
            }
        }
        Ok(())
    }

    /// Takes the game back to the person's previous turn: their move, and
    /// the engine's reply if it made one; whether there was one to take.
    fn undo(&mut self) -> io::Result<bool> {
        let positions = self.game.positions();
        let back_to = positions[..positions.len() - 1]
            .iter()
            .rposition(|p| p.side == self.options.color);
        let Some(index) = back_to else {
            writeln!(self.output, "There is no move of yours to take back.")?;
            return Ok(false);
        };
        while self.game.moves().len() > index {
            self.game.undo();
        }
        writeln!(self.output, "Taken back.")?;
        Ok(true)
    }

    /// Plays the move the person typed as `text` at `position`, or says
    /// why it cannot be played; whether it was.
    fn person_moves(&mut self, position: &Position, text: &str) -> io::Result<bool> {
        match self.game.play_text(&as_typed_move(text)) {
            Ok(_) => Ok(true),
            Err(error) => {
                writeln!(self.output, "{}", explain(&error, position, text))?;
                Ok(false)
            }
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
