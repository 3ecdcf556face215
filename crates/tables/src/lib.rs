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

mod byte_values;
mod cache;
mod coding;
mod endgame;
mod endings;
mod file;
mod folder;
mod generate;
#[cfg(test)]
mod in_place_tests;
mod material;
mod order;
mod range_coder;
mod scheme;
mod value;

pub use endings::Endings;
pub use file::TableFileError;
pub use folder::{
    Built, DEFAULT_PIECES, TableEvent, Unit, generate_units, share_of, summarize_units, units,
    verify_units,
};
use material::{Compact, Placement};
pub use material::{MAX_PIECES, Material, ParseMaterialError};
pub use value::{Value, Wdl};

use byte_values::ByteValues;
use cache::Cache;
use coding::SUB_BLOCKS;
use file::{Facts, TableFile};
use scheme::Scheme;
use value::{NO_POSITION, ValueCode, wdl_of_class};

use std::fmt;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use congo_rules::{Color, Move, Position, RuleSet, Status};

/// Why a table could not be built, read or used.
#[derive(Debug)]
pub enum TableError {
    /// A table the work needs is not in the folder.
    Missing(Vec<PathBuf>),
    /// A table file that cannot be used.
    File(TableFileError),
    /// A table could not be written.
    Write(PathBuf, std::io::Error),
    /// The folder named for the tables is a file or a link to none.
    NotAFolder(PathBuf),
    /// The position has more pieces than a table holds.
    TooManyPieces(usize),
    /// The side to move has already taken the other lion: no game comes
    /// to that, so it has no value to give.
    LionTakenBeforeMove(Color),
    /// The error an earlier use of the same table met.
    Again(Arc<TableError>),
    /// The deadline of a lookup on a clock ([`Tablebase::best_by`], a
    /// search's win, draw or loss) passed before a block it needed was
    /// read.
    OutOfTime,
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
            TableError::LionTakenBeforeMove(side) => write!(
                f,
                "{side} is to move, but {}'s lion is already taken: no game comes to that",
                !*side
            ),
            TableError::NotAFolder(path) => {
                write!(f, "cannot write tables in {}: not a folder", path.display())
            }
            TableError::OutOfTime => write!(f, "the time ran out before the tables answered"),
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

/// One material's two files, opened when first probed.
#[derive(Debug)]
struct Table {
    /// Its compact number: its blocks' key in the cache.
    number: u32,
    material: Material,
    wdl: TableFile,
    distance_path: PathBuf,
    rule_set: u8,
    /// The distance file, opened when first needed: a search probes only
    /// win, draw or loss.
    distance: OnceLock<Result<TableFile, Arc<TableError>>>,
}

impl Table {
    /// The distance file, opened the first time.
    fn distance_file(&self) -> Result<&TableFile, TableError> {
        self.distance
            .get_or_init(|| self.open_distance())
            .as_ref()
            .map_err(|error| TableError::Again(error.clone()))
    }

    fn open_distance(&self) -> Result<TableFile, Arc<TableError>> {
        let path = &self.distance_path;
        if absent(path) {
            return Err(Arc::new(TableError::Missing(vec![path.clone()])));
        }
        TableFile::open(path, &self.material, self.rule_set, Scheme::Distance)
            .map_err(|error| Arc::new(TableError::File(error)))
    }
}

/// A table as opened, or why it could not be.
type Loaded = Result<Arc<Table>, Arc<TableError>>;

/// A table's true value codes in memory, in number order: what building
/// a table reads of the tables it turns into, and what `verify` checks.
type Whole = Result<Arc<ByteValues>, Arc<TableError>>;

/// Bytes of tables read whole that a run of `tb generate` keeps for the
/// units to come, a rule set: the three-piece tables a pawn promotes into
/// are 16 MB each, and a pawnful table read them again for each unit
/// (half the time of building the three-piece set); a four-piece table
/// (0.6 GB) is kept for the next unit at most.
const WHOLE_BUDGET: usize = 1 << 30;

/// Numbers of a table that takes gigabytes to build or read whole (four
/// pieces: 623 M numbers, 3.7 GB of nodes): only what such a build needs
/// is kept while it runs.
const LARGE_TABLE: usize = 1 << 28;

/// The decoded blocks kept for probes in place, in bytes.
pub const PROBE_CACHE: usize = 32 << 20;

thread_local! {
    /// The deadline of the lookup on a clock running on this thread
    /// ([`Tablebase::best_by`], a search's win, draw or loss), if one is:
    /// each block read checks it.
    static DEADLINE: std::cell::Cell<Option<Instant>> = const { std::cell::Cell::new(None) };
}

/// What [`Tablebase::open_all`] found: how many tables it opened, and
/// why each of the others could not be.
#[derive(Debug, Default)]
pub struct Opened {
    /// Tables whose two files opened.
    pub tables: usize,
    /// Why the others could not be, a file each.
    pub refused: Vec<TableError>,
}

/// A folder of tables for one rule set, read as probes need them.
#[derive(Debug)]
pub struct Tablebase {
    dir: PathBuf,
    rule_set: RuleSet,
    /// Each material's files once opened, or why they could not be, by
    /// its compact number: a search probes the same missing table at
    /// every node, and must not look for its file each time; and probes
    /// from many threads read at once.
    loaded: Box<[OnceLock<Loaded>]>,
    /// Each material's true values, once asked for whole.
    whole: Box<[OnceLock<Whole>]>,
    cache: Cache,
}

impl Tablebase {
    /// The tables in `dir` under `rule_set`; nothing is read yet.
    pub fn new(dir: &Path, rule_set: RuleSet) -> Tablebase {
        Tablebase {
            dir: dir.to_owned(),
            rule_set,
            loaded: (0..Compact::COUNT).map(|_| OnceLock::new()).collect(),
            whole: (0..Compact::COUNT).map(|_| OnceLock::new()).collect(),
            cache: Cache::new(PROBE_CACHE),
        }
    }

