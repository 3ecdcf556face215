//! Four-piece endgame tables against a plain search over the rules. A
//! four-piece table takes minutes to build, so the test runs only on a
//! folder of tables already built, named by `CONGO_TB4`; without it, it
//! says so and passes.
//!
//! From each four-piece table in the folder, positions are sampled by
//! value: short wins and losses are searched to the distance the table
//! claims (won within it and not sooner, lost within it and not sooner),
//! and draws are searched a few plies for a forced win either way. The
//! search plays the legal moves by the rules; a move that leaves the
//! material (a capture, a promotion) is valued by probing the table it
//! lands in, which the folder also holds.

use std::collections::HashMap;
use std::path::PathBuf;

use congo_rules::random::Rng;
use congo_rules::{Position, RuleSet, Status};
use congo_tables::{MAX_PIECES, Material, Tablebase, Value};

/// Plies a draw is searched for a forced loss; one less for a forced win.
const DRAW_DEPTH: u16 = 4;

/// Positions sampled of each value (win 1, 3, 5, loss 0, 2, 4, draw).
const PER_VALUE: usize = 25;

/// Random numbers tried per table before settling for the values found:
/// a probe of the side whose distances are left out probes every child,
/// each in a block of its own, so a try costs milliseconds.
const TRIES: usize = 20_000;

/// The values sampled: the shortest wins and losses, which a search over
/// the rules reaches in full, and draws.
const SAMPLED: [Value; 7] = [
    Value::Win(1),
    Value::Win(3),
    Value::Win(5),
    Value::Loss(0),
    Value::Loss(2),
    Value::Loss(4),
    Value::Draw,
];

#[test]
fn four_piece_values_agree_with_a_search_over_the_rules() {
    let Some(dir) = std::env::var_os("CONGO_TB4").map(PathBuf::from) else {
        println!("skipped: set CONGO_TB4 to a folder of four-piece tables to check them");
        return;
    };
    let mut checked = 0;
    for rule_set in [RuleSet::Wits2022, RuleSet::Wits2021] {
        let tables = Tablebase::new(&dir, rule_set);
        let built = Material::all_up_to(MAX_PIECES, rule_set.promotes())
            .into_iter()
            .filter(|material| material.pieces().len() == 4)
            // A pawnless table serves both rule sets: checked once.
            .filter(|material| rule_set.promotes() || material.has_pawns())
            .filter(|material| tables.summary(material).is_ok());
        for material in built {
            let search = Search {
                tables: &tables,
                rule_set,
                material: material.clone(),
            };
            let found = search.check_sample();
            println!("{material} under {rule_set}: {found:?}");
            checked += found.values().sum::<usize>();
        }
    }
    assert!(checked > 0, "no four-piece table in {}", dir.display());
}

/// A search over the rules inside one material, probing the tables only
/// for the positions a move leaves it for.
struct Search<'a> {
    tables: &'a Tablebase,
    rule_set: RuleSet,
    material: Material,
}

impl Search<'_> {
    /// Checks up to [`PER_VALUE`] random positions of each short value,
    /// and returns how many of each were checked.
    fn check_sample(&self) -> HashMap<String, usize> {
        let mut rng = Rng::new(self.material.size() as u64);
        let mut found: HashMap<String, usize> = HashMap::new();
        for _ in 0..TRIES {
            let full = |value: &Value| found.get(&value.to_string()) == Some(&PER_VALUE);
            if SAMPLED.iter().all(full) {
                break;
            }
            let number = rng.below(self.material.size() as u64) as usize;
            let Some(position) = self.material.position(number) else {
                continue;
            };
            let value = self.tables.probe(&position).unwrap();
            let seen = found.entry(value.to_string()).or_default();
            if !SAMPLED.contains(&value) || *seen == PER_VALUE {
                continue;
            }
            *seen += 1;
            assert!(
                self.agrees(&position, value),
                "{}: {position} is stored as {value}, which a search over the rules refutes",
                self.material
            );
            // The search tells values apart: a value two plies longer,
            // or a draw called a win, is refuted.
            let wrong = match value {
                Value::Win(plies) => Value::Win(plies + 2),
                Value::Loss(plies) => Value::Loss(plies + 2),
                Value::Draw => Value::Win(1),
            };
            assert!(!self.agrees(&position, wrong), "{position}: {wrong}");
        }
        found.retain(|_, &mut count| count > 0);
        found
    }

    /// Whether a search to the depth `value` claims finds it: not sooner
    /// (asked first, the cheaper search for a value too long), and then
    /// within it.
    fn agrees(&self, position: &Position, value: Value) -> bool {
        match value {
            Value::Win(plies) => {
                (plies < 2 || !self.wins_within(position, plies - 2))
                    && self.wins_within(position, plies)
            }
            Value::Loss(plies) => {
                (plies < 2 || !self.loses_within(position, plies - 2))
                    && self.loses_within(position, plies)
            }
            Value::Draw => {
                !self.wins_within(position, DRAW_DEPTH - 1)
                    && !self.loses_within(position, DRAW_DEPTH)
            }
        }
    }

    /// Whether the side to move can take the other lion within `plies`.
    fn wins_within(&self, position: &Position, plies: u16) -> bool {
        if plies == 0 || position.is_bare_lions_draw() {
            return false;
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves.iter().any(|&m| {
            let child = position.play_unchecked(m, self.rule_set);
            match self.outside(&child) {
                Some(value) => matches!(value, Value::Loss(lost) if lost < plies),
                None => self.loses_within(&child, plies - 1),
            }
        })
    }

    /// Whether the side to move loses its lion within `plies` whatever
    /// it plays (having no move loses at once).
    fn loses_within(&self, position: &Position, plies: u16) -> bool {
        if position.is_bare_lions_draw() {
            return false;
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return true;
        }
        if plies == 0 {
            return false;
        }
        moves.iter().all(|&m| {
            let child = position.play_unchecked(m, self.rule_set);
            match self.outside(&child) {
                Some(value) => matches!(value, Value::Win(won) if won < plies),
                None => self.wins_within(&child, plies - 1),
            }
        })
    }

    /// The value of `child` when a move left the material for it: lost
    /// at once when its lion was taken, else probed from its own table;
    /// `None` while it is still in the material.
    fn outside(&self, child: &Position) -> Option<Value> {
        if child.status() != Status::Ongoing {
            return Some(Value::Loss(0));
        }
        let material = Material::of(&child.board).stored();
        (material != self.material).then(|| self.tables.probe(child).unwrap())
    }
}
