//! Why a request about a kept game is refused, and with which status.

use std::fmt;
use std::time::Duration;

use super::bounds::MAX_MADE;
use super::bounds::{GRACE, MAX_GAMES, MAX_GAMES_PER_ADDRESS, MAX_GAMES_PER_VISITOR};
use congo_rules::Color;

/// Why a request about a game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GameError {
    /// No game has that number (it may have been dropped).
    Unknown,
    /// The link plays no side of the game.
    NotAPlayer,
    /// It is the other side's turn.
    NotYourTurn(Color),
    /// The move cannot be played.
    Move(String),
    /// The game is over: why.
    Over(String),
    /// The action is not open now: why.
    NotNow(String),
    /// The server has as many games in progress as it may.
    Full,
    /// The games' files weigh as much as the server keeps, every ended
    /// one kept yet.
    DiskFull,
    /// This visitor's games (or its address's) hold as much of the disk
    /// as its share: that many bytes.
    ShareFull(u64),
    /// This visitor has as many games in progress as it may.
    TooManyFromHere,
    /// This address, all its browsers together, has as many games in
    /// progress as it may.
    AddressFull,
    /// This visitor made as many games this minute as it may: the time
    /// until it may make one.
    TooFast(Duration),
    /// The change could not be written to the journal.
    Unsaved,
    /// The game's journal is damaged: it is kept to read only.
    ReadOnly,
}

impl GameError {
    /// The status that answers it.
    pub fn status(&self) -> u16 {
        match self {
            GameError::Unknown => 404,
            GameError::NotAPlayer => 403,
            GameError::NotYourTurn(_) | GameError::Over(_) | GameError::NotNow(_) => 409,
            GameError::Move(_) => 400,
            GameError::Full | GameError::DiskFull | GameError::Unsaved => 503,
            GameError::ReadOnly => 409,
            GameError::TooManyFromHere
            | GameError::AddressFull
            | GameError::TooFast(_)
            | GameError::ShareFull(_) => 429,
        }
    }

    /// When a client refused for want of room should come back, in
    /// seconds: a minute for a full server, whose games end over minutes;
    /// the time a new game counts before its page opens for an address at
    /// its bound (it may end or close a game at once).
    pub fn retry_after(&self) -> Option<u32> {
        match self {
            GameError::Full | GameError::DiskFull => Some(60),
            GameError::TooManyFromHere | GameError::AddressFull => Some(GRACE.as_secs() as u32),
            GameError::TooFast(wait) => Some(seconds(*wait)),
            _ => None,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Unknown => f.write_str(
                "no such game: the link is wrong, or the game was let go long after it ended",
            ),
            GameError::NotAPlayer => f.write_str("this link watches the game; it plays no side"),
            GameError::NotYourTurn(side) => write!(f, "it is {side}'s turn"),
            GameError::Move(why) | GameError::NotNow(why) => f.write_str(why),
            GameError::Over(why) => write!(f, "the game is over: {why}"),
            GameError::Full => write!(
                f,
                "the server has {MAX_GAMES} games in progress already; try again in a minute"
            ),
            GameError::DiskFull => f.write_str(
                "the server keeps as many games as its disk allows, each ended game for a \
                 week at least; try again later",
            ),
            GameError::Unsaved => {
                f.write_str("the server could not save the change, so it was not made; try again")
            }
            GameError::ReadOnly => {
                f.write_str("this game's record on the server is damaged: it is kept to read only")
            }
            GameError::TooFast(wait) => write!(
                f,
                "{MAX_MADE} games made by you in the last minute; try again in {} s",
                seconds(*wait)
            ),
            GameError::ShareFull(most) => write!(
                f,
                "the games you made (with the others from your address) hold {} KiB of the \
                 server's disk, as much as it keeps for them; finish a game, or play on \
                 once old games are let go",
                most >> 10
            ),
            GameError::TooManyFromHere => write!(
                f,
                "{MAX_GAMES_PER_VISITOR} games of yours are in progress already: \
                 end one (resign or abort it) or close its page"
            ),
            GameError::AddressFull => write!(
                f,
                "{MAX_GAMES_PER_ADDRESS} games in progress from your address (all its \
                 browsers together) already; try again in {} s",
                GRACE.as_secs()
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// `wait` in whole seconds, rounded up.
fn seconds(wait: Duration) -> u32 {
    wait.as_secs_f64().ceil() as u32
}
