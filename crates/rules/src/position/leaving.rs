//! The moves that leave a position's material: those that take a piece,
//! drown one or promote a pawn. Endgame tables leave out the values such
//! moves already decide, and every probe plays them again, so they are
//! found here straight from each piece's targets, without listing the
//! plain steps a probe skips.

use std::ops::ControlFlow;

use super::Position;
use super::play::{drownable, far_rank};
use crate::geometry::RIVER;
use crate::{Bitboard, Kind, Move, Piece, RuleSet, Square, movegen};

impl Position {
    /// Whether a piece of the side to move can land on the enemy lion (a
    /// monkey's jumps aside, which [`Position::leaving_moves`] finds):
    /// the quickest win there is, told by a few target sets.
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// assert!("3l3/7/7/7/7/7/3L3 w 1".parse::<Position>()?.can_take_lion());
    /// // A pawn on d4 stands between the lions.
    /// let blocked: Position = "3l3/7/7/3p3/7/7/3L3 w 1".parse()?;
    /// assert!(!blocked.can_take_lion());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn can_take_lion(&self) -> bool {
        let lion = self.board.pieces(Piece::new(!self.side, Kind::Lion));
        !lion.is_empty()
            && self.board.by_color(self.side).into_iter().any(|from| {
                self.board.piece_at(from).is_some_and(|piece| {
                    !(movegen::targets(&self.board, self.side, piece.kind, from) & lion).is_empty()
                })
            })
    }

    /// Hands `found` each legal move that is not a plain step (one that
    /// takes, drowns and promotes nothing) until it says to stop: a
    /// piece's captures before its monkey jumps, none of them listed.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use congo_rules::{Position, RuleSet};
    ///
    /// // The lion on d2 takes the zebra on c3, or flies onto the black lion.
    /// let position: Position = "3l3/7/7/7/2z4/3L3/7 w 1".parse()?;
    /// let first = position.leaving_moves(RuleSet::Wits2022, ControlFlow::Break);
    /// assert_eq!(first.break_value().map(|m| m.to_string()), Some("d2c3".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn leaving_moves<B>(
        &self,
        rule_set: RuleSet,
        mut found: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.split_targets(rule_set, |from, kind, targets, leaving| {
            for to in targets & leaving {
                found(Move::new(from, to))?;
            }
            if kind == Kind::Monkey {
                movegen::monkey_chains(&self.board, self.side, from, &mut found)?;
            }
            ControlFlow::Continue(())
        })
    }

    /// Hands `found` each plain step until it says to stop: the legal
    /// moves [`Position::leaving_moves`] leaves out, which keep the
    /// material and so stay in one endgame table.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use congo_rules::{Position, RuleSet};
    ///
    /// let position: Position = "3l3/7/7/7/2z4/3L3/7 w 1".parse()?;
    /// let mut steps = Vec::new();
    /// let _ = position.plain_steps(RuleSet::Wits2022, |m| {
    ///     steps.push(m.to_string());
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(steps, ["d2c1", "d2c2", "d2d1", "d2d3", "d2e1", "d2e2", "d2e3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plain_steps<B>(
        &self,
        rule_set: RuleSet,
        mut found: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.split_targets(rule_set, |from, _, targets, leaving| {
            for to in targets & !leaving {
                found(Move::new(from, to))?;
            }
            ControlFlow::Continue(())
        })
    }

    /// How many plain steps there are, counted without making them: what
    /// building a table needs of the moves that stay in it.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet};
    ///
    /// // Seven steps of the lion; taking the zebra or the black lion is no plain step.
    /// let position: Position = "3l3/7/7/7/2z4/3L3/7 w 1".parse()?;
    /// assert_eq!(position.plain_step_count(RuleSet::Wits2022), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plain_step_count(&self, rule_set: RuleSet) -> u16 {
        let mut count = 0;
        let _ = self.split_targets(rule_set, |_, _, targets, leaving| {
            count += (targets & !leaving).count() as u16;
            ControlFlow::<()>::Continue(())
        });
        count
    }

    /// Hands `found` each piece of the side to move (its square, its
    /// kind, its targets: a monkey's steps) and the squares where a move
    /// of it changes the material. Nothing once the game is over.
    fn split_targets<B>(
        &self,
        rule_set: RuleSet,
        mut found: impl FnMut(Square, Kind, Bitboard, Bitboard) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if !self.both_lions() {
            return ControlFlow::Continue(());
        }
        let (board, side) = (&self.board, self.side);
        let in_river = drownable(board, side);
        for from in board.by_color(side) {
            let Some(piece) = board.piece_at(from) else {
                continue;
            };
            let targets = movegen::targets(board, side, piece.kind, from);
            let leaving = if in_river.without(from).is_empty() {
                self.changes_from(from, piece.kind, rule_set)
            } else {
                // Another piece drowns whatever this one does.
                Bitboard::FULL
            };
            found(from, piece.kind, targets, leaving)?;
        }
        ControlFlow::Continue(())
    }

    /// The squares where a `kind` piece of the side to move stepping from
    /// `from` changes the material, no other piece drowning: enemy
    /// pieces, the river if it stands there, the far rank for a pawn
    /// the rule set promotes.
    fn changes_from(&self, from: Square, kind: Kind, rule_set: RuleSet) -> Bitboard {
        let mut changes = self.board.by_color(!self.side);
        if kind != Kind::Crocodile && RIVER.contains(from) {
            changes |= RIVER;
        }
        if kind == Kind::Pawn && rule_set.promotes() {
            changes |= Bitboard::on_rank(far_rank(self.side));
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use crate::random::{PositionShape, random_position};
    use crate::{Kind, Move, Piece, Position, RuleSet, Status};
    use congo_kit::rng::Rng;

    fn leaving(position: &Position, rule_set: RuleSet) -> Vec<Move> {
        let mut moves = Vec::new();
        let _ = position.leaving_moves(rule_set, |m| {
            moves.push(m);
            ControlFlow::<()>::Continue(())
        });
        moves.sort_unstable();
        moves
    }

    fn plain(position: &Position, rule_set: RuleSet) -> Vec<Move> {
        let mut moves = Vec::new();
        let _ = position.plain_steps(rule_set, |m| {
            moves.push(m);
            ControlFlow::<()>::Continue(())
        });
        moves.sort_unstable();
        moves
    }

    /// The legal moves that are plain steps (`true`) or not.
    fn filtered(position: &Position, rule_set: RuleSet, plain: bool) -> Vec<Move> {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves.retain(|&m| position.is_plain_step(m, rule_set) == plain);
        moves.sort_unstable();
        moves
    }

    /// Every kind, pawns in both rule sets, monkeys to jump with, few
    /// pieces as in the tables.
    const KIND_SETS: [&[Kind]; 5] = {
        use Kind::{Crocodile, Elephant, Giraffe, Monkey, Pawn, Superpawn, Zebra};
        [
            &[Monkey, Pawn, Crocodile],
            &[Monkey, Pawn, Superpawn],
            &[Giraffe, Elephant, Zebra, Crocodile],
            &[Crocodile, Pawn, Elephant],
            &[Monkey, Pawn],
        ]
    };

    #[test]
    fn leaving_moves_and_plain_steps_split_the_legal_moves() {
        let mut rng = Rng::new(47);
        let mut checked = 0;
        for kinds in KIND_SETS {
            let shape = PositionShape {
                kinds,
                density: 8,
                pawns_on_far_rank: false,
            };
            for _ in 0..3000 {
                let position = random_position(&mut rng, &shape);
                for rule_set in [RuleSet::Wits2021, RuleSet::Wits2022] {
                    assert_eq!(
                        leaving(&position, rule_set),
                        filtered(&position, rule_set, false),
                        "{position} under {rule_set:?}"
                    );
                    let plain = plain(&position, rule_set);
                    assert_eq!(plain, filtered(&position, rule_set, true), "{position}");
                    assert_eq!(
                        usize::from(position.plain_step_count(rule_set)),
                        plain.len()
                    );
                }
                // A monkey's jumps aside, a lion capture leaves the material.
                let monkeys = position
                    .board
                    .pieces(Piece::new(position.side, Kind::Monkey));
                if monkeys.is_empty() {
                    let ends = |m: &Move| {
                        position.play_unchecked(*m, RuleSet::Wits2022).status() != Status::Ongoing
                    };
                    let takes = filtered(&position, RuleSet::Wits2022, false)
                        .iter()
                        .any(ends);
                    assert_eq!(position.can_take_lion(), takes, "{position}");
                }
                checked += 1;
            }
        }
        assert!(checked > 5000, "{checked}");
    }

    #[test]
    fn a_drowning_piece_makes_every_move_leave_and_a_crocodile_swims() {
        // Whichever pawn moves, the other drowns.
        let position: Position = "2l4/7/7/P1P3C/7/7/3L3 w 1".parse().unwrap();
        let texts: Vec<String> = leaving(&position, RuleSet::Wits2022)
            .iter()
            .map(|m| m.to_string())
            .collect();
        let mut all = Vec::new();
        position.legal_moves(&mut all);
        assert_eq!(texts.len(), all.len());
        let swimming: Position = "2l4/7/7/6C/7/7/3L3 w 1".parse().unwrap();
        assert!(leaving(&swimming, RuleSet::Wits2022).is_empty());
        assert!(plain(&position, RuleSet::Wits2022).is_empty());
    }
}
