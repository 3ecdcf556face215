//! `congo match`: two engine programs play games against each other over
//! the Part 7 protocol, like the assignment's tournament.

use std::collections::BTreeMap;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::openings::random_plies;
use super::record::{Record, read_records};
use super::shard::Shard;
use super::sprt::{Pentanomial, Sprt, Verdict};
use super::{BARE_LIONS, MOVES_EACH};
use crate::count::Count;
use crate::random::Rng;
use crate::tablebase::{Tablebase, Value};
use crate::{Position, Rules, Status, process};

/// What the match report calls the two engines.
const LABELS: [&str; 2] = ["A", "B"];

/// Time an engine may take beyond its move time before it loses.
const GRACE: Duration = Duration::from_millis(250);

/// What `congo match` plays.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// How many games to play.
    pub games: usize,
    /// Each move's time, for A and for B (time odds when they differ).
    pub movetime: [Duration; 2],
    /// The position every game starts from, before the random opening.
    pub fen: String,
    /// The rule set of every game.
    pub rules: Rules,
    /// Random plies played from `fen` before the engines take over, the
    /// same for both games of a pair (colours swapped), so that
    /// deterministic engines do not replay one game over and over.
    pub opening_plies: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Send `go` whole seconds, rounded up, for engines that read an integer.
    pub go_seconds: bool,
    /// Endgame tables that end a game once it reaches them, with the
    /// result they give.
    pub tables: Option<std::path::PathBuf>,
    /// Games played at once, each pair of engines in its own processes.
    pub concurrency: usize,
    /// A file to write each finished game to, one [`Record`] line each.
    pub record: Option<std::path::PathBuf>,
    /// A file of start positions, one FEN a line: pair k of games starts
    /// from line k (round again after the last), in place of `fen`.
    pub openings: Option<std::path::PathBuf>,
    /// A test of A's gain over B that ends the match once it decides
    /// (`--games` is then the most games played).
    pub sprt: Option<Sprt>,
    /// The share of the game pairs to play (all unless `--shard`).
    pub shard: Shard,
    /// The two engines' command lines, A first.
    pub engines: [Vec<String>; 2],
}

/// The longest line read from an engine; the rest of a longer line is
/// skipped, and the cut line is no move.
const MAX_ENGINE_LINE: usize = 4096;

/// What an engine said, or that it said nothing more.
enum Said {
    Line(String),
    /// Its output ended.
    Closed,
}

/// A running engine.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Said>,
}

impl EngineProcess {
    fn start(command: &[String]) -> io::Result<EngineProcess> {
        let mut child = process::spawn(command, false)?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut line = Vec::new();
            while let Ok(Some(_)) =
                process::read_bounded_line(&mut stdout, &mut line, MAX_ENGINE_LINE)
            {
                let text = String::from_utf8_lossy(&line).into_owned();
                if sender.send(Said::Line(text)).is_err() {
                    return;
                }
            }
            let _ = sender.send(Said::Closed);
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()
    }

    /// Whether the process is still running (an engine may quit when a
    /// game ends).
    fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Tells the engine a new game: `newgame`, its start, the moves so far.
    fn set_up(&mut self, start: &Position, moves: &[String]) -> io::Result<()> {
        self.send("newgame")?;
        self.send(&format!("position {start}"))?;
        moves
            .iter()
            .try_for_each(|m| self.send(&format!("moves {m}")))
    }

    /// Ends the process: its input is closed, so that an engine that reads
    /// to the end leaves by itself, and one still running after `patience`
    /// is killed. Either way it is reaped before this returns.
    fn end(self, patience: Duration) {
        let EngineProcess {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        let deadline = Instant::now() + patience;
        while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        process::stop(&mut child);
    }

    /// Why the engine stopped answering, once its output has closed.
    fn why_silent(&mut self) -> String {
        // Give an exiting process a moment to be reaped.
        for _ in 0..50 {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return match status.code() {
                        Some(code) => format!("it exited with status {code}"),
                        None => "it was killed by a signal (it crashed)".to_owned(),
                    };
                }
                Ok(None) => thread::sleep(Duration::from_millis(2)),
                Err(_) => break,
            }
        }
        "it closed its output".to_owned()
    }
}

/// How long an engine that has left a game may take to exit before it is
/// killed.
const EXIT_PATIENCE: Duration = Duration::from_secs(1);

/// One engine of the match: its command line, and the process now playing
/// for it, if any.
struct Seat {
    command: Vec<String>,
    process: Option<EngineProcess>,
}

