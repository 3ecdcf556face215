//! How many games the server keeps, and for how long.

use std::time::Duration;

/// The most games in progress at once.
pub const MAX_GAMES: usize = 1000;

/// The most games in progress made from one address: one event stream
/// each, as many as an address may hold open.
pub const MAX_GAMES_PER_ADDRESS: usize = crate::serve::MAX_PER_ADDRESS;

/// The most finished games kept; the ones that ended first go first.
pub const MAX_ENDED: usize = 10_000;

/// How long a game no one follows or plays is kept going before it is
/// aborted.
pub const IDLE_LIMIT: Duration = Duration::from_secs(60 * 60);

/// How long a new game counts as in progress before a page follows it.
pub const GRACE: Duration = Duration::from_secs(30);

/// The most games in progress that no page follows: past it, those left
/// longest ago are aborted.
pub const MAX_ABANDONED: usize = 2_000;
