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
mod probe;
mod score;
mod show;
mod slot;
pub mod wildebeest;

pub use best::Best;
pub use game::Play;
pub use listing::Listing;
pub use move_list::{Divide, MoveList, Perft};
pub use piece_moves::PieceMoves;
pub use probe::Probe;
pub use score::Score;
pub use show::{RecordView, Show, ShowOptions, record_diagram};

use std::io::{self, BufRead, Write};

use crate::Kind;
use crate::checkers::Checkers;
use crate::engine::Limit;
use crate::judge::{self, Framing, Report, Task, Threads};
use crate::perft::Congo;
use crate::wildebeest::Wildebeest;
use crate::wits::eval::Evaluation;

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
    /// Two-player Wildebeest boards on lines: the successors, or perft to
    /// a depth.
    Wildebeest(Option<u32>),
    /// Diagrams, and SVG drawings in a folder.
    Show(ShowOptions),
    /// The engine's choice for each position, with endgame tables from
    /// this folder if one is given, searched with this many threads.
    Best(Limit, Option<std::path::PathBuf>, usize),
    /// The endgame tables' value of each position, from this folder.
    Probe(std::path::PathBuf),
}

/// A task's constants, read through [`Job::with_task`].
struct Declared {
    framing: Framing,
    lines_per_case: usize,
    sorted_moves: bool,
}

/// Something to do with a job's task, whatever the task's type: the one
/// place that turns a [`Job`] into its task is [`Job::with_task`]. The
/// task comes as a maker, so that reading its constants builds nothing
/// (a search's task allocates its transposition table).
trait WithTask {
    type Output;
    fn with<T: Task>(self, make: impl FnOnce() -> T) -> Self::Output;
}

impl Job {
    /// Hands the job's task, set up for `game` (its rules and reach), to `user`. A drawing
    /// `show` gets no folder here: [`Job::run`] prepares that.
    fn with_task<U: WithTask>(&self, game: Congo, user: U) -> U::Output {
        match self {
            Job::Board => user.with(|| Listing::new(game)),
            &Job::PieceMoves(kind) => user.with(|| PieceMoves::new(kind, game)),
            Job::Moves => user.with(|| MoveList::new(game)),
            Job::Play => user.with(|| Play::new(game)),
            &Job::Perft(depth, threads) => user.with(|| Perft::new(game, depth, threads)),
            &Job::Divide(depth) => user.with(|| Divide::new(game, depth)),
            &Job::Evaluate(evaluation) => user.with(|| Score::evaluation(evaluation, game)),
            &Job::Search(evaluation, depth) => user.with(|| Score::search(evaluation, depth, game)),
            Job::Checkers(None) => user.with(|| MoveList::new(Checkers)),
            &Job::Checkers(Some(depth)) => user.with(|| Perft::new(Checkers, depth, 1)),
            Job::Wildebeest(None) => user.with(|| MoveList::new(Wildebeest)),
            &Job::Wildebeest(Some(depth)) => user.with(|| Perft::new(Wildebeest, depth, 1)),
            Job::Best(limit, tables, threads) => {
                user.with(|| Best::new(game, *limit, tables.as_deref(), *threads))
            }
            Job::Show(options) => user.with(|| Show::without_drawings(options, game)),
            Job::Probe(dir) => user.with(|| Probe::new(dir, game)),
        }
    }

    /// What the job's task declares about its cases and answers.
    fn declared(&self) -> Declared {
        struct Of;
        impl WithTask for Of {
            type Output = Declared;
            fn with<T: Task>(self, _: impl FnOnce() -> T) -> Declared {
                Declared {
                    framing: T::FRAMING,
                    lines_per_case: T::LINES_PER_CASE,
                    sorted_moves: T::SORTED_MOVES,
                }
            }
        }
        self.with_task(Congo::default(), Of)
    }

    /// How the job's answers are laid out.
    pub fn framing(&self) -> Framing {
        self.declared().framing
    }

    /// How many input lines make one case.
    pub fn lines_per_case(&self) -> usize {
        self.declared().lines_per_case
    }

    /// Whether each answer is one line of moves, sorted as strings.
    pub fn is_move_list(&self) -> bool {
        self.declared().sorted_moves
    }

    /// Answers `input` as `game` reads it, writing answers to `output` and bad
    /// lines to `errors`.
    pub fn run(
        &self,
        game: Congo,
        input: impl BufRead,
        output: impl Write,
        errors: impl Write,
    ) -> io::Result<Report> {
        self.run_with(game, Threads::default(), input, output, errors)
    }

    /// [`Job::run`], with the work split as `threads` says (interactive
    /// for a person typing at a terminal).
    pub fn run_with(
        &self,
        game: Congo,
        threads: Threads,
        input: impl BufRead,
        output: impl Write,
        errors: impl Write,
    ) -> io::Result<Report> {
        struct Run<I, O, E>(Threads, I, O, E);
        impl<I: BufRead, O: Write, E: Write> WithTask for Run<I, O, E> {
            type Output = io::Result<Report>;
            fn with<T: Task>(self, make: impl FnOnce() -> T) -> io::Result<Report> {
                judge::run_with(&make(), self.0, self.1, self.2, self.3)
            }
        }
        match self {
            Job::Show(options) => show::run(options, game, input, output, errors),
            _ => self.with_task(game, Run(threads, input, output, errors)),
        }
    }
}
