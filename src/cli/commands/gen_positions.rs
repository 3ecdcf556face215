//! `congo gen N`: a judge input of N random valid positions.

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::SEED;
use crate::cli::streams::status;
use crate::cli::subcommand::{Subcommand, Work};
use crate::cli::usage::UsageError;
use crate::cli::values::number;
use congo_judges::grader::{GenOptions, generate};
use congo_rules::random::PieceSet;

const GEN_SEED: Opt = SEED.help("the seed (default: a new one, printed on stderr)");
const PIECES: Opt = Opt::new(
    "--pieces",
    Value::Text("2022|2021|full|LETTERS"),
    "the kinds of pieces to place (default 2022)",
);
const DENSITY: Opt = Opt::new(
    "--density",
    whole("PERCENT", 0, 100),
    "how full the board is (default 30)",
);

pub(crate) const GEN: Subcommand = Subcommand::tool(
    "gen",
    "N",
    &[GEN_SEED, PIECES, DENSITY],
    "a judge input of N random valid positions (no input read)",
    read,
);

fn read(args: &Args) -> Result<Work, UsageError> {
    let count = args.one_operand("gen", "the number of positions")?;
    let options = GenOptions {
        count: number("gen", &count)?,
        seed: args.whole(&GEN_SEED)?,
        pieces: match args.text(&PIECES) {
            Some(set) => set.parse().map_err(UsageError::BadPieceSet)?,
            None => PieceSet::Wits2022,
        },
        density: args.whole(&DENSITY)?.unwrap_or(30),
    };
    Ok(Work::tool(move |io| {
        match generate(&options, &mut io.output) {
            Ok(seed) => {
                if options.seed.is_none() {
                    io.say(format_args!("seed {seed} (repeat with --seed {seed})"));
                }
                status::SUCCESS
            }
            Err(error) => io.io_error(&error),
        }
    }))
}
