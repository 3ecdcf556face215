//! `moves` and `play`: every legal move of a position, and the Part 3
//! submission (play one move, print the new FEN and the game's status).

use std::io::Write;

use super::{position, write_move_line};
use crate::judge::{CaseError, Task};
use crate::{Move, Rules};

/// One line per FEN: every legal move, all kinds, sorted as strings.
#[derive(Clone, Default)]
pub struct LegalMoves {
    moves: Vec<Move>,
}

impl Task for LegalMoves {
    fn placeholder(&self) -> &'static [u8] {
        b"\n"
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        self.moves.clear();
        position.legal_moves(&mut self.moves);
        write_move_line(&self.moves, out);
        Ok(())
    }
}

/// Cases of two lines, a FEN and a move; two lines out: the FEN after the
/// move and `Continue`, `White wins` or `Black wins`.
#[derive(Clone)]
pub struct Play {
    rules: Rules,
    moves: Vec<Move>,
}

impl Play {
    pub fn new(rules: Rules) -> Play {
        Play {
            rules,
            moves: Vec::new(),
        }
    }
}

impl Task for Play {
    const LINES_PER_CASE: usize = 2;

    fn case_noun(&self) -> &'static str {
        "cases"
    }

    fn placeholder(&self) -> &'static [u8] {
        b"\n\n"
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        let text = lines.get(1).copied().unwrap_or_default();
        let played = position
            .parse_move(text, &mut self.moves)
            .map_err(|error| CaseError::at(1, error))?;
        let next = position.play(played, self.rules);
        // Writing to a Vec cannot fail.
        let _ = writeln!(out, "{next}\n{}", next.status());
        Ok(())
    }
}
