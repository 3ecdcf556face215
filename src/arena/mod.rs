//! The match manager: plays engine programs against each other over the
//! Part 7 protocol (congo's engine or any other), counts the score, tests
//! a change by SPRT, spreads a match over machines by shards, and keeps
//! records and opening suites. It depends on the rules and the protocol,
//! never on congo's search.

mod engine_log;
mod engine_process;
mod live;
mod merge;
mod openings;
mod options;
mod referee;
mod runner;
mod sprt;
mod tally;

pub use live::{Line as LiveLine, LineError as LiveLineError, live_path};
pub use merge::{MergeError, merge_records};
pub use openings::{OpeningOptions, random_plies, write_openings};
pub use options::MatchOptions;
pub use runner::{MatchError, MatchEvent, OpeningsError, play_match};
pub use sprt::{Pentanomial, Sprt, Verdict, expected_score};
pub use tally::{Overruns, Progress};
