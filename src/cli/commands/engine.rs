//! `congo engine`: the playing engine, speaking the Part 7 protocol on
//! the standard streams.

use std::path::PathBuf;

use crate::cli::args::{Args, opened_tables};
use crate::cli::commands::learn::{EVAL, EvalChoice, NET};
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::{NODES, TABLES, THREADS};
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_engine::assignment::evaluation::Evaluation;
use congo_engine::assignment::search::Searcher;
use congo_engine::net::Network;
use congo_engine::{Engine, Player, Weights, play_protocol};
use congo_rules::RuleSet;
use congo_rules::endgame::EndgameTables;
use std::sync::Arc;

const WEAK: Opt = Opt::new(
    "--weak",
    Value::Flag,
    "play the assignment's plain depth-4 alpha-beta instead",
);
const FIXED_NODES: Opt =
    NODES.help("search exactly N nodes a move whatever go says (the same games on any machine)");
const CONTEMPT: Opt = Opt::new(
    "--contempt",
    whole("CP", 0, 1000),
    "value a draw (a repeated position, the bare lions) CP below an even \
     position, so that the engine plays on (default 100)",
);
const WEIGHT: Opt = Opt::new(
    "--weight",
    Value::Text("NAME=VALUE"),
    "set an evaluation weight, for tuning: mobility, attack, lion-attack, \
     pawn-advance, river, lion-guard, lion-tropism, or a piece's value (zebra=300)",
)
.repeats();

pub(crate) const ENGINE: Subcommand = Subcommand::tool(
    "engine",
    "",
    &[
        WEAK,
        FIXED_NODES,
        THREADS,
        TABLES,
        CONTEMPT,
        EVAL,
        NET,
        WEIGHT,
    ],
    "speak the Part 7 protocol on stdin/stdout: newgame, position <fen>, moves m1 m2 \
     ..., go <seconds> (answered with a move), quit",
    read,
)
.in_section(Section::Playing);

/// Which engine `congo engine` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EngineOptions {
    rule_set: RuleSet,
    /// The assignment's plain depth-4 alpha-beta instead of the engine.
    weak: bool,
    weights: Weights,
    /// A folder of endgame tables to play from.
    tables: Option<PathBuf>,
    /// Search exactly this many nodes a move instead of by time.
    nodes: Option<u64>,
    /// Threads searching each move (lazy SMP).
    threads: usize,
    /// What a draw costs the engine, in centipawns.
    contempt: i32,
    /// The weights or a net.
    evaluation: EvalChoice,
}

fn read(args: &Args) -> Result<Work, UsageError> {
    let options = options(args)?;
    Ok(Work::tool(move |io| {
        let network = match options.evaluation.network() {
            Ok(network) => network,
            Err(message) => return io.fail(message),
        };
        let tables = (options.tables.as_deref())
            .map(|dir| opened_tables(dir, options.rule_set, &mut *io.errors));
        let mut player = player(&options, network, tables);
        let played = play_protocol(
            &mut player,
            options.rule_set,
            &mut *io.input,
            &mut *io.output,
            &mut *io.errors,
        );
        io.finish(played)
    }))
}

fn options(args: &Args) -> Result<EngineOptions, UsageError> {
    args.no_operands()?;
    let mut weights = Weights::TUNED;
    for setting in args.texts(&WEIGHT) {
        let bad = || UsageError::BadWeight(setting.clone());
        let (name, value) = setting.split_once('=').ok_or_else(bad)?;
        let value: i32 = value.parse().map_err(|_| bad())?;
        if !weights.set(name, value) {
            return Err(bad());
        }
    }
    Ok(EngineOptions {
        rule_set: args.rule_set,
        weak: args.has(&WEAK),
        weights,
        tables: args.tables(&TABLES),
        nodes: args.whole(&FIXED_NODES)?,
        threads: args.whole(&THREADS)?.unwrap_or(1),
        contempt: args
            .whole::<u16>(&CONTEMPT)?
            .map_or(Engine::CONTEMPT, i32::from),
        evaluation: EvalChoice::of(args)?,
    })
}

/// The player the options ask for, with `tables` if it plays from them.
fn player(
    options: &EngineOptions,
    network: Option<Arc<Network>>,
    tables: Option<Arc<dyn EndgameTables>>,
) -> Player {
    let rule_set = options.rule_set;
    if options.weak {
        return Player::Weak(Searcher::new(rule_set, Evaluation::Advanced));
    }
    Player::Strong(Box::new(
        Engine::new(rule_set, options.weights)
            .with_endgame_tables(tables)
            .with_fixed_nodes(options.nodes)
            .with_threads(options.threads)
            .with_contempt(options.contempt)
            .with_net(network),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::reader::args_for;

    fn contempt(words: &[&str]) -> Result<i32, UsageError> {
        options(&args_for(&ENGINE, words)?).map(|options| options.contempt)
    }

    #[test]
    fn the_engine_takes_a_contempt_within_bounds() {
        assert_eq!(contempt(&[]), Ok(Engine::CONTEMPT));
        assert_eq!(contempt(&["--contempt", "0"]), Ok(0));
        assert_eq!(contempt(&["--contempt=250"]), Ok(250));
        assert_eq!(
            contempt(&["--contempt", "1001"]),
            Err(UsageError::TooLarge {
                option: "--contempt",
                found: "1001".into(),
                max: 1000
            })
        );
        assert_eq!(
            contempt(&["--weak", "--weak"]),
            Err(UsageError::Repeated("--weak"))
        );
    }

    #[test]
    fn weights_are_named_and_whole() {
        let weights = |words: &[&str]| options(&args_for(&ENGINE, words)?).map(|o| o.weights);
        assert_eq!(
            weights(&["--weight", "zebra=301"]).map(|w| w.get("zebra")),
            Ok(Some(301))
        );
        assert_eq!(
            weights(&["--weight", "zebra"]),
            Err(UsageError::BadWeight("zebra".into()))
        );
        assert_eq!(
            weights(&["--weight", "nothing=3"]),
            Err(UsageError::BadWeight("nothing=3".into()))
        );
    }
}
