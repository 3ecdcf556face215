//! Who plays whom: a round robin or a gauntlet, fixed before the first
//! game; a Swiss is paired a round at a time (see `swiss.rs`). Every game
//! belongs to a pair of players and has a number within the pair, which
//! names its line in the pair's record; the two games of a pair's cycle
//! start from the same opening, colours swapped.

use std::fmt;

/// The form of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every pair plays each colour once a cycle.
    RoundRobin {
        /// How many cycles.
        cycles: usize,
    },
    /// The seeds (by their places in the roster) each play everyone else,
    /// each colour once a cycle.
    Gauntlet {
        /// The seeds.
        seeds: Vec<usize>,
        /// How many cycles.
        cycles: usize,
    },
    /// Rounds paired by score, no pair twice.
    Swiss {
        /// How many rounds.
        rounds: usize,
    },
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Format::RoundRobin { cycles } => write!(f, "round robin, {cycles} cycle(s)"),
            Format::Gauntlet { seeds, cycles } => {
                let seeds: Vec<String> = seeds.iter().map(usize::to_string).collect();
                write!(
                    f,
                    "gauntlet of seeds {}, {cycles} cycle(s)",
                    seeds.join(" ")
                )
            }
            Format::Swiss { rounds } => write!(f, "Swiss, {rounds} round(s)"),
        }
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// Its round, from 1.
    pub round: usize,
    /// The players, by their places in the roster.
    pub white: usize,
    pub black: usize,
    /// Its number within its pair's games, from 0: its pair's record
    /// holds it on the line numbered one more.
    pub pair_game: usize,
    /// Which opening it starts from.
    pub opening: usize,
}

impl Pairing {
    /// The pair it belongs to: the players in roster order.
    pub fn pair(&self) -> (usize, usize) {
        (self.white.min(self.black), self.white.max(self.black))
    }

    /// Whether the pair's first player (in roster order) has white.
    pub fn first_has_white(&self) -> bool {
        self.white < self.black
    }

    /// The letter of white in the pair's record: `A` for the pair's first
    /// player, `B` for its second.
    pub fn white_letter(&self) -> char {
        if self.first_has_white() { 'A' } else { 'B' }
    }
}

/// The whole schedule of a round robin or gauntlet of `players` players.
/// Each cycle is dealt in rounds by the circle method, so that in a
/// round robin every player plays once a round (twice: both colours).
pub fn fixed_schedule(format: &Format, players: usize) -> Vec<Pairing> {
    let pairs_by_round: Vec<Vec<(usize, usize)>> = match format {
        Format::RoundRobin { .. } => circle_rounds(players),
        Format::Gauntlet { seeds, .. } => {
            let others: Vec<usize> = (0..players)
                .filter(|player| !seeds.contains(player))
                .collect();
            let mut rounds = Vec::new();
            for &seed in seeds {
                for &other in &others {
                    rounds.push(vec![(seed.min(other), seed.max(other))]);
                }
            }
            rounds
        }
        Format::Swiss { .. } => return Vec::new(),
    };
    let cycles = match format {
        Format::RoundRobin { cycles } | Format::Gauntlet { cycles, .. } => *cycles,
        Format::Swiss { .. } => 0,
    };
    let pair_count = pairs_by_round.iter().map(Vec::len).sum::<usize>();
    let mut schedule = Vec::new();
    for cycle in 0..cycles {
        for (index, pairs) in pairs_by_round.iter().enumerate() {
            let round = cycle * pairs_by_round.len() + index + 1;
            for &(first, second) in pairs {
                let pair_index = pair_number(&pairs_by_round, first, second);
                let opening = cycle * pair_count + pair_index;
                for colour in 0..2 {
                    let (white, black) = if colour == 0 {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    schedule.push(Pairing {
                        round,
                        white,
                        black,
                        pair_game: 2 * cycle + colour,
                        opening,
                    });
                }
            }
        }
    }
    schedule
}

/// The place of the pair `(first, second)` among all the schedule's
/// pairs, for its openings.
fn pair_number(rounds: &[Vec<(usize, usize)>], first: usize, second: usize) -> usize {
    rounds
        .iter()
        .flatten()
        .position(|&pair| pair == (first, second))
        .unwrap_or(0)
}

/// Every pair of `players`, in rounds where each plays at most once (the
/// circle method: one player stays, the others turn).
fn circle_rounds(players: usize) -> Vec<Vec<(usize, usize)>> {
    // With an odd count, a missing player gives each round's bye.
    let seats = players + players % 2;
    let mut ring: Vec<usize> = (0..seats).collect();
    let mut rounds = Vec::new();
    for _ in 0..seats - 1 {
        let mut pairs = Vec::new();
        for index in 0..seats / 2 {
            let (a, b) = (ring[index], ring[seats - 1 - index]);
            if a < players && b < players {
                pairs.push((a.min(b), a.max(b)));
            }
        }
        rounds.push(pairs);
        ring[1..].rotate_right(1);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn a_round_robin_plays_every_pair_each_colour_each_cycle() {
        for players in [2, 3, 6, 7] {
            let schedule = fixed_schedule(&Format::RoundRobin { cycles: 2 }, players);
            assert_eq!(schedule.len(), players * (players - 1) * 2);
            let games: HashSet<(usize, usize, usize)> = schedule
                .iter()
                .map(|pairing| (pairing.white, pairing.black, pairing.pair_game))
                .collect();
            assert_eq!(games.len(), schedule.len());
            for pairing in &schedule {
                // Colours alternate within a pair: game 0 gives the first
                // player white, as a match gives A white in odd games.
                assert_eq!(pairing.first_has_white(), pairing.pair_game % 2 == 0);
            }
            // Within a round no one plays two pairs.
            for round in 1..=schedule.last().unwrap().round {
                let mut seen = HashSet::new();
                for pairing in schedule.iter().filter(|pairing| pairing.round == round) {
                    if pairing.pair_game % 2 == 0 {
                        assert!(seen.insert(pairing.white) && seen.insert(pairing.black));
                    }
                }
            }
        }
    }

    #[test]
    fn a_gauntlet_plays_its_seeds_against_everyone_else() {
        let schedule = fixed_schedule(
            &Format::Gauntlet {
                seeds: vec![0, 3],
                cycles: 1,
            },
            5,
        );
        assert_eq!(schedule.len(), 2 * 3 * 2);
        assert!(
            schedule
                .iter()
                .all(|pairing| [0, 3].contains(&pairing.white) != [0, 3].contains(&pairing.black))
        );
        // Both games of a pair start from the same opening.
        for pair in schedule.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(
                (pair[0].white, pair[0].black),
                (pair[1].black, pair[1].white)
            );
        }
    }
}
