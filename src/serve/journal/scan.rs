//! Recovery at start: every game file of the folder read, a torn last
//! line cut off, damage and strangers reported and left as they are.

use std::fs::{self, OpenOptions};
use std::path::Path;

use super::error::JournalError;
use super::folder::{EXTENSION, Folder, is_id};
use super::game_log::MOST_BYTES;
use super::recovery::{self, End, Reading};
use crate::text::Count;

/// A game recovered from its file.
#[derive(Debug)]
pub(super) struct Found {
    pub id: String,
    pub created: u64,
    pub lines: Vec<String>,
    pub read_only: bool,
    /// The bytes its file holds once read (and cut).
    pub bytes: u64,
}

/// Reads the folder's games, oldest created first, with a line in
/// `problems` for each file not read whole.
pub(super) fn scan(
    folder: &Folder,
    problems: &mut Vec<String>,
) -> Result<Vec<Found>, JournalError> {
    let games = folder.games();
    let folder_error = |error| JournalError::Folder(games.to_path_buf(), error);
    let mut found = Vec::new();
    for entry in fs::read_dir(games).map_err(folder_error)? {
        let entry = entry.map_err(folder_error)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(id) = name.strip_suffix(EXTENSION) else {
            continue;
        };
        let shown = format!("games/{}", name.escape_debug());
        let regular = entry.file_type().is_ok_and(|kind| kind.is_file());
        if !is_id(id) || !regular {
            problems.push(format!("{shown}: not a game's file; left alone"));
            continue;
        }
        if let Some(game) = recover(&entry.path(), id, &shown, problems) {
            found.push(game);
        }
    }
    found.sort_by(|a, b| (a.created, &a.id).cmp(&(b.created, &b.id)));
    Ok(found)
}

/// Reads one game's file, cutting a torn last line off it.
fn recover(path: &Path, id: &str, shown: &str, problems: &mut Vec<String>) -> Option<Found> {
    let size = fs::metadata(path).map_or(0, |meta| meta.len());
    if size > MOST_BYTES {
        problems.push(format!(
            "{shown}: {size} bytes, more than a game's file holds ({MOST_BYTES}); left alone"
        ));
        return None;
    }
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            problems.push(format!("{shown}: cannot be read ({error}); left alone"));
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
        End::Damaged { line } => {
            problems.push(format!(
                "{shown}: line {line}: damaged; {kept} before it kept, read only, \
                 the file left as it is"
            ));
            true
        }
    };
    Some(Found {
        id: id.to_string(),
        created: recovered.created,
        lines: recovered.lines,
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
