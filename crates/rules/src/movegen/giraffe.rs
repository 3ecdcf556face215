//! The giraffe: a quiet step in any direction, or a two-square jump that
//! may capture.

use crate::geometry::{GIRAFFE_LEAPS, KING_STEPS};
use crate::{Bitboard, Board, Color, Square};

pub(super) fn targets(board: &Board, side: Color, from: Square) -> Bitboard {
    let steps = KING_STEPS[from.index()] & !board.occupied();
    let leaps = GIRAFFE_LEAPS[from.index()] & board.open_to(side);
    steps | leaps
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    fn giraffe(fen: &str) -> String {
        listed(fen, Kind::Giraffe)
    }

    #[test]
    fn steps_only_to_empty_squares() {
        // The black pawn on e2, one step away, cannot be taken; d1 is white.
        assert_eq!(
            giraffe("3l3/7/7/7/7/3Gp2/3L3 w 1"),
            "d2b2 d2b4 d2c1 d2c2 d2c3 d2d3 d2d4 d2e1 d2e3 d2f2 d2f4"
        );
    }

    #[test]
    fn jumps_over_pieces_and_captures_two_away() {
        // From e2: over f3 to g4 (black), over f2 to g2 (black); d2 is white.
        assert_eq!(
            giraffe("3l3/7/7/6p/5p1/3PGpp/3L3 w 1"),
            "e2c2 e2c4 e2d3 e2e1 e2e3 e2e4 e2f1 e2g2 e2g4"
        );
    }

    #[test]
    fn from_a_corner() {
        assert_eq!(
            giraffe("3l3/7/7/7/7/7/G2L3 w 1"),
            "a1a2 a1a3 a1b1 a1b2 a1c1 a1c3"
        );
    }
}
