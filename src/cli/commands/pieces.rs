//! `congo lion`, `zebra`, `giraffe`, `pawn`, `superpawn`, `elephant`,
//! `crocodile` and `monkey`: one line per position with that kind's moves.

use crate::Kind;
use crate::cli::args::Args;
use crate::cli::command::{Command, Spec};
use crate::cli::usage::UsageError;
use crate::judge::Job;

/// The subcommand listing the moves of one kind of piece.
const fn piece(
    name: &'static str,
    about: &'static str,
    read: fn(&Args) -> Result<Command, UsageError>,
) -> Spec {
    Spec::judge(name, "", &[], about, read)
}

fn moves_of(kind: Kind, args: &Args) -> Result<Command, UsageError> {
    args.no_operands()?;
    Ok(Command::judge(args, Job::PieceMoves(kind)))
}

pub(crate) const LION: Spec = piece("lion", "the lion moves of the side to move", |args| {
    moves_of(Kind::Lion, args)
});
pub(crate) const ZEBRA: Spec = piece("zebra", "the zebra moves of the side to move", |args| {
    moves_of(Kind::Zebra, args)
});
pub(crate) const GIRAFFE: Spec =
    piece("giraffe", "the giraffe moves of the side to move", |args| {
        moves_of(Kind::Giraffe, args)
    });
pub(crate) const PAWN: Spec = piece("pawn", "the pawn moves of the side to move", |args| {
    moves_of(Kind::Pawn, args)
});
pub(crate) const SUPERPAWN: Spec = piece(
    "superpawn",
    "the superpawn moves of the side to move",
    |args| moves_of(Kind::Superpawn, args),
);
pub(crate) const ELEPHANT: Spec = piece(
    "elephant",
    "the elephant moves of the side to move",
    |args| moves_of(Kind::Elephant, args),
);
pub(crate) const CROCODILE: Spec = piece(
    "crocodile",
    "the crocodile moves of the side to move",
    |args| moves_of(Kind::Crocodile, args),
);
pub(crate) const MONKEY: Spec = piece(
    "monkey",
    "the monkey moves of the side to move (a jump chain lists every landing square: b3d5f3)",
    |args| moves_of(Kind::Monkey, args),
);
