//! Moves read backwards: the squares a piece may have stepped from. An
//! endgame table's generator walks from each settled position to its
//! parents, and asks this of every piece of the side that just moved.

use std::sync::OnceLock;

use super::targets;
use crate::{Bitboard, Board, ByColor, ByKind, Color, Kind, Piece, Square};

/// The squares from which a `color` `kind` piece reaches `to` on an
/// otherwise empty board: every square it may have stood on before a
/// quiet move to `to`. Where [`may_be_blocked`] is false, that is exact:
/// the move is there whenever `to` is empty.
///
/// ```
/// use congo_rules::{Color, Kind, movegen};
///
/// // A white pawn on d4 stepped up from rank 3, or retreated from beyond the river.
/// let origins = movegen::origins(Color::White, Kind::Pawn, "d4".parse()?);
/// let names: Vec<String> = origins.into_iter().map(|square| square.to_string()).collect();
/// assert_eq!(names, ["c3", "d3", "d5", "d6", "e3"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn origins(color: Color, kind: Kind, to: Square) -> Bitboard {
    static ORIGINS: OnceLock<ByColor<ByKind<[Bitboard; Square::COUNT]>>> = OnceLock::new();
    let origins = ORIGINS.get_or_init(|| {
        let mut origins = ByColor([ByKind::splat([Bitboard::EMPTY; Square::COUNT]); 2]);
        for color in Color::ALL {
            for kind in Kind::ALL {
                for from in Square::all() {
                    let mut board = Board::empty();
                    board.put(from, Piece::new(color, kind));
                    for to in targets(&board, color, kind, from) {
                        let reached = &mut origins[color][kind][to.index()];
                        *reached = reached.with(from);
                    }
                }
            }
        }
        origins
    });
    origins[color][kind][to.index()]
}

/// Whether other pieces can stand in the way of a quiet move of `kind`:
/// a crocodile's slide, or a pawn's or superpawn's two-square retreat.
/// The other kinds step or leap, and reach every empty square their
/// [`origins`] say.
///
/// ```
/// use congo_rules::{Kind, movegen};
///
/// assert!(movegen::may_be_blocked(Kind::Crocodile));
/// assert!(!movegen::may_be_blocked(Kind::Zebra));
/// ```
pub const fn may_be_blocked(kind: Kind) -> bool {
    matches!(kind, Kind::Crocodile | Kind::Pawn | Kind::Superpawn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{PositionShape, Rng, random_position};

    #[test]
    fn a_piece_that_cannot_be_blocked_reaches_every_empty_square_it_reaches_alone() {
        let mut rng = Rng::new(34);
        let (mut checked, mut blocked) = (0, 0);
        for _ in 0..3000 {
            let board = random_position(&mut rng, &PositionShape::FULL).board;
            let empty = !board.occupied();
            for from in board.occupied() {
                let Some(piece) = board.piece_at(from) else {
                    continue;
                };
                let reached = targets(&board, piece.color, piece.kind, from);
                for to in Square::all().filter(|&to| empty.contains(to)) {
                    if !origins(piece.color, piece.kind, to).contains(from) {
                        continue;
                    }
                    if may_be_blocked(piece.kind) {
                        blocked += usize::from(!reached.contains(to));
                    } else {
                        assert!(reached.contains(to), "{piece:?} {from} {to}\n{board:?}");
                        checked += 1;
                    }
                }
            }
        }
        // Blocking happens, to the kinds said to allow it.
        assert!(checked > 50_000 && blocked > 100, "{checked} {blocked}");
    }

    #[test]
    fn origins_read_the_moves_of_a_lone_piece_backwards() {
        // A white zebra reaches d4 from the eight knight's squares around.
        let d4: Square = "d4".parse().unwrap();
        let zebra: Vec<String> = origins(Color::White, Kind::Zebra, d4)
            .into_iter()
            .map(|square| square.to_string())
            .collect();
        assert_eq!(zebra, ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]);
        // A white pawn on d4 stepped up from the rank below, or retreated
        // one or two squares from beyond the river.
        let pawn: Vec<String> = origins(Color::White, Kind::Pawn, d4)
            .into_iter()
            .map(|square| square.to_string())
            .collect();
        assert_eq!(pawn, ["c3", "d3", "d5", "d6", "e3"]);
    }
}
