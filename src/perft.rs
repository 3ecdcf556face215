//! Perft: counting the leaves of the move tree, the standard test of a move
//! generator (and of making moves) against known numbers.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use crate::table::MoveLists;
use crate::{Move, Position, Rules, Status, movegen};

/// The number of positions reached by `depth` legal moves. A position
/// where a lion has been taken has no moves, so above the last ply it adds
/// nothing (as checkmate does in chess perft).
///
/// At the last ply the moves are counted, not played (bulk counting).
///
/// ```
/// use congo::{Position, Rules, perft};
///
/// let start: Position = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0".parse().unwrap();
/// assert_eq!(perft::perft(&start, 3, Rules::Wits2022), 17112);
/// ```
pub fn perft(position: &Position, depth: u32, rules: Rules) -> u64 {
    let mut stack = MoveLists::default();
    count(position, depth, rules, &mut stack, Last::Counted)
}

/// [`perft`] on `threads` threads: the moves at the root are handed out
/// one at a time to whichever thread is free, so that uneven subtrees
/// still keep every thread busy.
pub fn perft_threads(position: &Position, depth: u32, rules: Rules, threads: usize) -> u64 {
    if threads <= 1 || depth < 2 || position.status() != Status::Ongoing {
        return perft(position, depth, rules);
    }
    let mut moves = Vec::new();
    movegen::all_moves(&position.board, position.side, &mut moves);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut stack = MoveLists::default();
        let mut leaves = 0;
        while let Some(&m) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
            leaves += count(
                &position.play_unchecked(m, rules),
                depth - 1,
                rules,
                &mut stack,
                Last::Counted,
            );
        }
        leaves
    };
    thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        // This thread works too; a helper that could not finish (it cannot
        // panic: the counting has no failure) would count as nothing.
        let mine = work();
        mine + helpers
            .into_iter()
            .map(|helper| helper.join().unwrap_or_default())
            .sum::<u64>()
    })
}

/// [`perft`], but playing every move down to the leaves: slower, and a
/// check that counting and playing agree.
pub fn perft_by_playing(position: &Position, depth: u32, rules: Rules) -> u64 {
    let mut stack = MoveLists::default();
    count(position, depth, rules, &mut stack, Last::Played)
}

/// Each legal move of `position` (sorted as strings) with the perft count
/// of the position after it, `depth - 1` deep.
pub fn divide(position: &Position, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    if depth > 0 {
        position.legal_moves(&mut moves);
    }
    let mut stack = MoveLists::default();
    moves
        .into_iter()
        .map(|m| {
            let leaves = count(
                &position.play_unchecked(m, rules),
                depth - 1,
                rules,
                &mut stack,
                Last::Counted,
            );
            (m, leaves)
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Counted,
    Played,
}

fn count(position: &Position, depth: u32, rules: Rules, stack: &mut MoveLists, last: Last) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.status() != Status::Ongoing {
        return 0;
    }
    if depth == 1 && last == Last::Counted {
        return u64::from(movegen::tally(&position.board, position.side).moves);
    }
    let mut moves = stack.take();
    movegen::all_moves(&position.board, position.side, &mut moves);
    let leaves = moves
        .iter()
        .map(|&m| {
            count(
                &position.play_unchecked(m, rules),
                depth - 1,
                rules,
                stack,
                last,
            )
        })
        .sum();
    stack.give(moves);
    leaves
}
