//! The judges that answer each case from the one Congo position on its
//! line (`board`, the pieces, the scores, `best`, `show`): [`EachPosition`]
//! reads the position and keeps the survey for the rule-set warning, and
//! the judge's [`PositionAnswer`] only answers it.

use super::slot::Slot;
use super::task::{CaseError, Framing, Task};
use crate::{Congo, FenError, Position};

/// What a judge does with each position: its answer, and how answers are
/// laid out.
pub(super) trait PositionAnswer: Clone + Send {
    /// How the answers are laid out.
    const FRAMING: Framing;

    /// Whether each answer is one line of moves sorted as strings.
    const SORTED_MOVES: bool = false;

    /// Told the index of the case about to be answered (0 for the first).
    fn at_case(&mut self, _index: usize) {}

    /// Appends the answer to `position`, read as `game` reads.
    fn answer(&mut self, game: &Congo, position: &Position, out: &mut Vec<u8>);
}

/// A judge task that reads each case's position and hands it to `A`.
#[derive(Clone)]
pub(super) struct EachPosition<A> {
    game: Congo,
    slot: Slot<Position>,
    answer: A,
}

impl<A> EachPosition<A> {
    pub fn new(game: Congo, answer: A) -> EachPosition<A> {
        EachPosition {
            game,
            slot: Slot::default(),
            answer,
        }
    }

    /// What answers each position.
    pub fn answer(&self) -> &A {
        &self.answer
    }
}

impl<A: PositionAnswer> Task for EachPosition<A> {
    type Error = FenError;
    const FRAMING: Framing = A::FRAMING;
    const SORTED_MOVES: bool = A::SORTED_MOVES;

    fn at_case(&mut self, index: usize) {
        self.answer.at_case(index);
    }

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<FenError>> {
        let position = self.slot.read(&self.game, lines)?;
        self.answer.answer(&self.game, position, out);
        Ok(())
    }
}
