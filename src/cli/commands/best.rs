//! `congo best`: the engine's move for each position, by depth, time or
//! nodes.

use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::command::{Command, Section, Spec};
use crate::cli::option::Opt;
use crate::cli::options::{DEPTH, MOVETIME, NODES, TABLES, THREADS};
use crate::cli::usage::UsageError;
use crate::engine::Limit;
use crate::judge::Job;

const BY_DEPTH: Opt = DEPTH.one_of();
const BY_TIME: Opt = MOVETIME
    .help("search MS milliseconds (and print nps, nodes a second)")
    .one_of();
const BY_NODES: Opt = NODES.help("search N nodes").one_of();

pub(crate) const BEST: Spec = Spec::judge(
    "best",
    "[FEN]",
    &[BY_DEPTH, BY_TIME, BY_NODES, THREADS, TABLES],
    "the engine's move for each FEN line: <move> <score> depth <D> nodes <N> (and nps \
     <nodes a second> with --movetime; nothing when the game is over; <move> <score> \
     tablebase <value> from endgame tables)",
    read,
)
.tool(Section::Playing);

fn read(args: &Args) -> Result<Command, UsageError> {
    let limit = match args.choice("best")?.name {
        name if BY_DEPTH.is(name) => Limit::Depth(args.depth(&BY_DEPTH).unwrap_or(0)),
        name if BY_TIME.is(name) => {
            Limit::Time(Duration::from_millis(args.whole(&BY_TIME)?.unwrap_or(1)))
        }
        _ => Limit::Nodes(args.whole(&BY_NODES)?.unwrap_or(1)),
    };
    let threads = args.whole(&THREADS)?.unwrap_or(1);
    Ok(Command::Judge {
        game: args.game(),
        job: Job::Best(limit, args.tables(&TABLES), threads),
        fen: args.fen_operand()?,
    })
}
