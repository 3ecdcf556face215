//! Running a tournament: its schedule played game by game (several at
//! once), each game on fresh engine processes held to the limits, each
//! result written to its pair's record before the next is told, and the
//! standings written anew after every game.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use super::conditions::conditions;
use super::faults::Fault;
use super::folder::{Finished, Folder, FolderError, SCHEDULE, SHARD_LINE, lock};
use super::games_file::{GamesFile, Place};
use super::players::{Player, read_roster};
use super::ratings::Anchor;
use super::reason::game_reason;
use super::schedule::{Format, Pairing, fixed_schedule};
use super::swiss::{self, Round, pair_round};
use super::tables::{Tables, Terms};
use super::tie_breaks::TieBreak;
use super::trial::trial;
use super::{Reaping, TournamentError, TournamentEvent, TournamentOptions};
use crate::control_groups;
use crate::engine_process::{EXIT_PATIENCE, Seat};
use crate::limits::{Enforcer, Limits};
use crate::openings::{random_plies, read_openings};
use crate::referee::{GameEnd, Refereeing, play_game, with_rules};
use crate::sandbox::{Confinement, Sandbox, open_as_seen};
use congo_kit::digest::{FNV_START, fnv1a_64, fnv1a_64_on};
use congo_kit::json::Json;
use congo_kit::rng::Rng;
use congo_rules::record::Record;
use congo_rules::{Position, Reach};

/// Everything a game of the tournament is played with.
struct Context<'a> {
    options: &'a TournamentOptions,
    players: Vec<Player>,
    names: Vec<String>,
    /// The format, fitted to the players.
    format: Format,
    /// The fixed schedule of the format (none for a Swiss).
    schedule: Vec<Pairing>,
    /// The starts the openings' random plies are played from.
    starts: Vec<Position>,
    refereeing: Refereeing,
    enforcer: Arc<Enforcer>,
    /// Each player's confinement, under `--sandbox`.
    cells: Vec<Option<Confinement>>,
    folder: Folder,
    /// `games.pgn`, written by the thread that tells the games.
    games: Mutex<GamesFile>,
    anchor: Anchor,
    /// The standings' tie-breaks, after the score.
    tie_breaks: Vec<TieBreak>,
    /// The tournament's conditions, for `standings.json`.
    conditions: Json,
}

/// Plays the tournament `options` describe, telling `events` what it
/// does and writing the final standings and crosstable to `output`.
pub fn play_tournament(
    options: &TournamentOptions,
    output: &mut impl Write,
    events: &mut dyn FnMut(TournamentEvent),
) -> Result<(), TournamentError> {
    let plan = Plan::of(options, events)?;
    if options.show_schedule {
        let shown = schedule_text(&plan.format, &plan.schedule, &plan.names, options);
        return output
            .write_all(shown.as_bytes())
            .map_err(TournamentError::Output);
    }
    let description = describe(options, &plan.players, &plan.format);
    let enforcer = held_limits(options, events)?;
    let sandbox = sandbox_of(options, &plan.players)?;
    let folder = Folder::open(&options.output, &description, options.resume)?;
    sweep_earlier_runs(&folder, &enforcer)?;
    let enforcer = Arc::new(enforcer);
    let mut release = Release(None);
    let cells = match &sandbox {
        Some(sandbox) => confine(
            sandbox,
            &folder,
            options.resume,
            &plan.players,
            &enforcer,
            &mut release,
            events,
        )?,
        None => unconfined(plan.players.len(), events),
    };
    let (mut finished, torn) = folder.finished(&plan.names)?;
    folder.cut(&torn)?;
    let games = Mutex::new(GamesFile::open(folder.root())?);
    if options.resume {
        events(TournamentEvent::Resumed(finished.len(), torn.len()));
    }
    let context = Context::new(options, plan, enforcer, cells, folder, games);
    let byes = context.play(&mut finished, events)?;
    if let Some(reason) = unplayed(&finished) {
        return Err(TournamentError::Unplayed(finished.len(), reason));
    }
    let tables = context.write_tables(&finished, &byes)?;
    output
        .write_all(tables.as_bytes())
        .map_err(TournamentError::Output)
}

/// Who plays what: the players, the format fitted to them, the anchor
/// of their ratings, the starts of the openings and the fixed schedule.
struct Plan {
    players: Vec<Player>,
    names: Vec<String>,
    format: Format,
    anchor: Anchor,
    starts: Vec<Position>,
    schedule: Vec<Pairing>,
}

