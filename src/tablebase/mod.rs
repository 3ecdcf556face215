//! Endgame tables: the value under perfect play of every position with
//! few pieces beside the two lions.
//!
//! Congo suits tables well: each lion never leaves its castle's nine
//! squares, so a material with k pieces beside the lions has at most
//! 2 x 81 x 49^k positions. Each [`Material`] is one table, built by
//! retrograde analysis ([`generate`]) from the tables it can turn into,
//! and stored in a file of its own ([`file`]). A value is a win or loss
//! with the distance in plies to the capture of a lion (the winner taking
//! the shortest way, the loser the longest), or a draw when neither side
//! can force one. The rules are the project's: a side with no legal move
//! loses, and two bare lions draw unless the side to move can take.
//!
//! The tables use the position's symmetries ([`Position::colours_swapped`],
//! [`Position::mirrored`]): a material and its colour-swapped twin (`LPvLZ`,
//! `LZvLP`) share one table, stored under the twin whose white side is the
//! stronger, and a position of the other twin is probed through its swap
//! (the side to move, and so its value, carries over); and a table numbers
//! the positions with white's lion on its castle's c and d files only, one
//! with it on the e file being its mirror image's.

mod file;
mod folder;
mod generate;
mod huffman;
mod layout;
mod material;
mod packed;
mod value;

pub use file::TableFileError;
pub use folder::{
    Built, DEFAULT_PIECES, TableEvent, Unit, generate_units, summarize_units, units, verify_units,
};
use material::Compact;
pub use material::{MAX_PIECES, Material, ParseMaterialError};
pub use value::Value;

use std::fmt::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use crate::{Move, Position, Reach, RuleSet, Status};

/// Why a table could not be built, read or used.
#[derive(Debug)]
pub enum TableError {
    /// A table the work needs is not in the folder.
    Missing(Vec<PathBuf>),
    /// A table file that cannot be used.
    File(TableFileError),
    /// A table could not be written.
    Write(PathBuf, std::io::Error),
    /// The position has more pieces than a table holds.
    TooManyPieces(usize),
    /// The error an earlier use of the same table met.
    Again(Arc<TableError>),
    /// A stored value disagrees with its successors' (from `verify`).
    Wrong {
        /// The table.
        material: Material,
        /// The position.
        fen: String,
        /// The value the table holds.
        stored: String,
        /// The value its successors give.
        expected: String,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Missing(paths) => {
                let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "missing table{} {} (generate {} first)",
                    if paths.len() == 1 { "" } else { "s" },
                    names.join(", "),
                    if paths.len() == 1 { "it" } else { "them" }
                )
            }
            TableError::File(error) => error.fmt(f),
            TableError::Again(error) => error.fmt(f),
            TableError::Write(path, error) => write!(f, "cannot write {}: {error}", path.display()),
            TableError::TooManyPieces(count) => write!(
                f,
                "the position has {count} pieces beside the lions, and the tables hold at most {MAX_PIECES}"
            ),
            TableError::Wrong {
                material,
                fen,
                stored,
                expected,
            } => write!(
                f,
                "{material}: {fen} is stored as {stored} but its successors make it {expected}"
            ),
        }
    }
}

impl std::error::Error for TableError {}

/// One material's values, in memory.
#[derive(Debug)]
struct Table {
    codes: Vec<u16>,
}

/// The value `table` holds for `position`, of its material.
fn index_in(table: &Table, position: &Position) -> Option<Value> {
    let material_index = Material::index_of(position)?;
    table
        .codes
        .get(material_index)
        .copied()
        .and_then(Value::from_code)
}

/// A table as read from its file, or why it could not be.
type Loaded = Result<Arc<Table>, Arc<TableError>>;

/// A folder of tables for one rule set, read as probes need them.
#[derive(Debug)]
pub struct Tablebase {
    dir: PathBuf,
    rule_set: RuleSet,
    /// Each material's table once read, or why it could not be, by its
    /// compact number: a search probes the same missing table at every
    /// node, and must not look for its file each time; and probes from
    /// many threads read at once.
    loaded: Box<[OnceLock<Loaded>]>,
}

