//! The FEN, congo's text form of a position: the one reader (fast, and
//! with a reason for every way a line can be wrong, [`FenError`]) and the
//! writer.

use std::fmt;
use std::str::FromStr;

use super::Position;
use super::acceptance::Reach;
use super::fen_error::FenError;
use crate::rule_set::RuleSet;
use crate::{Bitboard, Board, Color, Piece, Square};

/// What a byte of a FEN's piece field stands for.
#[derive(Clone, Copy)]
struct Glyph {
    /// Which of the 16 piece sets its square joins; 16, a spare set, when it
    /// is no piece.
    slot: u8,
    /// How many cells of [`CELL_SQUARES`] it covers: 1 for a piece or a
    /// slash, its value for a digit, and [`Glyph::POISON`] for a byte that
    /// has no place in a FEN.
    width: u8,
    /// It ends a rank.
    slash: bool,
    /// It is a digit.
    digit: bool,
    /// The piece it stands for, the 7x7 array's view of what `slot` is
    /// to the sets.
    piece: Option<Piece>,
}

impl Glyph {
    /// A width no field survives: a `0` or an unknown byte carries the
    /// reader past the field's last cell, so the check of where it ends
    /// catches every such byte.
    const POISON: u8 = 64;
}

/// The piece field laid out as 7 rows of 8 cells, the first row rank 7:
/// each rank's seven squares and then the cell of the slash after it. Each
/// cell's square as a set (empty for the slash cells), so that reading a
/// byte needs no arithmetic on files and ranks.
const CELL_SQUARES: [Bitboard; 64] = {
    let mut cells = [Bitboard::EMPTY; 64];
    let mut cell = 0;
    while cell < 56 {
        let (row, column) = ((cell / 8) as u8, (cell % 8) as u8);
        if let Some(square) = Square::new(column, 6 - row) {
            cells[cell] = Bitboard::from_square(square);
        }
        cell += 1;
    }
    cells
};

/// Each cell's square number, or [`Square::COUNT`], a spare entry, for
/// the slash cells.
const CELL_INDICES: [u8; 64] = {
    let mut indices = [Square::COUNT as u8; 64];
    let mut cell = 0;
    while cell < 64 {
        let square = CELL_SQUARES[cell].0;
        if square != 0 {
            indices[cell] = square.trailing_zeros() as u8;
        }
        cell += 1;
    }
    indices
};

/// The cells of the six slashes in a well-formed field: the last of each
/// row but the final one.
const SLASH_CELLS: u64 = 0x0000_8080_8080_8080;

/// The cell after a well-formed field: the last row's slash cell.
const FIELD_END: usize = 55;

/// The meaning of every byte, so that reading a field is one look-up a byte.
const GLYPHS: [Glyph; 256] = {
    let unknown = Glyph {
        slot: 16,
        width: Glyph::POISON,
        slash: false,
        digit: false,
        piece: None,
    };
    let mut glyphs = [unknown; 256];
    let mut byte = 0;
    while byte < 256 {
        let piece = Piece::from_letter(byte as u8);
        glyphs[byte] = match byte as u8 {
            b'/' => Glyph {
                slash: true,
                width: 1,
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
                    piece,
                    ..unknown
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
        let mut board = Board::empty();
        match read_field(field.as_bytes(), &mut board) {
            Some([]) => Ok(board),
            _ => Err(explain(field)),
        }
    }
}

/// Reads a well-formed piece field from the start of `bytes` up to the
/// first space into `board`, returning the bytes from that space on;
/// `None` if the field is not well formed. Stopping at the space here saves
/// the caller a pass over the field to find it.
///
/// Whether a byte is a piece or a digit is a coin toss on real boards, so
/// this loop has no branch that depends on it (a mispredicted branch a
/// byte costs more than the rest of the work): every byte adds its cell's
/// square to a set and stores its piece at the square (a digit or slash
/// goes to a spare set and a spare entry), then moves the reader on by its
/// width. Every width is at least one, so a field that ends on
/// [`FIELD_END`] with its slashes on [`SLASH_CELLS`] has seven ranks of
/// exactly seven squares. Indices are masked rather than clamped, as a
/// clamp compiles to a branch; what a malformed field sets out of place
/// does not matter, since the field is rejected.
fn read_field<'a>(bytes: &'a [u8], board: &mut Board) -> Option<&'a [u8]> {
    // The last set absorbs the bits of digits and slashes.
    let mut by_piece = [Bitboard::EMPTY; 17];
    // The piece on each square, and a last, spare entry that digits and
    // slashes write.
    let mut pieces = [None; Square::COUNT + 1];
    let mut slashes = 0u64;
    let mut adjacent_digits = false;
    let mut after_digit = false;
    let mut cell = 0usize;
    let mut end = bytes.len();
    for (at, &byte) in bytes.iter().enumerate() {
        if byte == b' ' {
            end = at;
            break;
        }
        let glyph = GLYPHS[usize::from(byte)];
        by_piece[usize::from(glyph.slot)] |= CELL_SQUARES[cell & 63];
        pieces[usize::from(CELL_INDICES[cell & 63])] = glyph.piece;
        slashes |= u64::from(glyph.slash) << (cell & 63);
        adjacent_digits |= glyph.digit & after_digit;
        after_digit = glyph.digit;
        cell += usize::from(glyph.width);
    }
    if adjacent_digits | (cell != FIELD_END) | (slashes != SLASH_CELLS) {
        return None;
    }
    board.set_scanned(&pieces[..Square::COUNT], &by_piece);
    Some(&bytes[end..])
}