impl Plan {
    /// The plan `options` describe, telling `events` of the roster.
    fn of(
        options: &TournamentOptions,
        events: &mut dyn FnMut(TournamentEvent),
    ) -> Result<Plan, TournamentError> {
        let players = roster(options, events)?;
        let names: Vec<String> = players.iter().map(|player| player.name.clone()).collect();
        let place = |name: &str| {
            names
                .iter()
                .position(|known| known == name)
                .ok_or_else(|| TournamentError::UnknownPlayer(name.to_owned()))
        };
        let format = format_of(options, &names, &place)?;
        let anchor = match &options.anchor {
            None => Anchor::Mean,
            Some((name, rating)) => Anchor::Player(place(name)?, *rating),
        };
        let start = Position::from_fen(&options.fen, options.rule_set, Reach::Game)
            .map_err(|error| TournamentError::Fen(options.fen.clone(), error))?;
        let starts = match &options.openings {
            None => vec![start],
            Some(path) => read_openings(path, options.rule_set)
                .map_err(|error| TournamentError::Openings(path.clone(), error))?,
        };
        let schedule = fixed_schedule(&format, names.len());
        Ok(Plan {
            players,
            names,
            format,
            anchor,
            starts,
            schedule,
        })
    }
}

/// The enforcer of the limits of `options`, its statement told to
/// `events`; limits it cannot hold refused, or with `--unenforced` told.
fn held_limits(
    options: &TournamentOptions,
    events: &mut dyn FnMut(TournamentEvent),
) -> Result<Enforcer, TournamentError> {
    let (enforcer, unheld) = Enforcer::new(options.limits);
    events(TournamentEvent::Limits(&enforcer.statement()));
    if !unheld.is_empty() {
        if !options.unenforced {
            return Err(TournamentError::Unheld(unheld));
        }
        for limit in &unheld {
            events(TournamentEvent::Unheld(limit));
        }
    }
    Ok(enforcer)
}

/// The players of `options`, telling `events` of the class's folders
/// passed over, of settings a student left (ignored), and of each
/// engine played on terms of its own.
fn roster(
    options: &TournamentOptions,
    events: &mut dyn FnMut(TournamentEvent),
) -> Result<Vec<Player>, TournamentError> {
    let roster = read_roster(&options.players, options.settings.as_deref())
        .map_err(TournamentError::Players)?;
    for (name, why) in &roster.skipped {
        events(TournamentEvent::Skipped(name, why));
    }
    for name in &roster.ignored {
        events(TournamentEvent::Ignored(name));
    }
    let terms = whole_seconds(options.movetime);
    for player in roster
        .players
        .iter()
        .filter(|player| player.settings.go_seconds)
    {
        events(TournamentEvent::Terms(&player.name, &terms));
    }
    Ok(roster.players)
}

/// The format `options` ask for, fitted to the players `names` (`place`
/// finds one by name): a gauntlet's seeds found, a Swiss's rounds
/// counted.
fn format_of(
    options: &TournamentOptions,
    names: &[String],
    place: &dyn Fn(&str) -> Result<usize, TournamentError>,
) -> Result<Format, TournamentError> {
    Ok(match &options.format {
        Format::Gauntlet { cycles, .. } => {
            if options.seeds.is_empty() {
                return Err(TournamentError::Format(
                    "a gauntlet needs --seed-player NAME".to_owned(),
                ));
            }
            let seeds = options
                .seeds
                .iter()
                .map(|name| place(name))
                .collect::<Result<Vec<_>, _>>()?;
            if seeds.len() >= names.len() {
                return Err(TournamentError::Format(
                    "a gauntlet needs players besides its seeds".to_owned(),
                ));
            }
            Format::Gauntlet {
                seeds,
                cycles: *cycles,
            }
        }
        Format::Swiss { .. } if options.shard.is_part() => {
            return Err(TournamentError::Format(
                "a Swiss cannot be split into shards: each round is paired from the last one's results".to_owned(),
            ));
        }
        // Seven rounds unless told, or as many as the players allow.
        Format::Swiss { rounds: 0 } => Format::Swiss {
            rounds: 7.min(names.len() - 1),
        },
        Format::Swiss { rounds } if *rounds >= names.len() => {
            return Err(TournamentError::Format(format!(
                "a Swiss of {} players has at most {} rounds with no pair meeting twice",
                names.len(),
                names.len() - 1
            )));
        }
        format => format.clone(),
    })
}

