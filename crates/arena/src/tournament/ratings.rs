//! Ratings from every game at once, by maximum likelihood (as Ordo does):
//! the chance that a player rated `d` Elo above another scores is
//! `1 / (1 + 10^(-d/400))`, a draw counts half a point, and the ratings
//! are those under which the games played are likeliest. So that a
//! player who won or lost every game still has a finite rating, each is
//! given one draw against a player rated 0, the pool's average (as
//! BayesElo's prior does). The pool's mean is then shifted to 0, or one
//! named player to a named rating. How sure the ratings are is
//! `uncertainty.rs`'s work.

/// The Elo of one step of the logistic, `400 / ln 10`.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// How closely the ratings shown are found: a thousandth of an Elo (they
/// are shown to a tenth).
pub const EXACT: f64 = 1e-3;

/// One game's result: the players, and the first one's points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Result {
    pub first: usize,
    pub second: usize,
    /// 1, 0.5 or 0.
    pub first_points: f64,
}

impl Result {
    /// `player`'s opponent and points in this game, if it played it.
    pub fn seen_by(&self, player: usize) -> Option<(usize, f64)> {
        if self.first == player {
            Some((self.second, self.first_points))
        } else if self.second == player {
            Some((self.first, 1.0 - self.first_points))
        } else {
            None
        }
    }

    /// A game, for the tests.
    #[cfg(test)]
    pub fn new(first: usize, second: usize, first_points: f64) -> Result {
        Result {
            first,
            second,
            first_points,
        }
    }
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
    1.0 / (1.0 + (-difference / SCALE).exp())
}

/// The ratings that make `results` likeliest, with the prior's draws,
/// found from `start` (in the prior's frame, as `fit` returns them: a
/// start near the answer, as a replay's refit has, saves sweeps) until no
/// step moves a rating more than `within` Elo.
pub fn fit(players: usize, results: &[Result], start: Vec<f64>, within: f64) -> Vec<f64> {
    // Each player's games: the opponent and the player's points.
    let mut games: Vec<Vec<(usize, f64)>> = vec![Vec::new(); players];
    for result in results {
        games[result.first].push((result.second, result.first_points));
        games[result.second].push((result.first, 1.0 - result.first_points));
    }
    let mut elo = start;
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
        // Only the prior holds the pool as a whole, so one player at a
        // time it drifts slowly: a Newton step moves it all at once.
        let (mut pull, mut stiffness) = (0.0, 0.0);
        for &value in &elo {
            let p = expected(value);
            pull += 0.5 - p;
            stiffness += p * (1.0 - p);
        }
        let shift = SCALE * pull / stiffness;
        for value in &mut elo {
            *value += shift;
        }
        moved = moved.max(shift.abs());
        if moved < within {
            break;
        }
    }
    elo
}

/// `elo` shifted so that `anchor` holds.
pub fn pin(mut elo: Vec<f64>, anchor: &Anchor) -> Vec<f64> {
    let shift = match *anchor {
        Anchor::Mean => -elo.iter().sum::<f64>() / elo.len().max(1) as f64,
        Anchor::Player(player, rating) => rating - elo.get(player).copied().unwrap_or(0.0),
    };
    for value in &mut elo {
        *value += shift;
    }
    elo
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratings(players: usize, results: &[Result], anchor: &Anchor) -> Vec<f64> {
        pin(fit(players, results, vec![0.0; players], EXACT), anchor)
    }

    #[test]
    fn two_equal_players_are_rated_alike_and_a_stronger_one_higher() {
        let even = [Result::new(0, 1, 1.0), Result::new(1, 0, 1.0)];
        let rated = ratings(2, &even, &Anchor::Mean);
        assert!(rated[0].abs() < 1e-6 && rated[1].abs() < 1e-6, "{rated:?}");
        let uneven = [Result::new(0, 1, 1.0), Result::new(1, 0, 0.5)];
        let rated = ratings(2, &uneven, &Anchor::Player(1, 1000.0));
        assert!(rated[0] > 1000.0);
        assert!((rated[1] - 1000.0).abs() < 1e-9);
    }

    #[test]
    fn players_with_the_same_results_get_the_same_rating() {
        // 0 beats everyone; 1, 2 and 3 draw among themselves.
        let mut results = Vec::new();
        for other in 1..4 {
            results.push(Result::new(0, other, 1.0));
            for next in other + 1..4 {
                results.push(Result::new(other, next, 0.5));
            }
        }
        let rated = ratings(4, &results, &Anchor::Mean);
        for other in 2..4 {
            assert!((rated[other] - rated[1]).abs() < 1e-3, "{rated:?}");
        }
        assert!(rated.iter().sum::<f64>().abs() < 1e-6);
    }
}
