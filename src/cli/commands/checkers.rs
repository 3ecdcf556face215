//! `congo checkers`: Russian checkers, every legal move of each position
//! (or perft).

use crate::cli::command::{Command, Spec};
use crate::cli::options::PERFT;
use crate::judge::Job;

pub(crate) const CHECKERS: Spec = Spec::judge(
    "checkers",
    "",
    &[PERFT],
    "Russian checkers: every legal move of each position, given as \
     <row 8>/.../<row 1> <WHITE|BLACK>",
    |args| {
        args.no_operands()?;
        Ok(Command::judge(args, Job::Checkers(args.depth(&PERFT))))
    },
)
.sibling();