    /// The file of `material`'s table (the stored one of the colour twins)
    /// that a search probes, win, draw or loss: one per rule set only
    /// where pawns make them differ. Its distances are beside it
    /// ([`Tablebase::distance_path`]).
    pub fn path(&self, material: &Material) -> PathBuf {
        self.named(material, "ctbw")
    }

    /// The file of `material`'s distances.
    pub fn distance_path(&self, material: &Material) -> PathBuf {
        self.named(material, "ctbz")
    }

    fn named(&self, material: &Material, extension: &str) -> PathBuf {
        let material = material.stored();
        let name = match file::rules_byte(&material, self.rule_set) {
            0 => format!("{material}.{extension}"),
            rule_set => format!("{material}.20{rule_set}.{extension}"),
        };
        self.dir.join(name)
    }

    /// The table of `material`, a stored one, opened the first time.
    fn table(&self, material: &Material) -> Result<Arc<Table>, TableError> {
        self.loaded(material.compact(), || material.clone())
            .clone()
            .map_err(TableError::Again)
    }

    /// The table with compact number `number`, or why it could not be
    /// opened: opened from the files of the stored `material` the first
    /// time, and from memory, without a lock, after that.
    fn loaded(&self, number: usize, material: impl FnOnce() -> Material) -> &Loaded {
        self.loaded[number].get_or_init(|| {
            let material = material();
            let path = self.path(&material);
            let rule_set = file::rules_byte(&material, self.rule_set);
            if absent(&path) {
                // A table of an older format is refused by its name.
                let old = path.with_extension("ctb");
                return Err(Arc::new(match file::version_of(&old) {
                    Some(version) => TableError::File(TableFileError::Version(old, version)),
                    None => TableError::Missing(vec![path]),
                }));
            }
            let wdl = TableFile::open(&path, &material, rule_set, Scheme::Wdl)
                .map_err(|error| Arc::new(TableError::File(error)))?;
            Ok(Arc::new(Table {
                number: number as u32,
                distance_path: self.distance_path(&material),
                material,
                wdl,
                rule_set,
                distance: OnceLock::new(),
            }))
        })
    }

    /// Opens both files of every table in the folder under its rule set,
    /// reading their headers and indexes and nothing else: what a player
    /// on a clock does once before it plays, so that no move waits for a
    /// file to open and a damaged file is named at once. A file of the
    /// other rule set, or of no table, is left alone.
    pub fn open_all(&self) -> Result<Opened, TableError> {
        let entries = std::fs::read_dir(&self.dir)
            .map_err(|error| TableError::File(TableFileError::Io(self.dir.clone(), error)))?;
        let mut opened = Opened::default();
        for name in entries.flatten().map(|entry| entry.file_name()) {
            let Some(material) = self.material_named(&name) else {
                continue;
            };
            let table = self.table(&material);
            match table.and_then(|table| table.distance_file().map(drop)) {
                Ok(()) => opened.tables += 1,
                Err(error) => opened.refused.push(error),
            }
        }
        Ok(opened)
    }

    /// The stored material whose win/draw/loss file under this rule set
    /// is named `name`, if one is.
    fn material_named(&self, name: &std::ffi::OsStr) -> Option<Material> {
        let stem = name.to_str()?.strip_suffix(".ctbw")?;
        let material: Material = stem.split('.').next()?.parse().ok()?;
        let path = self.path(&material);
        (material == material.stored() && path.file_name() == Some(name)).then_some(material)
    }

    /// The stored table of `position` and the position as that table
    /// numbers it (its colours swapped if it is of the other twin).
    fn table_of<'p>(
        &self,
        position: &'p Position,
    ) -> Result<(&Arc<Table>, std::borrow::Cow<'p, Position>), TableError> {
        let compact = Compact::of(&position.board).map_err(TableError::TooManyPieces)?;
        let position = if compact.stored {
            std::borrow::Cow::Borrowed(position)
        } else {
            std::borrow::Cow::Owned(position.colours_swapped())
        };
        let compact = if compact.stored {
            compact
        } else {
            Compact::of(&position.board).map_err(TableError::TooManyPieces)?
        };
        // The material itself is built only the first time its table is
        // opened; a probe after that allocates nothing and takes no lock
        // but the cache's.
        let table = self
            .loaded(compact.number, || Material::of(&position.board))
            .as_ref()
            .map_err(|error| TableError::Again(error.clone()))?;
        Ok((table, position))
    }

