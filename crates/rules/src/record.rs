//! A match's record: one line per finished game, enough to replay it.
//!
//! Each line holds six fields separated by tabs (a FEN has spaces): the
//! game's number from 1, the letter of the engine that played white (`A`
//! or `B`), the start position's FEN, the moves in order separated by
//! spaces, the result from white's side (`1-0`, `0-1`, `1/2-1/2`), and the
//! reason the game ended.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::{FenError, Game, Move, Outcome, Position, Reach, ReplayError, RuleSet};

/// One finished game.
///
/// ```
/// use congo_rules::Outcome;
/// use congo_rules::record::Record;
///
/// let line = "3\tB\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3 d7d1\t0-1\twhite's lion was taken";
/// let record: Record = line.parse()?;
/// assert_eq!((record.white, record.outcome), ('B', Outcome::BlackWins));
/// assert_eq!(record.moves, ["a2a3", "d7d1"]);
/// assert_eq!(record.to_string(), line);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Its number in the match, from 1.
    pub game: usize,
    /// The engine that played white: `A` or `B`.
    pub white: char,
    /// The FEN it started from (after any random opening plies).
    pub start: String,
    /// Its moves, as written.
    pub moves: Vec<String>,
    /// Who won.
    pub outcome: Outcome,
    /// Why it ended.
    pub reason: String,
}

/// Why a line is not a record.
///
/// ```
/// use congo_rules::record::{Record, RecordError};
///
/// assert_eq!("only one field".parse::<Record>(), Err(RecordError::Fields(1)));
/// let bad_white = "1\tC\tstart\tc2c3\t1-0\treason".parse::<Record>();
/// assert_eq!(bad_white, Err(RecordError::White("C".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not six tab-separated fields: how many there were.
    Fields(usize),
    /// The game number is not a number.
    GameNumber(String),
    /// The white field is not `A` or `B`.
    White(String),
    /// The result is not one of the three.
    Result(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Fields(found) => write!(
                f,
                "expected 6 tab-separated fields (game, white, start, moves, result, reason), found {found}"
            ),
            RecordError::GameNumber(found) => write!(f, "game number {found:?} is not a number"),
            RecordError::White(found) => write!(f, "white {found:?} is not A or B"),
            RecordError::Result(found) => {
                write!(f, "result {found:?} is not 1-0, 0-1 or 1/2-1/2")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a record file could not be read, naming the file and line.
///
/// ```
/// use congo_rules::record::{RecordFileError, read_record_text};
/// use std::path::Path;
///
/// let error = read_record_text(Path::new("match.tsv"), "not a record").unwrap_err();
/// assert!(matches!(error, RecordFileError::Line(ref place, _) if place.line == 1));
/// assert!(error.to_string().starts_with("match.tsv line 1: expected 6 tab-separated fields"));
/// ```
#[derive(Debug)]
pub enum RecordFileError {
    /// The file could not be read.
    Read(PathBuf, io::Error),
    /// A line is not a record.
    Line(Place, RecordError),
}

impl fmt::Display for RecordFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordFileError::Read(path, error) => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            RecordFileError::Line(place, error) => write!(f, "{place}: {error}"),
        }
    }
}

impl std::error::Error for RecordFileError {}

/// Where a record stands: its file and line.
///
/// ```
/// use congo_rules::record::Place;
/// use std::path::PathBuf;
///
/// let place = Place { path: PathBuf::from("match.tsv"), line: 12 };
/// assert_eq!(place.to_string(), "match.tsv line 12");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The record file.
    pub path: PathBuf,
    /// The line, from 1.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}", self.path.display(), self.line)
    }
}

/// Why a recorded game could not be replayed, naming the game.
///
/// ```
/// use congo_rules::RuleSet;
/// use congo_rules::record::{GameReplayError, Record};
///
/// let line = "3\tB\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3 d7d1\t0-1\twhite's lion was taken";
/// let record: Record = line.parse()?;
/// let error = record.replay(RuleSet::default(), Some(3)).unwrap_err();
/// assert_eq!(error, GameReplayError::TooFewPlies { game: 3, plies: 2, asked: 3 });
/// assert_eq!(error.to_string(), "game 3 has 2 plies, not 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameReplayError {
    /// Fewer plies than asked for.
    TooFewPlies {
        /// The game's number.
        game: usize,
        /// The plies it has.
        plies: usize,
        /// The plies asked for.
        asked: usize,
    },
    /// The start is no position.
    Start {
        /// The game's number.
        game: usize,
        /// Its start, as recorded.
        start: String,
        /// Why that is no position.
        error: FenError,
    },
    /// A move cannot be played.
    Move {
        /// The game's number.
        game: usize,
        /// The move, and why.
        error: ReplayError,
    },
}

