//! The judges: a count, then that many cases, each answered as the
//! assignment's autograder expects. [`Job`] names a judge and its
//! settings; [`run`] is the loop every judge shares (batches on worker
//! threads, answers in order, bad lines reported without losing the
//! good ones); each task answers one case.

mod best;
mod board;
mod each_position;
mod job;
mod lines;
mod move_list;
mod piece_moves;
mod play;
mod probe;
mod run;
mod score;
mod show;
mod slot;
mod task;

pub use job::Job;
pub use move_list::Counting;
pub use run::{Notice, Threads};
pub use show::ShowOptions;
pub use task::Framing;