    /// The value stored for `number` in `table`'s `scheme` file, read
    /// from its block, decoded once and kept in the cache.
    fn stored(&self, table: &Table, scheme: Scheme, number: usize) -> Result<u16, TableError> {
        let file = match scheme {
            Scheme::Wdl => &table.wdl,
            Scheme::Distance => table.distance_file()?,
        };
        let (sub, at) = file.locate(number);
        let key = (
            table.number * 2 + u32::from(scheme == Scheme::Distance),
            sub as u32,
        );
        let value = match self.cache.value(key, at) {
            Some(value) => value,
            None if DEADLINE
                .get()
                .is_some_and(|deadline| Instant::now() >= deadline) =>
            {
                return Err(TableError::OutOfTime);
            }
            None => {
                let (mut bytes, mut values) = (Vec::new(), Vec::new());
                file.decode(sub, &mut bytes, &mut values)
                    .map_err(TableError::File)?;
                let decoded: Arc<ByteValues> = Arc::new(values.iter().copied().collect());
                let value = decoded.get(at);
                self.cache.put(key, decoded);
                value
            }
        };
        value.ok_or_else(|| {
            TableError::File(TableFileError::Block(
                file.path().to_owned(),
                sub / SUB_BLOCKS,
            ))
        })
    }
}

/// Whether nothing at all is at `path`. A link to nowhere or one that
/// loops, or a folder that is not one, is something: opening it says
/// what is wrong, where calling it missing would send its owner to build
/// a table again.
fn absent(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_err_and(|error| error.kind() == std::io::ErrorKind::NotFound)
}

/// The move of `children` (each with the value it leads to, sorted as
/// strings) best for the side that makes it: the first of the best.
fn best_of(children: Vec<(Move, Value)>) -> Option<Move> {
    let best = children
        .into_iter()
        .rev()
        .max_by_key(|&(_, child)| child.for_parent());
    best.map(|(m, _)| m)
}

/// The better of two values for the side to move: the quicker win, the
/// slower loss.
fn better(one: Value, other: Value) -> Value {
    if other.for_parent() < one.for_parent() {
        other
    } else {
        one
    }
}

/// The value of a position to the side to move from a child's value.
fn from_child(child: Value) -> Value {
    match child {
        Value::Loss(plies) => Value::Win(plies + 1),
        Value::Win(plies) => Value::Loss(plies + 1),
        Value::Draw => Value::Draw,
    }
}

impl Tablebase {
    /// Hands `visit` the position each move of `moves` leads to, `None`
    /// for one that takes the lion, until it says to stop or fails: the
    /// moves out of `position`'s material (a capture, a drowning, a
    /// promotion) first, then, for [`Moves::All`], its plain steps.
    fn each_child(
        &self,
        position: &Position,
        moves: Moves,
        mut visit: impl FnMut(Option<&Position>) -> Result<ControlFlow<()>, TableError>,
    ) -> Result<(), TableError> {
        let mut failed = None;
        let mut play = |m| {
            let child = position.play_unchecked(m, self.rule_set);
            match visit((child.status() == Status::Ongoing).then_some(&child)) {
                Ok(flow) => flow,
                Err(error) => {
                    failed = Some(error);
                    ControlFlow::Break(())
                }
            }
        };
        let flow = position.leaving_moves(self.rule_set, &mut play);
        if flow.is_continue() && moves == Moves::All {
            let _ = position.plain_steps(self.rule_set, &mut play);
        }
        failed.map_or(Ok(()), Err)
    }

    /// The best value of `position` among `moves`, each child's value
    /// given by `child_value`; `None` when it has none. The table files
    /// leave out what this finds again among the moves out of the
    /// material.
    fn best_child(
        &self,
        position: &Position,
        moves: Moves,
        mut child_value: impl FnMut(&Position) -> Result<Value, TableError>,
    ) -> Result<Option<Value>, TableError> {
        let mut best: Option<Value> = None;
        self.each_child(position, moves, |child| {
            let value = match child {
                Some(child) => from_child(child_value(child)?),
                None => Value::Win(1),
            };
            best = Some(best.map_or(value, |best| better(best, value)));
            Ok(ControlFlow::Continue(()))
        })?;
        Ok(best)
    }

    /// [`Tablebase::best_child`] among the moves out of the material.
    fn outside(
        &self,
        position: &Position,
        child_value: impl FnMut(&Position) -> Result<Value, TableError>,
    ) -> Result<Option<Value>, TableError> {
        self.best_child(position, Moves::Leaving, child_value)
    }

    /// Win, draw or loss for the side to move in `position`, which must
    /// have both lions: what a search needs, read from the `.ctbw` file
    /// in place.
    pub fn probe_wdl(&self, position: &Position) -> Result<Wdl, TableError> {
        if !position.has_lion(!position.side) && position.has_lion(position.side) {
            return Err(TableError::LionTakenBeforeMove(position.side));
        }
        self.wdl_up_to(position, Wdl::Win)
    }

