//! Symmetry. Congo's rules read the same with the colours swapped and the
//! board turned top to bottom (white's castle, river side and pawn
//! direction become black's): so a material and its colour-swapped twin
//! (`LPvLZ`, `LZvLP`) share one table, stored under the twin whose white
//! side is the stronger, and a position of the other twin is probed
//! through its swap (the side to move, and so its value, carries over).
//! They read the same on the board mirrored left to right (files a to g
//! turned g to a; the castles and the river are symmetric): so a table
//! numbers the positions with white's lion on its castle's c and d files
//! only, and one with it on the e file is its mirror image's.

use crate::{Board, Position, Square};

/// `position` with the colours swapped and the ranks turned: the same
/// game with the other side to move.
pub fn swap_colours(position: &Position) -> Position {
    let mut board = Board::empty();
    for square in position.board.occupied() {
        if let (Some(piece), Some(turned)) = (
            position.board.piece_at(square),
            Square::new(square.file(), Square::SIDE - 1 - square.rank()),
        ) {
            board.put(turned, crate::Piece::new(!piece.color, piece.kind));
        }
    }
    Position {
        board,
        side: !position.side,
        move_number: position.move_number,
    }
}

/// `square` on the board mirrored left to right.
pub(super) fn mirror_square(square: Square) -> Option<Square> {
    Square::new(Square::SIDE - 1 - square.file(), square.rank())
}

/// `position` mirrored left to right: the same game.
pub fn mirror(position: &Position) -> Position {
    let mut board = Board::empty();
    for square in position.board.occupied() {
        if let (Some(piece), Some(mirrored)) =
            (position.board.piece_at(square), mirror_square(square))
        {
            board.put(mirrored, piece);
        }
    }
    Position {
        board,
        side: position.side,
        move_number: position.move_number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{PositionShape, Rng, random_position};
    use crate::{RuleSet, perft};

    #[test]
    fn swapping_twice_is_the_position_again() {
        let fen = "3l3/5P1/7/2c4/7/2pM3/3L3 w 3";
        let position: Position = fen.parse().unwrap();
        let swapped = swap_colours(&position);
        assert_eq!(swapped.to_string(), "3l3/2Pm3/7/2C4/7/5p1/3L3 b 3");
        assert_eq!(swap_colours(&swapped), position);
    }

    #[test]
    fn a_mirrored_position_has_the_same_game_tree() {
        let mut rng = Rng::new(35);
        for _ in 0..40 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            let mirrored = mirror(&position);
            assert_eq!(mirror(&mirrored), position);
            for rule_set in [RuleSet::Wits2021, RuleSet::Wits2022] {
                assert_eq!(
                    perft::perft(&position, 3, rule_set),
                    perft::perft(&mirrored, 3, rule_set),
                    "{position}"
                );
            }
        }
    }

    #[test]
    fn a_swapped_position_has_the_same_game_tree() {
        // Perft counts every sequence of moves: the same numbers mean the
        // same tree, promotion and drowning included.
        let mut rng = Rng::new(34);
        for _ in 0..40 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            let swapped = swap_colours(&position);
            for rule_set in [RuleSet::Wits2021, RuleSet::Wits2022] {
                assert_eq!(
                    perft::perft(&position, 3, rule_set),
                    perft::perft(&swapped, 3, rule_set),
                    "{position}"
                );
            }
        }
    }
}
