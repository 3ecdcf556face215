//! `congo tb`: endgame tables built (`generate`), probed (`probe`, a
//! judge), summed up in Markdown (`summary`), checked (`verify`), and a
//! set's levels counted for a cluster's job arrays (`levels`), and the
//! endings recorded games reach (`endings`).

use std::path::PathBuf;
use std::time::Instant;

use crate::cli::args::{Args, tables_in, text};
use crate::cli::options::THREADS;
use crate::cli::streams::{Io, status};
use crate::cli::subcommand::{Subcommand, Work};
use crate::cli::usage::UsageError;
use congo_judges::{Positions, Probe};
use congo_kit::process::peak_memory_mb;
use congo_kit::shard::Shard;
use congo_kit::text::Count;
use congo_rules::RuleSet;
use congo_rules::record::{RecordFileError, each_record};
use congo_tables::{
    Built, DEFAULT_PIECES, Endings, Generated, MAX_PIECES, Material, Summary, TableError,
    TableEvent, Tablebase, Unit, generate_units, share_of, summarize_units, units, verify_units,
};

const TB_THREADS: crate::cli::option::Opt =
    THREADS.help("generate or verify with N threads (default: every core)");
const SHARD: crate::cli::option::Opt = crate::cli::option::Opt::new(
    "--shard",
    crate::cli::option::Value::Text("I/N"),
    "generate only share I of N of each level's tables, dealt out by cost, waiting for \
     those other shards build (run N processes or machines on one folder); without it, \
     a Slurm job array task builds its share (SLURM_ARRAY_TASK_ID among _MIN to _MAX)",
);
const LEVEL: crate::cli::option::Opt = crate::cli::option::Opt::new(
    "--level",
    crate::cli::option::whole("L", 0, 99),
    "generate only the tables of level L, which need only lower levels' (tb levels \
     counts them: one job array a level)",
);
const PIECES: crate::cli::option::Opt = crate::cli::option::Opt::new(
    "--pieces",
    crate::cli::option::whole("N", 1, MAX_PIECES as u64),
    "with no material named: every material with at most N pieces beside the \
     lions (default 2; endings: 4)",
);

pub(crate) const TB: Subcommand = Subcommand::tool(
    "tb",
    "generate|probe|summary|verify DIR [MATERIAL...] | levels [MATERIAL...] | endings RECORD...",
    &[TB_THREADS, PIECES, SHARD, LEVEL],
    "endgame tables: generate writes DIR/LZvLP.2022.ctbw and .ctbz and so on (every material \
     with at most two pieces beside the lions, or --pieces N, both rule sets, when \
     none is named; a named one needs the tables it turns into; whole tables already \
     there are kept, so a run cut off goes on where it stopped); probe reads a line with N, then N FEN \
     lines, and answers each with win \
     N, loss N or draw (N plies to a lion's capture) and a best move; summary writes \
     a Markdown table of each table's wins, draws, losses and longest win; verify \
     checks each table against its positions' successors; levels prints a LEVEL COUNT \
     line a level of the set (0: LvL; a table's level is one more than the highest of \
     those it turns into); endings prints a COUNT MATERIAL line for each first material \
     with at most --pieces pieces (default 4) beside the lions that the games of match \
     records reach, the most reached first: the tables to build first",
    read,
);

/// What to do with the folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verb {
    Generate,
    Summary,
    Verify,
}

