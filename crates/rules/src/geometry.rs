//! Precomputed square sets, built at compile time.
//!
//! Move generation is a few table look-ups and mask operations per piece;
//! the tables hold everything about the board's geometry.

use crate::{Bitboard, Color, Square};

/// The eight directions, as (file step, rank step).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::DIRECTIONS;
///
/// let d4: Square = "d4".parse()?;
/// let around = DIRECTIONS.iter().filter_map(|&(files, ranks)| d4.offset(files, ranks));
/// assert_eq!(around.count(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The eight L-shaped jumps of a knight (or zebra).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::KNIGHT_OFFSETS;
///
/// let a1: Square = "a1".parse()?;
/// let jumps = KNIGHT_OFFSETS.iter().filter_map(|&(files, ranks)| a1.offset(files, ranks));
/// assert_eq!(jumps.map(|s| s.to_string()).collect::<Vec<_>>(), ["b3", "c2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// Each square's neighbour one step in each direction, indexed as
/// [`neighbor`] does; `None` off the board.
const NEIGHBORS: [[Option<Square>; 9]; Square::COUNT] = {
    let mut table = [[None; 9]; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let from = Square::ALL[index];
        let mut slot = 0;
        while slot < 9 {
            table[index][slot] = from.offset(slot as i8 / 3 - 1, slot as i8 % 3 - 1);
            slot += 1;
        }
        index += 1;
    }
    table
};

/// The square one step from `square` in direction (`files`, `ranks`), each
/// -1, 0 or 1: [`Square::offset`] without the arithmetic, for hot loops.
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::neighbor;
///
/// let a1: Square = "a1".parse()?;
/// assert_eq!(neighbor(a1, (1, 1)), Some("b2".parse()?));
/// assert_eq!(neighbor(a1, (-1, 0)), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn neighbor(square: Square, (files, ranks): (i8, i8)) -> Option<Square> {
    let slot = (files + 1) * 3 + (ranks + 1);
    NEIGHBORS[square.index()]
        .get(slot as usize)
        .copied()
        .flatten()
}

/// For each square, the squares `distance` steps away in each direction.
const fn leaps(distance: i8) -> [Bitboard; Square::COUNT] {
    let mut offsets = [(0, 0); 8];
    let mut i = 0;
    while i < 8 {
        offsets[i] = (DIRECTIONS[i].0 * distance, DIRECTIONS[i].1 * distance);
        i += 1;
    }
    leaper(&offsets)
}

/// For each square, the squares reached by adding one of the offsets.
const fn leaper(offsets: &[(i8, i8)]) -> [Bitboard; Square::COUNT] {
    let mut table = [Bitboard::EMPTY; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let from = Square::ALL[index];
        let mut i = 0;
        while i < offsets.len() {
            if let Some(to) = from.offset(offsets[i].0, offsets[i].1) {
                table[index] = table[index].with(to);
            }
            i += 1;
        }
        index += 1;
    }
    table
}

/// One step in any direction (the lion's and the giraffe's short move).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::KING_STEPS;
///
/// let a1: Square = "a1".parse()?;
/// assert_eq!(KING_STEPS[a1.index()].count(), 3);
/// assert!(KING_STEPS[a1.index()].contains("b2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const KING_STEPS: [Bitboard; Square::COUNT] = leaps(1);

/// A two-step jump in any direction (the giraffe's capturing move).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::GIRAFFE_LEAPS;
///
/// let leaps = GIRAFFE_LEAPS["d4".parse::<Square>()?.index()];
/// assert!(leaps.contains("f6".parse()?));
/// assert!(!leaps.contains("e5".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const GIRAFFE_LEAPS: [Bitboard; Square::COUNT] = leaps(2);

