//! The judge subcommands: each a [`Task`](crate::judge::Task) for the
//! shared loop, and [`Job`], the subcommand as data, which runs them.
//!
//! The command line parses words into a [`Job`]; the grading tools build
//! one directly and compare its answers with another program's.

mod best;
mod game;
mod listing;
mod move_list;
mod piece_moves;
mod score;
mod show;
pub mod wildebeest;

pub use best::Best;
pub use game::Play;
pub use listing::Listing;
pub use move_list::{Divide, MoveList, Perft};
pub use piece_moves::PieceMoves;
pub use score::Score;
pub use show::{Show, ShowOptions};

use std::io::{self, BufRead, Write};

use crate::checkers::Checkers;
use crate::engine::Limit;
use crate::judge::{self, CaseError, Framing, Report, Task};
use crate::wits::eval::Evaluation;
use crate::{FenError, Kind, Position, Rules};

/// A judge subcommand with its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    Board,
    PieceMoves(Kind),
    Moves,
    Play,
    /// The depth, and the threads counting each position.
    Perft(u32, usize),
    Divide(u32),
    /// An evaluation of each position.
    Evaluate(Evaluation),
    /// A search value of each position: the evaluation and the depth.
    Search(Evaluation, u32),
    /// Russian checkers moves, or perft to a depth.
    Checkers(Option<u32>),
    /// Diagrams, and SVG drawings in a folder.
    Show(ShowOptions),
    /// The engine's choice for each position.
    Best(Limit),
}

impl Job {
    /// How the job's answers are laid out.
    pub fn framing(&self) -> Framing {
        match self {
            Job::Board => Listing::FRAMING,
            Job::Play => Play::FRAMING,
            Job::Divide(_) => Framing::Block,
            Job::Show(_) => Show::FRAMING,
            Job::PieceMoves(_)
            | Job::Moves
            | Job::Perft(..)
            | Job::Evaluate(_)
            | Job::Search(..)
            | Job::Checkers(_)
            | Job::Best(_) => Framing::Line,
        }
    }

    /// Whether each answer is one line of moves, sorted as strings.
    pub fn is_move_list(&self) -> bool {
        matches!(self, Job::PieceMoves(_) | Job::Moves | Job::Checkers(None))
    }

    /// Answers `input` under `rules`, writing answers to `output` and bad
    /// lines to `errors`.
    pub fn run(
        &self,
        rules: Rules,
        input: impl BufRead,
        output: impl Write,
        errors: impl Write,
    ) -> io::Result<Report> {
        let (input, output, errors) = (input, output, errors);
        match self {
            Job::Board => judge::run(&Listing { rules }, input, output, errors),
            Job::PieceMoves(kind) => {
                judge::run(&PieceMoves::new(*kind, rules), input, output, errors)
            }
            Job::Moves => judge::run(&MoveList::new(rules), input, output, errors),
            Job::Play => judge::run(&Play::new(rules), input, output, errors),
            &Job::Perft(depth, threads) => {
                let task = Perft {
                    game: rules,
                    depth,
                    threads,
                };
                judge::run(&task, input, output, errors)
            }
            &Job::Divide(depth) => {
                let task = Divide { game: rules, depth };
                judge::run(&task, input, output, errors)
            }
            &Job::Evaluate(evaluation) => {
                judge::run(&Score::evaluation(evaluation, rules), input, output, errors)
            }
            &Job::Search(evaluation, depth) => {
                let task = Score::search(evaluation, depth, rules);
                judge::run(&task, input, output, errors)
            }
            Job::Checkers(None) => judge::run(&MoveList::new(Checkers), input, output, errors),
            &Job::Checkers(Some(depth)) => {
                let task = Perft {
                    game: Checkers,
                    depth,
                    threads: 1,
                };
                judge::run(&task, input, output, errors)
            }
            &Job::Best(limit) => judge::run(&Best::new(rules, limit), input, output, errors),
            Job::Show(options) => show::run(options, rules, input, output, errors),
        }
    }
}

/// Reads the FEN on the first line of a case: a position `rules` allow.
fn position(lines: &[&[u8]], rules: Rules) -> Result<Position, CaseError<FenError>> {
    move_list::read(&rules, lines)
}
