//! Piece kinds and coloured pieces, with their FEN letters and names.

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::Color;

/// What a piece is, regardless of colour.
///
/// The variants are in the order of the Part 1 listing.
///
/// ```
/// use congo_rules::Kind;
///
/// assert_eq!(Kind::Zebra.to_string(), "zebra");
/// assert!(Kind::Pawn < Kind::Lion);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// Steps forward; retreats once past the river.
    Pawn,
    /// A promoted pawn: also sideways, and retreats anywhere.
    Superpawn,
    /// Steps to empty squares, jumps two squares.
    Giraffe,
    /// Steps to empty squares, captures by chains of jumps.
    Monkey,
    /// One or two squares along a rank or file.
    Elephant,
    /// Stays in its castle, flies onto the enemy lion.
    Lion,
    /// Steps, and slides towards and along the river.
    Crocodile,
    /// The knight.
    Zebra,
}

impl Kind {
    /// Every kind, in the order of the Part 1 listing.
    ///
    /// ```
    /// use congo_rules::Kind;
    ///
    /// assert_eq!(Kind::ALL.len(), 8);
    /// assert_eq!(Kind::ALL[0], Kind::Pawn);
    /// ```
    pub const ALL: [Kind; 8] = [
        Kind::Pawn,
        Kind::Superpawn,
        Kind::Giraffe,
        Kind::Monkey,
        Kind::Elephant,
        Kind::Lion,
        Kind::Crocodile,
        Kind::Zebra,
    ];

    /// The kind's place in [`Kind::ALL`]: an index into per-kind arrays.
    ///
    /// ```
    /// use congo_rules::Kind;
    ///
    /// assert_eq!(Kind::Pawn.index(), 0);
    /// assert_eq!(Kind::ALL[Kind::Monkey.index()], Kind::Monkey);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The most pieces of this kind a side can have: what it starts the
    /// full game with, and as many superpawns as pawns. (The spec's own
    /// samples have six pawns and two superpawns a side, so the two are
    /// not added up.)
    ///
    /// ```
    /// use congo_rules::Kind;
    ///
    /// assert_eq!(Kind::Pawn.most_per_side(), 7);
    /// assert_eq!(Kind::Superpawn.most_per_side(), 7);
    /// assert_eq!(Kind::Elephant.most_per_side(), 2);
    /// assert_eq!(Kind::Lion.most_per_side(), 1);
    /// ```
    pub const fn most_per_side(self) -> u32 {
        match self {
            Kind::Pawn | Kind::Superpawn => 7,
            Kind::Elephant => 2,
            Kind::Giraffe | Kind::Monkey | Kind::Lion | Kind::Crocodile | Kind::Zebra => 1,
        }
    }

    /// The lowercase English name, which is also the subcommand's name.
    ///
    /// ```
    /// use congo_rules::Kind;
    ///
    /// assert_eq!(Kind::Crocodile.name(), "crocodile");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Superpawn => "superpawn",
            Kind::Giraffe => "giraffe",
            Kind::Monkey => "monkey",
            Kind::Elephant => "elephant",
            Kind::Lion => "lion",
            Kind::Crocodile => "crocodile",
            Kind::Zebra => "zebra",
        }
    }

    /// The kind named `name` (`lion`, `zebra`, ...), if any.
    ///
    /// ```
    /// use congo_rules::Kind;
    ///
    /// assert_eq!(Kind::from_name("giraffe"), Some(Kind::Giraffe));
    /// assert_eq!(Kind::from_name("king"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The FEN letter of the white piece (black's is its lowercase).
    ///
    /// ```
    /// use congo_rules::{Color, Kind, Piece};
    ///
    /// assert_eq!(Kind::Zebra.letter(), b'Z');
    /// assert_eq!(Piece::new(Color::Black, Kind::Zebra).letter(), b'z');
    /// ```
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Pawn => b'P',
            Kind::Superpawn => b'S',
            Kind::Giraffe => b'G',
            Kind::Monkey => b'M',
            Kind::Elephant => b'E',
            Kind::Lion => b'L',
            Kind::Crocodile => b'C',
            Kind::Zebra => b'Z',
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: a kind and a colour.
///
/// ```
/// use congo_rules::{Color, Kind, Piece};
///
/// let piece = Piece::new(Color::Black, Kind::Superpawn);
/// assert_eq!(piece.to_string(), "black superpawn");
/// assert_eq!(piece.letter(), b's');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What piece it is.
    pub kind: Kind,
}

