//! The 11x11 board, its 15-line file form and its one-line form.

use std::fmt;
use std::sync::Arc;

use crate::count::Count;

use crate::Color;

/// Whose piece a board letter is: uppercase white, lowercase black.
pub fn owner(piece: u8) -> Option<Color> {
    if piece.is_ascii_uppercase() {
        Some(Color::White)
    } else if piece.is_ascii_lowercase() {
        Some(Color::Black)
    } else {
        None
    }
}

pub const SIZE: i32 = 11;
/// An empty square.
pub const EMPTY: u8 = b'.';
/// The transporter pads and the jet pack (row, column).
pub const PADS: [(i32, i32); 4] = [(3, 1), (3, 9), (7, 1), (7, 9)];
pub const JET_PACK: (i32, i32) = (5, 5);
/// The piece letters (white's; black's are lowercase).
const PIECES: &[u8] = b"SOEJCGXHZKWPBNR";

/// A position: the squares (rows 0-10, file order), the side to move and
/// the three integers the file carries along.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [[u8; 11]; 11],
    /// The side to move.
    pub side: Color,
    /// The file's three closing integers, copied as they were; shared, so
    /// that copying a board for each successor allocates nothing.
    pub extra: Arc<[String; 3]>,
}

/// The board file's letter for a side: `W` or `B`.
fn side_letter(side: Color) -> char {
    side.letter().to_ascii_uppercase()
}

/// Why a board file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The file does not have 15 lines; the number found.
    LineCount(usize),
    /// The first line is not `W` or `B`; what was found.
    Side(String),
    /// A row is not 11 squares wide.
    RowWidth {
        /// The file's line, 1-based.
        line: usize,
        /// How many squares it has.
        found: usize,
    },
    /// A row holds a character that is no piece of the game.
    UnknownPiece {
        /// The file's line, 1-based.
        line: usize,
        /// The character.
        found: char,
    },
    /// One of the closing lines is not an integer.
    Integer {
        /// The file's line, 1-based.
        line: usize,
        /// What it holds.
        found: String,
    },
}

impl BoardError {
    /// The 1-based line of the board file the error is on (0: the file as a whole).
    pub fn line(&self) -> usize {
        match self {
            BoardError::LineCount(_) => 0,
            BoardError::Side(_) => 1,
            BoardError::RowWidth { line, .. }
            | BoardError::UnknownPiece { line, .. }
            | BoardError::Integer { line, .. } => *line,
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::LineCount(found) => write!(
                f,
                "expected 15 lines (side, 11 rows, 3 integers), found {found}"
            ),
            BoardError::Side(found) => write!(f, "side to move is {found:?}, expected W or B"),
            BoardError::RowWidth { found, .. } => {
                write!(f, "row has {}, expected 11", Count(*found, "square"))
            }
            BoardError::UnknownPiece { found, .. } => write!(f, "unknown piece {found:?}"),
            BoardError::Integer { found, .. } => write!(f, "expected an integer, found {found:?}"),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// Reads the 15-line board file.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        let lines: &[&str] = match lines.iter().rposition(|line| !line.is_empty()) {
            Some(last) => &lines[..=last],
            None => &[],
        };
        if lines.len() != 15 {
            return Err(BoardError::LineCount(lines.len()));
        }
        let side = match lines[0].trim() {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            other => return Err(BoardError::Side(other.to_owned())),
        };
        let mut squares = [[EMPTY; 11]; 11];
        for (row, text) in lines[1..12].iter().enumerate() {
            let line = row + 2;
            let width = text.chars().count();
            if width != 11 {
                return Err(BoardError::RowWidth { line, found: width });
            }
            for (column, c) in text.chars().enumerate() {
                squares[row][column] = match c {
                    '.' | '*' | '#' => EMPTY,
                    _ if c.is_ascii() && PIECES.contains(&(c as u8).to_ascii_uppercase()) => {
                        c as u8
                    }
                    _ => return Err(BoardError::UnknownPiece { line, found: c }),
                };
            }
        }
        let mut extra: [String; 3] = Default::default();
        for (i, text) in lines[12..15].iter().enumerate() {
            let number = text.trim();
            if number.parse::<i64>().is_err() {
                return Err(BoardError::Integer {
                    line: 13 + i,
                    found: number.to_owned(),
                });
            }
            extra[i] = number.to_owned();
        }
        Ok(Board {
            squares,
            side,
            extra: Arc::new(extra),
        })
    }

    /// The squares whose letter `wanted` accepts, row by row: one pass over
    /// the board's bytes, with no bounds checks or arithmetic per square.
    pub(super) fn squares_holding(
        &self,
        mut wanted: impl FnMut(u8) -> bool,
    ) -> impl Iterator<Item = (i32, i32)> {
        self.squares
            .as_flattened()
            .iter()
            .enumerate()
            .filter(move |&(_, &piece)| wanted(piece))
            .map(|(index, _)| (index as i32 / SIZE, index as i32 % SIZE))
    }

    /// The letter on (`row`, `column`), `None` off the board.
    pub fn get(&self, (row, column): (i32, i32)) -> Option<u8> {
        let row = usize::try_from(row).ok()?;
        let column = usize::try_from(column).ok()?;
        self.squares.get(row)?.get(column).copied()
    }

    /// Sets an on-board square (does nothing off the board).
    pub fn set(&mut self, at: (i32, i32), piece: u8) {
        if let (Ok(row), Ok(column)) = (usize::try_from(at.0), usize::try_from(at.1))
            && let Some(square) = self.squares.get_mut(row).and_then(|r| r.get_mut(column))
        {
            *square = piece;
        }
    }

    /// Every square, row by row.
    pub fn squares() -> impl Iterator<Item = (i32, i32)> {
        (0..SIZE * SIZE).map(|index| (index / SIZE, index % SIZE))
    }

    /// The text of one row, empty special squares shown as `*` and `#`.
    fn row_text(&self, row: i32) -> String {
        (0..SIZE)
            .map(|column| match self.get((row, column)) {
                Some(EMPTY) if PADS.contains(&(row, column)) => '*',
                Some(EMPTY) if (row, column) == JET_PACK => '#',
                Some(piece) => piece as char,
                None => '?',
            })
            .collect()
    }

    /// The one-line form: `row0/row1/.../row10 S`.
    pub fn line(&self) -> String {
        let rows: Vec<String> = (0..SIZE).map(|row| self.row_text(row)).collect();
        format!("{} {}", rows.join("/"), side_letter(self.side))
    }

    /// The 15-line file form.
    pub fn file(&self) -> String {
        let mut text = format!("{}\n", side_letter(self.side));
        for row in 0..SIZE {
            text.push_str(&self.row_text(row));
            text.push('\n');
        }
        for number in self.extra.iter() {
            text.push_str(number);
            text.push('\n');
        }
        text
    }
}
