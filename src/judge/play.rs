//! `play`: the Part 3 submission (play one move, print the new FEN and
//! the game's status).

use std::io::Write;

use super::{AnswerKind, CaseError, CaseKind, Framing, Listing, PositionJudge, Positions, Shape};
use crate::text::utf8;
use crate::{FenError, Move, Position, RuleSet};

pub(super) const PLAY: Listing = Listing::new(
    "play",
    "cases of two lines, a FEN and then a move: the FEN after the move, then Continue, \
     White wins or Black wins",
    |rules| {
        let play = Play {
            rule_set: rules.rule_set,
            moves: Vec::new(),
        };
        Positions::boxed(rules, play)
    },
)
.of_cases(CaseKind::PositionAndMove);

/// Cases of two lines, a FEN and a move; two lines out: the FEN after the
/// move and `Continue`, `White wins` or `Black wins`.
#[derive(Clone, Debug)]
pub struct Play {
    rule_set: RuleSet,
    moves: Vec<Move>,
}

impl PositionJudge for Play {
    const SHAPE: Shape = Shape {
        case: CaseKind::PositionAndMove,
        framing: Framing::TwoLines,
        answer: AnswerKind::Text,
    };

    fn answer(
        &mut self,
        _index: usize,
        position: &Position,
        lines: &[&[u8]],
        out: &mut Vec<u8>,
    ) -> Result<(), CaseError> {
        let line = lines.get(1).copied().unwrap_or_default();
        let text = utf8(line).map_err(|error| CaseError::at(1, FenError::from(error)))?;
        let played = position
            .parse_move(text, &mut self.moves)
            .map_err(|error| CaseError::at(1, error))?;
        let next = position.play_unchecked(played, self.rule_set);
        // Writing to a Vec cannot fail.
        let _ = writeln!(out, "{next}\n{}", next.status());
        Ok(())
    }
}