/// One or two squares along a file or rank (the elephant's moves).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::ELEPHANT_LEAPS;
///
/// let leaps = ELEPHANT_LEAPS["a1".parse::<Square>()?.index()];
/// let names: Vec<String> = leaps.into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a2", "a3", "b1", "c1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const ELEPHANT_LEAPS: [Bitboard; Square::COUNT] = leaper(&[
    (-2, 0),
    (-1, 0),
    (1, 0),
    (2, 0),
    (0, -2),
    (0, -1),
    (0, 1),
    (0, 2),
]);

/// The zebra's L-shaped jumps.
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::KNIGHT_JUMPS;
///
/// let jumps = KNIGHT_JUMPS["d4".parse::<Square>()?.index()];
/// assert_eq!(jumps.count(), 8);
/// assert!(jumps.contains("e6".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const KNIGHT_JUMPS: [Bitboard; Square::COUNT] = leaper(&KNIGHT_OFFSETS);

/// One step straight or diagonally forward, for each colour.
///
/// ```
/// use congo_rules::{Color, Square};
/// use congo_rules::geometry::PAWN_FORWARD;
///
/// let ahead = PAWN_FORWARD[Color::White.index()]["d2".parse::<Square>()?.index()];
/// let names: Vec<String> = ahead.into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["c3", "d3", "e3"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const PAWN_FORWARD: [[Bitboard; Square::COUNT]; 2] = [
    leaper(&[(-1, 1), (0, 1), (1, 1)]),
    leaper(&[(-1, -1), (0, -1), (1, -1)]),
];

/// One step along the rank (the superpawn's extra move).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::SIDEWAYS;
///
/// let beside = SIDEWAYS["a5".parse::<Square>()?.index()];
/// assert_eq!(beside.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["b5"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const SIDEWAYS: [Bitboard; Square::COUNT] = leaper(&[(-1, 0), (1, 0)]);

/// The river, rank 4: a piece (crocodiles aside) that is still in it
/// after its side's next move drowns.
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::RIVER;
///
/// assert_eq!(RIVER.count(), 7);
/// assert!(Square::all().all(|square| RIVER.contains(square) == square.is_river()));
/// ```
pub const RIVER: Bitboard = Bitboard::on_rank(Square::RIVER_RANK);

/// The ranks past the river, where a pawn may retreat: 5-7 for white,
/// 1-3 for black.
///
/// ```
/// use congo_rules::Color;
/// use congo_rules::geometry::PAST_RIVER;
///
/// let white = PAST_RIVER[Color::White.index()];
/// assert!(white.contains("c5".parse()?));
/// assert!(!white.contains("c4".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const PAST_RIVER: [Bitboard; 2] = [
    ranks(Square::RIVER_RANK + 1, Square::SIDE),
    ranks(0, Square::RIVER_RANK),
];

/// The squares of ranks `lowest` up to, not including, `end`.
const fn ranks(lowest: u8, end: u8) -> Bitboard {
    let mut board = Bitboard::EMPTY;
    let mut rank = lowest;
    while rank < end {
        board = Bitboard(board.0 | Bitboard::on_rank(rank).0);
        rank += 1;
    }
    board
}

/// Each side's 3x3 castle: files c-e, ranks 1-3 for white and 5-7 for black.
///
/// ```
/// use congo_rules::Color;
/// use congo_rules::geometry::CASTLE;
///
/// let black = CASTLE[Color::Black.index()];
/// assert_eq!(black.count(), 9);
/// assert!(black.contains("d7".parse()?) && !black.contains("b6".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const CASTLE: [Bitboard; 2] = [castle(0), castle(4)];

const fn castle(lowest_rank: u8) -> Bitboard {
    let mut board = Bitboard::EMPTY;
    let mut rank = lowest_rank;
    while rank < lowest_rank + 3 {
        let mut file = 2;
        while file < 5 {
            if let Some(square) = Square::new(file, rank) {
                board = board.with(square);
            }
            file += 1;
        }
        rank += 1;
    }
    board
}

