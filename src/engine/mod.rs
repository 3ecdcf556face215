//! A Congo playing engine (the assignment's Part 7, made strong), its
//! protocol, and a match manager that plays engines against each other.

mod eval;
mod human;
mod openings;
mod protocol;
mod record;
mod search;
mod shard;
mod sprt;
mod tournament;
mod tune;

pub use eval::{ENGINE_WIN, Weights, evaluate};
pub use human::{GameOptions, play_by_hand};
pub use openings::{OpeningOptions, write_openings};
pub use protocol::{Player, play_protocol};
pub use record::{Record, read_records};
pub use search::{Choice, Engine, Limit};
pub use shard::{ParseShardError, Shard};
pub use sprt::{Pentanomial, Sprt, Verdict, expected_score};
pub use tournament::{MatchOptions, merge_records, play_match};
pub use tune::{TuneOptions, tune, write_fit};

/// The position games start from: the 2022 rule set's.
pub const START: &str = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";

/// Moves each side may make before a game is called a draw.
pub(crate) const MOVES_EACH: usize = 100;

pub(crate) use crate::position::BARE_LIONS;
