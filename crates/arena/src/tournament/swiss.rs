//! Pairing a Swiss round. The rule, as docs/tournament.md states it:
//!
//! 1. The players are ordered by score, then by their place in the
//!    roster (the seeding).
//! 2. With an odd count, the last player in that order who has not had a
//!    bye sits this round out and scores a point.
//! 3. The first unpaired player meets, of those it has not met, first the
//!    players of its own score group from the middle of what is left of
//!    the group down (the top half meets the bottom half), then those
//!    above the middle, then the next groups' players in order. When the
//!    rest cannot then be paired, the next candidate is tried, so no pair
//!    ever meets twice while any pairing can avoid it. When none can (the
//!    pairs not yet played do not split into a round), players who have
//!    met are candidates too, after those who have not, the fewest
//!    meetings first, and the round says which pairs meet again: the
//!    tournament is always finished.
//!    Two players who have both had one colour two times more than the
//!    other are not paired (one of them would have it a third time) while
//!    any pairing avoids it.
//! 4. In each pair, white goes to the player who has had white fewer times
//!    than black (by more), else to the one who had black last, else to
//!    the higher-placed player in odd rounds and the other in even ones.

/// What a player brings to the pairing of a round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Points so far, in halves (a win 2, a draw 1, a bye 2).
    pub half_points: usize,
    /// The players met so far.
    pub met: Vec<usize>,
    /// The colours played, in order: `true` for white.
    pub colours: Vec<bool>,
    /// Whether it has had a bye.
    pub had_bye: bool,
}

/// Adds a game to the records: `white` against `black`, white scoring
/// `white_half_points` (2, 1 or 0).
pub fn add_game(records: &mut [Record], white: usize, black: usize, white_half_points: usize) {
    records[white].half_points += white_half_points;
    records[black].half_points += 2 - white_half_points;
    records[white].met.push(black);
    records[black].met.push(white);
    records[white].colours.push(true);
    records[black].colours.push(false);
}

/// Adds a bye to `player`'s record: a point, and no game.
pub fn add_bye(records: &mut [Record], player: usize) {
    records[player].half_points += 2;
    records[player].had_bye = true;
}

impl Record {
    fn balance(&self) -> isize {
        self.colours
            .iter()
            .map(|&white| if white { 1 } else { -1 })
            .sum()
    }
}

/// A round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// Its games: (white, black).
    pub games: Vec<(usize, usize)>,
    /// The player who sits out, if any.
    pub bye: Option<usize>,
}

impl Round {
    /// The games of players who have met before.
    pub fn again(&self, records: &[Record]) -> Vec<(usize, usize)> {
        let met = |&&(white, black): &&(usize, usize)| records[white].met.contains(&black);
        self.games.iter().filter(met).copied().collect()
    }
}

/// How strictly a round is paired, the strictest that can be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strictness {
    /// No pair meets twice, no colour is given a third time running over.
    Strict,
    /// No pair meets twice.
    NoRepeat,
    /// Pairs may meet again, when nothing else pairs the round.
    Any,
}

/// The pairing of round `round` (from 1).
pub fn pair_round(records: &[Record], round: usize) -> Round {
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by_key(|&player| (std::cmp::Reverse(records[player].half_points), player));
    let bye = (order.len() % 2 == 1)
        .then(|| {
            order
                .iter()
                .rev()
                .find(|&&player| !records[player].had_bye)
                .or(order.last())
                .copied()
        })
        .flatten();
    order.retain(|&player| Some(player) != bye);
    let pairs = [Strictness::Strict, Strictness::NoRepeat, Strictness::Any]
        .into_iter()
        .find_map(|strictness| pair_from(&order, records, strictness))
        .unwrap_or_default();
    let games = pairs
        .into_iter()
        .map(|(higher, lower)| colours(higher, lower, records, round))
        .collect();
    Round { games, bye }
}

/// Pairs `left` (in order), or `None` if it cannot be done as strictly as
/// `strictness` asks.
fn pair_from(
    left: &[usize],
    records: &[Record],
    strictness: Strictness,
) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = left.split_first() else {
        return Some(Vec::new());
    };
    for opponent in candidates(first, rest, records, strictness) {
        let (a, b) = (records[first].balance(), records[opponent].balance());
        let third = a.abs() >= 2 && b.abs() >= 2 && a.signum() == b.signum();
        if strictness == Strictness::Strict && third {
            continue;
        }
        let others: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&player| player != opponent)
            .collect();
        if let Some(mut pairs) = pair_from(&others, records, strictness) {
            pairs.insert(0, (first, opponent));
            return Some(pairs);
        }
    }
    None
}