/// `tb generate DIR [MATERIAL...] [--threads N]`, `tb probe DIR`,
/// `tb summary DIR [MATERIAL...]`, `tb verify DIR [MATERIAL...]`,
/// `tb levels [MATERIAL...]`.
fn read(args: &Args) -> Result<Work, UsageError> {
    if args.operands.first().is_some_and(|verb| verb == "levels") {
        return read_levels(args);
    }
    if args.operands.first().is_some_and(|verb| verb == "endings") {
        return read_endings(args);
    }
    let mut operands = args.operands.iter();
    let verb = operands
        .next()
        .ok_or(UsageError::MissingTablesVerb)?
        .to_string_lossy()
        .into_owned();
    let verb = match verb.as_str() {
        "generate" => Some(Verb::Generate),
        "summary" => Some(Verb::Summary),
        "verify" => Some(Verb::Verify),
        "probe" => None,
        _ => return Err(UsageError::UnexpectedArgument(verb)),
    };
    let builds_or_checks = matches!(verb, Some(Verb::Generate | Verb::Verify));
    for (option, allowed) in [
        (&TB_THREADS, builds_or_checks),
        (&SHARD, verb == Some(Verb::Generate)),
        (&LEVEL, verb == Some(Verb::Generate)),
    ] {
        if !allowed && args.has(option) {
            return Err(UsageError::UnexpectedArgument(option.name.to_owned()));
        }
    }
    if verb.is_none() && args.has(&PIECES) {
        return Err(UsageError::UnexpectedArgument(PIECES.name.to_owned()));
    }
    // Only a build is shared out, and only it reads Slurm's variables.
    let shard = match verb {
        Some(Verb::Generate) => args.shard(&SHARD)?,
        _ => Shard::ALL,
    };
    let from_slurm = shard.is_part() && !args.has(&SHARD);
    let dir = match operands.next() {
        None => return Err(UsageError::MissingValue("tb DIR")),
        Some(dir) if dir.is_empty() => return Err(UsageError::EmptyPath("tb DIR")),
        Some(dir) => PathBuf::from(dir),
    };
    let Some(verb) = verb else {
        if let Some(extra) = operands.next() {
            return Err(UsageError::UnexpectedArgument(
                extra.to_string_lossy().into_owned(),
            ));
        }
        let probe = Probe::new(tables_in(&dir, args.rule_set));
        return Ok(Work::judge(args, Positions::boxed(args.rules(), probe)));
    };
    let mut units = named_units(args, operands)?;
    if let Some(level) = args.whole::<usize>(&LEVEL)? {
        units.retain(|unit| unit_level(unit) == level);
        if units.is_empty() {
            return Err(UsageError::BadValue {
                option: LEVEL.name,
                found: level.to_string(),
                expected: "a level the set has (tb levels counts them)",
            });
        }
    }
    let threads = match args.whole(&TB_THREADS)? {
        Some(threads) => threads,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    Ok(Work::tool(move |io| {
        // A task's log says which share it took.
        match (from_slurm, shard.is_part()) {
            (true, _) => say(io, format_args!("shard {shard}, from Slurm's job array")),
            (false, true) => say(io, format_args!("shard {shard}")),
            (false, false) => {}
        }
        let done = match verb {
            Verb::Generate => generate(&dir, &units, threads, shard, io),
            Verb::Summary => summary(&dir, &units, io),
            Verb::Verify => verify(&dir, &units, threads, io),
        };
        match done {
            Ok(status) => status,
            Err(error) => io.fail(error),
        }
    }))
}

/// The units the words after the verb name (`operands`: materials, or
/// none for every material with at most `--pieces`).
fn named_units<'a>(
    args: &Args,
    operands: impl Iterator<Item = &'a std::ffi::OsString>,
) -> Result<Vec<Unit>, UsageError> {
    let materials = operands
        .map(|word| {
            text(word.clone())?
                .parse::<Material>()
                .map_err(UsageError::BadMaterial)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !materials.is_empty() && args.has(&PIECES) {
        return Err(UsageError::UnexpectedArgument(PIECES.name.to_owned()));
    }
    let pieces = args.whole(&PIECES)?.unwrap_or(DEFAULT_PIECES);
    Ok(units(&materials, pieces, args.rule_set))
}

/// A unit's level ([`Material::level`] under its rule set).
fn unit_level((material, rule_set): &Unit) -> usize {
    material.level(rule_set.promotes())
}

/// `tb levels [MATERIAL...] [--pieces N]`: a `LEVEL COUNT` line a level
/// of the set, lowest first, for a cluster script that submits one job
/// array a level, each after the last.
fn read_levels(args: &Args) -> Result<Work, UsageError> {
    refuse_build_options(args)?;
    let units = named_units(args, args.operands.iter().skip(1))?;
    let mut counts: Vec<usize> = Vec::new();
    for unit in &units {
        let level = unit_level(unit);
        if counts.len() <= level {
            counts.resize(level + 1, 0);
        }
        counts[level] += 1;
    }
    let lines: String = counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .map(|(level, count)| format!("{level} {count}\n"))
        .collect();
    Ok(Work::tool(move |io| {
        let written = io.output.write_all(lines.as_bytes());
        io.finish(written)
    }))
}

/// Refuses the options only a build or a check takes, for `levels`
/// and `endings`, which read no tables.
fn refuse_build_options(args: &Args) -> Result<(), UsageError> {
    for option in [&TB_THREADS, &SHARD, &LEVEL] {
        if args.has(option) {
            return Err(UsageError::UnexpectedArgument(option.name.to_owned()));
        }
    }
    Ok(())
}

/// `tb endings RECORD... [--pieces N]`: how many games of the records
/// first reach each material with at most N pieces beside the lions, a
/// `COUNT MATERIAL` line each, the most reached first; a record that
/// cannot be read or replayed is a line on stderr, the others counted.
fn read_endings(args: &Args) -> Result<Work, UsageError> {
    refuse_build_options(args)?;
    let records: Vec<PathBuf> = args.operands.iter().skip(1).map(PathBuf::from).collect();
    if records.is_empty() {
        return Err(UsageError::MissingValue("tb endings RECORD"));
    }
    let pieces = args.whole(&PIECES)?.unwrap_or(MAX_PIECES);
    let rule_set = args.rule_set;
    Ok(Work::tool(move |io| {
        let (endings, failed) = count_endings(&records, rule_set, pieces, io);
        let lines: String = endings
            .most_first()
            .iter()
            .map(|(material, count)| format!("{count} {material}\n"))
            .collect();
        let written = io.output.write_all(lines.as_bytes());
        say(
            io,
            format_args!(
                "{} of {} came down to at most {} beside the lions",
                endings.reached(),
                Count(endings.games(), "game"),
                Count(pieces, "piece")
            ),
        );
        match io.finish(written) {
            status::SUCCESS if failed => status::FAILURE,
            status => status,
        }
    }))
}

/// The endings of every game `records` hold that can be replayed, and
/// whether any could not (each said on stderr, where it is).
fn count_endings(
    records: &[PathBuf],
    rule_set: RuleSet,
    pieces: usize,
    io: &mut Io<'_>,
) -> (Endings, bool) {
    let (mut endings, mut failed) = (Endings::default(), false);
    for path in records {
        // Bytes that are not UTF-8 spoil only their own line, which then
        // reads as no record.
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                io.say(RecordFileError::Read(path.clone(), error));
                failed = true;
                continue;
            }
        };
        for game in each_record(path, &text) {
            let counted = game
                .map_err(|error| error.to_string())
                .and_then(|(place, record)| {
                    endings
                        .add(&record, rule_set, pieces)
                        .map_err(|error| format!("{place}: {error}"))
                });
            if let Err(error) = counted {
                io.say(error);
                failed = true;
            }
        }
    }
    (endings, failed)
}

