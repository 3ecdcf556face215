//! A game: a start position, the moves played from it, and the positions
//! they led to. What `congo game`, the engine's protocol, the match
//! manager's referee and the web board keep of the game being played; and
//! the one place a move is checked against the rules before it is made.

use crate::{Ending, Move, MoveError, Position, RuleSet, zobrist};

/// The position games start from unless told otherwise: the 2022 rule
/// set's (the full game's is [`FULL_START`]).
///
/// ```
/// use congo_rules::{Color, Position, START};
///
/// let start: Position = START.parse()?;
/// assert_eq!(start.side, Color::White);
/// assert_eq!(start.to_string(), START);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const START: &str = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";

/// The full game's start: every kind on the board.
///
/// ```
/// use congo_rules::{FULL_START, Position};
///
/// let start: Position = FULL_START.parse()?;
/// assert_eq!(start.board.occupied().count(), 28);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const FULL_START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

/// A game played from a start under a rule set.
///
/// ```
/// use congo_rules::{Game, RuleSet, START};
///
/// let mut game = Game::new(START.parse()?, RuleSet::Wits2022);
/// game.play_text("c2c3")?;
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.ending(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rule_set: RuleSet,
    /// The start, then the position after each move: one more than `moves`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The plies after which the game is drawn, if it has a length.
    max_plies: Option<usize>,
}

/// The past of a position, as a search weighs it: [`Game::history`], or
/// the default for a position with none.
///
/// ```
/// use congo_rules::{Game, History, RuleSet, START};
///
/// let fresh = Game::new(START.parse()?, RuleSet::default());
/// assert_eq!(fresh.history(), History::default());
/// let game = Game::replay(START.parse()?, RuleSet::default(), ["g1f3", "c6c5"])?;
/// assert_eq!(game.history().keys.len(), 2);
/// assert_eq!(game.history().quiet_plies, 0); // a pawn stepped forward
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The Zobrist keys ([`zobrist::hash`]) of the positions played
    /// before: meeting one again is a draw.
    pub keys: Vec<u64>,
    /// The plies played since the last irreversible move
    /// ([`Position::is_irreversible`]), or since the start: a long
    /// stretch of them is a game going nowhere.
    pub quiet_plies: u32,
}

