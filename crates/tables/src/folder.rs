//! Work on a whole folder of tables: which units (a material and the rule
//! set it is built under) make a set, and building, summing up or
//! verifying a list of them in order, each unit reported as it is done.
//! Building goes level by level (a table needs only tables of lower
//! levels), so shards of one set seldom wait for each other, and keeps
//! every table already there whole, so a run cut off starts again where
//! it stopped.

use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

use super::{Generated, LARGE_TABLE, Material, Summary, TableError, Tablebase, WHOLE_BUDGET};
use congo_kit::shard::Shard;
use congo_rules::{Kind, RuleSet};

/// The materials built when none is named: at most this many pieces
/// beside the lions.
pub const DEFAULT_PIECES: usize = 2;

/// One unit of table work: a material and the rule set it is built under.
pub type Unit = (Material, RuleSet);

/// The units of `materials` under `rule_set`, each named by its stored colour
/// twin and given once; with no materials named, every stored material
/// with at most `pieces` pieces beside the lions under 2022, then those
/// with pawns again under 2021 (the only ones the rule sets make differ).
pub fn units(materials: &[Material], pieces: usize, rule_set: RuleSet) -> Vec<Unit> {
    if !materials.is_empty() {
        let mut units: Vec<Unit> = Vec::new();
        for material in materials.iter().map(Material::stored) {
            if !units.iter().any(|(named, _)| *named == material) {
                units.push((material, rule_set));
            }
        }
        return units;
    }
    let mut units: Vec<Unit> = Material::all_up_to(pieces, true)
        .into_iter()
        .map(|material| (material, RuleSet::Wits2022))
        .collect();
    units.extend(
        Material::all_up_to(pieces, false)
            .into_iter()
            .filter(Material::has_pawns)
            .map(|material| (material, RuleSet::Wits2021)),
    );
    units
}

impl Material {
    /// Its level among the tables of a rule set that does (`promotion`)
    /// or does not promote pawns: 0 for the bare lions, else one more than
    /// the highest level of the materials it turns into. A level's tables
    /// need only lower levels', so they can all be built at once: one
    /// cluster job array a level, each after the last.
    pub fn level(&self, promotion: bool) -> usize {
        level_among(&self.stored(), promotion, &mut Vec::new())
    }
}

/// The level of the stored `material`, `known` holding those found.
fn level_among(material: &Material, promotion: bool, known: &mut Vec<(Material, usize)>) -> usize {
    if let Some((_, level)) = known.iter().find(|(seen, _)| seen == material) {
        return *level;
    }
    let level = material
        .successors(promotion)
        .iter()
        .map(|next| level_among(next, promotion, known) + 1)
        .max()
        .unwrap_or(0);
    known.push((material.clone(), level));
    level
}

/// A unit's level ([`Material::level`] under its rule set).
fn level(unit: &Unit) -> usize {
    let (material, rule_set) = unit;
    material.level(rule_set.promotes())
}

/// `units` in the order they are built: by level, and in their own order
/// within one.
fn in_level_order(units: &[Unit]) -> Vec<Unit> {
    let mut ordered: Vec<(usize, usize, &Unit)> = units
        .iter()
        .enumerate()
        .map(|(number, unit)| (level(unit), number, unit))
        .collect();
    ordered.sort_unstable_by_key(|&(level, number, _)| (level, number));
    ordered
        .into_iter()
        .map(|(_, _, unit)| unit.clone())
        .collect()
}

/// How many of `units` `shard` builds ([`generate_units`] deals them).
pub fn share_of(units: &[Unit], shard: Shard) -> usize {
    dealt(&in_level_order(units), shard)
        .into_iter()
        .filter(|&mine| mine)
        .count()
}

/// Which of `units`, in level order, are `shard`'s: each level's dealt
/// out by cost, the costliest first, each to the shard with the least
/// work of the level so far, so that the shards of a level end together
/// (dealt in turn, one shard drew most of a level's pawnful tables). A
/// table's cost is its size, twice for a pawn, three times for two, and
/// so on: a pawn's promotions read more tables, and four-piece builds
/// took 54 to 224 s of CPU per 100 M numbers, the more pawns the longer.
fn dealt(units: &[Unit], shard: Shard) -> Vec<bool> {
    let levels: Vec<(usize, usize)> = units.iter().map(level).enumerate().collect();
    let mut mine = vec![false; units.len()];
    for same_level in levels.chunk_by(|a, b| a.1 == b.1) {
        let mut by_cost: Vec<usize> = same_level.iter().map(|&(number, _)| number).collect();
        by_cost.sort_by_key(|&number| (std::cmp::Reverse(cost(&units[number])), number));
        let mut loads = vec![0u64; shard.count()];
        for number in by_cost {
            let least = (0..loads.len())
                .min_by_key(|&at| (loads[at], at))
                .unwrap_or(0);
            loads[least] += cost(&units[number]);
            mine[number] = least == shard.index();
        }
    }
    mine
}

