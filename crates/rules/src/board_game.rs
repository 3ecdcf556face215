//! What the three board games congo knows (Congo, Russian checkers and
//! Two-player Wildebeest) have in common: positions, moves, the moves of a
//! position and the position after one ([`BoardGame`]), and their text
//! form on judge lines ([`Notation`]). Perft and the judges' move lists are
//! written once against these.

/// A board game's rules, as perft and the move-list judges need them.
pub trait BoardGame {
    /// A position of the game, with whose turn it is.
    type Position;
    /// A move (for Two-player Wildebeest, the board it leads to).
    type Move;

    /// Appends every legal move of `position` (none once the game is over).
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// The position after `m`, one of `position`'s legal moves.
    fn play(&self, position: &Self::Position, m: &Self::Move) -> Self::Position;

    /// How many legal moves `position` has: by default, listed into
    /// `scratch` and counted; games that can count for less (bulk
    /// counting) say so here.
    fn count_moves(&self, position: &Self::Position, scratch: &mut Vec<Self::Move>) -> u64 {
        scratch.clear();
        self.moves(position, scratch);
        scratch.len() as u64
    }

    /// A 64-bit key of `position` (its pieces and side to move, all that
    /// decides its moves), for tables of positions already seen; `None`
    /// for a game without one.
    fn key(&self, _position: &Self::Position) -> Option<u64> {
        None
    }
}

/// A game whose positions come one a line and whose moves are written as
/// text: what a judge subcommand that lists moves needs.
pub trait Notation: BoardGame {
    /// Why a line is not a position.
    type Error: std::fmt::Display + Send;

    /// Reads the position on one input line (trimmed, as bytes).
    fn read(&self, line: &[u8]) -> Result<Self::Position, Self::Error>;

    /// Reads the position on one input line over `position` (left in an
    /// unspecified state on an error). By default through
    /// [`Notation::read`]; a game with large positions reads in place.
    fn read_into(&self, line: &[u8], position: &mut Self::Position) -> Result<(), Self::Error> {
        *position = self.read(line)?;
        Ok(())
    }

    /// Appends the text of `m`.
    fn write_move(&self, m: &Self::Move, out: &mut Vec<u8>);

    /// The kinds of piece on `position`, gathered over every position of
    /// an input into the judge's report for the other-year warning; the
    /// sibling games note nothing.
    fn survey(&self, _position: &Self::Position) -> crate::KindsSeen {
        crate::KindsSeen::default()
    }

    /// Puts `moves` in the order of their texts, for listing. The default
    /// leaves them as they are, for games whose generator already makes
    /// them in that order (Congo's and checkers').
    fn in_text_order(&self, _moves: &mut [Self::Move]) {}
}
