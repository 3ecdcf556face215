//! The judges that answer each case from the one Congo position on its
//! line (`board`, the pieces, the scores, `mirror`, `best`, `show`): a
//! [`PositionJudge`] only answers a position, and [`Positions`] makes it a
//! [`Judge`] by reading each case's FEN under the rules it was given.

use std::fmt;
use std::io;

use super::reader::Reader;
use super::{AnyJudge, CaseError, Judge, Shape};
use crate::random::PieceSet;
use crate::{CongoRules, KindsSeen, Position, RuleSet};

/// What a judge does with each position: its answer, and how answers look.
pub trait PositionJudge: Clone + fmt::Debug + Send + Sync + 'static {
    /// How the answers look (each case is one position).
    const SHAPE: Shape;

    /// Appends the answer to `position`, case `index` (0 for the first).
    fn answer(&mut self, index: usize, position: &Position, out: &mut Vec<u8>);

    /// See [`Judge::prepare`].
    fn prepare(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// See [`Judge::finish`].
    fn finish(&self) -> io::Result<()> {
        Ok(())
    }

    /// The random positions `check` tries it on under `rule_set` (see
    /// [`Judge::checked_on`]): by default the assignment's pieces of that
    /// year.
    fn checked_on(&self, rule_set: RuleSet) -> Option<PieceSet> {
        Some(PieceSet::of_year(rule_set))
    }

    /// See [`Judge::writes_files`].
    fn writes_files(&self) -> bool {
        false
    }
}

/// A judge that reads each case's position under its rules and hands it
/// to `A`.
#[derive(Clone, Debug)]
pub struct Positions<A> {
    reader: Reader<CongoRules>,
    judge: A,
}

impl<A: PositionJudge> Positions<A> {
    /// `judge` answering the positions read under `rules`.
    pub fn new(rules: CongoRules, judge: A) -> Positions<A> {
        Positions {
            reader: Reader::new(rules),
            judge,
        }
    }

    /// [`Positions::new`], boxed as a [`Judge`].
    pub fn boxed(rules: CongoRules, judge: A) -> Box<dyn AnyJudge> {
        Box::new(Positions::new(rules, judge))
    }
}

impl<A: PositionJudge> Judge for Positions<A> {
    fn shape(&self) -> Shape {
        A::SHAPE
    }

    fn answer(
        &mut self,
        index: usize,
        lines: &[&[u8]],
        out: &mut Vec<u8>,
    ) -> Result<(), CaseError> {
        let (_, position) = self.reader.read(lines)?;
        self.judge.answer(index, position, out);
        Ok(())
    }

    fn take_kinds(&mut self) -> KindsSeen {
        self.reader.take_kinds()
    }

    fn prepare(&mut self) -> io::Result<()> {
        self.judge.prepare()
    }

    fn finish(&self) -> io::Result<()> {
        self.judge.finish()
    }

    fn checked_on(&self) -> Option<PieceSet> {
        self.judge.checked_on(self.reader.rules().rule_set)
    }

    fn writes_files(&self) -> bool {
        self.judge.writes_files()
    }
}
