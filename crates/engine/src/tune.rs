//! `congo tune`: the evaluation's weights fitted to the results of
//! recorded games (Texel's method).
//!
//! Each position of each game is labelled with the game's result for the
//! side to move (1, 1/2 or 0). A weight set predicts that result as
//! `1 / (1 + 10^(-K * eval / 400))`; the tuner first fits `K` to the
//! starting weights, then walks each weight up and down, keeping a step
//! whenever the mean squared error of the predictions falls, and halves
//! the step when no weight moves. The pawn's value stays 100, which fixes
//! the scale.
//!
//! The evaluation is linear in its weights, so each position is evaluated
//! once per weight with that weight alone set to 1, and the tuner works
//! on these term counts; a check at load time holds the counts to the
//! real evaluation.

use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;

use super::eval::{Weights, evaluate};
use congo_rules::record::{Place, RecordFileError, read_records};
use congo_rules::{FenError, MoveError, Position, Reach, RuleSet, Status};

/// Why the records cannot be tuned on.
#[derive(Debug)]
pub enum TuneError {
    /// A record file cannot be read, or holds a line that is no record.
    Records(RecordFileError),
    /// A game's start is no position.
    Start(Place, FenError),
    /// A game's move, at this ply, cannot be played.
    Move(Place, usize, MoveError),
    /// No position is left past the skipped plies.
    Empty,
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Records(error) => error.fmt(f),
            TuneError::Start(place, error) => write!(f, "{place}: {error}"),
            TuneError::Move(place, ply, error) => write!(f, "{place} ply {ply}: {error}"),
            TuneError::Empty => f.write_str("the records hold no position to tune on"),
        }
    }
}

impl std::error::Error for TuneError {}

/// What `congo tune` reads and how far it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuneOptions {
    /// Record files of finished games (`match --record`).
    pub records: Vec<PathBuf>,
    /// The rule set the games were played under.
    pub rule_set: RuleSet,
    /// Plies at the start of each game that are left out: the openings'
    /// random moves say nothing about the result.
    pub skip_plies: usize,
    /// The most passes over the weights.
    pub passes: usize,
}

/// The weight the tuner never moves: it sets the scale.
const ANCHOR: &str = "pawn";

/// A position's term counts (one per weight, in [`Weights::names`]
/// order) and its game's result for the side to move.
struct Sample {
    terms: Vec<i32>,
    result: f64,
}

/// The fitted weights, and how well the start and the fit predict.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The weights found.
    pub weights: Weights,
    /// The scaling constant of the prediction.
    pub k: f64,
    /// The mean squared error with the starting weights, and with the fit.
    pub error_before: f64,
    /// See `error_before`.
    pub error_after: f64,
    /// Positions the fit was made on.
    pub positions: usize,
}

/// Reads the records and fits the weights, starting from `start`.
pub fn tune(options: &TuneOptions, start: Weights) -> Result<Fit, TuneError> {
    let samples = load(options)?;
    if samples.is_empty() {
        return Err(TuneError::Empty);
    }
    let names: Vec<&str> = Weights::names().collect();
    let mut values: Vec<i32> = names
        .iter()
        .map(|name| start.get(name).unwrap_or(0))
        .collect();
    let k = fit_k(&samples, &values);
    let error_before = mean_error(&samples, &values, k);
    let fixed: Vec<bool> = names.iter().map(|&name| name == ANCHOR).collect();
    let error = descend(&samples, &mut values, &fixed, k, options.passes);
    let mut weights = start;
    for (name, &value) in names.iter().zip(&values) {
        weights.set(name, value);
    }
    Ok(Fit {
        weights,
        k,
        error_before,
        error_after: error,
        positions: samples.len(),
    })
}