impl Tablebase {
    /// The tables in `dir` under `rule_set`; nothing is read yet.
    pub fn new(dir: &Path, rule_set: RuleSet) -> Tablebase {
        Tablebase {
            dir: dir.to_owned(),
            rule_set,
            loaded: (0..Compact::COUNT).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The file of `material`'s table (the stored one of the colour twins):
    /// one per rule set only where pawns make them differ.
    pub fn path(&self, material: &Material) -> PathBuf {
        let material = material.stored();
        let name = match file::rules_byte(&material, self.rule_set) {
            0 => format!("{material}.ctb"),
            rule_set => format!("{material}.20{rule_set}.ctb"),
        };
        self.dir.join(name)
    }

    /// The table of `material`, a stored one, read from its file the
    /// first time.
    fn table(&self, material: &Material) -> Result<Arc<Table>, TableError> {
        self.loaded(material.compact(), || material.clone())
            .clone()
            .map_err(TableError::Again)
    }

    /// The table with compact number `number`, or why it could not be
    /// read: read from the file of the stored `material` the first time,
    /// and from memory, without a lock, after that.
    fn loaded(&self, number: usize, material: impl FnOnce() -> Material) -> &Loaded {
        self.loaded[number].get_or_init(|| {
            let material = material();
            let path = self.path(&material);
            if !path.exists() {
                return Err(Arc::new(TableError::Missing(vec![path])));
            }
            let rule_set = file::rules_byte(&material, self.rule_set);
            file::read(&path, &material, rule_set)
                .map(|codes| Arc::new(Table { codes }))
                .map_err(|error| Arc::new(TableError::File(error)))
        })
    }

    /// The value of `position`, which must have both lions.
    pub fn probe(&self, position: &Position) -> Result<Value, TableError> {
        if position.status() != Status::Ongoing {
            return Ok(Value::Loss(0));
        }
        let compact = Compact::of(&position.board).map_err(TableError::TooManyPieces)?;
        if !compact.stored {
            return self.probe(&position.colours_swapped());
        }
        // The material itself is built only the first time its table is
        // read; a probe after that allocates nothing and takes no lock.
        let table = self
            .loaded(compact.number, || Material::of(&position.board))
            .as_ref()
            .map_err(|error| TableError::Again(error.clone()))?;
        let code = index_in(table, position);
        // Every position with both lions in their castles has a number.
        Ok(code.unwrap_or(Value::Draw))
    }

    /// Whether `position` is small enough for the tables (whether they are
    /// all there is another matter).
    pub fn covers(position: &Position) -> bool {
        position.board.occupied().count() as usize <= MAX_PIECES + 2
    }

    /// The value of `position` and a best move (none when it has no legal
    /// move): the quickest win, or a draw, or the slowest loss.
    pub fn best(&self, position: &Position) -> Result<(Value, Option<Move>), TableError> {
        let value = self.probe(position)?;
        let children = self.children(position)?;
        let best = children
            .into_iter()
            .rev()
            .max_by_key(|&(_, child)| child.for_parent());
        Ok((value, best.map(|(m, _)| m)))
    }

    /// The value of `position` and every move that keeps it, sorted as
    /// strings: the moves that win as quickly, draw, or lose as slowly as
    /// the value says.
    pub fn keeping_moves(&self, position: &Position) -> Result<(Value, Vec<Move>), TableError> {
        let value = self.probe(position)?;
        let kept = match value {
            Value::Win(plies) => Value::Loss(plies.saturating_sub(1)),
            Value::Loss(plies) => Value::Win(plies.saturating_sub(1)),
            Value::Draw => Value::Draw,
        };
        let moves = self
            .children(position)?
            .into_iter()
            .filter(|&(_, child)| child == kept)
            .map(|(m, _)| m)
            .collect();
        Ok((value, moves))
    }

    /// Each legal move of `position` and the value of the position it
    /// leads to, sorted as strings; none when the game is over.
    fn children(&self, position: &Position) -> Result<Vec<(Move, Value)>, TableError> {
        if position.is_bare_lions_draw() {
            // The game is over: no move is made.
            return Ok(Vec::new());
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| Ok((m, self.probe(&position.play_unchecked(m, self.rule_set))?)))
            .collect()
    }

    /// Builds the table of `material` and writes it to its file. The
    /// tables it can turn into must be in the folder already.
    pub fn generate(
        &mut self,
        material: &Material,
        threads: usize,
    ) -> Result<Generated, TableError> {
        let material = &material.stored();
        let promotion = self.rule_set.promotes();
        let missing: Vec<PathBuf> = material
            .successors(promotion)
            .iter()
            .map(|successor| self.path(successor))
            .filter(|path| !path.exists())
            .collect();
        if !missing.is_empty() {
            return Err(TableError::Missing(missing));
        }
        let started = Instant::now();
        let outside = |child: &Position| self.probe(child).ok();
        let codes = generate::generate(material, self.rule_set, threads, &outside)
            .map_err(|lacking| TableError::Missing(vec![self.path(&lacking)]))?;
        let path = self.path(material);
        let rule_set = file::rules_byte(material, self.rule_set);
        file::write(&path, material, rule_set, &codes)
            .map_err(|error| TableError::Write(path.clone(), error))?;
        let generated = Generated {
            summary: Summary::of(material, &codes),
            seconds: started.elapsed().as_secs_f64(),
        };
        self.loaded[material.compact()] = OnceLock::from(Ok(Arc::new(Table { codes })));
        Ok(generated)
    }

    /// What the table of `material` holds, read from its file.
    pub fn summary(&self, material: &Material) -> Result<Summary, TableError> {
        let material = &material.stored();
        Ok(Summary::of(material, &self.table(material)?.codes))
    }

    /// Checks every stored value of `material` against its successors'
    /// (see [`Tablebase::successors_value`]).
    pub fn verify(&self, material: &Material, threads: usize) -> Result<usize, TableError> {
        let material = &material.stored();
        let table = self.table(material)?;
        let codes = &table.codes;
        let chunk = codes.len().div_ceil(threads.max(1)).max(1);
        let parts: Vec<Result<usize, TableError>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..codes.len())
                .step_by(chunk)
                .map(|start| {
                    let range = start..(start + chunk).min(codes.len());
                    scope.spawn(move || self.verify_range(material, codes, range))
                })
                .collect();
            generate::join_all(workers)
        });
        // The first wrong value in number order, whatever thread found it.
        parts.into_iter().sum()
    }

    /// [`Tablebase::verify`] of the numbers in `range`.
    fn verify_range(
        &self,
        material: &Material,
        codes: &[u16],
        range: std::ops::Range<usize>,
    ) -> Result<usize, TableError> {
        let mut checked = 0;
        // One text and one move list for the whole range.
        let mut fen = String::new();
        let mut moves = Vec::new();
        for index in range {
            let (Some(stored), Some(numbered)) =
                (Value::from_code(codes[index]), material.position(index))
            else {
                continue;
            };
            // Through the FEN text, as a user's position would come, where
            // the reader takes it (it refuses a few unreachable ones).
            fen.clear();
            let _ = write!(fen, "{numbered}");
            let position = Position::from_fen(&fen, self.rule_set, Reach::Game).unwrap_or(numbered);
            let expected = self.successors_value(&position, &mut moves)?;
            if stored != expected {
                return Err(TableError::Wrong {
                    material: material.clone(),
                    fen,
                    stored: stored.to_string(),
                    expected: expected.to_string(),
                });
            }
            checked += 1;
        }
        Ok(checked)
    }

    /// The value of `position` that its successors give, found by listing
    /// the legal moves and playing them as a game does, and probing the
    /// results: a win needs a lost child one ply nearer and none nearer, a
    /// loss only won children with the slowest one ply nearer, a draw no
    /// lost child and some child not won. `moves` is scratch space for
    /// the move list.
    fn successors_value(
        &self,
        position: &Position,
        moves: &mut Vec<Move>,
    ) -> Result<Value, TableError> {
        if position.is_bare_lions_draw() {
            return Ok(Value::Draw);
        }
        moves.clear();
        position.legal_moves(moves);
        let mut best: Option<Value> = None;
        for &m in moves.iter() {
            let value = self.probe(&position.play_unchecked(m, self.rule_set))?;
            if best.is_none_or(|top| value.for_parent() > top.for_parent()) {
                best = Some(value);
            }
        }
        Ok(match best {
            None => Value::Loss(0),
            Some(Value::Loss(plies)) => Value::Win(plies + 1),
            Some(Value::Win(plies)) => Value::Loss(plies + 1),
            Some(Value::Draw) => Value::Draw,
        })
    }
}

