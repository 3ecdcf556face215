//! Zobrist hashing: a 64-bit key per piece and square, xor-ed together.

use crate::{Board, Color, Piece, Square};

/// A random key for each piece (16) on each square, from a fixed seed.
const KEYS: [[u64; Square::COUNT]; 16] = {
    let mut keys = [[0; Square::COUNT]; 16];
    let mut state: u64 = 0x00c0_ffee_c0de_f00d;
    let mut piece = 0;
    while piece < 16 {
        let mut square = 0;
        while square < Square::COUNT {
            // SplitMix64, as in `random::Rng`.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            keys[piece][square] = z ^ (z >> 31);
            square += 1;
        }
        piece += 1;
    }
    keys
};

/// Xor-ed in when black is to move.
const BLACK_TO_MOVE: u64 = 0x9d39_247e_3377_6d41;

fn pieces() -> impl Iterator<Item = (usize, Piece)> {
    Piece::ALL.into_iter().enumerate()
}

/// The key of a board with `side` to move.
///
/// ```
/// use congo_rules::{Color, Position, zobrist};
///
/// let white: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
/// let black: Position = "3l3/7/7/7/7/7/3L3 b 9".parse()?;
/// let key = |position: &Position| zobrist::hash(&position.board, position.side);
/// assert_ne!(key(&white), key(&black)); // the side to move counts
/// assert_eq!(zobrist::hash(&white.board, Color::Black), key(&black)); // the move number not
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hash(board: &Board, side: Color) -> u64 {
    let side_key = if side == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    pieces().fold(side_key, |key, (index, piece)| {
        board
            .pieces(piece)
            .into_iter()
            .fold(key, |key, square| key ^ KEYS[index][square.index()])
    })
}

/// What to xor into the key of `before` (with one side to move) to get the
/// key of `after` (with the other): only the squares whose piece changed.
///
/// ```
/// use congo_rules::{Position, RuleSet, START, zobrist::{delta, hash}};
///
/// let start: Position = START.parse()?;
/// let next = start.play(start.parse_move("c2c3", &mut Vec::new())?, RuleSet::Wits2022)?;
/// let key = hash(&start.board, start.side) ^ delta(&start.board, &next.board);
/// assert_eq!(key, hash(&next.board, next.side));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn delta(before: &Board, after: &Board) -> u64 {
    pieces().fold(BLACK_TO_MOVE, |key, (index, piece)| {
        let changed = before.pieces(piece).0 ^ after.pieces(piece).0;
        crate::Bitboard(changed)
            .into_iter()
            .fold(key, |key, square| key ^ KEYS[index][square.index()])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{PositionShape, Rng, random_position};
    use crate::{Position, RuleSet};

    #[test]
    fn delta_updates_agree_with_hashing_afresh() {
        let mut rng = Rng::new(5);
        for _ in 0..300 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            let key = hash(&position.board, position.side);
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            for m in moves {
                let next = position.play_unchecked(m, RuleSet::default());
                assert_eq!(
                    key ^ delta(&position.board, &next.board),
                    hash(&next.board, next.side)
                );
            }
        }
    }

    #[test]
    fn the_side_to_move_changes_the_key() {
        let white: Position = "3l3/7/7/7/7/7/3L3 w 1".parse().unwrap();
        let black: Position = "3l3/7/7/7/7/7/3L3 b 1".parse().unwrap();
        assert_ne!(
            hash(&white.board, white.side),
            hash(&black.board, black.side)
        );
    }
}
