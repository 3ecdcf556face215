//! `congo grade SUBCOMMAND INPUT OUTPUT...`: marks students' output files
//! against congo's answers to INPUT, case by case, and names the format
//! faults that make an autograder reject a file that looks right.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::compare::Comparison;
use super::{FileReadError, hides_characters, write_move_difference, write_number_difference};
use crate::{AnswerKind, AnyJudge, Framing, Notice, Threads};
use congo_kit::text::Count;
use congo_rules::RuleSet;

/// Why a class could not be graded.
#[derive(Debug)]
pub enum GradeError {
    /// The input cannot be read.
    Input(FileReadError),
    /// The report could not be written.
    Output(io::Error),
}

impl fmt::Display for GradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeError::Input(error) => error.fmt(f),
            GradeError::Output(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for GradeError {}

/// How a grading went, besides its report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graded {
    /// Whether every file passed.
    pub all_pass: bool,
    /// The input's bad lines, graded as congo answers them: `line N: ...`.
    pub bad_input: Vec<String>,
    /// The warning that the positions look like the other year's.
    pub warning: Option<String>,
}

/// What `grade` marks.
#[derive(Debug)]
pub struct GradeOptions {
    /// The year's rules the answers are marked under.
    pub rule_set: RuleSet,
    /// The judge subcommand and its own arguments, e.g. `perft 3`.
    pub subcommand: Vec<String>,
    /// The judge those words make, under `rule_set`.
    pub judge: Box<dyn AnyJudge>,
    /// The judge input the outputs answer.
    pub input: PathBuf,
    /// The output files to mark, one a student.
    pub outputs: Vec<PathBuf>,
    /// Overlook the blank-space faults (a byte order mark, CR, trailing
    /// blanks, blank lines at the end, no final newline), as lenient
    /// course autograders do; by default a file must match byte for byte.
    pub ignore_space: bool,
}

/// The biggest file read.
const MAX_FILE: u64 = 256 << 20;

/// How one output file fared.
struct Mark {
    right: usize,
    cases: usize,
    /// The faults that count against the file.
    faults: Vec<String>,
    /// The blank-space faults `--ignore-space` overlooked.
    ignored: Vec<String>,
    passes: bool,
}

/// Grades every output file, writing a report per file and a table at the
/// end.
pub fn grade(options: &GradeOptions, output: &mut impl Write) -> Result<Graded, GradeError> {
    let input = read(&options.input).map_err(GradeError::Input)?;
    let mut answers = Vec::new();
    let mut bad_input = Vec::new();
    let mut notices = |notice: Notice<'_>| {
        bad_input.push(notice.to_string());
        Ok(())
    };
    let report = options
        .judge
        .boxed_clone()
        .answer_all(
            Threads::default(),
            &mut input.as_bytes(),
            &mut answers,
            &mut notices,
        )
        .map_err(GradeError::Output)?;
    let rules_warning = options.rule_set.warning_for(report.kinds);
    let mut graded = Graded {
        all_pass: false,
        bad_input,
        warning: rules_warning.clone(),
    };
    graded.all_pass = write_report(options, &input, &answers, rules_warning, output)
        .map_err(GradeError::Output)?;
    Ok(graded)
}

/// Writes the report on every output file; whether every file passes.
fn write_report(
    options: &GradeOptions,
    input: &str,
    answers: &[u8],
    rules_warning: Option<String>,
    output: &mut impl Write,
) -> io::Result<bool> {
    let congo_text = String::from_utf8_lossy(answers);
    let shape = options.judge.shape();
    let expected = shape.framing.answers(&congo_text);
    let fens = case_lines(input, shape.lines_per_case());
    writeln!(
        output,
        "Grading `congo {}` under the {} rules: {} from {}.",
        options.subcommand.join(" "),
        options.rule_set,
        Count(expected.len(), "case"),
        options.input.display()
    )?;
    if let Some(warning) = rules_warning {
        writeln!(output, "{}", capitalised(&warning))?;
    }
    writeln!(
        output,
        "{}",
        if options.ignore_space {
            "Compared with --ignore-space: a byte order mark, CR line ends, trailing blanks, \
             blank lines at the end and a missing final newline are overlooked."
        } else {
            "Compared byte for byte, as an exact autograder does \
             (--ignore-space overlooks blank-space faults)."
        }
    )?;
    let mut marks = Vec::new();
    writeln!(output)?;
    for path in &options.outputs {
        // The details come after the file's one-line summary.
        let mut details = Vec::new();
        let mark = match read(path) {
            Ok(text) => mark_file(options, &congo_text, &expected, &fens, &text, &mut details)?,
            Err(error) => {
                writeln!(details, "  {error}")?;
                Mark {
                    right: 0,
                    cases: expected.len(),
                    faults: vec!["unreadable".to_owned()],
                    ignored: Vec::new(),
                    passes: false,
                }
            }
        };
        let mut faults = String::new();
        if !mark.faults.is_empty() {
            faults = format!("; faults: {}", mark.faults.join(", "));
        }
        if !mark.ignored.is_empty() {
            faults += &format!("; ignored: {}", mark.ignored.join(", "));
        }
        writeln!(
            output,
            "{}: {} of {} right{faults}",
            path.display(),
            mark.right,
            mark.cases
        )?;
        output.write_all(&details)?;
        writeln!(output)?;
        marks.push(mark);
    }
    let width = options
        .outputs
        .iter()
        .map(|path| path.display().to_string().len())
        .max()
        .unwrap_or(4)
        .max(4);
    writeln!(output, "{:<width$}  right  cases  verdict", "file")?;
    for (path, mark) in options.outputs.iter().zip(&marks) {
        writeln!(
            output,
            "{:<width$}  {:>5}  {:>5}  {}",
            path.display().to_string(),
            mark.right,
            mark.cases,
            if mark.passes { "pass" } else { "FAIL" }
        )?;
    }
    Ok(marks.iter().all(|mark| mark.passes))
}

