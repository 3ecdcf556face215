//! `congo tournament`: a whole class of engines, each against the others
//! over the Part 7 protocol, on the match manager's processes, referee,
//! records and openings: a round robin, a gauntlet or a Swiss, with the
//! course's limits on memory and threads held by the operating system,
//! standings with maximum-likelihood ratings, and all its state in one
//! folder, so that it resumes after any stop and spreads over machines.

mod conditions;
mod crosstable;
mod faults;
mod fields;
mod folder;
mod games_file;
mod merge;
mod players;
mod ratings;
mod reason;
mod runner;
mod schedule;
mod settings;
mod standings;
mod standings_csv;
mod standings_json;
mod standings_text;
mod swiss;
mod tables;
mod tie_breaks;
mod trial;
mod uncertainty;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use congo_kit::text::escape_controls;
use std::time::Duration;

pub use folder::FolderError;
pub use merge::{MergeError, merge_tournaments};
pub use players::PlayersError;
pub use runner::play_tournament;
pub use schedule::Format;

use super::limits::{Limits, Unheld};
use super::openings::OpeningsError;
use super::sandbox::SandboxError;
use congo_kit::shard::Shard;
use congo_rules::endgame::EndgameTables;
use congo_rules::{FenError, RuleSet};

/// What `congo tournament` plays, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentOptions {
    /// The players: a file, one engine a line, or a class's folder.
    pub players: PathBuf,
    /// The file of the engines' own settings (`--settings`), if any.
    pub settings: Option<PathBuf>,
    /// The folder that holds the tournament's state and results.
    pub output: PathBuf,
    /// Round robin, gauntlet or Swiss.
    pub format: Format,
    /// The seeds of a gauntlet, by name.
    pub seeds: Vec<String>,
    /// The rule set of every game.
    pub rule_set: RuleSet,
    /// Each move's time.
    pub movetime: Duration,
    /// How far past its time an engine may answer before it forfeits.
    pub margin: Duration,
    /// A freshly started engine's allowance on its first move.
    pub startup: Duration,
    /// The game length, in plies, at which a game is drawn: the course's
    /// 100 moves each unless told.
    pub max_plies: usize,
    /// The start of every opening, before its random plies.
    pub fen: String,
    /// A file of start positions, one FEN a line, in place of `fen`.
    pub openings: Option<PathBuf>,
    /// Random plies played from each start, the same for both games of a
    /// pair's cycle.
    pub opening_plies: usize,
    /// The seed of the openings' random plies (and so of the schedule's games).
    pub seed: u64,
    /// Endgame tables that end a game once they cover it.
    pub tables: Option<Arc<dyn EndgameTables>>,
    /// Games played at once.
    pub concurrency: usize,
    /// Each engine process's memory and threads.
    pub limits: Limits,
    /// Go on when a limit cannot be held here.
    pub unenforced: bool,
    /// Confine each engine under bubblewrap.
    pub sandbox: bool,
    /// Whether root may play the engines unconfined (`--unconfined-root`).
    pub unconfined_root: bool,
    /// What each confined engine may keep in its cell, in bytes (`--disk`).
    pub disk: Option<u64>,
    /// The user the roster's first confined engine runs as, when congo is
    /// root (`--first-uid`).
    pub first_uid: u32,
    /// Folders every confined engine may read.
    pub shared: Vec<PathBuf>,
    /// Keep a log of every engine process.
    pub log: bool,
    /// Keep a pair's processes from one of its games to the next.
    pub keep_processes: bool,
    /// Continue the tournament in `output`.
    pub resume: bool,
    /// The share of the game pairs to play.
    pub shard: Shard,
    /// The rating one player is pinned to (else the mean is 0).
    pub anchor: Option<(String, f64)>,
    /// Print the schedule and play nothing.
    pub show_schedule: bool,
}

impl TournamentOptions {
    /// The course's game length: 100 moves each.
    pub const MAX_PLIES: usize = 200;

    /// What each confined engine may keep in its cell unless told: 1 GB.
    pub const DISK: u64 = 1 << 30;
}

