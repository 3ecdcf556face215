//! The tournament's games in one PGN file, `games.pgn`, for the tools
//! people already use: each game appended as it ends, just after its
//! record. The records are the tournament's state and this file follows
//! them: on `--resume` a game cut off while it was written is dropped, and
//! a recorded game the file lacks is added, so that it holds every
//! recorded game once. Each game's `Record` tag names its record (and so
//! its logs).

use std::collections::HashSet;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::faults::Fault;
use super::folder::FolderError;
use congo_rules::pgn::{PgnGame, pgn_games, today};
use congo_rules::record::Record;

/// The file's name in the tournament's folder.
pub const GAMES: &str = "games.pgn";

/// The games file of a tournament's folder, and which games it holds.
pub struct GamesFile {
    path: PathBuf,
    /// The `Record` tags of its games.
    held: HashSet<String>,
}

/// Where a game stands: its pair's names, its number in the pair (from 1)
/// and its round, if known.
pub struct Place<'a> {
    pub first: &'a str,
    pub second: &'a str,
    pub round: Option<usize>,
}

impl GamesFile {
    /// The games file in `root`, made if missing, cut back to its whole
    /// games.
    pub fn open(root: &Path) -> Result<GamesFile, FolderError> {
        let path = root.join(GAMES);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(FolderError::Io(path, error)),
        };
        let games = whole_games(&text);
        let whole: usize = games.iter().map(|(_, text)| text.len()).sum();
        if whole < text.len() {
            let file = OpenOptions::new().write(true).open(&path);
            file.and_then(|file| file.set_len(whole as u64))
                .map_err(|error| FolderError::Io(path.clone(), error))?;
        }
        let held = games.into_iter().map(|(key, _)| key).collect();
        Ok(GamesFile { path, held })
    }

    /// Whether the file holds the game whose `Record` tag is `key`.
    pub fn holds(&self, key: &str) -> bool {
        self.held.contains(key)
    }

    /// Appends a game's text, whose `Record` tag is `key`, in one write.
    pub fn append(&mut self, key: String, text: &str) -> Result<(), FolderError> {
        let appended = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .and_then(|mut file| file.write_all(text.as_bytes()));
        appended.map_err(|error| FolderError::Io(self.path.clone(), error))?;
        self.held.insert(key);
        Ok(())
    }

    /// Appends the game of `record` at `place`, unless the file holds it.
    pub fn add(&mut self, record: &Record, place: &Place) -> Result<(), FolderError> {
        let game = pgn_game(record, place);
        let key = record_key(place, record.game);
        if self.holds(&key) {
            return Ok(());
        }
        self.append(key, &game.to_string())
    }
}

/// The `Record` tag of game `number` of the pair at `place`.
fn record_key(place: &Place, number: usize) -> String {
    format!(
        "records/{}-vs-{}.rec game {number}",
        place.first, place.second
    )
}

/// The whole games of a games file's text, in order, each with its
/// `Record` tag: up to the first game cut short (a game is whole once its
/// result and the blank line after it are written).
pub fn whole_games(text: &str) -> Vec<(String, String)> {
    pgn_games(text)
        .into_iter()
        .map_while(|(_, text)| {
            let game = PgnGame::parse(&text).ok()?;
            let result = game.tag("Result")?;
            let whole = text.trim_end().ends_with(result) && text.ends_with("\n\n");
            let key = game.tag("Record")?.to_owned();
            whole.then_some((key, text))
        })
        .collect()
}

/// The PGN of `record`, the game at `place`.
fn pgn_game(record: &Record, place: &Place) -> PgnGame {
    let (white, black) = if record.white == 'A' {
        (place.first, place.second)
    } else {
        (place.second, place.first)
    };
    let round = place
        .round
        .map_or("?".to_owned(), |round| round.to_string());
    let termination = match Fault::of(&record.reason) {
        Some((_, Fault::Time)) => "time forfeit",
        Some((_, Fault::Crash)) => "abandoned",
        Some(_) => "rules infraction",
        None if record.reason.contains("endgame tables") => "adjudication",
        None => "normal",
    };
    let tags = [
        ("Event", "congo tournament".to_owned()),
        ("Site", site()),
        ("Date", today()),
        ("Round", round),
        ("White", white.to_owned()),
        ("Black", black.to_owned()),
        ("Result", record.outcome.result().to_owned()),
        ("Termination", termination.to_owned()),
        ("PlyCount", record.moves.len().to_string()),
        ("FEN", record.start.clone()),
        ("Variant", "Congo".to_owned()),
        ("Record", record_key(place, record.game)),
    ];
    PgnGame {
        tags: tags
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value))
            .collect(),
        moves: record.moves.clone(),
        reason: record.reason.clone(),
    }
}

/// The machine the game was played on, as far as it says.
fn site() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_owned())
        .ok()
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "?".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_rules::Outcome;

    #[test]
    fn a_game_cut_short_is_not_whole_and_each_game_has_its_record() {
        let record = Record {
            game: 2,
            white: 'B',
            start: "3l3/7/7/7/7/P6/3L3 w 0".to_owned(),
            moves: vec!["a2a3".to_owned()],
            outcome: Outcome::BlackWins,
            reason: "white lost: it gave no move within 300 ms (100 ms and a margin of 200 ms)"
                .to_owned(),
        };
        let place = Place {
            first: "alice",
            second: "bob",
            round: Some(3),
        };
        let game = pgn_game(&record, &place);
        assert_eq!(game.tag("White"), Some("bob"));
        assert_eq!(game.tag("Termination"), Some("time forfeit"));
        assert_eq!(game.tag("Record"), Some("records/alice-vs-bob.rec game 2"));
        let text = game.to_string();
        let twice = format!("{text}{text}");
        assert_eq!(whole_games(&twice).len(), 2);
        for cut in [1, 2, 40] {
            let games = whole_games(&twice[..twice.len() - cut]);
            assert_eq!(games.len(), 1, "cut {cut}");
            assert_eq!(games[0].0, "records/alice-vs-bob.rec game 2");
        }
    }
}