/// What building one table found.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// What the table holds.
    pub summary: Summary,
    /// How long it took.
    pub seconds: f64,
}

/// What one table holds: how its positions end for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Positions, both sides to move (a position and its mirror image,
    /// stored once, count as two).
    pub positions: usize,
    /// Positions won for the side to move, by side to move (white, black).
    pub wins: [usize; 2],
    /// Positions drawn, by side to move.
    pub draws: [usize; 2],
    /// Positions lost for the side to move, by side to move.
    pub losses: [usize; 2],
    /// The longest win, in plies, and the first position with it.
    pub longest: Option<(u16, String)>,
}

impl Summary {
    fn of(material: &Material, codes: &[u16]) -> Summary {
        let mut summary = Summary {
            positions: 0,
            wins: [0; 2],
            draws: [0; 2],
            losses: [0; 2],
            longest: None,
        };
        for (index, &code) in codes.iter().enumerate() {
            // Even numbers are white to move (see `Material::position`);
            // a number stored once for a position and its mirror image
            // counts twice, so that the figures are those of every
            // placement.
            let side = index % 2;
            let weight = material.weight(index);
            match Value::from_code(code) {
                None => continue,
                Some(Value::Draw) => summary.draws[side] += weight,
                Some(Value::Loss(_)) => summary.losses[side] += weight,
                Some(Value::Win(plies)) => {
                    summary.wins[side] += weight;
                    if summary.longest.as_ref().is_none_or(|(top, _)| plies > *top) {
                        let fen = material
                            .position(index)
                            .map(|position| position.to_string())
                            .unwrap_or_default();
                        summary.longest = Some((plies, fen));
                    }
                }
            }
            summary.positions += weight;
        }
        summary
    }