/// Why [`read_field`] rejected a piece field: the first problem, reading
/// from rank 7 down.
fn explain(field: &str) -> FenError {
    let ranks = field.split('/').count();
    if ranks != 7 {
        return FenError::RankCount(ranks);
    }
    let error = field
        .split('/')
        .zip((1..=7).rev())
        .find_map(|(text, rank)| rank_error(text, rank, Hint::Lion));
    // Every field `read_field` rejects breaks one of the rules above; the
    // tests hold the two functions to that.
    error.unwrap_or(FenError::RankCount(ranks))
}

/// Whether a rank's error looks for the lion-for-a-one hint.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Hint {
    Lion,
    None,
}

/// What is wrong with rank `rank`, written `text`, if anything.
fn rank_error(text: &str, rank: u8, hint: Hint) -> Option<FenError> {
    let mut squares = 0;
    let mut after_digit = false;
    for (at, letter) in text.char_indices() {
        let glyph = GLYPHS[usize::from(text.as_bytes()[at])];
        if letter == '0' {
            return Some(FenError::ZeroDigit { rank });
        }
        if glyph.digit && after_digit {
            let lion_fits = hint == Hint::Lion && lion_fits(text);
            return Some(FenError::AdjacentDigits { rank, lion_fits });
        }
        after_digit = glyph.digit;
        if !letter.is_ascii() || glyph.width == Glyph::POISON {
            return Some(FenError::UnknownPiece { rank, letter });
        }
        squares += usize::from(glyph.width);
    }
    (squares != 7).then_some(FenError::RankWidth { rank, squares })
}

/// Whether `rank` describes seven squares once one of its `1`s next to
/// another digit is read as the lion letter `l`.
fn lion_fits(rank: &str) -> bool {
    let bytes = rank.as_bytes();
    let is_digit = |at: Option<usize>| {
        at.and_then(|at| bytes.get(at))
            .is_some_and(u8::is_ascii_digit)
    };
    (0..bytes.len()).any(|at| {
        let beside_digit = is_digit(at.checked_sub(1)) || is_digit(Some(at + 1));
        // A one-byte ASCII letter for a one-byte ASCII digit: still text.
        bytes[at] == b'1' && beside_digit && {
            let fixed = format!("{}l{}", &rank[..at], &rank[at + 1..]);
            rank_error(&fixed, 7, Hint::None).is_none()
        }
    })
}

/// Writes the piece field of a FEN, runs of empty squares as one digit.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..Square::SIDE).rev() {
            if rank < Square::SIDE - 1 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for file in 0..Square::SIDE {
                let square = Square::new(file, rank).and_then(|square| self.piece_at(square));
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

/// Reads a FEN such as `2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23` under the 2022
/// rule set, accepting the positions a game reaches: [`Position::from_fen`]
/// with the defaults.
///
/// Fields may be separated by any run of blanks, and surrounding blanks
/// are ignored. The side may be written `w`/`b` or `W`/`B`.
impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text, RuleSet::default(), Reach::Game)
    }
}

