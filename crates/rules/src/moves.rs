//! Moves and their text form.

use std::cmp::Ordering;
use std::fmt;

use crate::Square;
use crate::geometry::DIRECTIONS;

/// The jumps of a monkey's capture chain, in order, as direction indices
/// (into the eight directions), three bits each.
///
/// Every jump lands two squares away in one direction, so the directions
/// alone rebuild the path. 104 bits hold 34 jumps; a chain never has more
/// than 33, because its landing squares share the parity of the start
/// square and only 33 distinct squares lie between such squares.
///
/// ```
/// use congo_rules::Jumps;
/// use congo_rules::geometry::DIRECTIONS;
///
/// assert_eq!(DIRECTIONS[7], (1, 1));
/// let jumps = Jumps::default().then(7).unwrap();
/// assert_eq!(jumps.steps().collect::<Vec<_>>(), [(2, 2)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Jumps {
    count: u8,
    directions: [u8; 13],
}

impl Jumps {
    /// The most jumps a chain can hold.
    ///
    /// ```
    /// use congo_rules::Jumps;
    ///
    /// let mut jumps = Jumps::default();
    /// for _ in 0..Jumps::CAPACITY {
    ///     jumps = jumps.then(0).unwrap();
    /// }
    /// assert_eq!(jumps.len(), Jumps::CAPACITY);
    /// assert_eq!(jumps.then(0), None);
    /// ```
    pub const CAPACITY: usize = 34;

    /// How many jumps the chain has.
    ///
    /// ```
    /// use congo_rules::Jumps;
    ///
    /// assert_eq!(Jumps::default().len(), 0);
    /// let two = Jumps::default().then(4).and_then(|jumps| jumps.then(4));
    /// assert_eq!(two.map(Jumps::len), Some(2));
    /// ```
    pub const fn len(self) -> usize {
        self.count as usize
    }

    /// Whether there is no jump at all (a plain move).
    ///
    /// ```
    /// use congo_rules::{Jumps, Move};
    ///
    /// assert!(Jumps::default().is_empty());
    /// let plain = Move::new("e3".parse()?, "e4".parse()?);
    /// assert!(plain.jumps().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_empty(self) -> bool {
        self.count == 0
    }

    /// The chain with one more jump, or `None` when it is full.
    ///
    /// ```
    /// use congo_rules::Jumps;
    ///
    /// let two = Jumps::default().then(7).and_then(|jumps| jumps.then(5));
    /// assert_eq!(two.map(Jumps::len), Some(2));
    /// assert_eq!(Jumps::default().then(8), None); // there are eight directions
    /// ```
    pub fn then(self, direction: usize) -> Option<Jumps> {
        let count = self.len();
        if count >= Self::CAPACITY || direction >= DIRECTIONS.len() {
            return None;
        }
        let mut next = self;
        let bits = Self::bits(&next.directions) | (direction as u128) << (3 * count);
        next.directions.copy_from_slice(&bits.to_le_bytes()[..13]);
        next.count += 1;
        Some(next)
    }

    /// The (file, rank) step of each jump, in order.
    ///
    /// ```
    /// use congo_rules::Jumps;
    /// use congo_rules::geometry::DIRECTIONS;
    ///
    /// assert_eq!((DIRECTIONS[7], DIRECTIONS[5]), ((1, 1), (1, -1)));
    /// let jumps = Jumps::default().then(7).and_then(|jumps| jumps.then(5)).unwrap();
    /// assert_eq!(jumps.steps().collect::<Vec<_>>(), [(2, 2), (2, -2)]);
    /// ```
    pub fn steps(self) -> impl Iterator<Item = (i8, i8)> {
        let bits = Self::bits(&self.directions);
        (0..self.len()).map(move |i| {
            let (files, ranks) = DIRECTIONS[(bits >> (3 * i)) as usize & 7];
            (2 * files, 2 * ranks)
        })
    }

    fn bits(directions: &[u8; 13]) -> u128 {
        let mut bytes = [0; 16];
        bytes[..13].copy_from_slice(directions);
        u128::from_le_bytes(bytes)
    }
}

