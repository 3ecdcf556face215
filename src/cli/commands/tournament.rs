//! `congo tournament`: a class's engines, each against the others; or,
//! with `--merge`, the standings of a tournament played in shards.

use std::path::PathBuf;
use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::{
    CONCURRENCY, FEN, MARGIN, MAX_PLIES, OPENING_PLIES, OPENINGS, SEED, SHARD as SHARES, STARTUP,
    TABLES,
};
use crate::cli::progress::ProgressLine;
use crate::cli::streams::status;
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_arena::{
    FIRST_USER, Format, Limits, MatchOptions, TournamentError, TournamentEvent, TournamentOptions,
    merge_tournaments, play_tournament,
};

const SHARD: Opt = SHARES.help(
    "play only game pairs I, I+N, I+2N, ... (--merge joins the shards); without it, a \
     Slurm job array task plays its share (SLURM_ARRAY_TASK_ID among _MIN to _MAX)",
);
const OUTPUT: Opt = Opt::new(
    "--output",
    Value::Path("DIR"),
    "(required) the folder that holds the tournament: its schedule, records, logs and standings",
);
const FORMAT: Opt = Opt::new(
    "--format",
    Value::Text("F"),
    "round-robin (default), gauntlet (--seed-player against everyone else) or swiss",
);
const CYCLES: Opt = Opt::new(
    "--cycles",
    whole("N", 1, 1000),
    "a round robin or gauntlet plays N cycles, each pair both colours each cycle (default 1)",
);
const ROUNDS: Opt = Opt::new(
    "--rounds",
    whole("N", 1, 1000),
    "a Swiss plays N rounds (default 7, or one fewer than the players)",
);
const SEED_PLAYER: Opt = Opt::new(
    "--seed-player",
    Value::Text("NAME[,NAME]"),
    "the gauntlet's seeds, who each play everyone else",
);
const MOVETIME: Opt = Opt::new(
    "--movetime",
    whole("MS", 1, u64::MAX),
    "(required) milliseconds a move",
)
.required();
const START: Opt = FEN.help("start every opening from FEN (default: the 2022 start)");
const OPENING_SEED: Opt = SEED.help("the seed of the random opening plies (default 1)");
const ADJUDICATE: Opt =
    TABLES.help("end the games the endgame tables in DIR decide, with their verdict");
const MEMORY: Opt = Opt::new(
    "--memory",
    Value::Text("SIZE"),
    "each engine's memory, held by the operating system: 512M, 6G (default, the course's), or none",
);
const THREADS: Opt = Opt::new(
    "--threads",
    Value::Text("N"),
    "each engine's threads and processes at once (default 8, the course's), or none",
);
const UNENFORCED: Opt = Opt::new(
    "--unenforced",
    Value::Flag,
    "play on when a limit cannot be held on this machine (it is said before the first game)",
);
const SANDBOX: Opt = Opt::new(
    "--sandbox",
    Value::Flag,
    "confine each engine under bubblewrap: no privileges, its own folder, the system's programs read-only, no network",
);
const UNCONFINED_ROOT: Opt = Opt::new(
    "--unconfined-root",
    Value::Flag,
    "as root, play without --sandbox all the same: every student's code runs with root's rights",
);
const DISK: Opt = Opt::new(
    "--disk",
    Value::Text("SIZE"),
    "under --sandbox as root, what each engine may keep in its folder, a file system of its own: 100M, 1G (default), or none",
);
const FIRST_UID: Opt = Opt::new(
    "--first-uid",
    whole("N", 1000, u32::MAX as u64 - 100_000),
    "under --sandbox as root, the user ID of the first engine, the others following (default 1900000)",
);
const SANDBOX_READ: Opt = Opt::new(
    "--sandbox-read",
    Value::Text("DIR"),
    "let every confined engine read DIR too (a shared runtime, a data set); repeatable",
)
.repeats();
const SETTINGS: Opt = Opt::new(
    "--settings",
    Value::Path("FILE"),
    "engines' own settings, a line each: NAME KEY=VALUE... (a congo.conf in a student's folder is ignored)",
);
const LOG: Opt = Opt::new(
    "--log",
    Value::Flag,
    "keep a log of every engine process in DIR/logs: what it was sent, what it said",
);
const KEEP_PROCESSES: Opt = Opt::new(
    "--keep-processes",
    Value::Flag,
    "keep a pair's engine processes from game to game (faster; an engine may remember earlier games)",
);
const RESUME: Opt = Opt::new(
    "--resume",
    Value::Flag,
    "continue the tournament in --output DIR, after Ctrl-C, a kill or a reboot",
);
const ANCHOR: Opt = Opt::new(
    "--anchor",
    Value::Text("NAME=ELO"),
    "rate NAME at ELO, the others from it (default: the mean is 0)",
);
const SHOW_SCHEDULE: Opt = Opt::new(
    "--show-schedule",
    Value::Flag,
    "print the schedule (a Swiss: its first round) and play nothing",
);
const MERGE: Opt = Opt::new(
    "--merge",
    Value::Flag,
    "the standings of the shards' folders DIR..., written to --output, playing nothing",
);

