//! The position a judge task reads each case into, and what the positions
//! it read have shown about the input as a whole.

use super::task::CaseError;
use crate::board_game::Notation;

/// One position, read over case after case: a judge keeps one and Congo's
/// is read in place, not copied out through the reader's layers (that
/// copying was a tenth of a line's work). It also gathers the game's
/// survey of every position read ([`Notation::survey`]), which the judge
/// collects through [`Task::take_seen`](crate::judge::Task::take_seen).
#[derive(Clone, Debug)]
pub(super) struct Slot<P> {
    position: Option<P>,
    seen: u32,
}

impl<P> Default for Slot<P> {
    fn default() -> Slot<P> {
        Slot {
            position: None,
            seen: 0,
        }
    }
}

impl<P> Slot<P> {
    /// Reads the position on the first line of a case over the one read
    /// before, if there is one.
    pub(super) fn read<G: Notation<Position = P>>(
        &mut self,
        game: &G,
        lines: &[&[u8]],
    ) -> Result<&P, CaseError<G::Error>> {
        let line = lines.first().copied().unwrap_or_default();
        let read = match &mut self.position {
            Some(position) => game.read_into(line, position).map(|()| &*position),
            empty => game.read(line).map(|position| &*empty.insert(position)),
        };
        let position = read.map_err(|error| CaseError::at(0, error))?;
        self.seen |= game.survey(position);
        Ok(position)
    }

    /// The survey bits of the positions read since the last call.
    pub(super) fn take_seen(&mut self) -> u32 {
        std::mem::take(&mut self.seen)
    }
}