impl Position {
    /// The position a FEN describes, if `rule_set` allows it and `reach`
    /// accepts it: [`Position::read_fen`] into a new position.
    ///
    /// ```
    /// use congo_rules::{Position, Reach, RuleSet};
    ///
    /// // A white superpawn: there are none under the 2021 rules.
    /// let fen = "3l3/7/7/7/7/7/S2L3 w 1";
    /// assert!(Position::from_fen(fen, RuleSet::Wits2022, Reach::Game).is_ok());
    /// assert!(Position::from_fen(fen, RuleSet::Wits2021, Reach::Game).is_err());
    /// ```
    pub fn from_fen(
        fen: impl AsRef<[u8]>,
        rule_set: RuleSet,
        reach: Reach,
    ) -> Result<Position, FenError> {
        let mut position = BLANK;
        position.read_fen(fen.as_ref(), rule_set, reach)?;
        Ok(position)
    }

    /// The one FEN reader: reads `fen` (a line's bytes) over this
    /// position, then checks that `reach` accepts it and `rule_set`
    /// allows it ([`Position::validate`]). The bytes are checked to be UTF-8 only when they are
    /// not a plain FEN. Reading in place is for a caller that reads many:
    /// a position is nearly 200 bytes, and returning one through the reader's
    /// layers copied it several times, a tenth of a judge's instructions
    /// on a line. On an error the position is left in an unspecified
    /// state.
    ///
    /// ```
    /// use congo_rules::{Position, Reach, RuleSet};
    ///
    /// let (rules, reach) = (RuleSet::Wits2022, Reach::Game);
    /// let mut position = Position::from_fen("3l3/7/7/7/7/7/3L3 w 1", rules, reach)?;
    /// for line in ["3l3/7/7/7/7/3L3/7 b 1", "7/3l3/7/7/7/3L3/7 w 2"] {
    ///     position.read_fen(line.as_bytes(), rules, reach)?;
    ///     assert_eq!(position.to_string(), line);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_fen(
        &mut self,
        fen: &[u8],
        rule_set: RuleSet,
        reach: Reach,
    ) -> Result<(), FenError> {
        if read_canonical(fen, self).is_none() {
            *self = read_any(congo_kit::text::utf8(fen)?)?;
        }
        self.validate(rule_set, reach)
    }
}

/// A position to read into: an empty board, white to move.
const BLANK: Position = Position {
    board: Board::empty(),
    side: Color::White,
    move_number: 0,
};

/// Reads a FEN written the usual way, fields separated by single spaces,
/// into `position`, with no pass over the text but the piece field's own;
/// `None` for any other text (perhaps with part of `position` written),
/// which [`read_any`] then reads (or explains).
fn read_canonical(bytes: &[u8], position: &mut Position) -> Option<()> {
    let rest = read_field(bytes, &mut position.board)?;
    let [b' ', side, b' ', number @ ..] = rest else {
        return None;
    };
    position.side = Color::from_letter(*side)?;
    // Nine digits or fewer always fit a u32.
    if number.is_empty() || number.len() > 9 || !number.iter().all(u8::is_ascii_digit) {
        return None;
    }
    position.move_number = number
        .iter()
        .fold(0, |sum, digit| sum * 10 + u32::from(digit - b'0'));
    Some(())
}

/// Reads a FEN with any blanks between and around its fields, and says
/// what is wrong with one it cannot read.
fn read_any(text: &str) -> Result<Position, FenError> {
    let mut fields = text.split_ascii_whitespace();
    let (Some(pieces), Some(side), Some(number), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        let found = text.split_ascii_whitespace().count();
        return Err(if found == 0 {
            FenError::Empty
        } else {
            FenError::FieldCount(found)
        });
    };
    let board = pieces.parse()?;
    let side = match side.as_bytes() {
        &[letter] => Color::from_letter(letter),
        _ => None,
    }
    .ok_or_else(|| FenError::Side(side.to_owned()))?;
    Ok(Position {
        board,
        side,
        move_number: parse_move_number(number)?,
    })
}

/// Writes the FEN in its canonical form: lowercase side, single spaces.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.board,
            self.side.letter(),
            self.move_number
        )
    }
}

