//! Recovery after a start: the folder's game files named, each read back
//! when first asked for, a torn last line cut off, damage and strangers
//! reported and left as they are.

use std::fs::{self, OpenOptions};
use std::io::ErrorKind;
use std::path::Path;

use super::error::JournalError;
use super::folder::{EXTENSION, Folder, is_id};
use super::game_log::MOST_BYTES;
use super::recovery::{self, End, Reading};
use congo_kit::text::Count;

/// A game recovered from its file.
#[derive(Debug)]
pub(super) struct Found {
    pub created: u64,
    pub lines: Vec<String>,
    pub read_only: bool,
    /// The bytes its file holds once read (and cut).
    pub bytes: u64,
}

/// The ids of the folder's games' files, with a line in `problems` for
/// each file of the folder that is not one.
pub(super) fn ids(
    folder: &Folder,
    problems: &mut Vec<String>,
) -> Result<Vec<String>, JournalError> {
    let games = folder.games();
    let folder_error = |error| JournalError::Folder(games.to_path_buf(), error);
    let mut ids = Vec::new();
    for entry in fs::read_dir(games).map_err(folder_error)? {
        let entry = entry.map_err(folder_error)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(id) = name.strip_suffix(EXTENSION) else {
            continue;
        };
        let regular = entry.file_type().is_ok_and(|kind| kind.is_file());
        if !is_id(id) || !regular {
            problems.push(format!("{}: not a game's file; left alone", shown(&name)));
            continue;
        }
        ids.push(id.to_string());
    }
    Ok(ids)
}

/// A game's file as problems name it.
fn shown(name: &str) -> String {
    format!("games/{}", name.escape_debug())
}

/// Reads game `id`'s file at `path`, cutting a torn last line off it;
/// `None`, with a line in `problems`, where it cannot be read as a game.
pub(super) fn recover(path: &Path, id: &str, problems: &mut Vec<String>) -> Option<Found> {
    let shown = shown(&format!("{id}{EXTENSION}"));
    let cannot_read = |error| format!("{shown}: cannot be read ({error}); left alone");
    let meta = match fs::symlink_metadata(path) {
        Err(error) if error.kind() == ErrorKind::NotFound => return None,
        Err(error) => {
            problems.push(cannot_read(error));
            return None;
        }
        Ok(meta) => meta,
    };
    if !meta.is_file() {
        problems.push(format!("{shown}: not a game's file; left alone"));
        return None;
    }
    let size = meta.len();
    if size > MOST_BYTES {
        problems.push(format!(
            "{shown}: {size} bytes, more than a game's file holds ({MOST_BYTES}); left alone"
        ));
        return None;
    }
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            problems.push(cannot_read(error));
            return None;
        }
    };
    let recovered = match recovery::read(&bytes) {
        Reading::Game(recovered) => recovered,
        Reading::Version(version) => {
            problems.push(format!(
                "{shown}: journal version {version:?} is not one this congo reads; left alone"
            ));
            return None;
        }
        Reading::Foreign => {
            problems.push(format!("{shown}: not a congo serve journal; left alone"));
            return None;
        }
    };
    let kept = Count(recovered.lines.len(), "line");
    let mut lines = recovered.lines;
    let mut length = bytes.len() as u64;
    let read_only = match recovered.end {
        End::Whole => false,
        End::Torn { line, keep, bytes } => match cut(path, keep) {
            Ok(()) => {
                problems.push(format!(
                    "{shown}: line {line}: a torn last line ({bytes} bytes) was dropped"
                ));
                length = keep;
                false
            }
            Err(error) => {
                problems.push(format!(
                    "{shown}: line {line}: a torn last line could not be cut ({error}); \
                     {kept} before it kept, read only"
                ));
                true
            }
        },
        End::Damaged { line, ending } => {
            let ending_kept = match ending {
                Some(ending) => {
                    lines.push(ending);
                    ", and how the game ended after it"
                }
                None => "",
            };
            problems.push(format!(
                "{shown}: line {line}: damaged; {kept} before it kept{ending_kept}, \
                 read only, the file left as it is"
            ));
            true
        }
    };
    Some(Found {
        created: recovered.created,
        lines,
        read_only,
        bytes: length,
    })
}

/// Cuts the file at `path` to its first `keep` bytes, durably.
fn cut(path: &Path, keep: u64) -> std::io::Result<()> {
    let file = OpenOptions::new().write(true).open(path)?;
    file.set_len(keep)?;
    file.sync_all()
}
