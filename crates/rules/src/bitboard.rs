//! Sets of squares as 49-bit masks.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::Square;

/// A set of squares, one bit per square index.
///
/// Iteration goes in ascending index order, which is the order of square
/// names as strings (see [`Square`]).
///
/// ```
/// use congo_rules::{Bitboard, Square};
///
/// let set = Bitboard::from_square("d4".parse()?).with("a1".parse()?);
/// let names: Vec<String> = set.into_iter().map(|square| square.to_string()).collect();
/// assert_eq!(names, ["a1", "d4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    ///
    /// ```
    /// use congo_rules::Bitboard;
    ///
    /// assert!(Bitboard::EMPTY.is_empty());
    /// assert_eq!(Bitboard::EMPTY.into_iter().count(), 0);
    /// ```
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Every square of the board.
    ///
    /// ```
    /// use congo_rules::Bitboard;
    ///
    /// assert_eq!(Bitboard::FULL.count(), 49);
    /// assert_eq!(!Bitboard::FULL, Bitboard::EMPTY);
    /// ```
    pub const FULL: Bitboard = Bitboard((1 << Square::COUNT) - 1);

    /// The set holding `square` alone.
    ///
    /// ```
    /// use congo_rules::{Bitboard, Square};
    ///
    /// let e4: Square = "e4".parse()?;
    /// let set = Bitboard::from_square(e4);
    /// assert_eq!(set.count(), 1);
    /// assert!(set.contains(e4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// Whether `square` is in the set.
    ///
    /// ```
    /// use congo_rules::Bitboard;
    ///
    /// let rank_1 = Bitboard::on_rank(0);
    /// assert!(rank_1.contains("c1".parse()?));
    /// assert!(!rank_1.contains("c2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// Whether the set holds no square.
    ///
    /// ```
    /// use congo_rules::{Bitboard, Square};
    ///
    /// let d4: Square = "d4".parse()?;
    /// assert!(!Bitboard::from_square(d4).is_empty());
    /// assert!(Bitboard::from_square(d4).without(d4).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    ///
    /// ```
    /// use congo_rules::Bitboard;
    ///
    /// assert_eq!(Bitboard::on_rank(3).count(), 7);
    /// assert_eq!((Bitboard::on_rank(3) | Bitboard::on_rank(4)).count(), 14);
    /// ```
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `square` added.
    ///
    /// ```
    /// use congo_rules::{Bitboard, Square};
    ///
    /// let a1: Square = "a1".parse()?;
    /// let set = Bitboard::EMPTY.with(a1).with("g7".parse()?);
    /// assert_eq!(set.count(), 2);
    /// assert_eq!(set.with(a1), set); // already there
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.index())
    }

    /// The set with `square` taken out.
    ///
    /// ```
    /// use congo_rules::{Bitboard, Square};
    ///
    /// let a1: Square = "a1".parse()?;
    /// let set = Bitboard::on_rank(0).without(a1);
    /// assert_eq!(set.count(), 6);
    /// assert!(!set.contains(a1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.index()))
    }

    /// Each square of the set moved `files` and `ranks` over (each -1, 0
    /// or 1); those the step would take off the board are dropped. One
    /// step for a whole set of pieces at once.
    ///
    /// ```
    /// use congo_rules::Bitboard;
    ///
    /// // Rank 1 one step up and to the right: b2 to g2, a1's step off the board dropped.
    /// let stepped = Bitboard::on_rank(0).shifted((1, 1));
    /// assert_eq!(stepped.count(), 6);
    /// assert!(stepped.contains("b2".parse()?) && !stepped.contains("a2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn shifted(self, (files, ranks): (i8, i8)) -> Bitboard {
        // Squares are numbered file by file, so a rank step is one bit
        // (kept from wrapping into the next file) and a file step seven.
        let kept = match ranks {
            1 => self.0 & !Bitboard::on_rank(Square::SIDE - 1).0,
            -1 => self.0 & !Bitboard::on_rank(0).0,
            _ => self.0,
        };
        let step = files as i32 * Square::SIDE as i32 + ranks as i32;
        let moved = if step >= 0 {
            kept << step
        } else {
            kept >> -step
        };
        Bitboard(moved & Bitboard::FULL.0)
    }

    /// Every square of rank `rank` (0 = rank 1): a rank as a set.
    ///
    /// ```
    /// use congo_rules::Bitboard;
    ///
    /// let river = Bitboard::on_rank(3);
    /// assert_eq!(river.count(), 7);
    /// assert!(river.into_iter().all(|square| square.is_river()));
    /// ```
    pub const fn on_rank(rank: u8) -> Bitboard {
        let mut board = Bitboard::EMPTY;
        let mut file = 0;
        while file < Square::SIDE {
            if let Some(square) = Square::new(file, rank) {
                board = board.with(square);
            }
            file += 1;
        }
        board
    }
}

/// The squares of a set, in index order (a1, a2, ..., g7), which is also
/// the order of their names as strings.
impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The iterator over a [`Bitboard`]'s squares.
///
/// ```
/// use congo_rules::{Bitboard, Squares};
///
/// let mut squares: Squares = Bitboard::on_rank(6).into_iter();
/// assert_eq!(squares.len(), 7);
/// assert_eq!(squares.next(), Some("a7".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let lowest = self.0.trailing_zeros() as usize;
        let square = Square::from_index(lowest)?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for Squares {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, other: Bitboard) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, other: Bitboard) {
        self.0 |= other.0;
    }
}

/// The complement within the 49 squares of the board.
impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_ascending_order() {
        let squares = ["g7", "a1", "d4", "a7"].map(|s| s.parse::<Square>().unwrap());
        let board: Bitboard = squares.into_iter().collect();
        let names: Vec<String> = board.into_iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "a7", "d4", "g7"]);
    }

    #[test]
    fn complement_stays_on_the_board() {
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
        assert_eq!((!Bitboard::FULL).count(), 0);
        assert_eq!(Bitboard::FULL.count(), 49);
    }

    #[test]
    fn a_shifted_set_is_every_square_stepped_on_the_board() {
        for files in -1..=1 {
            for ranks in -1..=1 {
                let stepped: Bitboard = Square::all()
                    .filter_map(|s| s.offset(files, ranks))
                    .collect();
                assert_eq!(Bitboard::FULL.shifted((files, ranks)), stepped);
                for square in Square::all() {
                    let one = Bitboard::from_square(square).shifted((files, ranks));
                    let expected: Bitboard = square.offset(files, ranks).into_iter().collect();
                    assert_eq!(one, expected, "{square} by {files},{ranks}");
                }
            }
        }
    }

    #[test]
    fn ranks_hold_seven_squares() {
        for rank in 0..7 {
            let board = Bitboard::on_rank(rank);
            assert_eq!(board.count(), 7);
            assert!(board.into_iter().all(|s| s.rank() == rank));
        }
    }
}
