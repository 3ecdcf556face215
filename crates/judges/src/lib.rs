//! The judges: a count, then that many cases, each answered as the
//! assignment's autograder expects. A [`Judge`] is one judge with its
//! settings: it declares the [`Shape`] of its cases and answers and
//! answers one case at a time; [`answer_all`] is the loop every judge
//! shares (batches on worker threads, answers in order, bad lines
//! reported without losing the good ones).
//!
//! Each judge is a file here. [`LISTED`] lists those `congo --help` shows
//! among the judges, in its order: a judge that takes no options is built
//! from its [`Listing`] alone, and the command line derives its
//! subcommand; one that takes options has them declared in its file
//! under `cli/commands/`.
//!
//! [`grader`] holds the tools for students and graders built on them:
//! test positions, a program checked against congo, output files marked.

mod answering;
mod best;
mod board;
pub mod grader;
mod lines;
mod listing;
mod mirror;
mod move_list;
mod piece_moves;
mod play;
mod positions;
mod probe;
mod reader;
mod score;
mod shape;
mod show;
mod traits;

pub use answering::{AnyJudge, Notice, Threads};
pub use best::Best;
pub use listing::Listing;
pub use move_list::{CHECKERS, DIVIDE, PERFT};
pub use move_list::{Counting, Divide, MoveList, Perft};
pub use positions::{PositionCase, PositionJudge, Positions};
pub use probe::Probe;
pub use score::Score;
pub use score::{ALPHABETA, MINIMAX};
pub use shape::{AnswerKind, CaseKind, Framing, Shape};
pub use show::{DrawingsFolder, Show, ShowOptions};
pub use traits::{Case, CaseError, Judge};

/// Every judge `congo --help` lists among the judges, in its order.
pub const LISTED: &[&Listing] = &[
    &board::BOARD,
    &piece_moves::LION,
    &piece_moves::ZEBRA,
    &piece_moves::GIRAFFE,
    &piece_moves::PAWN,
    &piece_moves::SUPERPAWN,
    &piece_moves::ELEPHANT,
    &piece_moves::CROCODILE,
    &piece_moves::MONKEY,
    &move_list::MOVES,
    &play::PLAY,
    &move_list::PERFT,
    &move_list::DIVIDE,
    &score::MATERIAL,
    &score::MINIMAX,
    &score::EVALUATE,
    &score::ALPHABETA,
    &mirror::MIRROR,
    &move_list::CHECKERS,
];

#[cfg(test)]
mod tests {
    use super::*;
    use congo_rules::CongoRules;

    #[test]
    fn each_listing_says_what_its_judge_reads() {
        for listing in LISTED {
            if let Some(build) = listing.build {
                let judge = build(CongoRules::default());
                assert_eq!(judge.shape().case, listing.case, "{}", listing.name);
            }
        }
    }
}
