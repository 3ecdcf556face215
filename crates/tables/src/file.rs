//! A table's files, read in place. Each material has two: `.ctbw` holds
//! win, draw or loss, all a search needs; `.ctbz` holds the distances,
//! for perfect play. Both are blocks behind an index, each of
//! sub-blocks coded alone ([`super::coding`]), so that opening a file
//! reads only its header and index, and a probe reads one block by its
//! offset and decodes one sub-block of it.
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `CONGOTB\0` |
//! | 1 | format version, 6 |
//! | 1 | `w` for win/draw/loss, `z` for distances |
//! | 1 | rule set: 0 for a material without pawns (the same under both), 21 or 22 |
//! | 1 | length of the material's name, then the name (`LZvLP`) |
//! | 1 | digits, then the order: one byte a digit (see [`super::order`]) |
//! | 1 | the side to move whose values are kept: 0 white, 1 black, 2 both |
//! | 8 | number of values, little-endian (all numbers below are) |
//! | 2 | alphabet: symbols a context codes |
//! | 2 a symbol a context | the model: each context's frequencies (see [`super::scheme`]) |
//! | 72 | what the table holds: positions, wins, draws, losses by side to move, the longest win's plies and number (see [`Facts`]) |
//! | 4 | number of blocks, then 4 bytes a block: where its bytes end |
//! | 8 | FNV-1a 64 of every byte above |
//! | rest | the blocks: each the low half of the FNV-1a 64 of the rest of it (4), the lengths of its sub-blocks, then their bytes |
//!
//! The index is what opening a file reads and keeps: 4 bytes a block,
//! 76 KB for a four-piece table (a block's checksum is in the block, read
//! with it). A table takes well under 4 GB (four pieces: 623 M values,
//! at most two bytes each), so 32 bits place any block.
//!
//! A damaged header or index refuses the file; a damaged block refuses
//! the probes that need it, by name and number, and no other.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::coding::{BLOCK, Coded, MOST_LENGTHS, SUB_BLOCK, SUB_BLOCKS, sub_block_in};
use super::material::Material;
use super::order::Order;
use super::range_coder::Frequencies;
use super::scheme::{Model, Scheme};
use congo_kit::digest::fnv1a_64;

const MAGIC: &[u8; 8] = b"CONGOTB\0";
const VERSION: u8 = 6;
/// The longest header read: a model and an index, a few hundred
/// kilobytes for four pieces; a longer one is refused as damaged.
const MOST_HEADER: u64 = 64 << 20;
/// The bytes read first, and past each field found short: the fixed
/// fields, and those after a model or an index, come in one read.
pub(super) const HEADER_STEP: u64 = 4096;

/// Why a table file cannot be used; each names the file.
#[derive(Debug)]
pub enum TableFileError {
    /// The file could not be read.
    Io(PathBuf, io::Error),
    /// Not a Congo table at all.
    Foreign(PathBuf),
    /// A Congo table of another format version.
    Version(PathBuf, u8),
    /// Its header names another material or rule set than its name says.
    Mismatch(PathBuf, String),
    /// Shorter or longer than its header says.
    Size(PathBuf),
    /// Its header or index does not match its checksum, or holds a field
    /// out of range (a forged checksum over a bad field).
    Checksum(PathBuf),
    /// One block's bytes do not match their checksum, or do not decode.
    Block(PathBuf, usize),
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFileError::Io(path, error) => write!(f, "cannot read {}: {error}", path.display()),
            TableFileError::Foreign(path) => {
                write!(f, "{} is not a Congo endgame table", path.display())
            }
            TableFileError::Version(path, version) => write!(
                f,
                "{} is a table of format {version}, expected {VERSION} (build it again with congo tb generate)",
                path.display()
            ),
            TableFileError::Mismatch(path, what) => {
                write!(f, "{} holds {what}, not what its name says", path.display())
            }
            TableFileError::Size(path) => write!(
                f,
                "{} is truncated or has bytes past its blocks",
                path.display()
            ),
            TableFileError::Checksum(path) => write!(
                f,
                "{} is corrupted: its header does not check out (its checksum or a field out of range)",
                path.display()
            ),
            TableFileError::Block(path, block) => write!(
                f,
                "{} is corrupted: block {block} does not match its checksum",
                path.display()
            ),
        }
    }
}

