//! `congo play`: Part 3, a move played in each position.

use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::usage::UsageError;
use crate::judge::Job;

pub(crate) const PLAY: Spec = Spec::judge(
    "play",
    "",
    &[],
    "cases of two lines, a FEN and then a move: the FEN after the move, then Continue, \
     White wins or Black wins",
    read,
)
.reading("a line with N, then N pairs of lines: a FEN, then a move");

fn read(args: &Args) -> Result<Command, UsageError> {
    args.no_operands()?;
    Ok(Command::judge(args, Job::Play))
}
