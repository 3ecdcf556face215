//! Playing a move: the piece moves, what it captures is taken, a pawn on
//! the far rank is promoted (when the rule set says so) and the mover's
//! pieces left in the river drown. The one home of each of these rules,
//! which the engine, the assignment's searches, the endgame tables, the
//! game and the web board all ask.

use super::Position;
use super::legal::MoveError;
use crate::geometry::RIVER;
use crate::{Bitboard, Board, Color, Kind, Move, RuleSet, Square, movegen};

/// What a move does besides moving its piece: the enemy pieces it takes,
/// the mover's pieces that drown, and whether a pawn is promoted.
///
/// ```
/// use congo_rules::{MoveEffects, Position, RuleSet};
///
/// // The monkey takes c5 and d5, and drowns landing back in the river.
/// let position: Position = "3l3/7/2pp3/1M5/7/7/3L3 w 1".parse()?;
/// let m = position.parse_move("b4d6d4", &mut Vec::new())?;
/// let MoveEffects { captured, drowned, promoted } = position.effects(m, RuleSet::Wits2022);
/// assert_eq!((captured.count(), drowned.count(), promoted), (2, 1, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffects {
    /// Squares whose enemy piece the move takes.
    pub captured: Bitboard,
    /// Squares whose piece of the mover drowns (the moving piece's last
    /// square, if it drowns).
    pub drowned: Bitboard,
    /// The moving pawn becomes a superpawn.
    pub promoted: bool,
}

impl Position {
    /// The position after `m`, if `m` is one of the position's legal moves.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet, Status};
    ///
    /// let position: Position = "3l3/7/7/7/7/P6/3L3 w 1".parse().unwrap();
    /// let mut scratch = Vec::new();
    /// let flight = position.parse_move("d1d7", &mut scratch).unwrap();
    /// let after = position.play(flight, RuleSet::default()).unwrap();
    /// assert_eq!(after.to_string(), "3L3/7/7/7/7/P6/7 b 1");
    /// assert_eq!(after.status(), Status::WhiteWins);
    /// // The game is over: nothing more can be played.
    /// assert!(after.play(flight, RuleSet::default()).is_err());
    /// ```
    pub fn play(&self, m: Move, rule_set: RuleSet) -> Result<Position, MoveError> {
        if !self.both_lions() {
            return Err(MoveError::GameOver(m.to_string()));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if !moves.contains(&m) {
            return Err(MoveError::Illegal(m.to_string()));
        }
        Ok(self.play_unchecked(m, rule_set))
    }

    /// What `m`, a legal move, does besides moving its piece.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet};
    ///
    /// // A black pawn takes the elephant on c1, on its far rank.
    /// let position: Position = "3l3/7/7/7/7/1p5/2EL3 b 1".parse()?;
    /// let m = position.parse_move("b2c1", &mut Vec::new())?;
    /// let effects = position.effects(m, RuleSet::Wits2022);
    /// assert!(effects.promoted && effects.captured.contains("c1".parse()?));
    /// assert!(!position.effects(m, RuleSet::Wits2021).promoted);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effects(&self, m: Move, rule_set: RuleSet) -> MoveEffects {
        MoveEffects {
            captured: self.captures(m),
            drowned: self.drowned_by(m),
            promoted: self
                .board
                .piece_at(m.from())
                .is_some_and(|piece| promotes(piece.kind, self.side, m.to(), rule_set)),
        }
    }

