//! What the three games congo plays have in common: positions, moves, the
//! moves of a position and the position after one. Perft and divide are
//! written once, for any [`Game`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use crate::table::MoveLists;

/// A game's rules, as perft needs them.
pub trait Game {
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
}

/// A game whose positions come one a line and whose moves are written as
/// text: what a judge subcommand that lists moves needs.
pub trait TextGame: Game {
    /// Why a line is not a position.
    type Error: std::fmt::Display + Send;

    /// Reads the position on one input line (trimmed, as bytes).
    fn read(&self, line: &[u8]) -> Result<Self::Position, Self::Error>;

    /// Reads the position on one input line over `position` (left in an
    /// unspecified state on an error). By default through
    /// [`TextGame::read`]; a game with large positions reads in place.
    fn read_into(&self, line: &[u8], position: &mut Self::Position) -> Result<(), Self::Error> {
        *position = self.read(line)?;
        Ok(())
    }

    /// Appends the text of `m`.
    fn write_move(&self, m: &Self::Move, out: &mut Vec<u8>);

    /// Bits that say what `position` shows about the input it came from,
    /// ORed over every position of an input into
    /// [`Report::seen`](crate::judge::Report::seen); Congo's name the
    /// kinds of piece on the board, for the rule-set hint. The default
    /// notes nothing.
    fn survey(&self, _position: &Self::Position) -> u32 {
        0
    }

    /// Puts `moves` in the order of their texts, for listing. The default
    /// leaves them as they are, for games whose generator already makes
    /// them in that order (Congo's and checkers').
    fn in_text_order(&self, _moves: &mut [Self::Move]) {}
}

/// The number of move sequences `depth` moves deep from `position`.
pub fn perft<G: Game>(game: &G, position: &G::Position, depth: u32) -> u64 {
    count(game, position, depth, &mut MoveLists::default())
}

/// Each legal move of `position`, in the game's order, with the perft
/// count of the position after it, `depth - 1` deep.
pub fn divide<G: Game>(game: &G, position: &G::Position, depth: u32) -> Vec<(G::Move, u64)> {
    divide_ordered(game, position, depth, |_| {})
}

/// [`divide`], with the moves put in the order wanted by `order` first.
pub fn divide_ordered<G: Game>(
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
            let leaves = count(
                game,
                &game.play(position, &m),
                depth.saturating_sub(1),
                &mut lists,
            );
            (m, leaves)
        })
        .collect()
}

/// [`perft`] on `threads` threads: the moves at the root are handed out
/// one at a time to whichever thread is free, so that uneven subtrees
/// still keep every thread busy.
pub fn perft_threads<G>(game: &G, position: &G::Position, depth: u32, threads: usize) -> u64
where
    G: Game + Sync,
    G::Position: Sync,
    G::Move: Sync,
{
    if threads <= 1 || depth < 2 {
        return perft(game, position, depth);
    }
    let mut moves = Vec::new();
    game.moves(position, &mut moves);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut lists = MoveLists::default();
        let mut leaves = 0;
        while let Some(m) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
            leaves += count(game, &game.play(position, m), depth - 1, &mut lists);
        }
        leaves
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
fn count<G: Game>(
    game: &G,
    position: &G::Position,
    depth: u32,
    lists: &mut MoveLists<G::Move>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = lists.take();
    let leaves = if depth == 1 {
        game.count_moves(position, &mut moves)
    } else {
        game.moves(position, &mut moves);
        moves
            .iter()
            .map(|m| count(game, &game.play(position, m), depth - 1, lists))
            .sum()
    };
    lists.give(moves);
    leaves
}
