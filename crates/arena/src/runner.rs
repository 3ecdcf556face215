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
use super::live::LiveLog;
use super::openings::{OpeningsError, read_openings};
use super::options::MatchOptions;
use super::referee::{Played, play_numbered, with_rules};
use super::sprt::{Sprt, Verdict};
use super::tally::{Overruns, Progress, Tally};
use congo_kit::process;
use congo_kit::text::Count;
use congo_rules::live::live_path;
use congo_rules::record::{Record, RecordError};
use congo_rules::{FenError, Position};

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
    let (the_match, record, resumed) = Match::start(options, events)?;
    let first = the_match.start_first_pair()?;
    // Each game line names the engines by letter, which tells them apart
    // even when both run the same command.
    let [a, b] = &the_match.names;
    writeln!(output, "A: {a}\nB: {b}").map_err(MatchError::Output)?;
    let mut teller = Teller {
        schedule: &the_match.schedule,
        options,
        output,
        record,
        summary: Summary::default(),
        events,
        told: 0,
    };
    for played in &resumed {
        teller.tell(played).map_err(MatchError::Output)?;
    }
    the_match
        .play_left(first, &mut teller)
        .map_err(MatchError::Output)?;
    let summary = teller.summary;
    the_match.report(output, &summary)
}

/// Everything the games of a match are played with.
struct Match<'a> {
    options: &'a MatchOptions,
    /// The games this shard plays, by their numbers in the whole match.
    schedule: Vec<usize>,
    openings: Vec<Position>,
    /// The engines as the report names them: their command lines.
    names: [String; 2],
    /// The engines' command lines, told the rules.
    commands: [Vec<String>; 2],
    live: Option<LiveLog>,
}

impl<'a> Match<'a> {
    /// Sets the match up from `options`: its openings and schedule, its
    /// record opened (with `--resume`, its games read back, to be told
    /// first) and its live companion created.
    fn start(
        options: &'a MatchOptions,
        events: &mut dyn FnMut(MatchEvent),
    ) -> Result<(Match<'a>, Option<File>, Vec<Played>), MatchError> {
        let start: Position = options
            .fen
            .parse()
            .map_err(|error| MatchError::Fen(options.fen.clone(), error))?;
        let openings = match &options.openings {
            None => vec![start],
            Some(path) => read_openings(path, options.rule_set)
                .map_err(|error| MatchError::Openings(path.clone(), error))?,
        };
        let schedule: Vec<usize> = (0..options.games)
            .filter(|game| options.shard.plays(game / 2))
            .collect();
        let (record, resumed) = match &options.record {
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
            Some(path) => Some(open_live(path, options, &names)?),
        };
        let commands = options
            .engines
            .clone()
            .map(|command| with_rules(command, options.rule_set));
        let the_match = Match {
            options,
            schedule,
            openings,
            names,
            commands,
            live,
        };
        Ok((the_match, record, resumed))
    }

    /// The opening game number `game` (from 0) starts from.
    fn opening(&self, game: usize) -> &Position {
        &self.openings[game / 2 % self.openings.len()]
    }

    /// A seat for each engine, not yet started.
    fn seats(&self) -> Vec<Seat> {
        let [a, b] = self.commands.clone();
        let log = || self.options.log.clone();
        vec![
            Seat::new(a, LABELS[0], log()),
            Seat::new(b, LABELS[1], log()),
        ]
    }

    /// The first pair of engines, started at once, so that one that cannot
    /// start is said before any game; the other pairs start when needed.
    fn start_first_pair(&self) -> Result<Vec<Seat>, MatchError> {
        let mut first = self.seats();
        let engines = self.commands.iter().zip(&self.names);
        for (seat, (command, name)) in first.iter_mut().zip(engines) {
            if let Err(error) = seat.start() {
                let program = command.first().map_or("", String::as_str);
                let why = process::start_error(program, &error);
                return Err(MatchError::CannotStart(name.clone(), why));
            }
        }
        Ok(first)
    }

