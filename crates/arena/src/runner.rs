//! `congo match`: two engine programs play games against each other over
//! the Part 7 protocol, like the assignment's tournament: the schedule of
//! games, several at once, told and counted in their order, and written
//! to a record.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use super::engine_process::{EXIT_PATIENCE, Seat};
use super::live::{LiveLog, live_path};
use super::openings::{OpeningsError, read_openings};
use super::options::MatchOptions;
use super::referee::{Played, play_numbered, with_rules};
use super::sprt::{Sprt, Verdict};
use super::tally::{Overruns, Progress, Tally};
use congo_kit::process;
use congo_kit::text::Count;
use congo_rules::record::{Record, RecordError};
use congo_rules::{FenError, Position};
use congo_tables::Tablebase;

/// What the match report calls the two engines.
const LABELS: [&str; 2] = ["A", "B"];

/// Why a match could not be played.
#[derive(Debug)]
pub enum MatchError {
    /// `--fen` is no position.
    Fen(String, FenError),
    /// The openings file cannot be read, or one of its lines is no position.
    Openings(PathBuf, OpeningsError),
    /// The record file cannot be written.
    Record(PathBuf, io::Error),
    /// The record file is there already, and `--resume` was not given.
    RecordExists(PathBuf),
    /// The record's live companion is there already (a match may be
    /// writing it), and `--resume` was not given.
    LiveExists(PathBuf),
    /// The record to resume cannot be read, or is not of this match: its
    /// line, from 1, and why.
    Resume(PathBuf, usize, String),
    /// An engine cannot be started: its command line, and why.
    CannotStart(String, String),
    /// The report could not be written.
    Output(io::Error),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Fen(fen, error) => write!(f, "bad --fen {fen:?}: {error}"),
            MatchError::Openings(path, error) => f.write_str(&error.of_file(path)),
            MatchError::Record(path, error) => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            MatchError::RecordExists(path) => write!(
                f,
                "{} is there already: add --resume to continue its match, or name another file",
                path.display()
            ),
            MatchError::LiveExists(path) => write!(
                f,
                "{} is there already: a match may be writing it; add --resume to continue that match's record",
                path.display()
            ),
            MatchError::Resume(path, line, why) => {
                write!(f, "cannot resume {} (line {line}): {why}", path.display())
            }
            MatchError::CannotStart(name, why) => write!(f, "cannot start {name}: {why}"),
            MatchError::Output(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MatchError {}

/// What a match tells as it goes, for a front end to show.
#[derive(Debug)]
pub enum MatchEvent<'a> {
    /// `--resume` dropped the record's last line, cut short when the match
    /// before stopped: its number, from 1.
    TornLine(usize),
    /// `--resume` found this many games of the match in its record.
    Resumed(usize),
    /// A game has been counted.
    Progress(&'a Progress),
}

impl fmt::Display for MatchEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchEvent::TornLine(line) => write!(
                f,
                "the record's line {line} was cut short when its match stopped; that game is played again"
            ),
            MatchEvent::Resumed(games) => {
                write!(
                    f,
                    "resuming after the {} in the record",
                    Count(*games, "game")
                )
            }
            MatchEvent::Progress(progress) => progress.fmt(f),
        }
    }
}

