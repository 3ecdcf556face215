//! `material`, `evaluate`, `minimax` and `alphabeta`: one number per FEN.

use super::{AnswerKind, CaseError, Listing, PositionCase, PositionJudge, Positions, Shape};
use congo_engine::assignment::evaluation::Evaluation;
use congo_engine::assignment::search::Searcher;
use congo_rules::RuleSet;

pub(super) const MATERIAL: Listing = Listing::new(
    "material",
    "Part 4's evaluation: material, for the side to move",
    |rules| {
        Positions::boxed(
            rules,
            Score::evaluation(Evaluation::Material, rules.rule_set),
        )
    },
);

/// `minimax`: its listing, with the options the command line declares.
pub const MINIMAX: Listing = Listing::with_options(
    "minimax",
    "Part 4's search value, 2 moves deep with the material evaluation",
);

pub(super) const EVALUATE: Listing = Listing::new(
    "evaluate",
    "Part 5's evaluation: material, mobility and attack",
    |rules| {
        Positions::boxed(
            rules,
            Score::evaluation(Evaluation::Advanced, rules.rule_set),
        )
    },
);

/// `alphabeta`: its listing, with the options the command line declares.
pub const ALPHABETA: Listing = Listing::with_options(
    "alphabeta",
    "Part 5's search value, 4 moves deep with Part 5's evaluation",
);

/// Scores each FEN for the side to move: by the evaluation alone, or by a
/// search `depth` moves deep.
#[derive(Clone)]
pub struct Score {
    evaluation: Evaluation,
    depth: Option<u32>,
    searcher: Searcher,
}

impl Score {
    /// The evaluation of each position (Part 4's `material`, Part 5's `evaluate`).
    pub fn evaluation(evaluation: Evaluation, rule_set: RuleSet) -> Score {
        Score {
            evaluation,
            depth: None,
            searcher: Searcher::new(rule_set, evaluation),
        }
    }

    /// The search value of each position (Part 4's `minimax`, Part 5's `alphabeta`).
    pub fn search(evaluation: Evaluation, depth: u32, rule_set: RuleSet) -> Score {
        Score {
            evaluation,
            depth: Some(depth),
            searcher: Searcher::new(rule_set, evaluation),
        }
    }
}

impl std::fmt::Debug for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Score")
            .field("evaluation", &self.evaluation)
            .field("depth", &self.depth)
            .finish()
    }
}

impl PositionJudge for Score {
    const SHAPE: Shape = Shape::line_per_position(AnswerKind::Number);

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let value = match self.depth {
            None => self.evaluation.score(case.position),
            Some(depth) => self.searcher.value(case.position, depth),
        };
        write_value_line(out, value);
        Ok(())
    }
}

/// Appends `value` in decimal and a line end, without the formatting
/// machinery, which cost a twentieth of an `evaluate` line.
fn write_value_line(out: &mut Vec<u8>, value: i32) {
    // The ten digits of `i32::MIN`, the longest.
    let mut digits = [0; 10];
    let mut start = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&digits[start..]);
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_format_writes_them() {
        for value in [
            0,
            7,
            -7,
            10,
            -100,
            123_456,
            i32::MAX,
            i32::MIN,
            i32::MIN + 1,
        ] {
            let mut out = Vec::new();
            write_value_line(&mut out, value);
            assert_eq!(out, format!("{value}\n").into_bytes());
        }
    }
}