/// The opponents `first` may meet among `rest`, best first (rule 3).
fn candidates(
    first: usize,
    rest: &[usize],
    records: &[Record],
    strictness: Strictness,
) -> Vec<usize> {
    let score = records[first].half_points;
    let group: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&player| records[player].half_points == score)
        .collect();
    // `first` and its group: the middle of the whole group is half of its
    // size, `first` included.
    let middle = group.len().div_ceil(2);
    let mut order: Vec<usize> = group[middle.saturating_sub(1).min(group.len())..].to_vec();
    order.extend(
        group[..middle.saturating_sub(1).min(group.len())]
            .iter()
            .rev(),
    );
    order.extend(
        rest.iter()
            .copied()
            .filter(|&player| records[player].half_points != score),
    );
    let met = &records[first].met;
    let meetings = |player: &usize| met.iter().filter(|&known| known == player).count();
    let mut again: Vec<usize> = order.iter().copied().filter(|p| meetings(p) > 0).collect();
    order.retain(|player| meetings(player) == 0);
    if strictness == Strictness::Any {
        again.sort_by_key(meetings);
        order.extend(again);
    }
    order
}

/// Who of `higher` (placed higher) and `lower` gets white (rule 4).
fn colours(higher: usize, lower: usize, records: &[Record], round: usize) -> (usize, usize) {
    let (a, b) = (&records[higher], &records[lower]);
    let higher_white = match a.balance().cmp(&b.balance()) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (a.colours.last(), b.colours.last()) {
            (Some(false), Some(true)) => true,
            (Some(true), Some(false)) => false,
            _ => round % 2 == 1,
        },
    };
    if higher_white {
        (higher, lower)
    } else {
        (lower, higher)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;
    use std::collections::HashSet;

    /// Plays `rounds` Swiss rounds of `players` with random results.
    fn play(players: usize, rounds: usize, seed: u64) -> Vec<Record> {
        let mut rng = Rng::new(seed);
        let mut records = vec![Record::default(); players];
        for round in 1..=rounds {
            let Round { games, bye } = pair_round(&records, round);
            let mut seated: Vec<usize> = games.iter().flat_map(|&(w, b)| [w, b]).collect();
            seated.extend(bye);
            seated.sort_unstable();
            assert_eq!(seated, (0..players).collect::<Vec<_>>(), "everyone once");
            for (white, black) in games {
                add_game(&mut records, white, black, rng.below(3) as usize);
            }
            if let Some(bye) = bye {
                add_bye(&mut records, bye);
            }
        }
        records
    }

    #[test]
    fn twelve_players_never_meet_twice_and_keep_their_colours_even() {
        for seed in 1..20 {
            let records = play(12, 7, seed);
            for (player, record) in records.iter().enumerate() {
                let met: HashSet<&usize> = record.met.iter().collect();
                assert_eq!(
                    met.len(),
                    record.met.len(),
                    "player {player} met someone twice"
                );
                assert!(
                    record.balance().abs() <= 2,
                    "player {player}: {:?}",
                    record.colours
                );
            }
        }
    }

    #[test]
    fn every_round_is_paired_and_a_pair_meets_again_only_when_it_must() {
        // Six players, five rounds: a round robin's count, which a Swiss
        // can paint into a corner (the pairs left form two triangles).
        let mut cornered = 0;
        for seed in 1..60 {
            let mut rng = Rng::new(seed);
            let mut records = vec![Record::default(); 6];
            for round in 1..=5 {
                let paired = pair_round(&records, round);
                assert_eq!(paired.games.len(), 3);
                if !paired.again(&records).is_empty() {
                    cornered += 1;
                    let order: Vec<usize> = (0..6).collect();
                    assert_eq!(pair_from(&order, &records, Strictness::NoRepeat), None);
                }
                for (white, black) in paired.games {
                    add_game(&mut records, white, black, rng.below(3) as usize);
                }
            }
        }
        assert!(
            cornered > 0,
            "no seed led to a corner: the test tests nothing"
        );
    }

    #[test]
    fn an_odd_count_gives_each_bye_to_someone_new() {
        let records = play(7, 5, 3);
        assert_eq!(records.iter().filter(|record| record.had_bye).count(), 5);
    }

    #[test]
    fn the_first_round_meets_the_top_half_with_the_bottom_half() {
        let Round { games, bye } = pair_round(&vec![Record::default(); 6], 1);
        assert_eq!(bye, None);
        let pairs: Vec<(usize, usize)> = games.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
        assert_eq!(pairs, [(0, 3), (1, 4), (2, 5)]);
    }
}