impl fmt::Display for GameReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameReplayError::TooFewPlies { game, plies, asked } => {
                write!(f, "game {game} has {plies} plies, not {asked}")
            }
            GameReplayError::Start { game, start, error } => {
                write!(f, "game {game}: bad start {start:?}: {error}")
            }
            GameReplayError::Move { game, error } => write!(f, "game {game} {error}"),
        }
    }
}

impl std::error::Error for GameReplayError {}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.white,
            self.start,
            self.moves.join(" "),
            self.outcome.result(),
            self.reason
        )
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(line: &str) -> Result<Record, RecordError> {
        let fields: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
        let [game, white, start, moves, result, reason] = fields[..] else {
            return Err(RecordError::Fields(fields.len()));
        };
        let game = game
            .parse()
            .map_err(|_| RecordError::GameNumber(game.to_owned()))?;
        let white = match white {
            "A" => 'A',
            "B" => 'B',
            _ => return Err(RecordError::White(white.to_owned())),
        };
        let outcome =
            Outcome::from_result(result).ok_or_else(|| RecordError::Result(result.to_owned()))?;
        Ok(Record {
            game,
            white,
            start: start.to_owned(),
            moves: moves.split_whitespace().map(str::to_owned).collect(),
            outcome,
            reason: reason.to_owned(),
        })
    }
}

impl Record {
    /// Engine A's half-points in the game: 2 a win, 1 a draw.
    ///
    /// ```
    /// use congo_rules::record::Record;
    ///
    /// let line = "3\tB\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3 d7d1\t0-1\twhite's lion was taken";
    /// let record: Record = line.parse()?;
    /// assert_eq!(record.a_half_points(), 2); // B had white, and black won
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn a_half_points(&self) -> usize {
        let white = self.outcome.white_half_points();
        if self.white == 'A' { white } else { 2 - white }
    }

    /// The game after its first `plies` moves (all of them when `None`),
    /// each checked to be legal.
    ///
    /// ```
    /// use congo_rules::RuleSet;
    /// use congo_rules::record::Record;
    ///
    /// let line = "3\tB\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3 d7d1\t0-1\twhite's lion was taken";
    /// let record: Record = line.parse()?;
    /// let game = record.replay(RuleSet::default(), None)?;
    /// assert_eq!(game.ending().map(|ending| ending.outcome()), Some(record.outcome));
    /// assert_eq!(record.replay(RuleSet::default(), Some(1))?.moves().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, rule_set: RuleSet, plies: Option<usize>) -> Result<Game, GameReplayError> {
        let asked = plies.unwrap_or(self.moves.len());
        if asked > self.moves.len() {
            return Err(GameReplayError::TooFewPlies {
                game: self.game,
                plies: self.moves.len(),
                asked,
            });
        }
        replay_moves(self.game, &self.start, &self.moves[..asked], rule_set)
    }

    /// The position after the first `plies` moves and the last move
    /// played: see [`Record::replay`].
    ///
    /// ```
    /// use congo_rules::RuleSet;
    /// use congo_rules::record::Record;
    ///
    /// let line = "3\tB\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3 d7d1\t0-1\twhite's lion was taken";
    /// let record: Record = line.parse()?;
    /// let (position, last) = record.position_at(RuleSet::default(), Some(1))?;
    /// assert_eq!(position.to_string(), "3l3/7/7/7/P6/7/3L3 b 0");
    /// assert_eq!(last.map(|m| m.to_string()), Some("a2a3".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_at(
        &self,
        rule_set: RuleSet,
        plies: Option<usize>,
    ) -> Result<(Position, Option<Move>), GameReplayError> {
        let game = self.replay(rule_set, plies)?;
        Ok((game.position().clone(), game.last_move()))
    }
}

/// Game number `game`, played from the FEN `start` through `moves`: each
/// move checked, whether or not the game was finished.
///
/// ```
/// use congo_rules::record::replay_moves;
/// use congo_rules::{RuleSet, START};
///
/// let moves = ["c2c3".to_owned(), "c6c5".to_owned()];
/// let game = replay_moves(1, START, &moves, RuleSet::default())?;
/// assert_eq!(game.moves().len(), 2);
/// assert!(replay_moves(1, "no position", &moves, RuleSet::default()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_moves(
    game: usize,
    start: &str,
    moves: &[String],
    rule_set: RuleSet,
) -> Result<Game, GameReplayError> {
    let position = Position::from_fen(start, rule_set, Reach::Game).map_err(|error| {
        GameReplayError::Start {
            game,
            start: start.to_owned(),
            error,
        }
    })?;
    let texts = moves.iter().map(String::as_str);
    Game::replay(position, rule_set, texts).map_err(|error| GameReplayError::Move { game, error })
}

