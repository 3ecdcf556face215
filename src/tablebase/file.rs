//! A table's file: a header that says what it holds, then its value
//! codes laid out for packing ([`super::layout`]) and packed
//! ([`super::packed`]).
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `CONGOTB\0` |
//! | 1 | format version, 4 |
//! | 1 | rule set: 0 for a material without pawns (the same under both), 21 or 22 |
//! | 1 | length of the material's name, then the name (`LZvLP`) |
//! | 8 | number of value codes, little-endian |
//! | 8 | number of packed bytes, little-endian |
//! | 8 | FNV-1a 64 checksum of the packed bytes, little-endian |
//! | rest | the value codes, laid out and packed |
//!
//! A code is 0 for a draw, 1 + the distance in plies to the capture of a
//! lion otherwise (odd distances are wins for the side to move, even ones
//! losses), and 65535 for a number that is no position. The whole file is
//! read and checked before any of it is used: one cut short or changed is
//! refused whole.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::material::Material;
use super::{layout, packed};
use crate::digest::fnv1a_64;

const MAGIC: &[u8; 8] = b"CONGOTB\0";
const VERSION: u8 = 4;

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
    /// Its values do not match their checksum.
    Checksum(PathBuf),
    /// Its packed values match their checksum but do not unpack to the
    /// table (a file made to look whole).
    Packing(PathBuf),
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
                "{} is a table of format {version}, expected {VERSION}",
                path.display()
            ),
            TableFileError::Mismatch(path, what) => {
                write!(f, "{} holds {what}, not what its name says", path.display())
            }
            TableFileError::Size(path) => write!(
                f,
                "{} is truncated or has bytes past its values",
                path.display()
            ),
            TableFileError::Checksum(path) => write!(
                f,
                "{} is corrupted: its values do not match their checksum",
                path.display()
            ),
            TableFileError::Packing(path) => write!(
                f,
                "{} is corrupted: its packed values do not unpack to the table",
                path.display()
            ),
        }
    }
}

impl std::error::Error for TableFileError {}

/// The rule set byte: 0 when the material has no pawns.
pub(super) fn rules_byte(material: &Material, rule_set: crate::RuleSet) -> u8 {
    match (material.has_pawns(), rule_set) {
        (false, _) => 0,
        (true, crate::RuleSet::Wits2021) => 21,
        (true, crate::RuleSet::Wits2022) => 22,
    }
}

/// Writes the codes of `material` to `path`, whole or not at all.
pub(super) fn write(
    path: &Path,
    material: &Material,
    rule_set: u8,
    codes: &[u16],
) -> io::Result<()> {
    let packed = packed::pack(&layout::to_stream(codes));
    let name = material.to_string();
    let mut bytes = Vec::with_capacity(packed.len() + 64);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&[VERSION, rule_set, name.len() as u8]);
    bytes.extend_from_slice(name.as_bytes());
    for word in [codes.len() as u64, packed.len() as u64, fnv1a_64(&packed)] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&packed);
    crate::output_files::write_whole(path, &bytes)
}

/// Reads the codes of `material` from `path`, refusing anything that is
/// not exactly the table the name promises.
pub(super) fn read(
    path: &Path,
    material: &Material,
    rule_set: u8,
) -> Result<Vec<u16>, TableFileError> {
    let bytes = fs::read(path).map_err(|error| TableFileError::Io(path.to_owned(), error))?;
    let foreign = || TableFileError::Foreign(path.to_owned());
    let header = bytes.get(..11).ok_or_else(foreign)?;
    if &header[..8] != MAGIC {
        return Err(foreign());
    }
    if header[8] != VERSION {
        return Err(TableFileError::Version(path.to_owned(), header[8]));
    }
    let (stored_rules, name_length) = (header[9], usize::from(header[10]));
    let name_end = 11 + name_length;
    let name = bytes
        .get(11..name_end)
        .and_then(|name| std::str::from_utf8(name).ok())
        .ok_or_else(foreign)?;
    let expected_name = material.to_string();
    if name != expected_name || stored_rules != rule_set {
        return Err(TableFileError::Mismatch(
            path.to_owned(),
            format!("{name} (rules byte {stored_rules})"),
        ));
    }
    let size = || TableFileError::Size(path.to_owned());
    let word = |at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
    };
    let (Some(count), Some(length), Some(sum)) =
        (word(name_end), word(name_end + 8), word(name_end + 16))
    else {
        return Err(size());
    };
    let packed = &bytes[name_end + 24..];
    if count != material.size() as u64 || packed.len() as u64 != length {
        return Err(size());
    }
    if fnv1a_64(packed) != sum {
        return Err(TableFileError::Checksum(path.to_owned()));
    }
    packed::unpack(packed, material.size())
        .map(|stream| layout::from_stream(&stream, material))
        .ok_or_else(|| TableFileError::Packing(path.to_owned()))
}
