//! The elephant: one or two squares along a file or rank, jumping the first.

use crate::geometry::ELEPHANT_LEAPS;
use crate::{Bitboard, Board, Color, Square};

pub(super) fn targets(board: &Board, side: Color, from: Square) -> Bitboard {
    ELEPHANT_LEAPS[from.index()] & board.open_to(side)
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    #[test]
    fn steps_and_jumps_straight() {
        // c1: b1, c2 and d1 hold white pieces; it jumps them to a1, c3
        // and onto the black pawn on e1.
        assert_eq!(
            listed("3l3/7/7/7/7/2P4/1MELp2 w 1", Kind::Elephant),
            "c1a1 c1c3 c1e1"
        );
        assert_eq!(
            listed("3l3/7/7/3e3/7/7/3L3 b 1", Kind::Elephant),
            "d4b4 d4c4 d4d2 d4d3 d4d5 d4d6 d4e4 d4f4"
        );
    }
}
