//! `material`, `evaluate`, `minimax` and `alphabeta`: one number per FEN.

use std::io::Write;

use super::position;
use crate::FenError;
use crate::Rules;
use crate::judge::{CaseError, Framing, Task};
use crate::wits::eval::Evaluation;
use crate::wits::search::Searcher;

/// Scores each FEN for the side to move: by the evaluation alone, or by a
/// search `depth` moves deep.
#[derive(Clone)]
pub struct Score {
    evaluation: Evaluation,
    depth: Option<u32>,
    rules: Rules,
    searcher: Searcher,
}

impl Score {
    /// The evaluation of each position (Part 4's `material`, Part 5's `evaluate`).
    pub fn evaluation(evaluation: Evaluation, rules: Rules) -> Score {
        Score {
            evaluation,
            depth: None,
            rules,
            searcher: Searcher::new(rules, evaluation),
        }
    }

    /// The search value of each position (Part 4's `minimax`, Part 5's `alphabeta`).
    pub fn search(evaluation: Evaluation, depth: u32, rules: Rules) -> Score {
        Score {
            evaluation,
            depth: Some(depth),
            rules,
            searcher: Searcher::new(rules, evaluation),
        }
    }
}

impl Task for Score {
    type Error = FenError;
    const FRAMING: Framing = Framing::Line;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = position(lines, self.rules)?;
        let value = match self.depth {
            None => self.evaluation.score(&position),
            Some(depth) => self.searcher.value(&position, depth),
        };
        let _ = writeln!(out, "{value}");
        Ok(())
    }
}
