//! A Two-player Wildebeest board file and its successors as files
//! (`board.000`, ...), as lines, or counted.

use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;

use super::{Board, BoardError, perft, successors};
use congo_kit::output_files::{FileError, FileId, NumberedNames, OutputDir};

/// What `congo wildebeest` produces from a board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// `board.000`, `board.001`, ... in the current directory; `force`
    /// replaces the board files an earlier run left there.
    Files {
        /// Replace the board files an earlier run left.
        force: bool,
    },
    /// The successors on stdout, one a line, sorted.
    Lines,
    /// The perft count to this depth.
    Perft(u32),
}

/// The most bytes of a board file read: a real one is 15 short lines, so
/// anything longer is rejected without reading it all into memory.
pub const MAX_BOARD_BYTES: u64 = 4096;

/// The successor files' names: `board.000`, `board.001`, ...
const BOARD_FILES: NumberedNames = NumberedNames {
    prefix: "board.",
    suffix: "",
};

/// Why a board file's successors were not written.
#[derive(Debug)]
pub enum BoardFileError {
    /// The board file cannot be read.
    Read(io::Error),
    /// It is longer than a board file can be.
    TooLong,
    /// Standard output failed (a closed pipe, say).
    Output(io::Error),
    /// It is no board.
    Board(BoardError),
    /// A successor's file cannot be written.
    File(FileError),
}

impl fmt::Display for BoardFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardFileError::Read(error) => write!(f, "cannot read the board: {error}"),
            BoardFileError::TooLong => write!(
                f,
                "the board file is longer than {MAX_BOARD_BYTES} bytes, expected 15 short lines"
            ),
            BoardFileError::Output(error) => write!(f, "cannot write the output: {error}"),
            BoardFileError::Board(error) => match error.line() {
                0 => error.fmt(f),
                line => write!(f, "line {line}: {error}"),
            },
            BoardFileError::File(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for BoardFileError {}

/// Reads one board file from `input` and writes its successors as `what`
/// says. Files go to `dir`, all of them or, after any error, none; the
/// file `input` was opened from (`input_file`) is never replaced. Returns
/// what it wrote to `dir`, for the user to be told.
pub fn successor_files(
    what: Output,
    input: impl BufRead,
    output: &mut impl Write,
    dir: &Path,
    input_file: Option<FileId>,
) -> Result<Written, BoardFileError> {
    let mut text = String::new();
    input
        .take(MAX_BOARD_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(BoardFileError::Read)?;
    if text.len() as u64 > MAX_BOARD_BYTES {
        return Err(BoardFileError::TooLong);
    }
    let board = Board::parse(&text).map_err(BoardFileError::Board)?;
    let written = match what {
        Output::Perft(depth) => writeln!(output, "{}", perft(&board, depth)),
        Output::Lines => successors(&board)
            .iter()
            .try_for_each(|next| writeln!(output, "{}", next.line())),
        Output::Files { force } => return write_files(&board, dir, force, input_file),
    };
    written
        .map(|()| Written { files: 0 })
        .map_err(BoardFileError::Output)
}

/// What a run wrote into its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// Successor files, `board.000` on.
    pub files: usize,
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.files {
            0 => f.write_str("the board has no successors: wrote no files"),
            1 => write!(f, "wrote {}", BOARD_FILES.name(0)),
            files => write!(
                f,
                "wrote {} to {}",
                BOARD_FILES.name(0),
                BOARD_FILES.name(files - 1)
            ),
        }
    }
}

/// Writes `board.000`, `board.001`, ... into `dir`.
fn write_files(
    board: &Board,
    dir: &Path,
    force: bool,
    input_file: Option<FileId>,
) -> Result<Written, BoardFileError> {
    let dir =
        OutputDir::prepare(dir, BOARD_FILES, force, input_file).map_err(BoardFileError::File)?;
    let mut names = Vec::new();
    for (i, next) in successors(board).iter().enumerate() {
        let name = BOARD_FILES.name(i);
        if let Err(error) = dir.write(&name, next.file().as_bytes()) {
            dir.remove(names);
            return Err(BoardFileError::File(error));
        }
        names.push(name);
    }
    Ok(Written { files: names.len() })
}