/// How a seat's engine came into a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Joined {
    /// The process of the game before, which may yet turn out to have quit.
    Kept,
    /// A process started for this game.
    Fresh,
}

impl Seat {
    /// A seat whose engine starts when its first game begins.
    fn new(command: Vec<String>) -> Seat {
        Seat {
            command,
            process: None,
        }
    }

    /// A seat with its engine started, or why it cannot be.
    fn start(command: Vec<String>) -> io::Result<Seat> {
        let process = Some(EngineProcess::start(&command)?);
        Ok(Seat { command, process })
    }

    /// Starts a fresh process, after the old one (if any) has been ended
    /// and reaped, so that the new one never races the old one's exit.
    fn restart(&mut self) -> Result<&mut EngineProcess, String> {
        self.end(EXIT_PATIENCE);
        let started = EngineProcess::start(&self.command)
            .map_err(|error| format!("it could not be started: {error}"))?;
        Ok(self.process.insert(started))
    }

    /// Brings the engine into a game from `start` after `moves`: the
    /// running process if it takes the news, else a fresh one.
    fn join(&mut self, start: &Position, moves: &[String]) -> Result<Joined, String> {
        if let Some(process) = self.process.as_mut()
            && process.is_running()
            && process.set_up(start, moves).is_ok()
        {
            return Ok(Joined::Kept);
        }
        self.restart()?
            .set_up(start, moves)
            .map_err(|error| format!("it could not be started: {error}"))?;
        Ok(Joined::Fresh)
    }

    fn is_running(&mut self) -> bool {
        self.process.as_mut().is_some_and(EngineProcess::is_running)
    }

    /// Ends the seat's process (see [`EngineProcess::end`]); an engine not
    /// to be trusted again (it lost by a fault) gets no patience, and a
    /// fresh one plays the next game.
    fn end(&mut self, patience: Duration) {
        if let Some(process) = self.process.take() {
            process.end(patience);
        }
    }
}

/// How a game ended, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Plays the match, writing each game and a summary; returns the exit
/// status (0, or 2 when an engine cannot be started at all).
pub fn play_match(
    options: &MatchOptions,
    output: &mut impl Write,
    errors: &mut impl Write,
) -> io::Result<u8> {
    let start: Position = match options.fen.parse() {
        Ok(position) => position,
        Err(error) => {
            writeln!(errors, "congo: bad --fen {:?}: {error}", options.fen)?;
            return Ok(2);
        }
    };
    let openings = match &options.openings {
        None => vec![start],
        Some(path) => match read_openings(path, options.rules) {
            Ok(openings) => openings,
            Err(message) => {
                writeln!(errors, "congo: {message}")?;
                return Ok(2);
            }
        },
    };
    let mut record = match &options.record {
        None => None,
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Some(io::BufWriter::new(file)),
            Err(error) => {
                writeln!(errors, "congo: cannot write {}: {error}", path.display())?;
                return Ok(2);
            }
        },
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
                writeln!(errors, "congo: cannot start {name}: {why}")?;
                return Ok(2);
            }
        }
    }
    let tables = options
        .tables
        .as_deref()
        .map(|dir| Tablebase::new(dir, options.rules));
    // Each game line names the engines by letter, which tells them apart
    // even when both run the same command.
    writeln!(output, "A: {}\nB: {}", names[0], names[1])?;
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
    })?;
    if let Some(file) = &mut record {
        file.flush()?;
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
    )?;
    tally.write(output, options.sprt.as_ref())?;
    Ok(0)
}

/// A's results so far, game by game and pair by pair, and the test's
/// verdict on them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    pairs: Pentanomial,
    /// A's half-points in the pair under way.
    pair_points: usize,
    verdict: Verdict,
}

impl Tally {
    /// Counts game number `game` (from 0), in which A scored `a_points`
    /// half-points; a pair ends with its odd-numbered game, and the test
    /// (if any) is asked there. Returns the verdict so far.
    fn count(&mut self, game: usize, a_points: usize, sprt: Option<&Sprt>) -> Verdict {
        match a_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
        // A pair's first game starts its count afresh, even when the
        // game before it (a lone game in merged records) had no partner.
        if game.is_multiple_of(2) {
            self.pair_points = 0;
        }
        self.pair_points += a_points;
        if game % 2 == 1 {
            self.pairs.record(std::mem::take(&mut self.pair_points));
            if let Some(sprt) = sprt {
                self.verdict = sprt.verdict(sprt.llr(&self.pairs));
            }
        }
        self.verdict
    }

