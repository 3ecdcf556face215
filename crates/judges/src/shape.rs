//! [`Shape`]: what a judge declares about its cases and answers, once, for
//! the loop that answers them and for the grading tools that compare
//! another program's answers with them.

/// What one case of a judge's input is, and how its answers look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// What one case is.
    pub case: CaseKind,
    /// How the answers are laid out.
    pub framing: Framing,
    /// What an answer holds.
    pub answer: AnswerKind,
}

impl Shape {
    /// One answer line per position, holding `answer`.
    pub const fn line_per_position(answer: AnswerKind) -> Shape {
        Shape {
            case: CaseKind::Position,
            framing: Framing::Line,
            answer,
        }
    }

    /// A block of lines per position, blocks separated by a blank line.
    pub const fn block_per_position() -> Shape {
        Shape {
            case: CaseKind::Position,
            framing: Framing::Block,
            answer: AnswerKind::Text,
        }
    }

    /// How many input lines make one case.
    pub const fn lines_per_case(self) -> usize {
        match self.case {
            CaseKind::Position => 1,
            CaseKind::PositionAndMove => 2,
        }
    }
}

/// What one case of a judge's input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseKind {
    /// A position on one line.
    Position,
    /// A FEN line, then a move line (Part 3's `play`).
    PositionAndMove,
}

impl CaseKind {
    /// What the cases are called in messages ("expected 5 positions").
    pub const fn noun(self) -> &'static str {
        match self {
            CaseKind::Position => "positions",
            CaseKind::PositionAndMove => "cases",
        }
    }
}

/// What an answer holds, which tells the grading tools how to compare and
/// explain a wrong one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKind {
    /// Moves sorted as strings, separated by spaces: compared as sets
    /// when explaining, and faulted when out of order.
    Moves,
    /// One whole number: a wrong one is told by how far it is off.
    Number,
    /// Anything else, compared as text.
    Text,
}

/// How the answers of a judge are laid out: declared once, used by the
/// judge to write them and by the grading tools to split them apart.
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
