//! What a server is told when it starts: its rules, its tables, its
//! engines, the match it watches and how its games are kept.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::{Room, TrustedProxies};
use congo_rules::RuleSet;
use congo_rules::endgame::EndgameTables;

/// A server's settings, as `congo serve`'s options give them.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The rules its games are played by.
    pub rule_set: RuleSet,
    /// The endgame tables it probes and plays from, if any.
    pub tables: Option<Arc<dyn EndgameTables>>,
    /// The most engines searching at once.
    pub engines: usize,
    /// The match record whose games the Watch tab follows, if any.
    pub watch: Option<PathBuf>,
    /// How long a friend's pages must all be closed before the other
    /// player may claim the win.
    pub claim_after: Duration,
    /// The folder its games are kept in, across restarts.
    pub data: PathBuf,
    /// Whether `data` was named (`--data`). A default folder that another
    /// server holds gives way to the next free one beside it (`serve-2`,
    /// `serve-3`, ...), so that two servers run side by side.
    pub data_named: bool,
    /// The proxies whose word on a visitor's address is taken.
    pub trusted_proxies: TrustedProxies,
    /// The connections it holds at once.
    pub room: Room,
}

/// The data folder unless told: `$XDG_STATE_HOME/congo/serve`, else
/// `$HOME/.local/state/congo/serve` (the XDG base directories' place for
/// state that outlives a run); none without either variable.
pub fn default_data() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|value| !value.is_empty())
                .map(|home| PathBuf::from(home).join(".local/state"))
        })?;
    Some(state.join("congo/serve"))
}

/// How long a friend's pages must be closed before a claim, unless told.
pub const CLAIM_AFTER: Duration = Duration::from_secs(30);
