//! One training position in 32 bytes: the board and the side to move,
//! the search's score, the game's result.
//!
//! | bytes | what |
//! |---|---|
//! | 0..8 | the occupied squares, a bit each by square index, little-endian |
//! | 8..22 | each occupied square's piece in index order, two to a byte (low half first): 8 × colour + kind |
//! | 22 | the side to move: 0 white, 1 black |
//! | 23 | the game's result in white's half points: 0, 1 or 2 |
//! | 24..26 | the search's score for the side to move, centipawns, little-endian `i16` |
//! | 26..28 | the move number, little-endian `u16` |
//! | 28..32 | 0 (kept for later use) |
//!
//! A game never has more than [`MAX_PIECES`] pieces: each side starts
//! with fourteen, and a move only takes some away or turns a pawn into
//! a superpawn.

use std::fmt;

use congo_rules::{Board, Color, Outcome, Piece, Position, Square};

/// The bytes a sample takes.
pub const SAMPLE_BYTES: usize = 32;

/// The most pieces a sample holds.
pub const MAX_PIECES: usize = 28;

/// A position the engine searched in a self-play game, with what the
/// search and the game made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position searched.
    pub position: Position,
    /// The search's score for the side to move, in centipawns.
    pub score: i16,
    /// How the game ended.
    pub outcome: Outcome,
}

/// Why 32 bytes are no sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleError {
    /// The occupied squares run past the board or number more than
    /// [`MAX_PIECES`]: the set as read.
    Occupied(u64),
    /// The side to move is neither 0 nor 1.
    Side(u8),
    /// The result is not 0, 1 or 2 half points.
    Result(u8),
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::Occupied(set) => write!(
                f,
                "the occupied squares {set:#x} run past the board or number more than {MAX_PIECES}"
            ),
            SampleError::Side(side) => write!(f, "side to move {side} is neither 0 nor 1"),
            SampleError::Result(result) => write!(f, "result {result} is not 0, 1 or 2"),
        }
    }
}

impl std::error::Error for SampleError {}

impl Sample {
    /// The sample's 32 bytes.
    pub fn to_bytes(&self) -> [u8; SAMPLE_BYTES] {
        let board = &self.position.board;
        let mut bytes = [0; SAMPLE_BYTES];
        bytes[..8].copy_from_slice(&board.occupied().0.to_le_bytes());
        let pieces = board
            .occupied()
            .into_iter()
            .filter_map(|square| board.piece_at(square));
        for (at, piece) in pieces.take(MAX_PIECES).enumerate() {
            bytes[8 + at / 2] |= code_of(piece) << (4 * (at % 2));
        }
        bytes[22] = self.position.side.index() as u8;
        bytes[23] = self.outcome.white_half_points() as u8;
        bytes[24..26].copy_from_slice(&self.score.to_le_bytes());
        let number = u16::try_from(self.position.move_number).unwrap_or(u16::MAX);
        bytes[26..28].copy_from_slice(&number.to_le_bytes());
        bytes
    }

    /// The sample these bytes hold.
    pub fn read(bytes: &[u8; SAMPLE_BYTES]) -> Result<Sample, SampleError> {
        let mut board = Board::empty();
        for (square, piece) in pieces(bytes)? {
            board.put(square, piece);
        }
        let side = match bytes[22] {
            0 => Color::White,
            1 => Color::Black,
            side => return Err(SampleError::Side(side)),
        };
        let outcome = match bytes[23] {
            0 => Outcome::BlackWins,
            1 => Outcome::Draw,
            2 => Outcome::WhiteWins,
            result => return Err(SampleError::Result(result)),
        };
        Ok(Sample {
            position: Position {
                board,
                side,
                move_number: u32::from(u16::from_le_bytes([bytes[26], bytes[27]])),
            },
            score: i16::from_le_bytes([bytes[24], bytes[25]]),
            outcome,
        })
    }
}

/// A piece's half-byte: its place in [`Piece::ALL`].
fn code_of(piece: Piece) -> u8 {
    8 * piece.color.index() as u8 + piece.kind.index() as u8
}

/// The pieces the bytes place, each with its square: read without a
/// board, as the trainer does millions of times.
pub(crate) fn pieces(
    bytes: &[u8; SAMPLE_BYTES],
) -> Result<impl Iterator<Item = (Square, Piece)> + '_, SampleError> {
    let mut set = [0; 8];
    set.copy_from_slice(&bytes[..8]);
    let occupied = u64::from_le_bytes(set);
    if occupied >> Square::COUNT != 0 || occupied.count_ones() as usize > MAX_PIECES {
        return Err(SampleError::Occupied(occupied));
    }
    let squares = (0..Square::COUNT).filter(move |index| occupied >> index & 1 == 1);
    Ok(squares.enumerate().filter_map(move |(at, index)| {
        let code = (bytes[8 + at / 2] >> (4 * (at % 2))) & 15;
        let piece = Piece::ALL[usize::from(code)];
        Square::from_index(index).map(|square| (square, piece))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;
    use congo_rules::random::{PositionShape, random_position};

    #[test]
    fn a_sample_reads_back_as_written() {
        let mut rng = Rng::new(8);
        for _ in 0..500 {
            let mut position = random_position(&mut rng, &PositionShape::FULL);
            position.move_number = rng.below(300) as u32;
            let sample = Sample {
                position,
                score: rng.below(60_000) as i16,
                outcome: [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins]
                    [rng.below(3) as usize],
            };
            assert_eq!(Sample::read(&sample.to_bytes()), Ok(sample));
        }
    }

    #[test]
    fn bytes_that_name_no_sample_are_refused_with_where() {
        let bytes = [0; SAMPLE_BYTES];
        assert!(Sample::read(&bytes).is_ok());
        let cases = [
            (
                6,
                0x02,
                "the occupied squares 0x2000000000000 run past the board or number more than 28",
            ),
            (
                3,
                0x3f,
                "the occupied squares 0x3fffffff run past the board or number more than 28",
            ),
            (22, 2, "side to move 2 is neither 0 nor 1"),
            (23, 3, "result 3 is not 0, 1 or 2"),
        ];
        for (at, value, message) in cases {
            let mut bad = bytes;
            bad[at] = value;
            if at == 3 {
                // 6 squares here and 24 below: 30 pieces.
                bad[..3].copy_from_slice(&[0xff; 3]);
            }
            assert_eq!(
                Sample::read(&bad).map_err(|error| error.to_string()),
                Err(message.to_string())
            );
        }
    }
}