/// Plays the match, writing each game and a summary to `output` and
/// telling `events` what it does.
pub fn play_match(
    options: &MatchOptions,
    output: &mut impl Write,
    events: &mut dyn FnMut(MatchEvent),
) -> Result<(), MatchError> {
    let start: Position = options
        .fen
        .parse()
        .map_err(|error| MatchError::Fen(options.fen.clone(), error))?;
    let openings = match &options.openings {
        None => vec![start],
        Some(path) => read_openings(path, options.rule_set)
            .map_err(|error| MatchError::Openings(path.clone(), error))?,
    };
    // The games this shard plays, by their numbers in the whole match.
    let schedule: Vec<usize> = (0..options.games)
        .filter(|game| options.shard.plays(game / 2))
        .collect();
    let opening_for = |game: usize| &openings[game / 2 % openings.len()];
    let (mut record, resumed) = match &options.record {
        None => (None, Vec::new()),
        Some(path) if !options.resume && live_path(path).exists() => {
            return Err(MatchError::LiveExists(live_path(path)));
        }
        Some(path) => {
            let (file, resumed) = open_record(path, options, &schedule, &openings, events)?;
            (Some(file), resumed)
        }
    };
    let names = options.engines.clone().map(|command| command.join(" "));
    let live = match &options.record {
        None => None,
        Some(path) => Some(
            LiveLog::create(path, options.resume, &names).map_err(|error| {
                let live = live_path(path);
                match error.kind() {
                    io::ErrorKind::AlreadyExists => MatchError::LiveExists(live),
                    _ => MatchError::Record(live, error),
                }
            })?,
        ),
    };
    let commands = options
        .engines
        .clone()
        .map(|command| with_rules(command, options.rule_set));
    let seats = |commands: [Vec<String>; 2]| -> Vec<Seat> {
        let [a, b] = commands;
        let log = || options.log.clone();
        vec![
            Seat::new(a, LABELS[0], log()),
            Seat::new(b, LABELS[1], log()),
        ]
    };
    // The first pair of engines starts at once, so that one that cannot
    // start is said before any game; the other pairs start when needed.
    let mut first = seats(commands.clone());
    for (seat, (command, name)) in first.iter_mut().zip(commands.iter().zip(&names)) {
        if let Err(error) = seat.start() {
            let program = command.first().map_or("", String::as_str);
            let why = process::start_error(program, &error);
            return Err(MatchError::CannotStart(name.clone(), why));
        }
    }
    let tables = options
        .tables
        .as_deref()
        .map(|dir| Tablebase::new(dir, options.rule_set));
    // Each game line names the engines by letter, which tells them apart
    // even when both run the same command.
    writeln!(output, "A: {}\nB: {}", names[0], names[1]).map_err(MatchError::Output)?;
    let mut summary = Summary::default();
    let mut tell = |slot: usize, played: &Played, output: &mut dyn Write, summary: &mut Summary| {
        let game = schedule[slot];
        write_game(output, game, played)?;
        summary.count(game, played, options.sprt.as_ref());
        let progress = summary
            .tally
            .progress(slot + 1, schedule.len(), options.sprt.as_ref());
        events(MatchEvent::Progress(&progress));
        io::Result::Ok(())
    };
    for (slot, played) in resumed.iter().enumerate() {
        tell(slot, played, output, &mut summary).map_err(MatchError::Output)?;
    }
    let next = AtomicUsize::new(resumed.len());
    let stop = AtomicBool::new(summary.tally.verdict != Verdict::Continue);
    let (sender, results) = mpsc::channel::<(usize, Played)>();
    let left = schedule.len() - resumed.len();
    let concurrency = options.concurrency.clamp(1, left.max(1));
    let mut seat_sets = vec![first];
    seat_sets.extend((1..concurrency).map(|_| seats(commands.clone())));
    thread::scope(|scope| -> io::Result<()> {
        for mut seats in seat_sets {
            let sender = sender.clone();
            let (next, stop, schedule) = (&next, &stop, &schedule);
            let (opening_for, tables, live) = (&opening_for, &tables, live.as_ref());
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&game) = schedule.get(slot) else {
                        break;
                    };
                    let start = opening_for(game);
                    let played = play_numbered(game, start, options, tables, &mut seats, live);
                    if sender.send((slot, played)).is_err() {
                        break;
                    }
                }
                for seat in &mut seats {
                    seat.end(EXIT_PATIENCE);
                }
            });
        }
        drop(sender);
        // Games end in any order; they are told, counted and tested in
        // the order they were numbered, and none past a decision.
        let mut finished = BTreeMap::new();
        let mut told = resumed.len();
        for (slot, played) in results {
            finished.insert(slot, played);
            while let Some(played) = finished.remove(&told) {
                if summary.tally.verdict != Verdict::Continue {
                    break;
                }
                // Each game is one write, so a match stopped at any moment
                // leaves whole lines but the last.
                if let Some(file) = &mut record {
                    let line = format!("{}\n", played.record(schedule[told]));
                    file.write_all(line.as_bytes())?;
                }
                tell(told, &played, output, &mut summary)?;
                if summary.tally.verdict != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
                told += 1;
            }
        }
        Ok(())
    })
    .map_err(MatchError::Output)?;
    if let Some(live) = live {
        let path = live.path().to_owned();
        live.finish()
            .map_err(|error| MatchError::Record(path, error))?;
    }
    let from = match &options.openings {
        Some(path) => format!(
            "the {} of {}",
            Count(openings.len(), "opening"),
            path.display()
        ),
        None => options.fen.clone(),
    };
    let [time_a, time_b] = options.movetime.map(|time| time.as_millis());
    let times = if time_a == time_b {
        format!("{time_a} ms a move")
    } else {
        format!("A {time_a} ms, B {time_b} ms a move")
    };
    let shard = if options.shard.is_part() {
        format!(", shard {} of the game pairs", options.shard)
    } else {
        String::new()
    };
    writeln!(
        output,
        "games from {from} after {} random plies (seed {}), {times}{shard}",
        options.opening_plies, options.seed,
    )
    .and_then(|()| summary.write(output, options))
    .map_err(MatchError::Output)
}