/// A move: a piece goes from one square to another, or a monkey jumps a chain.
///
/// Its text is the start square and then every landing square: `e3e4`, or
/// `b3d5f3` for a monkey that jumps twice. Moves order as their texts do.
///
/// ```
/// use congo_rules::{Move, Position};
///
/// let plain = Move::new("e3".parse()?, "e4".parse()?);
/// assert_eq!(plain.to_string(), "e3e4");
/// let position: Position = "3l3/7/7/2p1p2/1M5/7/3L3 w 1".parse()?;
/// let chain = position.parse_move("b3d5f3", &mut Vec::new())?;
/// assert_eq!(chain.to_string(), "b3d5f3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: Square,
    to: Square,
    jumps: Jumps,
}

impl Move {
    /// A move from one square to another (for every piece but a jumping monkey).
    ///
    /// ```
    /// use congo_rules::Move;
    ///
    /// let m = Move::new("d1".parse()?, "d2".parse()?);
    /// assert_eq!(m.to_string(), "d1d2");
    /// assert!(m.jumps().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            jumps: Jumps {
                count: 0,
                directions: [0; 13],
            },
        }
    }

    /// A monkey's capture chain from `from`; `to` is where the last jump lands.
    ///
    /// ```
    /// use congo_rules::{Jumps, Move};
    ///
    /// // Up-right over c4 to d5, then down-right over e4 to f3.
    /// let jumps = Jumps::default().then(7).and_then(|jumps| jumps.then(5)).unwrap();
    /// let chain = Move::jumping("b3".parse()?, "f3".parse()?, jumps);
    /// assert_eq!(chain.to_string(), "b3d5f3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn jumping(from: Square, to: Square, jumps: Jumps) -> Move {
        Move { from, to, jumps }
    }

    /// The square the piece starts on.
    ///
    /// ```
    /// use congo_rules::Move;
    ///
    /// let m = Move::new("c2".parse()?, "c3".parse()?);
    /// assert_eq!(m.from(), "c2".parse()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn from(self) -> Square {
        self.from
    }

    /// Where the piece ends the move.
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let position: Position = "3l3/7/7/2p1p2/1M5/7/3L3 w 1".parse()?;
    /// let chain = position.parse_move("b3d5f3", &mut Vec::new())?;
    /// assert_eq!(chain.to(), "f3".parse()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn to(self) -> Square {
        self.to
    }

    /// The jump chain: empty unless this is a monkey's capture.
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let position: Position = "3l3/7/7/2p1p2/1M5/7/3L3 w 1".parse()?;
    /// let chain = position.parse_move("b3d5f3", &mut Vec::new())?;
    /// assert_eq!(chain.jumps().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn jumps(self) -> Jumps {
        self.jumps
    }

    /// Every square the piece lands on, in order; the last is [`Move::to`].
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let position: Position = "3l3/7/7/2p1p2/1M5/7/3L3 w 1".parse()?;
    /// let chain = position.parse_move("b3d5f3", &mut Vec::new())?;
    /// let landings: Vec<String> = chain.landings().map(|s| s.to_string()).collect();
    /// assert_eq!(landings, ["d5", "f3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn landings(self) -> impl Iterator<Item = Square> {
        let plain = self.jumps.is_empty().then_some(self.to);
        let chain = self.jumps.steps().scan(self.from, |at, (files, ranks)| {
            *at = at.offset(files, ranks)?;
            Some(*at)
        });
        plain.into_iter().chain(chain)
    }

    /// The squares of the pieces a monkey's chain jumps, in order: the
    /// square between each pair of landings. Empty for other moves.
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let position: Position = "3l3/7/7/2p1p2/1M5/7/3L3 w 1".parse()?;
    /// let chain = position.parse_move("b3d5f3", &mut Vec::new())?;
    /// let taken: Vec<String> = chain.jumped().map(|s| s.to_string()).collect();
    /// assert_eq!(taken, ["c4", "e4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jumped(self) -> impl Iterator<Item = Square> {
        let mut at = self.from;
        self.jumps.steps().filter_map(move |(files, ranks)| {
            let over = at.offset(files / 2, ranks / 2)?;
            at = at.offset(files, ranks)?;
            Some(over)
        })
    }

    /// Whether `text` is this move's text, without building a string.
    ///
    /// ```
    /// use congo_rules::Move;
    ///
    /// let m = Move::new("e3".parse()?, "e4".parse()?);
    /// assert!(m.is_written("e3e4"));
    /// assert!(!m.is_written("e3e5") && !m.is_written("e3e4e5"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_written(self, text: &str) -> bool {
        let mut names = text.as_bytes().chunks(2);
        names.next() == Some(self.from.name().as_slice())
            && self
                .landings()
                .map(|square| Some(square.name()))
                .eq(names.map(|name| <[u8; 2]>::try_from(name).ok()))
    }

    /// Appends the move's text, as [`fmt::Display`] writes it, without
    /// formatting machinery (a plain move is one 4-byte copy).
    ///
    /// Inlined: a judge writes dozens of moves a line, and the call cost
    /// more than the copy.
    ///
    /// ```
    /// use congo_rules::Move;
    ///
    /// let mut line = b"bestmove ".to_vec();
    /// Move::new("e3".parse()?, "e4".parse()?).write_to(&mut line);
    /// assert_eq!(line, b"bestmove e3e4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn write_to(self, out: &mut Vec<u8>) {
        if self.jumps.is_empty() {
            let ([file, rank], [to_file, to_rank]) = (self.from.name(), self.to.name());
            out.extend_from_slice(&[file, rank, to_file, to_rank]);
        } else {
            self.write_chain_to(out);
        }
    }

    /// [`Move::write_to`] for a monkey's chain of jumps: rare, and kept
    /// out of line so that the plain move's copy stays small.
    #[inline(never)]
    fn write_chain_to(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.from.name());
        for square in self.landings() {
            out.extend_from_slice(&square.name());
        }
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> Ordering {
        self.from
            .cmp(&other.from)
            .then_with(|| self.landings().cmp(other.landings()))
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        self.landings().try_for_each(|square| write!(f, "{square}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn plain_moves_print_two_squares() {
        let m = Move::new(square("e7"), square("d6"));
        assert_eq!(m.to_string(), "e7d6");
        let mut bytes = Vec::new();
        m.write_to(&mut bytes);
        assert_eq!(bytes, b"e7d6");
    }

    /// b3 over c4 to d5 (up-right), over e4 to f3 (down-right).
    fn b3_d5_f3() -> Move {
        let direction = |step| DIRECTIONS.iter().position(|&d| d == step).unwrap();
        let jumps = Jumps::default()
            .then(direction((1, 1)))
            .unwrap()
            .then(direction((1, -1)))
            .unwrap();
        Move::jumping(square("b3"), square("f3"), jumps)
    }

    #[test]
    fn chains_print_every_landing() {
        let m = b3_d5_f3();
        assert_eq!(m.to_string(), "b3d5f3");
        let mut bytes = Vec::new();
        m.write_to(&mut bytes);
        assert_eq!(bytes, b"b3d5f3");
    }

    #[test]
    fn a_chain_holds_its_capacity_and_no_more() {
        let mut jumps = Jumps::default();
        for i in 0..Jumps::CAPACITY {
            jumps = jumps.then(i % 8).unwrap();
        }
        assert_eq!(jumps.len(), Jumps::CAPACITY);
        assert!(jumps.then(0).is_none());
        let expected: Vec<(i8, i8)> = (0..Jumps::CAPACITY)
            .map(|i| (2 * DIRECTIONS[i % 8].0, 2 * DIRECTIONS[i % 8].1))
            .collect();
        assert_eq!(jumps.steps().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn recognises_its_own_text_only() {
        let chain = b3_d5_f3();
        assert!(chain.is_written("b3d5f3"));
        for other in ["b3d5", "b3d5f3f3", "b3d5f", "b3f3", "", "b3d5f4"] {
            assert!(!chain.is_written(other), "{other}");
        }
        assert_eq!(
            chain.jumped().map(|s| s.to_string()).collect::<Vec<_>>(),
            ["c4", "e4"]
        );
        let plain = Move::new(square("e3"), square("e4"));
        assert!(plain.is_written("e3e4"));
        assert!(!plain.is_written("e3e5") && !plain.is_written("e3e4e5"));
        assert_eq!(plain.jumped().count(), 0);
    }

    #[test]
    fn moves_order_as_their_text() {
        let up_right = DIRECTIONS.iter().position(|&d| d == (1, 1)).unwrap();
        let chain = |to| {
            let jumps = Jumps::default().then(up_right).unwrap();
            Move::jumping(square("b3"), square(to), jumps)
        };
        let mut moves = [
            Move::new(square("b3"), square("c4")),
            chain("d5"),
            Move::new(square("b3"), square("a2")),
            Move::new(square("a7"), square("b7")),
        ];
        moves.sort();
        let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
    }
}
