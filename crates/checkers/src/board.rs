//! The 8x8 board and its one-line text form:
//! `<row 8>/<row 7>/.../<row 1> <WHITE|BLACK>`, each row eight of `.wWbB`.

use std::fmt;

use congo_kit::text::Count;
use std::str::FromStr;

use congo_rules::Color;

/// A square, `a1` to `h8`: file 0-7 (a-h), row 0-7 (1-8). Only this
/// module makes squares, so every square is on the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square {
    pub(super) file: u8,
    pub(super) row: u8,
}

impl Square {
    /// The square on `file` (0 = a) and `row` (0 = row 1), if on the board.
    pub fn new(file: u8, row: u8) -> Option<Square> {
        (file < 8 && row < 8).then_some(Square { file, row })
    }

    /// The column, 0 for a to 7 for h.
    pub fn file(self) -> u8 {
        self.file
    }

    /// The row, 0 for row 1 to 7 for row 8.
    pub fn row(self) -> u8 {
        self.row
    }

    /// The square `files` and `rows` away, if it is on the board.
    pub fn offset(self, files: i8, rows: i8) -> Option<Square> {
        let file = self.file.checked_add_signed(files)?;
        let row = self.row.checked_add_signed(rows)?;
        (file < 8 && row < 8).then_some(Square { file, row })
    }

    /// The lower-left corner, a1, is dark; only dark squares are played on.
    pub const fn is_dark(self) -> bool {
        (self.file + self.row).is_multiple_of(2)
    }

    /// The square's bit in a square set: `row * 8 + file`.
    pub const fn index(self) -> usize {
        self.row as usize * 8 + self.file as usize
    }

    /// The square whose bit is `index` (below 64).
    pub(super) const fn from_index(index: u8) -> Square {
        Square {
            file: index % 8,
            row: index / 8,
        }
    }

    /// The square's name as two bytes, such as `c3`.
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.file, b'1' + self.row]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, row] = self.name();
        write!(f, "{}{}", file as char, row as char)
    }
}

/// A man or a king of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Whether it is a king (otherwise a man).
    pub king: bool,
}

impl Piece {
    fn from_char(c: char) -> Option<Option<Piece>> {
        let piece = |color, king| Some(Some(Piece { color, king }));
        match c {
            '.' => Some(None),
            'w' => piece(Color::White, false),
            'W' => piece(Color::White, true),
            'b' => piece(Color::Black, false),
            'B' => piece(Color::Black, true),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match (self.color, self.king) {
            (Color::White, false) => 'w',
            (Color::White, true) => 'W',
            (Color::Black, false) => 'b',
            (Color::Black, true) => 'B',
        }
    }
}

/// The pieces on the board, as square sets (bit `row * 8 + file`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    white: u64,
    black: u64,
    /// The kings of either side.
    kings: u64,
}

/// The light squares, on which no piece may stand.
const LIGHT: u64 = {
    let mut set = 0;
    let mut index = 0;
    while index < 64 {
        if !Square::from_index(index).is_dark() {
            set |= 1 << index;
        }
        index += 1;
    }
    set
};

impl Board {
    /// What stands on `square`, if anything.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = 1 << square.index();
        let color = if self.white & bit != 0 {
            Color::White
        } else if self.black & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(Piece {
            color,
            king: self.kings & bit != 0,
        })
    }

    /// Puts `piece` on `square`, or empties it.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        let bit = 1 << square.index();
        self.take(bit);
        if let Some(piece) = piece {
            *self.side_mut(piece.color) |= bit;
            if piece.king {
                self.kings |= bit;
            }
        }
    }

    /// Every square holding a piece of `color`, a1, b1, ... h8.
    pub fn squares_of(&self, color: Color) -> impl Iterator<Item = Square> + use<> {
        squares(self.pieces(color))
    }

    /// The squares holding `color`'s pieces.
    pub(super) fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The squares holding a piece.
    pub(super) fn occupied(&self) -> u64 {
        self.white | self.black
    }

    /// The squares holding kings.
    pub(super) fn kings(&self) -> u64 {
        self.kings
    }

    /// Empties the squares of `set`.
    pub(super) fn take(&mut self, set: u64) {
        self.white &= !set;
        self.black &= !set;
        self.kings &= !set;
    }

    fn side_mut(&mut self, color: Color) -> &mut u64 {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// The squares of a set, a1, b1, ... h8.
pub(super) fn squares(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        let index = set.trailing_zeros() as u8;
        (set != 0).then(|| {
            set &= set - 1;
            Square::from_index(index)
        })
    })
}

