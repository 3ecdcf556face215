//! The loop every subcommand shares: read a count, then that many cases,
//! answer each, and report bad lines without losing the good ones.
//!
//! A [`Task`] turns the lines of one case into its answer. The loop does the
//! rest: line numbers, trimming, CRLF, UTF-8, errors on stderr as
//! `congo: line N: reason`, a placeholder in the output where a case was
//! bad (so output line i still answers case i), and buffered output.

use std::fmt;
use std::io::{self, BufRead, BufWriter, Read, Write};

use crate::FenError;

/// The longest input line read in full; longer lines are a bad line, and
/// are skipped without being held in memory.
pub const MAX_LINE: usize = 4096;

/// The most input lines one case may take.
pub const MAX_CASE_LINES: usize = 2;

/// One subcommand's answer to one case.
pub trait Task {
    /// How many input lines make one case (at most [`MAX_CASE_LINES`]).
    const LINES_PER_CASE: usize = 1;

    /// What the cases are called in messages ("expected 5 positions").
    fn case_noun(&self) -> &'static str {
        "positions"
    }

    /// Written between two answers.
    fn separator(&self) -> &'static [u8] {
        b""
    }

    /// Written in place of the answer to a bad case.
    fn placeholder(&self) -> &'static [u8];

    /// Appends the answer to one case (its lines already trimmed) to `out`.
    /// On error, whatever it appended is discarded.
    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError>;
}

/// A bad case: which of its lines (0 for the first) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError {
    pub line: usize,
    pub error: InputError,
}

impl CaseError {
    pub fn at(line: usize, error: impl Into<InputError>) -> CaseError {
        CaseError {
            line,
            error: error.into(),
        }
    }
}

/// Why an input line was not answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input has no first line.
    NoCount { noun: &'static str },
    /// The first line is not a non-negative integer.
    BadCount { noun: &'static str, found: String },
    /// The input ended before all the cases it announced.
    Missing {
        noun: &'static str,
        expected: usize,
        found: usize,
    },
    NotUtf8,
    TooLong,
    Fen(FenError),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NoCount { noun } => {
                write!(f, "expected the number of {noun}, found the end of input")
            }
            InputError::BadCount { noun, found } => {
                write!(f, "expected the number of {noun}, found {found:?}")
            }
            InputError::Missing {
                noun,
                expected,
                found,
            } => write!(f, "input ends after {found} of {expected} {noun}"),
            InputError::NotUtf8 => f.write_str("line is not valid UTF-8"),
            InputError::TooLong => write!(f, "line is longer than {MAX_LINE} bytes"),
            InputError::Fen(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for InputError {}

impl From<FenError> for InputError {
    fn from(error: FenError) -> InputError {
        InputError::Fen(error)
    }
}

/// An input error and the line (1-based, the count is line 1) it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub error: InputError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LineError {}

/// How a run went: it is clean when every case was answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Input errors written to the error stream.
    pub errors: usize,
}

impl Report {
    pub fn is_clean(self) -> bool {
        self.errors == 0
    }
}

/// Runs `task` over `input`, writing answers to `output` and one line per
/// input error to `errors`.
///
/// Only I/O failures are `Err`; bad input is counted in the [`Report`].
pub fn run<T: Task>(
    task: &mut T,
    input: impl BufRead,
    output: impl Write,
    mut errors: impl Write,
) -> io::Result<Report> {
    let mut output = BufWriter::with_capacity(1 << 16, output);
    let mut report = Report::default();
    let mut fail = |line: usize, error: InputError| {
        report.errors += 1;
        writeln!(errors, "congo: {}", LineError { line, error })
    };
    let mut lines = Lines { input, number: 0 };
    let noun = task.case_noun();

    let mut buffers = [const { Vec::new() }; MAX_CASE_LINES];
    let buffers = &mut buffers[..const { check_case_lines(T::LINES_PER_CASE) }];
    if !lines.read_into(&mut buffers[0])? {
        fail(1, InputError::NoCount { noun })?;
        return Ok(report);
    }
    let count = match decode(&buffers[0]).and_then(|text| parse_count(text, noun)) {
        Ok(count) => count,
        Err(error) => {
            fail(1, error)?;
            return Ok(report);
        }
    };

    let mut answer = Vec::new();
    let mut answered_any = false;
    for case in 0..count {
        let first_line = lines.number + 1;
        for buffer in buffers.iter_mut() {
            if !lines.read_into(buffer)? {
                let error = InputError::Missing {
                    noun,
                    expected: count,
                    found: case,
                };
                fail(lines.number + 1, error)?;
                output.flush()?;
                return Ok(report);
            }
        }
        answer.clear();
        match answer_case(task, buffers, &mut answer) {
            Ok(()) => {
                if answered_any {
                    output.write_all(task.separator())?;
                }
                output.write_all(&answer)?;
                answered_any = true;
            }
            Err(CaseError { line, error }) => {
                output.write_all(task.placeholder())?;
                fail(first_line + line, error)?;
            }
        }
    }
    output.flush()?;
    Ok(report)
}

const fn check_case_lines(lines: usize) -> usize {
    assert!(lines >= 1 && lines <= MAX_CASE_LINES);
    lines
}

/// Decodes the lines of one case and hands them to the task.
fn answer_case<T: Task>(task: &mut T, buffers: &[Vec<u8>], answer: &mut Vec<u8>) -> Result<(), CaseError> {
    let mut texts = [""; MAX_CASE_LINES];
    for (line, (text, buffer)) in texts.iter_mut().zip(buffers).enumerate() {
        *text = decode(buffer).map_err(|error| CaseError::at(line, error))?;
    }
    task.answer(&texts[..buffers.len()], answer)
}

fn parse_count(text: &str, noun: &'static str) -> Result<usize, InputError> {
    let bad = || InputError::BadCount {
        noun,
        found: text.to_owned(),
    };
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad());
    }
    text.parse().map_err(|_| bad())
}

/// The input, a line at a time, with the number of the last line read.
struct Lines<R> {
    input: R,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line into `buffer`, without its line end; false at
    /// the end of input. Of a line over [`MAX_LINE`] bytes it keeps only
    /// the first `MAX_LINE + 1`, which [`decode`] rejects.
    fn read_into(&mut self, buffer: &mut Vec<u8>) -> io::Result<bool> {
        buffer.clear();
        let limit = MAX_LINE as u64 + 1;
        if self.input.by_ref().take(limit).read_until(b'\n', buffer)? == 0 {
            return Ok(false);
        }
        self.number += 1;
        if buffer.last() == Some(&b'\n') {
            buffer.pop();
        } else if buffer.len() > MAX_LINE {
            self.input.skip_until(b'\n')?;
        }
        Ok(true)
    }
}

/// A line's text without surrounding blanks (so CRLF ends and trailing
/// spaces do not matter), or why it has none.
fn decode(line: &[u8]) -> Result<&str, InputError> {
    if line.len() > MAX_LINE {
        return Err(InputError::TooLong);
    }
    std::str::from_utf8(line.trim_ascii()).map_err(|_| InputError::NotUtf8)
}