/// The sandbox `options` ask for, its engines' users checked free and the
/// private files checked out of its sight; none without `--sandbox`,
/// which root must waive in words (`--unconfined-root`).
fn sandbox_of(
    options: &TournamentOptions,
    players: &[Player],
) -> Result<Option<Sandbox>, TournamentError> {
    if !options.sandbox {
        return match options.unconfined_root || !Sandbox::root_here() {
            true => Ok(None),
            false => Err(TournamentError::RootUnconfined),
        };
    }
    let sandbox = Sandbox::new(&options.shared, options.disk)
        .and_then(|sandbox| sandbox.users_from(options.first_uid, players.len()))
        .map_err(TournamentError::Sandbox)?;
    check_private(&sandbox, options, players)?;
    Ok(Some(sandbox))
}

/// Each of `count` players' confinement without `--sandbox` (a PID
/// namespace of its own where that is how its leftovers are ended),
/// telling `events` whose rights the engines have.
fn unconfined(count: usize, events: &mut dyn FnMut(TournamentEvent)) -> Vec<Option<Confinement>> {
    let confinement = Sandbox::unconfined();
    let reaping = match (&confinement, Sandbox::root_here()) {
        (_, true) => Reaping::Groups,
        (Some(_), false) => Reaping::OwnPids,
        (None, false) => Reaping::Nothing,
    };
    events(TournamentEvent::Unconfined(
        &Sandbox::unconfined_words(),
        reaping,
    ));
    vec![confinement; count]
}

/// The terms of an engine sent `go` in whole seconds at `movetime`.
fn whole_seconds(movetime: Duration) -> String {
    let seconds = movetime.as_millis().div_ceil(1000);
    format!(
        "go=seconds rounds its time up, so it is sent `go {seconds}` and has {} ms a move where the others have {} ms",
        seconds * 1000,
        movetime.as_millis()
    )
}

/// The reason the first game ended, when games were played and every
/// one was lost by a fault before its first move: every engine failed,
/// which says more of the machine than of the engines, and standings
/// would tell nothing.
fn unplayed(finished: &Finished) -> Option<String> {
    let failed = |record: &Record| record.moves.is_empty() && Fault::of(&record.reason).is_some();
    let mut records = finished.values();
    let first = records.next()?;
    (failed(first) && records.all(failed)).then(|| first.reason.clone())
}

/// Clears away the control groups that earlier runs of the tournament in
/// `folder` left (a run killed before it could), then notes this run's,
/// for the next to clear if need be.
fn sweep_earlier_runs(folder: &Folder, enforcer: &Enforcer) -> Result<(), TournamentError> {
    for group in folder.read(GROUPS)?.lines() {
        control_groups::sweep(Path::new(group));
    }
    let mine: String = enforcer
        .run_groups()
        .iter()
        .map(|group| format!("{}\n", group.display()))
        .collect();
    Ok(folder.write(GROUPS, &mine)?)
}

/// The file of a tournament's folder naming the control groups of its
/// latest run.
const GROUPS: &str = "groups.txt";

/// Refuses a sandbox that would show an engine the output folder, the
/// players or their folders.
fn check_private(
    sandbox: &Sandbox,
    options: &TournamentOptions,
    players: &[Player],
) -> Result<(), TournamentError> {
    let private = [&options.output, &options.players]
        .into_iter()
        .chain(players.iter().filter_map(|player| player.folder.as_ref()));
    for path in private {
        sandbox
            .check_private(path)
            .map_err(TournamentError::Sandbox)?;
    }
    // A student's folder is copied into its cell: not the output with it.
    let output = resolved(&options.output);
    for player in players {
        if let Some(folder) = player
            .folder
            .as_ref()
            .filter(|folder| output.starts_with(folder))
        {
            return Err(TournamentError::Format(format!(
                "the output folder {} lies in {}'s folder {}, which is copied into its cell: name one outside the class",
                output.display(),
                player.name,
                folder.display()
            )));
        }
    }
    Ok(())
}

/// `path` with its links followed as far as it exists: what it will
/// be once made, whatever names lead there.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut rest = Vec::new();
    let mut existing = absolute.as_path();
    while existing.canonicalize().is_err() {
        let (Some(parent), Some(name)) = (existing.parent(), existing.file_name()) else {
            return absolute;
        };
        rest.push(name);
        existing = parent;
    }
    let mut found = existing
        .canonicalize()
        .unwrap_or_else(|_| existing.to_owned());
    found.extend(rest.iter().rev());
    found
}

