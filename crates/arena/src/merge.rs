//! `match --merge`: the records of a match played in shards, counted as
//! one run would have counted them.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};

use super::sprt::{Sprt, Verdict};
use super::tally::Tally;
use congo_kit::text::Count;
use congo_rules::record::{Place, RecordFileError, read_records};

/// Why records could not be merged.
#[derive(Debug)]
pub enum MergeError {
    /// A record file could not be read, or holds a line that is no record.
    Records(RecordFileError),
    /// A game numbered 0.
    Unnumbered(Place),
    /// A game read twice.
    Twice(Place, usize),
    /// The output could not be written.
    Output(io::Error),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Records(error) => error.fmt(f),
            MergeError::Unnumbered(place) => write!(f, "{place}: games are numbered from 1"),
            MergeError::Twice(place, game) => write!(f, "{place}: game {game} was already read"),
            MergeError::Output(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MergeError {}

/// `match --merge`: the records of a match played in shards (or of any
/// match), read and counted in game order as one run would have counted
/// them, and the summary that run would have ended with. A game number
/// found twice, or a bad line, is an error naming its file and line.
pub fn merge_records(
    files: &[std::path::PathBuf],
    sprt: Option<&Sprt>,
    output: &mut impl Write,
) -> Result<(), MergeError> {
    let mut games = BTreeMap::new();
    for path in files {
        for (place, record) in read_records(path).map_err(MergeError::Records)? {
            if record.game == 0 {
                return Err(MergeError::Unnumbered(place));
            }
            if games.insert(record.game, record.a_half_points()).is_some() {
                return Err(MergeError::Twice(place, record.game));
            }
        }
    }
    let mut tally = Tally::default();
    for (&game, &a_points) in &games {
        if tally.verdict != Verdict::Continue {
            break;
        }
        tally.count(game - 1, a_points, sprt);
    }
    let io = MergeError::Output;
    writeln!(
        output,
        "merged {} from {}",
        Count(games.len(), "game"),
        Count(files.len(), "record")
    )
    .map_err(io)?;
    tally.write(output, sprt).map_err(io)
}
