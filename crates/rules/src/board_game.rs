//! What the three board games congo knows (Congo, Russian checkers and
//! Two-player Wildebeest) have in common: positions, moves, the moves of a
//! position and the position after one ([`BoardGame`]), and their text
//! form on judge lines ([`Notation`]). Perft and the judges' move lists are
//! written once against these.

/// A board game's rules, as perft and the move-list judges need them.
///
/// ```
/// use congo_rules::board_game::BoardGame;
/// use congo_rules::{CongoRules, Position, START};
///
/// let rules = CongoRules::default();
/// let start: Position = START.parse()?;
/// assert_eq!(rules.count_moves(&start, &mut Vec::new()), 26);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait BoardGame {
    /// A position of the game, with whose turn it is.
    type Position;
    /// A move (for Two-player Wildebeest, the board it leads to).
    type Move;

    /// Appends every legal move of `position` (none once the game is over).
    ///
    /// ```
    /// use congo_rules::board_game::BoardGame;
    /// use congo_rules::{CongoRules, START};
    ///
    /// let mut moves = Vec::new();
    /// CongoRules::default().moves(&START.parse()?, &mut moves);
    /// assert_eq!(moves.len(), 26);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// The position after `m`, one of `position`'s legal moves.
    ///
    /// ```
    /// use congo_rules::board_game::BoardGame;
    /// use congo_rules::{Color, CongoRules, Move, Position, START};
    ///
    /// let start: Position = START.parse()?;
    /// let next = CongoRules::default().play(&start, &Move::new("c2".parse()?, "c3".parse()?));
    /// assert_eq!(next.side, Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, position: &Self::Position, m: &Self::Move) -> Self::Position;

    /// How many legal moves `position` has: by default, listed into
    /// `scratch` and counted; games that can count for less (bulk
    /// counting) say so here.
    ///
    /// ```
    /// use congo_rules::board_game::BoardGame;
    /// use congo_rules::{CongoRules, Position, START};
    ///
    /// let start: Position = START.parse()?;
    /// let mut scratch = Vec::new();
    /// assert_eq!(CongoRules::default().count_moves(&start, &mut scratch), 26);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn count_moves(&self, position: &Self::Position, scratch: &mut Vec<Self::Move>) -> u64 {
        scratch.clear();
        self.moves(position, scratch);
        scratch.len() as u64
    }

    /// A 64-bit key of `position` (its pieces and side to move, all that
    /// decides its moves), for tables of positions already seen; `None`
    /// for a game without one.
    ///
    /// ```
    /// use congo_rules::board_game::BoardGame;
    /// use congo_rules::{CongoRules, Position, START};
    ///
    /// let rules = CongoRules::default();
    /// let start: Position = START.parse()?;
    /// assert_eq!(rules.key(&start), rules.key(&start.clone()));
    /// assert_ne!(rules.key(&start), rules.key(&start.mirrored()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn key(&self, _position: &Self::Position) -> Option<u64> {
        None
    }
}

/// A game whose positions come one a line and whose moves are written as
/// text: what a judge subcommand that lists moves needs.
///
/// ```
/// use congo_rules::CongoRules;
/// use congo_rules::board_game::{BoardGame, Notation};
///
/// let rules = CongoRules::default();
/// let position = rules.read(b"3l3/7/7/7/7/7/3L3 w 1")?;
/// let (mut moves, mut line) = (Vec::new(), Vec::new());
/// rules.moves(&position, &mut moves);
/// rules.write_move(&moves[0], &mut line);
/// assert_eq!(line, b"d1c1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Notation: BoardGame {
    /// Why a line is not a position.
    type Error: std::fmt::Display + Send;

    /// Reads the position on one input line (trimmed, as bytes).
    ///
    /// ```
    /// use congo_rules::board_game::Notation;
    /// use congo_rules::{CongoRules, START};
    ///
    /// let rules = CongoRules::default();
    /// assert_eq!(rules.read(START.as_bytes())?.to_string(), START);
    /// assert!(rules.read(b"not a position").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn read(&self, line: &[u8]) -> Result<Self::Position, Self::Error>;

    /// Reads the position on one input line over `position` (left in an
    /// unspecified state on an error). By default through
    /// [`Notation::read`]; a game with large positions reads in place.
    ///
    /// ```
    /// use congo_rules::board_game::Notation;
    /// use congo_rules::{CongoRules, Position, START};
    ///
    /// let mut position: Position = START.parse()?;
    /// CongoRules::default().read_into(b"3l3/7/7/7/7/7/3L3 w 1", &mut position)?;
    /// assert_eq!(position.to_string(), "3l3/7/7/7/7/7/3L3 w 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn read_into(&self, line: &[u8], position: &mut Self::Position) -> Result<(), Self::Error> {
        *position = self.read(line)?;
        Ok(())
    }

    /// Appends the text of `m`.
    ///
    /// ```
    /// use congo_rules::board_game::Notation;
    /// use congo_rules::{CongoRules, Move};
    ///
    /// let mut out = Vec::new();
    /// CongoRules::default().write_move(&Move::new("c2".parse()?, "c3".parse()?), &mut out);
    /// assert_eq!(out, b"c2c3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn write_move(&self, m: &Self::Move, out: &mut Vec<u8>);

    /// The kinds of piece on `position`, gathered over every position of
    /// an input into the judge's report for the other-year warning; the
    /// sibling games note nothing.
    ///
    /// ```
    /// use congo_rules::board_game::Notation;
    /// use congo_rules::{CongoRules, RuleSet};
    ///
    /// let rules = CongoRules::default();
    /// let seen = rules.survey(&rules.read(b"3l3/7/7/7/7/E6/3L3 w 1")?);
    /// assert_eq!(rules.rule_set.other_year_for(seen), Some(RuleSet::Wits2021));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn survey(&self, _position: &Self::Position) -> crate::KindsSeen {
        crate::KindsSeen::default()
    }

    /// Puts `moves` in the order of their texts, for listing. The default
    /// leaves them as they are, for games whose generator already makes
    /// them in that order (Congo's and checkers').
    ///
    /// ```
    /// use congo_rules::board_game::{BoardGame, Notation};
    /// use congo_rules::{CongoRules, START};
    ///
    /// let (rules, mut moves) = (CongoRules::default(), Vec::new());
    /// rules.moves(&START.parse()?, &mut moves);
    /// rules.in_text_order(&mut moves);
    /// assert!(moves.is_sorted());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn in_text_order(&self, _moves: &mut [Self::Move]) {}
}