/// Builds the units (`shard`'s share of them), each reported on stderr as
/// it is done, numbered of all; then the time, what was built and kept,
/// and the size on disk of both files, and of those a search reads.
fn generate(
    dir: &std::path::Path,
    units: &[Unit],
    threads: usize,
    shard: Shard,
    io: &mut Io<'_>,
) -> Result<u8, TableError> {
    let started = Instant::now();
    let mine = share_of(units, shard);
    let (mut done, mut kept, mut bytes, mut wdl_bytes) = (0, 0, 0, 0);
    generate_units(dir, units, threads, shard, |event| match event {
        TableEvent::Finished((material, rule_set), built) => {
            done += 1;
            let place = format!("[{done}/{mine}]");
            match built {
                Built::Written(generated) => report(io, &place, material, *rule_set, generated),
                Built::Kept => {
                    kept += 1;
                    say(
                        io,
                        format_args!("{place} {material} under {rule_set}: kept, already whole"),
                    );
                }
            }
            let (wdl, distances) = Tablebase::new(dir, *rule_set).file_sizes(material);
            bytes += wdl + distances;
            wdl_bytes += wdl;
        }
        TableEvent::Waiting(paths) => {
            let names: Vec<String> = paths
                .iter()
                .map(|path| path.display().to_string())
                .collect();
            say(
                io,
                format_args!("waiting for {} from other shards", names.join(", ")),
            );
        }
    })?;
    say(
        io,
        format_args!(
            "{} in {:.1} s ({} built, {kept} kept), {} in {} ({} of it win/draw/loss)",
            Count(mine, "table"),
            started.elapsed().as_secs_f64(),
            mine - kept,
            size(bytes),
            dir.display(),
            size(wdl_bytes)
        ),
    );
    Ok(status::SUCCESS)
}

