//! A match's score as it grows: A's wins, draws and losses, the game
//! pairs by A's points, the SPRT's verdict, and the summary with the Elo
//! difference and its interval.

use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use super::sprt::{Pentanomial, Sprt, Verdict};

/// A's results so far, game by game and pair by pair, and the test's
/// verdict on them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    pairs: Pentanomial,
    /// A's half-points in the pair under way.
    pair_points: usize,
    pub(super) verdict: Verdict,
}

impl Tally {
    /// Counts game number `game` (from 0), in which A scored `a_points`
    /// half-points; a pair ends with its odd-numbered game, and the test
    /// (if any) is asked there. Returns the verdict so far.
    pub(super) fn count(&mut self, game: usize, a_points: usize, sprt: Option<&Sprt>) -> Verdict {
        match a_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
        // A pair's first game starts its count afresh, even when the
        // game before it (a lone game in merged records) had no partner.
        if game.is_multiple_of(2) {
            self.pair_points = 0;
        }
        self.pair_points += a_points;
        if game % 2 == 1 {
            self.pairs.record(std::mem::take(&mut self.pair_points));
            if let Some(sprt) = sprt {
                self.verdict = sprt.verdict(sprt.llr(&self.pairs));
            }
        }
        self.verdict
    }

    /// The report's summary: the score, the Elo difference, the pairs and
    /// the test.
    pub(super) fn write(&self, output: &mut impl Write, sprt: Option<&Sprt>) -> io::Result<()> {
        let (wins, draws, losses) = (self.wins, self.draws, self.losses);
        let games = wins + draws + losses;
        let score = f64::from(wins) + f64::from(draws) / 2.0;
        writeln!(
            output,
            "A wins {wins}, draws {draws}, loses {losses} of {games}: score {score}/{games} ({:.1}%)",
            100.0 * score / f64::from(games.max(1))
        )?;
        writeln!(
            output,
            "Elo difference (A - B): {}",
            elo_summary(wins, draws, losses)
        )?;
        let [p0, p1, p2, p3, p4] = self.pairs.0;
        writeln!(
            output,
            "game pairs by A's points (0, 1/2, 1, 3/2, 2): [{p0}, {p1}, {p2}, {p3}, {p4}]"
        )?;
        if let Some(sprt) = sprt {
            let (lower, upper) = sprt.bounds();
            writeln!(
                output,
                "SPRT [{}, {}] (alpha {}, beta {}): LLR {:.2} ({lower:.2}, {upper:.2}): {}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr(&self.pairs),
                self.verdict
            )?;
        }
        Ok(())
    }
}

impl Tally {
    /// Where the match stands after `done` of `total` games.
    pub(super) fn progress(&self, done: usize, total: usize, sprt: Option<&Sprt>) -> Progress {
        let (wins, draws, losses) = (self.wins, self.draws, self.losses);
        Progress {
            done,
            total,
            wins,
            draws,
            losses,
            elo: elo_summary(wins, draws, losses)
                .split(';')
                .next()
                .unwrap_or_default()
                .to_owned(),
            sprt: sprt.map(|sprt| {
                let (lower, upper) = sprt.bounds();
                (sprt.llr(&self.pairs), lower, upper)
            }),
        }
    }
}

/// Where a match stands, told after each game.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Games counted.
    pub done: usize,
    /// Games the match plays at most.
    pub total: usize,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// The Elo difference (A - B) and its 95% interval.
    pub elo: String,
    /// The SPRT's log-likelihood ratio and its bounds, when one runs.
    pub sprt: Option<(f64, f64, f64)>,
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        write!(
            f,
            "{} of {} games: A +{} ={} -{}, score {score}/{}, Elo {}",
            self.done, self.total, self.wins, self.draws, self.losses, self.done, self.elo
        )?;
        if let Some((llr, lower, upper)) = self.sprt {
            write!(f, ", LLR {llr:.2} ({lower:.2}, {upper:.2})")?;
        }
        Ok(())
    }
}

/// Fewer games than this give an Elo estimate too loose to lean on.
const FEW_GAMES: u32 = 20;

/// `+E (95%: L to H)`: the Elo difference the score implies, and a Wilson
/// score interval around it. Unlike the plain normal interval, Wilson's
/// stays open on the far side of a one-sided result (4-0 is +inf, but the
/// lower end is finite) and does not shrink to a point on all draws.
fn elo_summary(wins: u32, draws: u32, losses: u32) -> String {
    let count = wins + draws + losses;
    if count == 0 {
        return "no games".into();
    }
    let games = f64::from(count);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    let z2 = 1.96_f64 * 1.96;
    let center = (score + z2 / (2.0 * games)) / (1.0 + z2 / games);
    let half = 1.96 / (1.0 + z2 / games)
        * (score * (1.0 - score) / games + z2 / (4.0 * games * games)).sqrt();
    let elo = |p: f64| -> String {
        if p >= 1.0 - 1e-12 {
            "+inf".into()
        } else if p <= 1e-12 {
            "-inf".into()
        } else {
            // Adding 0.0 turns a rounding residue of -0 into +0.
            format!("{:+.0}", (-400.0 * (1.0 / p - 1.0).log10()).round() + 0.0)
        }
    };
    let mut summary = format!(
        "{} (95%: {} to {})",
        elo(score),
        elo(center - half),
        elo(center + half)
    );
    if count < FEW_GAMES {
        summary.push_str(&format!("; {count} games are too few for a firm estimate"));
    }
    summary
}

/// Moves an engine answered past its time but within the margin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overruns {
    /// How many.
    pub count: usize,
    /// The longest, past the time given.
    pub worst: Duration,
}

impl Overruns {
    /// Counts one answer `late` past its time (none when zero).
    pub(super) fn note(&mut self, late: Duration) {
        if !late.is_zero() {
            self.count += 1;
            self.worst = self.worst.max(late);
        }
    }

    /// Adds another game's overruns.
    pub(super) fn add(&mut self, other: Overruns) {
        self.count += other.count;
        self.worst = self.worst.max(other.worst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_from_scores() {
        // An even score over 20 games: Wilson's interval spans the scores
        // 0.299 to 0.701.
        assert_eq!(elo_summary(10, 0, 10), "+0 (95%: -148 to +148)");
        // 75%: +191.
        assert!(
            elo_summary(30, 0, 10).starts_with("+191 (95%: +"),
            "{}",
            elo_summary(30, 0, 10)
        );
        // A clean sweep has no upper end, but a lower one.
        assert_eq!(
            elo_summary(4, 0, 0),
            "+inf (95%: +7 to +inf); 4 games are too few for a firm estimate"
        );
        // Two draws say little.
        assert_eq!(
            elo_summary(0, 2, 0),
            "+0 (95%: -393 to +393); 2 games are too few for a firm estimate"
        );
        assert_eq!(elo_summary(57, 3, 0), "+636 (95%: +379 to +894)");
        assert_eq!(elo_summary(0, 0, 0), "no games");
    }
}
