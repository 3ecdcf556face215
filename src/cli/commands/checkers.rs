//! `congo checkers`: Russian checkers, every legal move of each position
//! (or perft).

use crate::cli::options::PERFT;
use crate::cli::subcommand::{Subcommand, Work};
use crate::judge::{self, Counting, MoveList, Perft};
use congo_checkers::Checkers;

pub(crate) const CHECKERS: Subcommand = Subcommand::judge(&judge::CHECKERS, "", &[PERFT], |args| {
    args.no_operands()?;
    Ok(Work::judge(
        args,
        match args.depth(&PERFT) {
            None => Box::new(MoveList::new(Checkers)),
            Some(depth) => Box::new(Perft::new(Checkers, Counting::plain(depth))),
        },
    ))
})
.sibling();