/// A size on disk, in the unit that reads best.
fn size(bytes: u64) -> String {
    match bytes {
        0..1_000_000 => format!("{:.0} kB", bytes as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1} MB", bytes as f64 / 1e6),
        _ => format!("{:.2} GB", bytes as f64 / 1e9),
    }
}

/// A line of progress, `congo tb: ...`.
fn say(io: &mut Io<'_>, message: impl std::fmt::Display) {
    // Nothing useful is left to do if the error stream itself fails.
    let _ = writeln!(io.errors, "congo tb: {message}");
}

/// The progress line of one table built, `place` saying which of all.
fn report(
    io: &mut Io<'_>,
    place: &str,
    material: &Material,
    rule_set: RuleSet,
    generated: &Generated,
) {
    let summary = &generated.summary;
    let shares = |side: usize| {
        let [won, drawn, lost] = summary.shares(side);
        format!("won {won:.1}%, drawn {drawn:.1}%, lost {lost:.1}%")
    };
    let longest = summary
        .longest
        .as_ref()
        .map_or("no win".to_owned(), |(plies, fen)| {
            let unit = if *plies == 1 { "ply" } else { "plies" };
            format!("longest win {plies} {unit} ({fen})")
        });
    say(
        io,
        format_args!(
            "{place} {material} under {rule_set}: {}; white to move {}; black to move {}; {longest}; {:.2} s{}",
            Count(summary.positions, "position"),
            shares(0),
            shares(1),
            generated.seconds,
            peak_memory_mb().map_or(String::new(), |mb| format!(", peak memory {mb} MB")),
        ),
    );
}

/// The Markdown table of what the units' tables hold.
fn summary(dir: &std::path::Path, units: &[Unit], io: &mut Io<'_>) -> Result<u8, TableError> {
    let summaries = summarize_units(dir, units)?;
    let mut text = String::from(
        "| material | rules | positions | white to move: won / drawn / lost | \
         black to move: won / drawn / lost | longest win | a position with it |\n\
         |---|---|---:|---|---|---:|---|\n",
    );
    for ((material, rule_set), summary) in units.iter().zip(&summaries) {
        text += &row(material, *rule_set, summary);
    }
    let written = io.output.write_all(text.as_bytes());
    Ok(io.finish(written))
}

/// One material's row of the summary.
fn row(material: &Material, rule_set: RuleSet, summary: &Summary) -> String {
    let shares = |side: usize| {
        let [won, drawn, lost] = summary.shares(side);
        format!("{won:.1} / {drawn:.1} / {lost:.1} %")
    };
    let rule_set = if material.has_pawns() {
        rule_set.to_string()
    } else {
        "both".to_owned()
    };
    let (plies, fen) = summary
        .longest
        .as_ref()
        .map_or(("-".to_owned(), "-".to_owned()), |(plies, fen)| {
            (plies.to_string(), format!("`{fen}`"))
        });
    format!(
        "| {material} | {rule_set} | {} | {} | {} | {plies} | {fen} |\n",
        summary.positions,
        shares(0),
        shares(1)
    )
}

/// Verifies the units, each reported on stderr as it is done.
fn verify(
    dir: &std::path::Path,
    units: &[Unit],
    threads: usize,
    io: &mut Io<'_>,
) -> Result<u8, TableError> {
    let mut positions = 0;
    verify_units(dir, units, threads, |(material, rule_set), checked| {
        positions += checked;
        say(
            io,
            format_args!(
                "{material} under {rule_set}: all {checked} stored positions agree with their successors"
            ),
        );
    })?;
    say(
        io,
        format_args!(
            "verified {}, {}",
            Count(units.len(), "table"),
            Count(positions, "stored position")
        ),
    );
    Ok(status::SUCCESS)
}
