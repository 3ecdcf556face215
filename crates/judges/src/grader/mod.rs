//! Tools for students and graders: `gen` makes seeded test positions,
//! `check` compares any program with congo and shrinks a disagreement,
//! `grade` marks output files against congo's answers.

mod check;
mod compare;
mod generator;
mod grade;
mod shrink;
mod trial;

pub use check::{CheckError, CheckEvent, CheckVerdict, check};
pub use generator::{GenOptions, generate};
pub use grade::{GradeError, GradeOptions, grade};
pub use trial::CheckOptions;

use std::fmt;
use std::path::{Path, PathBuf};

/// A file that cannot be read whole.
#[derive(Debug)]
pub enum FileReadError {
    /// It cannot be opened or read.
    Read(PathBuf, std::io::Error),
    /// It is longer than the most bytes read, which is the second value.
    TooLarge(PathBuf, u64),
}

impl fmt::Display for FileReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileReadError::Read(path, error) => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            FileReadError::TooLarge(path, max) => {
                write!(f, "{} is larger than {max} bytes", path.display())
            }
        }
    }
}

impl std::error::Error for FileReadError {}

/// The text of the file at `path` (bytes that are not UTF-8 replaced), or
/// why it cannot be had: unreadable, or longer than `max` bytes (which are
/// never read into memory).
fn read_file(path: &Path, max: u64) -> Result<String, FileReadError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
        .map_err(|error| FileReadError::Read(path.to_owned(), error))?;
    if bytes.len() as u64 > max {
        return Err(FileReadError::TooLarge(path.to_owned(), max));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether a line has characters that do not show: blanks at its ends,
/// control characters such as a carriage return, or invisible ones such as
/// a byte order mark. Such lines are echoed quoted, escapes spelled out.
fn hides_characters(line: &str) -> bool {
    line.trim() != line
        || line
            .chars()
            .any(|c| c.is_control() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{feff}' | '\u{a0}'))
}

/// Writes how far `got` is off `expected` (both numbers) as an `off by:`
/// line after `indent`, or that `got` is no whole number.
fn write_number_difference(
    output: &mut impl std::io::Write,
    indent: &str,
    expected: &str,
    got: &str,
) -> std::io::Result<()> {
    match (expected.trim().parse::<i128>(), got.trim().parse::<i128>()) {
        (Ok(want), Ok(have)) => writeln!(output, "{indent}off by:   {:+}", have - want),
        (Ok(_), Err(_)) => writeln!(output, "{indent}off by:   (not a whole number)"),
        (Err(_), _) => Ok(()),
    }
}

/// Writes the moves `got` misses and the ones it adds against `expected`
/// (both move lists), as `missing:` and `extra:` lines after `indent`.
/// Returns whether the two hold the same moves.
fn write_move_difference(
    output: &mut impl std::io::Write,
    indent: &str,
    expected: &str,
    got: &str,
) -> std::io::Result<bool> {
    use std::collections::BTreeSet;
    let expected: BTreeSet<&str> = expected.split_ascii_whitespace().collect();
    let got: BTreeSet<&str> = got.split_ascii_whitespace().collect();
    let missing: Vec<&str> = expected.difference(&got).copied().collect();
    let extra: Vec<&str> = got.difference(&expected).copied().collect();
    let list = |moves: &[&str]| {
        if moves.is_empty() {
            "(none)".to_owned()
        } else {
            moves.join(" ")
        }
    };
    writeln!(output, "{indent}missing:  {}", list(&missing))?;
    writeln!(output, "{indent}extra:    {}", list(&extra))?;
    Ok(missing.is_empty() && extra.is_empty())
}