    /// Plays the games not yet told, several at once (the `first` pair of
    /// engines and as many more as `--concurrency` asks), and has
    /// `teller` tell them.
    fn play_left<W: Write>(&self, first: Vec<Seat>, teller: &mut Teller<W>) -> io::Result<()> {
        let next = AtomicUsize::new(teller.told);
        let stop = AtomicBool::new(teller.decided());
        let (sender, results) = mpsc::channel::<(usize, Played)>();
        let left = self.schedule.len() - teller.told;
        let concurrency = self.options.concurrency.clamp(1, left.max(1));
        let mut seat_sets = vec![first];
        seat_sets.extend((1..concurrency).map(|_| self.seats()));
        thread::scope(|scope| -> io::Result<()> {
            for seats in seat_sets {
                let sender = sender.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || self.play_games(seats, next, stop, &sender));
            }
            drop(sender);
            teller.tell_in_order(results, &stop)
        })
    }

    /// One pair of engines' work: the next game of the schedule, sent
    /// back as it ends, until none is left or `stop` is set; the engines
    /// ended then.
    fn play_games(
        &self,
        mut seats: Vec<Seat>,
        next: &AtomicUsize,
        stop: &AtomicBool,
        sender: &mpsc::Sender<(usize, Played)>,
    ) {
        while !stop.load(Ordering::Relaxed) {
            let slot = next.fetch_add(1, Ordering::Relaxed);
            let Some(&game) = self.schedule.get(slot) else {
                break;
            };
            let start = self.opening(game);
            let live = self.live.as_ref();
            let played = play_numbered(
                game,
                start,
                self.options,
                self.options.tables.as_deref(),
                &mut seats,
                live,
            );
            if sender.send((slot, played)).is_err() {
                break;
            }
        }
        for seat in &mut seats {
            seat.end(EXIT_PATIENCE);
        }
    }

    /// Ends the match: its live companion finished, then the report's
    /// last lines, what the games were and the summary, written.
    fn report(self, output: &mut impl Write, summary: &Summary) -> Result<(), MatchError> {
        if let Some(live) = self.live {
            let path = live.path().to_owned();
            live.finish()
                .map_err(|error| MatchError::Record(path, error))?;
        }
        let options = self.options;
        let from = match &options.openings {
            Some(path) => format!(
                "the {} of {}",
                Count(self.openings.len(), "opening"),
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
}

/// Creates the live companion of the record at `path`.
fn open_live(
    path: &Path,
    options: &MatchOptions,
    names: &[String; 2],
) -> Result<LiveLog, MatchError> {
    LiveLog::create(path, options.resume, names).map_err(|error| {
        let live = live_path(path);
        match error.kind() {
            io::ErrorKind::AlreadyExists => MatchError::LiveExists(live),
            _ => MatchError::Record(live, error),
        }
    })
}

/// Where the games are told, in the order they were numbered: the
/// report, the record, the summary and the front end.
struct Teller<'a, W: Write> {
    schedule: &'a [usize],
    options: &'a MatchOptions,
    output: &'a mut W,
    record: Option<File>,
    summary: Summary,
    events: &'a mut dyn FnMut(MatchEvent),
    /// How many games of the schedule have been told.
    told: usize,
}

impl<W: Write> Teller<'_, W> {
    /// Whether the SPRT has decided the match.
    fn decided(&self) -> bool {
        self.summary.tally.verdict != Verdict::Continue
    }

    /// Tells the games coming in from `results` as they end, each in its
    /// turn, and none past a decision, which sets `stop`.
    fn tell_in_order(
        &mut self,
        results: mpsc::Receiver<(usize, Played)>,
        stop: &AtomicBool,
    ) -> io::Result<()> {
        // Games end in any order; they are told, counted and tested in
        // the order they were numbered, and none past a decision.
        let mut finished = BTreeMap::new();
        for (slot, played) in results {
            finished.insert(slot, played);
            while let Some(played) = finished.remove(&self.told) {
                if self.decided() {
                    break;
                }
                // Each game is one write, so a match stopped at any moment
                // leaves whole lines but the last.
                if let Some(file) = &mut self.record {
                    let line = format!("{}\n", played.record(self.schedule[self.told]));
                    file.write_all(line.as_bytes())?;
                }
                self.tell(&played)?;
                if self.decided() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        Ok(())
    }

    /// Tells the next game of the schedule: written to the report,
    /// counted, and its progress told to the front end.
    fn tell(&mut self, played: &Played) -> io::Result<()> {
        let slot = self.told;
        let game = self.schedule[slot];
        write_game(self.output, game, played)?;
        let sprt = self.options.sprt.as_ref();
        self.summary.count(game, played, sprt);
        let progress = self
            .summary
            .tally
            .progress(slot + 1, self.schedule.len(), sprt);
        (self.events)(MatchEvent::Progress(&progress));
        self.told += 1;
        Ok(())
    }
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
