//! `congo moves`: every legal move of each position.

use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::usage::UsageError;
use crate::judge::Job;

pub(crate) const MOVES: Spec = Spec::judge(
    "moves",
    "[FEN]",
    &[],
    "every legal move of the side to move (none once a lion is taken)",
    read,
);

fn read(args: &Args) -> Result<Command, UsageError> {
    Ok(Command::Judge {
        game: args.game(),
        job: Job::Moves,
        fen: args.fen_operand()?,
    })
}
