//! The board: which piece stands on which square.

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, Color, FenError, Kind, Piece, Square};

/// The pieces on the 7x7 board.
///
/// The board is a 7x7 array of squares (ranks, then files), the form the
/// assignment asks for and the fastest answer to "what stands on e4?".
/// Beside it the board keeps one square set per colour and per kind, so
/// that "where are black's zebras?" and "is this path empty?" are a mask
/// operation each. Both views change together, only through [`Board::put`]
/// and [`Board::remove`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    squares: [[Option<Piece>; 7]; 7],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 8],
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            squares: [[None; 7]; 7],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 8],
        }
    }

    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.rank() as usize][square.file() as usize]
    }

    /// Places `piece` on `square`, replacing whatever stood there.
    pub fn put(&mut self, square: Square, piece: Piece) {
        self.remove(square);
        self.squares[square.rank() as usize][square.file() as usize] = Some(piece);
        self.by_color[piece.color.index()] |= Bitboard::from_square(square);
        self.by_kind[piece.kind.index()] |= Bitboard::from_square(square);
    }

    /// Empties `square`, returning what stood there.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.squares[square.rank() as usize][square.file() as usize].take()?;
        self.by_color[piece.color.index()] = self.by_color[piece.color.index()].without(square);
        self.by_kind[piece.kind.index()] = self.by_kind[piece.kind.index()].without(square);
        Some(piece)
    }

    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    pub const fn by_kind(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares holding this piece.
    pub const fn pieces(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color(piece.color).0 & self.by_kind(piece.kind).0)
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

/// Reads the piece field of a FEN, e.g. `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ`.
///
/// Runs of digits add up (`34` is seven empty squares), as in most FEN readers.
impl FromStr for Board {
    type Err = FenError;

    fn from_str(field: &str) -> Result<Board, FenError> {
        let bytes = field.as_bytes();
        let ranks = 1 + bytes.iter().filter(|&&byte| byte == b'/').count();
        if ranks != 7 {
            return Err(FenError::RankCount(ranks));
        }
        let mut board = Board::empty();
        // `rank` counts down from 6 (rank 7); `squares` is how far the rank has got.
        let mut rank = 6u8;
        let mut squares = 0usize;
        for (at, &byte) in bytes.iter().enumerate() {
            match byte {
                b'/' => {
                    check_width(rank, squares)?;
                    rank -= 1;
                    squares = 0;
                }
                b'0' => return Err(FenError::ZeroDigit { rank: rank + 1 }),
                b'1'..=b'9' => squares += usize::from(byte - b'0'),
                _ => {
                    let piece = Piece::from_letter(byte).ok_or_else(|| FenError::UnknownPiece {
                        rank: rank + 1,
                        letter: field.get(at..).and_then(|rest| rest.chars().next()).unwrap_or('?'),
                    })?;
                    if let Some(square) = Square::new(squares as u8, rank).filter(|_| squares < 7) {
                        board.put(square, piece);
                    }
                    squares += 1;
                }
            }
        }
        check_width(rank, squares)?;
        Ok(board)
    }
}

fn check_width(rank: u8, squares: usize) -> Result<(), FenError> {
    if squares == 7 {
        Ok(())
    } else {
        Err(FenError::RankWidth {
            rank: rank + 1,
            squares,
        })
    }
}

/// Writes the piece field of a FEN, runs of empty squares as one digit.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.squares.iter().rev().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for square in rank {
                match square {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.letter() as char)?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ";

    #[test]
    fn start_position_round_trips() {
        let board: Board = START.parse().unwrap();
        assert_eq!(board.to_string(), START);
        assert_eq!(board.occupied().count(), 28);
        let d1 = "d1".parse().unwrap();
        assert_eq!(board.piece_at(d1), Some(Piece::new(Color::White, Kind::Lion)));
    }

    #[test]
    fn digit_runs_add_up_and_print_merged() {
        let board: Board = "2l31/7/4z2/4c2/PP2EP1/3L2p/7".parse().unwrap();
        assert_eq!(board.to_string(), "2l4/7/4z2/4c2/PP2EP1/3L2p/7");
    }

    #[test]
    fn put_and_remove_keep_the_sets_in_step() {
        let mut board = Board::empty();
        let e4 = "e4".parse().unwrap();
        board.put(e4, Piece::new(Color::Black, Kind::Zebra));
        board.put(e4, Piece::new(Color::White, Kind::Pawn));
        assert_eq!(board.by_color(Color::Black), Bitboard::EMPTY);
        assert_eq!(board.by_kind(Kind::Zebra), Bitboard::EMPTY);
        assert_eq!(board.pieces(Piece::new(Color::White, Kind::Pawn)), Bitboard::from_square(e4));
        assert_eq!(board.remove(e4), Some(Piece::new(Color::White, Kind::Pawn)));
        assert_eq!(board, Board::empty());
    }

    #[test]
    fn errors_name_the_rank() {
        let cases = [
            ("7/7/7/7/7/7", FenError::RankCount(6)),
            ("7/7/7/7/7/7/7/7", FenError::RankCount(8)),
            ("7/7/8/7/7/7/7", FenError::RankWidth { rank: 5, squares: 8 }),
            ("7/7/7/7/7/7/6", FenError::RankWidth { rank: 1, squares: 6 }),
            ("7/7/7/7/ppppppp1/7/7", FenError::RankWidth { rank: 3, squares: 8 }),
            ("7/7/7/07/7/7/7", FenError::ZeroDigit { rank: 4 }),
            ("7/x6/7/7/7/7/7", FenError::UnknownPiece { rank: 6, letter: 'x' }),
            ("7/7/7/7/7/7/é5", FenError::UnknownPiece { rank: 1, letter: 'é' }),
            ("7//7/7/7/7/7", FenError::RankWidth { rank: 6, squares: 0 }),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Board>(), Err(error), "{text}");
        }
    }
}
