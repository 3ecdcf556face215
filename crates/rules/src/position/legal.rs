//! The legal moves of a position, and a move's text read against them.

use std::fmt;

use super::Position;
use crate::{Move, Square, movegen};

/// Why a move's text could not be played.
///
/// ```
/// use congo_rules::{MoveError, Position};
///
/// let position: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
/// let mut scratch = Vec::new();
/// assert_eq!(position.parse_move("d1", &mut scratch), Err(MoveError::Malformed("d1".into())));
/// assert_eq!(position.parse_move("d1d3", &mut scratch), Err(MoveError::Illegal("d1d3".into())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a start square and landing squares, like `d1d2`.
    Malformed(String),
    /// No legal move of the position has this text.
    Illegal(String),
    /// A lion has been taken, so no move can be played.
    GameOver(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(text) => {
                write!(
                    f,
                    "move {text:?} is not written as squares, expected e.g. d1d2"
                )
            }
            MoveError::Illegal(text) => write!(f, "move {text:?} is not legal in this position"),
            MoveError::GameOver(text) => {
                write!(
                    f,
                    "move {text:?} cannot be played: a lion has been taken, the game is over"
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// Appends every legal move of the side to move, sorted as strings;
    /// none once the game is over. (There is no check in Congo: every
    /// move a piece can make is legal.)
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let position: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
    /// let mut moves = Vec::new();
    /// position.legal_moves(&mut moves);
    /// let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(texts, ["d1c1", "d1c2", "d1d2", "d1d7", "d1e1", "d1e2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.both_lions() {
            movegen::all_moves(&self.board, self.side, moves);
        }
    }

    /// The legal move written `text`. `scratch` holds the candidate moves.
    ///
    /// ```
    /// use congo_rules::{Position, START};
    ///
    /// let start: Position = START.parse()?;
    /// let mut scratch = Vec::new();
    /// assert_eq!(start.parse_move("g1f3", &mut scratch)?.to_string(), "g1f3");
    /// assert!(start.parse_move("g1g3", &mut scratch).is_err()); // no zebra move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str, scratch: &mut Vec<Move>) -> Result<Move, MoveError> {
        let well_formed = text.len() >= 4
            && text.len().is_multiple_of(2)
            && text.as_bytes().chunks(2).all(|name| {
                std::str::from_utf8(name).is_ok_and(|name| name.parse::<Square>().is_ok())
            });
        if !well_formed {
            return Err(MoveError::Malformed(text.to_owned()));
        }
        if !self.both_lions() {
            return Err(MoveError::GameOver(text.to_owned()));
        }
        scratch.clear();
        self.legal_moves(scratch);
        scratch
            .iter()
            .copied()
            .find(|m| m.is_written(text))
            .ok_or_else(|| MoveError::Illegal(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_texts_that_cannot_be_played() {
        let position: Position = "3l3/7/7/7/7/7/3L3 w 1".parse().unwrap();
        let mut scratch = Vec::new();
        for text in ["d1", "d1d", "d1d2d", "d1x2", "d0d1", "", "d1d2 "] {
            assert_eq!(
                position.parse_move(text, &mut scratch),
                Err(MoveError::Malformed(text.into())),
                "{text:?}"
            );
        }
        assert_eq!(
            position.parse_move("d1d3", &mut scratch),
            Err(MoveError::Illegal("d1d3".into()))
        );
        let over: Position = "3L3/7/7/7/7/7/7 b 1".parse().unwrap();
        assert!(!over.has_lion(crate::Color::Black));
        assert_eq!(
            over.parse_move("d7d6", &mut scratch),
            Err(MoveError::GameOver("d7d6".into()))
        );
    }

    #[test]
    fn a_finished_game_has_no_moves() {
        let over: Position = "7/7/7/7/7/7/3L3 b 3".parse().unwrap();
        let mut moves = Vec::new();
        over.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }
}
