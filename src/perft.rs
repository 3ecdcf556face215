//! Perft: counting the leaves of the move tree, the standard test of a
//! move generator (and of making moves) against known numbers. Written
//! once for any [`GameRules`] ([`count`], [`count_threads`], [`split`]),
//! with Congo's own shortcuts ([`perft`], [`divide`] and the rest): Congo
//! counts its last ply from the pieces' target squares, not played (bulk
//! counting).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use crate::game_rules::GameRules;
use crate::move_lists::MoveLists;
use crate::{Congo, Move, Position, Rules};

/// The number of move sequences `depth` moves deep from `position`.
pub fn count<G: GameRules>(game: &G, position: &G::Position, depth: u32) -> u64 {
    leaves(game, position, depth, &mut MoveLists::default())
}

/// Each legal move of `position`, in the order `order` puts them in, with
/// the perft count of the position after it, `depth - 1` deep.
pub fn split<G: GameRules>(
    game: &G,
    position: &G::Position,
    depth: u32,
    order: impl FnOnce(&mut [G::Move]),
) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    if depth > 0 {
        game.moves(position, &mut moves);
        order(&mut moves);
    }
    let mut lists = MoveLists::default();
    moves
        .into_iter()
        .map(|m| {
            let below = game.play(position, &m);
            let counted = leaves(game, &below, depth.saturating_sub(1), &mut lists);
            (m, counted)
        })
        .collect()
}

/// [`count`] on `threads` threads: the moves at the root are handed out
/// one at a time to whichever thread is free, so that uneven subtrees
/// still keep every thread busy.
pub fn count_threads<G>(game: &G, position: &G::Position, depth: u32, threads: usize) -> u64
where
    G: GameRules + Sync,
    G::Position: Sync,
    G::Move: Sync,
{
    if threads <= 1 || depth < 2 {
        return count(game, position, depth);
    }
    let mut moves = Vec::new();
    game.moves(position, &mut moves);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut lists = MoveLists::default();
        let mut counted = 0;
        while let Some(m) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
            counted += leaves(game, &game.play(position, m), depth - 1, &mut lists);
        }
        counted
    };
    thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        // This thread works too; a helper cannot fail (counting has no
        // failure), so a missing result would only count as nothing.
        let mine = work();
        mine + helpers
            .into_iter()
            .map(|helper| helper.join().unwrap_or_default())
            .sum::<u64>()
    })
}

/// Perft with one move list per ply, reused: `lists` holds the free ones.
fn leaves<G: GameRules>(
    game: &G,
    position: &G::Position,
    depth: u32,
    lists: &mut MoveLists<G::Move>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = lists.take();
    let counted = if depth == 1 {
        game.count_moves(position, &mut moves)
    } else {
        game.moves(position, &mut moves);
        moves
            .iter()
            .map(|m| leaves(game, &game.play(position, m), depth - 1, lists))
            .sum()
    };
    lists.give(moves);
    counted
}

/// Congo with every last move played: slower, and a check on the bulk
/// counting.
struct PlayedOut(Congo);

impl GameRules for PlayedOut {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        self.0.moves(position, moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        self.0.play(position, m)
    }

    /// Every last move listed and played (`black_box` keeps the unused
    /// positions from being optimised away).
    fn count_moves(&self, position: &Position, scratch: &mut Vec<Move>) -> u64 {
        scratch.clear();
        self.moves(position, scratch);
        for m in scratch.iter() {
            std::hint::black_box(self.play(position, m));
        }
        scratch.len() as u64
    }
}

/// The number of Congo positions reached by `depth` legal moves. A
/// position where a lion has been taken has no moves, so above the last
/// ply it adds nothing (as checkmate does in chess perft).
///
/// ```
/// use congo::{Position, Rules, perft};
///
/// let start: Position = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0".parse().unwrap();
/// assert_eq!(perft::perft(&start, 3, Rules::Wits2022), 17112);
/// ```
pub fn perft(position: &Position, depth: u32, rules: Rules) -> u64 {
    count(&Congo::from(rules), position, depth)
}

/// [`perft`], but playing every move down to the leaves.
pub fn perft_by_playing(position: &Position, depth: u32, rules: Rules) -> u64 {
    count(&PlayedOut(Congo::from(rules)), position, depth)
}

/// [`perft`] on `threads` threads, splitting the moves at the root.
pub fn perft_threads(position: &Position, depth: u32, rules: Rules, threads: usize) -> u64 {
    count_threads(&Congo::from(rules), position, depth, threads)
}

/// Each legal move of `position` (sorted as strings) with the perft count
/// of the position after it, `depth - 1` deep.
pub fn divide(position: &Position, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
    split(&Congo::from(rules), position, depth, |_| {})
}
