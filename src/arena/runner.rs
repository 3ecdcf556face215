//! `congo match`: two engine programs play games against each other over
//! the Part 7 protocol, like the assignment's tournament: the schedule of
//! games, several at once, told and counted in their order, and written
//! to a record.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use super::engine_process::{EXIT_PATIENCE, Seat};
use super::options::MatchOptions;
use super::referee::{Played, play_numbered, with_rules};
use super::sprt::Verdict;
use super::tally::Tally;
use crate::tablebase::Tablebase;
use crate::text::Count;
use crate::{FenError, Position, Rules, process};

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
    /// An engine cannot be started: its command line, and why.
    CannotStart(String, String),
    /// The report could not be written.
    Output(io::Error),
}

/// What is wrong with an openings file.
#[derive(Debug)]
pub enum OpeningsError {
    /// It cannot be read.
    Read(io::Error),
    /// A line, from 1, is no position.
    Line(usize, FenError),
    /// It holds no opening.
    Empty,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Fen(fen, error) => write!(f, "bad --fen {fen:?}: {error}"),
            MatchError::Openings(path, OpeningsError::Read(error)) => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            MatchError::Openings(path, OpeningsError::Line(line, error)) => {
                write!(f, "{} line {line}: {error}", path.display())
            }
            MatchError::Openings(path, OpeningsError::Empty) => {
                write!(f, "{} holds no opening", path.display())
            }
            MatchError::Record(path, error) => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            MatchError::CannotStart(name, why) => write!(f, "cannot start {name}: {why}"),
            MatchError::Output(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MatchError {}

/// Plays the match, writing each game and a summary to `output`.
pub fn play_match(options: &MatchOptions, output: &mut impl Write) -> Result<(), MatchError> {
    let start: Position = options
        .fen
        .parse()
        .map_err(|error| MatchError::Fen(options.fen.clone(), error))?;
    let openings = match &options.openings {
        None => vec![start],
        Some(path) => read_openings(path, options.rules)
            .map_err(|error| MatchError::Openings(path.clone(), error))?,
    };
    let mut record = match &options.record {
        None => None,
        Some(path) => Some(io::BufWriter::new(
            std::fs::File::create(path).map_err(|error| MatchError::Record(path.clone(), error))?,
        )),
    };
    let names = options.engines.clone().map(|command| command.join(" "));
    let commands = options
        .engines
        .clone()
        .map(|command| with_rules(command, options.rules));
    // The first pair of engines starts at once, so that one that cannot
    // start is said before any game; the other pairs start when needed.
    let mut first = Vec::with_capacity(2);
    for (command, name) in commands.iter().zip(&names) {
        match Seat::start(command.clone()) {
            Ok(seat) => first.push(seat),
            Err(error) => {
                let program = command.first().map_or("", String::as_str);
                let why = process::start_error(program, &error);
                return Err(MatchError::CannotStart(name.clone(), why));
            }
        }
    }
    let tables = options
        .tables
        .as_deref()
        .map(|dir| Tablebase::new(dir, options.rules));
    // Each game line names the engines by letter, which tells them apart
    // even when both run the same command.
    writeln!(output, "A: {}\nB: {}", names[0], names[1]).map_err(MatchError::Output)?;
    // The games this shard plays, by their numbers in the whole match.
    let schedule: Vec<usize> = (0..options.games)
        .filter(|game| options.shard.plays(game / 2))
        .collect();
    let mut tally = Tally::default();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<(usize, Played)>();
    let concurrency = options.concurrency.clamp(1, schedule.len().max(1));
    let mut seat_sets = vec![first];
    seat_sets.extend((1..concurrency).map(|_| commands.clone().map(Seat::new).into()));
    thread::scope(|scope| -> io::Result<()> {
        for mut seats in seat_sets {
            let sender = sender.clone();
            let (next, stop, schedule) = (&next, &stop, &schedule);
            let (openings, tables) = (&openings, &tables);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&game) = schedule.get(slot) else {
                        break;
                    };
                    let start = &openings[game / 2 % openings.len()];
                    let played = play_numbered(game, start, options, tables, &mut seats);
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
        let mut told = 0;
        for (slot, played) in results {
            finished.insert(slot, played);
            while let Some(played) = finished.remove(&told) {
                if tally.verdict != Verdict::Continue {
                    break;
                }
                let game = schedule[told];
                write_game(output, game, &played)?;
                if let Some(file) = &mut record {
                    writeln!(file, "{}", played.record(game))?;
                }
                let a_points = played.a_half_points();
                if tally.count(game, a_points, options.sprt.as_ref()) != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
                told += 1;
            }
        }
        Ok(())
    })
    .map_err(MatchError::Output)?;
    if let (Some(file), Some(path)) = (&mut record, &options.record) {
        file.flush()
            .map_err(|error| MatchError::Record(path.clone(), error))?;
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
    .and_then(|()| tally.write(output, options.sprt.as_ref()))
    .map_err(MatchError::Output)
}

/// The start positions of an openings file: one FEN a line, blank lines
/// and lines starting with `#` passed over; or why it cannot be used.
fn read_openings(path: &Path, rules: Rules) -> Result<Vec<Position>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(OpeningsError::Read)?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = Position::from_fen(line, rules)
            .map_err(|error| OpeningsError::Line(number + 1, error))?;
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// Writes game number `game` (from 0) of the report.
fn write_game(output: &mut impl Write, game: usize, played: &Played) -> io::Result<()> {
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
    Ok(())
}
