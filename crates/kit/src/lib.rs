//! What congo's crates share that knows nothing of Congo: text lines and
//! counts, JSON, the one checksum, shares of numbered work, output files
//! that never overwrite, processes that end with congo, the in-tree
//! PRNG, and the switch for slow tests.
//!
//! Every other crate of the workspace may use it; it uses none of them.

#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod digest;
pub mod json;
pub mod output_files;
pub mod process;
pub mod rng;
pub mod shard;
pub mod slow_tests;
pub mod text;
