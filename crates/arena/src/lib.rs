//! The match manager: plays engine programs against each other over the
//! Part 7 protocol (congo's engine or any other), counts the score, tests
//! a change by SPRT, spreads a match over machines by shards, and keeps
//! records and opening suites. It depends on the rules and the protocol,
//! never on congo's search.

mod control_groups;
mod engine_log;
mod engine_process;
mod limits;
mod live;
mod merge;
mod openings;
mod options;
mod referee;
mod runner;
mod sandbox;
mod sprt;
mod tally;
mod tournament;

pub use limits::{Enforcer, Limits, Mechanism, Unheld};
pub use merge::{MergeError, merge_records};
pub use openings::{OpeningOptions, OpeningsError, random_plies, write_openings};
pub use options::MatchOptions;
pub use runner::{MatchError, MatchEvent, play_match};
pub use sandbox::{Confinement, FIRST_USER, Sandbox, SandboxError};
pub use sprt::{Pentanomial, Sprt, Verdict, expected_score};
pub use tally::{Overruns, Progress};
pub use tournament::{
    Format, Reaping, TournamentError, TournamentEvent, TournamentOptions, merge_tournaments,
    play_tournament,
};
