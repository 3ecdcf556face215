//! How `grade` holds an output file to congo's answer: byte for byte, with
//! every difference named as a fault, or (with `--ignore-space`) the way
//! lenient course autograders do, blind to the blank-space faults alone.

use std::fmt;

use crate::Framing;
use congo_kit::text::Count;

/// One way a file's bytes differ from congo's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    /// A UTF-8 byte order mark before the first answer (Notepad writes one).
    ByteOrderMark,
    /// Lines that end in `\r\n`, and the first of them.
    CrlfLineEnds { lines: usize, first: usize },
    /// Lines that end in spaces or tabs, and the first of them.
    TrailingBlanks { lines: usize, first: usize },
    /// The last line has no newline.
    NoFinalNewline,
    /// Blank lines after the last answer.
    BlankLinesAtEnd(usize),
    /// Answers past the last case.
    ExtraLines(usize),
    /// Cases the file has no answer for.
    MissingLines(usize),
    /// Move lists out of string order, and the first of them.
    UnsortedMoves { lines: usize, first: usize },
    /// Blank lines between the answers differ, though every answer and
    /// every other fault above is in order.
    Spacing,
}

impl Fault {
    /// Whether `--ignore-space` overlooks this fault.
    pub(super) fn is_space(&self) -> bool {
        matches!(
            self,
            Fault::ByteOrderMark
                | Fault::CrlfLineEnds { .. }
                | Fault::TrailingBlanks { .. }
                | Fault::NoFinalNewline
                | Fault::BlankLinesAtEnd(_)
        )
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::ByteOrderMark => f.write_str("byte order mark at the start"),
            Fault::CrlfLineEnds { lines, first } => {
                write!(
                    f,
                    "CRLF line ends ({}, from line {first})",
                    Count(lines, "line")
                )
            }
            Fault::TrailingBlanks { lines, first } => {
                write!(
                    f,
                    "trailing blanks ({}, from line {first})",
                    Count(lines, "line")
                )
            }
            Fault::NoFinalNewline => f.write_str("no newline at the end"),
            Fault::BlankLinesAtEnd(lines) => {
                write!(f, "blank lines at the end ({})", Count(lines, "line"))
            }
            Fault::ExtraLines(answers) => write!(
                f,
                "extra lines ({} past the last case)",
                Count(answers, "answer")
            ),
            Fault::MissingLines(cases) => {
                write!(
                    f,
                    "missing lines ({} without an answer)",
                    Count(cases, "case")
                )
            }
            Fault::UnsortedMoves { lines, first } => {
                write!(
                    f,
                    "unsorted moves ({}, from line {first})",
                    Count(lines, "line")
                )
            }
            Fault::Spacing => f.write_str("blank lines between answers differ"),
        }
    }
}

/// A file held to congo's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Comparison {
    /// The file's answers, one per case it answers, after the blank-space
    /// faults are taken out, so that a case is judged on its content.
    pub answers: Vec<String>,
    /// How many of them equal congo's.
    pub right: usize,
    /// Every fault found, in the order of [`Fault`].
    pub faults: Vec<Fault>,
    /// Whether the file passes: its bytes equal congo's answer exactly, or
    /// with `ignore_space`, once the blank-space faults are taken out.
    pub passes: bool,
}

