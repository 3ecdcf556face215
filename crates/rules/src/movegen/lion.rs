//! The lion: one step inside its castle, or a flight onto the enemy lion.

use crate::geometry::{BETWEEN, KING_STEPS, LION_LINES, castle_of};
use crate::{Bitboard, Board, Color, Kind, Piece, Square};

pub(super) fn targets(board: &Board, side: Color, from: Square) -> Bitboard {
    let steps = KING_STEPS[from.index()] & castle_of(side) & board.open_to(side);
    let enemy_lions = board.pieces(Piece::new(!side, Kind::Lion)) & LION_LINES[from.index()];
    let flights = enemy_lions
        .into_iter()
        .filter(|to| (BETWEEN[from.index()][to.index()] & board.occupied()).is_empty())
        .collect::<Bitboard>();
    steps | flights
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    fn lion(fen: &str) -> String {
        listed(fen, Kind::Lion)
    }

    #[test]
    fn stays_inside_its_castle() {
        // d2 is the castle's centre; c3, e3 at the castle's edge; a corner.
        assert_eq!(lion("3l3/7/7/7/7/7/4L2 b 1"), "d7c6 d7c7 d7d6 d7e6 d7e7");
        assert_eq!(lion("2l4/7/7/7/7/7/7 b 1"), "c7c6 c7d6 c7d7");
        assert_eq!(lion("7/7/7/7/4L2/7/7 w 1"), "e3d2 e3d3 e3e2");
        assert_eq!(
            lion("7/7/7/7/7/3L3/7 w 1"),
            "d2c1 d2c2 d2c3 d2d1 d2d3 d2e1 d2e2 d2e3"
        );
    }

    #[test]
    fn captures_by_stepping_but_not_its_own_pieces() {
        // White pieces on c3 and d3; a black pawn on e3.
        assert_eq!(
            lion("3l3/7/7/7/2PPp2/3L3/7 w 1"),
            "d2c1 d2c2 d2d1 d2e1 d2e2 d2e3"
        );
    }

    #[test]
    fn flies_along_a_file() {
        assert_eq!(
            lion("3l3/7/7/7/7/7/3L3 w 1"),
            "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2"
        );
    }

    #[test]
    fn flies_along_a_diagonal() {
        assert_eq!(lion("7/7/2l4/7/4L2/7/7 w 1"), "e3c5 e3d2 e3d3 e3e2");
        assert_eq!(lion("7/7/2l4/7/4L2/7/7 b 1"), "c5c6 c5d5 c5d6 c5e3");
    }

    #[test]
    fn never_flies_along_a_rank() {
        assert_eq!(lion("7/7/7/7/l1L4/7/7 w 1"), "c3c2 c3d2 c3d3");
    }

    #[test]
    fn never_flies_past_a_piece() {
        assert_eq!(lion("3l3/7/7/3p3/7/7/3L3 w 1"), "d1c1 d1c2 d1d2 d1e1 d1e2");
        assert_eq!(lion("7/4l2/7/4Z2/7/7/4L2 b 1"), "e6d5 e6d6 e6d7 e6e5 e6e7");
    }

    #[test]
    fn a_side_without_a_lion_has_no_lion_moves() {
        assert_eq!(lion("3l3/7/7/7/7/7/7 w 1"), "");
    }
}
