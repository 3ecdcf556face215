//! The board: which piece stands on which square.

use crate::{Bitboard, ByColor, ByKind, Color, Kind, Piece, Square};

/// The pieces on the 7x7 board.
///
/// The board is a 7x7 array of squares (files, then ranks), the form the
/// assignment asks for and the fastest answer to "what stands on e4?".
/// Beside it the board keeps one square set per colour and per kind, so
/// that "where are black's zebras?" and "is this path empty?" are a mask
/// operation each. Both views change together, only through [`Board::put`]
/// and [`Board::remove`].
///
/// ```
/// use congo_rules::{Board, Color, Kind, Piece};
///
/// let board: Board = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z".parse()?;
/// let d1 = "d1".parse()?;
/// assert_eq!(board.piece_at(d1), Some(Piece::new(Color::White, Kind::Lion)));
/// assert_eq!(board.by_color(Color::White).count(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    squares: [[Option<Piece>; 7]; 7],
    by_color: ByColor<Bitboard>,
    by_kind: ByKind<Bitboard>,
}

impl Board {
    /// A board with no pieces.
    ///
    /// ```
    /// use congo_rules::Board;
    ///
    /// let board = Board::empty();
    /// assert!(board.occupied().is_empty());
    /// assert_eq!(board.to_string(), "7/7/7/7/7/7/7");
    /// ```
    pub const fn empty() -> Board {
        Board {
            squares: [[None; 7]; 7],
            by_color: ByColor([Bitboard::EMPTY; 2]),
            by_kind: ByKind::splat(Bitboard::EMPTY),
        }
    }

    /// What stands on `square`, if anything.
    ///
    /// ```
    /// use congo_rules::{Board, Color, Kind, Piece};
    ///
    /// let board: Board = "3l3/7/7/7/7/7/3L3".parse()?;
    /// assert_eq!(board.piece_at("d7".parse()?), Some(Piece::new(Color::Black, Kind::Lion)));
    /// assert_eq!(board.piece_at("d4".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares.as_flattened()[square.index()]
    }

    /// The squares a piece of `color` may land on: empty, or held by the
    /// other side.
    ///
    /// ```
    /// use congo_rules::{Board, Color};
    ///
    /// let board: Board = "3l3/7/7/7/7/7/3L3".parse()?;
    /// let open = board.open_to(Color::White);
    /// assert!(open.contains("d7".parse()?)); // the black lion, to be taken
    /// assert!(!open.contains("d1".parse()?)); // white's own lion
    /// assert_eq!(open.count(), 48);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open_to(&self, color: Color) -> Bitboard {
        !self.by_color(color)
    }

    /// Places `piece` on `square`, replacing whatever stood there.
    ///
    /// ```
    /// use congo_rules::{Board, Color, Kind, Piece};
    ///
    /// let mut board = Board::empty();
    /// let e4 = "e4".parse()?;
    /// board.put(e4, Piece::new(Color::White, Kind::Zebra));
    /// board.put(e4, Piece::new(Color::Black, Kind::Pawn)); // the zebra is gone
    /// assert_eq!(board.to_string(), "7/7/7/4p2/7/7/7");
    /// assert!(board.by_kind(Kind::Zebra).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn put(&mut self, square: Square, piece: Piece) {
        self.remove(square);
        self.squares.as_flattened_mut()[square.index()] = Some(piece);
        self.by_color[piece.color] |= Bitboard::from_square(square);
        self.by_kind[piece.kind] |= Bitboard::from_square(square);
    }

    /// Empties `square`, returning what stood there.
    ///
    /// ```
    /// use congo_rules::{Board, Color, Kind, Piece};
    ///
    /// let mut board: Board = "3l3/7/7/7/7/7/3L3".parse()?;
    /// let d7 = "d7".parse()?;
    /// assert_eq!(board.remove(d7), Some(Piece::new(Color::Black, Kind::Lion)));
    /// assert_eq!(board.remove(d7), None);
    /// assert_eq!(board.to_string(), "7/7/7/7/7/7/3L3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.squares.as_flattened_mut()[square.index()].take()?;
        self.by_color[piece.color] = self.by_color[piece.color].without(square);
        self.by_kind[piece.kind] = self.by_kind[piece.kind].without(square);
        Some(piece)
    }

    /// Every square that holds a piece.
    ///
    /// ```
    /// use congo_rules::Board;
    ///
    /// let board: Board = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z".parse()?;
    /// assert_eq!(board.occupied().count(), 20);
    /// assert!(!board.occupied().contains("d4".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color.0[0].0 | self.by_color.0[1].0)
    }

    /// The squares of `color`'s pieces.
    ///
    /// ```
    /// use congo_rules::{Board, Color};
    ///
    /// let board: Board = "3l3/7/7/2pp3/7/7/3L3".parse()?;
    /// let black = board.by_color(Color::Black);
    /// assert_eq!(black.count(), 3);
    /// assert!(!black.contains("d1".parse()?)); // white's lion
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color.0[color.index()]
    }

    /// The squares of the pieces of `kind`, both colours.
    ///
    /// ```
    /// use congo_rules::{Board, Kind};
    ///
    /// let board: Board = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z".parse()?;
    /// assert_eq!(board.by_kind(Kind::Pawn).count(), 14);
    /// assert_eq!(board.by_kind(Kind::Lion).count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn by_kind(&self, kind: Kind) -> Bitboard {
        self.by_kind.0[kind.index()]
    }

    /// The squares holding this piece.
    ///
    /// ```
    /// use congo_rules::{Bitboard, Board, Color, Kind, Piece};
    ///
    /// let board: Board = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z".parse()?;
    /// let giraffe = board.pieces(Piece::new(Color::White, Kind::Giraffe));
    /// assert_eq!(giraffe, Bitboard::from_square("a1".parse()?));
    /// assert_eq!(board.pieces(Piece::new(Color::Black, Kind::Pawn)).count(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn pieces(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color(piece.color).0 & self.by_kind(piece.kind).0)
    }
}

