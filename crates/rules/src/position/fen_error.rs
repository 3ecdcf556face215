//! [`FenError`]: every way a FEN line can fail to be read or accepted,
//! each with the rank or square it concerns.

use std::fmt;

use crate::rule_set::RuleSetError;
use crate::{Color, Kind, Piece, Square};
use congo_kit::text::{Count, NotUtf8};

/// Why a FEN (or its piece field) could not be read.
///
/// Ranks are named as on the board: the FEN's first rank is rank 7.
///
/// ```
/// use congo_rules::{FenError, Position};
///
/// assert_eq!("3l3/7/7/7/7/3L3 w 1".parse::<Position>(), Err(FenError::RankCount(6)));
/// let error = "3l3/7/7/7/7/7/3L3 x 1".parse::<Position>().unwrap_err();
/// assert_eq!(error, FenError::Side("x".into()));
/// assert_eq!(error.to_string(), "side to move is \"x\", expected w or b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The line holds nothing.
    Empty,
    /// The line is not UTF-8 (nor, then, a FEN).
    NotUtf8,
    /// Not the three fields `<pieces> <side> <move number>`.
    FieldCount(usize),
    /// The piece field does not have seven `/`-separated ranks.
    RankCount(usize),
    /// A rank describes more or fewer than seven squares.
    RankWidth {
        /// The rank, 7 for the first in the field.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A rank uses the digit 0, which counts no squares.
    ZeroDigit {
        /// The rank.
        rank: u8,
    },
    /// Two digits in a row (`34`): one digit counts a run of empty squares.
    AdjacentDigits {
        /// The rank.
        rank: u8,
        /// Whether the rank would be right with the letter `l` for one of
        /// the `1`s among the digits: `214`, copied from a text whose lion
        /// letter looks like a one.
        lion_fits: bool,
    },
    /// A rank holds a character that is neither a piece letter nor a digit.
    UnknownPiece {
        /// The rank.
        rank: u8,
        /// The character.
        letter: char,
    },
    /// The side field is not `w`, `b`, `W` or `B`.
    Side(String),
    /// The move number is not a non-negative integer.
    MoveNumber(String),
    /// The move number is too large to hold.
    MoveNumberTooLarge(String),
    /// A side has more pieces of a kind than it starts a game with (or,
    /// for superpawns, more than it has pawns at the start).
    TooMany {
        /// The piece, in the side's colour.
        piece: Piece,
        /// How many the position has.
        count: u32,
        /// The most a side can have.
        max: u32,
    },
    /// A lion stands outside its castle (and not in the enemy castle after
    /// taking the enemy lion).
    LionOutsideCastle {
        /// The lion's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A piece the rule set rules out (a superpawn under the 2021 rules).
    RuleSet(RuleSetError),
    /// A monkey with more jump chains than any move list should hold.
    TooManyChains {
        /// The monkey's square.
        square: Square,
        /// The most chains allowed.
        max: u32,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty line, expected a FEN"),
            FenError::NotUtf8 => NotUtf8.fmt(f),
            FenError::FieldCount(found) => write!(
                f,
                "expected 3 fields (pieces, side, move number), found {found}"
            ),
            FenError::RankCount(found) => write!(f, "expected 7 ranks, found {found}"),
            FenError::RankWidth { rank, squares } => {
                write!(
                    f,
                    "rank {rank} has {}, expected 7",
                    Count(*squares, "square")
                )
            }
            FenError::ZeroDigit { rank } => {
                write!(
                    f,
                    "rank {rank} has the digit 0, expected 1 to 7 empty squares"
                )
            }
            FenError::UnknownPiece { rank, letter } => write!(
                f,
                "rank {rank} has {letter:?}, expected a piece letter (PSGMELCZ, lowercase for black) or a digit"
            ),
            FenError::Side(found) => write!(f, "side to move is {found:?}, expected w or b"),
            FenError::MoveNumber(found) => write!(
                f,
                "move number is {found:?}, expected a non-negative integer"
            ),
            FenError::AdjacentDigits { rank, lion_fits } => {
                write!(
                    f,
                    "rank {rank} has two digits in a row, expected one digit per run of empty squares"
                )?;
                if *lion_fits {
                    f.write_str("; did you mean l (the letter) rather than 1?")?;
                }
                Ok(())
            }
            FenError::TooMany { piece, count, max } => {
                write!(
                    f,
                    "{} has {count} {}s, expected at most {max}",
                    piece.color.name(),
                    piece.kind.name()
                )?;
                // A made-up board may have more of any kind but the lion.
                if piece.kind != Kind::Lion {
                    f.write_str(" (the judges' --any-position accepts any number that fits)")?;
                }
                Ok(())
            }
            FenError::LionOutsideCastle { color, square } => write!(
                f,
                "the {} lion on {square} is outside its castle",
                color.name()
            ),
            FenError::TooManyChains { square, max } => write!(
                f,
                "the monkey on {square} has more than {max} jump chains, expected at most {max}"
            ),
            FenError::RuleSet(error) => error.fmt(f),
            FenError::MoveNumberTooLarge(found) => write!(
                f,
                "move number {found} is too large, expected at most {}",
                u32::MAX
            ),
        }
    }
}

impl std::error::Error for FenError {}

impl From<NotUtf8> for FenError {
    fn from(_: NotUtf8) -> FenError {
        FenError::NotUtf8
    }
}