/// Each player's confinement under `sandbox`, in cells kept for the
/// output `folder`, once a trial program has run confined as they will
/// be; `release` unmounts their file systems when the run ends.
fn confine<'a>(
    sandbox: &'a Sandbox,
    folder: &Folder,
    resumed: bool,
    players: &[Player],
    limits: &Arc<Enforcer>,
    release: &mut Release<'a>,
    events: &mut dyn FnMut(TournamentEvent),
) -> Result<Vec<Option<Confinement>>, TournamentError> {
    let (key, made) = folder.cells_key()?;
    if made && resumed {
        events(TournamentEvent::FreshCells);
    }
    let cells = sandbox
        .cells(folder.root(), &key)
        .map_err(TournamentError::Sandbox)?;
    let disk = sandbox.disk_words();
    events(TournamentEvent::Confined(
        &sandbox.identity_words(),
        &cells,
        &disk,
    ));
    // Cells outside the output folder (root's) are held as it is: a copy
    // of the folder, key and all, never plays in them at the same time.
    let held = match cells.starts_with(folder.root()) {
        true => None,
        false => Some(lock(&cells)?),
    };
    release.0 = Some((sandbox, cells.clone(), held));
    trial(sandbox, &cells, limits).map_err(TournamentError::Sandbox)?;
    Ok(confinements(sandbox, players, &cells))
}

/// Unmounts the cells' file systems when a run ends, however it ends
/// (short of a kill: a resumed run mounts them again).
struct Release<'a>(Option<(&'a Sandbox, PathBuf, Option<std::fs::File>)>);

impl Drop for Release<'_> {
    fn drop(&mut self) {
        if let Some((sandbox, cells, _)) = &self.0 {
            sandbox.release(cells);
        }
    }
}

/// Each player's confinement under `sandbox`, its cell prepared in
/// `cells`.
fn confinements(sandbox: &Sandbox, players: &[Player], cells: &Path) -> Vec<Option<Confinement>> {
    let confine = |(place, player): (usize, &Player)| {
        let folder = player.folder.as_deref();
        Some(sandbox.confine(place, &player.name, folder, &player.command, cells))
    };
    players.iter().enumerate().map(confine).collect()
}

/// Games told so far, of how many, when the tables were last written (or
/// count as written, to put the next write off), and the byes they show.
struct Progress {
    done: usize,
    total: usize,
    tables_written: Option<Instant>,
    /// The byes given so far (a Swiss's): the player's place for each.
    byes: Vec<usize>,
}

/// How often the standings are written while a tournament runs.
const TABLES_EVERY: Duration = Duration::from_secs(1);

