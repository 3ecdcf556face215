//! `congo material`, `minimax`, `evaluate` and `alphabeta`: Parts 4 and
//! 5, one number per position.

use crate::assignment::evaluation::Evaluation;
use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::option::Opt;
use crate::cli::options::DEPTH;
use crate::cli::usage::UsageError;
use crate::judge::Job;

const MINIMAX_DEPTH: Opt = DEPTH.help("search D moves deep instead of 2");
const ALPHABETA_DEPTH: Opt = DEPTH.help("search D moves deep instead of 4");

/// The search depths the assignment sets.
const MINIMAX_PLIES: u32 = 2;
const ALPHABETA_PLIES: u32 = 4;

pub(crate) const MATERIAL: Spec = Spec::judge(
    "material",
    "",
    &[],
    "Part 4's evaluation: material, for the side to move",
    |args| evaluation(Evaluation::Material, args),
);

pub(crate) const MINIMAX: Spec = Spec::judge(
    "minimax",
    "",
    &[MINIMAX_DEPTH],
    "Part 4's search value, 2 moves deep with the material evaluation",
    |args| search(Evaluation::Material, &MINIMAX_DEPTH, MINIMAX_PLIES, args),
);

pub(crate) const EVALUATE: Spec = Spec::judge(
    "evaluate",
    "",
    &[],
    "Part 5's evaluation: material, mobility and attack",
    |args| evaluation(Evaluation::Advanced, args),
);

pub(crate) const ALPHABETA: Spec = Spec::judge(
    "alphabeta",
    "",
    &[ALPHABETA_DEPTH],
    "Part 5's search value, 4 moves deep with Part 5's evaluation",
    |args| {
        search(
            Evaluation::Advanced,
            &ALPHABETA_DEPTH,
            ALPHABETA_PLIES,
            args,
        )
    },
);

fn evaluation(evaluation: Evaluation, args: &Args) -> Result<Command, UsageError> {
    args.no_operands()?;
    Ok(Command::judge(args, Job::Evaluate(evaluation)))
}

/// A search: `depth_option` in place of the assignment's depth.
fn search(
    evaluation: Evaluation,
    depth_option: &Opt,
    assignment_depth: u32,
    args: &Args,
) -> Result<Command, UsageError> {
    args.no_operands()?;
    let depth = args.depth(depth_option).unwrap_or(assignment_depth);
    Ok(Command::judge(args, Job::Search(evaluation, depth)))
}
