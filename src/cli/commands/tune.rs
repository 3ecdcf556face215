//! `congo tune RECORD...`: the engine's weights fitted to recorded games.

use std::path::PathBuf;

use crate::cli::args::Args;
use crate::cli::option::{Opt, whole};
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::{TuneOptions, Weights, tune, write_fit};

const SKIP_PLIES: Opt = Opt::new(
    "--skip-plies",
    whole("K", 0, u64::MAX),
    "leave out each game's first K plies (default 8)",
);
const PASSES: Opt = Opt::new(
    "--passes",
    whole("P", 1, u64::MAX),
    "walk the weights at most P passes (default 200)",
);

pub(crate) const TUNE: Subcommand = Subcommand::tool(
    "tune",
    "RECORD...",
    &[SKIP_PLIES, PASSES],
    "fit the engine's evaluation weights to the results of recorded games (match \
     --record; Texel's method): each position labelled with its game's result, the \
     weights walked to the least squared error, the pawn held at 100; prints each \
     weight's change and the matching `congo engine --weight ...` line",
    read,
)
.in_section(Section::Playing);

fn read(args: &Args) -> Result<Work, UsageError> {
    if args.operands.is_empty() {
        return Err(UsageError::Required("tune", "a record file"));
    }
    let options = TuneOptions {
        records: args.operands.iter().map(PathBuf::from).collect(),
        rule_set: args.rule_set,
        skip_plies: args.whole(&SKIP_PLIES)?.unwrap_or(8),
        passes: args.whole(&PASSES)?.unwrap_or(200),
    };
    Ok(Work::tool(move |io| {
        let start = Weights::TUNED;
        match tune(&options, start) {
            Ok(fit) => {
                let written = write_fit(&fit, start, &mut io.output);
                io.finish(written)
            }
            Err(error) => io.fail(error),
        }
    }))
}