impl<'a> Context<'a> {
    /// The context of the games of `plan`, played under `options`, held
    /// to `enforcer`'s limits in `cells`, and written to `folder` and
    /// `games`.
    fn new(
        options: &'a TournamentOptions,
        plan: Plan,
        enforcer: Arc<Enforcer>,
        cells: Vec<Option<Confinement>>,
        folder: Folder,
        games: Mutex<GamesFile>,
    ) -> Context<'a> {
        let conditions = conditions(options, &plan.format, &plan.names);
        Context {
            options,
            refereeing: Refereeing {
                rule_set: options.rule_set,
                max_plies: options.max_plies,
                movetime: [options.movetime; 2],
                margin: options.margin,
                startup: options.startup,
                go_seconds: [false; 2],
            },
            players: plan.players,
            names: plan.names,
            tie_breaks: TieBreak::of(&plan.format),
            format: plan.format,
            schedule: plan.schedule,
            starts: plan.starts,
            enforcer,
            cells,
            folder,
            games,
            anchor: plan.anchor,
            conditions,
        }
    }

    /// Plays the games of the format, those in `finished` already
    /// counted; the byes they gave.
    fn play(
        &self,
        finished: &mut Finished,
        events: &mut dyn FnMut(TournamentEvent),
    ) -> Result<Vec<usize>, TournamentError> {
        match self.format {
            Format::Swiss { rounds } => self.play_swiss(rounds, finished, events),
            _ => self.play_fixed(&self.format, &self.schedule, finished, events),
        }
    }

    /// The opening numbered `index`: its start and the random plies from
    /// it, the same for every game given that number.
    fn opening(&self, index: usize) -> Position {
        let start = &self.starts[index % self.starts.len()];
        let mut rng = Rng::new(self.options.seed.wrapping_add(index as u64));
        random_plies(
            start,
            self.options.opening_plies,
            self.options.rule_set,
            &mut rng,
        )
        .0
    }

    /// The seat of `player` for the game of `pairing`: its command with
    /// the rules, its folder, its limits and confinement, its logs.
    fn seat(&self, player: usize, pairing: &Pairing) -> Seat {
        let player = &self.players[player];
        let command = with_rules(player.command.clone(), self.options.rule_set);
        let logs = self.options.log.then(|| self.folder.logs());
        let (first, second) = pairing.pair();
        // Named by the game, so that a game's record leads to its logs.
        let label = format!(
            "r{:02}-g{:03}-{}-vs-{}.{}",
            pairing.round,
            pairing.pair_game + 1,
            self.names[first],
            self.names[second],
            player.name
        );
        Seat::new(command, &label, logs)
            .in_folder(player.folder.clone())
            .limited(Some(Arc::clone(&self.enforcer)))
            .confined(self.cell_of(&player.name))
    }

    /// The confinement of the player named `name`, if any.
    fn cell_of(&self, name: &str) -> Option<Confinement> {
        let place = self.names.iter().position(|known| known == name)?;
        self.cells[place].clone()
    }

    /// Plays the games of one pair in turn, `each` told every one as it
    /// ends. Each game starts fresh processes, so that no engine carries
    /// memory of one game into the next; with `--keep-processes` a pair's
    /// processes play all its games (an engine that lost by a fault is
    /// still started afresh).
    fn play_pair(
        &self,
        games: &[Pairing],
        each: &mut dyn FnMut(Pairing, Position, GameEnd) -> bool,
    ) {
        let mut kept: Option<[Seat; 2]> = None;
        for pairing in games {
            let (a, b) = pairing.pair();
            let settings = [a, b].map(|player| self.players[player].settings);
            let refereeing = Refereeing {
                go_seconds: settings.map(|settings| settings.go_seconds),
                ..self.refereeing
            };
            let mut seats = kept
                .take()
                .unwrap_or_else(|| [self.seat(a, pairing), self.seat(b, pairing)]);
            let colours = if pairing.first_has_white() {
                [0, 1]
            } else {
                [1, 0]
            };
            let opening = self.opening(pairing.opening);
            let end = play_game(
                &opening,
                &refereeing,
                self.options.tables.as_deref(),
                &mut seats,
                colours,
                &|_| {},
            );
            if self.options.keep_processes {
                kept = Some(seats);
            } else {
                end_seats(seats);
            }
            if !each(*pairing, opening, end) {
                break;
            }
        }
        if let Some(seats) = kept {
            end_seats(seats);
        }
    }

    /// The record line of `pairing` played from `opening` to `end`.
    fn record(pairing: &Pairing, opening: &Position, end: GameEnd) -> Record {
        let white_seat = if pairing.first_has_white() { 0 } else { 1 };
        Record {
            game: pairing.pair_game + 1,
            white: pairing.white_letter(),
            start: opening.to_string(),
            reason: game_reason(&end, white_seat),
            moves: end.moves,
            outcome: end.outcome,
        }
    }

    /// Adds the game of `pairing` recorded as `record` to `games.pgn`,
    /// unless it is there.
    fn add_game(&self, pairing: &Pairing, record: &Record) -> Result<(), TournamentError> {
        let (first, second) = pairing.pair();
        let place = Place {
            first: &self.names[first],
            second: &self.names[second],
            round: Some(pairing.round),
        };
        // Only the telling thread writes: a poisoned lock holds no half-done work.
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(games.add(record, &place)?)
    }

    /// Checks that a game found in the folder is the one `pairing` would
    /// play: its colours and its opening.
    fn check(&self, pairing: &Pairing, record: &Record) -> Result<(), TournamentError> {
        let (first, second) = pairing.pair();
        let path = self
            .folder
            .record_path(&self.names[first], &self.names[second]);
        let letter = pairing.white_letter();
        let opening = self.opening(pairing.opening).to_string();
        let why = if record.white != letter {
            format!(
                "game {} has {} as white, where this tournament gives white to {letter}",
                record.game, record.white
            )
        } else if record.start != opening {
            format!(
                "game {} starts from {}, where this tournament starts it from {opening}",
                record.game, record.start
            )
        } else {
            return Ok(());
        };
        Err(FolderError::Record(path, record.game, why).into())
    }

    /// Plays the games of `pairings` not yet in `finished`, several at
    /// once, writing and telling each as it ends.
    fn play_round(
        &self,
        pairings: &[Pairing],
        finished: &mut Finished,
        progress: &mut Progress,
        events: &mut dyn FnMut(TournamentEvent),
    ) -> Result<(), TournamentError> {
        let mut pending = Vec::new();
        for pairing in pairings {
            match finished.get(&(pairing.pair(), pairing.pair_game)) {
                Some(record) => {
                    self.check(pairing, record)?;
                    self.add_game(pairing, record)?;
                    progress.done += 1;
                }
                None => pending.push(*pairing),
            }
        }
        // A pair's games one after another.
        let units: Vec<&[Pairing]> = pending.chunk_by(|a, b| a.pair() == b.pair()).collect();
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (sender, results) = mpsc::channel::<(Pairing, Position, GameEnd)>();
        let workers = self.options.concurrency.clamp(1, units.len().max(1));
        thread::scope(|scope| -> Result<(), TournamentError> {
            for _ in 0..workers {
                let sender = sender.clone();
                let (next, stop, units) = (&next, &stop, &units);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        self.play_pair(unit, &mut |pairing, opening, end| {
                            !stop.load(Ordering::Relaxed)
                                && sender.send((pairing, opening, end)).is_ok()
                        });
                    }
                });
            }
            drop(sender);
            for (pairing, opening, end) in results {
                let told = self.tell(&pairing, &opening, end, finished, progress, events);
                if told.is_err() {
                    stop.store(true, Ordering::Relaxed);
                    return told;
                }
            }
            Ok(())
        })
    }

    /// Writes a finished game to its pair's record and the standings, and
    /// tells it.
    fn tell(
        &self,
        pairing: &Pairing,
        opening: &Position,
        end: GameEnd,
        finished: &mut Finished,
        progress: &mut Progress,
        events: &mut dyn FnMut(TournamentEvent),
    ) -> Result<(), TournamentError> {
        let (first, second) = pairing.pair();
        let record = Context::record(pairing, opening, end);
        self.folder
            .append(&self.names[first], &self.names[second], &record)?;
        self.add_game(pairing, &record)?;
        let line = format!(
            "round {}: {} - {} {}, {} ({} plies)",
            pairing.round,
            self.names[pairing.white],
            self.names[pairing.black],
            record.outcome.result(),
            record.reason,
            record.moves.len()
        );
        finished.insert((pairing.pair(), pairing.pair_game), record);
        // The tables while it runs, at most once a second: solving the
        // ratings after every game of fast engines would cost more than
        // refereeing them. Nor more than a fiftieth of the time: a
        // write that took longer than TABLES_EVERY / 50 (the margins'
        // replays of a large class) puts the next one off.
        let due = progress
            .tables_written
            .is_none_or(|at| at.elapsed() >= TABLES_EVERY);
        if due && unplayed(finished).is_none() {
            let started = Instant::now();
            self.write_tables(finished, &progress.byes)?;
            let later = (started.elapsed() * 50).saturating_sub(TABLES_EVERY);
            progress.tables_written = Some(Instant::now() + later);
        }
        progress.done += 1;
        events(TournamentEvent::Game(progress.done, progress.total, &line));
        Ok(())
    }

    /// The games of the fixed `schedule` of `format` that this shard
    /// plays, its schedule written first; the byes they gave (none).
    fn play_fixed(
        &self,
        format: &Format,
        schedule: &[Pairing],
        finished: &mut Finished,
        events: &mut dyn FnMut(TournamentEvent),
    ) -> Result<Vec<usize>, TournamentError> {
        let mine: Vec<Pairing> = schedule
            .iter()
            .enumerate()
            .filter(|(index, _)| self.options.shard.plays(index / 2))
            .map(|(_, pairing)| *pairing)
            .collect();
        let text = schedule_text(format, &mine, &self.names, self.options);
        self.folder.write(SCHEDULE, &text)?;
        let mut progress = Progress {
            done: 0,
            total: mine.len(),
            tables_written: None,
            byes: Vec::new(),
        };
        self.play_round(&mine, finished, &mut progress, events)?;
        Ok(progress.byes)
    }

    /// A Swiss of `rounds` rounds: each paired from the results of those
    /// before, its pairings added to the schedule file, then played; the
    /// byes it gave.
    fn play_swiss(
        &self,
        rounds: usize,
        finished: &mut Finished,
        events: &mut dyn FnMut(TournamentEvent),
    ) -> Result<Vec<usize>, TournamentError> {
        let count = self.names.len();
        let mut records = vec![swiss::Record::default(); count];
        let mut schedule = String::new();
        let mut progress = Progress {
            done: 0,
            total: rounds * (count / 2),
            tables_written: None,
            byes: Vec::new(),
        };
        for round in 1..=rounds {
            let paired = pair_round(&records, round);
            let again = paired.again(&records);
            let Round { games, bye } = paired;
            let pairings: Vec<Pairing> = games
                .iter()
                .enumerate()
                .map(|(board, &(white, black))| Pairing {
                    round,
                    white,
                    black,
                    // A pair that meets again plays its pair's next game.
                    pair_game: records[white]
                        .met
                        .iter()
                        .filter(|&&met| met == black)
                        .count(),
                    opening: (round - 1) * (count / 2) + board,
                })
                .collect();
            schedule.push_str(&pairings_text(&pairings, &self.names));
            for (white, black) in again {
                let _ = writeln!(
                    schedule,
                    "round {round}: {} and {} meet again: no pairing of the round avoids it",
                    self.names[white], self.names[black]
                );
            }
            if let Some(bye) = bye {
                let _ = writeln!(schedule, "round {round}: {} has a bye", self.names[bye]);
            }
            self.folder.write("schedule.txt", &schedule)?;
            // The bye's point counts from the round's pairing on.
            progress.byes.extend(bye);
            self.play_round(&pairings, finished, &mut progress, events)?;
            for pairing in &pairings {
                let half = finished
                    .get(&(pairing.pair(), pairing.pair_game))
                    .map_or(1, |record| record.outcome.white_half_points());
                swiss::add_game(&mut records, pairing.white, pairing.black, half);
            }
            if let Some(bye) = bye {
                swiss::add_bye(&mut records, bye);
            }
        }
        Ok(progress.byes)
    }

    /// Writes the standings and crosstable files after `finished` and
    /// `byes`; the text of both.
    fn write_tables(&self, finished: &Finished, byes: &[usize]) -> Result<String, TournamentError> {
        let terms = Terms {
            names: &self.names,
            byes,
            anchor: &self.anchor,
            tie_breaks: self.tie_breaks.clone(),
            conditions: self.conditions.clone(),
        };
        let tables = Tables::of(finished, terms);
        tables.write(&self.folder)?;
        Ok(tables.text)
    }
}

