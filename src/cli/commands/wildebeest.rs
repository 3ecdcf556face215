//! `congo wildebeest`: Two-player Wildebeest, the successors of a board
//! file (as files, lines or a count), or of boards on lines.

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value};
use crate::cli::options::PERFT;
use crate::cli::streams::status;
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_judges::{AnyJudge, Counting, MoveList, Perft};
use congo_wildebeest::{BoardFileError, Output, Wildebeest, successor_files};

const FORCE: Opt = Opt::new(
    "--force",
    Value::Flag,
    "replace board.* files of an earlier run",
);
const STDOUT: Opt = Opt::new(
    "--stdout",
    Value::Flag,
    "print the successors, one a line, sorted, instead of writing files",
);
const LINES: Opt = Opt::new(
    "--lines",
    Value::Flag,
    "read a line with N, then N boards in the one-line form --stdout \
     writes; answer each with a line",
);

pub(crate) const WILDEBEEST: Subcommand = Subcommand::tool(
    "wildebeest",
    "",
    &[FORCE, STDOUT, PERFT, LINES],
    "every legal successor of a 15-line 2PW board file, written to board.000, \
     board.001, ... here, refusing to touch earlier board.* files unless --force",
    read,
)
.one_rule_set()
.in_section(Section::Wildebeest);

/// `wildebeest [--force | --stdout | --perft D]` for a board file, or
/// `wildebeest --lines [--perft D]` for boards on lines.
fn read(args: &Args) -> Result<Work, UsageError> {
    args.no_operands()?;
    if args.has(&LINES) {
        args.refuse_with(LINES.name, &[FORCE, STDOUT])?;
        let judge: Box<dyn AnyJudge> = match args.depth(&PERFT) {
            None => Box::new(MoveList::new(Wildebeest)),
            Some(depth) => Box::new(Perft::new(Wildebeest, Counting::plain(depth))),
        };
        return Ok(Work::judge(args, judge));
    }
    let output = if args.has(&FORCE) {
        args.refuse_with(FORCE.name, &[STDOUT, PERFT])?;
        Output::Files { force: true }
    } else if args.has(&STDOUT) {
        args.refuse_with(STDOUT.name, &[PERFT])?;
        Output::Lines
    } else {
        match args.depth(&PERFT) {
            Some(depth) => Output::Perft(depth),
            None => Output::Files { force: false },
        }
    };
    Ok(Work::tool(move |io| {
        let here = std::path::Path::new(".");
        let written = successor_files(
            output,
            &mut *io.input,
            &mut io.output,
            here,
            io.terminal.input_file,
        );
        match written {
            Ok(written) => {
                if matches!(output, Output::Files { .. }) {
                    io.say(written);
                }
                status::SUCCESS
            }
            Err(BoardFileError::Output(error)) => io.io_error(&error),
            Err(error) => io.fail(error),
        }
    }))
}
