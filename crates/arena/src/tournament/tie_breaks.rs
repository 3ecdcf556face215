//! The tie-breaks that order players on the same score, named and worked
//! out once for the standings and their files. A Swiss's players meet
//! different opponents, so its first tie-break is how strong they were;
//! in an all-play format everyone met the same field and only whom each
//! scored against can tell them apart.

use super::ratings::Result;
use super::schedule::Format;

/// One tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The sum of the opponents' scores, a game each; a bye counts as a
    /// game against an opponent with the player's own score (FIDE's way
    /// with an unplayed round), so that a bye neither helps nor harms.
    Buchholz,
    /// Sonneborn-Berger: the sum, a game each, of the player's points in
    /// the game times its opponent's score; a bye adds nothing.
    SonnebornBerger,
}

impl TieBreak {
    /// The tie-breaks of `format`, in the order they are applied.
    pub fn of(format: &Format) -> Vec<TieBreak> {
        match format {
            Format::Swiss { .. } => vec![TieBreak::Buchholz, TieBreak::SonnebornBerger],
            _ => vec![TieBreak::SonnebornBerger],
        }
    }

    /// Its column's head in the text.
    pub fn header(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "Buchholz",
            TieBreak::SonnebornBerger => "SB",
        }
    }

    /// Its name in the CSV and JSON files.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "buchholz",
            TieBreak::SonnebornBerger => "sonneborn_berger",
        }
    }

    /// `player`'s value after `games` and `byes` byes, `scores` being
    /// every player's score (byes included).
    pub fn value(self, player: usize, games: &[Result], byes: usize, scores: &[f64]) -> f64 {
        let played: f64 = games
            .iter()
            .filter_map(|game| game.seen_by(player))
            .map(|(opponent, points)| match self {
                TieBreak::Buchholz => scores[opponent],
                TieBreak::SonnebornBerger => points * scores[opponent],
            })
            .sum();
        match self {
            TieBreak::Buchholz => played + byes as f64 * scores[player],
            TieBreak::SonnebornBerger => played,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buchholz_and_sonneborn_berger_by_hand() {
        // 0 beats 1 and draws 2; 2 beats 1; 3 had a bye and lost to 2.
        let games = [
            Result::new(0, 1, 1.0),
            Result::new(2, 0, 0.5),
            Result::new(1, 2, 0.0),
            Result::new(3, 2, 0.0),
        ];
        let scores = [1.5, 0.0, 2.5, 1.0];
        let value = |tie: TieBreak, player, byes| tie.value(player, &games, byes, &scores);
        assert_eq!(value(TieBreak::Buchholz, 0, 0), 0.0 + 2.5);
        assert_eq!(value(TieBreak::SonnebornBerger, 0, 0), 0.0 + 0.5 * 2.5);
        assert_eq!(
            value(TieBreak::SonnebornBerger, 2, 0),
            0.5 * 1.5 + 0.0 + 1.0
        );
        // The bye counts as an opponent with 3's own score in Buchholz,
        // and as nothing in Sonneborn-Berger.
        assert_eq!(value(TieBreak::Buchholz, 3, 1), 2.5 + 1.0);
        assert_eq!(value(TieBreak::SonnebornBerger, 3, 1), 0.0);
    }

    #[test]
    fn a_swiss_breaks_ties_by_buchholz_first_and_others_by_sonneborn_berger() {
        assert_eq!(
            TieBreak::of(&Format::Swiss { rounds: 5 }),
            [TieBreak::Buchholz, TieBreak::SonnebornBerger]
        );
        assert_eq!(
            TieBreak::of(&Format::RoundRobin { cycles: 1 }),
            [TieBreak::SonnebornBerger]
        );
    }
}