    /// The report's summary: the score, the Elo difference, the pairs and
    /// the test.
    fn write(&self, output: &mut impl Write, sprt: Option<&Sprt>) -> io::Result<()> {
        let (wins, draws, losses) = (self.wins, self.draws, self.losses);
        let games = wins + draws + losses;
        let score = f64::from(wins) + f64::from(draws) / 2.0;
        writeln!(
            output,
            "A wins {wins}, draws {draws}, loses {losses} of {games}: score {score}/{games} ({:.1}%)",
            100.0 * score / f64::from(games.max(1))
        )?;
        writeln!(
            output,
            "Elo difference (A - B): {}",
            elo_summary(wins, draws, losses)
        )?;
        let [p0, p1, p2, p3, p4] = self.pairs.0;
        writeln!(
            output,
            "game pairs by A's points (0, 1/2, 1, 3/2, 2): [{p0}, {p1}, {p2}, {p3}, {p4}]"
        )?;
        if let Some(sprt) = sprt {
            let (lower, upper) = sprt.bounds();
            writeln!(
                output,
                "SPRT [{}, {}] (alpha {}, beta {}): LLR {:.2} ({lower:.2}, {upper:.2}): {}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr(&self.pairs),
                self.verdict
            )?;
        }
        Ok(())
    }
}

/// `match --merge`: the records of a match played in shards (or of any
/// match), read and counted in game order as one run would have counted
/// them, and the summary that run would have ended with. A game number
/// found twice, or a bad line, is an error naming its file and line.
pub fn merge_records(
    files: &[std::path::PathBuf],
    sprt: Option<&Sprt>,
    output: &mut impl Write,
) -> Result<(), String> {
    let mut games = BTreeMap::new();
    for path in files {
        for (place, record) in read_records(path)? {
            let a_points = record
                .a_half_points()
                .map_err(|error| format!("{place}: {error}"))?;
            if record.game == 0 {
                return Err(format!("{place}: games are numbered from 1"));
            }
            if games.insert(record.game, a_points).is_some() {
                return Err(format!("{place}: game {} was already read", record.game));
            }
        }
    }
    let mut tally = Tally::default();
    for (&game, &a_points) in &games {
        if tally.verdict != Verdict::Continue {
            break;
        }
        tally.count(game - 1, a_points, sprt);
    }
    let io = |error: io::Error| error.to_string();
    writeln!(
        output,
        "merged {} from {}",
        Count(games.len(), "game"),
        Count(files.len(), "record")
    )
    .map_err(io)?;
    tally.write(output, sprt).map_err(io)
}

/// The command line of an engine, with `--rules` added when it is congo's
/// own engine, so that both sides of a match play by the same rules.
fn with_rules(mut command: Vec<String>, rules: Rules) -> Vec<String> {
    let is_congo = command
        .first()
        .and_then(|program| Path::new(program).file_name())
        .is_some_and(|name| name == "congo");
    let has_rules = command.iter().any(|word| word.starts_with("--rules"));
    if is_congo && !has_rules && command.iter().any(|word| word == "engine") {
        command.splice(1..1, ["--rules".to_owned(), rules.to_string()]);
    }
    command
}

