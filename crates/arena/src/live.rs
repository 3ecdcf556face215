//! The live companion of a match record: while `congo match --record FILE`
//! runs, `FILE.live` holds the games under way, a line per ply as it is
//! played, so that `congo serve --watch FILE` shows them move by move. A
//! finished game goes to the record itself, which is unchanged and read
//! as before; the companion is removed when the match ends.
//!
//! Each line holds tab-separated fields:
//! `engine`, a letter, its command line; `start`, the game's number from
//! 1, the letter of the engine playing white, the start FEN; and `ply`, the
//! game's number, the move.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The companion file of the record at `record`.
pub fn live_path(record: &Path) -> PathBuf {
    let mut path = record.as_os_str().to_owned();
    path.push(".live");
    PathBuf::from(path)
}

/// The companion being written, shared by the games played at once.
pub(super) struct LiveLog {
    path: PathBuf,
    file: Mutex<File>,
}

impl LiveLog {
    /// Starts the companion of `record`, naming the engines: a new file,
    /// or with `resume` one left by the match before, begun again.
    pub fn create(record: &Path, resume: bool, engines: &[String; 2]) -> io::Result<LiveLog> {
        let path = live_path(record);
        let mut options = OpenOptions::new();
        options.write(true);
        if resume {
            options.create(true).truncate(true);
        } else {
            options.create_new(true);
        }
        let file = options.open(&path)?;
        let log = LiveLog {
            path,
            file: Mutex::new(file),
        };
        for (letter, command) in ['A', 'B'].iter().zip(engines) {
            log.write(&Line::Engine(*letter, command.clone()))?;
        }
        Ok(log)
    }

    /// Where the companion is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds `line`, whole, in one write.
    pub fn write(&self, line: &Line) -> io::Result<()> {
        let text = format!("{line}\n");
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        file.write_all(text.as_bytes())
    }

    /// Removes the companion: the match is over, and its record holds
    /// every game.
    pub fn finish(self) -> io::Result<()> {
        drop(self.file);
        std::fs::remove_file(&self.path)
    }
}

/// One line of the companion.
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
        assert!("oops".parse::<Line>().is_err());
    }

    #[test]
    fn the_companion_sits_beside_its_record() {
        assert_eq!(
            live_path(Path::new("runs/m.tsv")),
            Path::new("runs/m.tsv.live")
        );
    }
}
