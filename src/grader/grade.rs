//! `congo grade SUBCOMMAND INPUT OUTPUT...`: marks students' output files
//! against congo's answers to INPUT, case by case, and names the format
//! faults that make an autograder reject a file that looks right.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{hides_characters, write_move_difference};
use crate::Rules;
use crate::count::Count;
use crate::judge::Framing;
use crate::tasks::Job;

/// What `grade` marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradeOptions {
    pub rules: Rules,
    /// The judge subcommand and its own arguments, e.g. `perft 3`.
    pub subcommand: Vec<String>,
    pub job: Job,
    pub input: PathBuf,
    pub outputs: Vec<PathBuf>,
}

/// The biggest file read.
const MAX_FILE: u64 = 256 << 20;

/// How one output file fared.
struct Mark {
    right: usize,
    cases: usize,
    faults: Vec<String>,
}

impl Mark {
    fn passes(&self) -> bool {
        self.right == self.cases && self.faults.is_empty()
    }
}

/// Grades every output file, writing a report per file and a table at the
/// end; returns the exit status: 0 when every file passes, 1 when one does
/// not, 2 when the input cannot be read.
pub fn grade(
    options: &GradeOptions,
    output: &mut impl Write,
    errors: &mut impl Write,
) -> io::Result<u8> {
    let input = match read(&options.input) {
        Ok(text) => text,
        Err(message) => {
            writeln!(errors, "congo: {message}")?;
            return Ok(2);
        }
    };
    let mut answers = Vec::new();
    let mut bad_input = Vec::new();
    let report = options.job.run(
        options.rules,
        input.as_bytes(),
        &mut answers,
        &mut bad_input,
    )?;
    if !report.is_clean() {
        writeln!(
            errors,
            "congo: {} has bad lines, graded as congo answers them:",
            options.input.display()
        )?;
        errors.write_all(&bad_input)?;
    }
    let framing = options.job.framing();
    let expected = framing.answers(&String::from_utf8_lossy(&answers));
    let fens = case_lines(&input, options.job.lines_per_case());
    writeln!(
        output,
        "Grading `congo {}` under the {} rules: {} cases from {}.",
        options.subcommand.join(" "),
        options.rules,
        expected.len(),
        options.input.display()
    )?;
    let mut marks = Vec::new();
    writeln!(output)?;
    for path in &options.outputs {
        // The details come after the file's one-line summary.
        let mut details = Vec::new();
        let mark = match read(path) {
            Ok(text) => mark_file(options, &expected, &fens, &text, &mut details)?,
            Err(message) => {
                writeln!(details, "  {message}")?;
                Mark {
                    right: 0,
                    cases: expected.len(),
                    faults: vec!["unreadable".to_owned()],
                }
            }
        };
        let faults = if mark.faults.is_empty() {
            String::new()
        } else {
            format!("; faults: {}", mark.faults.join(", "))
        };
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
            if mark.passes() { "pass" } else { "FAIL" }
        )?;
    }
    Ok(if marks.iter().all(Mark::passes) { 0 } else { 1 })
}

/// Marks one output file and writes what is wrong with it.
fn mark_file(
    options: &GradeOptions,
    expected: &[String],
    fens: &[String],
    text: &str,
    output: &mut impl Write,
) -> io::Result<Mark> {
    let framing = options.job.framing();
    let faults = format_faults(text, &options.job);
    // Answers are compared as written, line ends and blanks included.
    let got = framing.answers(text);
    let right = expected
        .iter()
        .zip(&got)
        .filter(|(want, have)| want == have)
        .count();
    let first_wrong = (0..expected.len()).find(|&i| got.get(i) != Some(&expected[i]));
    if let Some(index) = first_wrong {
        writeln!(
            output,
            "  first wrong case: {} of {}, {}",
            index + 1,
            expected.len(),
            fens.get(index).map_or("", String::as_str)
        )?;
        write_lines(output, "expected", &expected[index])?;
        match got.get(index) {
            Some(have) => write_lines(output, "got", have)?,
            None => writeln!(
                output,
                "  got:      (nothing: the file has only {})",
                Count(got.len(), "answer")
            )?,
        }
        if let (Some(have), Framing::Line) = (got.get(index), framing)
            && options.job.is_move_list()
        {
            write_move_difference(output, "  ", &expected[index], have)?;
        }
    }
    if got.len() > expected.len() {
        writeln!(
            output,
            "  the file has {} past the last case",
            Count(got.len() - expected.len(), "answer")
        )?;
    }
    Ok(Mark {
        right,
        cases: expected.len(),
        faults,
    })
}

/// The format faults of a whole file, each named once with a count.
fn format_faults(text: &str, job: &Job) -> Vec<String> {
    let mut faults = Vec::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let crlf = lines.iter().filter(|line| line.ends_with("\r\n")).count();
    if crlf > 0 {
        faults.push(format!("CRLF line ends ({})", Count(crlf, "line")));
    }
    let trailing = lines
        .iter()
        .map(|line| line.trim_end_matches(['\n', '\r']))
        .filter(|line| line.ends_with([' ', '\t']))
        .count();
    if trailing > 0 {
        faults.push(format!("trailing blanks ({})", Count(trailing, "line")));
    }
    if !text.is_empty() && !text.ends_with('\n') {
        faults.push("no newline at the end".to_owned());
    }
    if job.is_move_list() {
        let unsorted = lines
            .iter()
            .filter(|line| {
                let moves: Vec<&str> = line.split_ascii_whitespace().collect();
                moves.windows(2).any(|pair| pair[0] > pair[1])
            })
            .count();
        if unsorted > 0 {
            faults.push(format!("unsorted moves ({})", Count(unsorted, "line")));
        }
    }
    faults
}

fn write_lines(output: &mut impl Write, label: &str, answer: &str) -> io::Result<()> {
    let mut lines = answer.split('\n');
    let shown = |line: &str| {
        if hides_characters(line) {
            format!("{line:?}")
        } else {
            line.to_owned()
        }
    };
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

fn read(path: &Path) -> Result<String, String> {
    super::read_file(path, MAX_FILE)
}
