//! The zebra: the chess knight's L-shaped jump.

use crate::geometry::KNIGHT_JUMPS;
use crate::{Bitboard, Board, Color, Square};

pub(super) fn targets(board: &Board, side: Color, from: Square) -> Bitboard {
    KNIGHT_JUMPS[from.index()] & board.open_to(side)
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    fn zebra(fen: &str) -> String {
        listed(fen, Kind::Zebra)
    }

    #[test]
    fn jumps_over_pieces_and_captures() {
        // e1 takes the black pawn on f3; c1 and e1 do not block each other.
        assert_eq!(
            zebra("3l3/7/7/7/5p1/7/2Z1Z2 w 1"),
            "c1a2 c1b3 c1d3 c1e2 e1c2 e1d3 e1f3 e1g2"
        );
        // e2 jumps over the white pawn on f3; c1 may not land on e2.
        assert_eq!(
            zebra("3l3/7/7/7/5P1/4Z2/2Z1L2 w 1"),
            "c1a2 c1b3 c1d3 e2c3 e2d4 e2f4 e2g1 e2g3"
        );
    }

    #[test]
    fn corners_and_edges() {
        assert_eq!(zebra("3l3/7/7/7/7/7/Z3L1Z w 1"), "a1b3 a1c2 g1e2 g1f3");
        assert_eq!(zebra("z2l2z/7/7/7/7/7/3L3 b 1"), "a7b5 a7c6 g7e6 g7f5");
    }

    #[test]
    fn only_the_side_to_move_counts() {
        assert_eq!(zebra("3l3/7/7/3z3/7/7/3L3 w 1"), "");
    }
}