/// The castle of a side.
///
/// ```
/// use congo_rules::Color;
/// use congo_rules::geometry::{CASTLE, castle_of};
///
/// assert_eq!(castle_of(Color::White), CASTLE[Color::White.index()]);
/// assert!(castle_of(Color::White).contains("e3".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const fn castle_of(color: Color) -> Bitboard {
    CASTLE[color.index()]
}

/// Every square from `from` (excluded) to the edge in one direction.
const fn ray(from: Square, (files, ranks): (i8, i8)) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    let mut current = from.offset(files, ranks);
    while let Some(square) = current {
        squares = squares.with(square);
        current = square.offset(files, ranks);
    }
    squares
}

/// For two squares on a common file, rank or diagonal, the squares strictly
/// between them; empty for any other pair.
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::BETWEEN;
///
/// let [d1, d5, e3]: [Square; 3] = ["d1".parse()?, "d5".parse()?, "e3".parse()?];
/// let between = BETWEEN[d1.index()][d5.index()];
/// assert_eq!(between.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d2", "d3", "d4"]);
/// assert!(BETWEEN[d1.index()][e3.index()].is_empty()); // on no common line
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub static BETWEEN: [[Bitboard; Square::COUNT]; Square::COUNT] = {
    let mut table = [[Bitboard::EMPTY; Square::COUNT]; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let from = Square::ALL[index];
        let mut d = 0;
        while d < 8 {
            let (files, ranks) = DIRECTIONS[d];
            let line = ray(from, DIRECTIONS[d]);
            // What lies between `from` and a square of its ray is the part
            // of the ray short of that square.
            let mut current = from.offset(files, ranks);
            while let Some(to) = current {
                let beyond = ray(to, DIRECTIONS[d]).with(to);
                table[index][to.index()] = Bitboard(line.0 & !beyond.0);
                current = to.offset(files, ranks);
            }
            d += 1;
        }
        index += 1;
    }
    table
};

/// The crocodile's slides from each square, as two rays split by the
/// direction in which square numbers run: `[upward, downward]`. On the
/// river it slides both ways along it; elsewhere towards the river in its
/// file, up to the river and no further, so one of the two is empty. Square
/// numbers go up a file, then file by file, so the first piece on an upward
/// ray is its lowest bit and on a downward ray its highest.
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::CROCODILE_RAYS;
///
/// let [up, down] = CROCODILE_RAYS["a1".parse::<Square>()?.index()];
/// assert_eq!(up.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a2", "a3", "a4"]);
/// assert!(down.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const CROCODILE_RAYS: [[Bitboard; 2]; Square::COUNT] = {
    let mut table = [[Bitboard::EMPTY; 2]; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let from = Square::ALL[index];
        let rank = from.rank();
        let river = Square::RIVER_RANK;
        table[index] = if rank == river {
            [ray(from, (1, 0)), ray(from, (-1, 0))]
        } else if rank < river {
            [
                Bitboard(
                    ray(from, (0, 1)).0
                        & !ray(Square::ALL[index + (river - rank) as usize], (0, 1)).0,
                ),
                Bitboard::EMPTY,
            ]
        } else {
            [
                Bitboard::EMPTY,
                Bitboard(
                    ray(from, (0, -1)).0
                        & !ray(Square::ALL[index - (rank - river) as usize], (0, -1)).0,
                ),
            ]
        };
        index += 1;
    }
    table
};

