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

mod answering;
mod best;
mod board;
mod lines;
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

pub use answering::{CaseError, Notice, Notices, Report, Threads, answer_all};
pub use best::Best;
/// The listings of the judges whose options the command line declares.
pub(crate) use move_list::{CHECKERS, DIVIDE, PERFT};
pub use move_list::{Counting, Divide, MoveList, Perft};
pub use positions::{PositionJudge, Positions};
pub use probe::Probe;
pub use score::Score;
pub(crate) use score::{ALPHABETA, MINIMAX};
pub use shape::{AnswerKind, CaseKind, Framing, Shape};
pub use show::{Show, ShowOptions};

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::CongoRules;
use crate::KindsSeen;
use crate::random::PieceSet;

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

/// A judge as `congo --help` lists it: its name and what it does, and for
/// a judge that takes no options, how it is built.
pub struct Listing {
    /// The subcommand's name.
    pub name: &'static str,
    /// What it answers, in one paragraph.
    pub about: &'static str,
    /// What one of its cases is.
    pub case: CaseKind,
    /// Whether it takes one FEN as its argument in place of its input.
    pub takes_fen: bool,
    /// Builds it under the rules given; `None` for a judge that takes
    /// options, which the command line reads and builds it from.
    pub build: Option<fn(CongoRules) -> Box<dyn AnyJudge>>,
}

impl Listing {
    /// A judge of positions that takes no options, built by `build`.
    pub const fn new(
        name: &'static str,
        about: &'static str,
        build: fn(CongoRules) -> Box<dyn AnyJudge>,
    ) -> Listing {
        Listing {
            build: Some(build),
            ..Listing::with_options(name, about)
        }
    }

    /// A judge of positions whose options the command line declares.
    pub const fn with_options(name: &'static str, about: &'static str) -> Listing {
        Listing {
            name,
            about,
            case: CaseKind::Position,
            takes_fen: false,
            build: None,
        }
    }

    /// The same judge, also taking one FEN as its argument.
    pub const fn taking_fen(self) -> Listing {
        Listing {
            takes_fen: true,
            ..self
        }
    }

    /// The same judge, its cases being `case`.
    pub const fn of_cases(self, case: CaseKind) -> Listing {
        Listing { case, ..self }
    }
}

impl fmt::Debug for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Listing({})", self.name)
    }
}

/// One judge with its settings: what its cases are and how its answers
/// look, and its answer to each case.
///
/// The loop ([`answer_all`]) gives each worker thread its own clone; it
/// knows nothing of the game, and hears of a bad case as text. Held as
/// [`AnyJudge`], which every judge is.
pub trait Judge: Clone + fmt::Debug + Send + Sync + 'static {
    /// What one case is and how the answers look.
    fn shape(&self) -> Shape;

    /// Appends the answer to case `index` (0 for the first), whose lines
    /// come trimmed but as bytes (a judge reads what it needs of them as
    /// text, so that a reader working on bytes pays for no UTF-8 check).
    /// On error, whatever it appended is discarded.
    fn answer(&mut self, index: usize, lines: &[&[u8]], out: &mut Vec<u8>)
    -> Result<(), CaseError>;

    /// The kinds of piece on the positions read since the last call, for
    /// the warning that an input looks written for the other year.
    fn take_kinds(&mut self) -> KindsSeen {
        KindsSeen::default()
    }

    /// Called once before the first case: an error for work it does
    /// besides its answers that cannot start (a folder of drawings).
    fn prepare(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Called once every case is answered: an error for work it does
    /// besides its answers (a drawing that could not be written).
    fn finish(&self) -> io::Result<()> {
        Ok(())
    }

    /// The random positions `check` tries it on, or `None` for a judge
    /// another program cannot be held to (a search by time, drawings,
    /// the sibling games).
    fn checked_on(&self) -> Option<PieceSet> {
        None
    }

    /// Whether it writes files besides its answers, which `grade` refuses.
    fn writes_files(&self) -> bool {
        false
    }
}

/// Any judge, its type erased: what the command line and the grading
/// tools hold. Every [`Judge`] is one.
pub trait AnyJudge: fmt::Debug + Send + Sync {
    /// See [`Judge::shape`].
    fn shape(&self) -> Shape;

    /// Answers every case of `input` on `output` ([`answer_all`]).
    fn answer_all(
        &mut self,
        threads: Threads,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
        notices: &mut Notices<'_>,
    ) -> io::Result<Report>;

    /// See [`Judge::checked_on`].
    fn checked_on(&self) -> Option<PieceSet>;

    /// See [`Judge::writes_files`].
    fn writes_files(&self) -> bool;

    /// A copy, to answer another input.
    fn boxed_clone(&self) -> Box<dyn AnyJudge>;
}

impl<J: Judge> AnyJudge for J {
    fn shape(&self) -> Shape {
        Judge::shape(self)
    }

    fn answer_all(
        &mut self,
        threads: Threads,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
        notices: &mut Notices<'_>,
    ) -> io::Result<Report> {
        answer_all(self, threads, input, output, notices)
    }

    fn checked_on(&self) -> Option<PieceSet> {
        Judge::checked_on(self)
    }

    fn writes_files(&self) -> bool {
        Judge::writes_files(self)
    }

    fn boxed_clone(&self) -> Box<dyn AnyJudge> {
        Box::new(self.clone())
    }
}
