//! Work on a whole folder of tables: which units (a material and the rule
//! set it is built under) make the default set, and building, summing up
//! or verifying a list of them in order, each unit reported as it is done.

use std::path::Path;

use super::{Generated, Material, Summary, TableError, Tablebase};
use crate::Rules;

/// The materials built when none is named: at most this many pieces
/// beside the lions.
pub const DEFAULT_PIECES: usize = 2;

/// One unit of table work: a material and the rule set it is built under.
pub type Unit = (Material, Rules);

/// The units of `materials` under `rules`, each named by its stored colour
/// twin and given once; with no materials named, every stored material up
/// to [`DEFAULT_PIECES`] under 2022, then those with pawns again under 2021
/// (the only ones the rule sets make differ).
pub fn units(materials: &[Material], rules: Rules) -> Vec<Unit> {
    if !materials.is_empty() {
        let mut units: Vec<Unit> = Vec::new();
        for material in materials.iter().map(Material::stored) {
            if !units.iter().any(|(named, _)| *named == material) {
                units.push((material, rules));
            }
        }
        return units;
    }
    let mut units: Vec<Unit> = Material::all_up_to(DEFAULT_PIECES, true)
        .into_iter()
        .map(|material| (material, Rules::Wits2022))
        .collect();
    units.extend(
        Material::all_up_to(DEFAULT_PIECES, false)
            .into_iter()
            .filter(Material::has_pawns)
            .map(|material| (material, Rules::Wits2021)),
    );
    units
}

/// Builds each unit's table in `dir` (made if missing), in order, with
/// `threads` threads a table; `done` hears of each as it is written.
pub fn generate_units(
    dir: &Path,
    units: &[Unit],
    threads: usize,
    mut done: impl FnMut(&Unit, &Generated),
) -> Result<(), TableError> {
    std::fs::create_dir_all(dir).map_err(|error| TableError::Write(dir.to_owned(), error))?;
    for unit in units {
        let (material, rules) = unit;
        let generated = Tablebase::new(dir, *rules).generate(material, threads)?;
        done(unit, &generated);
    }
    Ok(())
}

/// What each unit's table in `dir` holds, in order.
pub fn summarize_units(dir: &Path, units: &[Unit]) -> Result<Vec<Summary>, TableError> {
    units
        .iter()
        .map(|(material, rules)| Tablebase::new(dir, *rules).summary(material))
        .collect()
}

/// Checks each unit's table in `dir` against its positions' successors,
/// in order; `done` hears how many positions of each agree.
pub fn verify_units(
    dir: &Path,
    units: &[Unit],
    mut done: impl FnMut(&Unit, usize),
) -> Result<(), TableError> {
    for unit in units {
        let (material, rules) = unit;
        let checked = Tablebase::new(dir, *rules).verify(material)?;
        done(unit, checked);
    }
    Ok(())
}