/// Ends both seats' processes, each given its time to exit.
fn end_seats(mut seats: [Seat; 2]) {
    for seat in &mut seats {
        seat.end(EXIT_PATIENCE);
    }
}

/// What the tournament is, line by line: everything its results depend
/// on, for `--resume` to check.
fn describe(options: &TournamentOptions, players: &[Player], format: &Format) -> String {
    let mut text = String::from("congo tournament\n");
    let format = match format {
        Format::Gauntlet { cycles, .. } => {
            format!("gauntlet of {}, {cycles} cycle(s)", options.seeds.join(" "))
        }
        format => format.to_string(),
    };
    let _ = writeln!(text, "format {format}");
    for player in players {
        let _ = writeln!(text, "player {}: {}", player.name, player_words(player));
    }
    let _ = writeln!(text, "rules {}", options.rule_set);
    let _ = writeln!(
        text,
        "time {} ms a move, margin {} ms, start-up {} ms",
        options.movetime.as_millis(),
        options.margin.as_millis(),
        options.startup.as_millis(),
    );
    let processes = if options.keep_processes {
        "kept for a pair's games"
    } else {
        "fresh for each game"
    };
    let _ = writeln!(text, "engine processes {processes}");
    let _ = writeln!(text, "drawn at {} plies", options.max_plies);
    let from = options
        .openings
        .as_ref()
        .map_or_else(|| options.fen.clone(), |path| path.display().to_string());
    let _ = writeln!(
        text,
        "openings from {from}, {} random plies, seed {}",
        options.opening_plies, options.seed
    );
    let tables = options.tables.as_ref().map_or("none".to_owned(), |tables| {
        tables.folder().display().to_string()
    });
    let _ = writeln!(text, "endgame tables {tables}");
    let limits = Limits::words(options.limits);
    let _ = writeln!(
        text,
        "limits {limits}{}",
        if options.sandbox { ", confined" } else { "" }
    );
    let _ = writeln!(text, "{SHARD_LINE}{}", options.shard);
    text
}

