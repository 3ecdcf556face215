//! The judges through the real binary: the samples and the official
//! files byte for byte, bad lines reported without losing the good ones,
//! the positions a judge accepts, the rule-set warning, and a person
//! typing at a terminal.

mod bad_lines;
mod official;
mod positions;
mod rule_sets;
mod samples;
mod terminal;
