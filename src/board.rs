//! The board: which piece stands on which square.

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, ByColor, ByKind, Color, FenError, Kind, Piece, Square};

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
    by_color: ByColor<Bitboard>,
    by_kind: ByKind<Bitboard>,
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [[None; 7]; 7],
            by_color: ByColor([Bitboard::EMPTY; 2]),
            by_kind: ByKind::splat(Bitboard::EMPTY),
        }
    }

    /// What stands on `square`, if anything.
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.rank() as usize][square.file() as usize]
    }

    /// Places `piece` on `square`, replacing whatever stood there.
    pub fn put(&mut self, square: Square, piece: Piece) {
        self.remove(square);
        self.squares[square.rank() as usize][square.file() as usize] = Some(piece);
        self.by_color[piece.color] |= Bitboard::from_square(square);
        self.by_kind[piece.kind] |= Bitboard::from_square(square);
    }

    /// Empties `square`, returning what stood there.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.squares[square.rank() as usize][square.file() as usize].take()?;
        self.by_color[piece.color] = self.by_color[piece.color].without(square);
        self.by_kind[piece.kind] = self.by_kind[piece.kind].without(square);
        Some(piece)
    }

    /// Every square that holds a piece.
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color.0[0].0 | self.by_color.0[1].0)
    }

    /// The squares of `color`'s pieces.
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color.0[color.index()]
    }

    /// The squares of the pieces of `kind`, both colours.
    pub const fn by_kind(&self, kind: Kind) -> Bitboard {
        self.by_kind.0[kind.index()]
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

/// What a byte of a FEN's piece field stands for.
#[derive(Clone, Copy)]
struct Glyph {
    /// Which of the 16 piece sets its square joins; 16, a spare set, when it
    /// is no piece.
    slot: u8,
    /// How many squares it covers: 1 for a piece, its value for a digit,
    /// and [`Glyph::POISON`] for a byte that has no place in a FEN.
    width: u8,
    /// It ends a rank.
    slash: bool,
    /// It is a digit.
    digit: bool,
}

impl Glyph {
    /// A width no rank survives: a `0` or an unknown byte makes its rank
    /// too wide, so one width check catches every malformed field.
    const POISON: u8 = 64;
}

/// The meaning of every byte, so that reading a field is one look-up a byte.
const GLYPHS: [Glyph; 256] = {
    let unknown = Glyph {
        slot: 16,
        width: Glyph::POISON,
        slash: false,
        digit: false,
    };
    let mut glyphs = [unknown; 256];
    let mut byte = 0;
    while byte < 256 {
        let piece = Piece::from_letter(byte as u8);
        glyphs[byte] = match byte as u8 {
            b'/' => Glyph {
                slash: true,
                width: 0,
                ..unknown
            },
            digit @ b'1'..=b'9' => Glyph {
                width: digit - b'0',
                digit: true,
                ..unknown
            },
            _ => match piece {
                Some(found) => Glyph {
                    slot: found.color as u8 * 8 + found.kind as u8,
                    width: 1,
                    slash: false,
                    digit: false,
                },
                None => unknown,
            },
        };
        byte += 1;
    }
    glyphs
};

/// Reads the piece field of a FEN, e.g. `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ`.
///
/// A run of empty squares is one digit: `34` is rejected, since no FEN
/// writer makes it and it usually hides a typing mistake.
impl FromStr for Board {
    type Err = FenError;

    fn from_str(field: &str) -> Result<Board, FenError> {
        read_field(field.as_bytes()).ok_or_else(|| explain(field))
    }
}

/// Reads a well-formed piece field; `None` for any other.
///
/// Whether a byte is a piece or a digit is a coin toss on real boards, so
/// this loop has no branch that depends on it (a mispredicted branch a
/// byte costs more than the rest of the work): every byte sets a bit, a
/// digit or slash one in a spare set. Indices are masked rather than
/// clamped, as a clamp compiles to a branch; what a malformed field sets
/// out of place does not matter, since the field is rejected. The 7x7
/// array is filled afterwards from the sets, one store per piece.
fn read_field(bytes: &[u8]) -> Option<Board> {
    // The last set absorbs the bits of slashes, digits and a well-formed
    // rank's end.
    let mut by_piece = [Bitboard::EMPTY; 17];
    let mut misfit = false;
    let mut after_digit = false;
    let mut rank = 6usize;
    let mut file = 0usize;
    for &byte in bytes {
        let glyph = GLYPHS[usize::from(byte)];
        misfit |= (glyph.slash & (file != 7)) | (glyph.digit & after_digit);
        after_digit = glyph.digit;
        let bit = file.wrapping_mul(7).wrapping_add(rank) & 63;
        by_piece[usize::from(glyph.slot)] |= Bitboard(1 << bit);
        // Wrapping: a seventh slash makes the rank huge, and the check
        // after the loop rejects it.
        rank = rank.wrapping_sub(usize::from(glyph.slash));
        file = if glyph.slash {
            0
        } else {
            file + usize::from(glyph.width)
        };
    }
    if misfit | (file != 7) | (rank != 0) {
        return None;
    }
    // Only now the array: one store per piece rather than one per byte.
    let mut board = Board::empty();
    for (slot, &squares) in by_piece[..16].iter().enumerate() {
        let piece = SLOT_PIECES[slot];
        for square in squares {
            board.squares[square.rank() as usize][square.file() as usize] = Some(piece);
        }
    }
    for (kind, (&white, &black)) in Kind::ALL
        .into_iter()
        .zip(by_piece[..8].iter().zip(&by_piece[8..16]))
    {
        board.by_kind[kind] = white | black;
        board.by_color[Color::White] |= white;
        board.by_color[Color::Black] |= black;
    }
    Some(board)
}

/// The piece of each of the 16 piece sets [`read_field`] fills: white's
/// kinds, then black's.
const SLOT_PIECES: [Piece; 16] = {
    let mut pieces = [Piece::new(Color::White, Kind::Pawn); 16];
    let mut slot = 0;
    while slot < 16 {
        let color = if slot < 8 { Color::White } else { Color::Black };
        pieces[slot] = Piece::new(color, Kind::ALL[slot % 8]);
        slot += 1;
    }
    pieces
};

/// Why [`read_field`] rejected a piece field: the first problem, reading
/// from rank 7 down.
fn explain(field: &str) -> FenError {
    let ranks = field.split('/').count();
    if ranks != 7 {
        return FenError::RankCount(ranks);
    }
    for (text, rank) in field.split('/').zip((1..=7).rev()) {
        let mut squares = 0;
        let mut after_digit = false;
        for (at, letter) in text.char_indices() {
            let glyph = GLYPHS[usize::from(text.as_bytes()[at])];
            if letter == '0' {
                return FenError::ZeroDigit { rank };
            }
            if glyph.digit && after_digit {
                return FenError::AdjacentDigits { rank };
            }
            after_digit = glyph.digit;
            if !letter.is_ascii() || glyph.width == Glyph::POISON {
                return FenError::UnknownPiece { rank, letter };
            }
            squares += usize::from(glyph.width);
        }
        if squares != 7 {
            return FenError::RankWidth { rank, squares };
        }
    }
    // Every field `read_field` rejects breaks one of the rules above; the
    // tests hold the two functions to that.
    FenError::RankCount(ranks)
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
        assert_eq!(
            board.piece_at(d1),
            Some(Piece::new(Color::White, Kind::Lion))
        );
    }

    #[test]
    fn a_run_of_empty_squares_is_one_digit() {
        for (field, rank) in [("2l31/7/4z2/4c2/PP2EP1/3L2p/7", 7), ("7/7/7/7/7/7/16", 1)] {
            let error = FenError::AdjacentDigits { rank };
            assert_eq!(field.parse::<Board>(), Err(error), "{field}");
        }
        let board: Board = "2l4/7/4z2/4c2/PP2EP1/3L2p/7".parse().unwrap();
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
        assert_eq!(
            board.pieces(Piece::new(Color::White, Kind::Pawn)),
            Bitboard::from_square(e4)
        );
        assert_eq!(board.remove(e4), Some(Piece::new(Color::White, Kind::Pawn)));
        assert_eq!(board, Board::empty());
    }

    #[test]
    fn errors_name_the_rank() {
        let cases = [
            ("7/7/7/7/7/7", FenError::RankCount(6)),
            ("7/7/7/7/7/7/7/7", FenError::RankCount(8)),
            (
                "7/7/8/7/7/7/7",
                FenError::RankWidth {
                    rank: 5,
                    squares: 8,
                },
            ),
            (
                "7/7/7/7/7/7/6",
                FenError::RankWidth {
                    rank: 1,
                    squares: 6,
                },
            ),
            (
                "7/7/7/7/ppppppp1/7/7",
                FenError::RankWidth {
                    rank: 3,
                    squares: 8,
                },
            ),
            ("7/7/7/07/7/7/7", FenError::ZeroDigit { rank: 4 }),
            (
                "7/x6/7/7/7/7/7",
                FenError::UnknownPiece {
                    rank: 6,
                    letter: 'x',
                },
            ),
            (
                "7/7/7/7/7/7/é5",
                FenError::UnknownPiece {
                    rank: 1,
                    letter: 'é',
                },
            ),
            (
                "7//7/7/7/7/7",
                FenError::RankWidth {
                    rank: 6,
                    squares: 0,
                },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Board>(), Err(error), "{text}");
        }
    }
}
