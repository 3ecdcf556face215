//! `congo openings N`: a suite of balanced openings for matches.

use crate::cli::args::Args;
use crate::cli::option::{Opt, whole};
use crate::cli::options::{DEPTH, FEN, SEED};
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use crate::cli::values::number;
use congo_arena::{OpeningOptions, write_openings};
use congo_kit::text::Count;

const START: Opt = FEN.help("play the random plies from FEN (default: the 2022 start)");
const PLIES: Opt = Opt::new(
    "--plies",
    whole("K", 0, u64::MAX),
    "K random plies an opening (default 8)",
);
const JUDGE_DEPTH: Opt = DEPTH.help("judge balance by a depth-D alpha-beta (default 4)");
const MARGIN: Opt = Opt::new(
    "--margin",
    whole("CP", 0, u16::MAX as u64),
    "keep an opening scored within CP for either side (default 100)",
);
const PLIES_SEED: Opt = SEED.help("the seed of the random plies (default 1)");

pub(crate) const OPENINGS: Subcommand = Subcommand::tool(
    "openings",
    "N",
    &[START, PLIES, JUDGE_DEPTH, MARGIN, PLIES_SEED],
    "N distinct balanced openings for match --openings, one FEN a line: random plies \
     kept when the assignment's alpha-beta on Part 5's evaluation scores them within \
     the margin for either side; exit 1 if fewer than N were found in 50 tries each",
    read,
)
.in_section(Section::Playing);

fn read(args: &Args) -> Result<Work, UsageError> {
    let count = args.one_operand("openings", "a count")?;
    let (_, start) = args.fen_option(&START, congo_rules::START)?;
    let options = OpeningOptions {
        count: number("openings", &count)?,
        start,
        rule_set: args.rule_set,
        plies: args.whole(&PLIES)?.unwrap_or(8),
        depth: args.depth(&JUDGE_DEPTH).unwrap_or(4),
        margin: args.whole::<u16>(&MARGIN)?.map_or(100, i32::from),
        seed: args.whole(&PLIES_SEED)?.unwrap_or(1),
    };
    Ok(Work::tool(move |io| {
        match write_openings(&options, &mut io.output) {
            Ok((written, tried)) => {
                io.say(format_args!(
                    "wrote {} of {tried} tried",
                    Count(written, "opening")
                ));
                u8::from(written < options.count)
            }
            Err(error) => io.io_error(&error),
        }
    }))
}
