//! How sure the ratings are, found as Ordo finds it: the tournament is
//! played again many times on paper (the same pairings, each game's
//! result drawn from the fitted ratings), the ratings are fitted anew to
//! each replay, and their spread over the replays is the ratings' own.
//! A formula from one player's results alone would miss that its
//! opponents' ratings are uncertain too, and two players' ratings move
//! together when they met the same opponents: the likelihood of
//! superiority comes from the spread of the difference itself.
//!
//! A game's draw chance is the share of draws over all games with one
//! draw and one decisive game added, so that eight draws in eight games
//! still leave room for a decisive one (else every replay would repeat
//! them, and the margin would read 0); it is lowered where the fitted
//! ratings expect more than a draw's share of points from the weaker.
//! The replays come from a fixed seed: the same games, the same margins.

use super::ratings::{Anchor, Result, expected, fit, pin};
use congo_kit::rng::Rng;

/// How many times the tournament is replayed.
pub const REPLAYS: usize = 1000;

/// How closely a replay's ratings are found, in Elo: their spread is
/// tens of Elo, and a tenth more or less changes nothing shown.
const ROUGHLY: f64 = 0.1;

/// The seed of the replays.
const SEED: u64 = 0x5eed_0f7a_b1e5;

/// 95 % of a normal distribution lies within this many deviations.
pub const Z95: f64 = 1.96;

/// The spread of the ratings over the replays.
#[derive(Clone, Debug, PartialEq)]
pub struct Uncertainty {
    /// Each player's standard deviation, in Elo.
    pub deviations: Vec<f64>,
    /// `superiority[a][b]`: the likelihood that `a` is stronger than `b`.
    pub superiority: Vec<Vec<f64>>,
}

/// A game's chances, for its first player.
#[derive(Clone, Copy, Debug)]
struct Chances {
    win: f64,
    draw: f64,
}

impl Chances {
    /// The first player's points in one replay of the game.
    fn draw_points(self, rng: &mut Rng) -> f64 {
        let roll = rng.unit();
        if roll < self.win {
            1.0
        } else if roll < self.win + self.draw {
            0.5
        } else {
            0.0
        }
    }
}

/// The uncertainty of the ratings `fitted` (as `fit` returns them) of
/// `players` after `results`, pinned by `anchor`.
pub fn uncertainty(
    players: usize,
    results: &[Result],
    fitted: &[f64],
    anchor: &Anchor,
) -> Uncertainty {
    let draw_rate = (results
        .iter()
        .filter(|result| result.first_points == 0.5)
        .count() as f64
        + 1.0)
        / (results.len() as f64 + 2.0);
    let chances: Vec<Chances> = results
        .iter()
        .map(|result| {
            let p = expected(fitted[result.first] - fitted[result.second]);
            let draw = draw_rate.min(2.0 * p.min(1.0 - p));
            Chances {
                win: p - draw / 2.0,
                draw,
            }
        })
        .collect();
    let truth = pin(fitted.to_vec(), anchor);
    let mut moments = Moments::new(players);
    let mut rng = Rng::new(SEED);
    let mut replay = results.to_vec();
    for _ in 0..REPLAYS {
        for (game, chances) in replay.iter_mut().zip(&chances) {
            game.first_points = chances.draw_points(&mut rng);
        }
        let refitted = pin(fit(players, &replay, fitted.to_vec(), ROUGHLY), anchor);
        let off: Vec<f64> = refitted.iter().zip(&truth).map(|(a, b)| a - b).collect();
        moments.add(&off);
    }
    let deviations = (0..players)
        .map(|player| moments.covariance(player, player).max(0.0).sqrt())
        .collect();
    let superiority = (0..players)
        .map(|a| {
            (0..players)
                .map(|b| {
                    let spread = moments.spread_between(a, b);
                    likelihood_above(truth[a] - truth[b], spread)
                })
                .collect()
        })
        .collect();
    Uncertainty {
        deviations,
        superiority,
    }
}

