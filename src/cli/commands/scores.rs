//! `congo minimax` and `alphabeta`: Parts 4 and 5's search values, one
//! number per position, to the assignment's depth or another.

use crate::cli::args::Args;
use crate::cli::option::Opt;
use crate::cli::options::DEPTH;
use crate::cli::subcommand::{Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::assignment::evaluation::Evaluation;
use congo_judges::{self as judge, Positions, Score};

const MINIMAX_DEPTH: Opt = DEPTH.help("search D moves deep instead of 2");
const ALPHABETA_DEPTH: Opt = DEPTH.help("search D moves deep instead of 4");

/// The search depths the assignment sets.
const MINIMAX_PLIES: u32 = 2;
const ALPHABETA_PLIES: u32 = 4;

pub(crate) const MINIMAX: Subcommand =
    Subcommand::judge(&judge::MINIMAX, "", &[MINIMAX_DEPTH], |args| {
        search(Evaluation::Material, &MINIMAX_DEPTH, MINIMAX_PLIES, args)
    });

pub(crate) const ALPHABETA: Subcommand =
    Subcommand::judge(&judge::ALPHABETA, "", &[ALPHABETA_DEPTH], |args| {
        search(
            Evaluation::Advanced,
            &ALPHABETA_DEPTH,
            ALPHABETA_PLIES,
            args,
        )
    });

/// A search: `depth_option` in place of the assignment's depth.
fn search(
    evaluation: Evaluation,
    depth_option: &Opt,
    assignment_depth: u32,
    args: &Args,
) -> Result<Work, UsageError> {
    args.no_operands()?;
    let depth = args.depth(depth_option).unwrap_or(assignment_depth);
    let score = Score::search(evaluation, depth, args.rule_set);
    Ok(Work::judge(args, Positions::boxed(args.rules(), score)))
}
