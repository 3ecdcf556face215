//! `congo grade SUBCOMMAND [ARGS] INPUT OUTPUT...`: students' output files
//! marked against congo's answers.

use std::path::PathBuf;

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value};
use crate::cli::streams::status;
use crate::cli::subcommand::{Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_judges::grader::{GradeError, GradeOptions, grade};

const IGNORE_SPACE: Opt = Opt::new(
    "--ignore-space",
    Value::Flag,
    "overlook blank-space faults, as lenient autograders do",
);

pub(crate) const GRADE: Subcommand = Subcommand::tool(
    "grade",
    "SUBCOMMAND [ARGS] INPUT OUTPUT...",
    &[IGNORE_SPACE],
    "mark each OUTPUT file against congo's answers to INPUT: cases right of N, the \
     first wrong case with its FEN and the missing and extra moves, and every fault \
     (extra or missing lines, a byte order mark, CRLF, trailing blanks, no final \
     newline, unsorted moves, blank lines at the end); a file passes only if its bytes \
     equal congo's; exit 0 only if every file passes",
    read,
)
.wrapping();

/// The subcommand takes as many words as it can while two are left for
/// the files.
fn read(args: &Args) -> Result<Work, UsageError> {
    let words = args.operand_texts()?;
    let (subcommand, judge, files) = (1..words.len().saturating_sub(1))
        .rev()
        .find_map(|split| {
            let (subcommand, files) = words.split_at(split);
            match (args.judge_reader)(subcommand, args.rule_set) {
                // Every judge subcommand, but no drawings written to files.
                Some(judge) if judge.writes_files() => None,
                Some(judge) => Some((subcommand.to_vec(), judge, files)),
                None => None,
            }
        })
        .ok_or(UsageError::MissingFiles)?;
    let (input, outputs) = files.split_first().ok_or(UsageError::MissingFiles)?;
    let options = GradeOptions {
        rule_set: args.rule_set,
        subcommand,
        judge,
        input: PathBuf::from(input),
        outputs: outputs.iter().map(PathBuf::from).collect(),
        ignore_space: args.has(&IGNORE_SPACE),
    };
    Ok(Work::tool(move |io| {
        match grade(&options, &mut io.output) {
            Ok(graded) => {
                if !graded.bad_input.is_empty() {
                    io.say(format_args!(
                        "{} has bad lines, graded as congo answers them:",
                        options.input.display()
                    ));
                    for line in &graded.bad_input {
                        io.say(line);
                    }
                }
                if let Some(warning) = &graded.warning {
                    io.say(warning);
                }
                if graded.all_pass {
                    status::SUCCESS
                } else {
                    status::FAILURE
                }
            }
            Err(GradeError::Input(error)) => io.refuse(error),
            Err(GradeError::Output(error)) => io.io_error(&error),
        }
    }))
}
