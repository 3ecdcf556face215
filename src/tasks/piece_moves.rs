//! `lion`, `zebra`, `giraffe`, `pawn`, `superpawn` (and the other kinds):
//! one line per FEN with that kind's moves for the side to move.

use super::{position, write_move_line};
use crate::judge::{CaseError, Task};
use crate::{Kind, Move, movegen};

#[derive(Clone)]
pub struct PieceMoves {
    kind: Kind,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<Move>,
}

impl PieceMoves {
    pub fn new(kind: Kind) -> PieceMoves {
        PieceMoves {
            kind,
            moves: Vec::with_capacity(64),
        }
    }
}

impl Task for PieceMoves {
    fn placeholder(&self) -> &'static [u8] {
        b"\n"
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        self.moves.clear();
        movegen::piece_moves(&position.board, position.side, self.kind, &mut self.moves);
        write_move_line(&self.moves, out);
        Ok(())
    }
}
