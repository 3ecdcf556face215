//! `congo tournament --merge`: the shards of one tournament, played apart
//! (on other machines, from other folders), put together in a new folder:
//! their records, their games file and the standings of all their games.
//! A shard's folder is only read, and the set must be whole: every shard
//! of N once.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::TournamentError;
use super::folder::{
    DESCRIPTION, Finished, Folder, FolderError, SCHEDULE, SHARD_LINE, description_of,
    first_difference,
};
use super::games_file::{GAMES, GamesFile, Place, whole_games};
use super::ratings::Anchor;
use super::tables::{Tables, Terms};
use super::tie_breaks::TieBreak;
use congo_kit::json::Json;
use congo_kit::shard::Shard;

/// Why the shards' folders are not one whole tournament.
#[derive(Debug)]
pub enum MergeError {
    /// No folder was named.
    Nothing,
    /// A folder's description names no shard.
    NoShard(PathBuf),
    /// Two folders split the tournament into different numbers of shards.
    Counts(PathBuf, Shard, PathBuf, Shard),
    /// Two folders hold the same shard.
    Twice(Shard, PathBuf, PathBuf),
    /// Shards of the set are not among the folders.
    Missing(Vec<Shard>),
    /// A folder holds a Swiss, which is never split into shards.
    Swiss(PathBuf),
    /// A folder holds another tournament than the first folder: the first
    /// line that differs, as it says and as the first one says.
    Different {
        folder: PathBuf,
        first: PathBuf,
        theirs: String,
        ours: String,
    },
    /// A shard stopped before its last game: its folder, its shard, the
    /// games played and the games it has.
    Unfinished(PathBuf, Shard, usize, usize),
    /// A shard stopped before it wrote its schedule.
    Unscheduled(PathBuf, Shard),
    /// The folder to merge into holds files already.
    NotEmpty(PathBuf),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Nothing => f.write_str("--merge needs the folders of the shards"),
            MergeError::NoShard(folder) => {
                write!(
                    f,
                    "{} names no shard in its tournament.txt",
                    folder.display()
                )
            }
            MergeError::Counts(one, its, other, theirs) => write!(
                f,
                "{} holds shard {its} but {} holds shard {theirs}: one tournament's shards share their count",
                one.display(),
                other.display()
            ),
            MergeError::Twice(shard, one, other) => write!(
                f,
                "{} and {} both hold shard {shard}",
                one.display(),
                other.display()
            ),
            MergeError::Missing(shards) => {
                let named: Vec<String> = shards.iter().map(Shard::to_string).collect();
                write!(
                    f,
                    "shard {} {} missing: merge every shard of the tournament",
                    named.join(", "),
                    if shards.len() == 1 { "is" } else { "are" }
                )
            }
            MergeError::Swiss(folder) => write!(
                f,
                "--merge: {} holds a Swiss, which is never split into shards: its standings are there already",
                folder.display()
            ),
            MergeError::Different {
                folder,
                first,
                theirs,
                ours,
            } => write!(
                f,
                "--merge: {} is not the same tournament as {}: its {DESCRIPTION} says {theirs:?} where {}'s says {ours:?}",
                folder.display(),
                first.display(),
                first.display()
            ),
            MergeError::Unfinished(folder, shard, played, games) => write!(
                f,
                "--merge: {} (shard {shard}) is unfinished: {played} of {games} games played; finish it with --resume first",
                folder.display()
            ),
            MergeError::Unscheduled(folder, shard) => write!(
                f,
                "--merge: {} (shard {shard}) is unfinished: it stopped before it wrote its {SCHEDULE}; finish it with --resume first",
                folder.display()
            ),
            MergeError::NotEmpty(folder) => write!(
                f,
                "--merge: {} holds files already: name a new folder for the merged tournament",
                folder.display()
            ),
        }
    }
}

impl std::error::Error for MergeError {}

/// The standings of the shards in `folders` (one tournament's, shard
/// lines apart), written with their records to the new folder
/// `output_folder`, and to `output`.
pub fn merge_tournaments(
    folders: &[PathBuf],
    output_folder: &Path,
    anchor: Option<(String, f64)>,
    output: &mut impl Write,
) -> Result<(), TournamentError> {
    let first = folders.first().ok_or(MergeError::Nothing)?;
    let description = description_of(first)?;
    let names: Vec<String> = description
        .lines()
        .filter_map(|line| line.strip_prefix("player "))
        .filter_map(|line| line.split_once(':'))
        .map(|(name, _)| name.to_owned())
        .collect();
    let shards = folders
        .iter()
        .map(|folder| Ok((shard_in(folder, first, &description)?, folder)))
        .collect::<Result<Vec<_>, TournamentError>>()?;
    check_whole(&shards)?;
    let mut merged = Finished::new();
    for &(shard, folder) in &shards {
        merged.extend(finished_games(folder, shard, &names)?);
    }
    let anchor = match anchor {
        None => Anchor::Mean,
        Some((name, rating)) => Anchor::Player(
            names
                .iter()
                .position(|known| *known == name)
                .ok_or(TournamentError::UnknownPlayer(name))?,
            rating,
        ),
    };
    let merged_description = format!("{description}merged from {} folder(s)\n", folders.len());
    let target =
        Folder::open(output_folder, &merged_description, false).map_err(|error| match error {
            FolderError::NotEmpty(folder) => TournamentError::Merge(MergeError::NotEmpty(folder)),
            error => error.into(),
        })?;
    target.append_all(&names, &merged)?;
    carry_games(folders, &target, &names, &merged)?;
    // Shards are never a Swiss's: no byes, and Sonneborn-Berger.
    let terms = Terms {
        names: &names,
        byes: &[],
        anchor: &anchor,
        tie_breaks: vec![TieBreak::SonnebornBerger],
        conditions: Json::Object(vec![
            ("merged_from".to_owned(), Json::Number(folders.len() as f64)),
            ("tournament".to_owned(), Json::String(description.clone())),
        ]),
    };
    let tables = Tables::of(&merged, terms);
    tables.write(&target)?;
    output
        .write_all(tables.text.as_bytes())
        .map_err(TournamentError::Output)
}

