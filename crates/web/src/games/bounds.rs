//! How many games the server keeps, and for how long.

use std::time::Duration;

/// The most games in progress at once.
pub const MAX_GAMES: usize = 1000;

/// The most games in progress made by one visitor (a browser, or a
/// script's address).
pub const MAX_GAMES_PER_VISITOR: usize = 16;

/// The most games in progress made from one address, all its browsers
/// together: a ceiling sized for a class behind it, four games each.
pub const MAX_GAMES_PER_ADDRESS: usize = 160;

/// How long a hidden page's word that its player is here holds: past the
/// minute a browser may wait between a hidden tab's timers, and twice
/// over, so that a player whose tab is merely hidden is never taken for
/// gone.
pub const HERE_FOR: Duration = Duration::from_secs(150);

/// The most games one visitor makes a minute: far more than a person
/// plays, or a page's tests make.
pub const MAX_MADE: usize = 120;

/// The most take-backs in one game: far more than a person studying a game
/// by hand makes, and a bound on what a loop of them writes.
pub const MAX_TAKEBACKS: usize = 500;

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
