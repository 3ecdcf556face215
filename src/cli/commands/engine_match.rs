//! `congo match`: two engine programs play each other; or, with
//! `--merge`, the records of a match played in shards are summed up.

use std::path::PathBuf;
use std::time::Duration;

use crate::cli::args::Args;
use crate::cli::option::{Opt, Value, whole};
use crate::cli::options::{
    CONCURRENCY, FEN, GO_SECONDS, MARGIN, MAX_PLIES, OPENING_PLIES, OPENINGS, SEED,
    SHARD as SHARES, STARTUP, TABLES,
};
use crate::cli::progress::ProgressLine;
use crate::cli::streams::status;
use crate::cli::subcommand::{Section, Subcommand, Work};
use crate::cli::usage::UsageError;
use crate::cli::values::bounded;
use congo_arena::{MatchError, MatchEvent, MatchOptions, Sprt, merge_records, play_match};

const MOVETIME: Opt = Opt::new(
    "--movetime",
    Value::Text("MS[,MS_B]"),
    "(required; none with --merge) milliseconds a move; MS,MS_B gives \
     engine B its own time",
)
.required();
const GAMES: Opt = Opt::new(
    "--games",
    whole("N", 1, u64::MAX),
    "play N games (default 2), colours alternating",
);
const START: Opt = FEN.help("start every game from FEN (default: the 2022 start)");
const RECORD: Opt = Opt::new(
    "--record",
    Value::Path("FILE"),
    "write every game to FILE: start, moves, result and reason (congo show \
     --record draws it)",
);
const SHARD: Opt = SHARES.help(
    "play only pairs I, I+N, I+2N, ... (needs --record; --merge joins the \
     shards); without it, a Slurm job array task plays its share \
     (SLURM_ARRAY_TASK_ID among _MIN to _MAX)",
);
const OPENING_SEED: Opt = SEED.help("the seed of the random opening plies (default 1)");
const ADJUDICATE: Opt = TABLES.help("end the games the endgame tables in DIR decide");
const SPRT: Opt = Opt::new(
    "--sprt",
    Value::Bounds("ELO0", "ELO1"),
    "stop once a test on game pairs decides whether A gains ELO1 or only \
     ELO0",
);
const ALPHA: Opt = Opt::new(
    "--alpha",
    Value::Probability("A"),
    "the SPRT's false positive rate (default 0.05)",
);
const BETA: Opt = Opt::new(
    "--beta",
    Value::Probability("B"),
    "the SPRT's false negative rate (default 0.05)",
);
const LOG: Opt = Opt::new(
    "--log",
    Value::Path("DIR"),
    "write one log per engine process in DIR: what it was sent, what it \
     answered, its stderr",
);
const RESUME: Opt = Opt::new(
    "--resume",
    Value::Flag,
    "continue the match the --record FILE holds (after Ctrl-C or a crash), \
     with the same options",
);
const MERGE: Opt = Opt::new(
    "--merge",
    Value::Flag,
    "report on the RECORD files of shards as one match, playing nothing",
);

pub(crate) const MATCH: Subcommand = Subcommand::tool(
    "match",
    "-- ENGINE_A [ARGS] -- ENGINE_B [ARGS], or with --merge: RECORD...",
    &[
        MOVETIME,
        GAMES,
        CONCURRENCY,
        START,
        OPENINGS,
        OPENING_PLIES,
        RECORD,
        RESUME,
        LOG,
        STARTUP,
        MARGIN,
        MAX_PLIES,
        SHARD,
        OPENING_SEED,
        GO_SECONDS,
        ADJUDICATE,
        SPRT,
        ALPHA,
        BETA,
        MERGE,
    ],
    "play two engine programs against each other, colours alternating; report each \
     game (A and B as listed first) and the Elo difference",
    read,
)
.in_section(Section::Playing);

fn read(args: &Args) -> Result<Work, UsageError> {
    if args.has(&MERGE) {
        return merge(args);
    }
    let options = options(args)?;
    Ok(Work::tool(move |io| {
        let mut line = ProgressLine::new(&mut *io.errors, io.terminal.error_output, "match");
        let mut tell = |event: MatchEvent| match event {
            MatchEvent::Progress(progress) => line.progress(progress),
            event => line.say(event),
        };
        let played = play_match(&options, &mut io.output, &mut tell);
        line.end_line();
        match played {
            Ok(()) => status::SUCCESS,
            Err(MatchError::Output(error)) => io.io_error(&error),
            Err(error) => io.refuse(error),
        }
    }))
}

/// The SPRT `--sprt`, `--alpha` and `--beta` ask for, if any.
fn sprt(args: &Args) -> Option<Sprt> {
    let (elo0, elo1) = args.bounds(&SPRT)?;
    Some(Sprt {
        elo0,
        elo1,
        alpha: args.probability(&ALPHA).unwrap_or(0.05),
        beta: args.probability(&BETA).unwrap_or(0.05),
    })
}

