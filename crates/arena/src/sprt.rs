//! A sequential probability ratio test on game pairs: does engine A gain
//! at least `elo1` over B, or at most `elo0`? The games come in pairs
//! (one opening, each side once), and a pair scores 0, 1/2, 1, 3/2 or 2
//! for A: the pentanomial model, which sees the pairs' correlation that a
//! count of wins, draws and losses misses.
//!
//! The log-likelihood ratio is the generalized one current chess testing
//! frameworks use: under each hypothesis, the distribution of pair scores
//! closest to the observed one (in likelihood) whose expected score is
//! that hypothesis's, found through a Lagrange multiplier; Elo is
//! logistic. Empty cells get a tiny count, so that the ratio stays finite.

use std::fmt;

/// How many game pairs scored 0, 1/2, 1, 3/2 and 2 for engine A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts a pair in which A scored `points` (0 to 4 half-points).
    pub fn record(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// The expected score of an Elo difference (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The test: H0 says A gains `elo0`, H1 `elo1`; `alpha` and `beta` are
/// the chances of taking the wrong one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The gain H0 says A has over B, in logistic Elo.
    pub elo0: f64,
    /// The gain H1 says it has.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Verdict {
    /// The ratio crossed the upper bound: A gains `elo1` or more.
    H1,
    /// It crossed the lower bound: A gains `elo0` or less.
    H0,
    /// Neither yet: play on.
    #[default]
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "continue",
        })
    }
}

/// A count given to empty cells.
const EMPTY_CELL: f64 = 1e-3;

impl Sprt {
    /// The bounds the ratio is held to: (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs`.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let counts: Vec<f64> = pairs
            .0
            .iter()
            .map(|&count| (count as f64).max(EMPTY_CELL))
            .collect();
        let total: f64 = counts.iter().sum();
        let shares: Vec<f64> = counts.iter().map(|count| count / total).collect();
        // A pair's score for A, out of 1.
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        let log_likelihood = |target: f64| {
            let lambda = multiplier(&shares, &scores, target);
            shares
                .iter()
                .zip(scores)
                .map(|(share, score)| -share * (1.0 + lambda * (score - target)).ln())
                .sum::<f64>()
        };
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        pairs.pairs() as f64 * (log_likelihood(s1) - log_likelihood(s0))
    }

    /// Where the test stands with this ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The Lagrange multiplier λ with Σ share (score − target) / (1 + λ
/// (score − target)) = 0, found by bisection on the interval where every
/// 1 + λ (score − target) stays positive (the sum falls as λ grows).
fn multiplier(shares: &[f64], scores: &[f64], target: f64) -> f64 {
    let sum = |lambda: f64| {
        shares
            .iter()
            .zip(scores)
            .map(|(share, score)| share * (score - target) / (1.0 + lambda * (score - target)))
            .sum::<f64>()
    };
    let highest = scores.iter().copied().fold(f64::MIN, f64::max) - target;
    let lowest = scores.iter().copied().fold(f64::MAX, f64::min) - target;
    let (mut low, mut high) = (-1.0 / highest, -1.0 / lowest);
    // Just inside the interval's ends, where the sum goes to ±infinity.
    let margin = (high - low) * 1e-12;
    low += margin;
    high -= margin;
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if sum(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn bounds_are_those_of_wald() {
        let (lower, upper) = sprt(0.0, 5.0).bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
    }

    #[test]
    fn scores_follow_the_logistic_curve() {
        assert_eq!(expected_score(0.0), 0.5);
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(-100.0) + expected_score(100.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn known_results_give_the_ratios_other_frameworks_publish() {
        // fastchess's own tests of its logistic pentanomial model: its six
        // counts run from the worst pair for A to the best, the third and
        // fourth (a win and a loss, two draws) both scoring 1.
        for (pairs, elo0, elo1, expected) in [
            ([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5, -3.07),
            ([871, 26175, 55003 + 980, 26678, 821], 0.0, 2.0, -4.98),
        ] {
            let llr = sprt(elo0, elo1).llr(&Pentanomial(pairs));
            assert!(
                (llr - expected).abs() < 0.01,
                "{pairs:?}: {llr}, expected {expected}"
            );
        }
    }

    #[test]
    fn the_ratio_agrees_with_the_normal_approximation_on_many_pairs() {
        // With many pairs the generalized ratio tends to
        // N (s1 - s0) (2 mean - s0 - s1) / (2 variance).
        let pairs = Pentanomial([400, 2400, 4200, 2500, 500]);
        let test = sprt(0.0, 5.0);
        let n = pairs.pairs() as f64;
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mean: f64 = pairs
            .0
            .iter()
            .zip(scores)
            .map(|(&c, s)| c as f64 * s)
            .sum::<f64>()
            / n;
        let variance: f64 = pairs
            .0
            .iter()
            .zip(scores)
            .map(|(&c, s)| c as f64 * (s - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (expected_score(0.0), expected_score(5.0));
        let normal = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
        let llr = test.llr(&pairs);
        assert!(
            (llr - normal).abs() < 0.02 * normal.abs().max(1.0),
            "{llr} vs {normal}"
        );
    }

    #[test]
    fn even_results_lean_to_h0_and_strong_ones_to_h1() {
        let test = sprt(0.0, 10.0);
        let even = test.llr(&Pentanomial([100, 400, 1000, 400, 100]));
        assert!(even < 0.0, "{even}");
        let strong = test.llr(&Pentanomial([50, 300, 900, 600, 150]));
        assert!(strong > test.bounds().1, "{strong}");
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
    }
}
