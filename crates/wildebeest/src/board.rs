//! The 11x11 board, its 15-line file form and its one-line form.

use std::fmt;
use std::sync::Arc;

use super::piece::{Kind, Piece};
use super::square::{SIZE, Square};
use congo_kit::text::Count;
use congo_rules::Color;

/// The transporter pads, in the order their riders move round.
pub const PADS: [Square; 4] = [
    Square::fixed(3, 1),
    Square::fixed(3, 9),
    Square::fixed(7, 1),
    Square::fixed(7, 9),
];
/// The square that turns a king into a king with a jet pack.
pub const JET_PACK: Square = Square::fixed(5, 5);

/// A position: the squares (rows 0-10, file order), the side to move and
/// the three integers the file carries along.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Row by row, as [`Square::index`] numbers them.
    squares: [Option<Piece>; SQUARES],
    /// The side to move.
    pub side: Color,
    /// The file's three closing integers, copied as they were; shared, so
    /// that copying a board for each successor allocates nothing.
    pub extra: Arc<[String; 3]>,
}

/// The number of squares.
const SQUARES: usize = SIZE as usize * SIZE as usize;

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

/// Why a one-line board could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The line is not UTF-8.
    NotUtf8,
    /// Not the two fields `<rows> <side>`; the number found.
    FieldCount(usize),
    /// Not 11 rows; the number found.
    RowCount(usize),
    /// The side to move is not `W` or `B`; what was found.
    Side(String),
    /// What is wrong with one row (1 for the first).
    Row {
        /// The row, 1 for the first on the line.
        row: usize,
        /// What is wrong with it.
        error: BoardError,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NotUtf8 => congo_kit::text::NotUtf8.fmt(f),
            LineError::FieldCount(found) => {
                write!(f, "expected 2 fields (rows, side), found {found}")
            }
            LineError::RowCount(found) => write!(f, "expected 11 rows, found {found}"),
            LineError::Side(found) => write!(f, "side to move is {found:?}, expected W or B"),
            LineError::Row { row, error } => write!(f, "row {row}: {error}"),
        }
    }
}

impl std::error::Error for LineError {}

impl From<congo_kit::text::NotUtf8> for LineError {
    fn from(_: congo_kit::text::NotUtf8) -> LineError {
        LineError::NotUtf8
    }
}

impl Board {
    /// The king standing on the jet pack, if one is.
    pub(super) fn king_on_jet_pack(&self) -> Option<Piece> {
        self.get(JET_PACK).filter(|p| p.kind == Kind::King)
    }

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
        let mut squares = [None; SQUARES];
        for (row, text) in lines[1..12].iter().enumerate() {
            let line = row + 2;
            let width = text.chars().count();
            if width != 11 {
                return Err(BoardError::RowWidth { line, found: width });
            }
            let squares = &mut squares[row * usize::from(SIZE)..][..usize::from(SIZE)];
            for (square, c) in squares.iter_mut().zip(text.chars()) {
                *square = match c {
                    '.' | '*' | '#' => None,
                    _ => Some(
                        Piece::from_letter(c).ok_or(BoardError::UnknownPiece { line, found: c })?,
                    ),
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

    /// The pieces `wanted` accepts, with their squares, row by row: one
    /// pass over the squares, with no arithmetic for the empty ones.
    pub(super) fn pieces(
        &self,
        mut wanted: impl FnMut(Piece) -> bool,
    ) -> impl Iterator<Item = (Square, Piece)> {
        self.squares
            .iter()
            .enumerate()
            .filter_map(move |(index, &square)| {
                square
                    .filter(|&piece| wanted(piece))
                    .map(|piece| (Square::from_index(index), piece))
            })
    }

    /// What stands on `at`.
    pub fn get(&self, at: Square) -> Option<Piece> {
        self.squares[at.index()]
    }

    /// Puts `piece` (or nothing) on `at`.
    pub fn set(&mut self, at: Square, piece: Option<Piece>) {
        self.squares[at.index()] = piece;
    }

    /// The text of one row, empty special squares shown as `*` and `#`.
    fn row_text(&self, row: u8) -> String {
        Square::in_row(row)
            .map(|at| match self.get(at) {
                Some(piece) => piece.letter(),
                None if PADS.contains(&at) => '*',
                None if at == JET_PACK => '#',
                None => '.',
            })
            .collect()
    }

    /// The one-line form: `row0/row1/.../row10 S`.
    pub fn line(&self) -> String {
        format!("{} {}", self.rows(), side_letter(self.side))
    }

    /// The rows of the one-line form, `row0/row1/.../row10`: how a
    /// successor is written in a list, where the side to move goes
    /// without saying.
    pub fn rows(&self) -> String {
        let rows: Vec<String> = (0..SIZE).map(|row| self.row_text(row)).collect();
        rows.join("/")
    }

    /// Reads the one-line form, `row0/row1/.../row10 S` (what
    /// [`Board::line`] writes). The file's three closing integers, which
    /// the line does not carry, are read as 0.
    pub fn from_line(text: &str) -> Result<Board, LineError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let &[rows, side] = fields.as_slice() else {
            return Err(LineError::FieldCount(fields.len()));
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != usize::from(SIZE) {
            return Err(LineError::RowCount(rows.len()));
        }
        let file = format!("{side}\n{}\n0\n0\n0\n", rows.join("\n"));
        Board::parse(&file).map_err(|error| match error.line() {
            1 => LineError::Side(side.to_owned()),
            line => LineError::Row {
                row: line.saturating_sub(1),
                error,
            },
        })
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