/// `match --merge RECORD... [--sprt ELO0 ELO1 [--alpha A] [--beta B]]`.
fn merge(args: &Args) -> Result<Work, UsageError> {
    if let Some(option) = args.first_besides(&[MERGE, SPRT, ALPHA, BETA]) {
        return Err(UsageError::Exclusive(MERGE.name, option));
    }
    if args.after.is_some() {
        return Err(UsageError::UnexpectedArgument("--".to_owned()));
    }
    if args.operands.is_empty() {
        return Err(UsageError::Required("match --merge", "a record file"));
    }
    let records: Vec<PathBuf> = args.operands.iter().map(PathBuf::from).collect();
    let sprt = sprt(args);
    Ok(Work::tool(move |io| {
        match merge_records(&records, sprt.as_ref(), &mut io.output) {
            Ok(()) => status::SUCCESS,
            Err(error) => io.fail(error),
        }
    }))
}

/// `match --movetime MS [OPTIONS] -- A [ARGS] -- B [ARGS]`.
fn options(args: &Args) -> Result<MatchOptions, UsageError> {
    args.no_operands()?;
    let (fen, _) = args.fen_option(&START, congo_rules::START)?;
    let shard = args.shard(&SHARD)?;
    let millis = |part: &str| bounded(MOVETIME.name, part, 1, u64::MAX).map(Duration::from_millis);
    let movetime = match args.text(&MOVETIME) {
        None => None,
        Some(text) => Some(match text.split_once(',') {
            None => [millis(&text)?; 2],
            Some((a, b)) => [millis(a)?, millis(b)?],
        }),
    };
    let after = args.after_texts()?.ok_or(UsageError::MissingEngines)?;
    let mut commands = after.split(|word| word == "--");
    let engines = match (commands.next(), commands.next(), commands.next()) {
        (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty() => [a.to_vec(), b.to_vec()],
        _ => return Err(UsageError::MissingEngines),
    };
    let movetime = movetime.ok_or(UsageError::Required("match", "--movetime MS"))?;
    let record = args.path(&RECORD);
    let resume = args.has(&RESUME);
    if resume && record.is_none() {
        return Err(UsageError::Required("match --resume", "--record FILE"));
    }
    if shard.is_part() && record.is_none() {
        // A shard's games are only of use merged with the others'.
        return Err(UsageError::Required("match --shard", "--record FILE"));
    }
    let openings = args.path(&OPENINGS);
    // Openings from a file are played as they are, unless asked otherwise.
    let default_plies = if openings.is_some() { 0 } else { 2 };
    Ok(MatchOptions {
        games: args.whole(&GAMES)?.unwrap_or(2),
        movetime,
        fen,
        rule_set: args.rule_set,
        opening_plies: args.whole(&OPENING_PLIES)?.unwrap_or(default_plies),
        seed: args.whole(&OPENING_SEED)?.unwrap_or(1),
        go_seconds: args.has(&GO_SECONDS),
        tables: args.adjudicating_tables(&ADJUDICATE)?,
        sprt: sprt(args),
        concurrency: args.whole(&CONCURRENCY)?.unwrap_or(1),
        openings,
        record,
        resume,
        log: args.path(&LOG),
        startup: args.millis_or(&STARTUP, MatchOptions::STARTUP)?,
        margin: args.millis_or(&MARGIN, MatchOptions::MARGIN)?,
        max_plies: args.whole(&MAX_PLIES)?.unwrap_or(MatchOptions::MAX_PLIES),
        shard,
        engines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::reader::args_for;
    use congo_rules::RuleSet;

    #[test]
    fn the_rule_set_and_times_reach_the_match() {
        let words = [
            "--rules",
            "2021",
            "--movetime",
            "9,12",
            "--",
            "a",
            "--",
            "b",
        ];
        let read = options(&args_for(&MATCH, &words).unwrap()).unwrap();
        assert_eq!(read.rule_set, RuleSet::Wits2021);
        assert_eq!(
            read.movetime,
            [Duration::from_millis(9), Duration::from_millis(12)]
        );
        assert_eq!(read.engines, [vec!["a".to_owned()], vec!["b".to_owned()]]);
        let refused = |words: &[&str]| options(&args_for(&MATCH, words).unwrap()).unwrap_err();
        assert_eq!(
            refused(&["--movetime", "0", "--", "a", "--", "b"]),
            UsageError::TooSmall {
                option: "--movetime",
                min: 1
            }
        );
        assert!(matches!(
            refused(&[
                "--movetime",
                "5",
                "--fen",
                "7/7/7/7/7/7/8 w 0",
                "--",
                "a",
                "--",
                "b"
            ]),
            UsageError::BadFen { .. }
        ));
        assert_eq!(
            refused(&["--movetime", "5", "--", "a"]),
            UsageError::MissingEngines
        );
    }
}
