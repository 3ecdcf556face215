//! `play`: the Part 3 submission (play one move, print the new FEN and
//! the game's status).

use std::fmt;
use std::io::Write;

use super::slot::Slot;
use super::task::{CaseError, Framing, Task};
use crate::Congo;
use crate::text::utf8;
use crate::{FenError, Move, MoveError, Position};

/// Why a `play` case could not be played: its FEN or its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Fen(FenError),
    Move(MoveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Fen(error) => error.fmt(f),
            PlayError::Move(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// Cases of two lines, a FEN and a move; two lines out: the FEN after the
/// move and `Continue`, `White wins` or `Black wins`.
#[derive(Clone)]
pub struct Play {
    game: Congo,
    moves: Vec<Move>,
    slot: Slot<Position>,
}

impl Play {
    pub fn new(game: Congo) -> Play {
        Play {
            game,
            moves: Vec::new(),
            slot: Slot::default(),
        }
    }
}

impl Task for Play {
    type Error = PlayError;
    const FRAMING: Framing = Framing::TwoLines;

    const LINES_PER_CASE: usize = 2;

    fn case_noun(&self) -> &'static str {
        "cases"
    }

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = self
            .slot
            .read(&self.game, lines)
            .map_err(|CaseError { line, error }| CaseError::at(line, PlayError::Fen(error)))?;
        let line = lines.get(1).copied().unwrap_or_default();
        let text = utf8(line).map_err(|error| CaseError::at(1, PlayError::Fen(error.into())))?;
        let played = position
            .parse_move(text, &mut self.moves)
            .map_err(|error| CaseError::at(1, PlayError::Move(error)))?;
        let next = position.play_unchecked(played, self.game.rule_set);
        // Writing to a Vec cannot fail.
        let _ = writeln!(out, "{next}\n{}", next.status());
        Ok(())
    }
}
