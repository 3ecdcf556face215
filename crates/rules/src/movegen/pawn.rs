//! The pawn and the superpawn.
//!
//! Both step forward, straight or diagonally, moving or capturing. Their
//! retreats never capture and never jump: one or two squares back while
//! the path is empty.

use crate::geometry::{PAST_RIVER, PAWN_FORWARD, SIDEWAYS, neighbor};
use crate::{Bitboard, Board, Color, Kind, Piece, Square};

/// A pawn retreats straight back, and only once past the river.
pub(super) fn pawn_targets(board: &Board, side: Color, from: Square) -> Bitboard {
    let forward = PAWN_FORWARD[side.index()][from.index()] & board.open_to(side);
    if PAST_RIVER[side.index()].contains(from) {
        forward | quiet_walk(board, from, (0, -side.forward()), 2)
    } else {
        forward
    }
}

/// A superpawn also steps sideways, and retreats straight or diagonally
/// back from anywhere.
pub(super) fn superpawn_targets(board: &Board, side: Color, from: Square) -> Bitboard {
    let steps =
        (PAWN_FORWARD[side.index()][from.index()] | SIDEWAYS[from.index()]) & board.open_to(side);
    let back = -side.forward();
    [-1, 0, 1].into_iter().fold(steps, |targets, files| {
        targets | quiet_walk(board, from, (files, back), 2)
    })
}

/// The number of moves of all the `side` pawns together, found for the
/// whole set at once: what perft's last ply needs. Each step maps pawns to
/// squares one to one, so counting the squares counts the moves.
pub(super) fn pawn_move_count(board: &Board, side: Color) -> u32 {
    let pawns = board.pieces(Piece::new(side, Kind::Pawn));
    let forward = side.forward();
    let ahead: u32 = [-1, 0, 1]
        .into_iter()
        .map(|files| (pawns.shifted((files, forward)) & board.open_to(side)).count())
        .sum();
    let empty = !board.occupied();
    let one_back = (pawns & PAST_RIVER[side.index()]).shifted((0, -forward)) & empty;
    let two_back = one_back.shifted((0, -forward)) & empty;
    ahead + one_back.count() + two_back.count()
}

/// The empty squares reached by walking up to `steps` squares from `from`
/// in direction (`files`, `ranks`) (each -1, 0 or 1), stopping at the first
/// occupied square.
fn quiet_walk(board: &Board, from: Square, (files, ranks): (i8, i8), steps: usize) -> Bitboard {
    let occupied = board.occupied();
    let mut reached = Bitboard::EMPTY;
    let mut current = from;
    for _ in 0..steps {
        match neighbor(current, (files, ranks)) {
            Some(next) if !occupied.contains(next) => {
                reached = reached.with(next);
                current = next;
            }
            _ => break,
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    fn pawn(fen: &str) -> String {
        listed(fen, Kind::Pawn)
    }

    fn superpawn(fen: &str) -> String {
        listed(fen, Kind::Superpawn)
    }

    #[test]
    fn steps_forward_and_captures_diagonally_or_straight() {
        assert_eq!(
            pawn("3l3/7/7/7/2zpP2/3P3/3L3 w 1"),
            "d2c3 d2d3 e3d4 e3e4 e3f4"
        );
        assert_eq!(pawn("3l3/3p3/2PZ3/7/7/7/3L3 b 1"), "d6c5 d6d5 d6e5");
    }

    #[test]
    fn retreats_only_past_the_river() {
        // On the river (rank 4) a pawn has not crossed it yet.
        assert_eq!(pawn("3l3/7/7/3P3/7/7/3L3 w 1"), "d4c5 d4d5 d4e5");
        assert_eq!(pawn("3l3/7/3P3/7/7/7/3L3 w 1"), "d5c6 d5d3 d5d4 d5d6 d5e6");
        assert_eq!(pawn("3l3/7/7/7/3p3/7/3L3 b 1"), "d3c2 d3d2 d3d4 d3d5 d3e2");
    }

    #[test]
    fn retreats_neither_capture_nor_jump() {
        // A black piece right behind blocks both retreat squares.
        assert_eq!(pawn("3l3/3P3/3p3/7/7/7/3L3 w 1"), "d6c7 d6d7 d6e7");
        // A piece two behind blocks only the longer retreat.
        assert_eq!(pawn("3l3/3P3/7/3p3/7/7/3L3 w 1"), "d6c7 d6d5 d6d7 d6e7");
    }

    #[test]
    fn a_pawn_on_the_far_rank_can_only_retreat() {
        assert_eq!(pawn("1P1l3/7/7/7/7/7/3L3 w 1"), "b7b5 b7b6");
    }

    #[test]
    fn superpawn_steps_sideways_and_retreats_diagonally_anywhere() {
        assert_eq!(
            superpawn("3l3/7/7/7/7/3S3/3L3 w 1"),
            "d2c1 d2c2 d2c3 d2d3 d2e1 d2e2 d2e3"
        );
        // Sideways onto a black piece is a capture; the straight retreat is
        // blocked by the black pawn on d3, the diagonal ones are open.
        assert_eq!(
            superpawn("3l3/7/7/2PSp2/3p3/7/3L3 w 1"),
            "d4b2 d4c3 d4c5 d4d5 d4e3 d4e4 d4e5 d4f2"
        );
    }

    #[test]
    fn superpawn_on_its_last_rank_only_steps_sideways_and_retreats() {
        assert_eq!(superpawn("s2l3/7/7/7/7/7/3L3 b 1"), "a7a6 a7b6 a7b7");
        assert_eq!(
            superpawn("3l2S/7/7/7/7/7/3L3 w 1"),
            "g7e5 g7f6 g7f7 g7g5 g7g6"
        );
    }
}