impl Piece {
    /// Every piece: white's kinds, then black's, each in [`Kind::ALL`]
    /// order.
    ///
    /// ```
    /// use congo_rules::{Color, Kind, Piece};
    ///
    /// assert_eq!(Piece::ALL.len(), 16);
    /// assert_eq!(Piece::ALL[8 + Kind::Lion.index()], Piece::new(Color::Black, Kind::Lion));
    /// ```
    pub const ALL: [Piece; 16] = {
        let mut all = [Piece::new(Color::White, Kind::Pawn); 16];
        let mut index = 0;
        while index < 16 {
            let color = if index < 8 {
                Color::White
            } else {
                Color::Black
            };
            all[index] = Piece::new(color, Kind::ALL[index % 8]);
            index += 1;
        }
        all
    };

    /// The `color` piece of `kind`.
    ///
    /// ```
    /// use congo_rules::{Color, Kind, Piece};
    ///
    /// let lion = Piece::new(Color::White, Kind::Lion);
    /// assert_eq!((lion.color, lion.kind), (Color::White, Kind::Lion));
    /// ```
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The piece a FEN letter stands for: uppercase white, lowercase black.
    ///
    /// ```
    /// use congo_rules::{Color, Kind, Piece};
    ///
    /// assert_eq!(Piece::from_letter(b'm'), Some(Piece::new(Color::Black, Kind::Monkey)));
    /// assert_eq!(Piece::from_letter(b'C'), Some(Piece::new(Color::White, Kind::Crocodile)));
    /// assert_eq!(Piece::from_letter(b'x'), None);
    /// ```
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = match letter.to_ascii_uppercase() {
            b'P' => Kind::Pawn,
            b'S' => Kind::Superpawn,
            b'G' => Kind::Giraffe,
            b'M' => Kind::Monkey,
            b'E' => Kind::Elephant,
            b'L' => Kind::Lion,
            b'C' => Kind::Crocodile,
            b'Z' => Kind::Zebra,
            _ => return None,
        };
        Some(Piece { color, kind })
    }

    /// The FEN letter: upper case for white, lower case for black.
    ///
    /// ```
    /// use congo_rules::{Color, Kind, Piece};
    ///
    /// assert_eq!(Piece::new(Color::White, Kind::Elephant).letter(), b'E');
    /// assert_eq!(Piece::new(Color::Black, Kind::Elephant).letter(), b'e');
    /// ```
    pub const fn letter(self) -> u8 {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}

/// One `T` per piece kind: an array indexed by what it holds something
/// for, never by a bare number whose meaning is its position.
///
/// ```
/// use congo_rules::{ByKind, Kind};
///
/// let mut counts = ByKind::splat(0);
/// counts[Kind::Pawn] += 7;
/// assert_eq!(counts[Kind::Pawn], 7);
/// assert_eq!(counts[Kind::Lion], 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByKind<T>(pub [T; 8]);

impl<T: Copy> ByKind<T> {
    /// The same `value` for every kind.
    ///
    /// ```
    /// use congo_rules::{ByKind, Kind};
    ///
    /// let limits = ByKind::splat(1u32);
    /// assert!(Kind::ALL.iter().all(|&kind| limits[kind] == 1));
    /// ```
    pub const fn splat(value: T) -> ByKind<T> {
        ByKind([value; 8])
    }

    /// The value of every kind, from `value_of`.
    ///
    /// ```
    /// use congo_rules::{ByKind, Kind};
    ///
    /// let most = ByKind::from_fn(Kind::most_per_side);
    /// assert_eq!(most[Kind::Elephant], 2);
    /// assert_eq!(most.0.iter().sum::<u32>(), 21);
    /// ```
    pub fn from_fn(mut value_of: impl FnMut(Kind) -> T) -> ByKind<T> {
        ByKind(Kind::ALL.map(&mut value_of))
    }
}

impl<T> Index<Kind> for ByKind<T> {
    type Output = T;

    fn index(&self, kind: Kind) -> &T {
        &self.0[kind.index()]
    }
}

impl<T> IndexMut<Kind> for ByKind<T> {
    fn index_mut(&mut self, kind: Kind) -> &mut T {
        &mut self.0[kind.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for kind in Kind::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            }
        }
    }

    #[test]
    fn only_the_sixteen_letters_are_pieces() {
        let count = (0..=255u8).filter_map(Piece::from_letter).count();
        assert_eq!(count, 16);
        assert_eq!(Piece::from_letter(b'x'), None);
        assert_eq!(Piece::from_letter(b'1'), None);
    }

    #[test]
    fn names_round_trip() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(Kind::from_name("king"), None);
    }

    #[test]
    fn display_reads_like_the_listing() {
        assert_eq!(
            Piece::new(Color::Black, Kind::Superpawn).to_string(),
            "black superpawn"
        );
    }

    #[test]
    fn by_kind_is_indexed_by_kind() {
        let mut values = ByKind::splat(0);
        values[Kind::Zebra] = 300;
        assert_eq!(values.0[Kind::Zebra.index()], 300);
        assert!(ByKind::from_fn(|kind| kind == Kind::Lion)[Kind::Lion]);
    }
}