    /// [`Tablebase::probe_wdl`] where only values below `enough` matter:
    /// the true value if it is below, else one at least `enough` and no
    /// better than the true value. A move out of the material helps the
    /// parent only if its child is worse than the parent's best so far,
    /// so each child is searched only that far, and a lion capture
    /// answers before any table is read.
    fn wdl_up_to(&self, position: &Position, enough: Wdl) -> Result<Wdl, TableError> {
        if position.status() != Status::Ongoing {
            return Ok(Wdl::Loss);
        }
        if position.is_bare_lions_draw() {
            return Ok(Wdl::Draw);
        }
        if position.can_take_lion() {
            return Ok(Wdl::Win);
        }
        let (table, numbered) = self.table_of(position)?;
        let number = Material::index_of(&numbered).ok_or(TableError::TooManyPieces(0))?;
        let stored = self.stored(table, Scheme::Wdl, number)?;
        // Stored no better than its true value: a move out of the
        // material may make it better.
        let mut best = wdl_of_class(stored);
        if best >= enough {
            return Ok(best);
        }
        self.each_child(position, Moves::Leaving, |child| {
            let value = match child {
                Some(child) => self.wdl_up_to(child, best.for_parent())?.for_parent(),
                None => Wdl::Win,
            };
            best = best.max(value);
            Ok(if best >= enough {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        })?;
        Ok(best)
    }

    /// The value of `position`, which must have both lions, with its
    /// distance: read in place from both files.
    pub fn probe(&self, position: &Position) -> Result<Value, TableError> {
        let wdl = self.probe_wdl(position)?;
        if wdl == Wdl::Draw || position.status() != Status::Ongoing {
            return Ok(match wdl {
                Wdl::Draw => Value::Draw,
                _ => Value::Loss(0),
            });
        }
        // A won position's distance comes only from children lost to
        // their side: the others are told apart by win/draw/loss alone,
        // and stand in as draws, which a win never takes.
        let child_value = |child: &Position| {
            if wdl == Wdl::Win && self.probe_wdl(child)? != Wdl::Loss {
                return Ok(Value::Draw);
            }
            self.probe(child)
        };
        let (table, numbered) = self.table_of(position)?;
        if !table.distance_file()?.keeps(numbered.side.index()) {
            return self.by_successors(&numbered, child_value);
        }
        let number = Material::index_of(&numbered).ok_or(TableError::TooManyPieces(0))?;
        let moves = self.stored(table, Scheme::Distance, number)?;
        let stored = match wdl {
            Wdl::Win => Value::Win((2 * moves).saturating_sub(1).max(1)),
            _ => Value::Loss(2 * moves),
        };
        let outside = self.outside(position, child_value)?;
        Ok(match outside {
            Some(outside) if Wdl::of(outside) == wdl => better(stored, outside),
            _ => stored,
        })
    }

    /// The value of `position` and a best move (none when it has no legal
    /// move): the quickest win, or a draw, or the slowest loss.
    pub fn best(&self, position: &Position) -> Result<(Value, Option<Move>), TableError> {
        let value = self.probe(position)?;
        Ok((value, best_of(self.children(position)?)))
    }

    /// [`Tablebase::best`], given up (`None`) once `deadline` has passed:
    /// the clock is read before each move's lookup and before each block
    /// read, so that a lookup of many reads (a value found from the
    /// moves, on a slow disk) gives up with it.
    pub fn best_by(
        &self,
        position: &Position,
        deadline: Instant,
    ) -> Result<Option<(Value, Option<Move>)>, TableError> {
        let in_time = || Instant::now() < deadline;
        let best = self.within(deadline, || match in_time() {
            true => {
                let value = self.probe(position)?;
                let children = self.children_while(position, in_time)?;
                Ok(children.map(|children| (value, best_of(children))))
            }
            false => Ok(None),
        });
        match best {
            Err(TableError::OutOfTime) => Ok(None),
            best => best,
        }
    }

    /// `lookup`, each block it reads on this thread refused
    /// ([`TableError::OutOfTime`]) once `deadline` has passed.
    fn within<T>(
        &self,
        deadline: Instant,
        lookup: impl FnOnce() -> Result<T, TableError>,
    ) -> Result<T, TableError> {
        let before = DEADLINE.replace(Some(deadline));
        let found = lookup();
        DEADLINE.set(before);
        found
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
        Ok(self.children_while(position, || true)?.unwrap_or_default())
    }

    /// [`Tablebase::children`], given up (`None`) when `go_on` says so
    /// before a move's lookup.
    fn children_while(
        &self,
        position: &Position,
        go_on: impl Fn() -> bool,
    ) -> Result<Option<Vec<(Move, Value)>>, TableError> {
        if position.is_bare_lions_draw() {
            // The game is over: no move is made.
            return Ok(Some(Vec::new()));
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for m in moves {
            if !go_on() {
                return Ok(None);
            }
            children.push((m, self.probe(&position.play_unchecked(m, self.rule_set))?));
        }
        Ok(Some(children))
    }

    /// The true values of `material`'s table, a stored one, in number
    /// order: decoded whole and the values left out found again, with
    /// the tables it turns into read whole the same way. Kept once read.
    fn whole(&self, material: &Material) -> Result<Arc<ByteValues>, TableError> {
        self.whole_by(material.compact(), || material.clone())
            .clone()
            .map_err(TableError::Again)
    }

    /// [`Tablebase::whole`] of the table with compact number `number`,
    /// its material made only the first time.
    fn whole_by(&self, number: usize, material: impl FnOnce() -> Material) -> &Whole {
        self.whole[number].get_or_init(|| self.read_whole(&material()).map_err(Arc::new))
    }

    /// Four pieces: at most three bytes a number at once (two streams
    /// and the codes found first, or a stream and both codes). The tables
    /// it turns into are read whole before its streams, lowest first, so
    /// its streams are never held while they are read: nested, every
    /// level's were, and LPPvLPP's verify took 6.9 GB. Its own files are
    /// opened first, so that a missing one is named at once.
    fn read_whole(&self, material: &Material) -> Result<Arc<ByteValues>, TableError> {
        let table = self.table(material)?;
        let distance = table.distance_file()?;
        for successor in material.successors(self.rule_set.promotes()) {
            self.whole(&successor)?;
        }
        let (wdl, moves) = (stream_of(&table.wdl)?, stream_of(distance)?);
        // A stream holds a value for each number: the header's count is
        // the material's size, and each block decodes its share.
        let stored = |stream: &ByteValues, file: &TableFile, number: usize| {
            stream.get(file.order().place_of(number)).unwrap_or(0)
        };
        let kept = |number: usize| distance.keeps(number % 2);
        let threads = read_threads();
        // First the positions whose distances are kept, then the others
        // from their moves, which lead to the first or out of the table.
        let first = ByteValues::build(material.size(), threads, |number| {
            if !kept(number) {
                return Ok(NO_POSITION);
            }
            let (wdl, moves) = (
                stored(&wdl, &table.wdl, number),
                stored(&moves, distance, number),
            );
            self.restore(material, number, wdl, moves)
        })?;
        drop(moves);
        let codes = ByteValues::build(material.size(), threads, |number| {
            if kept(number) {
                return Ok(first.get(number).unwrap_or(NO_POSITION));
            }
            let Some(placement) = material.placement(number) else {
                return Ok(NO_POSITION);
            };
            let wdl = stored(&wdl, &table.wdl, number);
            self.restore_by_moves(material, placement, wdl, &first)
        })?;
        Ok(Arc::new(codes))
    }

    /// The true value code of `number` of `material` stored as `wdl` and
    /// `moves`, the moves out of the material probed whole.
    fn restore(
        &self,
        material: &Material,
        number: usize,
        wdl: u16,
        moves: u16,
    ) -> Result<u16, TableError> {
        let Some(position) = material.position(number) else {
            return Ok(NO_POSITION);
        };
        if position.is_bare_lions_draw() {
            return Ok(Value::Draw.code());
        }
        let outside = self.outside(&position, |child| self.probe_whole(child))?;
        let class = wdl_of_class(wdl).max(outside.map_or(Wdl::Loss, Wdl::of));
        let stored = match class {
            Wdl::Draw => return Ok(Value::Draw.code()),
            Wdl::Win => Value::Win((2 * moves).saturating_sub(1).max(1)),
            Wdl::Loss => Value::Loss(2 * moves),
        };
        Ok(match outside {
            Some(outside) if Wdl::of(outside) == class => better(stored, outside),
            _ => stored,
        }
        .code())
    }

    /// The true value code of the position at `placement`, of the side
    /// whose distances are left out, stored as `wdl`: a draw as it is,
    /// else the best of its moves, those that keep the material read in
    /// `first` (the other side's codes, found first) and numbered from
    /// the placement with one square changed, the others probed whole.
    fn restore_by_moves(
        &self,
        material: &Material,
        placement: Placement,
        wdl: u16,
        first: &ByteValues,
    ) -> Result<u16, TableError> {
        let Some(position) = material.position_of(&placement) else {
            return Ok(NO_POSITION);
        };
        if position.is_bare_lions_draw() {
            return Ok(Value::Draw.code());
        }
        let mut best = self.outside(&position, |child| self.probe_whole(child))?;
        if wdl_of_class(wdl).max(best.map_or(Wdl::Loss, Wdl::of)) == Wdl::Draw {
            return Ok(Value::Draw.code());
        }
        let _ = position.plain_steps(self.rule_set, |m| {
            let child = placement.after_step(m.from(), m.to(), material.pieces().len());
            let code = material.number(&child).and_then(|number| first.get(number));
            let value = from_child(code.and_then(Value::from_code).unwrap_or(Value::Draw));
            best = Some(best.map_or(value, |best| better(best, value)));
            ControlFlow::<()>::Continue(())
        });
        Ok(best.unwrap_or(Value::Loss(0)).code())
    }

    /// The value of `position` from its table read whole: building a
    /// table asks it of every move out of the material, so after the
    /// first time it allocates nothing.
    fn probe_whole(&self, position: &Position) -> Result<Value, TableError> {
        if position.status() != Status::Ongoing {
            return Ok(Value::Loss(0));
        }
        let compact = Compact::of(&position.board).map_err(TableError::TooManyPieces)?;
        if !compact.stored {
            return self.probe_whole(&position.colours_swapped());
        }
        let codes = self
            .whole_by(compact.number, || Material::of(&position.board))
            .as_ref()
            .map_err(|error| TableError::Again(error.clone()))?;
        let code = Material::index_of(position).and_then(|number| codes.get(number));
        Ok(code.and_then(Value::from_code).unwrap_or(Value::Draw))
    }
}

/// `solved` coded with `scheme`, in the order and (for distances) with
/// the side to move kept that cost least: distances are kept for one side
/// only, the other's found from their moves, which halves the file.
fn code(
    scheme: Scheme,
    solved: &generate::Solved,
    pieces: usize,
    most: u16,
    threads: usize,
) -> coding::Coded {
    let alphabet = scheme::alphabet(scheme, most);
    let allowed_for = |side: Option<usize>| {
        move |number: usize| match side {
            Some(side) if number % 2 != side => scheme::Allowed::any(0),
            _ => scheme.allowed(solved.code(number), solved.outside(number)),
        }
    };
    let sides: &[Option<usize>] = match scheme {
        Scheme::Wdl => &[None],
        Scheme::Distance => &[Some(0), Some(1)],
    };
    let (side, order) = sides
        .iter()
        .map(|&side| {
            let allowed = allowed_for(side);
            let (order, bits) =
                coding::choose_order(scheme, &allowed, solved.len(), pieces, alphabet, threads);
            (side, order, bits)
        })
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|(side, order, _)| (side, order))
        .unwrap_or((None, order::Order::numbering(pieces)));
    let allowed = allowed_for(side);
    coding::code_table(
        scheme,
        &allowed,
        solved.len(),
        order,
        side,
        alphabet,
        threads,
    )
}

/// The threads a table is read whole with: the machine's, at most four.
fn read_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4)
}

