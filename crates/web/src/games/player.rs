//! Who plays a kept game's sides, and what a new game is.

use std::time::Duration;

use crate::clock::TimeControl;
use congo_rules::{ByColor, Game};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Player {
    /// A person, with the side's secret link.
    Person,
    /// congo's engine.
    Engine,
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Player::Person => "person",
            Player::Engine => "engine",
        }
    }
}

/// What a new game is.
pub(crate) struct NewGame {
    /// Its start and any moves played before it was kept.
    pub game: Game,
    pub players: ByColor<Player>,
    /// Whether one person plays both sides, with one link.
    pub one_person: bool,
    pub clock: Option<TimeControl>,
    /// congo's time a move when there is no clock.
    pub movetime: Duration,
    /// congo's level, 1 to 8, if given.
    pub level: Option<u8>,
}
