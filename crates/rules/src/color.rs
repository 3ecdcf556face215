//! The two sides.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side: whose piece, whose turn.
///
/// ```
/// use congo_rules::Color;
///
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.to_string(), "black");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// The side that moves first, on ranks 1 and 2 at the start.
    White,
    /// The side that moves second, on ranks 6 and 7 at the start.
    Black,
}

impl Color {
    /// White first: the order of the Part 1 listing.
    ///
    /// ```
    /// use congo_rules::Color;
    ///
    /// let names: Vec<&str> = Color::ALL.iter().map(|color| color.name()).collect();
    /// assert_eq!(names, ["white", "black"]);
    /// ```
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black: an index into per-colour arrays.
    ///
    /// ```
    /// use congo_rules::Color;
    ///
    /// let mut moves_made = [0; 2];
    /// moves_made[Color::Black.index()] += 1;
    /// assert_eq!(moves_made, [0, 1]);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`, as the judge prints it.
    ///
    /// ```
    /// use congo_rules::Color;
    ///
    /// assert_eq!(Color::White.name(), "white");
    /// assert_eq!(Color::White.name(), Color::White.to_string());
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The FEN letter of the side to move.
    ///
    /// ```
    /// use congo_rules::Color;
    ///
    /// assert_eq!(Color::Black.letter(), 'b');
    /// assert_eq!(Color::from_letter(Color::Black.letter() as u8), Some(Color::Black));
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side a FEN's side field names: `w` or `b`, either case.
    ///
    /// ```
    /// use congo_rules::Color;
    ///
    /// assert_eq!(Color::from_letter(b'W'), Some(Color::White));
    /// assert_eq!(Color::from_letter(b'x'), None);
    /// ```
    pub const fn from_letter(letter: u8) -> Option<Color> {
        match letter {
            b'w' | b'W' => Some(Color::White),
            b'b' | b'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// The rank step of a forward move: white moves up the board, black down.
    ///
    /// ```
    /// use congo_rules::{Color, Square};
    ///
    /// let c3: Square = "c3".parse()?;
    /// assert_eq!(c3.offset(0, Color::White.forward()), Some("c4".parse()?));
    /// assert_eq!(c3.offset(0, Color::Black.forward()), Some("c2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
///
/// ```
/// use congo_rules::{ByColor, Color};
///
/// let mut captures = ByColor([0, 0]);
/// captures[Color::White] += 1;
/// assert_eq!(captures[Color::White], 1);
/// assert_eq!(captures.0, [1, 0]);
/// ```
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