pub(crate) const TOURNAMENT: Subcommand = Subcommand::tool(
    "tournament",
    "PLAYERS, or with --merge: DIR...",
    &[
        OUTPUT,
        FORMAT,
        CYCLES,
        ROUNDS,
        SEED_PLAYER,
        MOVETIME,
        MARGIN,
        STARTUP,
        MAX_PLIES,
        START,
        OPENINGS,
        OPENING_PLIES,
        OPENING_SEED,
        ADJUDICATE,
        CONCURRENCY,
        MEMORY,
        THREADS,
        UNENFORCED,
        SANDBOX,
        DISK,
        FIRST_UID,
        UNCONFINED_ROOT,
        SANDBOX_READ,
        SETTINGS,
        LOG,
        KEEP_PROCESSES,
        RESUME,
        SHARD,
        ANCHOR,
        SHOW_SCHEDULE,
        MERGE,
    ],
    "play a class's engines against each other (PLAYERS: a file of `NAME COMMAND...` lines, \
     or a folder whose subfolders each hold an executable `run`), with the course's limits \
     held by the operating system; write standings with ratings and a crosstable",
    read,
)
.in_section(Section::Playing);

fn read(args: &Args) -> Result<Work, UsageError> {
    if args.has(&MERGE) {
        return merge(args);
    }
    let options = options(args)?;
    Ok(Work::tool(move |io| {
        let mut line = ProgressLine::new(&mut *io.errors, io.terminal.error_output, "tournament");
        let mut tell = |event: TournamentEvent| match event {
            TournamentEvent::Game(..) => line.progress(event),
            event => line.say(event),
        };
        let played = play_tournament(&options, &mut io.output, &mut tell);
        line.end_line();
        finish(io, played)
    }))
}

/// The exit of a tournament or a merge.
fn finish(io: &mut crate::cli::streams::Io<'_>, done: Result<(), TournamentError>) -> u8 {
    match done {
        Ok(()) => status::SUCCESS,
        Err(TournamentError::Output(error)) => io.io_error(&error),
        Err(error) => io.refuse(error),
    }
}

/// `tournament --merge DIR... --output DIR [--anchor NAME=ELO]`.
fn merge(args: &Args) -> Result<Work, UsageError> {
    if let Some(option) = args.first_besides(&[MERGE, OUTPUT, ANCHOR]) {
        return Err(UsageError::Exclusive(MERGE.name, option));
    }
    let folders: Vec<PathBuf> = args
        .operand_texts()?
        .into_iter()
        .map(PathBuf::from)
        .collect();
    if folders.is_empty() {
        return Err(UsageError::Required(
            "tournament --merge",
            "the shards' folders",
        ));
    }
    let output = args
        .path(&OUTPUT)
        .ok_or(UsageError::Required("tournament --merge", "--output DIR"))?;
    let anchor = anchor(args)?;
    Ok(Work::tool(move |io| {
        let merged = merge_tournaments(&folders, &output, anchor.clone(), &mut io.output);
        finish(io, merged)
    }))
}

/// `--anchor NAME=ELO`, if given.
fn anchor(args: &Args) -> Result<Option<(String, f64)>, UsageError> {
    let Some(text) = args.text(&ANCHOR) else {
        return Ok(None);
    };
    let bad = || UsageError::BadValue {
        option: ANCHOR.name,
        found: text.clone(),
        expected: "NAME=ELO, e.g. congo=1500",
    };
    let (name, elo) = text.split_once('=').ok_or_else(bad)?;
    let elo: f64 = elo.trim().parse().map_err(|_| bad())?;
    if !elo.is_finite() {
        return Err(bad());
    }
    Ok(Some((name.to_owned(), elo)))
}

/// `--disk SIZE`: 1 GB unless given, or none.
fn disk(args: &Args) -> Result<Option<u64>, UsageError> {
    match args.text(&DISK) {
        None => Ok(Some(TournamentOptions::DISK)),
        Some(text) if text == "none" => Ok(None),
        Some(text) => Limits::parse_memory(&text)
            .filter(|&bytes| bytes >= 1 << 20)
            .map(Some)
            .ok_or(UsageError::BadValue {
                option: DISK.name,
                found: text,
                expected: "a size of 1M or more such as 100M or 1G, or none",
            }),
    }
}

/// `--memory SIZE` and `--threads N`, the course's unless given.
fn limits(args: &Args) -> Result<Limits, UsageError> {
    let memory = match args.text(&MEMORY) {
        None => Limits::COURSE.memory,
        Some(text) if text == "none" => None,
        Some(text) => Some(Limits::parse_memory(&text).ok_or(UsageError::BadValue {
            option: MEMORY.name,
            found: text,
            expected: "a size such as 512M or 6G, or none",
        })?),
    };
    let threads = match args.text(&THREADS) {
        None => Limits::COURSE.threads,
        Some(text) if text == "none" => None,
        Some(text) => Some(text.parse().ok().filter(|&threads| threads > 0).ok_or(
            UsageError::BadValue {
                option: THREADS.name,
                found: text,
                expected: "a whole number above 0, or none",
            },
        )?),
    };
    Ok(Limits { memory, threads })
}

