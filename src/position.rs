//! A full game state: the board, the side to move and the move number;
//! making moves and telling who has won.

use std::fmt;

use crate::tables::castle_of;
use crate::{Bitboard, Board, Color, FenError, Kind, Move, Piece, Rules, Square, movegen};

/// Everything a FEN says: `<pieces> <side> <move number>`.
///
/// Read with [`str::parse`] (which also checks the position is one a game
/// can reach) or [`Position::from_fen`] under a rule set; written back in
/// its canonical form by `Display`.
///
/// ```
/// use congo::{Color, Position};
///
/// let position: Position = "2l4/7/4z2/4c2/PP2EP1/3L2p/7 B 23".parse().unwrap();
/// assert_eq!(position.side, Color::Black);
/// assert_eq!(position.to_string(), "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23");
/// assert!("3l3/7/7/7/7/7/L6 w 1".parse::<Position>().is_err()); // a lion astray
/// ```
///
/// Aligned to a cache line: perft and the searches copy a position per
/// move, and a copy to a place that straddles lines ran perft a fifth
/// slower (which place the stack gave it changed with unrelated code).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[repr(align(64))]
pub struct Position {
    /// Where the pieces stand.
    pub board: Board,
    /// The side whose turn it is.
    pub side: Color,
    /// How many moves black has made (it grows after each black move).
    pub move_number: u32,
}

/// Which positions a reader accepts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Only positions a game can reach: no side with more of a kind than
    /// it starts with, lions in their castles (the default).
    #[default]
    Game,
    /// Any position whose pieces fit the board (`--any-position`), for
    /// boards made up by hand: still one lion a side where the rules let
    /// it stand, and no monkey with more than [`MAX_CHAINS`] chains.
    Any,
}

/// Where a game stands, judged by the lions alone (the judge's rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Both lions are on the board.
    Ongoing,
    /// Black's lion has been taken.
    WhiteWins,
    /// White's lion has been taken.
    BlackWins,
}

/// The Part 3 judge's words: `Continue`, `White wins`, `Black wins`.
impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "Continue",
            Status::WhiteWins => "White wins",
            Status::BlackWins => "Black wins",
        })
    }
}

impl Status {
    /// The outcome in words, for people: `white wins, black's lion was taken`.
    pub fn describe(self) -> &'static str {
        match self {
            Status::Ongoing => "the game goes on",
            Status::WhiteWins => "white wins, black's lion was taken",
            Status::BlackWins => "black wins, white's lion was taken",
        }
    }
}

/// Why a move's text could not be played.
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

/// How a game that [`Position::is_bare_lions_draw`] ends is told, wherever
/// a game is played or shown.
pub(crate) const BARE_LIONS: &str = "draw, only the lions are left and neither can take the other";

impl Position {
    /// The game is over once a lion has been taken.
    pub fn status(&self) -> Status {
        let has_lion = |color| !self.board.pieces(Piece::new(color, Kind::Lion)).is_empty();
        if !has_lion(Color::Black) {
            Status::WhiteWins
        } else if !has_lion(Color::White) {
            Status::BlackWins
        } else {
            Status::Ongoing
        }
    }

    /// Whether the two lions are all that is left: a draw by the
    /// assignment's evaluation, whatever the lions can do (for play, see
    /// [`Position::is_bare_lions_draw`]).
    pub fn only_lions_left(&self) -> bool {
        let lions = self.board.by_kind(Kind::Lion);
        lions == self.board.occupied() && lions.count() == 2
    }

    /// Whether the game is drawn: only the two lions are left and the side
    /// to move cannot take the other (when it can, it takes and wins, so
    /// the game goes on). The one rule `match`, `game`, the engine and the
    /// endgame tables play by.
    pub fn is_bare_lions_draw(&self) -> bool {
        self.only_lions_left() && movegen::tally(&self.board, self.side).lion_captures == 0
    }

