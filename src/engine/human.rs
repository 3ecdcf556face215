//! `congo game`: a person plays the engine in the terminal. The board is
//! drawn after every move, moves are typed as text and checked, and
//! `undo`, `hint`, `moves`, `help` and `quit` are at hand.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

use super::search::{Engine, Limit};
use super::{BARE_LIONS, MOVES_EACH, Weights};
use crate::show::{self, Style};
use crate::tablebase::Tablebase;
use crate::{Color, Move, MoveError, Position, Rules, Status, zobrist};

/// How `congo game` is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOptions {
    /// The position the game starts from.
    pub start: Position,
    /// The rule set the game is played by.
    pub rules: Rules,
    /// The side the person plays.
    pub color: Color,
    /// The engine's time for a move.
    pub movetime: Duration,
    /// How the board is drawn.
    pub style: Style,
    /// Endgame tables the engine and its hints play from.
    pub tables: Option<std::path::PathBuf>,
}

/// The longest line a person may type.
const MAX_INPUT_LINE: usize = 4096;

/// What a person may type; each line within 80 columns.
const COMMANDS: &str = "Type a move such as d1d2, B2B3 or b2-b3 (a monkey's jumps as b3d5f3),\nor a command: moves (list them), hint, undo (take back your last move),\nhelp, quit.";

/// How a game ended.
fn outcome(position: &Position, moves_played: usize, scratch: &mut Vec<Move>) -> Option<String> {
    match position.status() {
        Status::WhiteWins | Status::BlackWins => {
            return Some(format!("Game over: {}.", position.status().describe()));
        }
        Status::Ongoing => {}
    }
    if position.is_bare_lions_draw() {
        return Some(format!("Game over: a {BARE_LIONS}."));
    }
    if moves_played >= 2 * MOVES_EACH {
        return Some(format!("Game over: a draw after {MOVES_EACH} moves each."));
    }
    scratch.clear();
    position.legal_moves(scratch);
    scratch.is_empty().then(|| {
        format!(
            "Game over: {} has no legal move and loses.",
            position.side.name()
        )
    })
}

/// Plays one game, reading the person's commands from `input` and drawing
/// on `output`, until the game ends, `quit`, or the end of input.
pub fn play_by_hand(
    options: &GameOptions,
    mut input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    let rules = options.rules;
    let tables = options
        .tables
        .as_deref()
        .map(|dir| Arc::new(Tablebase::new(dir, rules)));
    let mut engine = Engine::new(rules, Weights::TUNED).with_tables(tables.clone());
    // The positions of the game so far, the first being the start, and the
    // move that led to each later one.
    let mut positions = vec![options.start.clone()];
    let mut played: Vec<Move> = Vec::new();
    let mut scratch = Vec::new();
    let mut line = Vec::new();
    writeln!(
        output,
        "You play {} under the {rules} rules; congo answers in {} ms.\n{COMMANDS}",
        options.color.name(),
        options.movetime.as_millis()
    )?;
    // The board is drawn again only when a move was made or taken back.
    let mut changed = true;
    loop {
        let position = positions
            .last()
            .cloned()
            .unwrap_or_else(|| options.start.clone());
        if changed {
            let style = Style {
                last_move: played.last().copied(),
                ..options.style
            };
            let mut board = String::new();
            show::diagram(&position, None, style, &mut board);
            writeln!(output, "\n{board}")?;
            if let Some(end) = outcome(&position, played.len(), &mut scratch) {
                writeln!(output, "{end}")?;
                return output.flush();
            }
        }
        changed = false;
        if position.side != options.color {
            let history: Vec<u64> = positions[..positions.len() - 1]
                .iter()
                .map(|p| zobrist::hash(&p.board, p.side))
                .collect();
            let Some(choice) = engine.choose(&position, Limit::Time(options.movetime), &history)
            else {
                continue;
            };
            writeln!(output, "congo plays {}", choice.best)?;
            positions.push(position.play_unchecked(choice.best, rules));
            played.push(choice.best);
            changed = true;
            continue;
        }
        write!(output, "{} to move> ", position.side.name())?;
        output.flush()?;
        let Some(cut) = crate::process::read_bounded_line(&mut input, &mut line, MAX_INPUT_LINE)?
        else {
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
                let mut helper = Engine::new(rules, Weights::TUNED).with_tables(tables.clone());
                let limit = Limit::Time(options.movetime / 2);
                if let Some(choice) = helper.choose(&position, limit, &[]) {
                    match choice.table {
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
                let back_to = positions[..positions.len() - 1]
                    .iter()
                    .rposition(|p| p.side == options.color);
                match back_to {
                    Some(index) => {
                        positions.truncate(index + 1);
                        played.truncate(index);
                        writeln!(output, "Taken back.")?;
                        changed = true;
                    }
                    None => writeln!(output, "There is no move of yours to take back.")?,
                }
            }
            _ => match position.parse_move(&as_typed_move(text), &mut scratch) {
                Ok(m) => {
                    positions.push(position.play_unchecked(m, rules));
                    played.push(m);
                    changed = true;
                }
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
fn explain(error: &MoveError, position: &Position, text: &str) -> String {
    match error {
        MoveError::Malformed(_) => {
            format!("\"{text}\" is not a move or a command.\n{COMMANDS}")
        }
        MoveError::GameOver(_) => "The game is over.".to_owned(),
        MoveError::Illegal(_) => {
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