/// The squares a lion can fly to from each square: its file and its two
/// diagonals, at any distance (never along a rank).
///
/// ```
/// use congo_rules::Square;
/// use congo_rules::geometry::LION_LINES;
///
/// let lines = LION_LINES["d1".parse::<Square>()?.index()];
/// assert!(lines.contains("d7".parse()?) && lines.contains("g4".parse()?));
/// assert!(!lines.contains("e1".parse()?)); // never along a rank
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const LION_LINES: [Bitboard; Square::COUNT] = {
    let mut table = [Bitboard::EMPTY; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let mut d = 0;
        while d < 8 {
            if DIRECTIONS[d].1 != 0 {
                table[index].0 |= ray(Square::ALL[index], DIRECTIONS[d]).0;
            }
            d += 1;
        }
        index += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn names(board: Bitboard) -> Vec<String> {
        board.into_iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn step_and_leap_counts() {
        assert_eq!(names(KING_STEPS[square("a1").index()]), ["a2", "b1", "b2"]);
        assert_eq!(KING_STEPS[square("d4").index()].count(), 8);
        assert_eq!(
            names(GIRAFFE_LEAPS[square("a1").index()]),
            ["a3", "c1", "c3"]
        );
        assert_eq!(GIRAFFE_LEAPS[square("d4").index()].count(), 8);
        assert_eq!(names(KNIGHT_JUMPS[square("a1").index()]), ["b3", "c2"]);
        assert_eq!(KNIGHT_JUMPS[square("d4").index()].count(), 8);
    }

    #[test]
    fn pawns_step_towards_the_enemy() {
        assert_eq!(names(PAWN_FORWARD[0][square("a2").index()]), ["a3", "b3"]);
        assert_eq!(
            names(PAWN_FORWARD[1][square("d6").index()]),
            ["c5", "d5", "e5"]
        );
        assert!(PAWN_FORWARD[0][square("d7").index()].is_empty());
        assert!(PAWN_FORWARD[1][square("d1").index()].is_empty());
    }

    #[test]
    fn neighbors_match_offsets() {
        for square in Square::all() {
            for (files, ranks) in DIRECTIONS {
                assert_eq!(
                    neighbor(square, (files, ranks)),
                    square.offset(files, ranks)
                );
            }
        }
    }

    #[test]
    fn crocodile_rays_end_at_the_river() {
        let rays = |name| CROCODILE_RAYS[square(name).index()].map(names);
        assert_eq!(rays("a1"), [vec!["a2", "a3", "a4"], vec![]]);
        assert_eq!(rays("g7"), [vec![], vec!["g4", "g5", "g6"]]);
        assert_eq!(rays("c5"), [vec![], vec!["c4"]]);
        assert_eq!(rays("d4"), [vec!["e4", "f4", "g4"], vec!["a4", "b4", "c4"]]);
    }

    #[test]
    fn castles() {
        assert_eq!(
            names(CASTLE[0]),
            ["c1", "c2", "c3", "d1", "d2", "d3", "e1", "e2", "e3"]
        );
        assert_eq!(
            names(CASTLE[1]),
            ["c5", "c6", "c7", "d5", "d6", "d7", "e5", "e6", "e7"]
        );
    }

    #[test]
    fn past_the_river_is_three_ranks_on_the_far_side() {
        for (side, ranks) in [(0, 4..=6), (1, 0..=2)] {
            assert_eq!(PAST_RIVER[side].count(), 21);
            assert!(
                PAST_RIVER[side]
                    .into_iter()
                    .all(|s| ranks.contains(&s.rank()))
            );
        }
    }

    #[test]
    fn between_lines() {
        let between = |a: &str, b: &str| names(BETWEEN[square(a).index()][square(b).index()]);
        assert_eq!(between("d1", "d5"), ["d2", "d3", "d4"]);
        assert_eq!(between("d5", "d1"), ["d2", "d3", "d4"]);
        assert_eq!(between("a1", "g7"), ["b2", "c3", "d4", "e5", "f6"]);
        assert_eq!(between("a1", "g1"), ["b1", "c1", "d1", "e1", "f1"]);
        assert!(between("d1", "d2").is_empty());
        assert!(between("a1", "b3").is_empty());
    }

    #[test]
    fn lion_lines_are_files_and_diagonals() {
        let lines = LION_LINES[square("d1").index()];
        assert_eq!(
            names(lines),
            [
                "a4", "b3", "c2", "d2", "d3", "d4", "d5", "d6", "d7", "e2", "f3", "g4"
            ]
        );
    }
}
