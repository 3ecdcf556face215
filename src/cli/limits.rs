//! The largest values the command line takes for settings that are easy
//! to mistype into days of work.

/// The deepest perft, divide, search or engine depth accepted: deeper
/// would run for days, so a larger number is taken for a typing mistake.
pub const MAX_DEPTH: u32 = 20;

/// The most threads any subcommand starts: more is a typing mistake.
pub const MAX_THREADS: usize = 256;
