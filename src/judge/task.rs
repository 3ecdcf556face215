//! What a subcommand gives the judge loop: a [`Task`] that answers one
//! case, and the [`Framing`] of its answers.

use std::fmt;

/// The most input lines one case may take.
pub const MAX_CASE_LINES: usize = 2;

/// One subcommand's answer to one case.
///
/// Each worker thread answers with its own clone. The loop knows nothing of
/// the game: a task's errors are its own type, shown with `Display`.
pub trait Task: Clone + Send {
    /// Why a case could not be answered.
    type Error: fmt::Display + Send;

    /// How many input lines make one case (at most [`MAX_CASE_LINES`]).
    const LINES_PER_CASE: usize = 1;

    /// How answers are laid out in the output.
    const FRAMING: Framing;

    /// Whether each answer is one line of moves sorted as strings, which
    /// the grading tools compare as sets.
    const SORTED_MOVES: bool = false;

    /// What the cases are called in messages ("expected 5 positions").
    fn case_noun(&self) -> &'static str {
        "positions"
    }

    /// Called before each [`Task::answer`] with the case's index in the
    /// input (0 for the first), for tasks that name their answers by it.
    fn at_case(&mut self, _index: usize) {}

    /// The survey bits of the cases answered since the last call (see
    /// [`Notation::survey`](crate::board_game::Notation::survey)), which the
    /// judge ORs into [`Report::seen`](super::run::Report::seen).
    fn take_seen(&mut self) -> u32 {
        0
    }

    /// Appends the answer to one case to `out`. Its lines come trimmed but
    /// as bytes: a task reads what it needs of them as text with
    /// [`utf8`](crate::text::utf8),
    /// so that a reader working on bytes pays for no UTF-8 check. On error,
    /// whatever it appended is discarded.
    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>>;
}

/// How the answers of a subcommand are laid out: declared once, used by
/// the judge to write them and by the grading tools to split them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One line per case.
    Line,
    /// Two lines per case.
    TwoLines,
    /// A block of lines per case, blocks separated by a blank line.
    Block,
}

impl Framing {
    /// Written between two answers.
    pub const fn separator(self) -> &'static [u8] {
        match self {
            Framing::Block => b"\n",
            Framing::Line | Framing::TwoLines => b"",
        }
    }

    /// Written in place of the answer to a bad case, so that answer i
    /// stays in the place of case i.
    pub const fn placeholder(self) -> &'static [u8] {
        match self {
            Framing::Line => b"\n",
            Framing::TwoLines => b"\n\n",
            Framing::Block => b"",
        }
    }

    /// Splits a whole output into its answers, each without its last line
    /// end. A bad case's block leaves no answer, so blocks can only be
    /// matched to cases when every case was good.
    pub fn answers(self, output: &str) -> Vec<String> {
        match self {
            Framing::Line => output.lines().map(str::to_owned).collect(),
            Framing::TwoLines => {
                let lines: Vec<&str> = output.lines().collect();
                lines.chunks(2).map(|pair| pair.join("\n")).collect()
            }
            Framing::Block => output
                .split("\n\n")
                .map(|block| block.trim_end_matches('\n').to_owned())
                .filter(|block| !block.is_empty())
                .collect(),
        }
    }
}

/// A bad case: which of its lines (0 for the first) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError<E> {
    pub line: usize,
    pub error: E,
}

impl<E> CaseError<E> {
    pub fn at(line: usize, error: impl Into<E>) -> CaseError<E> {
        CaseError {
            line,
            error: error.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_split_as_they_were_written() {
        assert_eq!(Framing::Line.answers("a\n\nb\n"), ["a", "", "b"]);
        assert_eq!(Framing::TwoLines.answers("a\nb\nc\nd\n"), ["a\nb", "c\nd"]);
        assert_eq!(
            Framing::Block.answers("a\nb\n\nc\n"),
            ["a\nb".to_owned(), "c".to_owned()]
        );
    }
}
