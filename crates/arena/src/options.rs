//! [`MatchOptions`]: what a match plays, and how.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::sprt::Sprt;
use congo_kit::shard::Shard;
use congo_rules::endgame::EndgameTables;
use congo_rules::{MAX_PLIES, RuleSet};

/// What `congo match` plays.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// How many games to play.
    pub games: usize,
    /// Each move's time, for A and for B (time odds when they differ).
    pub movetime: [Duration; 2],
    /// How far past its time an engine may answer before it forfeits;
    /// answers within it are counted as overruns.
    pub margin: Duration,
    /// A freshly started engine's allowance for start-up, on top of its
    /// first move's time.
    pub startup: Duration,
    /// The game length, in plies, at which a game is drawn.
    pub max_plies: usize,
    /// The position every game starts from, before the random opening.
    pub fen: String,
    /// The rule set of every game.
    pub rule_set: RuleSet,
    /// Random plies played from `fen` before the engines take over, the
    /// same for both games of a pair (colours swapped), so that
    /// deterministic engines do not replay one game over and over.
    pub opening_plies: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Send `go` whole seconds, rounded up, for engines that read an integer.
    pub go_seconds: bool,
    /// Endgame tables that end a game once it reaches them, with the
    /// result they give.
    pub tables: Option<Arc<dyn EndgameTables>>,
    /// Games played at once, each pair of engines in its own processes.
    pub concurrency: usize,
    /// A file to write each finished game to, one [`Record`] line each.
    ///
    /// [`Record`]: congo_rules::record::Record
    pub record: Option<PathBuf>,
    /// Continue the match `record` holds instead of refusing to write over
    /// it.
    pub resume: bool,
    /// A folder for one log file per engine process.
    pub log: Option<PathBuf>,
    /// A file of start positions, one FEN a line: pair k of games starts
    /// from line k (round again after the last), in place of `fen`.
    pub openings: Option<PathBuf>,
    /// A test of A's gain over B that ends the match once it decides
    /// (`--games` is then the most games played).
    pub sprt: Option<Sprt>,
    /// The share of the game pairs to play (all unless `--shard`).
    pub shard: Shard,
    /// The two engines' command lines, A first.
    pub engines: [Vec<String>; 2],
}

impl MatchOptions {
    /// The default margin: more than a sound engine on a loaded 2-core
    /// machine ever overruns by.
    pub const MARGIN: Duration = Duration::from_millis(1000);

    /// The default start-up allowance, enough for a JVM or Mono.
    pub const STARTUP: Duration = Duration::from_millis(5000);

    /// The default game length.
    pub const MAX_PLIES: usize = MAX_PLIES;
}