/// Plays one game; the outcome, why it ended, and the moves.
fn play_game(
    start: &Position,
    options: &MatchOptions,
    tables: &Option<Tablebase>,
    seats: &mut [Seat],
    colours: [usize; 2],
) -> (Outcome, String, Vec<String>) {
    let mut position = start.clone();
    let mut moves: Vec<String> = Vec::new();
    let mut joined = [Ok(Joined::Fresh), Ok(Joined::Fresh)];
    let mut moved = [false; 2];
    for &engine in &colours {
        joined[engine] = seats[engine].join(start, &moves);
    }
    // Whole-second engines get the time rounded up, and that long to answer.
    let asks = options.movetime.map(|time| {
        if options.go_seconds {
            let seconds = time.as_millis().div_ceil(1000) as u64;
            (format!("go {seconds}"), Duration::from_secs(seconds))
        } else {
            (format!("go {}", time.as_secs_f64()), time)
        }
    });
    let mut scratch = Vec::new();
    loop {
        let mover = if position.side == crate::Color::White {
            0
        } else {
            1
        };
        let loses = |reason: String| {
            let outcome = if mover == 0 {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            };
            (outcome, reason)
        };
        let finished = match position.status() {
            Status::WhiteWins => Some((Outcome::WhiteWins, "black's lion was taken".to_owned())),
            Status::BlackWins => Some((Outcome::BlackWins, "white's lion was taken".to_owned())),
            Status::Ongoing if moves.len() >= 2 * MOVES_EACH => {
                Some((Outcome::Draw, format!("draw after {MOVES_EACH} moves each")))
            }
            Status::Ongoing if position.is_bare_lions_draw() => {
                Some((Outcome::Draw, BARE_LIONS.to_owned()))
            }
            Status::Ongoing
                if let Some(value) = tables
                    .as_ref()
                    .filter(|_| Tablebase::covers(&position))
                    .and_then(|tables| tables.probe(&position).ok()) =>
            {
                let side = position.side;
                let wins = if mover == 0 {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                };
                Some(match value {
                    Value::Win(_) => (wins, format!("{side} wins by the endgame tables ({value})")),
                    Value::Loss(_) => {
                        loses(format!("{side} loses by the endgame tables ({value})"))
                    }
                    Value::Draw => (Outcome::Draw, "draw by the endgame tables".to_owned()),
                })
            }
            Status::Ongoing => {
                scratch.clear();
                position.legal_moves(&mut scratch);
                scratch
                    .is_empty()
                    .then(|| loses(format!("{} has no legal move", position.side)))
            }
        };
        if let Some((outcome, reason)) = finished {
            return (outcome, reason, moves);
        }
        let engine = colours[mover];
        let (go, allowed) = &asks[engine];
        let (go, allowed) = (go.as_str(), *allowed);
        let seat = &mut seats[engine];
        let mut answer = joined[engine]
            .clone()
            .and_then(|_| ask(seat, go, allowed + GRACE));
        // A process kept from the game before that has exited by its first
        // move here had quit after that game: a fresh one plays this one.
        if answer.is_err()
            && !moved[engine]
            && joined[engine] == Ok(Joined::Kept)
            && !seat.is_running()
        {
            joined[engine] = seat.join(start, &moves);
            answer = joined[engine]
                .clone()
                .and_then(|_| ask(seat, go, allowed + GRACE));
        }
        moved[engine] = true;
        let played = answer.and_then(|text| {
            position
                .parse_move(&text, &mut scratch)
                .map_err(|error| error.to_string())
                .map(|m| (m, text))
        });
        let (m, text) = match played {
            Ok(found) => found,
            Err(why) => {
                seat.end(Duration::ZERO);
                let (outcome, reason) = loses(format!("{} lost: {why}", position.side));
                return (outcome, reason, moves);
            }
        };
        position = position.play_unchecked(m, options.rules);
        let other = &mut seats[colours[1 - mover]];
        if let Some(process) = other.process.as_mut()
            && process.send(&format!("moves {text}")).is_err()
        {
            other.end(Duration::ZERO);
        }
        moves.push(text);
    }
}

/// The start positions of an openings file: one FEN a line, blank lines
/// and lines starting with `#` passed over; or why it cannot be used.
fn read_openings(path: &Path, rules: Rules) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = Position::from_fen(line, rules)
            .map_err(|error| format!("{} line {}: {error}", path.display(), number + 1))?;
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(format!("{} holds no opening", path.display()));
    }
    Ok(openings)
}

/// One game as played: the colours, how it ended, and its moves.
struct Played {
    /// Which engine (0 for A) played white.
    white: usize,
    outcome: Outcome,
    reason: String,
    moves: Vec<String>,
    /// The random plies played first, and the position they led to.
    plies: Vec<String>,
    opening: Position,
}

/// Plays game number `game` (from 0) of the match on `seats`: A has white
/// in even games, and each pair of games starts from the same opening.
fn play_numbered(
    game: usize,
    start: &Position,
    options: &MatchOptions,
    tables: &Option<Tablebase>,
    seats: &mut [Seat],
) -> Played {
    let white = game % 2;
    let mut rng = Rng::new(options.seed.wrapping_add((game / 2) as u64));
    let (opening, plies) = random_plies(start, options.opening_plies, options.rules, &mut rng);
    let (outcome, reason, moves) = play_game(&opening, options, tables, seats, [white, 1 - white]);
    Played {
        white,
        outcome,
        reason,
        moves,
        plies,
        opening,
    }
}

impl Played {
    /// Engine A's half-points in the game: 2 a win, 1 a draw.
    fn a_half_points(&self) -> usize {
        match self.outcome {
            Outcome::Draw => 1,
            Outcome::WhiteWins if self.white == 0 => 2,
            Outcome::BlackWins if self.white == 1 => 2,
            _ => 0,
        }
    }