/// Why a game refused a move: the move itself, or the game is over.
///
/// ```
/// use congo_rules::{Ending, Game, MoveError, PlayError, RuleSet, START};
///
/// let mut game = Game::new(START.parse()?, RuleSet::default());
/// let illegal = PlayError::Move(MoveError::Illegal("c2c4".into()));
/// assert_eq!(game.play_text("c2c4"), Err(illegal));
/// let mut over = game.with_max_plies(Some(0));
/// let ended = PlayError::Ended("c2c3".into(), Ending::PlyLimit { plies: 0 });
/// assert_eq!(over.play_text("c2c3"), Err(ended));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use congo_rules::{Game, RuleSet, START};
///
/// let error = Game::replay(START.parse()?, RuleSet::default(), ["c2c3", "c3c4"]).unwrap_err();
/// assert_eq!(error.ply, 2);
/// assert_eq!(error.to_string(), "ply 2: move \"c3c4\" is not legal in this position");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let game = Game::new(START.parse()?, RuleSet::Wits2021);
    /// assert_eq!(game.rule_set(), RuleSet::Wits2021);
    /// assert!(game.moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: Position, rule_set: RuleSet) -> Game {
        Game {
            rule_set,
            positions: vec![start],
            moves: Vec::new(),
            max_plies: None,
        }
    }

    /// The same game, drawn once `max_plies` plies are played (when given).
    ///
    /// ```
    /// use congo_rules::{Ending, Game, RuleSet, START};
    ///
    /// let mut game = Game::new(START.parse()?, RuleSet::default()).with_max_plies(Some(1));
    /// game.play_text("c2c3")?;
    /// assert_eq!(game.ending(), Some(Ending::PlyLimit { plies: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_max_plies(mut self, max_plies: Option<usize>) -> Game {
        self.max_plies = max_plies;
        self
    }

    /// The game from `start` after the moves written `texts`, all of them
    /// or none: the first that cannot be played is the error.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let game = Game::replay(START.parse()?, RuleSet::default(), ["c2c3", "c6c5"])?;
    /// assert_eq!(game.positions().len(), 3);
    /// assert_eq!(game.position().move_number, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let game = Game::new(START.parse()?, RuleSet::Wits2021);
    /// assert!(!game.rule_set().promotes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rule_set(&self) -> RuleSet {
        self.rule_set
    }

    /// The position the game started from.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let game = Game::replay(START.parse()?, RuleSet::default(), ["c2c3"])?;
    /// assert_eq!(game.start().to_string(), START);
    /// assert_ne!(game.position(), game.start());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now.
    ///
    /// ```
    /// use congo_rules::{Color, Game, RuleSet, START};
    ///
    /// let game = Game::replay(START.parse()?, RuleSet::default(), ["c2c3"])?;
    /// assert_eq!(game.position().side, Color::Black);
    /// assert_eq!(game.position().to_string(), "g2l2z/ppppppp/7/7/2P4/PP1PPPP/G2L2Z b 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        // Never empty: the start is always there.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position so far, the start first.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let game = Game::replay(START.parse()?, RuleSet::default(), ["c2c3", "c6c5"])?;
    /// let positions = game.positions();
    /// assert_eq!(positions.len(), game.moves().len() + 1);
    /// assert_eq!((&positions[0], &positions[2]), (game.start(), game.position()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let game = Game::replay(START.parse()?, RuleSet::default(), ["c2c3", "c6c5"])?;
    /// let texts: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(texts, ["c2c3", "c6c5"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let mut game = Game::new(START.parse()?, RuleSet::default());
    /// assert_eq!(game.last_move(), None);
    /// let m = game.play_text("c2c3")?;
    /// assert_eq!(game.last_move(), Some(m));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// How the game has ended, or `None` while it goes on.
    ///
    /// ```
    /// use congo_rules::{Color, Ending, Game, RuleSet};
    ///
    /// let mut game = Game::new("3l3/7/7/7/7/7/3L3 w 1".parse()?, RuleSet::default());
    /// assert_eq!(game.ending(), None);
    /// game.play_text("d1d7")?; // the lions face each other: white's takes
    /// assert_eq!(game.ending(), Some(Ending::LionTaken { winner: Color::White }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ending(&self) -> Option<Ending> {
        Ending::of(self.position(), self.moves.len(), self.max_plies)
    }

    /// Plays `m` if it is legal and the game goes on.
    ///
    /// ```
    /// use congo_rules::{Game, Move, RuleSet, START};
    ///
    /// let mut game = Game::new(START.parse()?, RuleSet::default());
    /// let m = Move::new("c2".parse()?, "c3".parse()?);
    /// game.play(m)?;
    /// assert_eq!(game.last_move(), Some(m));
    /// assert!(game.play(m).is_err()); // c2 is empty now, and it is black's turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.check_going_on(|| m.to_string())?;
        let next = self.position().play(m, self.rule_set)?;
        self.push(m, next);
        Ok(())
    }

    /// Plays the move written `text` if it is legal and the game goes on,
    /// and returns it.
    ///
    /// ```
    /// use congo_rules::{Game, MoveError, PlayError, RuleSet, START};
    ///
    /// let mut game = Game::new(START.parse()?, RuleSet::default());
    /// assert_eq!(game.play_text("c2c3")?.to_string(), "c2c3");
    /// let malformed = PlayError::Move(MoveError::Malformed("c6".into()));
    /// assert_eq!(game.play_text("c6"), Err(malformed));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let m = self.position().parse_move(text, &mut Vec::new())?;
        self.check_going_on(|| text.to_owned())?;
        let next = self.position().play_unchecked(m, self.rule_set);
        self.push(m, next);
        Ok(m)
    }

    /// Takes back the last move, if there is one.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START};
    ///
    /// let mut game = Game::replay(START.parse()?, RuleSet::default(), ["c2c3"])?;
    /// assert_eq!(game.undo().map(|m| m.to_string()), Some("c2c3".into()));
    /// assert_eq!(game.position(), game.start());
    /// assert_eq!(game.undo(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// What a search needs of the game before its current position: the
    /// keys of the earlier positions, to see a repetition coming, and the
    /// plies since the last irreversible move.
    ///
    /// ```
    /// use congo_rules::{Game, RuleSet, START, zobrist};
    ///
    /// let zebras_out_and_back = ["g1f3", "g7f5", "f3g1", "f5g7"];
    /// let game = Game::replay(START.parse()?, RuleSet::default(), zebras_out_and_back)?;
    /// let now = zobrist::hash(&game.position().board, game.position().side);
    /// let history = game.history();
    /// assert!(history.keys.contains(&now)); // a repetition
    /// assert_eq!(history.quiet_plies, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> History {
        let earlier = &self.positions[..self.positions.len() - 1];
        let keys = earlier
            .iter()
            .map(|position| zobrist::hash(&position.board, position.side))
            .collect();
        let quiet_plies = self
            .moves
            .iter()
            .zip(self.positions.windows(2))
            .rev()
            .take_while(|(m, pair)| !pair[0].is_irreversible(**m, &pair[1]))
            .count();
        History {
            keys,
            quiet_plies: u32::try_from(quiet_plies).unwrap_or(u32::MAX),
        }
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
        assert_eq!(game.history().keys.len(), 2);
        assert_eq!(game.undo().map(|m| m.to_string()), Some("d7d6".into()));
        assert_eq!(game.position().side, Color::Black);
        assert_eq!(game.last_move().map(|m| m.to_string()), Some("a2a3".into()));
        assert_eq!(game.positions().len(), 2);
    }

    #[test]
    fn quiet_plies_count_from_the_last_irreversible_move() {
        let quiet = |moves: &[&str]| {
            let start = start("3l3/7/7/7/2p4/P6/2CL3 w 1");
            let game = Game::replay(start, RuleSet::default(), moves.iter().copied()).unwrap();
            game.history().quiet_plies
        };
        assert_eq!(quiet(&[]), 0);
        assert_eq!(quiet(&["d1d2", "d7d6", "d2d1"]), 3);
        assert_eq!(
            quiet(&["d1d2", "d7d6", "a2a3", "d6d7"]),
            1,
            "a pawn's advance"
        );
        assert_eq!(
            quiet(&["d1d2", "d7d6", "c1c3", "d6d7", "d2d1"]),
            2,
            "a capture"
        );
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
