//! `congo perft D` and `congo divide D`: the leaves of the move tree,
//! counted whole or split by the first move, on threads, and with
//! `--hash` the second way (through a table of positions already counted).

use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::option::{Opt, whole};
use crate::cli::options::THREADS;
use crate::cli::usage::UsageError;
use crate::judge::{Counting, Job};

const COUNT_THREADS: Opt =
    THREADS.help("count on N threads, sharing out the first moves (default 1)");
const HASH: Opt = Opt::new(
    "--hash",
    whole("MIB", 1, 1 << 20),
    "count a second way: look up positions already counted in a table of \
     MIB mebibytes",
);

pub(crate) const PERFT: Spec = Spec::judge(
    "perft",
    "D",
    &[COUNT_THREADS, HASH],
    "the number of positions D moves deep (D at most 20)",
    |args| {
        let counting = counting(args, "perft")?;
        Ok(Command::judge(args, Job::Perft(counting)))
    },
);

pub(crate) const DIVIDE: Spec = Spec::judge(
    "divide",
    "D",
    &[COUNT_THREADS, HASH],
    "each legal move with its perft count D-1 deeper, then the total",
    |args| {
        let counting = counting(args, "divide")?;
        Ok(Command::judge(args, Job::Divide(counting)))
    },
);

/// The depth operand, `--threads` and `--hash` of `perft` or `divide`.
fn counting(args: &Args, name: &'static str) -> Result<Counting, UsageError> {
    Ok(Counting {
        depth: args.depth_operand(name)?,
        threads: args.whole(&COUNT_THREADS)?.unwrap_or(1),
        hash: args.whole(&HASH)?,
    })
}