    /// The position after `m`, which must be one of [`Position::legal_moves`]
    /// (anything else gives an unspecified position, never a panic): the
    /// fast path for move generators and searches, which only play moves
    /// they generated.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet, START};
    ///
    /// let start: Position = START.parse()?;
    /// let mut moves = Vec::new();
    /// start.legal_moves(&mut moves);
    /// let next = start.play_unchecked(moves[0], RuleSet::Wits2022); // a1a3, the giraffe
    /// assert_eq!(next.to_string(), "g2l2z/ppppppp/7/7/G6/PPPPPPP/3L2Z b 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_unchecked(&self, m: Move, rule_set: RuleSet) -> Position {
        let mut next = self.clone();
        next.make(m, rule_set);
        next
    }

    /// Plays `m` on this position: see [`Position::play_unchecked`].
    ///
    /// In order: the piece leaves its square; what it captures
    /// ([`Position::captures`]) is taken; a pawn reaching the far rank is
    /// promoted (if the rule set says so); the mover's pieces that stood
    /// in the river before the move and still do after it drown
    /// ([`Position::drowned_by`]); then the turn passes.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet};
    ///
    /// let mut position: Position = "3l3/7/7/7/7/7/3L3 w 4".parse()?;
    /// for text in ["d1d2", "d7d6"] {
    ///     let m = position.parse_move(text, &mut Vec::new())?;
    ///     position.make(m, RuleSet::Wits2022);
    /// }
    /// assert_eq!(position.to_string(), "7/3l3/7/7/7/3L3/7 w 5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make(&mut self, m: Move, rule_set: RuleSet) {
        let mover = self.side;
        let drowned = self.drowned_by(m);
        if let Some(mut piece) = self.board.remove(m.from()) {
            for square in m.jumped() {
                self.board.remove(square);
            }
            if promotes(piece.kind, mover, m.to(), rule_set) {
                piece.kind = Kind::Superpawn;
            }
            self.board.put(m.to(), piece);
        }
        for square in drowned {
            self.board.remove(square);
        }
        if mover == Color::Black {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.side = !mover;
    }

    /// The squares whose enemy pieces `m`, a legal move, captures: its
    /// landing square if an enemy stands there, and every piece a monkey
    /// jumps (always an enemy).
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let position: Position = "3l3/7/2pp3/1M5/7/7/3L3 w 1".parse()?;
    /// let m = position.parse_move("b4d6d4", &mut Vec::new())?;
    /// let names: Vec<String> = position.captures(m).into_iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["c5", "d5"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captures(&self, m: Move) -> Bitboard {
        let landing = self.board.by_color(!self.side) & Bitboard::from_square(m.to());
        m.jumped().fold(landing, Bitboard::with)
    }

    /// Whether `m`, which led from this position to `next`, can never be
    /// undone: it took or drowned a piece, or moved a pawn forward. Such a
    /// move ends a stretch of quiet plies, the shuffling a search is to be
    /// wary of ([`crate::game::History::quiet_plies`]).
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet};
    ///
    /// let position: Position = "3l3/7/7/7/7/P6/3L3 w 1".parse()?;
    /// let irreversible = |text| {
    ///     let m = position.parse_move(text, &mut Vec::new())?;
    ///     let next = position.play(m, RuleSet::Wits2022)?;
    ///     Ok::<_, Box<dyn std::error::Error>>(position.is_irreversible(m, &next))
    /// };
    /// assert!(irreversible("a2a3")?);
    /// assert!(!irreversible("d1d2")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_irreversible(&self, m: Move, next: &Position) -> bool {
        let pawn = self.board.piece_at(m.from()).map(|piece| piece.kind) == Some(Kind::Pawn);
        let ranks_up = i16::from(m.to().rank()) - i16::from(m.from().rank());
        let forward = ranks_up * i16::from(self.side.forward()) > 0;
        (pawn && forward) || next.board.occupied().count() < self.board.occupied().count()
    }

    /// The squares whose pieces drown when `m` is played: the mover's
    /// pieces (crocodiles never drown) that stand in the river before the
    /// move and still do after it. Those that did not move are still where
    /// they stood; the moving piece counts if it both starts and ends in
    /// the river.
    ///
    /// ```
    /// use congo_rules::{Bitboard, Position};
    ///
    /// // White's pawn on a4 stays in the river while the lion moves.
    /// let position: Position = "3l3/7/7/P6/7/7/3L3 w 1".parse()?;
    /// let m = position.parse_move("d1d2", &mut Vec::new())?;
    /// assert_eq!(position.drowned_by(m), Bitboard::from_square("a4".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn drowned_by(&self, m: Move) -> Bitboard {
        let in_river = drownable(&self.board, self.side);
        let drowned = in_river.without(m.from());
        if in_river.contains(m.from()) && m.to().is_river() {
            drowned.with(m.to())
        } else {
            drowned
        }
    }

    /// Whether `m`, a legal move, moves its piece and changes nothing
    /// else: it takes nothing, nothing drowns and nothing is promoted, so
    /// the position keeps its material. The definition, move by move, that
    /// the tests hold the tables' generators (`leaving.rs`) and the moves
    /// read backwards to.
    #[cfg(test)]
    pub(crate) fn is_plain_step(&self, m: Move, rule_set: RuleSet) -> bool {
        m.jumps().is_empty()
            && self.board.piece_at(m.to()).is_none()
            && self
                .board
                .piece_at(m.from())
                .is_some_and(|piece| !promotes(piece.kind, self.side, m.to(), rule_set))
            && self.drowned_by(m).is_empty()
    }

    /// The squares from which the piece on `to`, of the side that just
    /// moved, may have come by a plain step (`Position::plain_steps`)
    /// to this position: the empty squares it reaches `to` from, less any
    /// the step would have drowned or promoted it from. Where its kind
    /// [`may be blocked`](movegen::may_be_blocked), the move must still be
    /// found on the board before it.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet};
    ///
    /// // White's lion has just stepped to d2: from any square of its castle around it.
    /// let position: Position = "3l3/7/7/7/7/3L3/7 b 1".parse()?;
    /// let origins = position.plain_step_origins("d2".parse()?, RuleSet::Wits2022);
    /// assert_eq!(origins.count(), 8);
    /// assert!(origins.contains("c3".parse()?) && !origins.contains("d2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plain_step_origins(&self, to: Square, rule_set: RuleSet) -> Bitboard {
        let mover = !self.side;
        let Some(piece) = self.board.piece_at(to).filter(|piece| piece.color == mover) else {
            return Bitboard::EMPTY;
        };
        // Any other piece of the mover in the river would have drowned.
        let in_river = drownable(&self.board, mover);
        if promotes(piece.kind, mover, to, rule_set) || !in_river.without(to).is_empty() {
            return Bitboard::EMPTY;
        }
        let origins = movegen::origins(mover, piece.kind, to) & !self.board.occupied();
        if in_river.contains(to) {
            // It would have drowned staying in the river.
            origins & !RIVER
        } else {
            origins
        }
    }
}

