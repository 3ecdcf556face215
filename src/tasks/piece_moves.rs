//! `lion`, `zebra`, `giraffe`, `pawn`, `superpawn` (and the other kinds):
//! one line per FEN with that kind's moves for the side to move.

use super::move_list::{read_into_slot, write_line};
use crate::FenError;
use crate::judge::{CaseError, Framing, Task};
use crate::{Kind, Move, Position, Rules, movegen};

#[derive(Clone)]
pub struct PieceMoves {
    kind: Kind,
    rules: Rules,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<Move>,
    /// The last position read, read over by the next.
    position: Option<Position>,
}

impl PieceMoves {
    pub fn new(kind: Kind, rules: Rules) -> PieceMoves {
        PieceMoves {
            kind,
            rules,
            moves: Vec::with_capacity(64),
            position: None,
        }
    }
}

impl Task for PieceMoves {
    type Error = FenError;
    const FRAMING: Framing = Framing::Line;
    const SORTED_MOVES: bool = true;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = read_into_slot(&self.rules, lines, &mut self.position)?;
        self.moves.clear();
        movegen::piece_moves(&position.board, position.side, self.kind, &mut self.moves);
        write_line(&self.rules, &self.moves, out);
        Ok(())
    }
}
