//! The standings: who is ahead, by score (a bye's point included), then
//! the format's tie-breaks, then the roster; each player's rating, how
//! sure it is, and the likelihood of superiority of every player over
//! every other. The rating is a column, never the order: a tournament's
//! places are what its players scored.

use std::cmp::Ordering;

use super::ratings::{Anchor, EXACT, Result, fit, pin};
use super::tie_breaks::TieBreak;
use super::uncertainty::{Z95, uncertainty};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The player's place in the roster.
    pub player: usize,
    pub name: String,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Rounds sat out, a point each.
    pub byes: usize,
    /// Points from games and byes.
    pub points: f64,
    /// The values of the standings' tie-breaks, in their order.
    pub tie_breaks: Vec<f64>,
    pub elo: f64,
    /// The 95 % margin of the rating (`None` with no games).
    pub margin: Option<f64>,
}

impl Row {
    /// The games played (byes are none).
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The share of the points to be had in its rounds, byes included.
    pub fn percent(&self) -> f64 {
        let rounds = self.games() + self.byes;
        if rounds == 0 {
            0.0
        } else {
            100.0 * self.points / rounds as f64
        }
    }

    /// Whether nothing bounds its rating from above: it won every game,
    /// and the games would only grow likelier were it rated higher still
    /// (the prior's draws alone keep its rating finite).
    pub fn open_above(&self) -> bool {
        self.games() > 0 && self.wins == self.games()
    }

    /// Whether nothing bounds its rating from below: it lost every game.
    pub fn open_below(&self) -> bool {
        self.games() > 0 && self.losses == self.games()
    }

    /// The lower end of the 95 % interval; `None` where it is open.
    pub fn low(&self) -> Option<f64> {
        self.margin
            .filter(|_| !self.open_below())
            .map(|margin| self.elo - margin)
    }

    /// The upper end of the 95 % interval; `None` where it is open.
    pub fn high(&self) -> Option<f64> {
        self.margin
            .filter(|_| !self.open_above())
            .map(|margin| self.elo + margin)
    }
}

/// The standings of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// The tie-breaks applied after the score, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// Best first.
    pub rows: Vec<Row>,
    /// `superiority[a][b]`, by roster place: the likelihood that `a` is
    /// stronger than `b`.
    pub superiority: Vec<Vec<f64>>,
}

impl Standings {
    /// The standings of `names` after `games` and the `byes` given (a
    /// player's place for each), rated from `anchor`.
    pub fn of(
        names: &[String],
        games: &[Result],
        byes: &[usize],
        anchor: &Anchor,
        tie_breaks: Vec<TieBreak>,
    ) -> Standings {
        let count = names.len();
        let fitted = fit(count, games, vec![0.0; count], EXACT);
        let spread = uncertainty(count, games, &fitted, anchor);
        let elo = pin(fitted, anchor);
        let mut rows: Vec<Row> = names
            .iter()
            .enumerate()
            .map(|(player, name)| {
                let mut row = Row {
                    player,
                    name: name.clone(),
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    byes: byes.iter().filter(|&&bye| bye == player).count(),
                    points: 0.0,
                    tie_breaks: Vec::new(),
                    elo: elo[player],
                    margin: None,
                };
                for (_, points) in games.iter().filter_map(|game| game.seen_by(player)) {
                    match points {
                        1.0 => row.wins += 1,
                        0.0 => row.losses += 1,
                        _ => row.draws += 1,
                    }
                }
                row.points = row.wins as f64 + row.draws as f64 / 2.0 + row.byes as f64;
                row.margin = (row.games() > 0).then(|| Z95 * spread.deviations[player]);
                row
            })
            .collect();
        let scores: Vec<f64> = rows.iter().map(|row| row.points).collect();
        for row in &mut rows {
            row.tie_breaks = tie_breaks
                .iter()
                .map(|tie| tie.value(row.player, games, row.byes, &scores))
                .collect();
        }
        rows.sort_by(order);
        Standings {
            tie_breaks,
            rows,
            superiority: spread.superiority,
        }
    }