    /// The percentages of positions won, drawn and lost with `side` (0
    /// white, 1 black) to move, among the positions with that side to move.
    pub fn shares(&self, side: usize) -> [f64; 3] {
        let share = |count: usize| 200.0 * count as f64 / self.positions.max(1) as f64;
        [
            share(self.wins[side]),
            share(self.draws[side]),
            share(self.losses[side]),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_hold_wins_at_odd_distances_and_losses_at_even_ones() {
        for value in [
            Value::Loss(0),
            Value::Win(1),
            Value::Loss(2),
            Value::Win(17),
        ] {
            let plies = match value {
                Value::Win(plies) | Value::Loss(plies) => plies,
                Value::Draw => 0,
            };
            assert_eq!(
                Value::from_code(Value::code_of_distance(plies)),
                Some(value)
            );
        }
        assert_eq!(Value::from_code(0), Some(Value::Draw));
        assert_eq!(Value::from_code(value::NO_POSITION), None);
        // A parent wins quickest into the child lost soonest, and when
        // lost, loses slowest into the child that wins slowest.
        assert!(Value::Loss(2).for_parent() > Value::Loss(4).for_parent());
        assert!(Value::Win(9).for_parent() > Value::Win(3).for_parent());
        assert!(Value::Draw.for_parent() > Value::Win(9).for_parent());
    }

    #[test]
    fn twins_and_mirror_images_are_probed_through_the_stored_table_and_agree_with_their_successors()
    {
        let dir = std::env::temp_dir().join(format!("congo-tb-twins-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for rule_set in [RuleSet::Wits2022, RuleSet::Wits2021] {
            let mut tables = Tablebase::new(&dir, rule_set);
            let units = units(&["LZvLP".parse().unwrap()], DEFAULT_PIECES, rule_set);
            let mut needed: Vec<Material> = units[0].0.successors(rule_set.promotes());
            needed.push(units[0].0.clone());
            for material in &needed {
                tables.generate(material, 2).unwrap();
            }
            // Only the stored twin has a file.
            assert!(
                tables
                    .path(&"LPvLZ".parse().unwrap())
                    .ends_with(if rule_set.promotes() {
                        "LZvLP.2022.ctb"
                    } else {
                        "LZvLP.2021.ctb"
                    })
            );
            let twin: Material = "LPvLZ".parse().unwrap();
            let mut checked = 0;
            for index in (0..twin.size()).step_by(7) {
                let Some(position) = twin.position(index) else {
                    continue;
                };
                let probed = tables.probe(&position).unwrap();
                let by_successors = tables.successors_value(&position, &mut Vec::new()).unwrap();
                assert_eq!(probed, by_successors, "{position}");
                assert_eq!(probed, tables.probe(&position.colours_swapped()).unwrap());
                // Its mirror image (white's lion on the e file for some):
                // numbered as the position, and right by its successors.
                let mirrored = position.mirrored();
                assert_eq!(probed, tables.probe(&mirrored).unwrap());
                let by_successors = tables.successors_value(&mirrored, &mut Vec::new()).unwrap();
                assert_eq!(probed, by_successors, "{mirrored}");
                checked += 1;
            }
            assert!(checked > 20_000, "{checked}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn verify_finds_a_value_that_disagrees_with_its_successors() {
        let dir = std::env::temp_dir().join(format!("congo-tb-verify-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut tables = Tablebase::new(&dir, RuleSet::Wits2022);
        let zebra: Material = "LZvL".parse().unwrap();
        for material in ["LvL", "LZvL"] {
            tables.generate(&material.parse().unwrap(), 2).unwrap();
        }
        // 7614 positions, those with white's lion on the e file checked
        // through their mirror images: 5076 numbers.
        assert_eq!(tables.verify(&zebra, 2).unwrap(), 5076);
        assert_eq!(tables.summary(&zebra).unwrap().positions, 7614);
        // The longest win, made one ply shorter, with a valid checksum.
        let path = tables.path(&zebra);
        let mut codes = file::read(&path, &zebra, 0).unwrap();
        let longest = codes
            .iter()
            .position(|&code| Value::from_code(code) == Some(Value::Win(17)))
            .unwrap();
        codes[longest] = Value::code_of_distance(15);
        file::write(&path, &zebra, 0, &codes).unwrap();
        let fresh = Tablebase::new(&dir, RuleSet::Wits2022);
        let error = fresh.verify(&zebra, 2).unwrap_err().to_string();
        assert!(
            error.starts_with("LZvL: ")
                && error.ends_with("is stored as win 15 but its successors make it win 17"),
            "{error}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
