//! `congo check SUBCOMMAND -- PROGRAM`: another program compared with a
//! judge, and its first disagreement shrunk.

use std::io::Write;
use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::SEED;
use crate::cli::subcommand::{Subcommand, Work};

use crate::cli::streams::{Io, say, status};
use crate::cli::usage::UsageError;
use congo_judges::grader::{CheckError, CheckEvent, CheckOptions, CheckVerdict, check};

const POSITIONS: Opt = Opt::new(
    "--positions",
    whole("N", 1, u64::MAX),
    "try N generated positions (default 1000)",
);
const CASE_SEED: Opt = SEED.help("the seed of the positions (default: a new one)");
const INPUT: Opt = Opt::new(
    "--input",
    Value::Path("FILE"),
    "try the cases of FILE instead of generated ones",
);
const TIMEOUT: Opt = Opt::new(
    "--timeout-ms",
    whole("T", 1, u64::MAX),
    "count a run longer than T milliseconds as a hang (default 10000)",
);

pub(crate) const CHECK: Subcommand = Subcommand::tool(
    "check",
    "SUBCOMMAND [ARGS] -- PROGRAM [ARGS...]",
    &[POSITIONS, CASE_SEED, INPUT, TIMEOUT],
    "run PROGRAM on generated positions (or the cases of a file), compare it with \
     congo, and shrink the first disagreement, crash or hang to a small ready-to-run \
     case; progress on stderr",
    read,
)
.wrapping();

/// `check SUBCOMMAND [ARGS] [--positions N] [--seed S] [--input FILE]
/// [--timeout-ms T] -- PROGRAM [ARGS...]`.
fn read(args: &Args) -> Result<Work, UsageError> {
    let program = args.after_texts()?.unwrap_or_default();
    if program.is_empty() {
        return Err(UsageError::MissingProgram);
    }
    let subcommand = args.operand_texts()?;
    let judge = match (args.judge_reader)(&subcommand, args.rule_set) {
        Some(judge) if judge.checked_on().is_some() => judge,
        _ => return Err(UsageError::NotCheckable(subcommand.join(" "))),
    };
    let options = CheckOptions {
        rule_set: args.rule_set,
        subcommand,
        judge: judge.into(),
        positions: args.whole(&POSITIONS)?.unwrap_or(1000),
        seed: args.whole(&CASE_SEED)?,
        input: args.path(&INPUT),
        timeout: Duration::from_millis(args.whole(&TIMEOUT)?.unwrap_or(10_000)),
        program,
    };
    Ok(Work::tool(move |io| run(&options, io)))
}

fn run(options: &CheckOptions, io: &mut Io<'_>) -> u8 {
    let checked = {
        let errors = &mut *io.errors;
        let mut tell = |event: CheckEvent| tell(errors, event);
        check(options, &mut io.output, &mut tell)
    };
    match checked {
        Ok(CheckVerdict::Agrees) => status::SUCCESS,
        Ok(CheckVerdict::Fails) => status::FAILURE,
        Err(CheckError::Output(error)) => io.io_error(&error),
        Err(error) => io.refuse(error),
    }
}

/// A check's event, in words on the error stream as it happens.
fn tell(errors: &mut dyn Write, event: CheckEvent) {
    let line = match event {
        CheckEvent::Warning(warning) => return say(errors, warning),
        CheckEvent::Chunk { first, total } => format!("case {first} of {total}..."),
        CheckEvent::OneAtATime { what, first, last } => {
            format!("{what} on cases {first} to {last}; trying them one at a time...")
        }
        CheckEvent::Alone { done, of } => format!("{done} of {of} alone..."),
        CheckEvent::Shrinking(number) => format!("shrinking case {number}..."),
    };
    // Nothing useful is left to do if the error stream itself fails.
    let _ = writeln!(errors, "congo check: {line}");
}
