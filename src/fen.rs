//! What can be wrong with a FEN.

use std::fmt;

/// Why a FEN (or its piece field) could not be read.
///
/// Ranks are named as on the board: the FEN's first rank is rank 7.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The line holds nothing.
    Empty,
    /// Not the three fields `<pieces> <side> <move number>`.
    FieldCount(usize),
    /// The piece field does not have seven `/`-separated ranks.
    RankCount(usize),
    /// A rank describes more or fewer than seven squares.
    RankWidth { rank: u8, squares: usize },
    /// A rank uses the digit 0, which counts no squares.
    ZeroDigit { rank: u8 },
    /// A rank holds a character that is neither a piece letter nor a digit.
    UnknownPiece { rank: u8, letter: char },
    /// The side field is not `w`, `b`, `W` or `B`.
    Side(String),
    /// The move number is not a non-negative integer.
    MoveNumber(String),
    /// The move number is too large to hold.
    MoveNumberTooLarge(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty line, expected a FEN"),
            FenError::FieldCount(found) => write!(
                f,
                "expected 3 fields (pieces, side, move number), found {found}"
            ),
            FenError::RankCount(found) => write!(f, "expected 7 ranks, found {found}"),
            FenError::RankWidth { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, expected 7")
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
            FenError::MoveNumberTooLarge(found) => write!(
                f,
                "move number {found} is too large, expected at most {}",
                u32::MAX
            ),
        }
    }
}

impl std::error::Error for FenError {}
