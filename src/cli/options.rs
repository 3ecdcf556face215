//! The options every command line may start with, and the option kinds
//! several subcommands share (threads, tables, nodes, depth, move time, a
//! FEN, a seed, perft), each declared once. A subcommand's own options
//! are declared in its own file under `commands/`.

use super::limits::MAX_THREADS;
use super::option::{Opt, Value, whole};

/// The rule set, before or after the subcommand.
pub(crate) const RULES: Opt = Opt::new(
    "--rules",
    Value::Text("2021|2022"),
    "the rule set: 2022 (the default, also the full game) promotes a pawn \
     on the far rank, 2021 does not",
);
pub(crate) const ANY_POSITION: Opt = Opt::new(
    "--any-position",
    Value::Flag,
    "the judges read boards no game reaches (two zebras, eight pawns): any \
     that fits, one lion a side",
);
pub(crate) const HELP: Opt = Opt::new("--help", Value::Flag, "print this help").alias("-h");
pub(crate) const VERSION: Opt = Opt::new("--version", Value::Flag, "print the version").alias("-V");
/// The options every command line takes.
pub(crate) const GLOBAL: &[Opt] = &[RULES, ANY_POSITION, HELP, VERSION];

pub(crate) const THREADS: Opt = Opt::new(
    "--threads",
    whole("N", 1, MAX_THREADS as u64),
    "search with N threads (lazy SMP; default 1)",
);
pub(crate) const TABLES: Opt = Opt::new(
    "--tb",
    Value::Path("DIR"),
    "play from the endgame tables in DIR (default: $CONGO_TB)",
);
pub(crate) const NODES: Opt = Opt::new(
    "--nodes",
    whole("N", 1, u64::MAX),
    "search exactly N nodes a move",
);
pub(crate) const DEPTH: Opt = Opt::new("--depth", Value::Depth, "search D moves deep");
pub(crate) const MOVETIME: Opt = Opt::new(
    "--movetime",
    whole("MS", 1, u64::MAX),
    "search MS milliseconds a move",
);
pub(crate) const FEN: Opt = Opt::new("--fen", Value::Text("FEN"), "start from FEN");
pub(crate) const SEED: Opt = Opt::new(
    "--seed",
    whole("S", 0, u64::MAX),
    "the seed of the random choices (the same seed, the same result)",
);
pub(crate) const PERFT: Opt = Opt::new(
    "--perft",
    Value::Depth,
    "print the number of move sequences D deep instead",
);

/// How engine programs' games are played, shared by `match` and
/// `tournament`.
pub(crate) const MARGIN: Opt = Opt::new(
    "--margin",
    whole("MS", 0, u64::MAX),
    "let an engine answer up to MS milliseconds past its time before it forfeits \
     (default 1000); such overruns are counted in the report",
);
pub(crate) const STARTUP: Opt = Opt::new(
    "--startup",
    whole("MS", 0, u64::MAX),
    "give a freshly started engine MS milliseconds to start up before its first \
     move's time runs (default 5000)",
);
pub(crate) const MAX_PLIES: Opt = Opt::new(
    "--max-plies",
    whole("N", 1, u64::MAX),
    "draw a game once it is N plies long (default 200: the course's 100 moves each)",
);
pub(crate) const GO_SECONDS: Opt = Opt::new(
    "--go-seconds",
    Value::Flag,
    "send `go` whole seconds, rounded up, for engines that read an integer",
);
pub(crate) const OPENINGS: Opt = Opt::new(
    "--openings",
    Value::Path("FILE"),
    "play each FEN line of FILE twice, colours swapped",
);
pub(crate) const OPENING_PLIES: Opt = Opt::new(
    "--opening-plies",
    whole("K", 0, u64::MAX),
    "begin each pair of games with the same K random plies (default 2; 0 \
     with --openings)",
);
pub(crate) const CONCURRENCY: Opt = Opt::new(
    "--concurrency",
    whole("C", 1, u64::MAX),
    "play C games at once (default 1)",
);
pub(crate) const SHARD: Opt = Opt::new(
    "--shard",
    Value::Text("I/N"),
    "play only game pairs I, I+N, I+2N, ... (--merge joins the shards)",
);

/// The environment variable naming a folder of endgame tables, used where
/// `--tb` is not given.
pub(crate) const TABLES_VARIABLE: &str = "CONGO_TB";
