//! The monkey: a quiet step in any direction, or a chain of capturing jumps.
//!
//! A jump goes over an adjacent enemy piece to the empty square beyond it.
//! The chain may stop after any jump, and each stop is a move of its own.
//! Jumped pieces stay on the board until the move ends (so they block and
//! cannot be jumped twice); the start square counts as empty; jumping the
//! enemy lion ends the chain.

use std::ops::ControlFlow;

use crate::geometry::{DIRECTIONS, KING_STEPS};
use crate::{Bitboard, Board, Color, Jumps, Kind, Move, Square};

/// Appends the monkey's moves in the order they are found (its steps,
/// then its chains); `go_on` is asked every [`CHAINS_PER_CHECK`] chains
/// whether to go on, and on `Break` the moves are left partial.
pub(super) fn moves<B>(
    board: &Board,
    side: Color,
    from: Square,
    moves: &mut Vec<Move>,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B> {
    moves.extend(steps(board, from).into_iter().map(|to| Move::new(from, to)));
    let mut checkpoints = Checkpoints::new(go_on);
    Chain::new(board, side, from).extend(from, Bitboard::EMPTY, Jumps::default(), &mut |m| {
        moves.push(m);
        checkpoints.pass()
    })
}

/// Hands `found` each jump chain of the monkey of `side` on `from`, in
/// the order they are found, until it says to stop.
pub(crate) fn chains<B>(
    board: &Board,
    side: Color,
    from: Square,
    found: &mut impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    Chain::new(board, side, from).extend(from, Bitboard::EMPTY, Jumps::default(), found)
}

/// The number of jump chains of the monkey on `from`, without listing
/// them; `go_on` is asked every [`CHAINS_PER_CHECK`] chains.
pub(super) fn chain_count<B>(
    board: &Board,
    side: Color,
    from: Square,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B, u32> {
    let mut chains = 0;
    let mut checkpoints = Checkpoints::new(go_on);
    Chain::new(board, side, from).extend(from, Bitboard::EMPTY, Jumps::default(), &mut |_| {
        chains += 1;
        checkpoints.pass()
    })?;
    ControlFlow::Continue(chains)
}

/// How many chains are made or counted between two questions to a
/// caller's `go_on`: a monkey may have over a million, and a searcher with
/// a clock must be able to stop in the middle. A question every 4096
/// chains costs nothing measurable and comes about every 0.1 ms.
///
/// ```
/// use congo_rules::{MAX_CHAINS, movegen::CHAINS_PER_CHECK};
///
/// // A monkey in an accepted position asks its caller at most 24 times.
/// assert_eq!(MAX_CHAINS / CHAINS_PER_CHECK, 24);
/// ```
pub const CHAINS_PER_CHECK: u32 = 4096;

/// Asks `go_on` at every [`CHAINS_PER_CHECK`]-th pass.
struct Checkpoints<'a, F> {
    left: u32,
    go_on: &'a mut F,
}

impl<'a, B, F: FnMut() -> ControlFlow<B>> Checkpoints<'a, F> {
    fn new(go_on: &'a mut F) -> Self {
        Checkpoints {
            left: CHAINS_PER_CHECK,
            go_on,
        }
    }

    fn pass(&mut self) -> ControlFlow<B> {
        self.left -= 1;
        if self.left == 0 {
            self.left = CHAINS_PER_CHECK;
            return (self.go_on)();
        }
        ControlFlow::Continue(())
    }
}

/// Whether the monkey on `from` has more than `limit` jump chains; it stops
/// counting past the limit, so it is quick whatever the answer.
pub(crate) fn has_more_chains_than(board: &Board, side: Color, from: Square, limit: u32) -> bool {
    let mut chains = 0;
    let counted =
        Chain::new(board, side, from).extend(from, Bitboard::EMPTY, Jumps::default(), &mut |_| {
            chains += 1;
            if chains > limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    counted.is_break()
}

/// The monkey's quiet one-square steps.
pub(super) fn steps(board: &Board, from: Square) -> Bitboard {
    KING_STEPS[from.index()] & !board.occupied()
}

/// What stays fixed while a chain grows.
struct Chain<'a> {
    board: &'a Board,
    enemies: Bitboard,
    /// Every piece still standing, the monkey excluded.
    occupied: Bitboard,
    from: Square,
}

impl<'a> Chain<'a> {
    fn new(board: &'a Board, side: Color, from: Square) -> Chain<'a> {
        Chain {
            board,
            enemies: board.by_color(!side),
            occupied: board.occupied().without(from),
            from,
        }
    }

    /// Hands every chain that continues `jumps`, which has brought the
    /// monkey to `at`, to `found`, until `found` says to stop.
    fn extend<B>(
        &self,
        at: Square,
        jumped: Bitboard,
        jumps: Jumps,
        found: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        // Most monkeys have no enemy beside them: no chain, and no need to
        // look in each direction.
        if (KING_STEPS[at.index()] & self.enemies & !jumped).is_empty() {
            return ControlFlow::Continue(());
        }
        for (direction, &(files, ranks)) in DIRECTIONS.iter().enumerate() {
            let (Some(over), Some(landing)) =
                (at.offset(files, ranks), at.offset(2 * files, 2 * ranks))
            else {
                continue;
            };
            if !self.enemies.contains(over)
                || jumped.contains(over)
                || self.occupied.contains(landing)
            {
                continue;
            }
            // A chain longer than `Jumps` holds cannot exist (see its docs).
            let Some(longer) = jumps.then(direction) else {
                continue;
            };
            found(Move::jumping(self.from, landing, longer))?;
            let took_lion = self.board.by_kind(Kind::Lion).contains(over);
            if !took_lion {
                self.extend(landing, jumped.with(over), longer, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use crate::Kind;
    use crate::movegen::testing::listed;

    fn monkey(fen: &str) -> String {
        listed(fen, Kind::Monkey)
    }

    #[test]
    fn steps_without_capturing() {
        // The black pawn on e3 next to d2 is not taken by a step; f4 beyond it is the jump.
        assert_eq!(
            monkey("3l3/7/7/7/4p2/3M3/3L3 w 1"),
            "d2c1 d2c2 d2c3 d2d3 d2e1 d2e2 d2f4"
        );
    }

    #[test]
    fn jumps_twice_and_may_stop_after_each_jump() {
        // b3 over c4 to d5, then over e4 to f3.
        assert_eq!(
            monkey("3l3/7/7/2p1p2/1M5/7/3L3 w 1"),
            "b3a2 b3a3 b3a4 b3b2 b3b4 b3c2 b3c3 b3d5 b3d5f3"
        );
    }

    #[test]
    fn jumps_three_times() {
        assert_eq!(
            monkey("3l3/4p2/3p3/7/2p4/1M5/7 w 1"),
            "b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2d4 b2d4d6 b2d4d6f6"
        );
    }

    #[test]
    fn a_landing_square_must_be_empty() {
        // Over b4 the landing b5 holds a white pawn, over c4 the landing d5
        // a black one.
        assert_eq!(
            monkey("3l3/7/1P1p3/1pp4/1M5/7/7 w 1"),
            "b3a2 b3a3 b3a4 b3b2 b3c2 b3c3"
        );
    }

    #[test]
    fn a_piece_is_never_jumped_twice() {
        // d4 over d5 to d6; jumping d5 again on the way back is not allowed.
        assert_eq!(
            monkey("3l3/7/3p3/3M3/7/7/3L3 w 1"),
            "d4c3 d4c4 d4c5 d4d3 d4d6 d4e3 d4e4 d4e5"
        );
    }

    #[test]
    fn the_start_square_counts_as_empty() {
        // b2 over c3 to d4, over d3 to d2, over c2 back to b2 (and the same
        // loop the other way round); from d2, over c3 to b4.
        assert_eq!(
            monkey("3l3/7/7/7/2pp3/1Mp4/7 w 1"),
            "b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2d2 b2d2b4 b2d2d4 b2d2d4b2 b2d4 b2d4d2 b2d4d2b2"
        );
    }

    #[test]
    fn jumping_the_lion_ends_the_chain() {
        // d4 over the lion on d5 to d6; the pawn on c6 next to d6 is not jumped after.
        assert_eq!(
            monkey("7/2p4/3l3/3M3/7/7/3L3 w 1"),
            "d4c3 d4c4 d4c5 d4d3 d4d6 d4e3 d4e4 d4e5"
        );
    }

    /// A monkey with 1,833,391 jump chains (refused as input, fine as a board).
    fn swarmed() -> (crate::Board, crate::Square) {
        let board = "1s1l3/1mg4/1z1e3/pspss2/1s1c3/ppspps1/Mp1L1e1"
            .parse()
            .unwrap();
        (board, "a1".parse().unwrap())
    }

    #[test]
    fn a_stopped_generation_leaves_a_partial_list_and_asks_at_each_checkpoint() {
        use super::*;
        let (board, from) = swarmed();
        let mut asked = 0;
        let mut found = Vec::new();
        let flow = moves(&board, Color::White, from, &mut found, &mut || {
            asked += 1;
            if asked == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(flow.is_break());
        let chains = found.iter().filter(|m| !m.jumps().is_empty()).count();
        assert_eq!(chains, 3 * CHAINS_PER_CHECK as usize);
        // Every move of the partial list is one of the monkey's own.
        assert!(found.iter().all(|m| m.from() == from));
        let counted = chain_count(&board, Color::White, from, &mut || {
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(counted, ControlFlow::Continue(1_833_391));
        let stopped = chain_count(&board, Color::White, from, &mut || ControlFlow::Break(()));
        assert_eq!(stopped, ControlFlow::Break(()));
    }
}