/// Marks one output file and writes what is wrong with it.
fn mark_file(
    options: &GradeOptions,
    congo_text: &str,
    expected: &[String],
    fens: &[String],
    text: &str,
    output: &mut impl Write,
) -> io::Result<Mark> {
    let shape = options.judge.shape();
    let framing = shape.framing;
    let moves = shape.answer == AnswerKind::Moves;
    let comparison = Comparison::new(congo_text, text, framing, moves, options.ignore_space);
    let got = &comparison.answers;
    let first_wrong = (0..expected.len()).find(|&i| got.get(i) != Some(&expected[i]));
    if let Some(index) = first_wrong {
        writeln!(
            output,
            "  first wrong case: {} of {}, {}",
            index + 1,
            expected.len(),
            fens.get(index).map_or("", String::as_str)
        )?;
        match (got.get(index), framing) {
            (None, _) => {
                write_lines(output, "expected", &expected[index])?;
                writeln!(
                    output,
                    "  got:      (nothing: the file has only {})",
                    Count(got.len(), "answer")
                )?;
            }
            (Some(have), Framing::Block) => write_block_difference(output, &expected[index], have)?,
            (Some(have), _) => {
                write_lines(output, "expected", &expected[index])?;
                write_lines(output, "got", have)?;
                if framing == Framing::Line
                    && moves
                    && write_move_difference(output, "  ", &expected[index], have)?
                {
                    writeln!(output, "  (the same moves, out of order)")?;
                }
                if framing == Framing::Line && shape.answer == AnswerKind::Number {
                    write_number_difference(output, "  ", &expected[index], have)?;
                }
            }
        }
    }
    let (ignored, faults) = comparison
        .faults
        .iter()
        .partition::<Vec<_>, _>(|fault| options.ignore_space && fault.is_space());
    let names = |faults: Vec<_>| faults.iter().map(ToString::to_string).collect();
    Ok(Mark {
        right: comparison.right,
        cases: expected.len(),
        faults: names(faults),
        ignored: names(ignored),
        passes: comparison.passes,
    })
}

/// Writes the lines of a block answer that differ from congo's, each
/// numbered within the block, with congo's line above the file's.
fn write_block_difference(output: &mut impl Write, expected: &str, got: &str) -> io::Result<()> {
    let expected: Vec<&str> = expected.split('\n').collect();
    let got: Vec<&str> = got.split('\n').collect();
    writeln!(output, "  the lines of this block that differ:")?;
    for index in 0..expected.len().max(got.len()) {
        let (want, have) = (expected.get(index), got.get(index));
        if want == have {
            continue;
        }
        let line = |text: Option<&&str>| text.map_or("(no line)".to_owned(), |text| shown(text));
        writeln!(output, "  line {:<3} expected: {}", index + 1, line(want))?;
        writeln!(output, "           got:      {}", line(have))?;
    }
    Ok(())
}

/// An answer line as the report shows it: quoted when it hides
/// characters, and named when it is empty, which would otherwise not show.
fn shown(line: &str) -> String {
    if line.is_empty() {
        "(empty line)".to_owned()
    } else if hides_characters(line) {
        format!("{line:?}")
    } else {
        line.to_owned()
    }
}

fn write_lines(output: &mut impl Write, label: &str, answer: &str) -> io::Result<()> {
    let mut lines = answer.split('\n');
    writeln!(
        output,
        "  {:<9} {}",
        format!("{label}:"),
        shown(lines.next().unwrap_or_default())
    )?;
    for line in lines {
        writeln!(output, "            {}", shown(line))?;
    }
    Ok(())
}

/// The first line of each case of a judge input.
fn case_lines(input: &str, per_case: usize) -> Vec<String> {
    input
        .lines()
        .skip(1)
        .step_by(per_case)
        .map(|line| line.trim().to_owned())
        .collect()
}

/// `text` with its first letter in capitals, to start a sentence.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn read(path: &Path) -> Result<String, FileReadError> {
    super::read_file(path, MAX_FILE)
}
