//! `tb probe DIR`: each FEN's value from the endgame tables, and a best
//! move.

use std::fmt;
use std::sync::Arc;

use super::{AnswerKind, CaseError, PositionCase, PositionJudge, Shape};
use congo_rules::RuleSet;
use congo_rules::endgame::EndgameTables;
use congo_rules::random::PieceSet;

/// One line per FEN: `win N`, `loss N` or `draw`, then the best move.
#[derive(Clone)]
pub struct Probe {
    tables: Arc<dyn EndgameTables>,
}

impl Probe {
    /// The judge of `tables`.
    pub fn new(tables: Arc<dyn EndgameTables>) -> Probe {
        Probe { tables }
    }
}

impl fmt::Debug for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Probe")
    }
}

impl PositionJudge for Probe {
    const SHAPE: Shape = Shape::line_per_position(AnswerKind::Text);

    /// The tables' answers are not another program's to match.
    fn checked_on(&self, _rule_set: RuleSet) -> Option<PieceSet> {
        None
    }

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let (value, best) = self
            .tables
            .best(case.position)
            .map_err(|error| CaseError::at(0, error))?;
        out.extend_from_slice(value.to_string().as_bytes());
        if let Some(best) = best {
            out.push(b' ');
            best.write_to(out);
        }
        out.push(b'\n');
        Ok(())
    }
}