/// What building `unit`'s table costs, as [`dealt`] weighs it.
fn cost((material, _): &Unit) -> u64 {
    let pawns = material
        .pieces()
        .iter()
        .filter(|piece| piece.kind == Kind::Pawn);
    material.size() as u64 * (1 + pawns.count() as u64)
}

/// What became of one unit's table.
#[derive(Clone, Debug, PartialEq)]
pub enum Built {
    /// It was built and written.
    Written(Generated),
    /// A whole, sound table was there already (from a run cut off, or
    /// another process): it is kept.
    Kept,
}

/// What building a list of units tells as it goes.
#[derive(Debug)]
pub enum TableEvent<'a> {
    /// A unit of this shard is finished.
    Finished(&'a Unit, &'a Built),
    /// Waiting for tables that other shards build.
    Waiting(&'a [PathBuf]),
}

/// How often a shard looks again for the tables it waits for.
const WAIT_STEP: Duration = Duration::from_millis(100);

/// Builds the table of each unit of `units` that is `shard`'s in `dir`
/// (made if missing), level by level ([`Material::level`]; the units are
/// numbered, from 0, in that order, and keep their own within a level),
/// with `threads` threads a table; `tell` hears of each as it is finished,
/// and of any wait for a table another shard builds. A table already there
/// is kept when it reads back whole (its name and size right, its header
/// and every block matching their checksums), and built again otherwise; tables are written whole or not at all, so
/// one cut off is never trusted.
pub fn generate_units(
    dir: &Path,
    units: &[Unit],
    threads: usize,
    shard: Shard,
    mut tell: impl FnMut(TableEvent),
) -> Result<(), TableError> {
    std::fs::create_dir_all(dir).map_err(|error| match error.kind() {
        // Something that is not a folder stands at `dir`.
        std::io::ErrorKind::AlreadyExists => TableError::NotAFolder(dir.to_owned()),
        _ => TableError::Write(dir.to_owned(), error),
    })?;
    let units = in_level_order(units);
    let mine = dealt(&units, shard);
    // One folder reader a rule set for the whole run, so that a table
    // built, or read whole, stays in memory for the units still to come
    // that turn into it (within a budget).
    let mut readers: Vec<Tablebase> = Vec::new();
    for (number, unit) in units.iter().enumerate() {
        if !mine[number] {
            continue;
        }
        let (material, rule_set) = unit;
        let at = reader(&mut readers, dir, *rule_set);
        let tables = &readers[at];
        if tables.path(material).is_file() && tables.check_whole(material).is_ok() {
            tell(TableEvent::Finished(unit, &Built::Kept));
            continue;
        }
        wait_for_other_shards(dir, unit, &units, &mine, &mut tell);
        if let Some(needed) = held_while_building(unit) {
            hold_only(&mut readers, at, &needed);
        }
        let tables = &mut readers[at];
        let built = Built::Written(tables.generate(material, threads)?);
        tell(TableEvent::Finished(unit, &built));
        tables.retain_whole(&wanted_after(&units, number, &mine), WHOLE_BUDGET);
    }
    Ok(())
}

/// Where the run's reader of `dir` under `rule_set` is in `readers`,
/// made the first time, its files looked for afresh: another shard may
/// have written them since.
fn reader(readers: &mut Vec<Tablebase>, dir: &Path, rule_set: RuleSet) -> usize {
    let at = match readers
        .iter()
        .position(|tables| tables.rule_set == rule_set)
    {
        Some(at) => at,
        None => {
            readers.push(Tablebase::new(dir, rule_set));
            readers.len() - 1
        }
    };
    readers[at].forget_files();
    at
}

/// Keeps read whole only the tables `needed` of the reader at `at`,
/// and none of the other rule set's: a large build needs the room.
fn hold_only(readers: &mut [Tablebase], at: usize, needed: &[usize]) {
    for (other, tables) in readers.iter_mut().enumerate() {
        tables.retain_whole(if other == at { needed } else { &[] }, usize::MAX);
    }
}

/// What to keep read whole while `unit` is built, if not the tables
/// later units want: a large build (four pieces) keeps only the tables it
/// turns into, and those later units want are read again.
fn held_while_building((material, rule_set): &Unit) -> Option<Vec<usize>> {
    (material.size() > LARGE_TABLE).then(|| {
        material
            .successors(rule_set.promotes())
            .iter()
            .map(|successor| successor.stored().compact())
            .collect()
    })
}