    /// The likelihood that the player ranked `rank` (from 0) is stronger
    /// than the next one down.
    pub fn over_next(&self, rank: usize) -> Option<f64> {
        let (this, next) = (self.rows.get(rank)?, self.rows.get(rank + 1)?);
        Some(self.superiority[this.player][next.player])
    }
}

/// Best first: the score, the tie-breaks in turn, then the roster.
fn order(a: &Row, b: &Row) -> Ordering {
    b.points
        .total_cmp(&a.points)
        .then_with(|| {
            b.tie_breaks
                .iter()
                .zip(&a.tie_breaks)
                .map(|(b, a)| b.total_cmp(a))
                .find(|ordering| ordering.is_ne())
                .unwrap_or(Ordering::Equal)
        })
        .then(a.player.cmp(&b.player))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(count: usize) -> Vec<String> {
        (0..count).map(|player| format!("p{player}")).collect()
    }

    fn ranked(standings: &Standings) -> Vec<usize> {
        standings.rows.iter().map(|row| row.player).collect()
    }

    #[test]
    fn four_points_rank_above_three_and_a_half_whatever_the_ratings() {
        // 0 scores 4 from 4 against the weak 2; 1 draws 7 games with the
        // strong 3, who beats 2 twenty times: 1 is rated above 0.
        let mut games = vec![Result::new(0, 2, 1.0); 4];
        games.extend(vec![Result::new(1, 3, 0.5); 7]);
        games.extend(vec![Result::new(3, 2, 1.0); 20]);
        let standings = Standings::of(&names(4), &games, &[], &Anchor::Mean, vec![]);
        let row = |player: usize| standings.rows.iter().find(|row| row.player == player);
        assert!(row(1).unwrap().elo > row(0).unwrap().elo, "{standings:?}");
        assert_eq!(ranked(&standings), [3, 0, 1, 2]);
    }

    #[test]
    fn a_bye_scores_a_point_and_ties_go_to_buchholz_then_sonneborn_berger() {
        // 0 beats 1; 2 beats 3; 4 has the bye. Then 0 beats 2, 4 beats 1,
        // 3 has the bye.
        let games = [
            Result::new(0, 1, 1.0),
            Result::new(2, 3, 1.0),
            Result::new(0, 2, 1.0),
            Result::new(4, 1, 1.0),
        ];
        let byes = [4, 3];
        let tie_breaks = vec![TieBreak::Buchholz, TieBreak::SonnebornBerger];
        let standings = Standings::of(&names(5), &games, &byes, &Anchor::Mean, tie_breaks);
        let row = |player: usize| {
            standings
                .rows
                .iter()
                .find(|row| row.player == player)
                .unwrap()
        };
        assert_eq!((row(4).points, row(4).byes, row(4).games()), (2.0, 1, 1));
        assert_eq!(row(3).points, 1.0);
        // 0 and 4 have 2 points: 0 met 1 (0) and 2 (1): Buchholz 1; 4 met
        // 1 (0) and had a bye (its own 2): Buchholz 2. 2 and 3 have 1: 2
        // met 3 (1) and 0 (2): 3; 3 met 2 (1), bye (1): 2.
        assert_eq!(row(0).tie_breaks, [1.0, 1.0]);
        assert_eq!(row(4).tie_breaks, [2.0, 0.0]);
        assert_eq!(ranked(&standings), [4, 0, 2, 3, 1]);
        assert_eq!(row(4).percent(), 100.0);
    }

    #[test]
    fn a_perfect_score_has_an_open_upper_bound_and_the_loser_an_open_lower_one() {
        let games = vec![Result::new(0, 1, 1.0); 7];
        let standings = Standings::of(&names(3), &games, &[], &Anchor::Mean, vec![]);
        let (best, worst) = (&standings.rows[0], &standings.rows[1]);
        assert!(best.high().is_none() && best.low().is_some());
        assert!(worst.low().is_none() && worst.high().is_some());
        assert!(best.margin.unwrap() > 0.0);
        // The one who never played has no margin at all.
        assert_eq!(standings.rows[2].margin, None);
        assert_eq!(standings.over_next(0), Some(standings.superiority[0][1]));
    }
}