/// Every value of `file` in its own order, decoded block by block.
fn stream_of(file: &TableFile) -> Result<ByteValues, TableError> {
    let mut stream = ByteValues::with_capacity(file.count());
    let (mut bytes, mut values) = (Vec::new(), Vec::new());
    for block in 0..file.blocks() {
        file.decode_block(block, &mut bytes, &mut values, |value| stream.push(value))
            .map_err(TableError::File)?;
    }
    Ok(stream)
}

impl Tablebase {
    /// Looks for every table's files again at its next probe (another
    /// process may have written them since); what was read whole stays.
    fn forget_files(&mut self) {
        self.loaded.fill_with(OnceLock::new);
    }

    /// Keeps, of the tables read whole or built, those `wanted` names (by
    /// compact number, soonest wanted first) while they fit in `budget`
    /// bytes, and forgets the others and any that could not be read.
    fn retain_whole(&mut self, wanted: &[usize], budget: usize) {
        let mut keep = vec![false; self.whole.len()];
        let mut bytes = 0;
        for &number in wanted {
            let Some(Ok(codes)) = self.whole.get(number).and_then(OnceLock::get) else {
                continue;
            };
            let size = codes.heap_bytes();
            if !keep[number] && bytes + size <= budget {
                keep[number] = true;
                bytes += size;
            }
        }
        for (whole, keep) in self.whole.iter_mut().zip(keep) {
            if !keep {
                *whole = OnceLock::new();
            }
        }
    }

