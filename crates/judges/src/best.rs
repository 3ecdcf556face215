//! `best`: the engine's chosen move for each FEN, with its score, the
//! depth searched to the end and the nodes visited (and, for a search by
//! time, the nodes per second).

use std::io::Write;
use std::time::Instant;

use super::{AnswerKind, CaseError, PositionCase, PositionJudge, Shape};
use congo_engine::{Engine, Limit};
use congo_rules::random::PieceSet;
use congo_rules::{History, RuleSet};

/// One line per position: the engine's move, searched as `limit` says.
#[derive(Clone)]
pub struct Best {
    limit: Limit,
    engine: Box<Engine>,
}

impl Best {
    /// `engine`, searching each position as `limit` says.
    pub fn new(limit: Limit, engine: Engine) -> Best {
        Best {
            limit,
            engine: Box::new(engine),
        }
    }
}

impl std::fmt::Debug for Best {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Best").field("limit", &self.limit).finish()
    }
}

impl PositionJudge for Best {
    const SHAPE: Shape = Shape::line_per_position(AnswerKind::Text);

    /// A search's answer is not another program's to match.
    fn checked_on(&self, _rule_set: RuleSet) -> Option<PieceSet> {
        None
    }

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        // Each case.position from a clean slate: a fixed depth gives the same
        // answer whatever came before.
        self.engine.clear();
        let started = Instant::now();
        let _ = match self
            .engine
            .choose(case.position, self.limit, &History::default())
        {
            Some(choice) if let Some(value) = choice.tablebase => {
                writeln!(out, "{} {} tablebase {value}", choice.best, choice.score)
            }
            Some(choice) => {
                let _ = write!(
                    out,
                    "{} {} depth {} nodes {}",
                    choice.best, choice.score, choice.depth, self.engine.nodes
                );
                // A search by time reports its speed too; by depth or
                // nodes the line stays the same on every run.
                if let Limit::Time(_) = self.limit {
                    let seconds = started.elapsed().as_secs_f64().max(1e-9);
                    let _ = write!(out, " nps {:.0}", self.engine.nodes as f64 / seconds);
                }
                writeln!(out)
            }
            None => writeln!(out, "none"),
        };
        Ok(())
    }
}
