//! `play`: the Part 3 submission (play one move, print the new FEN and
//! the game's status).

use std::io::Write;

use super::{
    AnswerKind, CaseError, CaseKind, Framing, Listing, PositionCase, PositionJudge, Positions,
    Shape,
};
use congo_kit::text::utf8;
use congo_rules::{FenError, Move, RuleSet};

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

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let line = case.lines.get(1).copied().unwrap_or_default();
        let text = utf8(line).map_err(|error| CaseError::at(1, FenError::from(error)))?;
        let played = case
            .position
            .parse_move(text, &mut self.moves)
            .map_err(|error| CaseError::at(1, error))?;
        let next = case.position.play_unchecked(played, self.rule_set);
        // Writing to a Vec cannot fail.
        let _ = writeln!(out, "{next}\n{}", next.status());
        Ok(())
    }
}