impl std::error::Error for TableFileError {}

/// What a table holds, counted when it is built and kept in its header,
/// so that a summary reads no value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Facts {
    /// Positions, both sides to move, mirror images counted.
    pub(super) positions: u64,
    /// By side to move: won, drawn and lost.
    pub(super) wins: [u64; 2],
    pub(super) draws: [u64; 2],
    pub(super) losses: [u64; 2],
    /// The longest win's plies and the first number with it.
    pub(super) longest: Option<(u16, u64)>,
}

impl Facts {
    fn words(&self) -> [u64; 9] {
        let (plies, number) = self.longest.unwrap_or((0, 0));
        [
            self.positions,
            self.wins[0],
            self.wins[1],
            self.draws[0],
            self.draws[1],
            self.losses[0],
            self.losses[1],
            u64::from(plies),
            number,
        ]
    }

    fn of_words(words: [u64; 9]) -> Facts {
        Facts {
            positions: words[0],
            wins: [words[1], words[2]],
            draws: [words[3], words[4]],
            losses: [words[5], words[6]],
            longest: (words[7] > 0).then(|| (words[7] as u16, words[8])),
        }
    }
}

/// The rule set byte: 0 when the material has no pawns.
pub(super) fn rules_byte(material: &Material, rule_set: congo_rules::RuleSet) -> u8 {
    match (material.has_pawns(), rule_set) {
        (false, _) => 0,
        (true, congo_rules::RuleSet::Wits2021) => 21,
        (true, congo_rules::RuleSet::Wits2022) => 22,
    }
}

fn scheme_byte(scheme: Scheme) -> u8 {
    match scheme {
        Scheme::Wdl => b'w',
        Scheme::Distance => b'z',
    }
}

/// What a table file says of itself.
#[derive(Clone, Debug)]
struct Header {
    order: Order,
    /// The side to move whose values are kept, `None` for both.
    side: Option<usize>,
    count: usize,
    model: Model,
    facts: Facts,
    /// Where each block's bytes end, from the start of the first.
    index: Vec<u32>,
}

/// The bytes of `coded` with its header, as a file holds them.
pub(super) fn bytes_of(
    material: &Material,
    rule_set: u8,
    scheme: Scheme,
    count: usize,
    coded: &Coded,
    facts: &Facts,
) -> Vec<u8> {
    let name = material.to_string();
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&[VERSION, scheme_byte(scheme), rule_set, name.len() as u8]);
    bytes.extend_from_slice(name.as_bytes());
    bytes.push(coded.order.bytes().len() as u8);
    bytes.extend_from_slice(coded.order.bytes());
    bytes.push(coded.side.map_or(2, |side| side as u8));
    bytes.extend_from_slice(&(count as u64).to_le_bytes());
    bytes.extend_from_slice(&(coded.alphabet as u16).to_le_bytes());
    for frequencies in &coded.model {
        for frequency in frequencies.frequencies() {
            bytes.extend_from_slice(&(frequency as u16).to_le_bytes());
        }
    }
    for word in facts.words() {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&(coded.blocks.len() as u32).to_le_bytes());
    let mut end = 0u64;
    for block in &coded.blocks {
        end += (SUM + block.len()) as u64;
        // Past 4 GB (never, see above) the file is refused when opened.
        bytes.extend_from_slice(&u32::try_from(end).unwrap_or(u32::MAX).to_le_bytes());
    }
    let sum = fnv1a_64(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    for block in &coded.blocks {
        bytes.extend_from_slice(&(fnv1a_64(block) as u32).to_le_bytes());
        bytes.extend_from_slice(block);
    }
    bytes
}

