//! Who plays a tournament: a file of engines, one a line (a name, its
//! settings, then its command line), or a class's folder, where every
//! subfolder holding an executable `run` is an engine named after the
//! folder and started in it. Settings come only from files the TA holds
//! (the players file, or `--settings FILE`): a `congo.conf` a student
//! left in a folder is named, and ignored.

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::settings::{SETTINGS_FILE, Settings};

/// One engine of the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Its name in the tables and its records' file names.
    pub name: String,
    /// Its command line.
    pub command: Vec<String>,
    /// The folder it starts in (congo's own when `None`).
    pub folder: Option<PathBuf>,
    /// How it is spoken to.
    pub settings: Settings,
}

impl Player {
    /// The engine as the tournament's description gives it: its settings
    /// and its command, a folder's `run` without the folder, so that the
    /// same class's engines in another place are the same players.
    pub fn described(&self) -> String {
        let command = match self.folder {
            Some(_) => "run in its folder".to_owned(),
            None => self.command.join(" "),
        };
        match self.settings.to_string() {
            settings if settings.is_empty() => command,
            settings => format!("{settings} {command}"),
        }
    }
}

/// The players, and the subfolders of a class's folder that are not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    /// The engines, in order (a folder's by name).
    pub players: Vec<Player>,
    /// Each subfolder passed over, and why.
    pub skipped: Vec<(String, String)>,
    /// The engines whose folders hold settings of their own, ignored.
    pub ignored: Vec<String>,
}

/// Why the players cannot be read.
#[derive(Debug)]
pub enum PlayersError {
    /// The file or folder cannot be read.
    Read(PathBuf, io::Error),
    /// A line of the file: its number from 1, and what is wrong.
    Line(PathBuf, usize, String),
    /// Two engines share a name.
    Twice(String),
    /// Fewer than two engines.
    TooFew(PathBuf, usize),
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayersError::Read(path, error) => write!(f, "cannot read {}: {error}", path.display()),
            PlayersError::Line(path, line, why) => {
                write!(f, "{} line {line}: {why}", path.display())
            }
            PlayersError::Twice(name) => write!(f, "two engines are named {name:?}"),
            PlayersError::TooFew(path, found) => write!(
                f,
                "{} names {found} engine{}; a tournament needs two or more",
                path.display(),
                if *found == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for PlayersError {}

/// What joins a pair's names in its record's file name.
pub const PAIR_SEPARATOR: &str = "-vs-";

/// The longest name an engine may have.
const MAX_NAME: usize = 40;

/// Why `name` cannot name an engine, if it cannot: names go into file
/// names and tables, so they are short and plain.
pub fn name_fault(name: &str) -> Option<String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-');
    if name.is_empty()
        || name.len() > MAX_NAME
        || !name.chars().all(plain)
        || name.starts_with(['.', '-'])
    {
        Some(format!(
            "the name {name:?} is not 1 to {MAX_NAME} letters, digits and . _ + - (not first . or -)"
        ))
    } else if name.contains(PAIR_SEPARATOR) {
        // Else `x-vs-y` against `z` and `x` against `y-vs-z` would share
        // the record `x-vs-y-vs-z.rec`.
        Some(format!(
            "the name {name:?} holds {PAIR_SEPARATOR:?}, which joins two names in a record's file name"
        ))
    } else {
        None
    }
}

/// The players `path` names: a file of lines, or a class's folder; with
/// the settings of the file `settings`, if given.
pub fn read_roster(path: &Path, settings: Option<&Path>) -> Result<Roster, PlayersError> {
    let mut roster = if path.is_dir() {
        read_folder(path)?
    } else {
        read_file(path)?
    };
    if let Some(settings) = settings {
        read_settings(settings, &mut roster.players)?;
    }
    let mut names: Vec<&str> = roster
        .players
        .iter()
        .map(|player| player.name.as_str())
        .collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(PlayersError::Twice(pair[0].to_owned()));
    }
    if roster.players.len() < 2 {
        return Err(PlayersError::TooFew(path.to_owned(), roster.players.len()));
    }
    Ok(roster)
}

/// A file of engines: `NAME [KEY=VALUE...] COMMAND [ARGS...]` a line,
/// blank lines and lines starting with `#` passed over. A program named by a relative
/// path with a `/` is found from the file's folder.
fn read_file(path: &Path) -> Result<Roster, PlayersError> {
    let text =
        fs::read_to_string(path).map_err(|error| PlayersError::Read(path.to_owned(), error))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut players = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| PlayersError::Line(path.to_owned(), number + 1, why);
        let mut words = line.split_whitespace().map(str::to_owned);
        let name = words.next().unwrap_or_default();
        if let Some(why) = name_fault(&name) {
            return Err(bad(why));
        }
        let mut settings = Settings::default();
        let mut seen = Vec::new();
        let mut words = words.peekable();
        while let Some(word) = words.next_if(|word| Settings::is_setting(word)) {
            settings.add(&word, &mut seen).map_err(&bad)?;
        }
        let mut command: Vec<String> = words.collect();
        let Some(program) = command.first_mut() else {
            return Err(bad(format!("{name} has no command line")));
        };
        if program.contains('/') && Path::new(program.as_str()).is_relative() {
            *program = base.join(&*program).display().to_string();
        }
        players.push(Player {
            name,
            command,
            folder: None,
            settings,
        });
    }
    Ok(Roster {
        players,
        skipped: Vec::new(),
        ignored: Vec::new(),
    })
}

