//! The judges that answer each case from the Congo position on its first
//! line (`board`, the pieces, `play`, the scores, `mirror`, `best`,
//! `show`, `tb probe`): a [`PositionJudge`] only answers a position, and
//! [`Positions`] makes it a [`Judge`] by reading each case's FEN under the
//! rules it was given.

use std::fmt;
use std::io;

use super::{Case, CaseError, Judge, Shape};
use congo_rules::random::PieceSet;
use congo_rules::{Board, Color, CongoRules, KindsSeen, Position, RuleSet};

/// What a judge does with each position: its answer, and how answers look.
pub trait PositionJudge: Clone + fmt::Debug + Send + Sync + 'static {
    /// What one case is and how the answers look.
    const SHAPE: Shape;

    /// Appends the answer to `case`.
    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError>;

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

/// One case, as a [`PositionJudge`] is given it.
#[derive(Clone, Copy, Debug)]
pub struct PositionCase<'a> {
    /// Its place in the input, 0 for the first.
    pub index: usize,
    /// The position its first line holds.
    pub position: &'a Position,
    /// All of its lines, trimmed.
    pub lines: &'a [&'a [u8]],
}

/// A judge that reads each case's position under its rules and hands it
/// to `A`. The position is read in place, case after case, not copied
/// out through the reader's layers (that copying was a tenth of a line's
/// work).
#[derive(Clone, Debug)]
pub struct Positions<A> {
    rules: CongoRules,
    position: Position,
    /// The kinds of piece on the positions read since they were taken.
    kinds: KindsSeen,
    judge: A,
}

impl<A: PositionJudge> Positions<A> {
    /// `judge` answering the positions read under `rules`.
    pub fn new(rules: CongoRules, judge: A) -> Positions<A> {
        Positions {
            rules,
            position: Position {
                board: Board::empty(),
                side: Color::White,
                move_number: 0,
            },
            kinds: KindsSeen::default(),
            judge,
        }
    }

    /// [`Positions::new`], boxed as [`AnyJudge`](super::AnyJudge).
    pub fn boxed(rules: CongoRules, judge: A) -> Box<dyn super::AnyJudge> {
        Box::new(Positions::new(rules, judge))
    }
}

impl<A: PositionJudge> Judge for Positions<A> {
    fn shape(&self) -> Shape {
        A::SHAPE
    }

    fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let fen = case.lines.first().copied().unwrap_or_default();
        let CongoRules { rule_set, reach } = self.rules;
        self.position
            .read_fen(fen, rule_set, reach)
            .map_err(|error| CaseError::at(0, error))?;
        self.kinds = self.kinds | KindsSeen::of(&self.position.board);
        let case = PositionCase {
            index: case.index,
            position: &self.position,
            lines: case.lines,
        };
        self.judge.answer(case, out)
    }

    fn take_kinds(&mut self) -> KindsSeen {
        std::mem::take(&mut self.kinds)
    }

    fn prepare(&mut self) -> io::Result<()> {
        self.judge.prepare()
    }

    fn finish(&self) -> io::Result<()> {
        self.judge.finish()
    }

    fn checked_on(&self) -> Option<PieceSet> {
        self.judge.checked_on(self.rules.rule_set)
    }

    fn writes_files(&self) -> bool {
        self.judge.writes_files()
    }
}
