//! The assignment's searches, Part 4's minimax and Part 5's alpha-beta, and
//! a fast search that returns the very same values.
//!
//! Both parts define a value by plain depth-limited negamax: a leaf (depth
//! 0, or a lion taken) is scored by the evaluation, a node with no move is
//! worth [`NO_MOVE`], any other the best of its children negated. Part 5's
//! alpha-beta with the window (-10,000,000, 10,000,000) returns exactly
//! that value whatever the move order, so [`Searcher`] may order moves and
//! reuse results as it likes: it must only never change the number.

use crate::assignment::evaluation::Evaluation;
use crate::transposition::Table;
use congo_rules::move_lists::MoveLists;
use congo_rules::{Move, Position, RuleSet, Status, movegen, zobrist};

/// The value of a position whose side to move has no move (and the
/// window's bound): the assignment's -10,000,000.
pub const NO_MOVE: i32 = -10_000_000;

/// The searches' value of `position`, `depth` moves deep, by the
/// assignment's plain negamax. Slow; kept as the definition to compare with.
pub fn negamax(position: &Position, depth: u32, rule_set: RuleSet, evaluation: Evaluation) -> i32 {
    if depth == 0 || position.status() != Status::Ongoing {
        return evaluation.score(position);
    }
    let mut moves = Vec::new();
    movegen::all_moves(&position.board, position.side, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            -negamax(
                &position.play_unchecked(m, rule_set),
                depth - 1,
                rule_set,
                evaluation,
            )
        })
        .fold(NO_MOVE, i32::max)
}

/// A fast search for the same value as [`negamax`]: iterative deepening,
/// alpha-beta, a transposition table, and captures (the lion first) tried
/// before quiet moves.
#[derive(Clone)]
pub struct Searcher {
    rule_set: RuleSet,
    evaluation: Evaluation,
    table: Table,
    lists: MoveLists,
    /// Positions searched, for speed reports.
    pub nodes: u64,
}

impl Searcher {
    /// Table slots: 2^16 entries of 40 bytes, 2.6 MB.
    const TABLE_BITS: u32 = 16;

    /// A search under `rule_set` with `evaluation` at its leaves.
    pub fn new(rule_set: RuleSet, evaluation: Evaluation) -> Searcher {
        Searcher {
            rule_set,
            evaluation,
            table: Table::new(Self::TABLE_BITS),
            lists: MoveLists::default(),
            nodes: 0,
        }
    }

    /// The value of `position`, `depth` moves deep: always equal to
    /// [`negamax`] with the same rules and evaluation.
    pub fn value(&mut self, position: &Position, depth: u32) -> i32 {
        let key = zobrist::hash(&position.board, position.side);
        let mut value = 0;
        // Shallower searches first fill the table with good first moves.
        for depth in 1..=depth.max(1) {
            value = self.search(position, key, depth, NO_MOVE, -NO_MOVE);
        }
        if depth == 0 {
            value = self.evaluation.score(position);
        }
        value
    }

    /// The move with the best value `depth` plies deep (the first such in
    /// sorted order, as the assignment's alpha-beta would pick), and that
    /// value; `None` without a legal move.
    pub fn best_move(&mut self, position: &Position, depth: u32) -> Option<(Move, i32)> {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut best: Option<(Move, i32)> = None;
        for m in moves {
            let value = -self.value(
                &position.play_unchecked(m, self.rule_set),
                depth.saturating_sub(1),
            );
            if best.is_none_or(|(_, found)| value > found) {
                best = Some((m, value));
            }
        }
        best
    }