/// A board and the side to move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
}

/// Why a checkers line could not be read. Rows are named as on the board:
/// the first row of the line is row 8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckersError {
    /// The line is not UTF-8.
    NotUtf8,
    /// Not the two fields `<rows> <turn>`.
    FieldCount(usize),
    /// The board does not have 8 rows; the number found.
    RowCount(usize),
    /// A row is not 8 squares wide.
    RowWidth {
        /// The row, 8 for the first given.
        row: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A row holds a character that is no piece or empty square.
    UnknownPiece {
        /// The row, 8 for the first given.
        row: u8,
        /// The character.
        found: char,
    },
    /// A piece on a light square, where no piece can stand.
    LightSquare(Square),
    /// The side to move is not `WHITE` or `BLACK`; what was found.
    Turn(String),
}

impl fmt::Display for CheckersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckersError::NotUtf8 => congo_kit::text::NotUtf8.fmt(f),
            CheckersError::FieldCount(found) => {
                write!(f, "expected 2 fields (rows, turn), found {found}")
            }
            CheckersError::RowCount(found) => write!(f, "expected 8 rows, found {found}"),
            CheckersError::RowWidth { row, squares } => {
                write!(f, "row {row} has {}, expected 8", Count(*squares, "square"))
            }
            CheckersError::UnknownPiece { row, found } => {
                write!(f, "row {row} has {found:?}, expected one of . w W b B")
            }
            CheckersError::LightSquare(square) => {
                write!(f, "a piece stands on the light square {square}")
            }
            CheckersError::Turn(found) => write!(f, "turn is {found:?}, expected WHITE or BLACK"),
        }
    }
}

impl std::error::Error for CheckersError {}

impl From<congo_kit::text::NotUtf8> for CheckersError {
    fn from(_: congo_kit::text::NotUtf8) -> CheckersError {
        CheckersError::NotUtf8
    }
}

/// Which of the eight bytes of `word` equal `byte`: bit i for byte i.
/// Eight squares are read at once (a row of the line is eight bytes).
fn bytes_equal(word: u64, byte: u8) -> u8 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let differences = word ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    // 0x80 in each byte that is zero, and nothing elsewhere.
    let zero = !(((differences & LOW7) + LOW7) | differences | LOW7);
    // Gathers the eight flags into the top byte, byte i into bit i.
    ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The side a turn word names: `WHITE` or `BLACK`, `W` or `B`, in any case.
fn turn_named(word: &[u8]) -> Option<Color> {
    let is = |name: &[u8]| word.eq_ignore_ascii_case(name);
    if is(b"white") || is(b"w") {
        Some(Color::White)
    } else if is(b"black") || is(b"b") {
        Some(Color::Black)
    } else {
        None
    }
}

impl Position {
    /// Reads a well-formed line straight from its bytes: eight rows of
    /// eight squares, blanks, then the turn. `None` for anything else,
    /// which [`FromStr`] then reads again to say what is wrong.
    pub(super) fn read_plain(line: &[u8]) -> Option<Position> {
        const ROWS_LEN: usize = 8 * 9 - 1;
        let (rows, rest) = line.split_at_checked(ROWS_LEN)?;
        let turn = rest.trim_ascii_start();
        if turn.len() == rest.len() || turn.iter().any(u8::is_ascii_whitespace) {
            return None;
        }
        let mut board = Board::default();
        for (row_text, row) in rows.chunks(9).zip((0..8u8).rev()) {
            let (squares, slash) = row_text.split_at(8);
            if slash != b"/" && row > 0 {
                return None;
            }
            let word = u64::from_le_bytes(<[u8; 8]>::try_from(squares).ok()?);
            let folded = word | 0x2020_2020_2020_2020;
            let (white, black) = (bytes_equal(folded, b'w'), bytes_equal(folded, b'b'));
            let kings = bytes_equal(word, b'W') | bytes_equal(word, b'B');
            if white | black | bytes_equal(word, b'.') != u8::MAX {
                return None;
            }
            let shift = row * 8;
            board.white |= u64::from(white) << shift;
            board.black |= u64::from(black) << shift;
            board.kings |= u64::from(kings) << shift;
        }
        if board.occupied() & LIGHT != 0 {
            return None;
        }
        Some(Position {
            board,
            turn: turn_named(turn)?,
        })
    }
}

impl FromStr for Position {
    type Err = CheckersError;