/// Whether a `kind` piece of `mover` landing on `to` is promoted.
fn promotes(kind: Kind, mover: Color, to: Square, rule_set: RuleSet) -> bool {
    kind == Kind::Pawn && rule_set.promotes() && to.rank() == far_rank(mover)
}

/// The `color` pieces standing in the river that drown unless they leave
/// it on their side's next move: all but crocodiles.
///
/// ```
/// use congo_rules::{Bitboard, Board, Color, position::drownable};
///
/// // White's pawn on a4 and crocodile on c4 stand in the river; crocodiles swim.
/// let board: Board = "3l3/7/7/P1C1p2/7/7/3L3".parse()?;
/// assert_eq!(drownable(&board, Color::White), Bitboard::from_square("a4".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn drownable(board: &Board, color: Color) -> Bitboard {
    board.by_color(color) & RIVER & !board.by_kind(Kind::Crocodile)
}

/// The rank a side's pawns promote on: 7 for white, 1 for black.
pub(super) const fn far_rank(color: Color) -> u8 {
    match color {
        Color::White => Square::SIDE - 1,
        Color::Black => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Status;

    fn after(fen: &str, text: &str, rule_set: RuleSet) -> (String, Status) {
        let position: Position = fen.parse().unwrap();
        let played = position.parse_move(text, &mut Vec::new()).unwrap();
        let next = position.play_unchecked(played, rule_set);
        (next.to_string(), next.status())
    }

    fn after_2022(fen: &str, text: &str) -> String {
        after(fen, text, RuleSet::Wits2022).0
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
            after("3l3/7/7/7/7/7/3L3 w 1", "d1d7", RuleSet::Wits2022),
            ("3L3/7/7/7/7/7/7 b 1".into(), Status::WhiteWins)
        );
        assert_eq!(
            after("3l3/7/7/7/7/7/3L3 b 1", "d7d1", RuleSet::Wits2022),
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
            after("7/2p4/3l3/3M3/7/7/3L3 w 1", "d4d6", RuleSet::Wits2022),
            ("7/2pM3/7/7/7/7/3L3 b 1".into(), Status::WhiteWins)
        );
    }

    #[test]
    fn drowning_applies_to_a_winning_move_too() {
        assert_eq!(
            after("3l3/7/7/P6/7/7/3L3 w 1", "d1d7", RuleSet::Wits2022),
            ("3L3/7/7/7/7/7/7 b 1".into(), Status::WhiteWins)
        );
    }

    #[test]
    fn pawns_promote_on_the_far_rank_in_2022_only() {
        let white = ("3l3/5P1/7/7/7/7/3L3 w 1", "f6f7");
        assert_eq!(
            after(white.0, white.1, RuleSet::Wits2022).0,
            "3l1S1/7/7/7/7/7/3L3 b 1"
        );
        assert_eq!(
            after(white.0, white.1, RuleSet::Wits2021).0,
            "3l1P1/7/7/7/7/7/3L3 b 1"
        );
        // Black, promoting with a capture.
        let black = ("3l3/7/7/7/7/1p5/2EL3 b 1", "b2c1");
        assert_eq!(
            after(black.0, black.1, RuleSet::Wits2022).0,
            "3l3/7/7/7/7/7/2sL3 w 2"
        );
        assert_eq!(
            after(black.0, black.1, RuleSet::Wits2021).0,
            "3l3/7/7/7/7/7/2pL3 w 2"
        );
    }

    #[test]
    fn what_a_move_does_besides_moving() {
        let effects = |fen: &str, text: &str| {
            let before: Position = fen.parse().unwrap();
            let m = before.parse_move(text, &mut Vec::new()).unwrap();
            let effects = before.effects(m, RuleSet::default());
            let names = |squares: Bitboard| -> Vec<String> {
                squares
                    .into_iter()
                    .map(|square| square.to_string())
                    .collect()
            };
            (
                names(effects.captured),
                names(effects.drowned),
                effects.promoted,
            )
        };
        // A monkey takes two pawns and drowns, river to river.
        assert_eq!(
            effects("3l3/7/2pp3/1M5/7/7/3L3 w 1", "b4d6d4"),
            (vec!["c5".into(), "d5".into()], vec!["d4".into()], false)
        );
        // A pawn left in the river drowns when another piece moves.
        assert_eq!(
            effects("3l3/7/7/P6/7/7/3L3 w 1", "d1d2"),
            (vec![], vec!["a4".into()], false)
        );
        // A promotion with a capture.
        assert_eq!(
            effects("3l3/7/7/7/7/1p5/2EL3 b 1", "b2c1"),
            (vec!["c1".into()], vec![], true)
        );
        assert_eq!(
            effects("3l3/7/7/7/7/7/3L3 w 1", "d1d2"),
            (vec![], vec![], false)
        );
    }

    #[test]
    fn the_effects_are_what_the_boards_before_and_after_show() {
        let mut seen = (0, 0, 0);
        for_random_positions(36, |before, moves, rule_set| {
            let mover = before.side;
            for &m in moves {
                let after = before.play_unchecked(m, rule_set);
                let emptied = before.board.occupied() & !after.board.occupied();
                let mut drowned = (emptied & before.board.by_color(mover)).without(m.from());
                if !after.board.occupied().contains(m.to()) {
                    drowned = drowned.with(m.to());
                }
                let kind = |position: &Position, square| {
                    position.board.piece_at(square).map(|piece| piece.kind)
                };
                let shown = MoveEffects {
                    captured: before.board.by_color(!mover) & !after.board.by_color(!mover),
                    drowned,
                    promoted: kind(before, m.from()) == Some(Kind::Pawn)
                        && kind(&after, m.to()) == Some(Kind::Superpawn),
                };
                assert_eq!(before.effects(m, rule_set), shown, "{before} {m}");
                seen.0 += usize::from(!shown.captured.is_empty());
                seen.1 += usize::from(!shown.drowned.is_empty());
                seen.2 += usize::from(shown.promoted);
            }
        });
        assert!(seen.0 > 1000 && seen.1 > 1000 && seen.2 > 10, "{seen:?}");
    }

    #[test]
    fn captures_drownings_and_pawn_advances_are_irreversible() {
        let irreversible = |fen: &str, text: &str| {
            let position: Position = fen.parse().unwrap();
            let m = position.parse_move(text, &mut Vec::new()).unwrap();
            position.is_irreversible(m, &position.play_unchecked(m, RuleSet::Wits2022))
        };
        let cases = [
            ("3l3/7/7/7/7/7/G2L3 w 1", "a1a3", false), // a giraffe's step
            ("3l3/7/7/2p4/7/7/G1CL3 w 1", "c1c4", true), // a capture
            ("3l3/7/7/2p1p2/1M5/7/3L3 w 1", "b3d5f3", true), // a monkey's chain
            ("3l3/7/7/P6/7/7/3L3 w 1", "d1d2", true),  // a pawn drowns
            ("3l3/7/7/7/7/P6/3L3 w 1", "a2a3", true),  // a pawn's advance
            ("3l3/7/2P4/7/7/7/3L3 w 1", "c5c3", false), // a pawn's retreat
            ("3l3/P6/7/7/7/7/3L3 w 1", "a6a7", true),  // a promotion
            ("3l3/7/7/7/7/S6/3L3 w 1", "a2a3", false), // a superpawn's advance
            ("3l3/7/7/7/7/p6/3L3 b 1", "a2a1", true),  // black's pawn's advance
        ];
        for (fen, text, expected) in cases {
            assert_eq!(irreversible(fen, text), expected, "{fen} {text}");
        }
    }

    #[test]
    fn a_move_is_irreversible_when_it_takes_drowns_or_advances_a_pawn() {
        let (mut irreversible, mut reversible) = (0, 0);
        for_random_positions(37, |before, moves, rule_set| {
            for &m in moves {
                let effects = before.effects(m, rule_set);
                let pawn =
                    before.board.piece_at(m.from()).map(|piece| piece.kind) == Some(Kind::Pawn);
                let ahead = match before.side {
                    Color::White => m.to().rank() > m.from().rank(),
                    Color::Black => m.to().rank() < m.from().rank(),
                };
                let expected =
                    !effects.captured.is_empty() || !effects.drowned.is_empty() || (pawn && ahead);
                let after = before.play_unchecked(m, rule_set);
                assert_eq!(before.is_irreversible(m, &after), expected, "{before} {m}");
                if expected {
                    irreversible += 1
                } else {
                    reversible += 1
                }
            }
        });
        assert!(
            irreversible > 10_000 && reversible > 10_000,
            "{irreversible} {reversible}"
        );
    }

    /// Calls `check` with each of 3,000 random positions of the full game
    /// (from `seed`), its legal moves, and each rule set.
    fn for_random_positions(seed: u64, mut check: impl FnMut(&Position, &[Move], RuleSet)) {
        use crate::random::{PositionShape, Rng, random_position};
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        for _ in 0..3000 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            moves.clear();
            position.legal_moves(&mut moves);
            for rule_set in [RuleSet::Wits2021, RuleSet::Wits2022] {
                check(&position, &moves, rule_set);
            }
        }
    }

    #[test]
    fn a_plain_step_is_a_move_that_changes_only_its_own_square() {
        let (mut plain, mut other) = (0, 0);
        for_random_positions(31, |position, moves, rule_set| {
            for &m in moves {
                let mut moved = position.board.clone();
                if let Some(piece) = moved.remove(m.from()) {
                    moved.put(m.to(), piece);
                }
                let played = position.play_unchecked(m, rule_set).board;
                let expected = played == moved && position.board.piece_at(m.to()).is_none();
                assert_eq!(
                    position.is_plain_step(m, rule_set),
                    expected,
                    "{position} {m}"
                );
                if expected { plain += 1 } else { other += 1 }
            }
        });
        assert!(plain > 10_000 && other > 10_000, "{plain} {other}");
    }

    #[test]
    fn plain_step_origins_are_the_plain_steps_read_backwards() {
        let (mut found, mut blocked) = (0, 0);
        for_random_positions(34, |position, moves, rule_set| {
            // Every plain step is found from the position it leads to.
            for &m in moves
                .iter()
                .filter(|&&m| position.is_plain_step(m, rule_set))
            {
                let child = position.play_unchecked(m, rule_set);
                assert!(
                    child
                        .plain_step_origins(m.to(), rule_set)
                        .contains(m.from()),
                    "{position} {m}"
                );
                found += 1;
            }
            // Every origin given is a plain step back, unless blocked.
            for to in position.board.by_color(!position.side) {
                for from in position.plain_step_origins(to, rule_set) {
                    let mut parent = position.clone();
                    parent.side = !position.side;
                    let Some(piece) = parent.board.remove(to) else {
                        continue;
                    };
                    parent.board.put(from, piece);
                    let m = Move::new(from, to);
                    let mut parent_moves = Vec::new();
                    parent.legal_moves(&mut parent_moves);
                    if parent_moves.contains(&m) {
                        assert!(parent.is_plain_step(m, rule_set), "{position}: {m}");
                    } else {
                        assert!(movegen::may_be_blocked(piece.kind), "{position}: {m}");
                        blocked += 1;
                    }
                }
            }
        });
        assert!(found > 10_000 && blocked > 100, "{found} {blocked}");
    }
}