fn parse_move_number(text: &str) -> Result<u32, FenError> {
    if !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(FenError::MoveNumber(text.to_owned()));
    }
    text.parse()
        .map_err(|_| FenError::MoveNumberTooLarge(text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

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
        for (field, rank, lion_fits) in [
            // `2l3l` and `l6` would be whole ranks; `25` has no 1.
            ("2l31/7/4z2/4c2/PP2EP1/3L2p/7", 7, true),
            ("7/7/7/7/7/7/16", 1, true),
            ("7/7/7/7/7/7/25", 1, false),
            ("7/7/7/7/7/7/1114", 1, false),
        ] {
            let error = FenError::AdjacentDigits { rank, lion_fits };
            assert_eq!(field.parse::<Board>(), Err(error), "{field}");
        }
        // The Part 1 text's `2l4`, with the lion read as a one.
        let error = "214/7/4z2/4c2/PP2EP1/3L2p/7".parse::<Board>().unwrap_err();
        assert_eq!(
            error,
            FenError::AdjacentDigits {
                rank: 7,
                lion_fits: true
            }
        );
        assert_eq!(
            error.to_string(),
            "rank 7 has two digits in a row, expected one digit per run of empty squares; did you mean l (the letter) rather than 1?"
        );
        let board: Board = "2l4/7/4z2/4c2/PP2EP1/3L2p/7".parse().unwrap();
        assert_eq!(board.to_string(), "2l4/7/4z2/4c2/PP2EP1/3L2p/7");
    }

    #[test]
    fn errors_name_the_rank() {
        let cases = [
            ("7/7/7/7/7/7", FenError::RankCount(6)),
            ("7/7/7/7/7/7/7/7", FenError::RankCount(8)),
            // Fifteen squares and a rank short: 49 squares in all, which a
            // count of squares alone would let through.
            ("7p7/7/7/7/7/7", FenError::RankCount(6)),
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

    #[test]
    fn reads_and_writes_a_fen() {
        let fen = "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23";
        let position: Position = fen.parse().unwrap();
        assert_eq!(position.side, Color::Black);
        assert_eq!(position.move_number, 23);
        assert_eq!(position.to_string(), fen);
    }

    #[test]
    fn reading_over_a_position_keeps_nothing_of_it() {
        let rule_set = RuleSet::Wits2022;
        let mut position: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ b 9".parse().unwrap();
        let fens = [
            ("2l4/7/4z2/4c2/PP2EP1/3L2p/7 x 23", false),
            ("3l3/7/7/7/7/7/3L3  W  4", true),
            ("7/7/7 w 1", false),
            ("2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23", true),
            ("lllllll/7/7/7/7/7/3L3 w 1", false),
            ("3l3/7/7/7/7/7/3L3 w 0", true),
        ];
        for (fen, readable) in fens {
            let read = position.read_fen(fen.as_bytes(), rule_set, Reach::Game);
            assert_eq!(read.is_ok(), readable, "{fen}");
            if readable {
                assert_eq!(
                    Ok(&position),
                    Position::from_fen(fen, rule_set, Reach::Game).as_ref()
                );
            }
        }
    }

    #[test]
    fn accepts_uppercase_sides_and_extra_blanks() {
        let position: Position = "  7/7/7/7/7/7/7\tW   007 \r".parse().unwrap();
        assert_eq!(position.to_string(), "7/7/7/7/7/7/7 w 7");
    }

    #[test]
    fn field_errors() {
        let cases = [
            ("", FenError::Empty),
            ("   ", FenError::Empty),
            ("7/7/7/7/7/7/7 w", FenError::FieldCount(2)),
            ("7/7/7/7/7/7/7 w 1 x", FenError::FieldCount(4)),
            ("7/7/7/7/7/7/7 x 1", FenError::Side("x".into())),
            ("7/7/7/7/7/7/7 white 1", FenError::Side("white".into())),
            ("7/7/7/7/7/7/7 w -1", FenError::MoveNumber("-1".into())),
            ("7/7/7/7/7/7/7 w +1", FenError::MoveNumber("+1".into())),
            ("7/7/7/7/7/7/7 w 1.5", FenError::MoveNumber("1.5".into())),
            (
                "7/7/7/7/7/7/7 w 4294967296",
                FenError::MoveNumberTooLarge("4294967296".into()),
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Position>(), Err(error), "{text:?}");
        }
        assert!("7/7/7/7/7/7/7 w 4294967295".parse::<Position>().is_ok());
    }
}
