//! The tasks any [`Notation`] gets: `moves` (every legal move of each
//! position, one line), `perft D` and `divide D`. Congo and Russian
//! checkers both answer through them.

use std::io::Write;
use std::sync::Arc;

use super::slot::Slot;
use super::task::{CaseError, Framing, Task};
use crate::board_game::Notation;
use crate::perft::{self, PerftCache};

/// One line per position: every legal move, in the game's order (sorted
/// as strings), separated by spaces.
#[derive(Clone)]
pub struct MoveList<G: Notation> {
    game: G,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<G::Move>,
    slot: Slot<G::Position>,
}

impl<G: Notation> MoveList<G> {
    pub fn new(game: G) -> MoveList<G> {
        MoveList {
            game,
            moves: Vec::new(),
            slot: Slot::default(),
        }
    }
}

/// Appends `moves` as one line, separated by single spaces.
pub(super) fn write_line<G: Notation>(game: &G, moves: &[G::Move], out: &mut Vec<u8>) {
    if let Some((first, rest)) = moves.split_first() {
        game.write_move(first, out);
        for m in rest {
            out.push(b' ');
            game.write_move(m, out);
        }
    }
    out.push(b'\n');
}

impl<G> Task for MoveList<G>
where
    G: Notation + Clone + Send,
    G::Position: Clone + Send,
    G::Move: Clone + Send,
{
    type Error = G::Error;
    const FRAMING: Framing = Framing::Line;
    const SORTED_MOVES: bool = true;

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<G::Error>> {
        let position = self.slot.read(&self.game, lines)?;
        self.moves.clear();
        self.game.moves(position, &mut self.moves);
        self.game.in_text_order(&mut self.moves);
        write_line(&self.game, &self.moves, out);
        Ok(())
    }
}

/// How a perft is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    /// Moves deep.
    pub depth: u32,
    /// Threads counting each position (1: this one alone).
    pub threads: usize,
    /// The MiB of a table of counts already made ([`PerftCache`]), if one
    /// is used: the second way of counting.
    pub hash: Option<usize>,
}

impl Counting {
    /// `depth` deep on this thread alone, with no table.
    pub fn plain(depth: u32) -> Counting {
        Counting {
            depth,
            threads: 1,
            hash: None,
        }
    }

    /// The table this counting asks for, shared by every worker.
    fn cache(self) -> Option<Arc<PerftCache>> {
        self.hash
            .map(|mebibytes| Arc::new(PerftCache::new(mebibytes)))
    }
}

/// One line per position: the number of move sequences `depth` deep.
#[derive(Clone)]
pub struct Perft<G: Notation> {
    game: G,
    counting: Counting,
    cache: Option<Arc<PerftCache>>,
    slot: Slot<G::Position>,
}

impl<G: Notation> Perft<G> {
    pub fn new(game: G, counting: Counting) -> Perft<G> {
        Perft {
            game,
            cache: counting.cache(),
            counting,
            slot: Slot::default(),
        }
    }
}

impl<G> Task for Perft<G>
where
    G: Notation + Clone + Send + Sync,
    G::Position: Clone + Send + Sync,
    G::Move: Sync,
{
    type Error = G::Error;
    const FRAMING: Framing = Framing::Line;

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<G::Error>> {
        let position = self.slot.read(&self.game, lines)?;
        let Counting { depth, threads, .. } = self.counting;
        let cache = self.cache.as_deref();
        let leaves = perft::count_threads(&self.game, position, depth, threads, cache);
        let _ = writeln!(out, "{leaves}");
        Ok(())
    }
}

/// A block per position: `<move> <count>` for each legal move, then
/// `total <count>`; blocks are separated by a blank line.
#[derive(Clone)]
pub struct Divide<G: Notation> {
    game: G,
    counting: Counting,
    cache: Option<Arc<PerftCache>>,
    slot: Slot<G::Position>,
}

impl<G: Notation> Divide<G> {
    pub fn new(game: G, counting: Counting) -> Divide<G> {
        Divide {
            game,
            cache: counting.cache(),
            counting,
            slot: Slot::default(),
        }
    }
}

impl<G> Task for Divide<G>
where
    G: Notation + Clone + Send + Sync,
    G::Position: Clone + Send + Sync,
    G::Move: Sync,
{
    type Error = G::Error;
    const FRAMING: Framing = Framing::Block;

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<G::Error>> {
        let position = self.slot.read(&self.game, lines)?;
        let mut total = 0;
        let Counting { depth, threads, .. } = self.counting;
        let cache = self.cache.as_deref();
        let split = perft::split(&self.game, position, depth, threads, cache, |moves| {
            self.game.in_text_order(moves)
        });
        for (m, leaves) in split {
            self.game.write_move(&m, out);
            let _ = writeln!(out, " {leaves}");
            total += leaves;
        }
        // Zero moves deep, the position itself is the one leaf, as in perft.
        if depth == 0 {
            total = 1;
        }
        let _ = writeln!(out, "total {total}");
        Ok(())
    }
}
