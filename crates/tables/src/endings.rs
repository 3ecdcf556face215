//! Which endings games come to: the first material with at most a given
//! number of pieces beside the lions that each recorded game reaches,
//! counted over many games, so that the tables built first are the ones
//! real games need.

use super::Material;
use congo_rules::record::{GameReplayError, Record};
use congo_rules::{RuleSet, Status};

/// How many games first reach each small material.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Endings {
    /// Each material reached (the twin the tables store) and how many
    /// games reached it first.
    counts: Vec<(Material, usize)>,
    /// The games counted, whether they reached one or not.
    games: usize,
}

impl Endings {
    /// Replays `record` and counts the first position, both lions on the
    /// board, with at most `pieces` pieces beside them: a capture of
    /// several pieces at once may skip a count.
    pub fn add(
        &mut self,
        record: &Record,
        rule_set: RuleSet,
        pieces: usize,
    ) -> Result<(), GameReplayError> {
        let game = record.replay(rule_set, None)?;
        self.games += 1;
        let reached = game.positions().iter().find(|position| {
            position.status() == Status::Ongoing
                && position.board.occupied().count() as usize <= pieces + 2
        });
        if let Some(position) = reached {
            let material = Material::of(&position.board).stored();
            match self.counts.iter_mut().find(|(seen, _)| *seen == material) {
                Some((_, count)) => *count += 1,
                None => self.counts.push((material, 1)),
            }
        }
        Ok(())
    }

    /// The games counted.
    pub fn games(&self) -> usize {
        self.games
    }

    /// The games that reached a small material.
    pub fn reached(&self) -> usize {
        self.counts.iter().map(|(_, count)| count).sum()
    }

    /// Each material and its count, the most reached first, ties by
    /// name.
    pub fn most_first(&self) -> Vec<(Material, usize)> {
        let mut counts = self.counts.clone();
        counts.sort_by_cached_key(|(material, count)| {
            (std::cmp::Reverse(*count), material.to_string())
        });
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of `moves` from `start`, as `match --record` writes one.
    fn record(start: &str, moves: &str) -> Record {
        format!("1\tA\t{start}\t{moves}\t1-0\tblack's lion was taken")
            .parse()
            .unwrap()
    }

    #[test]
    fn the_first_small_material_of_each_game_is_counted_as_its_stored_twin() {
        let mut endings = Endings::default();
        // White's zebra takes the pawn: LZvLP becomes LZvL.
        let taken = record("3l3/7/7/3p3/7/2Z4/3L3 w 0", "c2d4 d7e7");
        endings.add(&taken, RuleSet::Wits2022, 1).unwrap();
        // Black has the zebra: LvLZ is stored as LZvL.
        let black = record("3l3/3z3/7/7/7/7/3L3 b 0", "d7c7");
        endings.add(&black, RuleSet::Wits2022, 1).unwrap();
        // Two pieces a side throughout: never at most one.
        let long = record("3l3/3zg2/7/7/7/2ZG3/3L3 w 0", "c2b4");
        endings.add(&long, RuleSet::Wits2022, 1).unwrap();
        assert_eq!(endings.games(), 3);
        assert_eq!(endings.reached(), 2);
        let lzvl: Material = "LZvL".parse().unwrap();
        assert_eq!(endings.most_first(), vec![(lzvl, 2)]);
    }

    #[test]
    fn materials_are_listed_most_reached_first_then_by_name() {
        let mut endings = Endings::default();
        for (start, moves) in [
            ("3l3/7/7/3p3/7/7/3L3 w 0", "d1d2"),
            ("3l3/7/7/3z3/7/7/3L3 w 0", "d1d2"),
            ("3l3/7/7/3z3/7/7/3L3 w 0", "d1d2"),
            ("3l3/7/7/3g3/7/7/3L3 w 0", "d1d2"),
        ] {
            endings
                .add(&record(start, moves), RuleSet::Wits2022, 2)
                .unwrap();
        }
        let names: Vec<String> = endings
            .most_first()
            .iter()
            .map(|(material, count)| format!("{count} {material}"))
            .collect();
        assert_eq!(names, ["2 LZvL", "1 LGvL", "1 LPvL"]);
    }

    #[test]
    fn a_move_that_is_not_legal_is_an_error_naming_the_game() {
        let mut endings = Endings::default();
        let error = endings
            .add(
                &record("3l3/7/7/7/7/7/3L3 w 0", "d1d5"),
                RuleSet::Wits2022,
                4,
            )
            .unwrap_err();
        assert!(error.to_string().starts_with("game 1 "), "{error}");
        assert_eq!(endings.games(), 0);
    }
}
