//! The live companion of a match record: while a match runs, the file
//! beside its record holds the games under way, a line per ply as it is
//! played, so that a watcher sees them move by move. A finished game goes
//! to the record itself (see [`crate::record`]); the companion is removed
//! when the match ends. The match writes it and the web board reads it,
//! so its lines live here, beneath both.
//!
//! Each line holds tab-separated fields:
//! `engine`, a letter, its command line; `start`, the game's number from
//! 1, the letter of the engine playing white, the start FEN; and `ply`, the
//! game's number, the move.

use std::fmt;
use std::path::{Path, PathBuf};

/// The companion of the record at `record`.
///
/// ```
/// use std::path::Path;
/// use congo_rules::live::live_path;
///
/// assert_eq!(live_path(Path::new("runs/m.tsv")), Path::new("runs/m.tsv.live"));
/// ```
pub fn live_path(record: &Path) -> PathBuf {
    let mut path = record.as_os_str().to_owned();
    path.push(".live");
    PathBuf::from(path)
}

/// One line of the companion.
///
/// ```
/// use congo_rules::live::Line;
///
/// let line: Line = "ply\t12\td1d2".parse()?;
/// assert_eq!(line, Line::Ply(12, "d1d2".to_owned()));
/// assert_eq!(line.to_string(), "ply\t12\td1d2");
/// # Ok::<(), congo_rules::live::LineError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// An engine's letter and command line.
    Engine(char, String),
    /// A game began: its number from 1, white's letter, the start FEN.
    Start(usize, char, String),
    /// A ply of a game: its number, the move.
    Ply(usize, String),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Engine(letter, command) => write!(f, "engine\t{letter}\t{command}"),
            Line::Start(game, white, fen) => write!(f, "start\t{game}\t{white}\t{fen}"),
            Line::Ply(game, m) => write!(f, "ply\t{game}\t{m}"),
        }
    }
}

/// Why a companion's line cannot be read.
///
/// ```
/// use congo_rules::live::{Line, LineError};
///
/// let wrong = "start\t1\tC\t3l3/7/7/7/7/7/3L3 w 0".parse::<Line>();
/// assert_eq!(wrong, Err(LineError("engine \"C\" is not A or B".to_owned())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError(pub String);

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LineError {}

impl std::str::FromStr for Line {
    type Err = LineError;

    fn from_str(text: &str) -> Result<Line, LineError> {
        let fields: Vec<&str> = text.split('\t').collect();
        let number = |field: &str| {
            field
                .parse::<usize>()
                .map_err(|_| LineError(format!("game number {field:?} is not a number")))
        };
        let letter = |field: &str| match field {
            "A" => Ok('A'),
            "B" => Ok('B'),
            _ => Err(LineError(format!("engine {field:?} is not A or B"))),
        };
        match fields[..] {
            ["engine", which, command] => Ok(Line::Engine(letter(which)?, command.to_owned())),
            ["start", game, white, fen] => {
                Ok(Line::Start(number(game)?, letter(white)?, fen.to_owned()))
            }
            ["ply", game, m] => Ok(Line::Ply(number(game)?, m.to_owned())),
            _ => Err(LineError(format!(
                "not an engine, start or ply line: {:?}",
                text.chars().take(40).collect::<String>()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_a_bad_one_says_why() {
        for line in [
            Line::Engine('B', "congo engine --depth 3".to_owned()),
            Line::Start(12, 'A', "7/7/7/3l3/7/7/3L3 w 0".to_owned()),
            Line::Ply(12, "d1d2".to_owned()),
        ] {
            assert_eq!(line.to_string().parse(), Ok(line));
        }
        assert_eq!(
            "ply\tx\td1d2".parse::<Line>(),
            Err(LineError("game number \"x\" is not a number".to_owned()))
        );
        assert_eq!(
            "start\t1\tC\tfen".parse::<Line>(),
            Err(LineError("engine \"C\" is not A or B".to_owned()))
        );
        assert_eq!(
            "oops".parse::<Line>(),
            Err(LineError(
                "not an engine, start or ply line: \"oops\"".to_owned()
            ))
        );
    }
}