/// Writes a coded table to `path`, whole or not at all.
pub(super) fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    congo_kit::output_files::write_whole(path, bytes)
}

/// The bytes of a block's checksum, ahead of the rest of it.
const SUM: usize = 4;

/// An open table file: its header and index in memory, its blocks read
/// by offset when a probe needs them.
#[derive(Debug)]
pub(super) struct TableFile {
    path: PathBuf,
    file: File,
    scheme: Scheme,
    header: Header,
    /// Where the first block starts.
    blocks_at: u64,
    /// A bit a block, set once its checksum has been found right: a
    /// block is read again at each probe that decodes one of its
    /// sub-blocks, and hashing it again would cost as much as the rest.
    checked: Box<[AtomicU64]>,
}

/// Reads the header's fields in order, failing on a short header.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Where the field that was short would have ended: how much of the
    /// file to read before trying again.
    wanted: usize,
}

impl<'a> Fields<'a> {
    fn take(&mut self, count: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(count)?;
        let Some(taken) = self.bytes.get(self.at..end) else {
            self.wanted = end;
            return None;
        };
        self.at = end;
        Some(taken)
    }

    fn word<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }
}

impl TableFile {
    /// Opens the `scheme` file of `material` at `path`, reading its
    /// header and index and checking them, and nothing else.
    pub(super) fn open(
        path: &Path,
        material: &Material,
        rule_set: u8,
        scheme: Scheme,
    ) -> Result<TableFile, TableFileError> {
        let io = |error| TableFileError::Io(path.to_owned(), error);
        // A FIFO or device would block the open, or never end: only a
        // plain file is read.
        if !fs::metadata(path).map_err(io)?.is_file() {
            return Err(TableFileError::Foreign(path.to_owned()));
        }
        let file = File::open(path).map_err(io)?;
        let length = file.metadata().map_err(io)?.len();
        let (header, header_end) = read_header_of(&file, length, material, rule_set, scheme)
            .map_err(|error| match error {
                HeaderError::Io(error) => io(error),
                HeaderError::Foreign => TableFileError::Foreign(path.to_owned()),
                HeaderError::Version(version) => TableFileError::Version(path.to_owned(), version),
                HeaderError::Mismatch(what) => TableFileError::Mismatch(path.to_owned(), what),
                HeaderError::Short => TableFileError::Size(path.to_owned()),
                HeaderError::Damaged => TableFileError::Checksum(path.to_owned()),
            })?;
        let blocks_length = header.index.last().map_or(0, |&end| u64::from(end));
        if header_end as u64 + blocks_length != length {
            return Err(TableFileError::Size(path.to_owned()));
        }
        let checked = (0..header.index.len().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        Ok(TableFile {
            path: path.to_owned(),
            file,
            scheme,
            header,
            blocks_at: header_end as u64,
            checked,
        })
    }

    /// Where number `number` is: its sub-block and its place there.
    pub(super) fn locate(&self, number: usize) -> (usize, usize) {
        let place = self.header.order.place_of(number);
        (place / SUB_BLOCK, place % SUB_BLOCK)
    }

    /// How many blocks the file has.
    pub(super) fn blocks(&self) -> usize {
        self.header.index.len()
    }

    /// The bytes block `block` takes in the file.
    #[cfg(test)]
    pub(super) fn block_length(&self, block: usize) -> u64 {
        self.span_of(block).map_or(0, |(start, end)| end - start)
    }

    /// The bytes before the first block: the header and the index.
    #[cfg(test)]
    pub(super) fn header_length(&self) -> u64 {
        self.blocks_at
    }

    /// The bytes the longest block takes.
    #[cfg(test)]
    pub(super) fn longest_block(&self) -> u64 {
        (0..self.blocks())
            .map(|block| self.block_length(block))
            .max()
            .unwrap_or(0)
    }

    /// How many values the table has.
    pub(super) fn count(&self) -> usize {
        self.header.count
    }

    /// The order the values are coded in.
    pub(super) fn order(&self) -> &Order {
        &self.header.order
    }

    /// Whether the values of positions with `side` (0 white, 1 black) to
    /// move are kept: where not, they are found from their moves.
    pub(super) fn keeps(&self, side: usize) -> bool {
        self.header.side.is_none_or(|kept| kept == side)
    }

    /// What the table holds, from its header.
    pub(super) fn facts(&self) -> &Facts {
        &self.header.facts
    }

    /// The path the file was opened at.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Sub-block `sub`'s values decoded into `values`, its block's bytes
    /// read into `bytes` and checked first.
    pub(super) fn decode(
        &self,
        sub: usize,
        bytes: &mut Vec<u8>,
        values: &mut Vec<u16>,
    ) -> Result<(), TableFileError> {
        let block = sub / SUB_BLOCKS;
        if !self.is_checked(block) {
            self.read_block(block, bytes)?;
            return self.decode_read(block, sub, bytes, values);
        }
        // Checked once already: only the lengths and the sub-block itself.
        let damaged = || TableFileError::Block(self.path.clone(), block);
        let (start, end) = self.span_of(block).ok_or_else(damaged)?;
        let coded = usize::try_from(end - start).map_err(|_| damaged())? - SUM;
        self.read_at(bytes, start + SUM as u64, coded.min(MOST_LENGTHS))?;
        let subs = self.sub_blocks_of(block);
        let range = sub_block_in(bytes, sub % SUB_BLOCKS, subs, coded).ok_or_else(damaged)?;
        self.read_at(bytes, start + (SUM + range.start) as u64, range.len())?;
        self.decode_sub_block(block, sub, bytes, values)
    }

    /// Whether block `block`'s checksum has been found right.
    fn is_checked(&self, block: usize) -> bool {
        self.checked[block / 64].load(Ordering::Relaxed) & 1 << (block % 64) != 0
    }

    /// Where block `block` starts and ends in the file.
    fn span_of(&self, block: usize) -> Option<(u64, u64)> {
        let start = match block {
            0 => 0,
            _ => *self.header.index.get(block - 1)?,
        };
        let end = *self.header.index.get(block)?;
        Some((
            self.blocks_at + u64::from(start),
            self.blocks_at + u64::from(end),
        ))
    }

    /// `length` bytes at `offset` read into `bytes`.
    fn read_at(
        &self,
        bytes: &mut Vec<u8>,
        offset: u64,
        length: usize,
    ) -> Result<(), TableFileError> {
        bytes.clear();
        bytes.resize(length, 0);
        self.file
            .read_exact_at(bytes, offset)
            .map_err(|error| TableFileError::Io(self.path.clone(), error))
    }

    /// Every value of block `block` given to `each` in order, its bytes
    /// read into `bytes` and checked first.
    pub(super) fn decode_block(
        &self,
        block: usize,
        bytes: &mut Vec<u8>,
        values: &mut Vec<u16>,
        mut each: impl FnMut(u16),
    ) -> Result<(), TableFileError> {
        self.read_block(block, bytes)?;
        let first = block * SUB_BLOCKS;
        for sub in first..first + self.sub_blocks_of(block) {
            self.decode_read(block, sub, bytes, values)?;
            values.iter().for_each(|&value| each(value));
        }
        Ok(())
    }

    /// How many sub-blocks block `block` has: all but the last block's
    /// are whole.
    fn sub_blocks_of(&self, block: usize) -> usize {
        BLOCK
            .min(self.header.count - block * BLOCK)
            .div_ceil(SUB_BLOCK)
    }

    /// Sub-block `sub` of block `block`, whose checked bytes are `bytes`,
    /// decoded into `values`.
    fn decode_read(
        &self,
        block: usize,
        sub: usize,
        bytes: &[u8],
        values: &mut Vec<u16>,
    ) -> Result<(), TableFileError> {
        let damaged = || TableFileError::Block(self.path.clone(), block);
        let subs = self.sub_blocks_of(block);
        let coded = bytes.get(SUM..).ok_or_else(damaged)?;
        let range = sub_block_in(coded, sub % SUB_BLOCKS, subs, coded.len()).ok_or_else(damaged)?;
        self.decode_sub_block(block, sub, &coded[range], values)
    }

    /// Sub-block `sub` of block `block` decoded from its own `bytes` into
    /// `values`.
    fn decode_sub_block(
        &self,
        block: usize,
        sub: usize,
        bytes: &[u8],
        values: &mut Vec<u16>,
    ) -> Result<(), TableFileError> {
        let count = SUB_BLOCK.min(self.header.count - sub * SUB_BLOCK);
        super::scheme::decode_block(self.scheme, &self.header.model, bytes, count, values)
            .ok_or_else(|| TableFileError::Block(self.path.clone(), block))
    }

    /// Block `block`'s bytes read into `bytes`, checked against its
    /// checksum the first time.
    fn read_block(&self, block: usize, bytes: &mut Vec<u8>) -> Result<(), TableFileError> {
        self.read_block_checked(block, bytes, self.is_checked(block))?;
        self.checked[block / 64].fetch_or(1 << (block % 64), Ordering::Relaxed);
        Ok(())
    }

    /// Block `block`'s bytes read into `bytes`, checked against its
    /// checksum unless it is `known` to be right.
    fn read_block_checked(
        &self,
        block: usize,
        bytes: &mut Vec<u8>,
        known: bool,
    ) -> Result<(), TableFileError> {
        let damaged = || TableFileError::Block(self.path.clone(), block);
        let (start, end) = self.span_of(block).ok_or_else(damaged)?;
        let length = usize::try_from(end - start).map_err(|_| damaged())?;
        self.read_at(bytes, start, length)?;
        let (sum, rest) = bytes.split_at_checked(SUM).ok_or_else(damaged)?;
        match known
            || fnv1a_64(rest) as u32 == u32::from_le_bytes(sum.try_into().unwrap_or_default())
        {
            true => Ok(()),
            false => Err(damaged()),
        }
    }
}

impl TableFile {
    /// Every block read and checked against its checksum: the first that
    /// fails, if one does. A file whose header and index check out may
    /// still have a damaged block, found only here or by a probe.
    pub(super) fn check_blocks(&self) -> Result<(), TableFileError> {
        let mut bytes = Vec::new();
        (0..self.blocks()).try_for_each(|block| self.read_block_checked(block, &mut bytes, false))
    }
}

/// Why a header cannot be read, before the path is known to name it.
enum HeaderError {
    Io(io::Error),
    Foreign,
    Version(u8),
    Mismatch(String),
    Short,
    Damaged,
}

/// The header of `file` (`length` bytes) and where its blocks start,
/// read as far as its fields reach and no further: the fixed fields
/// first, then each field found short (a model, an index) and a step
/// past it, up to [`MOST_HEADER`].
fn read_header_of(
    file: &File,
    length: u64,
    material: &Material,
    rule_set: u8,
    scheme: Scheme,
) -> Result<(Header, usize), HeaderError> {
    let most = length.min(MOST_HEADER);
    let mut bytes = Vec::new();
    let mut wanted = HEADER_STEP.min(most);
    loop {
        let read = bytes.len();
        bytes.resize(wanted as usize, 0);
        file.read_exact_at(&mut bytes[read..], read as u64)
            .map_err(HeaderError::Io)?;
        if bytes.get(..8) != Some(&MAGIC[..]) {
            return Err(HeaderError::Foreign);
        }
        let version = *bytes.get(8).ok_or(HeaderError::Foreign)?;
        if version != VERSION {
            return Err(HeaderError::Version(version));
        }
        let mut fields = Fields {
            bytes: &bytes,
            at: 9,
            wanted: 0,
        };
        match read_header(&mut fields, material, rule_set, scheme) {
            Err(HeaderError::Short) if wanted < most => {
                wanted = (fields.wanted as u64 + HEADER_STEP).clamp(wanted + 1, most);
            }
            header => return header,
        }
    }
}

/// The header after the version byte, and where the blocks start.
fn read_header(
    fields: &mut Fields,
    material: &Material,
    rule_set: u8,
    scheme: Scheme,
) -> Result<(Header, usize), HeaderError> {
    use HeaderError::{Damaged, Mismatch, Short};
    let [stored_scheme, stored_rules, name_length] = fields.word().ok_or(Short)?;
    let name = fields.take(usize::from(name_length)).ok_or(Short)?;
    let name = String::from_utf8_lossy(name);
    if name != material.to_string()
        || stored_rules != rule_set
        || stored_scheme != scheme_byte(scheme)
    {
        return Err(Mismatch(format!(
            "{name} (rules byte {stored_rules}, kind {:?})",
            char::from(stored_scheme)
        )));
    }
    let [digits] = fields.word().ok_or(Short)?;
    let order_bytes = fields.take(usize::from(digits)).ok_or(Short)?;
    let order = Order::from_bytes(order_bytes, material.pieces().len()).ok_or(Damaged)?;
    let side = match fields.word().ok_or(Short)? {
        [2] => None,
        [side @ (0 | 1)] => Some(usize::from(side)),
        _ => return Err(Damaged),
    };
    let count = u64::from_le_bytes(fields.word().ok_or(Short)?);
    if count != material.size() as u64 {
        return Err(Damaged);
    }
    let alphabet = usize::from(u16::from_le_bytes(fields.word().ok_or(Short)?));
    let mut model = Vec::with_capacity(scheme.contexts());
    for _ in 0..scheme.contexts() {
        let stored = fields.take(alphabet * 2).ok_or(Short)?;
        let frequencies: Vec<u32> = stored
            .chunks_exact(2)
            .map(|pair| u32::from(u16::from_le_bytes([pair[0], pair[1]])))
            .collect();
        model.push(Frequencies::of_frequencies(&frequencies).ok_or(Damaged)?);
    }
    let mut words = [0u64; 9];
    for word in &mut words {
        *word = u64::from_le_bytes(fields.word().ok_or(Short)?);
    }
    let blocks = u32::from_le_bytes(fields.word().ok_or(Short)?) as usize;
    if blocks != material.size().div_ceil(BLOCK) {
        return Err(Damaged);
    }
    let mut index = Vec::with_capacity(blocks);
    let mut last = 0u32;
    for _ in 0..blocks {
        let end = u32::from_le_bytes(fields.word().ok_or(Short)?);
        if end < last.saturating_add(SUM as u32) {
            return Err(Damaged);
        }
        last = end;
        index.push(end);
    }
    let summed = fnv1a_64(&fields.bytes[..fields.at]);
    if u64::from_le_bytes(fields.word().ok_or(Short)?) != summed {
        return Err(Damaged);
    }
    let header = Header {
        order,
        side,
        count: count as usize,
        model,
        facts: Facts::of_words(words),
        index,
    };
    Ok((header, fields.at))
}

/// The format version of the file at `path`, if it is a Congo table at
/// all: what an old file left in a folder is refused by.
pub(super) fn version_of(path: &Path) -> Option<u8> {
    let mut start = [0u8; 9];
    if !fs::metadata(path).ok()?.is_file() {
        return None;
    }
    File::open(path).ok()?.read_exact(&mut start).ok()?;
    (start[..8] == MAGIC[..]).then_some(start[8])
}

/// The size of the file at `path` in bytes, 0 if it cannot be read.
pub(super) fn size_of(path: &Path) -> u64 {
    fs::metadata(path).map_or(0, |metadata| metadata.len())
}
