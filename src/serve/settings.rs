//! What a server is told when it starts: its rules, its tables, its
//! engines, the match it watches and how its games are kept.

use std::path::PathBuf;
use std::time::Duration;

use crate::RuleSet;

/// A server's settings, as `congo serve`'s options give them.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The rules its games are played by.
    pub rule_set: RuleSet,
    /// The endgame tables' folder, if any.
    pub tables: Option<PathBuf>,
    /// The most engines searching at once.
    pub engines: usize,
    /// The match record whose games the Watch tab follows, if any.
    pub watch: Option<PathBuf>,
    /// How long a friend's pages must all be closed before the other
    /// player may claim the win.
    pub claim_after: Duration,
}

/// How long a friend's pages must be closed before a claim, unless told.
pub const CLAIM_AFTER: Duration = Duration::from_secs(30);
