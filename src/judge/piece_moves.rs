//! `lion`, `zebra`, `giraffe`, `pawn`, `superpawn` (and the other kinds):
//! one line per FEN with that kind's moves for the side to move.

use super::move_list::write_line;
use super::slot::Slot;
use super::task::{CaseError, Framing, Task};
use crate::Congo;
use crate::FenError;
use crate::{Kind, Move, Position, movegen};

#[derive(Clone)]
pub struct PieceMoves {
    kind: Kind,
    game: Congo,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<Move>,
    slot: Slot<Position>,
}

impl PieceMoves {
    pub fn new(kind: Kind, game: Congo) -> PieceMoves {
        PieceMoves {
            kind,
            game,
            moves: Vec::with_capacity(64),
            slot: Slot::default(),
        }
    }
}

impl Task for PieceMoves {
    type Error = FenError;
    const FRAMING: Framing = Framing::Line;
    const SORTED_MOVES: bool = true;

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = self.slot.read(&self.game, lines)?;
        self.moves.clear();
        movegen::piece_moves(&position.board, position.side, self.kind, &mut self.moves);
        write_line(&self.game, &self.moves, out);
        Ok(())
    }
}
