//! Work on a whole folder of tables: which units (a material and the rule
//! set it is built under) make a set, and building, summing up or
//! verifying a list of them in order, each unit reported as it is done.
//! Building keeps every table already there whole, so a run cut off
//! starts again where it stopped.

use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

use super::{Generated, Material, Summary, TableError, Tablebase};
use crate::RuleSet;
use crate::shard::Shard;

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

/// Builds the table of each unit of `units` that is `shard`'s (the units
/// are numbered in order, from 0) in `dir` (made if missing), in order,
/// with `threads` threads a table; `tell` hears of each as it is finished,
/// and of any wait for a table another shard builds. A table already there
/// is kept when it reads back whole (its name, size and checksum right),
/// and built again otherwise; tables are written whole or not at all, so
/// one cut off is never trusted.
pub fn generate_units(
    dir: &Path,
    units: &[Unit],
    threads: usize,
    shard: Shard,
    mut tell: impl FnMut(TableEvent),
) -> Result<(), TableError> {
    std::fs::create_dir_all(dir).map_err(|error| TableError::Write(dir.to_owned(), error))?;
    for (number, unit) in units.iter().enumerate() {
        if !shard.plays(number) {
            continue;
        }
        let (material, rule_set) = unit;
        let mut tables = Tablebase::new(dir, *rule_set);
        if tables.path(material).is_file() && tables.summary(material).is_ok() {
            tell(TableEvent::Finished(unit, &Built::Kept));
            continue;
        }
        wait_for_other_shards(&tables, unit, units, shard, &mut tell);
        let built = Built::Written(tables.generate(material, threads)?);
        tell(TableEvent::Finished(unit, &built));
    }
    Ok(())
}

/// Waits until the tables `unit` turns into that other shards build are
/// there (a table no unit builds is left for `generate` to name missing).
fn wait_for_other_shards(
    tables: &Tablebase,
    unit: &Unit,
    units: &[Unit],
    shard: Shard,
    tell: &mut impl FnMut(TableEvent),
) {
    let (material, rule_set) = unit;
    let theirs: Vec<PathBuf> = material
        .successors(rule_set.promotes())
        .into_iter()
        .filter(|needed| {
            units.iter().enumerate().any(|(number, other)| {
                other == &(needed.clone(), *rule_set) && !shard.plays(number)
            })
        })
        .map(|needed| tables.path(&needed))
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
