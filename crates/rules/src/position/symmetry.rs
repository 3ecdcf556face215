//! A position's symmetries. Congo's rules read the same with the colours
//! swapped and the board turned top to bottom (white's castle, river side
//! and pawn direction become black's), and on the board mirrored left to
//! right (the castles and the river are symmetric). The endgame tables
//! store one of each pair of twins; the tests hold the rules to both.

use super::Position;
use crate::{Board, Piece, Square};

impl Position {
    /// The position with the colours swapped and the ranks turned: the
    /// same game with the other side to move.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet, perft::perft};
    ///
    /// let position: Position = "3l3/5P1/7/2c4/7/2pM3/3L3 w 3".parse()?;
    /// let swapped = position.colours_swapped();
    /// assert_eq!(swapped.to_string(), "3l3/2Pm3/7/2C4/7/5p1/3L3 b 3");
    /// assert_eq!(perft(&swapped, 3, RuleSet::Wits2022), perft(&position, 3, RuleSet::Wits2022));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn colours_swapped(&self) -> Position {
        self.moved_pieces(
            |square| Square::new(square.file(), Square::SIDE - 1 - square.rank()),
            |piece| Piece::new(!piece.color, piece.kind),
            !self.side,
        )
    }

    /// The position mirrored left to right (files a to g turned g to a):
    /// the same game.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet, perft::perft};
    ///
    /// let position: Position = "3l3/7/7/7/7/7/C2L3 w 1".parse()?;
    /// let mirrored = position.mirrored();
    /// assert_eq!(mirrored.to_string(), "3l3/7/7/7/7/7/3L2C w 1");
    /// assert_eq!(perft(&mirrored, 3, RuleSet::Wits2022), perft(&position, 3, RuleSet::Wits2022));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mirrored(&self) -> Position {
        self.moved_pieces(|square| Some(square.mirrored()), |piece| piece, self.side)
    }

    /// Every piece moved to `place(square)` and turned into `turn(piece)`,
    /// with `side` to move.
    fn moved_pieces(
        &self,
        place: impl Fn(Square) -> Option<Square>,
        turn: impl Fn(Piece) -> Piece,
        side: crate::Color,
    ) -> Position {
        let mut board = Board::empty();
        for square in self.board.occupied() {
            if let (Some(piece), Some(moved)) = (self.board.piece_at(square), place(square)) {
                board.put(moved, turn(piece));
            }
        }
        Position {
            board,
            side,
            move_number: self.move_number,
        }
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
        let swapped = position.colours_swapped();
        assert_eq!(swapped.to_string(), "3l3/2Pm3/7/2C4/7/5p1/3L3 b 3");
        assert_eq!(swapped.colours_swapped(), position);
    }

    #[test]
    fn a_mirrored_position_has_the_same_game_tree() {
        let mut rng = Rng::new(35);
        for _ in 0..40 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            let mirrored = position.mirrored();
            assert_eq!(mirrored.mirrored(), position);
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
            let swapped = position.colours_swapped();
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