    /// Appends every legal move of the side to move, sorted as strings;
    /// none once the game is over. (There is no check in Congo: every
    /// move a piece can make is legal.)
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.status() == Status::Ongoing {
            movegen::all_moves(&self.board, self.side, moves);
        }
    }

    /// The legal move written `text`. `scratch` holds the candidate moves.
    pub fn parse_move(&self, text: &str, scratch: &mut Vec<Move>) -> Result<Move, MoveError> {
        let well_formed = text.len() >= 4
            && text.len().is_multiple_of(2)
            && text.as_bytes().chunks(2).all(|name| {
                std::str::from_utf8(name).is_ok_and(|name| name.parse::<Square>().is_ok())
            });
        if !well_formed {
            return Err(MoveError::Malformed(text.to_owned()));
        }
        if self.status() != Status::Ongoing {
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

    /// The position after `m`, if `m` is one of the position's legal moves.
    ///
    /// ```
    /// use congo::{Position, Rules, Status};
    ///
    /// let position: Position = "3l3/7/7/7/7/P6/3L3 w 1".parse().unwrap();
    /// let mut scratch = Vec::new();
    /// let flight = position.parse_move("d1d7", &mut scratch).unwrap();
    /// let after = position.play(flight, Rules::default()).unwrap();
    /// assert_eq!(after.to_string(), "3L3/7/7/7/7/P6/7 b 1");
    /// assert_eq!(after.status(), Status::WhiteWins);
    /// // The game is over: nothing more can be played.
    /// assert!(after.play(flight, Rules::default()).is_err());
    /// ```
    pub fn play(&self, m: Move, rules: Rules) -> Result<Position, MoveError> {
        if self.status() != Status::Ongoing {
            return Err(MoveError::GameOver(m.to_string()));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if !moves.contains(&m) {
            return Err(MoveError::Illegal(m.to_string()));
        }
        Ok(self.play_unchecked(m, rules))
    }

    /// The position after `m`, which must be one of [`Position::legal_moves`]
    /// (anything else gives an unspecified position, never a panic): the
    /// fast path for move generators and searches, which only play moves
    /// they generated.
    pub fn play_unchecked(&self, m: Move, rules: Rules) -> Position {
        let mut next = self.clone();
        next.make(m, rules);
        next
    }

    /// Plays `m` on this position: see [`Position::play_unchecked`].
    ///
    /// In order: the piece leaves its square; a monkey's jumped pieces and
    /// any piece on the target square are captured; a pawn reaching the far
    /// rank is promoted (if the rules say so); the mover's pieces that stood
    /// in the river before the move and still do after it drown
    /// (crocodiles never drown); then the turn passes.
    pub fn make(&mut self, m: Move, rules: Rules) {
        let mover = self.side;
        let in_river_before =
            self.board.by_color(mover) & RIVER & !self.board.by_kind(Kind::Crocodile);
        if let Some(mut piece) = self.board.remove(m.from()) {
            for square in m.jumped() {
                self.board.remove(square);
            }
            if piece.kind == Kind::Pawn && rules.promotes() && m.to().rank() == far_rank(mover) {
                piece.kind = Kind::Superpawn;
            }
            self.board.put(m.to(), piece);
        }
        // Pieces that did not move are still where they stood; the moving
        // piece counts if it both started and ended in the river.
        let mut drowned = in_river_before.without(m.from());
        if in_river_before.contains(m.from()) && m.to().is_river() {
            drowned = drowned.with(m.to());
        }
        for square in drowned {
            self.board.remove(square);
        }
        if mover == Color::Black {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.side = !mover;
    }
}

/// The river, rank 4.
const RIVER: Bitboard = Bitboard::on_rank(Square::RIVER_RANK);

/// The rank a side's pawns promote on: 7 for white, 1 for black.
const fn far_rank(color: Color) -> u8 {
    match color {
        Color::White => Square::SIDE - 1,
        Color::Black => 0,
    }
}

/// The squares off the board's edge: the only ones a piece can be jumped on.
const INNER: Bitboard = {
    let mut bits = 0u64;
    let mut file = 1;
    while file < Square::SIDE - 1 {
        let mut rank = 1;
        while rank < Square::SIDE - 1 {
            bits |= 1 << (file as u64 * Square::SIDE as u64 + rank as u64);
            rank += 1;
        }
        file += 1;
    }
    Bitboard(bits)
};

/// The most jump chains a monkey may have: far more than real games show
/// (a few dozen), few enough that its move list stays small.
pub const MAX_CHAINS: u32 = 100_000;

/// The most enemy pieces a monkey can have to jump (off the edge squares)
/// and still be sure to stay under [`MAX_CHAINS`] without counting: a
/// chain jumps distinct pieces in an order they fix, so with n of them
/// there are at most n + n(n-1) + ... + n! chains.
const SURELY_FEW_CHAINS: u32 = 7;

/// Whether `squares` holds at most `max` squares: `max` times the lowest
/// square taken away, which is cheaper than a population count where the
/// CPU has no instruction for it (the portable build's baseline).
fn at_most(squares: Bitboard, max: u32) -> bool {
    let mut bits = squares.0;
    for _ in 0..max {
        bits &= bits.wrapping_sub(1);
    }
    bits == 0
}

impl Position {
    /// Checks what no game can reach under any rules: more pieces of a
    /// kind than a side starts with, or a lion outside its castle (a lion
    /// that has taken the enemy lion stands in the enemy castle). Every
    /// parsed position passes this, so move generation, perft and search
    /// only ever see bounded work: a monkey has at most 21 pieces to jump and
    /// at most [`MAX_CHAINS`] chains.
    pub(crate) fn check_reachable(&self) -> Result<(), FenError> {
        if self.plainly_reachable() {
            return Ok(());
        }
        self.find_unreachable()
    }

    /// [`Position::check_reachable`] for [`Reach::Game`]; for
    /// [`Reach::Any`] only the lions' squares and the monkeys' chains are
    /// checked, so that any number of pieces that fits the board passes.
    pub(crate) fn check_reach(&self, reach: Reach) -> Result<(), FenError> {
        match reach {
            Reach::Game => self.check_reachable(),
            Reach::Any => {
                self.check_lions()?;
                self.check_chains()
            }
        }
    }

    /// The common case, checked with no branch per kind: every count in
    /// bounds, every lion where it may stand, and no monkey with enough
    /// enemies to jump that its chains need counting.
    fn plainly_reachable(&self) -> bool {
        let board = &self.board;
        let mut fits = true;
        for kind in Kind::ALL {
            let max = kind.most_per_side();
            for color in Color::ALL {
                fits &= at_most(board.pieces(Piece::new(color, kind)), max);
            }
        }
        for color in Color::ALL {
            let lions = board.pieces(Piece::new(color, Kind::Lion));
            let enemy_lion_gone = board.pieces(Piece::new(!color, Kind::Lion)).is_empty();
            let allowed = if enemy_lion_gone {
                Bitboard(castle_of(color).0 | castle_of(!color).0)
            } else {
                castle_of(color)
            };
            fits &= (lions & !allowed).is_empty();
            let monkeys = board.pieces(Piece::new(color, Kind::Monkey));
            fits &=
                monkeys.is_empty() || at_most(board.by_color(!color) & INNER, SURELY_FEW_CHAINS);
        }
        fits
    }

    /// The first reason the position is unreachable, if there is one; the
    /// slow path of [`Position::check_reachable`].
    fn find_unreachable(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let count = |kind| self.board.pieces(Piece::new(color, kind)).count();
            for kind in Kind::ALL {
                let (count, max) = (count(kind), kind.most_per_side());
                if count > max {
                    let piece = Piece::new(color, kind);
                    return Err(FenError::TooMany { piece, count, max });
                }
            }
        }
        self.check_lions()?;
        // Rare, but a monkey among many enemies can have millions of
        // chains: more than a move list (or a judge's line) should hold.
        // Checked last, as the counts above already rule out the worst.
        self.check_chains()
    }

    /// At most one lion a side, in its castle, or in the enemy castle once
    /// it has taken the enemy lion.
    fn check_lions(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let lion = Piece::new(color, Kind::Lion);
            let lions = self.board.pieces(lion);
            if lions.count() > 1 {
                let (count, max) = (lions.count(), Kind::Lion.most_per_side());
                return Err(FenError::TooMany {
                    piece: lion,
                    count,
                    max,
                });
            }
            let enemy_lion_gone = self.board.pieces(Piece::new(!color, Kind::Lion)).is_empty();
            for square in lions {
                let home = castle_of(color).contains(square);
                let took_the_enemy = enemy_lion_gone && castle_of(!color).contains(square);
                if !home && !took_the_enemy {
                    return Err(FenError::LionOutsideCastle { color, square });
                }
            }
        }
        Ok(())
    }

    /// No monkey with more than [`MAX_CHAINS`] jump chains.
    fn check_chains(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            // Most positions need no counting.
            let jumpable = (self.board.by_color(!color) & INNER).count();
            if jumpable <= SURELY_FEW_CHAINS {
                continue;
            }
            for square in self.board.pieces(Piece::new(color, Kind::Monkey)) {
                if movegen::monkey_has_more_chains_than(&self.board, color, square, MAX_CHAINS) {
                    return Err(FenError::TooManyChains {
                        square,
                        max: MAX_CHAINS,
                    });
                }
            }
        }
        Ok(())
    }

    /// Reads a FEN and checks it is a position `rules` allow: what
    /// [`FromStr`] checks, and what the rule set adds.
    pub fn from_fen(text: &str, rules: Rules) -> Result<Position, FenError> {
        Position::from_fen_bytes(text.as_bytes(), rules)
    }

    /// Checks a position built by hand as [`Position::from_fen`] checks a
    /// parsed one.
    pub fn validate(&self, rules: Rules) -> Result<(), FenError> {
        self.check_reachable()?;
        self.check_rules(rules)
    }

    /// What `rules` rule out on top of what any game rules out: under the
    /// 2021 rules no pawn promotes, so there are no superpawns.
    pub(crate) fn check_rules(&self, rules: Rules) -> Result<(), FenError> {
        if !rules.promotes() {
            for color in Color::ALL {
                if !self
                    .board
                    .pieces(Piece::new(color, Kind::Superpawn))
                    .is_empty()
                {
                    return Err(FenError::Unpromoted { color });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `text` in `fen` and returns the new FEN and status.
    fn after(fen: &str, text: &str, rules: Rules) -> (String, Status) {
        let position: Position = fen.parse().unwrap();
        let played = position.parse_move(text, &mut Vec::new()).unwrap();
        let next = position.play_unchecked(played, rules);
        (next.to_string(), next.status())
    }

    fn after_2022(fen: &str, text: &str) -> String {
        after(fen, text, Rules::Wits2022).0
    }

    #[test]
    fn bare_lions_draw_unless_the_side_to_move_can_take() {
        let drawn = |fen: &str| fen.parse::<Position>().unwrap().is_bare_lions_draw();
        // Facing on an open file or diagonal: the side to move takes.
        for fen in [
            "3l3/7/7/7/7/7/3L3 w 1",
            "3l3/7/7/7/7/7/3L3 b 1",
            "7/7/4l2/7/2L4/7/7 w 1",
        ] {
            assert!(!drawn(fen), "{fen}");
            assert!(fen.parse::<Position>().unwrap().only_lions_left());
        }
        // Not on a line, or not only the lions.
        assert!(drawn("2l4/7/7/7/7/7/3L3 w 1"));
        assert!(drawn("2l4/7/7/7/7/7/3L3 b 1"));
        assert!(!drawn("2l4/7/7/7/7/P6/3L3 w 1"));
    }

    #[test]
    fn a_move_switches_sides_and_black_counts_moves() {
        assert_eq!(
            after_2022("3l3/7/7/7/7/7/3L3 w 4", "d1d2"),
            "3l3/7/7/7/7/3L3/7 b 4"
        );
        assert_eq!(
            after_2022("3l3/7/7/7/7/7/3L3 b 4", "d7d6"),
            "7/3l3/7/7/7/7/3L3 w 5"
        );
    }

    #[test]
    fn a_capture_removes_the_enemy_piece() {
        assert_eq!(
            after_2022("3l3/7/7/7/2z4/7/3L3 w 1", "d1d2"),
            "3l3/7/7/7/2z4/3L3/7 b 1"
        );
        assert_eq!(
            after_2022("3l3/7/7/7/2z4/3L3/7 w 1", "d2c3"),
            "3l3/7/7/7/2L4/7/7 b 1"
        );
    }

    #[test]
    fn taking_a_lion_wins() {
        assert_eq!(
            after("3l3/7/7/7/7/7/3L3 w 1", "d1d7", Rules::Wits2022),
            ("3L3/7/7/7/7/7/7 b 1".into(), Status::WhiteWins)
        );
        assert_eq!(
            after("3l3/7/7/7/7/7/3L3 b 1", "d7d1", Rules::Wits2022),
            ("7/7/7/7/7/7/3l3 w 2".into(), Status::BlackWins)
        );
    }

    #[test]
    fn a_piece_that_stays_in_the_river_drowns() {
        // The white pawn on a4 stood in the river before white's move and still does.
        assert_eq!(
            after_2022("3l3/7/7/P6/7/7/3L3 w 1", "d1d2"),
            "3l3/7/7/7/7/3L3/7 b 1"
        );
    }

    #[test]
    fn a_piece_that_moves_along_the_river_drowns() {
        assert_eq!(
            after_2022("3l3/7/7/1E5/7/7/3L3 w 1", "b4d4"),
            "3l3/7/7/7/7/7/3L3 b 1"
        );
        assert_eq!(
            after_2022("3l3/7/7/1S5/7/7/3L3 w 1", "b4c4"),
            "3l3/7/7/7/7/7/3L3 b 1"
        );
    }

    #[test]
    fn a_piece_that_enters_the_river_is_safe_until_its_next_move() {
        let entered = after_2022("3l3/7/7/7/1P5/7/3L3 w 1", "b3b4");
        assert_eq!(entered, "3l3/7/7/1P5/7/7/3L3 b 1");
        let black_moved = after_2022(&entered, "d7d6");
        assert_eq!(black_moved, "7/3l3/7/1P5/7/7/3L3 w 2");
        assert_eq!(after_2022(&black_moved, "d1d2"), "7/3l3/7/7/7/3L3/7 b 2");
    }

    #[test]
    fn a_piece_that_leaves_the_river_is_safe() {
        assert_eq!(
            after_2022("3l3/7/7/1P5/7/7/3L3 w 1", "b4b5"),
            "3l3/7/1P5/7/7/7/3L3 b 1"
        );
    }

    #[test]
    fn only_the_movers_pieces_drown() {
        assert_eq!(
            after_2022("3l3/7/7/p6/7/7/3L3 w 1", "d1d2"),
            "3l3/7/7/p6/7/3L3/7 b 1"
        );
    }

    #[test]
    fn crocodiles_never_drown() {
        assert_eq!(
            after_2022("3l3/7/7/C6/7/7/3L3 w 1", "d1d2"),
            "3l3/7/7/C6/7/3L3/7 b 1"
        );
        assert_eq!(
            after_2022("3l3/7/7/C6/7/7/3L3 w 1", "a4f4"),
            "3l3/7/7/5C1/7/7/3L3 b 1"
        );
    }

    #[test]
    fn a_monkey_that_leaves_and_reenters_the_river_drowns_but_its_captures_stand() {
        // b4 over c5 to d6, over d5 to d4: both black pawns are taken, and
        // the monkey, river to river, drowns.
        assert_eq!(
            after_2022("3l3/7/2pp3/1M5/7/7/3L3 w 1", "b4d6d4"),
            "3l3/7/7/7/7/7/3L3 b 1"
        );
        // Stopping after the first jump, out of the river, it survives.
        assert_eq!(
            after_2022("3l3/7/2pp3/1M5/7/7/3L3 w 1", "b4d6"),
            "3l3/3M3/3p3/7/7/7/3L3 b 1"
        );
    }

    #[test]
    fn a_monkey_jumping_the_lion_wins() {
        assert_eq!(
            after("7/2p4/3l3/3M3/7/7/3L3 w 1", "d4d6", Rules::Wits2022),
            ("7/2pM3/7/7/7/7/3L3 b 1".into(), Status::WhiteWins)
        );
    }

    #[test]
    fn drowning_applies_to_a_winning_move_too() {
        assert_eq!(
            after("3l3/7/7/P6/7/7/3L3 w 1", "d1d7", Rules::Wits2022),
            ("3L3/7/7/7/7/7/7 b 1".into(), Status::WhiteWins)
        );
    }

    #[test]
    fn pawns_promote_on_the_far_rank_in_2022_only() {
        let white = ("3l3/5P1/7/7/7/7/3L3 w 1", "f6f7");
        assert_eq!(
            after(white.0, white.1, Rules::Wits2022).0,
            "3l1S1/7/7/7/7/7/3L3 b 1"
        );
        assert_eq!(
            after(white.0, white.1, Rules::Wits2021).0,
            "3l1P1/7/7/7/7/7/3L3 b 1"
        );
        // Black, promoting with a capture.
        let black = ("3l3/7/7/7/7/1p5/2EL3 b 1", "b2c1");
        assert_eq!(
            after(black.0, black.1, Rules::Wits2022).0,
            "3l3/7/7/7/7/7/2sL3 w 2"
        );
        assert_eq!(
            after(black.0, black.1, Rules::Wits2021).0,
            "3l3/7/7/7/7/7/2pL3 w 2"
        );
    }

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
        assert_eq!(over.status(), Status::WhiteWins);
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

    #[test]
    fn the_quick_check_never_passes_what_the_full_one_rejects() {
        let mut rng = crate::random::Rng::new(41);
        let (mut rejected, mut accepted) = (0, 0);
        for round in 0..20_000 {
            let mut board = Board::empty();
            for square in Square::all() {
                if rng.percent(3 + round % 30) {
                    let color = if rng.percent(50) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = Kind::ALL[rng.below(8) as usize];
                    board.put(square, Piece::new(color, kind));
                }
            }
            let position = Position {
                board,
                side: Color::White,
                move_number: 0,
            };
            let full = position.find_unreachable();
            if position.plainly_reachable() {
                assert_eq!(full, Ok(()), "{position}");
            }
            assert_eq!(position.check_reachable(), full, "{position}");
            rejected += usize::from(full.is_err());
            accepted += usize::from(full.is_ok());
        }
        assert!(rejected > 1000 && accepted > 1000, "{rejected} {accepted}");
    }

    #[test]
    fn only_squares_off_the_edge_can_be_jumped_on() {
        assert_eq!(INNER.count(), 25);
        for square in Square::all() {
            let edge = [square.file(), square.rank()]
                .iter()
                .any(|&line| line == 0 || line == Square::SIDE - 1);
            assert_eq!(INNER.contains(square), !edge, "{square}");
        }
    }
}
