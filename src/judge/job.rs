//! [`Job`]: a judge subcommand as data. The command line reads its words
//! into one; the grading tools build one to compare another program's
//! answers with congo's. [`Job::run`] hands each job's task to the loop.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use super::best::Best;
use super::board::Listing;
use super::each_position::EachPosition;
use super::move_list::{Counting, Divide, MoveList, Perft};
use super::piece_moves::PieceMoves;
use super::play::Play;
use super::probe::Probe;
use super::run::{self, Notices, Report, Threads};
use super::score::Score;
use super::show::{Show, ShowOptions};
use super::task::{Framing, Task};
use crate::assignment::evaluation::Evaluation;
use crate::checkers::Checkers;
use crate::engine::Limit;
use crate::wildebeest::Wildebeest;
use crate::{Congo, Kind};

/// A judge subcommand with its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Part 1's piece listing.
    Board,
    /// Part 2: one kind's moves.
    PieceMoves(Kind),
    /// Every legal move.
    Moves,
    /// Part 3: a move played.
    Play,
    /// The number of move sequences, counted as asked.
    Perft(Counting),
    /// Each move's perft count, counted as asked.
    Divide(Counting),
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
    Best(Limit, Option<PathBuf>, usize),
    /// The endgame tables' value of each position, from this folder.
    Probe(PathBuf),
}

/// What a task declares about its cases and answers.
struct Declared {
    framing: Framing,
    lines_per_case: usize,
    sorted_moves: bool,
}

impl Declared {
    fn of<T: Task>() -> Declared {
        Declared {
            framing: T::FRAMING,
            lines_per_case: T::LINES_PER_CASE,
            sorted_moves: T::SORTED_MOVES,
        }
    }
}

impl Job {
    /// Answers `input` as `game` reads it, the work split as `threads`
    /// says, writing answers to `output` and each bad line to `notices`.
    pub fn run(
        &self,
        game: Congo,
        threads: Threads,
        input: impl BufRead,
        output: impl Write,
        notices: &mut Notices<'_>,
    ) -> io::Result<Report> {
        let (i, o, n) = (input, output, notices);
        match self {
            Job::Board => run::run(&EachPosition::new(game, Listing), threads, i, o, n),
            &Job::PieceMoves(kind) => {
                let task = EachPosition::new(game, PieceMoves::new(kind));
                run::run(&task, threads, i, o, n)
            }
            Job::Moves => run::run(&MoveList::new(game), threads, i, o, n),
            Job::Play => run::run(&Play::new(game), threads, i, o, n),
            &Job::Perft(counting) => run::run(&Perft::new(game, counting), threads, i, o, n),
            &Job::Divide(counting) => run::run(&Divide::new(game, counting), threads, i, o, n),
            &Job::Evaluate(evaluation) => {
                let task = EachPosition::new(game, Score::evaluation(evaluation, game.rule_set));
                run::run(&task, threads, i, o, n)
            }
            &Job::Search(evaluation, depth) => {
                let task = EachPosition::new(game, Score::search(evaluation, depth, game.rule_set));
                run::run(&task, threads, i, o, n)
            }
            Job::Checkers(None) => run::run(&MoveList::new(Checkers), threads, i, o, n),
            &Job::Checkers(Some(depth)) => run::run(
                &Perft::new(Checkers, Counting::plain(depth)),
                threads,
                i,
                o,
                n,
            ),
            Job::Wildebeest(None) => run::run(&MoveList::new(Wildebeest), threads, i, o, n),
            &Job::Wildebeest(Some(depth)) => run::run(
                &Perft::new(Wildebeest, Counting::plain(depth)),
                threads,
                i,
                o,
                n,
            ),
            Job::Show(options) => {
                let show = Show::new(options)?;
                let task = EachPosition::new(game, show);
                let report = run::run(&task, threads, i, o, n)?;
                task.answer().finish(report)
            }
            Job::Best(limit, tables, helpers) => {
                let best = Best::new(game.rule_set, *limit, tables.as_deref(), *helpers);
                run::run(&EachPosition::new(game, best), threads, i, o, n)
            }
            Job::Probe(dir) => run::run(&Probe::new(dir, game), threads, i, o, n),
        }
    }

    /// What the job's task declares.
    fn declared(&self) -> Declared {
        match self {
            Job::Board => Declared::of::<EachPosition<Listing>>(),
            Job::PieceMoves(_) => Declared::of::<EachPosition<PieceMoves>>(),
            Job::Moves => Declared::of::<MoveList<Congo>>(),
            Job::Play => Declared::of::<Play>(),
            Job::Perft(..) => Declared::of::<Perft<Congo>>(),
            Job::Divide(_) => Declared::of::<Divide<Congo>>(),
            Job::Evaluate(_) | Job::Search(..) => Declared::of::<EachPosition<Score>>(),
            Job::Checkers(None) => Declared::of::<MoveList<Checkers>>(),
            Job::Checkers(Some(_)) => Declared::of::<Perft<Checkers>>(),
            Job::Wildebeest(None) => Declared::of::<MoveList<Wildebeest>>(),
            Job::Wildebeest(Some(_)) => Declared::of::<Perft<Wildebeest>>(),
            Job::Show(_) => Declared::of::<EachPosition<Show>>(),
            Job::Best(..) => Declared::of::<EachPosition<Best>>(),
            Job::Probe(_) => Declared::of::<Probe>(),
        }
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
}