/// Why a tournament cannot be played.
#[derive(Debug)]
pub enum TournamentError {
    /// The players cannot be read.
    Players(PlayersError),
    /// A seed or the anchor names no player.
    UnknownPlayer(String),
    /// A format that does not fit the players: why.
    Format(String),
    /// `--fen` is no position.
    Fen(String, FenError),
    /// The openings file cannot be used.
    Openings(PathBuf, OpeningsError),
    /// Limits that cannot be held, without `--unenforced`.
    Unheld(Vec<Unheld>),
    /// `--sandbox` cannot be had.
    Sandbox(SandboxError),
    /// congo is root, and neither `--sandbox` nor `--unconfined-root` was
    /// given.
    RootUnconfined,
    /// The output folder cannot be used.
    Folder(FolderError),
    /// The shards' folders are not one whole tournament.
    Merge(MergeError),
    /// Not one move was made in any of this many games: the reason one
    /// of them ended.
    Unplayed(usize, String),
    /// The report could not be written.
    Output(std::io::Error),
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentError::Players(error) => error.fmt(f),
            TournamentError::UnknownPlayer(name) => write!(f, "no engine is named {name:?}"),
            TournamentError::Format(why) => f.write_str(why),
            TournamentError::Fen(fen, error) => write!(f, "bad --fen {fen:?}: {error}"),
            TournamentError::Openings(path, error) => f.write_str(&error.of_file(path)),
            TournamentError::Unheld(unheld) => {
                let said: Vec<String> = unheld.iter().map(Unheld::to_string).collect();
                write!(
                    f,
                    "{}; add --unenforced to play without {}",
                    said.join("; "),
                    if unheld.len() == 1 { "it" } else { "them" }
                )
            }
            TournamentError::Sandbox(error) => write!(f, "--sandbox: {error}"),
            TournamentError::RootUnconfined => f.write_str(
                "congo runs as root, so unconfined engines would run with root's rights: add --sandbox to confine them (see docs/tournament.md), or --unconfined-root if you accept running the students' code as root",
            ),
            TournamentError::Folder(error) => error.fmt(f),
            TournamentError::Merge(error) => error.fmt(f),
            TournamentError::Unplayed(games, reason) => write!(
                f,
                "no engine made a move in any of the {games} game(s), so no standings were written; the games end as this one did: {reason}; once the cause is mended, start again in a new folder"
            ),
            TournamentError::Output(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for TournamentError {}

impl From<MergeError> for TournamentError {
    fn from(error: MergeError) -> TournamentError {
        TournamentError::Merge(error)
    }
}

impl From<FolderError> for TournamentError {
    fn from(error: FolderError) -> TournamentError {
        TournamentError::Folder(error)
    }
}

/// What a tournament tells as it goes, for a front end to show.
#[derive(Debug)]
pub enum TournamentEvent<'a> {
    /// A subfolder of the class's folder that is no engine, and why.
    Skipped(&'a str, &'a str),
    /// An engine's folder holds settings of its own, which are ignored.
    Ignored(&'a str),
    /// An engine is played on terms of its own: its name and them.
    Terms(&'a str, &'a str),
    /// Which mechanism holds which limit.
    Limits(&'a str),
    /// A limit goes unheld (`--unenforced`).
    Unheld(&'a Unheld),
    /// Engines are confined: who they run as, where their cells are, and
    /// how their size is bound.
    Confined(&'a str, &'a Path, &'a str),
    /// Engines are not confined: who they run as, with what rights, and
    /// what ends the processes they leave.
    Unconfined(&'a str, Reaping),
    /// `--resume` found no key to its cells: the engines start again
    /// from fresh copies of their folders.
    FreshCells,
    /// `--resume` found this many games played, and dropped this many torn
    /// lines.
    Resumed(usize, usize),
    /// A game has ended: how many are done, of how many, and its line.
    Game(usize, usize, &'a str),
}

/// What ends the processes an unconfined engine leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaping {
    /// Its control groups, emptied by congo's reaper (root).
    Groups,
    /// A PID namespace of its own, which dies with it.
    OwnPids,
    /// Nothing that congo can arrange here.
    Nothing,
}

impl fmt::Display for TournamentEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentEvent::Skipped(name, why) => write!(
                f,
                "{} is not playing: {}",
                escape_controls(name, &[]),
                escape_controls(why, &[])
            ),
            TournamentEvent::Ignored(name) => write!(
                f,
                "{name}'s folder holds a congo.conf, which is ignored: settings come from the players file or --settings FILE"
            ),
            TournamentEvent::Terms(name, terms) => {
                write!(f, "{name} plays on terms of its own: {terms}")
            }
            TournamentEvent::Limits(statement) => write!(f, "limits: {statement}"),
            TournamentEvent::Unheld(unheld) => {
                write!(f, "warning: {unheld}; playing without it (--unenforced)")
            }
            TournamentEvent::Confined(who, cells, disk) => write!(
                f,
                "sandbox: {who}, without privileges, seeing its own folder (kept in {}; {disk}), the system's programs and a private /tmp, with no network",
                cells.display()
            ),
            TournamentEvent::Unconfined(who, own_pids) => {
                write!(
                    f,
                    "warning: without --sandbox the students' code runs {who}, with its rights: it can read, change and delete whatever that user can"
                )?;
                match own_pids {
                    Reaping::Groups => Ok(()),
                    Reaping::OwnPids => f.write_str(
                        "; each engine has a PID namespace of its own, so what it starts ends with its game (unless it asks a service outside, such as the TA's tmux or systemd, to start it)",
                    ),
                    Reaping::Nothing => f.write_str(
                        "; what an engine starts in a session of its own may outlive its game, as this kernel lets no ordinary user make a PID namespace",
                    ),
                }
            }
            TournamentEvent::FreshCells => f.write_str(
                "warning: the folder names no cells of its own (cells-key.txt is missing), so the engines start again from fresh copies of their folders; what they wrote in their cells before is not there",
            ),
            TournamentEvent::Resumed(games, torn) => {
                write!(f, "resuming after {games} game(s) already played")?;
                if *torn > 0 {
                    write!(
                        f,
                        " ({torn} line(s) cut short when it stopped are played again)"
                    )?;
                }
                Ok(())
            }
            TournamentEvent::Game(done, total, line) => write!(f, "{done} of {total}: {line}"),
        }
    }
}
