//! The fifteen kinds of Wildebeest piece, and a piece: a kind and a side.

use congo_rules::Color;

/// What a piece is; its letter in a board file is in [`Kind::letter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Steps to an empty neighbour; poisons the enemies beside it.
    Serpent,
    /// Steps like a king; becomes a grand empress when a serpent poisons
    /// a friend beside her.
    OldWoman,
    /// A queen and a knight at once, and poisons like a serpent.
    GrandEmpress,
    /// Steps like a king; explodes when his row holds a multiple of five.
    PrinceJoey,
    /// Steps to an empty neighbour, or flings a friend over itself.
    Catapult,
    /// Steps, or pushes a neighbour one square on; cannot be taken.
    Gorilla,
    /// A machine that runs along the first and last rows, and charges
    /// down its column.
    GolfCart,
    /// A machine that never moves; what a pawn becomes on the far row.
    TimeMachine,
    /// Steps like a king; paralyzes the enemies beside it.
    Beekeeper,
    /// Steps like a king; the side that loses it loses.
    King,
    /// A king that stepped onto the jet pack.
    JetPackKing,
    /// Steps forward (two from its first row), takes diagonally forward.
    Pawn,
    /// Slides diagonally.
    Bishop,
    /// Jumps like a chess knight.
    Knight,
    /// Slides along rows and columns.
    Rook,
}

impl Kind {
    /// Every kind, in the order of [`Kind::LETTERS`].
    const ALL: [Kind; 15] = [
        Kind::Serpent,
        Kind::OldWoman,
        Kind::GrandEmpress,
        Kind::PrinceJoey,
        Kind::Catapult,
        Kind::Gorilla,
        Kind::GolfCart,
        Kind::TimeMachine,
        Kind::Beekeeper,
        Kind::King,
        Kind::JetPackKing,
        Kind::Pawn,
        Kind::Bishop,
        Kind::Knight,
        Kind::Rook,
    ];

    /// White's letter of each kind, in the order of [`Kind::ALL`].
    const LETTERS: &[u8; 15] = b"SOEJCGXHZKWPBNR";

    /// White's letter for the kind; black's is its lowercase.
    pub fn letter(self) -> u8 {
        Kind::LETTERS[self as usize]
    }

    /// Whether it can be poisoned or paralyzed: everything but the two
    /// machines.
    pub fn is_biological(self) -> bool {
        !matches!(self, Kind::GolfCart | Kind::TimeMachine)
    }

    /// Whether it is a king, with or without the jet pack.
    pub fn is_king(self) -> bool {
        matches!(self, Kind::King | Kind::JetPackKing)
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is.
    pub color: Color,
}

impl Piece {
    /// A piece of `color`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { kind, color }
    }

    /// The piece a board letter stands for: uppercase white, lowercase
    /// black.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let upper = u8::try_from(letter).ok()?.to_ascii_uppercase();
        let index = Kind::LETTERS.iter().position(|&l| l == upper)?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, Kind::ALL[index]))
    }

    /// Its board letter.
    pub fn letter(self) -> char {
        let letter = char::from(self.kind.letter());
        match self.color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    /// The same side's piece of another kind, as when a pawn or an old
    /// woman is promoted.
    pub fn becoming(self, kind: Kind) -> Piece {
        Piece::new(self.color, kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_back() {
        for kind in Kind::ALL {
            for color in [Color::White, Color::Black] {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            }
        }
        assert_eq!(
            Piece::from_letter('x'),
            Some(Piece::new(Color::Black, Kind::GolfCart))
        );
        for letter in ['.', 'A', 'q', '*', 'é'] {
            assert_eq!(Piece::from_letter(letter), None, "{letter}");
        }
    }
}