/// The tables that the units after `number` this shard builds (`mine`)
/// under its rule set turn into, by compact number, soonest wanted first.
fn wanted_after(units: &[Unit], number: usize, mine: &[bool]) -> Vec<usize> {
    let rule_set = units[number].1;
    units
        .iter()
        .enumerate()
        .skip(number + 1)
        .filter(|&(later, (_, rules))| mine[later] && *rules == rule_set)
        .flat_map(|(_, (material, _))| material.successors(rule_set.promotes()))
        .map(|successor| successor.stored().compact())
        .collect()
}

/// Waits until the tables `unit` turns into that other shards build are
/// there (a table no unit builds is left for `generate` to name missing).
/// Tables are matched by file, so a unit under 2021 waits for a table
/// without pawns that another shard builds under 2022.
fn wait_for_other_shards(
    dir: &Path,
    unit: &Unit,
    units: &[Unit],
    mine: &[bool],
    tell: &mut impl FnMut(TableEvent),
) {
    let (material, rule_set) = unit;
    let others: Vec<PathBuf> = units
        .iter()
        .enumerate()
        .filter(|&(number, _)| !mine[number])
        .map(|(_, (other, other_rules))| Tablebase::new(dir, *other_rules).path(other))
        .collect();
    let tables = Tablebase::new(dir, *rule_set);
    let theirs: Vec<PathBuf> = material
        .successors(rule_set.promotes())
        .iter()
        .map(|needed| tables.path(needed))
        .filter(|path| others.contains(path))
        .collect();
    let mut told = false;
    loop {
        let missing: Vec<PathBuf> = theirs
            .iter()
            .filter(|path| !path.is_file())
            .cloned()
            .collect();
        if missing.is_empty() {
            return;
        }
        if !told {
            tell(TableEvent::Waiting(&missing));
            told = true;
        }
        thread::sleep(WAIT_STEP);
    }
}

/// What each unit's table in `dir` holds, in order.
pub fn summarize_units(dir: &Path, units: &[Unit]) -> Result<Vec<Summary>, TableError> {
    units
        .iter()
        .map(|(material, rule_set)| Tablebase::new(dir, *rule_set).summary(material))
        .collect()
}