    /// Fail-soft alpha-beta: the exact value when it lies inside
    /// (alpha, beta), else a bound on the same side of the window.
    fn search(
        &mut self,
        position: &Position,
        key: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 || position.status() != Status::Ongoing {
            return self.evaluation.score(position);
        }
        let entry = self.table.probe(key);
        // Only a result of this very depth has this depth's value.
        if let Some(entry) = entry
            && u32::from(entry.depth) == depth
            && entry.bound.settles(entry.value, alpha, beta)
        {
            return entry.value;
        }

        let mut moves = self.lists.take();
        movegen::all_moves(&position.board, position.side, &mut moves);
        let hint = entry
            .and_then(|entry| entry.best)
            .and_then(|best| moves.iter().position(|&m| m == best));
        let order = self.order(position, &moves, hint);

        let original_alpha = alpha;
        let mut best_value = NO_MOVE;
        let mut best = 0;
        for &index in &order {
            let child = position.play_unchecked(moves[index], self.rule_set);
            let child_key = key ^ zobrist::delta(&position.board, &child.board);
            let value = -self.search(&child, child_key, depth - 1, -beta, -alpha);
            if value > best_value {
                best_value = value;
                best = index;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let best = moves.get(best).copied();
        self.lists.give(moves);

        self.table
            .store(key, depth, best_value, (original_alpha, beta), best);
        best_value
    }

    /// The order to try `moves` in: the table's best move, then captures of
    /// the most valuable pieces (the lion first), then the rest.
    fn order(&self, position: &Position, moves: &[Move], hint: Option<usize>) -> Vec<usize> {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        let rank = |index: &usize| {
            if Some(*index) == hint {
                return i32::MIN;
            }
            let captured = position.captures(moves[*index]).into_iter();
            -captured
                .filter_map(|square| position.board.piece_at(square))
                .map(|victim| victim_worth(victim.kind))
                .sum::<i32>()
        };
        order.sort_by_key(rank);
        order
    }
}

/// How eagerly to capture a piece: the lion above everything.
fn victim_worth(kind: congo_rules::Kind) -> i32 {
    match kind {
        congo_rules::Kind::Lion => 1_000_000,
        // Worthless pieces are still worth taking before a quiet move.
        other => crate::assignment::evaluation::value(other) + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(fen: &str, depth: u32, rule_set: RuleSet, evaluation: Evaluation) -> (i32, i32) {
        let position: Position = fen.parse().unwrap();
        let plain = negamax(&position, depth, rule_set, evaluation);
        let fast = Searcher::new(rule_set, evaluation).value(&position, depth);
        (plain, fast)
    }

    #[test]
    fn part_four_samples() {
        let cases = [
            (
                "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4",
                RuleSet::Wits2022,
                -100,
            ),
            (
                "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
                RuleSet::Wits2022,
                750,
            ),
            (
                "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35",
                RuleSet::Wits2022,
                -1200,
            ),
            (
                "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4",
                RuleSet::Wits2021,
                -100,
            ),
            (
                "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12",
                RuleSet::Wits2021,
                -1000,
            ),
        ];
        for (fen, rule_set, value) in cases {
            assert_eq!(
                both(fen, 2, rule_set, Evaluation::Material),
                (value, value),
                "{fen}"
            );
        }
    }

    #[test]
    fn part_five_samples() {
        let cases = [
            (
                "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4",
                RuleSet::Wits2022,
                -105,
            ),
            (
                "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
                RuleSet::Wits2022,
                1020,
            ),
            (
                "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35",
                RuleSet::Wits2022,
                -669,
            ),
            (
                "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4",
                RuleSet::Wits2021,
                -103,
            ),
        ];
        for (fen, rule_set, value) in cases {
            let position: Position = fen.parse().unwrap();
            let fast = Searcher::new(rule_set, Evaluation::Advanced).value(&position, 4);
            assert_eq!(fast, value, "{fen}");
        }
    }

    #[test]
    fn a_side_without_moves_is_worth_the_bound() {
        // White pawns fill the board but for the two lions: every white
        // piece is blocked by its own, and none can reach the black lion.
        // No game reaches it, so it is built from its board.
        let board = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPLPPl".parse();
        let position = Position {
            board: board.unwrap(),
            side: congo_rules::Color::White,
            move_number: 1,
        };
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        assert!(moves.is_empty());
        for depth in 1..=3 {
            for evaluation in [Evaluation::Material, Evaluation::Advanced] {
                let plain = negamax(&position, depth, RuleSet::default(), evaluation);
                let fast = Searcher::new(RuleSet::default(), evaluation).value(&position, depth);
                assert_eq!((plain, fast), (NO_MOVE, NO_MOVE));
            }
        }
    }

    #[test]
    fn depth_zero_is_the_evaluation() {
        let position: Position = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse().unwrap();
        let mut searcher = Searcher::new(RuleSet::default(), Evaluation::Advanced);
        assert_eq!(searcher.value(&position, 0), -102);
    }
}
