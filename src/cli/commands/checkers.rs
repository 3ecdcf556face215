//! `congo checkers`: Russian checkers, every legal move of each position
//! (or perft).

use crate::cli::options::PERFT;
use crate::cli::subcommand::{Subcommand, Work};
use congo_checkers::Checkers;
use congo_judges::{self as judge, Counting, MoveList, Perft};

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
