//! `congo perft D` and `congo divide D`: the leaves of the move tree,
//! counted whole or split by the first move, on threads, and with
//! `--hash` the second way (through a table of positions already counted).

use crate::cli::args::Args;
use crate::cli::option::{Opt, whole};
use crate::cli::options::THREADS;
use crate::cli::subcommand::{Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_judges::{self as judge, Counting, Divide, Perft};

const COUNT_THREADS: Opt =
    THREADS.help("count on N threads, sharing out the first moves (default 1)");
const HASH: Opt = Opt::new(
    "--hash",
    whole("MIB", 1, 1 << 20),
    "count a second way: look up positions already counted in a table of \
     MIB mebibytes",
);

pub(crate) const PERFT: Subcommand =
    Subcommand::judge(&judge::PERFT, "D", &[COUNT_THREADS, HASH], |args| {
        let counting = counting(args, "perft")?;
        Ok(Work::judge(
            args,
            Box::new(Perft::new(args.rules(), counting)),
        ))
    });

pub(crate) const DIVIDE: Subcommand =
    Subcommand::judge(&judge::DIVIDE, "D", &[COUNT_THREADS, HASH], |args| {
        let counting = counting(args, "divide")?;
        Ok(Work::judge(
            args,
            Box::new(Divide::new(args.rules(), counting)),
        ))
    });

/// The depth operand, `--threads` and `--hash` of `perft` or `divide`.
fn counting(args: &Args, name: &'static str) -> Result<Counting, UsageError> {
    Ok(Counting {
        depth: args.depth_operand(name)?,
        threads: args.whole(&COUNT_THREADS)?.unwrap_or(1),
        hash: args.whole(&HASH)?,
    })
}