impl Board {
    /// Makes this the board with `pieces` on the squares in number order,
    /// whose `color`'s `kind` pieces are also the set `sets[8 * color +
    /// kind]` (white's kinds first, in [`Kind::ALL`] order): what the FEN
    /// reader gathers in one pass, both views at once. Filling the board
    /// in place spares the reader copying a whole board.
    pub(crate) fn set_scanned(&mut self, pieces: &[Option<Piece>], sets: &[Bitboard; 17]) {
        for (square, &piece) in self.squares.as_flattened_mut().iter_mut().zip(pieces) {
            *square = piece;
        }
        self.by_color = ByColor([Bitboard::EMPTY; 2]);
        for (kind, (&white, &black)) in Kind::ALL
            .into_iter()
            .zip(sets[..8].iter().zip(&sets[8..16]))
        {
            self.by_kind[kind] = white | black;
            self.by_color[Color::White] |= white;
            self.by_color[Color::Black] |= black;
        }
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_and_remove_keep_the_sets_in_step() {
        let mut board = Board::empty();
        let e4 = "e4".parse().unwrap();
        board.put(e4, Piece::new(Color::Black, Kind::Zebra));
        board.put(e4, Piece::new(Color::White, Kind::Pawn));
        assert_eq!(board.by_color(Color::Black), Bitboard::EMPTY);
        assert_eq!(board.by_kind(Kind::Zebra), Bitboard::EMPTY);
        assert_eq!(
            board.pieces(Piece::new(Color::White, Kind::Pawn)),
            Bitboard::from_square(e4)
        );
        assert_eq!(board.remove(e4), Some(Piece::new(Color::White, Kind::Pawn)));
        assert_eq!(board, Board::empty());
    }
}