/// A class's folder: each subfolder with an executable `run`, in the
/// order of their names.
fn read_folder(path: &Path) -> Result<Roster, PlayersError> {
    let read = |error| PlayersError::Read(path.to_owned(), error);
    let mut entries: Vec<PathBuf> = fs::read_dir(path)
        .map_err(read)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|entry| entry.is_dir())
        .collect();
    entries.sort();
    let mut roster = Roster {
        players: Vec::new(),
        skipped: Vec::new(),
        ignored: Vec::new(),
    };
    for folder in entries {
        let name = folder
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let run = folder.join("run");
        let why_not = if let Some(why) = name_fault(&name) {
            Some(why)
        } else if folder.is_symlink() {
            // Copied as root, a link could bring in a folder of anyone's.
            Some("it is a link to a folder, which is not followed".to_owned())
        } else if !run.is_file() {
            Some("it holds no file named run".to_owned())
        } else if !is_executable(&run) {
            Some(format!(
                "its run is not executable (chmod +x {})",
                run.display()
            ))
        } else {
            None
        };
        if let Some(why) = why_not {
            roster.skipped.push((name, why));
            continue;
        }
        let folder = fs::canonicalize(&folder).map_err(read)?;
        if fs::symlink_metadata(folder.join(SETTINGS_FILE)).is_ok() {
            roster.ignored.push(name.clone());
        }
        roster.players.push(Player {
            name,
            command: vec![folder.join("run").display().to_string()],
            settings: Settings::default(),
            folder: Some(folder),
        });
    }
    Ok(roster)
}

/// The settings file `path` (`--settings`), a line an engine: its name,
/// then its settings (blank lines and `#` lines passed over); they
/// replace those the players file gave it.
fn read_settings(path: &Path, players: &mut [Player]) -> Result<(), PlayersError> {
    let text = read_plain(path).map_err(|error| PlayersError::Read(path.to_owned(), error))?;
    let mut named = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| PlayersError::Line(path.to_owned(), number + 1, why);
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        if named.contains(&name) {
            return Err(bad(format!("{name} is given settings twice")));
        }
        named.push(name);
        let player = players
            .iter_mut()
            .find(|player| player.name == name)
            .ok_or_else(|| bad(format!("no engine is named {name:?}")))?;
        let mut settings = Settings::default();
        let mut seen = Vec::new();
        for word in words {
            settings.add(word, &mut seen).map_err(&bad)?;
        }
        player.settings = settings;
    }
    Ok(())
}

/// The most a settings file may hold.
const MOST_SETTINGS: u64 = 64 << 10;

/// The text of the small plain file `path`: a link (to a file of the
/// machine's, which congo could read), a pipe or a device is not read,
/// nor more than [`MOST_SETTINGS`] bytes.
fn read_plain(path: &Path) -> io::Result<String> {
    match fs::symlink_metadata(path) {
        Err(error) => return Err(error),
        Ok(found) if !found.is_file() => {
            return Err(io::Error::other(
                "it is no plain file (a link, pipe or folder is not read)",
            ));
        }
        Ok(found) if found.len() > MOST_SETTINGS => {
            return Err(io::Error::other(format!(
                "it holds more than {} KB",
                MOST_SETTINGS >> 10
            )));
        }
        Ok(_) => {}
    }
    let mut text = String::new();
    fs::File::open(path)?
        .take(MOST_SETTINGS)
        .read_to_string(&mut text)?;
    Ok(text)
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_file_is_read_only_when_small_and_plain() {
        let dir = std::env::temp_dir().join(format!("congo-settings-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("congo.conf");
        assert!(read_plain(&path).is_err());
        std::os::unix::fs::symlink("/etc/hostname", &path).unwrap();
        let refused = |path: &Path| read_plain(path).unwrap_err().to_string();
        assert_eq!(
            refused(&path),
            "it is no plain file (a link, pipe or folder is not read)"
        );
        fs::remove_file(&path).unwrap();
        fs::write(&path, "x".repeat(65 << 10)).unwrap();
        assert_eq!(refused(&path), "it holds more than 64 KB");
        fs::write(&path, "go=seconds\n").unwrap();
        assert_eq!(read_plain(&path).unwrap(), "go=seconds\n");
        let error = read_settings(&dir, &mut []).unwrap_err().to_string();
        assert!(error.starts_with("cannot read "), "{error}");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn names_are_plain_and_short() {
        for good in ["alice", "bob-2", "c.d_e+f", "X"] {
            assert_eq!(name_fault(good), None, "{good}");
        }
        for bad in ["", "a b", "../up", "-flag", ".hidden", "é", &"x".repeat(41)] {
            assert!(name_fault(bad).is_some(), "{bad}");
        }
        assert_eq!(
            name_fault("x-vs-y").as_deref(),
            Some(
                "the name \"x-vs-y\" holds \"-vs-\", which joins two names in a record's file name"
            )
        );
        assert_eq!(name_fault("vs-x"), None);
    }
}
