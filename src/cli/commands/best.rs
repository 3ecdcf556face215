//! `congo best`: the engine's move for each position, by depth, time or
//! nodes.

use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::commands::learn::{EVAL, EvalChoice, NET};
use crate::cli::option::Opt;
use crate::cli::options::{DEPTH, MOVETIME, NODES, TABLES, THREADS};
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::{Engine, Limit, Weights};
use congo_judges::{Best, Positions};

const BY_DEPTH: Opt = DEPTH.one_of();
const BY_TIME: Opt = MOVETIME
    .help("search MS milliseconds (and print nps, nodes a second)")
    .one_of();
const BY_NODES: Opt = NODES.help("search N nodes").one_of();

pub(crate) const BEST: Subcommand = Subcommand::tool(
    "best",
    "[FEN]",
    &[BY_DEPTH, BY_TIME, BY_NODES, THREADS, TABLES, EVAL, NET],
    "the engine's move for each FEN line: <move> <score> depth <D> nodes <N> (and nps \
     <nodes a second> with --movetime; nothing when the game is over; <move> <score> \
     tablebase <value> from endgame tables)",
    read,
)
.in_section(Section::Playing);

fn read(args: &Args) -> Result<Work, UsageError> {
    let limit = match args.choice("best")?.name {
        name if BY_DEPTH.is(name) => Limit::Depth(args.depth(&BY_DEPTH).unwrap_or(0)),
        name if BY_TIME.is(name) => {
            Limit::Time(Duration::from_millis(args.whole(&BY_TIME)?.unwrap_or(1)))
        }
        _ => Limit::Nodes(args.whole(&BY_NODES)?.unwrap_or(1)),
    };
    let network = match EvalChoice::of(args)?.network() {
        Ok(network) => network,
        Err(message) => return Ok(Work::tool(move |io| io.fail(message))),
    };
    let engine = Engine::new(args.rule_set, Weights::TUNED)
        .with_endgame_tables(args.endgame_tables(&TABLES))
        .with_threads(args.whole(&THREADS)?.unwrap_or(1))
        .with_net(network);
    let best = Best::new(limit, engine);
    Work::judge_of_fen(args, Positions::boxed(args.rules(), best))
}