    /// The game's line in a record file.
    fn record(&self, game: usize) -> Record {
        Record {
            game: game + 1,
            white: if self.white == 0 { 'A' } else { 'B' },
            start: self.opening.to_string(),
            moves: self.moves.clone(),
            result: self.outcome.result().to_owned(),
            reason: self.reason.clone(),
        }
    }
}

impl Outcome {
    /// The result from white's side.
    fn result(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
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

/// Sends `go` to the seat's engine and waits for a move line.
fn ask(seat: &mut Seat, go: &str, wait: Duration) -> Result<String, String> {
    let Some(process) = seat.process.as_mut() else {
        return Err("it could not be started".to_owned());
    };
    if process.send(go).is_err() {
        return Err(process.why_silent());
    }
    loop {
        match process.lines.recv_timeout(wait) {
            Ok(Said::Line(line)) if line.trim().is_empty() => continue,
            Ok(Said::Line(line)) => return Ok(line.trim().to_owned()),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("it gave no move within {} ms", wait.as_millis()));
            }
            Ok(Said::Closed) | Err(RecvTimeoutError::Disconnected) => {
                return Err(process.why_silent());
            }
        }
    }
}

/// Fewer games than this give an Elo estimate too loose to lean on.
const FEW_GAMES: u32 = 20;

/// `+E (95%: L to H)`: the Elo difference the score implies, and a Wilson
/// score interval around it. Unlike the plain normal interval, Wilson's
/// stays open on the far side of a one-sided result (4-0 is +inf, but the
/// lower end is finite) and does not shrink to a point on all draws.
fn elo_summary(wins: u32, draws: u32, losses: u32) -> String {
    let count = wins + draws + losses;
    if count == 0 {
        return "no games".into();
    }
    let games = f64::from(count);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    let z2 = 1.96_f64 * 1.96;
    let center = (score + z2 / (2.0 * games)) / (1.0 + z2 / games);
    let half = 1.96 / (1.0 + z2 / games)
        * (score * (1.0 - score) / games + z2 / (4.0 * games * games)).sqrt();
    let elo = |p: f64| -> String {
        if p >= 1.0 - 1e-12 {
            "+inf".into()
        } else if p <= 1e-12 {
            "-inf".into()
        } else {
            // Adding 0.0 turns a rounding residue of -0 into +0.
            format!("{:+.0}", (-400.0 * (1.0 / p - 1.0).log10()).round() + 0.0)
        }
    };
    let mut summary = format!(
        "{} (95%: {} to {})",
        elo(score),
        elo(center - half),
        elo(center + half)
    );
    if count < FEW_GAMES {
        summary.push_str(&format!("; {count} games are too few for a firm estimate"));
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn congo_engines_get_the_match_rules() {
        let words = |list: &[&str]| list.iter().map(|word| word.to_string()).collect::<Vec<_>>();
        assert_eq!(
            with_rules(words(&["/bin/congo", "engine", "--weak"]), Rules::Wits2021),
            words(&["/bin/congo", "--rules", "2021", "engine", "--weak"])
        );
        // Another program, or one that names its rules, is left alone.
        let other = words(&["./my-engine", "engine"]);
        assert_eq!(with_rules(other.clone(), Rules::Wits2021), other);
        let named = words(&["congo", "--rules", "2022", "engine"]);
        assert_eq!(with_rules(named.clone(), Rules::Wits2021), named);
    }

    #[test]
    fn elo_from_scores() {
        // An even score over 20 games: Wilson's interval spans the scores
        // 0.299 to 0.701.
        assert_eq!(elo_summary(10, 0, 10), "+0 (95%: -148 to +148)");
        // 75%: +191.
        assert!(
            elo_summary(30, 0, 10).starts_with("+191 (95%: +"),
            "{}",
            elo_summary(30, 0, 10)
        );
        // A clean sweep has no upper end, but a lower one.
        assert_eq!(
            elo_summary(4, 0, 0),
            "+inf (95%: +7 to +inf); 4 games are too few for a firm estimate"
        );
        // Two draws say little.
        assert_eq!(
            elo_summary(0, 2, 0),
            "+0 (95%: -393 to +393); 2 games are too few for a firm estimate"
        );
        assert_eq!(elo_summary(57, 3, 0), "+636 (95%: +379 to +894)");
        assert_eq!(elo_summary(0, 0, 0), "no games");
    }
}