/// What the report sums up besides the score: games drawn at the ply
/// limit, and each engine's overruns.
#[derive(Default)]
struct Summary {
    tally: Tally,
    by_ply_limit: usize,
    overruns: [Overruns; 2],
}

impl Summary {
    fn count(&mut self, game: usize, played: &Played, sprt: Option<&Sprt>) {
        self.tally.count(game, played.a_half_points(), sprt);
        self.by_ply_limit += usize::from(played.by_ply_limit);
        for (sum, game) in self.overruns.iter_mut().zip(played.overruns) {
            sum.add(game);
        }
    }

    fn write(&self, output: &mut impl Write, options: &MatchOptions) -> io::Result<()> {
        writeln!(
            output,
            "drawn at the {}-ply limit: {}",
            options.max_plies,
            Count(self.by_ply_limit, "game")
        )?;
        if self.overruns.iter().any(|overruns| overruns.count > 0) {
            let [a, b] = self.overruns.map(|overruns| match overruns.count {
                0 => "none".to_owned(),
                count => format!(
                    "{} (worst {} ms)",
                    Count(count, "move"),
                    overruns.worst.as_millis()
                ),
            });
            writeln!(
                output,
                "past the time but within the {} ms margin: A {a}, B {b}",
                options.margin.as_millis()
            )?;
        }
        self.tally.write(output, options.sprt.as_ref())
    }
}

/// Opens the record file: a new one, or with `--resume` the one there,
/// whose games are read back (a torn last line dropped) and checked to be
/// the first of this match's schedule.
fn open_record(
    path: &Path,
    options: &MatchOptions,
    schedule: &[usize],
    openings: &[Position],
    events: &mut dyn FnMut(MatchEvent),
) -> Result<(File, Vec<Played>), MatchError> {
    let cannot_write = |error| MatchError::Record(path.to_owned(), error);
    if !options.resume {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|error| match error.kind() {
                io::ErrorKind::AlreadyExists => MatchError::RecordExists(path.to_owned()),
                _ => cannot_write(error),
            })?;
        return Ok((file, Vec::new()));
    }
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(error) => return Err(MatchError::Resume(path.to_owned(), 0, error.to_string())),
    };
    // Only the last line can be torn: written whole, a game's line ends
    // with its newline.
    let whole = text
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |at| at + 1);
    let lines = text[..whole].split(|&byte| byte == b'\n');
    let mut resumed = Vec::new();
    for (index, line) in lines.take_while(|line| !line.is_empty()).enumerate() {
        let bad = |why: String| MatchError::Resume(path.to_owned(), index + 1, why);
        let line = std::str::from_utf8(line).map_err(|_| bad("not UTF-8".to_owned()))?;
        let record: Record = line
            .parse()
            .map_err(|error: RecordError| bad(error.to_string()))?;
        let &game = schedule.get(index).ok_or_else(|| {
            bad(format!(
                "this match plays only {}",
                Count(schedule.len(), "game")
            ))
        })?;
        let start = &openings[game / 2 % openings.len()];
        let played = Played::from_record(&record, game, start, options).map_err(bad)?;
        resumed.push(played);
    }
    if whole < text.len() {
        events(MatchEvent::TornLine(resumed.len() + 1));
    }
    events(MatchEvent::Resumed(resumed.len()));
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(cannot_write)?;
    file.set_len(whole as u64).map_err(cannot_write)?;
    let mut file = file;
    file.seek(SeekFrom::End(0)).map_err(cannot_write)?;
    Ok((file, resumed))
}

/// Writes game number `game` (from 0) of the report.
fn write_game(output: &mut dyn Write, game: usize, played: &Played) -> io::Result<()> {
    let white = played.white;
    let result = played.outcome.result();
    writeln!(
        output,
        "game {}: {} (white) vs {} (black): {result}, {}, {}",
        game + 1,
        LABELS[white],
        LABELS[1 - white],
        played.reason,
        Count(played.moves.len(), "move")
    )?;
    let plies = if played.plies.is_empty() {
        "(none)".to_owned()
    } else {
        played.plies.join(" ")
    };
    writeln!(output, "  opening: {plies} -> {}", played.opening)?;
    if played.moves.is_empty() {
        writeln!(output, "  (no moves)")?;
    } else {
        writeln!(output, "  {}", played.moves.join(" "))?;
    }
    if let Some(fault) = played
        .fault
        .as_ref()
        .filter(|fault| !fault.stderr.is_empty())
    {
        writeln!(output, "  {}'s last lines on stderr:", LABELS[fault.engine])?;
        for line in &fault.stderr {
            writeln!(output, "  | {line}")?;
        }
    }
    Ok(())
}
