//! Ratings from every game at once, by maximum likelihood (as Ordo does):
//! the chance that a player rated `d` Elo above another scores is
//! `1 / (1 + 10^(-d/400))`, a draw counts half a point, and the ratings
//! are those under which the games played are likeliest. So that a
//! player who won or lost every game still has a finite rating, each is
//! given one draw against a player rated 0, the pool's average (as
//! BayesElo's prior does). The pool's mean is then shifted to 0, or one
//! named player to a named rating.
//!
//! A rating's error margin is drawn from the games' own spread: the
//! variance of the player's results about what the ratings expect, over
//! the information those games carry (a draw-heavy player's results
//! spread less, and its margin is narrower), at 95 %. The likelihood of
//! superiority of one player over another is the chance, under those
//! margins, that its true rating is the higher.

/// The Elo of one step of the logistic, `400 / ln 10`.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// One game's result: the players, and the first one's points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Result {
    pub first: usize,
    pub second: usize,
    /// 1, 0.5 or 0.
    pub first_points: f64,
}

/// A player's rating and its 95 % margin (`None` with no games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub margin: Option<f64>,
}

/// Where the ratings are pinned.
#[derive(Clone, Debug, PartialEq)]
pub enum Anchor {
    /// The players' mean is 0.
    Mean,
    /// This player (by its place) has this rating.
    Player(usize, f64),
}

/// The chance that a player `difference` Elo above another scores.
pub fn expected(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

/// The ratings of `players` players after `results`.
pub fn ratings(players: usize, results: &[Result], anchor: &Anchor) -> Vec<Rating> {
    // Each player's games: the opponent and the player's points.
    let mut games: Vec<Vec<(usize, f64)>> = vec![Vec::new(); players];
    for result in results {
        games[result.first].push((result.second, result.first_points));
        games[result.second].push((result.first, 1.0 - result.first_points));
    }
    let mut elo = vec![0.0; players];
    // Newton's method, one player at a time, until nothing moves. The
    // prior's player stays at 0, where the pool's mean settles.
    for _ in 0..10_000 {
        let mut moved: f64 = 0.0;
        for player in 0..players {
            // The prior draw against a player of the pool's average.
            let p = expected(elo[player]);
            let (mut score, mut expect, mut information) = (0.5, p, p * (1.0 - p));
            for &(opponent, points) in &games[player] {
                let p = expected(elo[player] - elo[opponent]);
                score += points;
                expect += p;
                information += p * (1.0 - p);
            }
            let step = (SCALE * (score - expect) / information).clamp(-400.0, 400.0);
            elo[player] += step;
            moved = moved.max(step.abs());
        }
        if moved < 1e-7 {
            break;
        }
    }
    let shift = match *anchor {
        Anchor::Mean => -elo.iter().sum::<f64>() / players.max(1) as f64,
        Anchor::Player(player, rating) => rating - elo.get(player).copied().unwrap_or(0.0),
    };
    for value in &mut elo {
        *value += shift;
    }
    (0..players)
        .map(|player| Rating {
            elo: elo[player],
            margin: margin(&games[player], player, &elo),
        })
        .collect()
}

/// The 95 % margin of `player`'s rating, from its `games`' spread.
fn margin(games: &[(usize, f64)], player: usize, elo: &[f64]) -> Option<f64> {
    let (mut spread, mut information) = (0.0, 0.0);
    for &(opponent, points) in games {
        let p = expected(elo[player] - elo[opponent]);
        spread += (points - p) * (points - p);
        information += p * (1.0 - p);
    }
    (information > 0.0).then(|| 1.96 * SCALE * f64::sqrt(spread) / information)
}

/// The likelihood that `a`'s true rating is above `b`'s.
pub fn superiority(a: &Rating, b: &Rating) -> Option<f64> {
    let sigma = |rating: &Rating| rating.margin.map(|margin| margin / 1.96);
    let spread = (sigma(a)?.powi(2) + sigma(b)?.powi(2)).sqrt();
    Some(normal_below((a.elo - b.elo) / spread.max(1e-9)))
}

/// The standard normal distribution below `x`.
fn normal_below(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz and Stegun 7.1.26, to 1.5e-7).
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

    #[test]
    fn two_equal_players_are_rated_alike_and_a_stronger_one_higher() {
        let even = [
            Result {
                first: 0,
                second: 1,
                first_points: 1.0,
            },
            Result {
                first: 1,
                second: 0,
                first_points: 1.0,
            },
        ];
        let rated = ratings(2, &even, &Anchor::Mean);
        assert!(
            rated[0].elo.abs() < 1e-6 && rated[1].elo.abs() < 1e-6,
            "{rated:?}"
        );
        let uneven = [
            Result {
                first: 0,
                second: 1,
                first_points: 1.0,
            },
            Result {
                first: 1,
                second: 0,
                first_points: 0.5,
            },
        ];
        let rated = ratings(2, &uneven, &Anchor::Player(1, 1000.0));
        assert!(rated[0].elo > 1000.0);
        assert!((rated[1].elo - 1000.0).abs() < 1e-9);
        assert!(superiority(&rated[0], &rated[1]).unwrap() > 0.5);
    }

    #[test]
    fn players_with_the_same_results_get_the_same_rating() {
        // 0 beats everyone; 1, 2 and 3 draw among themselves.
        let mut results = Vec::new();
        for other in 1..4 {
            results.push(Result {
                first: 0,
                second: other,
                first_points: 1.0,
            });
            for next in other + 1..4 {
                results.push(Result {
                    first: other,
                    second: next,
                    first_points: 0.5,
                });
            }
        }
        let rated = ratings(4, &results, &Anchor::Mean);
        for other in 2..4 {
            assert!((rated[other].elo - rated[1].elo).abs() < 1e-6, "{rated:?}");
        }
        assert!((rated.iter().map(|rating| rating.elo).sum::<f64>()).abs() < 1e-6);
    }

    #[test]
    fn the_normal_distribution_is_right_where_it_is_known() {
        assert!((normal_below(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_below(1.96) - 0.975).abs() < 1e-4);
        assert!((normal_below(-1.0) - 0.158_655).abs() < 1e-4);
    }
}