/// A player as the description gives it: a class folder's engine with a
/// digest of its `run`, so that a changed `run` is another player.
fn player_words(player: &Player) -> String {
    let described = player.described();
    match (&player.folder, player.command.first()) {
        (Some(_), Some(run)) => match digest(Path::new(run)) {
            Ok(digest) => format!("{described}, digest {digest:016x}"),
            Err(error) => format!("{described}, unreadable ({error})"),
        },
        _ => described,
    }
}

/// The FNV-1a digest of the student's file `run`, read a piece at a time
/// and no further than [`MOST_DIGESTED`] bytes (a `run` of a terabyte of
/// holes costs neither memory nor hours); a longer file's length is
/// digested after them. A link is not followed (its target's name is
/// digested instead), nor is a link swapped in for the file.
fn digest(run: &Path) -> std::io::Result<u64> {
    use std::io::Read;
    let seen = std::fs::symlink_metadata(run)?;
    if seen.is_symlink() {
        let target = std::fs::read_link(run)?;
        return Ok(fnv1a_64(target.as_os_str().as_encoded_bytes()));
    }
    let mut file = open_as_seen(run, &seen)?.take(MOST_DIGESTED);
    let mut piece = vec![0; 1 << 16];
    let mut hash = FNV_START;
    loop {
        match file.read(&mut piece)? {
            0 if seen.len() > MOST_DIGESTED => {
                return Ok(fnv1a_64_on(hash, &seen.len().to_le_bytes()));
            }
            0 => return Ok(hash),
            read => hash = fnv1a_64_on(hash, &piece[..read]),
        }
    }
}

