//! Tools for students and graders: `gen` makes seeded test positions,
//! `check` compares any program with congo and shrinks a disagreement,
//! `grade` marks output files against congo's answers.

mod check;
mod generator;
mod grade;
mod shrink;

pub use check::{CheckOptions, check};
pub use generator::{GenOptions, ParsePieceSetError, PieceSet, generate};
pub use grade::{GradeOptions, grade};

/// The text of the file at `path` (bytes that are not UTF-8 replaced), or
/// why it cannot be had: unreadable, or longer than `max` bytes (which are
/// never read into memory).
fn read_file(path: &std::path::Path, max: u64) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if bytes.len() as u64 > max {
        return Err(format!("{} is larger than {max} bytes", path.display()));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