/// Walks each weight not `fixed` up and down by a step, keeping a move
/// that lowers the error, halving the step when a pass moves nothing, for
/// at most `passes` passes; returns the error reached.
fn descend(samples: &[Sample], values: &mut [i32], fixed: &[bool], k: f64, passes: usize) -> f64 {
    let mut error = mean_error(samples, values, k);
    let mut step = 16;
    for _ in 0..passes {
        let mut moved = false;
        for index in (0..values.len()).filter(|&index| !fixed[index]) {
            for delta in [step, -step] {
                values[index] += delta;
                let tried = mean_error(samples, values, k);
                if tried < error {
                    error = tried;
                    moved = true;
                    break;
                }
                values[index] -= delta;
            }
        }
        if !moved {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    error
}

/// Every position of every recorded game past the skipped plies, with
/// its term counts and label.
fn load(options: &TuneOptions) -> Result<Vec<Sample>, TuneError> {
    let names: Vec<&str> = Weights::names().collect();
    let units: Vec<Weights> = names
        .iter()
        .map(|name| {
            let mut unit = zero_weights();
            unit.set(name, 1);
            unit
        })
        .collect();
    let mut samples = Vec::new();
    for path in &options.records {
        for (place, record) in read_records(path).map_err(TuneError::Records)? {
            let white_score = record.outcome.white_half_points() as f64 / 2.0;
            let mut position = Position::from_fen(&record.start, options.rule_set, Reach::Game)
                .map_err(|error| TuneError::Start(place.clone(), error))?;
            let mut scratch = Vec::new();
            for (ply, text) in record.moves.iter().enumerate() {
                if ply >= options.skip_plies && position.status() == Status::Ongoing {
                    let terms = units.iter().map(|unit| evaluate(&position, unit)).collect();
                    let result = if position.side == congo_rules::Color::White {
                        white_score
                    } else {
                        1.0 - white_score
                    };
                    samples.push(Sample { terms, result });
                }
                let m = position
                    .parse_move(text, &mut scratch)
                    .map_err(|error| TuneError::Move(place.clone(), ply + 1, error))?;
                position = position.play_unchecked(m, options.rule_set);
            }
        }
    }
    Ok(samples)
}

/// Weights that are all 0.
fn zero_weights() -> Weights {
    let mut zero = Weights::TUNED;
    for name in Weights::names() {
        zero.set(name, 0);
    }
    zero
}

/// The evaluation of a sample under `values`.
fn score(sample: &Sample, values: &[i32]) -> f64 {
    sample
        .terms
        .iter()
        .zip(values)
        .map(|(&term, &value)| f64::from(term) * f64::from(value))
        .sum()
}

/// The predicted score of an evaluation.
fn predict(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn mean_error(samples: &[Sample], values: &[i32], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| (sample.result - predict(score(sample, values), k)).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The `K` that makes `values` predict best: a golden-section search,
/// the error being unimodal in `K`.
fn fit_k(samples: &[Sample], values: &[i32]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.01, 5.0);
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if mean_error(samples, values, a) < mean_error(samples, values, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Writes the fit: the errors, each weight's change, and the weights as
/// `congo engine` options.
pub fn write_fit(fit: &Fit, start: Weights, output: &mut impl Write) -> io::Result<()> {
    writeln!(
        output,
        "{} positions, K {:.3}: mean squared error {:.6} -> {:.6}",
        fit.positions, fit.k, fit.error_before, fit.error_after
    )?;
    let mut options = Vec::new();
    for name in Weights::names() {
        let (before, after) = (start.get(name), fit.weights.get(name));
        if let (Some(before), Some(after)) = (before, after) {
            writeln!(output, "{name:>13} {before:>5} -> {after:>5}")?;
            options.push(format!("--weight {name}={after}"));
        }
    }
    writeln!(output, "congo engine {}", options.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_term_counts_rebuild_the_evaluation() {
        // The tuner's linear model is the evaluation itself.
        let names: Vec<&str> = Weights::names().collect();
        let values: Vec<i32> = names
            .iter()
            .map(|name| Weights::TUNED.get(name).unwrap())
            .collect();
        let mut rng = congo_rules::random::Rng::new(11);
        let shape = congo_rules::random::PositionShape::FULL;
        for _ in 0..300 {
            let position = congo_rules::random::random_position(&mut rng, &shape);
            let terms = names
                .iter()
                .map(|name| {
                    let mut unit = zero_weights();
                    unit.set(name, 1);
                    evaluate(&position, &unit)
                })
                .collect();
            let sample = Sample { terms, result: 0.5 };
            assert_eq!(
                score(&sample, &values),
                f64::from(evaluate(&position, &Weights::TUNED)),
                "{position}"
            );
        }
    }

    #[test]
    fn a_fit_moves_weights_towards_the_results() {
        // Two terms: the first always agrees with the result, the second
        // is noise. The fit must raise the first and not make things worse.
        let samples: Vec<Sample> = (0..200)
            .map(|i| {
                let wins = i % 2 == 0;
                let sign = if wins { 1 } else { -1 };
                Sample {
                    terms: vec![sign, (i % 7) - 3],
                    result: if wins { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let mut values = [10, 10];
        let k = fit_k(&samples, &values);
        let before = mean_error(&samples, &values, k);
        let after = descend(&samples, &mut values, &[false, false], k, 100);
        assert!(after < before, "{after} {before}");
        assert!(values[0] > 10, "{values:?}");
        // A fixed weight never moves.
        let mut anchored = [10, 10];
        descend(&samples, &mut anchored, &[true, false], k, 100);
        assert_eq!(anchored[0], 10);
        assert!(predict(0.0, 1.0) == 0.5 && predict(400.0, 1.0) > 0.9);
    }
}
