//! Random positions and the piece sets they hold, for property tests,
//! benchmarks and test generation, drawn with the in-tree PRNG.

use std::fmt;
use std::str::FromStr;

use crate::geometry::castle_of;
use crate::{Board, Color, Kind, Piece, Position, RuleSet, Square};
pub use congo_kit::rng::Rng;

/// The kinds of piece (besides the two lions) generated positions hold.
///
/// ```
/// use congo_rules::{Kind, random::PieceSet};
///
/// assert_eq!("2021".parse(), Ok(PieceSet::Wits2021));
/// assert_eq!("ZG".parse(), Ok(PieceSet::Letters(vec![Kind::Giraffe, Kind::Zebra])));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// Lion, zebra, giraffe, pawn, superpawn: the 2022 Part 2 set.
    Wits2022,
    /// Lion, zebra, elephant, pawn: the 2021 set (pawns may stand on the
    /// far rank, as they do not promote).
    Wits2021,
    /// All eight kinds.
    Full,
    /// The kinds of these FEN letters (the lions always come along).
    Letters(Vec<Kind>),
}

impl PieceSet {
    /// The assignment's Part 2 set of the year of `rule_set`.
    ///
    /// ```
    /// use congo_rules::{RuleSet, random::PieceSet};
    ///
    /// assert_eq!(PieceSet::of_year(RuleSet::Wits2021), PieceSet::Wits2021);
    /// assert_eq!(PieceSet::of_year(RuleSet::default()), PieceSet::Wits2022);
    /// ```
    pub fn of_year(rule_set: RuleSet) -> PieceSet {
        match rule_set {
            RuleSet::Wits2021 => PieceSet::Wits2021,
            RuleSet::Wits2022 => PieceSet::Wits2022,
        }
    }

    /// The shape of random positions with this set at `density` percent.
    ///
    /// ```
    /// use congo_rules::{Kind, random::PieceSet};
    ///
    /// let shape = PieceSet::Wits2021.shape(20);
    /// assert_eq!(shape.density, 20);
    /// assert!(shape.kinds.contains(&Kind::Elephant) && shape.pawns_on_far_rank);
    /// ```
    pub fn shape(&self, density: u64) -> PositionShape<'_> {
        let kinds: &[Kind] = match self {
            PieceSet::Wits2022 => PositionShape::PART2_2022.kinds,
            PieceSet::Wits2021 => &[Kind::Zebra, Kind::Elephant, Kind::Pawn],
            PieceSet::Full => PositionShape::FULL.kinds,
            PieceSet::Letters(kinds) => kinds,
        };
        PositionShape {
            kinds,
            density,
            pawns_on_far_rank: *self == PieceSet::Wits2021,
        }
    }
}

/// A piece set that is not `2022`, `2021`, `full` or piece letters.
///
/// ```
/// use congo_rules::random::{ParsePieceSetError, PieceSet};
///
/// let error = "ZQ".parse::<PieceSet>().unwrap_err();
/// assert_eq!(error, ParsePieceSetError("ZQ".into()));
/// assert!(error.to_string().contains("expected 2022, 2021, full or piece letters"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePieceSetError(pub String);

impl fmt::Display for ParsePieceSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "piece set {:?} is unknown, expected 2022, 2021, full or piece letters such as ZGP",
            self.0
        )
    }
}

impl std::error::Error for ParsePieceSetError {}

impl FromStr for PieceSet {
    type Err = ParsePieceSetError;

    fn from_str(text: &str) -> Result<PieceSet, ParsePieceSetError> {
        match text {
            "2022" => Ok(PieceSet::Wits2022),
            "2021" => Ok(PieceSet::Wits2021),
            "full" => Ok(PieceSet::Full),
            _ => {
                let mut kinds: Vec<Kind> = text
                    .bytes()
                    .map(|letter| Piece::from_letter(letter).map(|piece| piece.kind))
                    .collect::<Option<_>>()
                    .filter(|kinds: &Vec<Kind>| !kinds.is_empty())
                    .ok_or_else(|| ParsePieceSetError(text.to_owned()))?;
                kinds.retain(|&kind| kind != Kind::Lion);
                kinds.sort();
                kinds.dedup();
                Ok(PieceSet::Letters(kinds))
            }
        }
    }
}

/// What random positions may hold.
///
/// ```
/// use congo_rules::{Kind, random::{PositionShape, Rng, random_position}};
///
/// // Every square tried: one zebra a side (the most a side has) beside the lions.
/// let shape = PositionShape { kinds: &[Kind::Zebra], density: 100, pawns_on_far_rank: false };
/// let position = random_position(&mut Rng::new(1), &shape);
/// assert_eq!(position.board.by_kind(Kind::Zebra).count(), 2);
/// assert_eq!(position.board.occupied().count(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct PositionShape<'a> {
    /// The kinds placed besides the two lions.
    pub kinds: &'a [Kind],
    /// The chance, in percent, that a square other than the lions' holds a piece.
    pub density: u64,
    /// Whether a pawn may stand on its far rank (only without promotion).
    pub pawns_on_far_rank: bool,
}