    fn from_str(text: &str) -> Result<Position, CheckersError> {
        let mut fields = text.split_ascii_whitespace();
        let (Some(rows), Some(turn), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(CheckersError::FieldCount(
                text.split_ascii_whitespace().count(),
            ));
        };
        let row_count = rows.split('/').count();
        if row_count != 8 {
            return Err(CheckersError::RowCount(row_count));
        }
        let mut board = Board::default();
        for (text, row) in rows.split('/').zip((0..8u8).rev()) {
            let squares = text.chars().count();
            if squares != 8 {
                return Err(CheckersError::RowWidth {
                    row: row + 1,
                    squares,
                });
            }
            for (file, c) in (0..8u8).zip(text.chars()) {
                let piece = Piece::from_char(c).ok_or(CheckersError::UnknownPiece {
                    row: row + 1,
                    found: c,
                })?;
                let square = Square { file, row };
                if piece.is_some() && !square.is_dark() {
                    return Err(CheckersError::LightSquare(square));
                }
                board.set(square, piece);
            }
        }
        let turn =
            turn_named(turn.as_bytes()).ok_or_else(|| CheckersError::Turn(turn.to_owned()))?;
        Ok(Position { board, turn })
    }
}

/// Writes the line form, the turn as `WHITE` or `BLACK`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..8u8).rev() {
            for file in 0..8u8 {
                let piece = self.board.piece_at(Square { file, row });
                write!(f, "{}", piece.map_or('.', Piece::to_char))?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        let turn = match self.turn {
            Color::White => "WHITE",
            Color::Black => "BLACK",
        };
        write!(f, " {turn}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        ".b.b.b.b/b.b.b.b./.b.b.b.b/......../......../w.w.w.w./.w.w.w.w/w.w.w.w. WHITE";

    #[test]
    fn reads_and_writes_a_position() {
        let position: Position = START.parse().unwrap();
        assert_eq!(position.to_string(), START);
        assert_eq!(position.board.squares_of(Color::White).count(), 12);
        let a1 = Square { file: 0, row: 0 };
        assert_eq!(
            position.board.piece_at(a1),
            Some(Piece {
                color: Color::White,
                king: false
            })
        );
    }

    #[test]
    fn bytes_equal_finds_every_match_and_only_those() {
        let word = u64::from_le_bytes(*b"w.Ww\xffw\x00w");
        assert_eq!(bytes_equal(word, b'w'), 0b1010_1001);
        assert_eq!(bytes_equal(word, 0), 0b0100_0000);
        assert_eq!(bytes_equal(word, 0xff), 0b0001_0000);
    }

    #[test]
    fn the_fast_reader_agrees_with_the_careful_one() {
        let mut random = congo_rules::random::Rng::new(7);
        for _ in 0..2000 {
            let mut line: Vec<u8> = START.bytes().collect();
            for _ in 0..random.below(4) {
                let at = random.below(line.len() as u64) as usize;
                line[at] = b".wWbB/ xW\t"[random.below(10) as usize];
            }
            let careful = std::str::from_utf8(&line).unwrap().parse::<Position>();
            match Position::read_plain(&line) {
                Some(fast) => assert_eq!(Ok(fast), careful, "{line:?}"),
                None => assert!(careful.is_err(), "{line:?}"),
            }
        }
    }

    #[test]
    fn accepts_other_turn_words() {
        for turn in ["white", "w", "W", "White"] {
            let line = START.replace("WHITE", turn);
            assert_eq!(
                line.parse::<Position>().map(|p| p.turn),
                Ok(Color::White),
                "{turn}"
            );
        }
        let line = START.replace("WHITE", "black  \r");
        assert_eq!(line.parse::<Position>().map(|p| p.turn), Ok(Color::Black));
    }

    #[test]
    fn errors() {
        let row8 = START.replacen(".b.b.b.b/", "", 1);
        let cases = [
            (START.replace(" WHITE", ""), CheckersError::FieldCount(1)),
            (row8, CheckersError::RowCount(7)),
            (
                START.replacen(".b.b.b.b", ".b.b.b.b.", 1),
                CheckersError::RowWidth { row: 8, squares: 9 },
            ),
            (
                START.replacen(".b.b.b.b", ".b.b.x.b", 1),
                CheckersError::UnknownPiece { row: 8, found: 'x' },
            ),
            (
                START.replacen(".b.b.b.b", "b..b.b.b", 1),
                CheckersError::LightSquare(Square { file: 0, row: 7 }),
            ),
            (
                START.replace("WHITE", "RED"),
                CheckersError::Turn("RED".into()),
            ),
        ];
        for (line, error) in cases {
            assert_eq!(line.parse::<Position>(), Err(error), "{line}");
        }
    }
}
