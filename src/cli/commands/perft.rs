//! `congo perft D` and `congo divide D`: the leaves of the move tree,
//! counted whole or split by the first move.

use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::options::THREADS;
use crate::cli::usage::UsageError;
use crate::judge::Job;

pub(crate) const PERFT: Spec = Spec::judge(
    "perft",
    "D",
    &[THREADS],
    "the number of positions D moves deep (D at most 20)",
    |args| {
        let depth = args.depth_operand("perft")?;
        let threads = args.whole(&THREADS)?.unwrap_or(1);
        Ok(Command::judge(args, Job::Perft(depth, threads)))
    },
);

pub(crate) const DIVIDE: Spec = Spec::judge(
    "divide",
    "D",
    &[],
    "each legal move with its perft count D-1 deeper, then the total",
    read_divide,
);

fn read_divide(args: &Args) -> Result<Command, UsageError> {
    let depth = args.depth_operand("divide")?;
    Ok(Command::judge(args, Job::Divide(depth)))
}
