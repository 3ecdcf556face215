//! The net's inputs: one for each piece on each square, seen from one
//! side. Each side sees its own pieces first and itself at the bottom of
//! the board (black's view is turned top to bottom), so that one set of
//! weights serves both sides, and a position and its colour-swapped twin
//! read the same.

use congo_rules::{Color, Kind, Piece, Square};

/// The number of inputs: own or enemy, by kind, by square.
pub const FEATURES: usize = 2 * Kind::ALL.len() * Square::COUNT;

/// The input that `piece` on `square` is to `perspective`'s side.
#[inline(always)]
pub fn feature(perspective: Color, piece: Piece, square: Square) -> usize {
    let enemy = usize::from(piece.color != perspective);
    let seen = match perspective {
        Color::White => square.index(),
        Color::Black => {
            square.index() - usize::from(square.rank())
                + usize::from(Square::SIDE - 1 - square.rank())
        }
    };
    (enemy * Kind::ALL.len() + piece.kind.index()) * Square::COUNT + seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_and_square_is_one_input_for_each_side() {
        for perspective in Color::ALL {
            let mut seen = vec![false; FEATURES];
            for color in Color::ALL {
                for kind in Kind::ALL {
                    for square in Square::all() {
                        let input = feature(perspective, Piece::new(color, kind), square);
                        assert!(!seen[input], "{input} twice");
                        seen[input] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&seen| seen));
        }
    }

    #[test]
    fn black_sees_its_pieces_as_white_sees_its_own_on_the_turned_board() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let white_lion = Piece::new(Color::White, Kind::Lion);
        let black_lion = Piece::new(Color::Black, Kind::Lion);
        assert_eq!(
            feature(Color::White, white_lion, square("c2")),
            feature(Color::Black, black_lion, square("c6"))
        );
        assert_eq!(
            feature(Color::White, black_lion, square("e7")),
            feature(Color::Black, white_lion, square("e1"))
        );
    }
}
