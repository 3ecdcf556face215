//! `congo board`: Part 1's listing of each position's pieces.

use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::usage::UsageError;
use crate::judge::Job;

pub(crate) const BOARD: Spec = Spec::judge(
    "board",
    "",
    &[],
    "list the pieces of each position and the side to play",
    read,
);

fn read(args: &Args) -> Result<Command, UsageError> {
    args.no_operands()?;
    Ok(Command::judge(args, Job::Board))
}