/// Refuses the options that would do nothing in `format` or without the
/// option they serve.
fn refuse_unused(args: &Args, format: &Format) -> Result<(), UsageError> {
    let gauntlet = matches!(format, Format::Gauntlet { .. });
    let swiss = matches!(format, Format::Swiss { .. });
    let unused = [
        (SEED_PLAYER, !gauntlet, "without --format gauntlet"),
        (CYCLES, swiss, "with --format swiss"),
        (ROUNDS, !swiss, "without --format swiss"),
        (SANDBOX_READ, !args.has(&SANDBOX), "without --sandbox"),
        (DISK, !args.has(&SANDBOX), "without --sandbox"),
        (FIRST_UID, !args.has(&SANDBOX), "without --sandbox"),
        (UNCONFINED_ROOT, args.has(&SANDBOX), "with --sandbox"),
    ];
    match unused
        .iter()
        .find(|(option, unused, _)| *unused && args.has(option))
    {
        Some((option, _, context)) => Err(UsageError::NoUse(option.name, context)),
        None => Ok(()),
    }
}

/// The gauntlet's seeds, `--seed-player NAME[,NAME]`, each named once.
fn seeds(args: &Args) -> Result<Vec<String>, UsageError> {
    let Some(text) = args.text(&SEED_PLAYER) else {
        return Ok(Vec::new());
    };
    let seeds: Vec<String> = text.split(',').map(str::to_owned).collect();
    if (1..seeds.len()).any(|at| seeds[..at].contains(&seeds[at])) {
        return Err(UsageError::BadValue {
            option: SEED_PLAYER.name,
            found: text,
            expected: "each seed named once",
        });
    }
    Ok(seeds)
}

/// `tournament PLAYERS --output DIR --movetime MS [OPTIONS]`.
fn options(args: &Args) -> Result<TournamentOptions, UsageError> {
    let players = PathBuf::from(args.one_operand("tournament", "PLAYERS (a file or a folder)")?);
    let show_schedule = args.has(&SHOW_SCHEDULE);
    let output = match args.path(&OUTPUT) {
        Some(output) => output,
        None if show_schedule => PathBuf::new(),
        None => return Err(UsageError::Required("tournament", "--output DIR")),
    };
    let movetime = args
        .whole::<u64>(&MOVETIME)?
        .map(Duration::from_millis)
        .ok_or(UsageError::Required("tournament", "--movetime MS"))?;
    let cycles = args.whole(&CYCLES)?.unwrap_or(1);
    let format = match args.text(&FORMAT).as_deref() {
        None | Some("round-robin") => Format::RoundRobin { cycles },
        Some("gauntlet") => Format::Gauntlet {
            seeds: Vec::new(),
            cycles,
        },
        Some("swiss") => Format::Swiss {
            rounds: args.whole(&ROUNDS)?.unwrap_or(0),
        },
        Some(other) => {
            return Err(UsageError::BadValue {
                option: FORMAT.name,
                found: other.to_owned(),
                expected: "round-robin, gauntlet or swiss",
            });
        }
    };
    refuse_unused(args, &format)?;
    let (fen, _) = args.fen_option(&START, congo_rules::START)?;
    // Without --shard, a Slurm job array task plays its share.
    let shard = args.shard(&SHARD)?;
    let openings = args.path(&OPENINGS);
    let default_plies = if openings.is_some() { 0 } else { 2 };
    Ok(TournamentOptions {
        players,
        settings: args.path(&SETTINGS),
        output,
        format,
        seeds: seeds(args)?,
        rule_set: args.rule_set,
        movetime,
        margin: args.millis_or(&MARGIN, MatchOptions::MARGIN)?,
        startup: args.millis_or(&STARTUP, MatchOptions::STARTUP)?,
        max_plies: args
            .whole(&MAX_PLIES)?
            .unwrap_or(TournamentOptions::MAX_PLIES),
        fen,
        openings,
        opening_plies: args.whole(&OPENING_PLIES)?.unwrap_or(default_plies),
        seed: args.whole(&OPENING_SEED)?.unwrap_or(1),
        tables: args.adjudicating_tables(&ADJUDICATE)?,
        concurrency: args.whole(&CONCURRENCY)?.unwrap_or(1),
        limits: limits(args)?,
        unenforced: args.has(&UNENFORCED),
        sandbox: args.has(&SANDBOX),
        unconfined_root: args.has(&UNCONFINED_ROOT),
        disk: disk(args)?,
        first_uid: args.whole(&FIRST_UID)?.unwrap_or(FIRST_USER),
        shared: args
            .texts(&SANDBOX_READ)
            .into_iter()
            .map(PathBuf::from)
            .collect(),
        log: args.has(&LOG),
        keep_processes: args.has(&KEEP_PROCESSES),
        resume: args.has(&RESUME),
        shard,
        anchor: anchor(args)?,
        show_schedule,
    })
}