/// The shard the folder `folder` holds, once it is shown to be a shard
/// of the tournament that `first` holds and `description` describes.
fn shard_in(folder: &Path, first: &Path, description: &str) -> Result<Shard, TournamentError> {
    let theirs = description_of(folder)?;
    if theirs.lines().any(|line| line.starts_with(SWISS_LINE)) {
        return Err(MergeError::Swiss(folder.to_owned()).into());
    }
    if let Some((theirs, ours)) = first_difference(&theirs, description, true) {
        return Err(MergeError::Different {
            folder: folder.to_owned(),
            first: first.to_owned(),
            theirs,
            ours,
        }
        .into());
    }
    Ok(shard_of(&theirs, folder)?)
}

/// The games of the shard `shard` in `folder` (players `names`), once
/// it is shown to have played every game of its schedule.
fn finished_games(
    folder: &Path,
    shard: Shard,
    names: &[String],
) -> Result<Finished, TournamentError> {
    let (finished, _) = Folder::reading(folder).finished(names)?;
    let games = scheduled_games(folder, shard)?;
    if finished.len() < games {
        let unfinished = MergeError::Unfinished(folder.to_owned(), shard, finished.len(), games);
        return Err(unfinished.into());
    }
    Ok(finished)
}

/// The line of a Swiss's description that gives its format.
const SWISS_LINE: &str = "format Swiss";

/// The games the schedule of the shard `shard` in `folder` lists, a line
/// each.
fn scheduled_games(folder: &Path, shard: Shard) -> Result<usize, TournamentError> {
    let path = folder.join(SCHEDULE);
    match fs::read_to_string(&path) {
        Ok(text) => Ok(text
            .lines()
            .filter(|line| line.starts_with("round "))
            .count()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            Err(MergeError::Unscheduled(folder.to_owned(), shard).into())
        }
        Err(error) => Err(FolderError::Io(path, error).into()),
    }
}

/// Writes the merged folder's games file: the whole games of each shard's
/// in turn, then any recorded game none of them holds.
fn carry_games(
    folders: &[PathBuf],
    target: &Folder,
    names: &[String],
    merged: &Finished,
) -> Result<(), FolderError> {
    let mut games = GamesFile::open(target.root())?;
    for folder in folders {
        let path = folder.join(GAMES);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
            Err(error) => return Err(FolderError::Io(path, error)),
        };
        for (key, game) in whole_games(&text) {
            if !games.holds(&key) {
                games.append(key, &game)?;
            }
        }
    }
    let mut recorded: Vec<_> = merged.iter().collect();
    recorded.sort_by_key(|(key, _)| **key);
    for (&((first, second), _), record) in recorded {
        let place = Place {
            first: &names[first],
            second: &names[second],
            round: None,
        };
        games.add(record, &place)?;
    }
    Ok(())
}

/// The shard the description of `folder` names.
fn shard_of(description: &str, folder: &Path) -> Result<Shard, MergeError> {
    description
        .lines()
        .find_map(|line| line.strip_prefix(SHARD_LINE))
        .and_then(|shard| shard.parse().ok())
        .ok_or_else(|| MergeError::NoShard(folder.to_owned()))
}

/// Checks that `shards` are each shard of one count once.
fn check_whole(shards: &[(Shard, &PathBuf)]) -> Result<(), MergeError> {
    let Some(&(first, first_folder)) = shards.first() else {
        return Err(MergeError::Nothing);
    };
    let mut holders: Vec<Option<&PathBuf>> = vec![None; first.count()];
    for &(shard, folder) in shards {
        if shard.count() != first.count() {
            return Err(MergeError::Counts(
                first_folder.clone(),
                first,
                folder.clone(),
                shard,
            ));
        }
        if let Some(other) = holders[shard.index()].replace(folder) {
            return Err(MergeError::Twice(shard, other.clone(), folder.clone()));
        }
    }
    let missing: Vec<Shard> = Shard::every(first.count())
        .filter(|shard| holders[shard.index()].is_none())
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Missing(missing))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_whole_set_of_shards_merges() {
        let shard = |text: &str| text.parse::<Shard>().unwrap();
        let (a, b) = (PathBuf::from("t1"), PathBuf::from("t2"));
        let fault = |shards: &[(Shard, &PathBuf)]| check_whole(shards).unwrap_err().to_string();
        assert_eq!(fault(&[]), "--merge needs the folders of the shards");
        assert_eq!(
            fault(&[(shard("2/4"), &a)]),
            "shard 1/4, 3/4, 4/4 are missing: merge every shard of the tournament"
        );
        assert_eq!(
            fault(&[(shard("1/2"), &a), (shard("1/2"), &b)]),
            "t1 and t2 both hold shard 1/2"
        );
        assert_eq!(
            fault(&[(shard("1/2"), &a), (shard("2/3"), &b)]),
            "t1 holds shard 1/2 but t2 holds shard 2/3: one tournament's shards share their count"
        );
        assert!(check_whole(&[(shard("2/2"), &b), (shard("1/2"), &a)]).is_ok());
    }
}
