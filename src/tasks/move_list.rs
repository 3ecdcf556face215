//! The tasks any [`TextGame`] gets: `moves` (every legal move of each
//! position, one line), `perft D` and `divide D`. Congo and Russian
//! checkers both answer through them.

use std::io::Write;

use crate::game::{self, TextGame};
use crate::judge::{CaseError, Framing, Task};

/// One line per position: every legal move, in the game's order (sorted
/// as strings), separated by spaces.
#[derive(Clone)]
pub struct MoveList<G: TextGame> {
    game: G,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<G::Move>,
    /// The last position read, read over by the next.
    position: Option<G::Position>,
}

impl<G: TextGame> MoveList<G> {
    pub fn new(game: G) -> MoveList<G> {
        MoveList {
            game,
            moves: Vec::new(),
            position: None,
        }
    }
}

/// Appends `moves` as one line, separated by single spaces.
pub(super) fn write_line<G: TextGame>(game: &G, moves: &[G::Move], out: &mut Vec<u8>) {
    if let Some((first, rest)) = moves.split_first() {
        game.write_move(first, out);
        for m in rest {
            out.push(b' ');
            game.write_move(m, out);
        }
    }
    out.push(b'\n');
}

/// Reads the position on the first line of a case into `slot`, over the
/// position read before if there is one: a judge that answers line after
/// line keeps one position and Congo's is read in place, not copied out
/// through the reader's layers (that copying was a tenth of a line's work).
pub(super) fn read_into_slot<'a, G: TextGame>(
    game: &G,
    lines: &[&[u8]],
    slot: &'a mut Option<G::Position>,
) -> Result<&'a G::Position, CaseError<G::Error>> {
    let line = lines.first().copied().unwrap_or_default();
    let read = match slot {
        Some(position) => game.read_into(line, position).map(|()| &*position),
        empty => game.read(line).map(|position| &*empty.insert(position)),
    };
    read.map_err(|error| CaseError::at(0, error))
}

/// Reads the position on the first line of a case.
pub(super) fn read<G: TextGame>(
    game: &G,
    lines: &[&[u8]],
) -> Result<G::Position, CaseError<G::Error>> {
    let line = lines.first().copied().unwrap_or_default();
    game.read(line).map_err(|error| CaseError::at(0, error))
}

impl<G> Task for MoveList<G>
where
    G: TextGame + Clone + Send,
    G::Position: Clone + Send,
    G::Move: Clone + Send,
{
    type Error = G::Error;
    const FRAMING: Framing = Framing::Line;
    const SORTED_MOVES: bool = true;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<G::Error>> {
        let position = read_into_slot(&self.game, lines, &mut self.position)?;
        self.moves.clear();
        self.game.moves(position, &mut self.moves);
        self.game.in_text_order(&mut self.moves);
        write_line(&self.game, &self.moves, out);
        Ok(())
    }
}

/// One line per position: the number of move sequences `depth` deep.
#[derive(Clone, Copy)]
pub struct Perft<G> {
    pub game: G,
    pub depth: u32,
    /// Threads counting each position (1: this one alone).
    pub threads: usize,
}

impl<G> Task for Perft<G>
where
    G: TextGame + Clone + Send + Sync,
    G::Position: Sync,
    G::Move: Sync,
{
    type Error = G::Error;
    const FRAMING: Framing = Framing::Line;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<G::Error>> {
        let position = read(&self.game, lines)?;
        let leaves = game::perft_threads(&self.game, &position, self.depth, self.threads);
        let _ = writeln!(out, "{leaves}");
        Ok(())
    }
}

/// A block per position: `<move> <count>` for each legal move, then
/// `total <count>`; blocks are separated by a blank line.
#[derive(Clone, Copy)]
pub struct Divide<G> {
    pub game: G,
    pub depth: u32,
}

impl<G> Task for Divide<G>
where
    G: TextGame + Clone + Send,
{
    type Error = G::Error;
    const FRAMING: Framing = Framing::Block;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<G::Error>> {
        let position = read(&self.game, lines)?;
        let mut total = 0;
        let split = game::divide_ordered(&self.game, &position, self.depth, |moves| {
            self.game.in_text_order(moves)
        });
        for (m, leaves) in split {
            self.game.write_move(&m, out);
            let _ = writeln!(out, " {leaves}");
            total += leaves;
        }
        // Zero moves deep, the position itself is the one leaf, as in perft.
        if self.depth == 0 {
            total = 1;
        }
        let _ = writeln!(out, "total {total}");
        Ok(())
    }
}
