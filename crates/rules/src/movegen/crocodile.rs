//! The crocodile: one step in any direction, plus a rook's slide towards
//! the river along its file, or along the river when it is on it.

use crate::geometry::{CROCODILE_RAYS, KING_STEPS};
use crate::{Bitboard, Board, Color, Square};

pub(super) fn targets(board: &Board, side: Color, from: Square) -> Bitboard {
    let [upward, downward] = CROCODILE_RAYS[from.index()];
    let occupied = board.occupied();
    let slides = upward_reach(upward, occupied) | downward_reach(downward, occupied);
    (KING_STEPS[from.index()] | slides) & board.open_to(side)
}

/// The squares of a ray running up the square numbers as far as its first
/// piece, that piece included (the whole ray when it has none).
fn upward_reach(ray: Bitboard, occupied: Bitboard) -> Bitboard {
    let pieces = ray.0 & occupied.0;
    let first = pieces & pieces.wrapping_neg();
    Bitboard(ray.0 & (first << 1).wrapping_sub(1))
}

/// The squares of a ray running down the square numbers as far as its
/// first piece, that piece included (the whole ray when it has none).
fn downward_reach(ray: Bitboard, occupied: Bitboard) -> Bitboard {
    let pieces = ray.0 & occupied.0;
    // With no piece, bit 0 stands in and the mask keeps every square.
    let first = 63 - (pieces | 1).leading_zeros();
    Bitboard(ray.0 & !((1 << first) - 1))
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    fn crocodile(fen: &str) -> String {
        listed(fen, Kind::Crocodile)
    }

    #[test]
    fn slides_towards_the_river_up_to_it() {
        // From a1 up the a-file to a4, never beyond.
        assert_eq!(
            crocodile("3l3/7/7/7/7/7/C2L3 w 1"),
            "a1a2 a1a3 a1a4 a1b1 a1b2"
        );
        // From g7 down to g4.
        assert_eq!(
            crocodile("3l2c/7/7/7/7/7/3L3 b 1"),
            "g7f6 g7f7 g7g4 g7g5 g7g6"
        );
    }

    #[test]
    fn a_slide_stops_at_a_piece_and_may_capture_it() {
        // A black pawn on a3 is taken; nothing beyond it.
        assert_eq!(crocodile("3l3/7/7/7/p6/7/C2L3 w 1"), "a1a2 a1a3 a1b1 a1b2");
        // A white pawn on a3 stops the slide before it.
        assert_eq!(crocodile("3l3/7/7/7/P6/7/C2L3 w 1"), "a1a2 a1b1 a1b2");
    }

    #[test]
    fn slides_along_the_river() {
        // On d4: the whole rank, stopping at the black pawn on b4 (taken)
        // and before the white pawn on g4; no slide along the file.
        assert_eq!(
            crocodile("3l3/7/7/1p1C2P/7/7/3L3 w 1"),
            "d4b4 d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5 d4f4"
        );
    }

    #[test]
    fn from_next_to_the_river_the_slide_is_its_step() {
        assert_eq!(
            crocodile("3l3/7/3c3/7/7/7/3L3 b 1"),
            "d5c4 d5c5 d5c6 d5d4 d5d6 d5e4 d5e5 d5e6"
        );
    }
}