    /// Forgets the tables read whole of more than [`LARGE_TABLE`] numbers
    /// but those `kept` names (by compact number).
    fn forget_large_whole(&mut self, kept: &[usize]) {
        for (number, whole) in self.whole.iter_mut().enumerate() {
            if let Some(Ok(codes)) = whole.get()
                && codes.len() > LARGE_TABLE
                && !kept.contains(&number)
            {
                *whole = OnceLock::new();
            }
        }
    }

    /// Reads whole the tables `material` turns into before its nodes are
    /// made, then forgets the large ones that no single move reaches (two
    /// pawns or more promoted), read only to restore the others: kept,
    /// they came on top of LZPPvLP's nodes (6.9 GB). One that cannot be
    /// read is named by the forward pass.
    fn read_successors_whole(&mut self, material: &Material) {
        for successor in material.successors(self.rule_set.promotes()) {
            let _ = self.whole(&successor);
        }
        let next = material.next(self.rule_set.promotes());
        let kept: Vec<usize> = next.iter().map(Material::compact).collect();
        self.forget_large_whole(&kept);
    }

    /// Builds the table of `material` and writes its two files. The
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
            .filter(|path| absent(path))
            .collect();
        if !missing.is_empty() {
            return Err(TableError::Missing(missing));
        }
        let started = Instant::now();
        self.read_successors_whole(material);
        // The first table that could not be read, to name it as it is.
        let failed = std::sync::Mutex::new(None);
        let outside = |child: &Position| {
            self.probe_whole(child)
                .map_err(|error| {
                    let mut failed = failed.lock().unwrap_or_else(|e| e.into_inner());
                    failed.get_or_insert(error);
                })
                .ok()
        };
        let counted =
            generate::count(material, self.rule_set, threads, &outside).map_err(|lacking| {
                let failed = failed.lock().unwrap_or_else(|e| e.into_inner()).take();
                failed.unwrap_or_else(|| TableError::Missing(vec![self.path(&lacking)]))
            })?;
        // Room for the backward pass's lists beside the nodes.
        self.forget_large_whole(&[]);
        let solved = counted.solve(material, self.rule_set, threads);
        let facts = Summary::facts(material, solved.codes());
        let rule_set = file::rules_byte(material, self.rule_set);
        let most = solved
            .codes()
            .filter_map(Value::from_code)
            .map(|value| match value {
                Value::Win(plies) | Value::Loss(plies) => scheme::moves_of(plies),
                Value::Draw => 0,
            })
            .max()
            .unwrap_or(0);
        // The distances first: a table counts as there once its `.ctbw`
        // file is.
        for (scheme, path) in [
            (Scheme::Distance, self.distance_path(material)),
            (Scheme::Wdl, self.path(material)),
        ] {
            let coded = code(scheme, &solved, material.pieces().len(), most, threads);
            let bytes = file::bytes_of(material, rule_set, scheme, solved.len(), &coded, &facts);
            file::write(&path, &bytes).map_err(|error| TableError::Write(path.clone(), error))?;
        }
        // Kept for the units to come only if it may stay.
        let whole = (solved.len() <= WHOLE_BUDGET).then(|| Arc::new(solved.codes().collect()));
        drop(solved);
        self.loaded[material.compact()] = OnceLock::new();
        self.whole[material.compact()] =
            whole.map_or_else(OnceLock::new, |codes| OnceLock::from(Ok(codes)));
        Ok(Generated {
            summary: Summary::of_facts(material, &facts),
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// What the table of `material` holds, read from its files' headers.
    pub fn summary(&self, material: &Material) -> Result<Summary, TableError> {
        let material = &material.stored();
        let table = self.table(material)?;
        table.open_distance().map_err(TableError::Again)?;
        Ok(Summary::of_facts(material, table.wdl.facts()))
    }

    /// Checks that `material`'s two files are whole: their headers and
    /// indexes, and every block of each, check out. What a run of `tb
    /// generate` asks of a table it finds before keeping it.
    pub fn check_whole(&self, material: &Material) -> Result<(), TableError> {
        let table = self.table(&material.stored())?;
        table.wdl.check_blocks().map_err(TableError::File)?;
        let distance = table.open_distance().map_err(TableError::Again)?;
        distance.check_blocks().map_err(TableError::File)
    }

    /// Bytes of decoded blocks the probes keep now: bounded by
    /// [`PROBE_CACHE`] however many tables they read.
    pub fn cached_bytes(&self) -> usize {
        self.cache.bytes()
    }

    /// The bytes of `material`'s two files: win/draw/loss, distances.
    pub fn file_sizes(&self, material: &Material) -> (u64, u64) {
        (
            file::size_of(&self.path(material)),
            file::size_of(&self.distance_path(material)),
        )
    }

    /// Checks every stored value of `material` against its successors'
    /// (see [`Tablebase::successors_value`]), the table and those it
    /// turns into read whole, and returns how many it checked.
    pub fn verify(&self, material: &Material, threads: usize) -> Result<usize, TableError> {
        let material = &material.stored();
        let codes = self.whole(material)?;
        let codes = &*codes;
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
        codes: &ByteValues,
        range: std::ops::Range<usize>,
    ) -> Result<usize, TableError> {
        let mut checked = 0;
        for index in range {
            let (Some(stored), Some(position)) = (
                codes.get(index).and_then(Value::from_code),
                material.position(index),
            ) else {
                continue;
            };
            // The position as a user's FEN text gives it (a test holds the
            // two equal): reading the text back took a quarter of the time.
            let expected = self.successors_value(&position)?;
            if stored != expected {
                return Err(TableError::Wrong {
                    material: material.clone(),
                    fen: position.to_string(),
                    stored: stored.to_string(),
                    expected: expected.to_string(),
                });
            }
            checked += 1;
        }
        Ok(checked)
    }

    /// The value of `position` that its successors give, found by playing
    /// every legal move as a game does and probing the results: a win
    /// needs a lost child one ply nearer and none nearer, a loss only won
    /// children with the slowest one ply nearer, a draw no lost child and
    /// some child not won.
    fn successors_value(&self, position: &Position) -> Result<Value, TableError> {
        self.by_successors(position, |child| self.probe_whole(child))
    }

    /// The value of `position` from each legal move's, given by `value_of`
    /// (see [`Tablebase::successors_value`]).
    fn by_successors(
        &self,
        position: &Position,
        value_of: impl FnMut(&Position) -> Result<Value, TableError>,
    ) -> Result<Value, TableError> {
        if position.is_bare_lions_draw() {
            return Ok(Value::Draw);
        }
        let best = self.best_child(position, Moves::All, value_of)?;
        Ok(best.unwrap_or(Value::Loss(0)))
    }
}

/// Which moves [`Tablebase::each_child`] plays.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Moves {
    /// Those that leave the material: what the files leave out.
    Leaving,
    /// Every legal move.
    All,
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
    /// What `codes`, the values of `material` in number order, hold.
    fn facts(material: &Material, codes: impl Iterator<Item = u16>) -> Facts {
        let mut facts = Facts::default();
        for (index, code) in codes.enumerate() {
            // Even numbers are white to move (see `Material::position`);
            // a number stored once for a position and its mirror image
            // counts twice, so that the figures are those of every
            // placement.
            let side = index % 2;
            let weight = material.weight(index) as u64;
            match Value::from_code(code) {
                None => continue,
                Some(Value::Draw) => facts.draws[side] += weight,
                Some(Value::Loss(_)) => facts.losses[side] += weight,
                Some(Value::Win(plies)) => {
                    facts.wins[side] += weight;
                    if facts.longest.is_none_or(|(top, _)| plies > top) {
                        facts.longest = Some((plies, index as u64));
                    }
                }
            }
            facts.positions += weight;
        }
        facts
    }

    /// The summary `facts` of `material` make.
    fn of_facts(material: &Material, facts: &Facts) -> Summary {
        let count = |counts: [u64; 2]| counts.map(|count| count as usize);
        Summary {
            positions: facts.positions as usize,
            wins: count(facts.wins),
            draws: count(facts.draws),
            losses: count(facts.losses),
            longest: facts.longest.map(|(plies, number)| {
                let fen = material
                    .position(number as usize)
                    .map(|position| position.to_string())
                    .unwrap_or_default();
                (plies, fen)
            }),
        }
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
    fn a_large_table_read_whole_is_let_go_before_the_backward_pass() {
        let mut tables = Tablebase::new(Path::new("unused"), RuleSet::Wits2022);
        let large = ByteValues::build(LARGE_TABLE + 1, 2, |_| Ok::<_, ()>(0)).unwrap();
        let small: ByteValues = [1, 2, 3].into_iter().collect();
        tables.whole[1] = OnceLock::from(Ok(Arc::new(large)));
        tables.whole[2] = OnceLock::from(Ok(Arc::new(small)));
        tables.forget_large_whole(&[]);
        assert!(tables.whole[1].get().is_none());
        // A small one stays for the units to come.
        assert!(matches!(tables.whole[2].get(), Some(Ok(codes)) if codes.len() == 3));
    }

    #[test]
    fn a_build_keeps_of_the_large_tables_read_whole_only_those_it_turns_into() {
        let mut tables = Tablebase::new(Path::new("unused"), RuleSet::Wits2022);
        let material: Material = "LZPvLP".parse().unwrap();
        let promoted = "LZSvLP".parse::<Material>().unwrap().compact();
        let below = "LZSvLS".parse::<Material>().unwrap().compact();
        assert!(
            material
                .successors(true)
                .iter()
                .any(|m| m.compact() == below)
        );
        let large = Arc::new(ByteValues::build(LARGE_TABLE + 1, 2, |_| Ok::<_, ()>(0)).unwrap());
        tables.whole[promoted] = OnceLock::from(Ok(large.clone()));
        tables.whole[below] = OnceLock::from(Ok(large));
        tables.read_successors_whole(&material);
        assert!(matches!(tables.whole[promoted].get(), Some(Ok(_))));
        // No move promotes both pawns: LZSvLS is read only to restore
        // LZSvLP, and let go before LZPvLP's nodes.
        assert!(tables.whole[below].get().is_none());
        // The other tables LZPvLP turns into were looked for.
        let captured = "LZvLP".parse::<Material>().unwrap().compact();
        assert!(matches!(tables.whole[captured].get(), Some(Err(_))));
    }

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
                        "LZvLP.2022.ctbw"
                    } else {
                        "LZvLP.2021.ctbw"
                    })
            );
            let twin: Material = "LPvLZ".parse().unwrap();
            let mut checked = 0;
            for index in (0..twin.size()).step_by(7) {
                let Some(position) = twin.position(index) else {
                    continue;
                };
                let probed = tables.probe(&position).unwrap();
                let by_successors = tables.successors_value(&position).unwrap();
                assert_eq!(probed, by_successors, "{position}");
                assert_eq!(probed, tables.probe(&position.colours_swapped()).unwrap());
                // Its mirror image (white's lion on the e file for some):
                // numbered as the position, and right by its successors.
                let mirrored = position.mirrored();
                assert_eq!(probed, tables.probe(&mirrored).unwrap());
                let by_successors = tables.successors_value(&mirrored).unwrap();
                assert_eq!(probed, by_successors, "{mirrored}");
                checked += 1;
            }
            assert!(checked > 20_000, "{checked}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Writes `codes` as `material`'s two files with every value kept,
    /// none left to the probe: a table a test has changed.
    fn write_every_value(tables: &Tablebase, material: &Material, codes: &[u16]) {
        for (scheme, path) in [
            (Scheme::Wdl, tables.path(material)),
            (Scheme::Distance, tables.distance_path(material)),
        ] {
            let allowed = |number: usize| scheme.allowed(codes[number], NO_POSITION);
            let order = order::Order::numbering(material.pieces().len());
            let alphabet = scheme::alphabet(scheme, 200);
            let coded = coding::code_table(scheme, &allowed, codes.len(), order, None, alphabet, 2);
            let facts = Summary::facts(material, codes.iter().copied());
            let bytes = file::bytes_of(material, 0, scheme, codes.len(), &coded, &facts);
            file::write(&path, &bytes).unwrap();
        }
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
        let whole = tables.whole(&zebra).unwrap();
        let codes: Vec<u16> = (0..whole.len()).filter_map(|at| whole.get(at)).collect();
        let longest = codes
            .iter()
            .position(|&code| Value::from_code(code) == Some(Value::Win(17)))
            .unwrap();
        // The longest win made shorter, or longer than a byte holds (read
        // back from the value kept aside), with a valid checksum.
        for plies in [15, 301] {
            let mut codes = codes.clone();
            codes[longest] = Value::code_of_distance(plies);
            write_every_value(&tables, &zebra, &codes);
            let fresh = Tablebase::new(&dir, RuleSet::Wits2022);
            // The first wrong value in number order: the changed one, or
            // a parent that the value read back makes a loss one ply later.
            let error = fresh.verify(&zebra, 2).unwrap_err().to_string();
            let changed = format!("is stored as win {plies} but its successors make it win 17");
            let parent = format!("but its successors make it loss {}", plies + 1);
            assert!(
                error.starts_with("LZvL: ")
                    && (error.ends_with(&changed) || error.ends_with(&parent)),
                "{error}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