/// The most of a `run` its digest reads.
const MOST_DIGESTED: u64 = 64 << 20;

/// The schedule as text, a game a line.
fn schedule_text(
    format: &Format,
    pairings: &[Pairing],
    names: &[String],
    options: &TournamentOptions,
) -> String {
    if let Format::Swiss { rounds } = format {
        let records = vec![swiss::Record::default(); names.len()];
        let mut text = format!(
            "a Swiss of {rounds} round(s): each round is paired from the results before it; round 1 (seed {}):\n",
            options.seed
        );
        let Round { games, bye } = pair_round(&records, 1);
        let pairings: Vec<Pairing> = games
            .iter()
            .enumerate()
            .map(|(board, &(white, black))| Pairing {
                round: 1,
                white,
                black,
                pair_game: 0,
                opening: board,
            })
            .collect();
        text.push_str(&pairings_text(&pairings, names));
        if let Some(bye) = bye {
            let _ = writeln!(text, "round 1: {} has a bye", names[bye]);
        }
        return text;
    }
    pairings_text(pairings, names)
}

/// Pairings a line each: round, white, black, opening.
fn pairings_text(pairings: &[Pairing], names: &[String]) -> String {
    let mut text = String::new();
    for pairing in pairings {
        let _ = writeln!(
            text,
            "round {}: {} (white) - {} (black), opening {}",
            pairing.round,
            names[pairing.white],
            names[pairing.black],
            pairing.opening + 1
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_digested_to_a_bound_then_by_its_length() {
        let dir = std::env::temp_dir().join(format!("congo-digest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let run = dir.join("run");
        std::fs::write(&run, "#!/bin/sh\n").unwrap();
        assert_eq!(digest(&run).unwrap(), fnv1a_64(b"#!/bin/sh\n"));
        // A terabyte of holes: its first 64 MiB, then its length.
        let huge = std::fs::File::options().write(true).open(&run).unwrap();
        if huge.set_len(1 << 40).is_ok() {
            let zeros = vec![0; MOST_DIGESTED as usize];
            let mut expected = fnv1a_64(b"#!/bin/sh\n");
            expected = fnv1a_64_on(expected, &zeros[10..]);
            expected = fnv1a_64_on(expected, &(1u64 << 40).to_le_bytes());
            assert_eq!(digest(&run).unwrap(), expected);
        }
        // A link is digested by its target's name.
        let link = dir.join("link");
        std::os::unix::fs::symlink("/etc/shadow", &link).unwrap();
        assert_eq!(digest(&link).unwrap(), fnv1a_64(b"/etc/shadow"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