impl Comparison {
    /// Compares `file` with congo's answer `expected`, both framed as
    /// `framing` says; `move_lists` when each line is a sorted move list.
    pub(super) fn new(
        expected: &str,
        file: &str,
        framing: Framing,
        move_lists: bool,
        ignore_space: bool,
    ) -> Comparison {
        let mut faults = Vec::new();
        let body = match file.strip_prefix('\u{feff}') {
            Some(body) => {
                faults.push(Fault::ByteOrderMark);
                body
            }
            None => file,
        };
        let mut crlf = Tally::default();
        let mut trailing = Tally::default();
        let mut lines: Vec<&str> = body
            .split_terminator('\n')
            .enumerate()
            .map(|(index, line)| {
                let without_cr = line.strip_suffix('\r').unwrap_or(line);
                crlf.note(without_cr.len() != line.len(), index);
                let content = without_cr.trim_end_matches([' ', '\t']);
                trailing.note(content.len() != without_cr.len(), index);
                content
            })
            .collect();
        faults.extend(crlf.fault(|lines, first| Fault::CrlfLineEnds { lines, first }));
        faults.extend(trailing.fault(|lines, first| Fault::TrailingBlanks { lines, first }));
        if !body.is_empty() && !body.ends_with('\n') {
            faults.push(Fault::NoFinalNewline);
        }
        // An empty answer at the end is congo's too: only blank lines past
        // those congo writes, and past its number of lines, are a fault.
        let expected_lines: Vec<&str> = expected.split_terminator('\n').collect();
        let extra_blank = blank_lines_at_end(&lines)
            .saturating_sub(blank_lines_at_end(&expected_lines))
            .min(lines.len().saturating_sub(expected_lines.len()));
        if extra_blank > 0 {
            faults.push(Fault::BlankLinesAtEnd(extra_blank));
            lines.truncate(lines.len() - extra_blank);
        }
        let mut cleaned = String::with_capacity(body.len());
        for line in &lines {
            cleaned.push_str(line);
            cleaned.push('\n');
        }
        let wanted = framing.answers(expected);
        let answers = framing.answers(&cleaned);
        if answers.len() > wanted.len() {
            faults.push(Fault::ExtraLines(answers.len() - wanted.len()));
        }
        if answers.len() < wanted.len() {
            faults.push(Fault::MissingLines(wanted.len() - answers.len()));
        }
        if move_lists {
            let mut unsorted = Tally::default();
            for (index, line) in lines.iter().enumerate() {
                let moves: Vec<&str> = line.split_ascii_whitespace().collect();
                unsorted.note(moves.windows(2).any(|pair| pair[0] > pair[1]), index);
            }
            faults.extend(unsorted.fault(|lines, first| Fault::UnsortedMoves { lines, first }));
        }
        let right = wanted
            .iter()
            .zip(&answers)
            .filter(|(want, have)| want == have)
            .count();
        let passes = if ignore_space {
            cleaned == expected
        } else {
            file == expected
        };
        let counted = faults
            .iter()
            .filter(|fault| !(ignore_space && fault.is_space()))
            .count();
        if !passes && counted == 0 && right == wanted.len() {
            faults.push(Fault::Spacing);
        }
        Comparison {
            answers,
            right,
            faults,
            passes,
        }
    }
}

/// How many empty lines end `lines`.
fn blank_lines_at_end(lines: &[&str]) -> usize {
    lines
        .iter()
        .rev()
        .take_while(|line| line.is_empty())
        .count()
}

/// Lines with one kind of fault: how many, and the first (numbered from 1).
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    lines: usize,
    first: usize,
}

impl Tally {
    fn note(&mut self, faulty: bool, index: usize) {
        if faulty {
            if self.lines == 0 {
                self.first = index + 1;
            }
            self.lines += 1;
        }
    }