/// The games of a record file, each with its place for the reader's own
/// errors; a line that is no record is an error naming its place.
///
/// ```
/// use congo_rules::record::{RecordFileError, read_records};
/// use std::path::Path;
///
/// let path = std::env::temp_dir().join(format!("match-{}.tsv", std::process::id()));
/// std::fs::write(&path, "1\tA\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3\t1/2-1/2\tagreed\n")?;
/// let records = read_records(&path)?;
/// assert_eq!((records[0].0.line, records[0].1.game), (1, 1));
/// let missing = read_records(Path::new("no/such/match.tsv"));
/// assert!(matches!(missing, Err(RecordFileError::Read(..))));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_records(path: &Path) -> Result<Vec<(Place, Record)>, RecordFileError> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| RecordFileError::Read(path.to_owned(), error))?;
    read_record_text(path, &text)
}

/// The games of a record's text, read from `path`.
///
/// ```
/// use congo_rules::record::read_record_text;
/// use std::path::Path;
///
/// let text = "1\tA\tstart\tc2c3\t1-0\tx\n2\tB\tstart\tc2c3\t0-1\ty\n";
/// let records = read_record_text(Path::new("match.tsv"), text)?;
/// let games: Vec<usize> = records.iter().map(|(_, record)| record.game).collect();
/// assert_eq!(games, [1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_record_text(path: &Path, text: &str) -> Result<Vec<(Place, Record)>, RecordFileError> {
    each_record(path, text).collect()
}

/// Each game of a record's text, read from `path`, or the error of a
/// line that is no record: a reader that counts what it can goes on
/// past one.
///
/// ```
/// use congo_rules::record::each_record;
/// use std::path::Path;
///
/// let text = "a line that is no record\n2\tB\tstart\tc2c3\t0-1\tx\n";
/// let mut read = each_record(Path::new("match.tsv"), text);
/// assert!(read.next().is_some_and(|first| first.is_err()));
/// let (place, record) = read.next().unwrap()?;
/// assert_eq!((place.line, record.game), (2, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn each_record<'a>(
    path: &'a Path,
    text: &'a str,
) -> impl Iterator<Item = Result<(Place, Record), RecordFileError>> + 'a {
    text.lines().enumerate().map(move |(number, line)| {
        let place = Place {
            path: path.to_owned(),
            line: number + 1,
        };
        match line.parse() {
            Ok(record) => Ok((place, record)),
            Err(error) => Err(RecordFileError::Line(place, error)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            game: 3,
            white: 'B',
            start: "3l3/7/7/7/7/P6/3L3 w 0".to_owned(),
            moves: vec!["a2a3".to_owned(), "d7d1".to_owned()],
            outcome: Outcome::BlackWins,
            reason: "white's lion was taken".to_owned(),
        }
    }

    #[test]
    fn a_line_round_trips() {
        let line = record().to_string();
        assert_eq!(
            line,
            "3\tB\t3l3/7/7/7/7/P6/3L3 w 0\ta2a3 d7d1\t0-1\twhite's lion was taken"
        );
        assert_eq!(line.parse::<Record>(), Ok(record()));
        assert_eq!(
            "3\tC\tx\t\t0-1\tr".parse::<Record>(),
            Err(RecordError::White("C".into()))
        );
        assert_eq!(
            "only one field".parse::<Record>(),
            Err(RecordError::Fields(1))
        );
        assert_eq!(
            "3\tA\tx\t\t2-0\tr"
                .parse::<Record>()
                .unwrap_err()
                .to_string(),
            "result \"2-0\" is not 1-0, 0-1 or 1/2-1/2"
        );
        // B had white and black won: A's win.
        assert_eq!(record().a_half_points(), 2);
        let mut drawn = record();
        drawn.outcome = Outcome::Draw;
        assert_eq!(drawn.a_half_points(), 1);
    }

    #[test]
    fn replaying_checks_each_move() {
        let (position, last) = record().position_at(RuleSet::default(), Some(1)).unwrap();
        assert_eq!(position.to_string(), "3l3/7/7/7/P6/7/3L3 b 0");
        assert_eq!(last.map(|m| m.to_string()), Some("a2a3".to_owned()));
        let (end, _) = record().position_at(RuleSet::default(), None).unwrap();
        assert_eq!(end.status(), crate::Status::BlackWins);
        assert_eq!(
            record()
                .replay(RuleSet::default(), Some(3))
                .unwrap_err()
                .to_string(),
            "game 3 has 2 plies, not 3"
        );
        let mut wrong = record();
        wrong.moves[1] = "d7d2".to_owned();
        assert_eq!(
            wrong
                .replay(RuleSet::default(), None)
                .unwrap_err()
                .to_string(),
            "game 3 ply 2: move \"d7d2\" is not legal in this position"
        );
    }
}
