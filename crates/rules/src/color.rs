//! The two sides.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side: whose piece, whose turn.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// The side that moves first, on ranks 1 and 2 at the start.
    White,
    /// The side that moves second, on ranks 6 and 7 at the start.
    Black,
}

impl Color {
    /// White first: the order of the Part 1 listing.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black: an index into per-colour arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`, as the judge prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The FEN letter of the side to move.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side a FEN's side field names: `w` or `b`, either case.
    pub const fn from_letter(letter: u8) -> Option<Color> {
        match letter {
            b'w' | b'W' => Some(Color::White),
            b'b' | b'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// The rank step of a forward move: white moves up the board, black down.
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One `T` per side, indexed by the side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        &self.0[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_back_in_either_case() {
        for color in Color::ALL {
            let letter = color.letter() as u8;
            assert_eq!(Color::from_letter(letter), Some(color));
            assert_eq!(Color::from_letter(letter.to_ascii_uppercase()), Some(color));
        }
        for other in [b'x', b'0', b' ', b'B' + 1] {
            assert_eq!(Color::from_letter(other), None);
        }
    }

    #[test]
    fn by_color_is_indexed_by_side() {
        let mut sides = ByColor([1, 2]);
        sides[Color::Black] += 5;
        assert_eq!((sides[Color::White], sides[Color::Black]), (1, 7));
    }
}