impl PositionShape<'_> {
    /// The pieces of the 2022 assignment's Part 2.
    ///
    /// ```
    /// use congo_rules::{Kind, Reach, RuleSet, random::{PositionShape, Rng, random_position}};
    ///
    /// let position = random_position(&mut Rng::new(7), &PositionShape::PART2_2022);
    /// assert!(position.board.by_kind(Kind::Elephant).is_empty());
    /// assert_eq!(position.validate(RuleSet::Wits2022, Reach::Game), Ok(()));
    /// ```
    pub const PART2_2022: PositionShape<'static> = PositionShape {
        kinds: &[Kind::Zebra, Kind::Giraffe, Kind::Pawn, Kind::Superpawn],
        density: 30,
        pawns_on_far_rank: false,
    };

    /// Every kind of piece.
    ///
    /// ```
    /// use congo_rules::{Position, random::{PositionShape, Rng, random_position}};
    ///
    /// let position = random_position(&mut Rng::new(7), &PositionShape::FULL);
    /// let read: Position = position.to_string().parse()?; // a position a game reaches
    /// assert_eq!(read, position);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const FULL: PositionShape<'static> = PositionShape {
        kinds: &[
            Kind::Pawn,
            Kind::Superpawn,
            Kind::Giraffe,
            Kind::Monkey,
            Kind::Elephant,
            Kind::Crocodile,
            Kind::Zebra,
        ],
        density: 30,
        pawns_on_far_rank: false,
    };
}

/// A random valid position: one lion per side inside its castle, other
/// pieces scattered as `shape` says (no more of a kind than a side can
/// have), a random side and move number.
///
/// ```
/// use congo_rules::random::{PositionShape, Rng, random_position};
///
/// let position = random_position(&mut Rng::new(3), &PositionShape::FULL);
/// assert!(position.both_lions());
/// // The same seed, the same position.
/// assert_eq!(random_position(&mut Rng::new(3), &PositionShape::FULL), position);
/// ```
pub fn random_position(rng: &mut Rng, shape: &PositionShape) -> Position {
    let mut board = Board::empty();
    for color in Color::ALL {
        let castle: Vec<Square> = castle_of(color).into_iter().collect();
        if let Some(square) = rng.pick(&castle) {
            board.put(square, Piece::new(color, Kind::Lion));
        }
    }
    for square in Square::all() {
        if board.piece_at(square).is_some() || !rng.percent(shape.density) {
            continue;
        }
        let color = if rng.percent(50) {
            Color::White
        } else {
            Color::Black
        };
        let Some(kind) = rng.pick(shape.kinds) else {
            break;
        };
        let far_rank = match color {
            Color::White => 6,
            Color::Black => 0,
        };
        if kind == Kind::Pawn && square.rank() == far_rank && !shape.pawns_on_far_rank {
            continue;
        }
        let piece = Piece::new(color, kind);
        if board.pieces(piece).count() >= kind.most_per_side() {
            continue;
        }
        board.put(square, piece);
    }
    Position {
        board,
        side: if rng.percent(50) {
            Color::White
        } else {
            Color::Black
        },
        move_number: rng.below(100) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_positions_have_one_lion_each_in_its_castle() {
        let mut rng = Rng::new(3);
        for _ in 0..500 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            for color in Color::ALL {
                let lions = position.board.pieces(Piece::new(color, Kind::Lion));
                assert_eq!(lions.count(), 1);
                assert_eq!(lions & castle_of(color), lions);
            }
            let white_pawns = position.board.pieces(Piece::new(Color::White, Kind::Pawn));
            assert!(white_pawns.into_iter().all(|s| s.rank() != 6));
        }
    }

    #[test]
    fn piece_sets_by_name_and_letters() {
        assert_eq!("2022".parse(), Ok(PieceSet::Wits2022));
        assert_eq!("full".parse(), Ok(PieceSet::Full));
        assert_eq!(
            "zgLz".parse(),
            Ok(PieceSet::Letters(vec![Kind::Giraffe, Kind::Zebra]))
        );
        assert_eq!("".parse::<PieceSet>(), Err(ParsePieceSetError("".into())));
        assert_eq!(
            "ZQ".parse::<PieceSet>(),
            Err(ParsePieceSetError("ZQ".into()))
        );
    }
}
