//! `play`: the Part 3 submission (play one move, print the new FEN and
//! the game's status).

use std::io::Write;

use super::reader::Reader;
use super::{AnswerKind, CaseError, CaseKind, Framing, Judge, Listing, Shape};
use crate::random::PieceSet;
use crate::text::utf8;
use crate::{CongoRules, KindsSeen, Move};

pub(super) const PLAY: Listing = Listing::new(
    "play",
    "cases of two lines, a FEN and then a move: the FEN after the move, then Continue, \
     White wins or Black wins",
    |rules| Box::new(Play::new(rules)),
)
.of_cases(CaseKind::PositionAndMove);

/// Cases of two lines, a FEN and a move; two lines out: the FEN after the
/// move and `Continue`, `White wins` or `Black wins`.
#[derive(Clone, Debug)]
pub struct Play {
    reader: Reader<CongoRules>,
    moves: Vec<Move>,
}

impl Play {
    /// The judge of moves played under `rules`.
    pub fn new(rules: CongoRules) -> Play {
        Play {
            reader: Reader::new(rules),
            moves: Vec::new(),
        }
    }
}

impl Judge for Play {
    fn shape(&self) -> Shape {
        Shape {
            case: CaseKind::PositionAndMove,
            framing: Framing::TwoLines,
            answer: AnswerKind::Text,
        }
    }

    fn answer(
        &mut self,
        _index: usize,
        lines: &[&[u8]],
        out: &mut Vec<u8>,
    ) -> Result<(), CaseError> {
        let (rules, position) = self.reader.read(lines)?;
        let line = lines.get(1).copied().unwrap_or_default();
        let text = utf8(line).map_err(|error| CaseError::at(1, crate::FenError::from(error)))?;
        let played = position
            .parse_move(text, &mut self.moves)
            .map_err(|error| CaseError::at(1, error))?;
        let next = position.play_unchecked(played, rules.rule_set);
        // Writing to a Vec cannot fail.
        let _ = writeln!(out, "{next}\n{}", next.status());
        Ok(())
    }

    fn take_kinds(&mut self) -> KindsSeen {
        self.reader.take_kinds()
    }

    fn checked_on(&self) -> Option<PieceSet> {
        Some(PieceSet::of_year(self.reader.rules().rule_set))
    }
}
