//! [`Judge`]: one judge with its settings, answering its cases one at a
//! time, and [`CaseError`], a case it could not answer.

use std::fmt;
use std::io;

use super::Shape;
use congo_rules::KindsSeen;
use congo_rules::random::PieceSet;

/// One judge with its settings: what its cases are and how its answers
/// look, and its answer to each case.
///
/// The loop ([`answer_all`]) gives each worker thread its own clone; it
/// knows nothing of the game, and hears of a bad case as text. Held as
/// [`AnyJudge`], which every judge is.
pub trait Judge: Clone + fmt::Debug + Send + Sync + 'static {
    /// What one case is and how the answers look.
    fn shape(&self) -> Shape;

    /// Appends the answer to `case`; on error, whatever it appended is
    /// discarded.
    fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError>;

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

/// One case of a judge's input.
#[derive(Clone, Copy, Debug)]
pub struct Case<'a> {
    /// Its place in the input, 0 for the first.
    pub index: usize,
    /// Its lines, trimmed but as bytes: a judge reads what it needs of
    /// them as text, so that a reader working on bytes pays for no UTF-8
    /// check.
    pub lines: &'a [&'a [u8]],
}

/// A bad case: which of its lines (0 for the first) and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError {
    /// The line of the case, from 0.
    pub line: usize,
    /// Why it could not be answered.
    pub reason: String,
}

impl CaseError {
    /// The case's line `line` (from 0) cannot be answered, for `reason`.
    pub fn at(line: usize, reason: impl fmt::Display) -> CaseError {
        CaseError {
            line,
            reason: reason.to_string(),
        }
    }
}
