//! A picture of a recorded game (`show --record`): the position after a
//! number of its plies, replayed and checked move by move, with the last
//! move marked and a line that names the game.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{Marks, Selection, Style, diagram};
use congo_rules::RuleSet;
use congo_rules::record::{GameReplayError, RecordFileError, read_records};

/// Why a recorded game could not be drawn.
#[derive(Debug)]
pub enum RecordedError {
    /// The record file cannot be read, or a line of it is no record.
    Records(RecordFileError),
    /// The file has no game of that number.
    NoGame(PathBuf, usize),
    /// The game cannot be replayed that far.
    Replay(GameReplayError),
}

impl fmt::Display for RecordedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordedError::Records(error) => error.fmt(f),
            RecordedError::NoGame(path, game) => {
                write!(f, "{} has no game {game}", path.display())
            }
            RecordedError::Replay(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for RecordedError {}

/// The diagram of game `game` (from 1) of the record at `path`, after
/// `ply` plies (its end when `None`); the last line of a game's number
/// counts, when a file holds it twice.
pub fn recorded_diagram(
    path: &Path,
    game: usize,
    ply: Option<usize>,
    selection: Option<Selection>,
    style: Style,
    rule_set: RuleSet,
) -> Result<String, RecordedError> {
    let record = read_records(path)
        .map_err(RecordedError::Records)?
        .into_iter()
        .map(|(_, record)| record)
        .rfind(|record| record.game == game)
        .ok_or_else(|| RecordedError::NoGame(path.to_owned(), game))?;
    let (position, last_move) = record
        .position_at(rule_set, ply)
        .map_err(RecordedError::Replay)?;
    let style = Style { last_move, ..style };
    let marks = selection.map(|selection| Marks::new(&position, selection));
    let mut out = format!(
        "game {} ({} white), ply {} of {}: {} {}\n",
        record.game,
        record.white,
        ply.unwrap_or(record.moves.len()),
        record.moves.len(),
        record.outcome.result(),
        record.reason
    );
    diagram(&position, marks.as_ref(), style, &mut out);
    Ok(out)
}