/// The running sums of the players' deviations and of their products.
struct Moments {
    count: f64,
    sums: Vec<f64>,
    products: Vec<Vec<f64>>,
}

impl Moments {
    fn new(players: usize) -> Moments {
        Moments {
            count: 0.0,
            sums: vec![0.0; players],
            products: vec![vec![0.0; players]; players],
        }
    }

    fn add(&mut self, off: &[f64]) {
        self.count += 1.0;
        for (a, &x) in off.iter().enumerate() {
            self.sums[a] += x;
            for (b, &y) in off.iter().enumerate().skip(a) {
                self.products[a][b] += x * y;
            }
        }
    }

    fn covariance(&self, a: usize, b: usize) -> f64 {
        let (a, b) = (a.min(b), a.max(b));
        let n = self.count.max(1.0);
        self.products[a][b] / n - (self.sums[a] / n) * (self.sums[b] / n)
    }

    /// The standard deviation of `a`'s rating less `b`'s.
    fn spread_between(&self, a: usize, b: usize) -> f64 {
        let variance = self.covariance(a, a) + self.covariance(b, b) - 2.0 * self.covariance(a, b);
        variance.max(0.0).sqrt()
    }
}

/// The likelihood that a difference measured as `difference`, with
/// standard deviation `spread`, is above 0.
fn likelihood_above(difference: f64, spread: f64) -> f64 {
    if spread > 1e-9 {
        normal_below(difference / spread)
    } else {
        match difference.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        }
    }
}

/// The standard normal distribution below `x`.
fn normal_below(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz and Stegun 7.1.26, to 1.5e-7); odd, so
/// that `a` over `b` and `b` over `a` add up to 1.
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let value = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -value } else { value }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::ratings::EXACT;

    fn games(first: usize, second: usize, first_points: f64, count: usize) -> Vec<Result> {
        vec![Result::new(first, second, first_points); count]
    }

    /// The uncertainty of `results` among `players`, the mean at 0.
    fn of(players: usize, results: &[Result]) -> (Vec<f64>, Uncertainty) {
        let fitted = fit(players, results, vec![0.0; players], EXACT);
        let found = uncertainty(players, results, &fitted, &Anchor::Mean);
        (pin(fitted, &Anchor::Mean), found)
    }

    #[test]
    fn the_normal_distribution_is_right_where_it_is_known() {
        assert!((normal_below(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_below(1.96) - 0.975).abs() < 1e-4);
        assert!((normal_below(-1.0) - 0.158_655).abs() < 1e-4);
    }

    #[test]
    fn eight_draws_between_equals_leave_a_real_margin() {
        let (elo, found) = of(2, &games(0, 1, 0.5, 8));
        assert!(elo[0].abs() < 1e-6, "{elo:?}");
        for deviation in &found.deviations {
            assert!(Z95 * deviation > 20.0, "{found:?}");
        }
        assert!((found.superiority[0][1] - 0.5).abs() < 1e-9, "{found:?}");
    }

    #[test]
    fn superiority_is_one_matrix_each_pair_adding_up_to_one() {
        // 0 beats 1 often, 1 and 2 are close, 3 never played 0.
        let mut results = games(0, 1, 1.0, 3);
        results.extend(games(1, 2, 1.0, 2));
        results.extend(games(2, 1, 0.5, 2));
        results.extend(games(2, 3, 0.0, 1));
        results.extend(games(1, 3, 0.5, 2));
        let (elo, found) = of(4, &results);
        for a in 0..4 {
            assert!((found.superiority[a][a] - 0.5).abs() < 1e-9);
            for b in 0..4 {
                let sum = found.superiority[a][b] + found.superiority[b][a];
                assert!((sum - 1.0).abs() < 1e-6, "{a} {b}: {sum}");
                assert_eq!(found.superiority[a][b] > 0.5, elo[a] > elo[b]);
            }
        }
    }

    #[test]
    fn the_same_games_give_the_same_margins() {
        let results = games(0, 1, 1.0, 3);
        assert_eq!(of(2, &results), of(2, &results));
    }
}
