//! A match's record: one line per finished game, enough to replay it.
//!
//! Each line holds six fields separated by tabs (a FEN has spaces): the
//! game's number from 1, the letter of the engine that played white (`A`
//! or `B`), the start position's FEN, the moves in order separated by
//! spaces, the result from white's side (`1-0`, `0-1`, `1/2-1/2`), and the
//! reason the game ended.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::{Move, Position, Rules};

/// One finished game.
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
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why it ended.
    pub reason: String,
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.white,
            self.start,
            self.moves.join(" "),
            self.result,
            self.reason
        )
    }
}

impl FromStr for Record {
    type Err = String;

    fn from_str(line: &str) -> Result<Record, String> {
        let fields: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
        let [game, white, start, moves, result, reason] = fields[..] else {
            return Err(format!(
                "expected 6 tab-separated fields (game, white, start, moves, result, reason), found {}",
                fields.len()
            ));
        };
        let game = game
            .parse()
            .map_err(|_| format!("game number {game:?} is not a number"))?;
        let white = match white {
            "A" => 'A',
            "B" => 'B',
            _ => return Err(format!("white {white:?} is not A or B")),
        };
        Ok(Record {
            game,
            white,
            start: start.to_owned(),
            moves: moves.split_whitespace().map(str::to_owned).collect(),
            result: result.to_owned(),
            reason: reason.to_owned(),
        })
    }
}

impl Record {
    /// White's half-points in the game (2 a win, 1 a draw), or why the
    /// result is not one of the three.
    pub fn white_half_points(&self) -> Result<usize, String> {
        match self.result.as_str() {
            "1-0" => Ok(2),
            "1/2-1/2" => Ok(1),
            "0-1" => Ok(0),
            other => Err(format!("result {other:?} is not 1-0, 0-1 or 1/2-1/2")),
        }
    }

    /// Engine A's half-points in the game, as [`Record::white_half_points`].
    pub fn a_half_points(&self) -> Result<usize, String> {
        let white = self.white_half_points()?;
        Ok(if self.white == 'A' { white } else { 2 - white })
    }

    /// The position after the first `plies` moves (all of them when
    /// `None`), each checked to be legal, and the last move played.
    pub fn replay(
        &self,
        rules: Rules,
        plies: Option<usize>,
    ) -> Result<(Position, Option<Move>), String> {
        let plies = plies.unwrap_or(self.moves.len());
        if plies > self.moves.len() {
            return Err(format!(
                "game {} has {} plies, not {plies}",
                self.game,
                self.moves.len()
            ));
        }
        let mut position = Position::from_fen(&self.start, rules)
            .map_err(|error| format!("game {}: bad start {:?}: {error}", self.game, self.start))?;
        let mut last = None;
        let mut scratch = Vec::new();
        for (ply, text) in self.moves[..plies].iter().enumerate() {
            let m = position
                .parse_move(text, &mut scratch)
                .map_err(|error| format!("game {} ply {}: {error}", self.game, ply + 1))?;
            position = position.play_unchecked(m, rules);
            last = Some(m);
        }
        Ok((position, last))
    }
}

/// The games of a record file, each with its place (`FILE line N`) for
/// the reader's own errors; a line that is no record is an error naming
/// its place.
pub fn read_records(path: &Path) -> Result<Vec<(String, Record)>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            let place = format!("{} line {}", path.display(), number + 1);
            match line.parse() {
                Ok(record) => Ok((place, record)),
                Err(error) => Err(format!("{place}: {error}")),
            }
        })
        .collect()
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
            result: "0-1".to_owned(),
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
        assert!("3\tC\tx\t\t0-1\tr".parse::<Record>().is_err());
        assert!("only one field".parse::<Record>().is_err());
        // B had white and black won: A's win.
        assert_eq!(record().a_half_points(), Ok(2));
        let mut drawn = record();
        drawn.result = "1/2-1/2".to_owned();
        assert_eq!(drawn.a_half_points(), Ok(1));
        drawn.result = "2-0".to_owned();
        assert_eq!(
            drawn.a_half_points(),
            Err("result \"2-0\" is not 1-0, 0-1 or 1/2-1/2".to_owned())
        );
    }

    #[test]
    fn replaying_checks_each_move() {
        let (position, last) = record().replay(Rules::default(), Some(1)).unwrap();
        assert_eq!(position.to_string(), "3l3/7/7/7/P6/7/3L3 b 0");
        assert_eq!(last.map(|m| m.to_string()), Some("a2a3".to_owned()));
        let (end, _) = record().replay(Rules::default(), None).unwrap();
        assert_eq!(end.status(), crate::Status::BlackWins);
        assert!(record().replay(Rules::default(), Some(3)).is_err());
        let mut wrong = record();
        wrong.moves[1] = "d7d2".to_owned();
        assert_eq!(
            wrong.replay(Rules::default(), None).unwrap_err(),
            "game 3 ply 2: move \"d7d2\" is not legal in this position"
        );
    }
}