/// Checks each unit's table in `dir` against its positions' successors,
/// in order, `threads` threads a table; `done` hears how many positions of
/// each agree.
pub fn verify_units(
    dir: &Path,
    units: &[Unit],
    threads: usize,
    mut done: impl FnMut(&Unit, usize),
) -> Result<(), TableError> {
    for unit in units {
        let (material, rule_set) = unit;
        let checked = Tablebase::new(dir, *rule_set).verify(material, threads)?;
        done(unit, checked);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_level_is_dealt_out_by_cost_each_table_to_one_shard() {
        let units = in_level_order(&units(&[], 4, RuleSet::Wits2022));
        let shards: Vec<Vec<bool>> = Shard::every(16).map(|shard| dealt(&units, shard)).collect();
        for number in 0..units.len() {
            assert_eq!(shards.iter().filter(|mine| mine[number]).count(), 1);
        }
        let levels: Vec<usize> = units.iter().map(level).collect();
        let load = |mine: &[bool], of_level: usize| -> u64 {
            let numbers = 0..units.len();
            let numbers = numbers.filter(|&n| mine[n] && levels[n] == of_level);
            numbers.map(|n| cost(&units[n])).sum()
        };
        for of_level in 0..=levels.iter().copied().max().unwrap() {
            let loads: Vec<u64> = shards.iter().map(|mine| load(mine, of_level)).collect();
            let costliest = (0..units.len())
                .filter(|&n| levels[n] == of_level)
                .map(|n| cost(&units[n]))
                .max()
                .unwrap();
            let (most, least) = (loads.iter().max().unwrap(), loads.iter().min().unwrap());
            // Costliest first, each to the least loaded: the loads differ
            // by at most one table.
            assert!(most - least <= costliest, "level {of_level}: {loads:?}");
            // A level of many tables (level 4 of the four-piece set:
            // 1,101): within 2% (dealt in turn, 5.5%).
            if of_level == 4 {
                assert!(most * 50 <= least * 51, "{loads:?}");
            }
        }
    }

    use super::*;

    fn material(name: &str) -> Material {
        name.parse().unwrap()
    }

    #[test]
    fn a_large_build_holds_what_it_needs_and_nothing_of_the_other_rule_set() {
        use crate::byte_values::ByteValues;
        use std::sync::{Arc, OnceLock};
        let mut readers: Vec<Tablebase> = [RuleSet::Wits2021, RuleSet::Wits2022]
            .into_iter()
            .map(|rule_set| Tablebase::new(Path::new("unused"), rule_set))
            .collect();
        for tables in &mut readers {
            for number in [1, 2] {
                let values: ByteValues = [7].into_iter().collect();
                tables.whole[number] = OnceLock::from(Ok(Arc::new(values)));
            }
        }
        hold_only(&mut readers, 1, &[2]);
        let held = |tables: &Tablebase| -> Vec<usize> {
            (0..3)
                .filter(|&n| tables.whole[n].get().is_some())
                .collect()
        };
        assert_eq!(held(&readers[0]), Vec::<usize>::new());
        assert_eq!(held(&readers[1]), vec![2]);
    }

    #[test]
    fn only_a_large_build_lets_go_of_what_it_does_not_need() {
        let compact = |name: &str| material(name).compact();
        let needed = held_while_building(&(material("LSPvLSP"), RuleSet::Wits2022)).unwrap();
        // Its promotion and captures stay; a table it never turns into goes.
        for name in ["LSSvLSP", "LSPvLS", "LSPvLP", "LSvLS", "LvL"] {
            assert!(needed.contains(&compact(name)), "{name}");
        }
        for name in ["LZvL", "LZPvLSP", "LGZvLGZ"] {
            assert!(!needed.contains(&compact(name)), "{name}");
        }
        // Three pieces: the run's budget decides, as for every unit.
        assert_eq!(
            held_while_building(&(material("LSPvLP"), RuleSet::Wits2022)),
            None
        );
    }

    #[test]
    fn every_table_needs_only_tables_of_lower_levels() {
        for promotion in [true, false] {
            let all = Material::all_up_to(3, promotion);
            let levels: Vec<usize> = all.iter().map(|one| one.level(promotion)).collect();
            let level_of = |wanted: &Material| {
                let place = all.iter().position(|one| one == wanted).unwrap();
                levels[place]
            };
            for (one, &level) in all.iter().zip(&levels) {
                let successors = one.successors(promotion);
                for next in &successors {
                    assert!(level_of(next) < level, "{next} of {one}");
                }
                // One more than the highest: no level is skipped.
                let highest = successors.iter().map(level_of).max();
                assert_eq!(highest.map_or(0, |highest| highest + 1), level, "{one}");
            }
        }
        for (name, promotion, level) in [
            ("LvL", true, 0),
            ("LZvL", true, 1),
            ("LvLZ", true, 1),
            ("LZvLZ", true, 2),
            ("LPvL", true, 2),
            ("LPvL", false, 1),
        ] {
            assert_eq!(material(name).level(promotion), level, "{name}");
        }
    }

    #[test]
    fn a_table_built_in_a_run_is_read_from_memory_by_the_units_after_it() {
        let scratch = |name: &str| {
            let dir = std::env::temp_dir().join(format!("congo-run-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            dir
        };
        let (dir, fresh) = (scratch("kept"), scratch("fresh"));
        // The pawn promotes into LSvL: its files are damaged as soon as
        // they are written, and building LPvL does not read them.
        let materials = [material("LvL"), material("LSvL"), material("LPvL")];
        let set = units(&materials, 0, RuleSet::Wits2022);
        let superpawn = Tablebase::new(&dir, RuleSet::Wits2022);
        let paths = [
            superpawn.path(&materials[1]),
            superpawn.distance_path(&materials[1]),
        ];
        generate_units(&dir, &set, 1, Shard::ALL, |event| {
            if let TableEvent::Finished((material, _), _) = event
                && *material == materials[1]
            {
                for path in &paths {
                    std::fs::write(path, b"damaged").unwrap();
                }
            }
        })
        .unwrap();
        generate_units(&fresh, &set, 1, Shard::ALL, |_| {}).unwrap();
        let pawn = superpawn.path(&materials[2]);
        let name = pawn.file_name().unwrap();
        assert_eq!(
            std::fs::read(&pawn).unwrap(),
            std::fs::read(fresh.join(name)).unwrap()
        );
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&fresh);
    }

    #[test]
    fn units_are_built_level_by_level_in_their_own_order_within_one() {
        let units = units(&[], 2, RuleSet::Wits2022);
        let ordered = in_level_order(&units);
        assert_eq!(ordered.len(), units.len());
        let place = |unit: &Unit| units.iter().position(|one| one == unit).unwrap();
        for pair in ordered.windows(2) {
            let (first, second) = (&pair[0], &pair[1]);
            assert!(
                (level(first), place(first)) < (level(second), place(second)),
                "{first:?} before {second:?}"
            );
        }
        // A pawn's table under 2021 comes before one under 2022 that can
        // promote into a level above it.
        let pawn = |rule_set| (material("LPvL"), rule_set);
        let in_order = |unit: &Unit| ordered.iter().position(|one| one == unit).unwrap();
        assert!(in_order(&pawn(RuleSet::Wits2021)) < in_order(&pawn(RuleSet::Wits2022)));
    }
}
