//! A game: a start position, the moves played from it, and the positions
//! they led to. What `congo game`, the engine's protocol, the match
//! manager's referee and the web board keep of the game being played; and
//! the one place a move is checked against the rules before it is made.

use crate::{Ending, Move, MoveError, Position, RuleSet, zobrist};

/// The position games start from unless told otherwise: the 2022 rule
/// set's (the full game's is `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0`).
pub const START: &str = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";

/// A game played from a start under a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rule_set: RuleSet,
    /// The start, then the position after each move: one more than `moves`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The plies after which the game is drawn, if it has a length.
    max_plies: Option<usize>,
}

/// Why a game refused a move: the move itself, or the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is malformed or illegal, or a lion has been taken.
    Move(MoveError),
    /// The game ended another way (a draw, its length, a side without
    /// a move), so no move can be played: the move's text, and how.
    Ended(String, Ending),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Move(error) => error.fmt(f),
            PlayError::Ended(text, ending) => write!(
                f,
                "move {text:?} cannot be played: the game is over, {}",
                ending.describe()
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<MoveError> for PlayError {
    fn from(error: MoveError) -> PlayError {
        PlayError::Move(error)
    }
}

/// A move of a list that could not be played, and which it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The move's place in the list, from 1.
    pub ply: usize,
    /// Why it could not be played.
    pub error: PlayError,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.error)
    }
}

impl std::error::Error for ReplayError {}

impl Game {
    /// A game from `start` under `rule_set`, with no length.
    pub fn new(start: Position, rule_set: RuleSet) -> Game {
        Game {
            rule_set,
            positions: vec![start],
            moves: Vec::new(),
            max_plies: None,
        }
    }

    /// The same game, drawn once `max_plies` plies are played (when given).
    pub fn with_max_plies(mut self, max_plies: Option<usize>) -> Game {
        self.max_plies = max_plies;
        self
    }

    /// The game from `start` after the moves written `texts`, all of them
    /// or none: the first that cannot be played is the error.
    pub fn replay<'a>(
        start: Position,
        rule_set: RuleSet,
        texts: impl IntoIterator<Item = &'a str>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(start, rule_set);
        for (ply, text) in texts.into_iter().enumerate() {
            game.play_text(text).map_err(|error| ReplayError {
                ply: ply + 1,
                error,
            })?;
        }
        Ok(game)
    }

    /// The rule set.
    pub fn rule_set(&self) -> RuleSet {
        self.rule_set
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        // Never empty: the start is always there.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// How the game has ended, or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        Ending::of(self.position(), self.moves.len(), self.max_plies)
    }

    /// Plays `m` if it is legal and the game goes on.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.check_going_on(|| m.to_string())?;
        let next = self.position().play(m, self.rule_set)?;
        self.push(m, next);
        Ok(())
    }

    /// Plays the move written `text` if it is legal and the game goes on,
    /// and returns it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let m = self.position().parse_move(text, &mut Vec::new())?;
        self.check_going_on(|| text.to_owned())?;
        let next = self.position().play_unchecked(m, self.rule_set);
        self.push(m, next);
        Ok(m)
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// The Zobrist keys of the positions before the current one: what a
    /// search needs to see a repetition coming.
    pub fn earlier_keys(&self) -> Vec<u64> {
        let earlier = &self.positions[..self.positions.len() - 1];
        earlier
            .iter()
            .map(|position| zobrist::hash(&position.board, position.side))
            .collect()
    }

    /// An error for the move `text` if the game is over: a lion taken
    /// says so as the move parser does; any other ending is named.
    fn check_going_on(&self, text: impl Fn() -> String) -> Result<(), PlayError> {
        match self.ending() {
            None => Ok(()),
            Some(Ending::LionTaken { .. }) => Err(MoveError::GameOver(text()).into()),
            Some(ending) => Err(PlayError::Ended(text(), ending)),
        }
    }

    fn push(&mut self, m: Move, next: Position) {
        self.moves.push(m);
        self.positions.push(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, MAX_PLIES};

    fn start(fen: &str) -> Position {
        fen.parse().unwrap()
    }

    #[test]
    fn moves_are_played_checked_and_taken_back() {
        let mut game = Game::new(start("3l3/7/7/7/7/P6/3L3 w 1"), RuleSet::default());
        assert_eq!(
            game.play_text("a2a3").map(|m| m.to_string()),
            Ok("a2a3".into())
        );
        assert_eq!(
            game.play_text("a3a4"),
            Err(PlayError::Move(MoveError::Illegal("a3a4".into()))),
            "black to move"
        );
        game.play_text("d7d6").unwrap();
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.earlier_keys().len(), 2);
        assert_eq!(game.undo().map(|m| m.to_string()), Some("d7d6".into()));
        assert_eq!(game.position().side, Color::Black);
        assert_eq!(game.last_move().map(|m| m.to_string()), Some("a2a3".into()));
        assert_eq!(game.positions().len(), 2);
    }

    #[test]
    fn a_finished_game_takes_no_more_moves() {
        let game = Game::replay(
            start("3l3/7/7/7/7/P6/3L3 w 1"),
            RuleSet::default(),
            ["d1d7"],
        );
        let mut game = game.unwrap();
        assert_eq!(
            game.ending(),
            Some(Ending::LionTaken {
                winner: Color::White
            })
        );
        assert_eq!(
            game.play_text("d7d6"),
            Err(PlayError::Move(MoveError::GameOver("d7d6".into())))
        );
        // Bare lions that cannot meet: drawn, and said so.
        let mut bare = Game::new(start("2l4/7/7/7/7/7/3L3 w 1"), RuleSet::default());
        let error = bare.play_text("d1d2").unwrap_err();
        assert_eq!(
            error.to_string(),
            "move \"d1d2\" cannot be played: the game is over, draw, only the lions are left and neither can take the other"
        );
    }

    #[test]
    fn a_replay_is_all_or_nothing_and_names_the_bad_move() {
        let error = Game::replay(
            start("3l3/7/7/7/7/P6/3L3 w 1"),
            RuleSet::default(),
            ["a2a3", "d7d6", "a3a5"],
        )
        .unwrap_err();
        assert_eq!(error.ply, 3);
        assert_eq!(
            error.error,
            PlayError::Move(MoveError::Illegal("a3a5".into()))
        );
    }

    #[test]
    fn a_game_with_a_length_is_drawn_there() {
        let mut game =
            Game::new(start("3l3/7/7/7/7/P6/3L3 w 1"), RuleSet::default()).with_max_plies(Some(2));
        game.play_text("d1d2").unwrap();
        game.play_text("d7d6").unwrap();
        assert_eq!(game.ending(), Some(Ending::PlyLimit { plies: 2 }));
        assert!(matches!(game.play_text("d2d1"), Err(PlayError::Ended(..))));
        assert_eq!(MAX_PLIES, 200);
    }
}