    fn fault(self, make: impl FnOnce(usize, usize) -> Fault) -> Option<Fault> {
        (self.lines > 0).then(|| make(self.lines, self.first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPECTED: &str = "d1d2\ne7d6 e7d7 e7e1 e7e6\n";

    fn compare(file: &str) -> Comparison {
        Comparison::new(EXPECTED, file, Framing::Line, true, false)
    }

    fn lenient(file: &str) -> Comparison {
        Comparison::new(EXPECTED, file, Framing::Line, true, true)
    }

    #[test]
    fn the_exact_answer_passes_with_no_fault() {
        let exact = compare(EXPECTED);
        assert_eq!((exact.right, exact.passes), (2, true));
        assert!(exact.faults.is_empty());
    }

    #[test]
    fn each_blank_space_fault_is_named_and_fails_the_file_unless_ignored() {
        for (file, fault) in [
            ("\u{feff}d1d2\ne7d6 e7d7 e7e1 e7e6\n", Fault::ByteOrderMark),
            (
                "d1d2\r\ne7d6 e7d7 e7e1 e7e6\r\n",
                Fault::CrlfLineEnds { lines: 2, first: 1 },
            ),
            (
                "d1d2\ne7d6 e7d7 e7e1 e7e6 \n",
                Fault::TrailingBlanks { lines: 1, first: 2 },
            ),
            ("d1d2\ne7d6 e7d7 e7e1 e7e6", Fault::NoFinalNewline),
            ("d1d2\ne7d6 e7d7 e7e1 e7e6\n\n\n", Fault::BlankLinesAtEnd(2)),
        ] {
            let strict = compare(file);
            assert_eq!(strict.faults, std::slice::from_ref(&fault), "{file:?}");
            assert_eq!((strict.right, strict.passes), (2, false), "{file:?}");
            // Every case is judged on its content, under either rule.
            let lenient = lenient(file);
            assert_eq!((lenient.right, lenient.passes), (2, true), "{file:?}");
            assert!(fault.is_space());
        }
    }

    #[test]
    fn an_answer_past_the_last_case_fails_even_when_ignoring_space() {
        for comparison in [
            compare("d1d2\ne7d6 e7d7 e7e1 e7e6\nd1d2\n"),
            lenient("d1d2\ne7d6 e7d7 e7e1 e7e6\nd1d2\n"),
        ] {
            assert_eq!(comparison.faults, [Fault::ExtraLines(1)]);
            assert_eq!((comparison.right, comparison.passes), (2, false));
        }
    }

    #[test]
    fn missing_and_unsorted_lines_are_faults_and_wrong_cases() {
        let short = lenient("d1d2\n");
        assert_eq!(short.faults, [Fault::MissingLines(1)]);
        assert_eq!((short.right, short.passes), (1, false));
        let unsorted = lenient("d1d2\ne7d7 e7d6 e7e1 e7e6\n");
        assert_eq!(
            unsorted.faults,
            [Fault::UnsortedMoves { lines: 1, first: 2 }]
        );
        assert_eq!((unsorted.right, unsorted.passes), (1, false));
    }

    #[test]
    fn an_empty_last_answer_is_not_a_blank_line_at_the_end() {
        let expected = "d1d2\n\n";
        let exact = Comparison::new(expected, expected, Framing::Line, true, false);
        assert!(exact.passes && exact.faults.is_empty());
        let one_more = Comparison::new(expected, "d1d2\n\n\n", Framing::Line, true, false);
        assert_eq!(one_more.faults, [Fault::BlankLinesAtEnd(1)]);
        let forgotten = Comparison::new(expected, "d1d2\n", Framing::Line, true, false);
        assert_eq!(forgotten.faults, [Fault::MissingLines(1)]);
    }

    #[test]
    fn extra_blank_lines_between_blocks_are_named() {
        let expected = "a\nb\n\nc\n";
        // Two blank lines between blocks leave both blocks right.
        let spaced = Comparison::new(expected, "a\nb\n\n\n\nc\n", Framing::Block, false, false);
        assert_eq!(spaced.faults, [Fault::Spacing]);
        assert_eq!((spaced.right, spaced.passes), (2, false));
        // One more blank line becomes part of the next block, which is wrong.
        let shifted = Comparison::new(expected, "a\nb\n\n\nc\n", Framing::Block, false, false);
        assert_eq!(shifted.answers, ["a\nb", "\nc"]);
        assert_eq!((shifted.right, shifted.passes), (1, false));
    }

    #[test]
    fn faults_read_as_a_grader_would_write_them() {
        assert_eq!(
            Fault::CrlfLineEnds { lines: 1, first: 3 }.to_string(),
            "CRLF line ends (1 line, from line 3)"
        );
        assert_eq!(
            Fault::ExtraLines(2).to_string(),
            "extra lines (2 answers past the last case)"
        );
        assert_eq!(
            Fault::MissingLines(1).to_string(),
            "missing lines (1 case without an answer)"
        );
        assert!(!Fault::UnsortedMoves { lines: 1, first: 1 }.is_space());
    }
}
