//! `congo tb`: endgame tables built (`generate`), probed (`probe`, a
//! judge), summed up in Markdown (`summary`) and checked (`verify`).

use std::path::PathBuf;
use std::time::Instant;

use crate::Rules;
use crate::cli::args::{Args, text};
use crate::cli::command::{Command, Section, Spec};
use crate::cli::options::THREADS;
use crate::cli::streams::{Io, status};
use crate::cli::usage::UsageError;
use crate::judge::Job;
use crate::process::peak_memory_mb;
use crate::tablebase::{
    Generated, Material, Summary, TableError, Unit, generate_units, summarize_units, units,
    verify_units,
};
use crate::text::Count;

const TB_THREADS: crate::cli::option::Opt =
    THREADS.help("generate with N threads (default: every core)");

pub(crate) const TB: Spec = Spec::judge(
    "tb",
    "generate|probe|summary|verify DIR [MATERIAL...]",
    &[TB_THREADS],
    "endgame tables: generate writes DIR/LZvLP.2022.ctb and so on (every material \
     with at most two pieces beside the lions, both rule sets, when none is named; a \
     named one needs the tables it turns into); probe answers each FEN line with win \
     N, loss N or draw (N plies to a lion's capture) and a best move; summary writes \
     a Markdown table of each table's wins, draws, losses and longest win; verify \
     checks each table against its positions' successors",
    read,
)
.tool(Section::Tools);

/// What to do with the folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Generate,
    Summary,
    Verify,
}

/// `tb generate DIR [MATERIAL...] [--threads N]`, `tb probe DIR`,
/// `tb summary DIR [MATERIAL...]`, `tb verify DIR [MATERIAL...]`.
fn read(args: &Args) -> Result<Command, UsageError> {
    let mut operands = args.operands.iter();
    let action = operands
        .next()
        .ok_or(UsageError::MissingTablesAction)?
        .to_string_lossy()
        .into_owned();
    let action = match action.as_str() {
        "generate" => Some(Action::Generate),
        "summary" => Some(Action::Summary),
        "verify" => Some(Action::Verify),
        "probe" => None,
        _ => return Err(UsageError::UnexpectedArgument(action)),
    };
    if action != Some(Action::Generate) && args.has(&TB_THREADS) {
        return Err(UsageError::UnexpectedArgument(TB_THREADS.name.to_owned()));
    }
    let dir = match operands.next() {
        None => return Err(UsageError::MissingValue("tb DIR")),
        Some(dir) if dir.is_empty() => return Err(UsageError::EmptyPath("tb DIR")),
        Some(dir) => PathBuf::from(dir),
    };
    let Some(action) = action else {
        if let Some(extra) = operands.next() {
            return Err(UsageError::UnexpectedArgument(
                extra.to_string_lossy().into_owned(),
            ));
        }
        return Ok(Command::judge(args, Job::Probe(dir)));
    };
    let materials = operands
        .map(|word| {
            text(word.clone())?
                .parse::<Material>()
                .map_err(UsageError::BadMaterial)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let units = units(&materials, args.rules);
    let threads = match args.whole(&TB_THREADS)? {
        Some(threads) => threads,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    Ok(Command::run(move |io| {
        let done = match action {
            Action::Generate => generate(&dir, &units, threads, io),
            Action::Summary => summary(&dir, &units, io),
            Action::Verify => verify(&dir, &units, io),
        };
        match done {
            Ok(status) => status,
            Err(error) => io.fail(error),
        }
    }))
}

/// Builds the units, each reported on stderr as it is done.
fn generate(
    dir: &std::path::Path,
    units: &[Unit],
    threads: usize,
    io: &mut Io<'_>,
) -> Result<u8, TableError> {
    let started = Instant::now();
    generate_units(dir, units, threads, |(material, rules), generated| {
        report(io, material, *rules, generated);
    })?;
    say(
        io,
        format_args!(
            "{} in {:.1} s",
            Count(units.len(), "table"),
            started.elapsed().as_secs_f64()
        ),
    );
    Ok(status::SUCCESS)
}

/// A line of progress, `congo tb: ...`.
fn say(io: &mut Io<'_>, message: impl std::fmt::Display) {
    // Nothing useful is left to do if the error stream itself fails.
    let _ = writeln!(io.errors, "congo tb: {message}");
}

/// The progress line of one table built.
fn report(io: &mut Io<'_>, material: &Material, rules: Rules, generated: &Generated) {
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
            "{material} under {rules}: {}; white to move {}; black to move {}; {longest}; {:.2} s{}",
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
    for ((material, rules), summary) in units.iter().zip(&summaries) {
        text += &row(material, *rules, summary);
    }
    let written = io.output.write_all(text.as_bytes());
    Ok(io.finish(written))
}

/// One material's row of the summary.
fn row(material: &Material, rules: Rules, summary: &Summary) -> String {
    let shares = |side: usize| {
        let [won, drawn, lost] = summary.shares(side);
        format!("{won:.1} / {drawn:.1} / {lost:.1} %")
    };
    let rules = if material.has_pawns() {
        rules.to_string()
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
        "| {material} | {rules} | {} | {} | {} | {plies} | {fen} |\n",
        summary.positions,
        shares(0),
        shares(1)
    )
}

/// Verifies the units, each reported on stderr as it is done.
fn verify(dir: &std::path::Path, units: &[Unit], io: &mut Io<'_>) -> Result<u8, TableError> {
    let mut positions = 0;
    verify_units(dir, units, |(material, rules), checked| {
        positions += checked;
        say(
            io,
            format_args!(
                "{material} under {rules}: all {checked} positions agree with their successors"
            ),
        );
    })?;
    say(
        io,
        format_args!(
            "verified {}, {}",
            Count(units.len(), "table"),
            Count(positions, "position")
        ),
    );
    Ok(status::SUCCESS)
}
