//! `lion`, `zebra`, `giraffe`, `pawn`, `superpawn` (and the other kinds):
//! one line per FEN with that kind's moves for the side to move.

use super::each_position::PositionAnswer;
use super::move_list::write_line;
use super::task::Framing;
use crate::{Congo, Kind, Move, Position, movegen};

#[derive(Clone)]
pub(super) struct PieceMoves {
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

impl PositionAnswer for PieceMoves {
    const FRAMING: Framing = Framing::Line;
    const SORTED_MOVES: bool = true;

    fn answer(&mut self, game: &Congo, position: &Position, out: &mut Vec<u8>) {
        self.moves.clear();
        movegen::piece_moves(&position.board, position.side, self.kind, &mut self.moves);
        write_line(game, &self.moves, out);
    }
}
