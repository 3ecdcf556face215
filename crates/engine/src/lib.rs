//! A Congo playing engine (the assignment's Part 7, made strong): its
//! evaluation, its search, the Part 7 protocol it speaks, and the tuning
//! of its weights to recorded games.

pub mod assignment;
mod eval;
pub mod net;
mod protocol;
mod quiet;
mod search;
mod transposition;
mod tune;

pub use eval::{ENGINE_WIN, WON_BY_EVALUATION, Weights, evaluate};
pub use protocol::{Player, play_protocol};
pub use search::{Choice, Engine, Limit};
pub use tune::{TuneError, TuneOptions, tune, write_fit};
