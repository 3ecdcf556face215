//! `congo serve --watch RECORD`: a match followed while `congo match
//! --record RECORD` plays it. A thread reads what the record and its live
//! companion (see [`congo_rules::live::live_path`]) have gained every
//! [`READ_EVERY`], each file from where it stopped, so a long record is
//! read once; the games, finished and under way, are kept here for the
//! pages that follow them.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::thread;
use std::time::Duration;

use super::feed::{Changes, Feed, Next, Seen};
use super::views::{plies_json, position_json};
use congo_kit::json::{Json, object};
use congo_rules::live::{Line as LiveLine, live_path};
use congo_rules::record::Record;
use congo_rules::{Game, Position, Reach, RuleSet};

/// How often the files are looked at.
pub const READ_EVERY: Duration = Duration::from_millis(100);

/// The match being watched.
pub(super) struct Watch {
    shared: Arc<Shared>,
}

struct Shared {
    record: PathBuf,
    rule_set: RuleSet,
    watched: Mutex<Watched>,
    changes: Changes,
}

/// What has been read of the match.
#[derive(Default)]
struct Watched {
    /// The engines' command lines, A's first, once the companion names them.
    engines: [Option<String>; 2],
    /// Finished games by number.
    finished: BTreeMap<usize, Record>,
    /// Games under way by number.
    playing: BTreeMap<usize, Playing>,
    record: Tail,
    live: Tail,
    /// What is wrong with a file, if something is.
    problem: Option<String>,
}

/// A game under way, as the companion tells it.
struct Playing {
    white: char,
    start: String,
    moves: Vec<String>,
}

/// How far a file has been read, in bytes and lines.
#[derive(Clone, Copy, Default)]
struct Tail {
    bytes: u64,
    lines: usize,
}

impl Watch {
    /// Starts watching `record`, read by `rule_set`.
    pub fn new(record: &Path, rule_set: RuleSet) -> Watch {
        let shared = Arc::new(Shared {
            record: record.to_owned(),
            rule_set,
            watched: Mutex::new(Watched::default()),
            changes: Changes::default(),
        });
        shared.read();
        let weak = Arc::downgrade(&shared);
        let _ = thread::Builder::new()
            .name("watch".into())
            .spawn(move || keep_reading(&weak));
        Watch { shared }
    }

    /// The match's games and score, with game `game` in full if asked.
    pub fn view(&self, game: Option<usize>) -> Json {
        self.shared.view(game)
    }

    /// A feed of [`Watch::view`], now and at each change.
    pub fn follow(&self, game: Option<usize>) -> WatchFeed {
        WatchFeed {
            shared: Arc::clone(&self.shared),
            game,
            seen: Seen::default(),
        }
    }
}

/// Reads the files every [`READ_EVERY`] until the server stops.
fn keep_reading(shared: &Weak<Shared>) {
    while let Some(shared) = shared.upgrade() {
        shared.read();
        drop(shared);
        thread::sleep(READ_EVERY);
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Watched> {
        self.watched.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads what the files have gained, and tells the followers if
    /// anything changed.
    fn read(&self) {
        let mut watched = self.lock();
        let before = (
            watched.record.bytes,
            watched.live.bytes,
            watched.problem.clone(),
        );
        let record = read_new_lines(&self.record, &mut watched.record);
        watched.problem = None;
        match record {
            Ok(None) => *watched = Watched::default(),
            Ok(Some((first, lines))) => {
                for (number, line) in (first..).zip(lines) {
                    match line.parse::<Record>() {
                        Ok(record) => {
                            watched.playing.remove(&record.game);
                            watched.finished.insert(record.game, record);
                        }
                        Err(error) => {
                            watched.problem =
                                Some(format!("{} line {number}: {error}", self.record.display()));
                        }
                    }
                }
            }
            Err(error) => {
                watched.problem = Some(format!("cannot read {}: {error}", self.record.display()));
            }
        }
        let live = live_path(&self.record);
        match read_new_lines(&live, &mut watched.live) {
            // No companion: no match is writing the record now.
            Ok(None) | Err(_) => {
                watched.playing.clear();
                watched.engines = [None, None];
                watched.live = Tail::default();
            }
            Ok(Some((first, lines))) => {
                for (number, line) in (first..).zip(lines) {
                    watched.take(&line, number, &live);
                }
            }
        }
        let after = (
            watched.record.bytes,
            watched.live.bytes,
            watched.problem.clone(),
        );
        drop(watched);
        if before != after {
            self.changes.bump();
        }
    }

    fn view(&self, game: Option<usize>) -> Json {
        let watched = self.lock();
        let mut games = Vec::new();
        let mut half_points = [0; 2];
        for record in watched.finished.values() {
            let a = record.a_half_points();
            half_points[0] += a;
            half_points[1] += 2 - a;
            games.push(object([
                ("game", (record.game as i64).into()),
                ("white", record.white.to_string().into()),
                ("state", "finished".into()),
                ("length", (record.moves.len() as i64).into()),
                ("result", record.outcome.result().into()),
                ("reason", record.reason.clone().into()),
            ]));
        }
        for (&number, playing) in &watched.playing {
            games.push(object([
                ("game", (number as i64).into()),
                ("white", playing.white.to_string().into()),
                ("state", "playing".into()),
                ("length", (playing.moves.len() as i64).into()),
                ("result", Json::Null),
                ("reason", Json::Null),
            ]));
        }
        let points = |half: usize| Json::Number(half as f64 / 2.0);
        let [a, b] = watched.engines.clone();
        let shown = game.map_or(Json::Null, |number| self.game(&watched, number));
        object([
            ("record", self.record.display().to_string().into()),
            ("engines", object([("A", a.into()), ("B", b.into())])),
            ("games", Json::Array(games)),
            (
                "score",
                object([
                    ("A", points(half_points[0])),
                    ("B", points(half_points[1])),
                    ("games", (watched.finished.len() as i64).into()),
                ]),
            ),
            ("playing", (watched.playing.len() as i64).into()),
            ("problem", watched.problem.clone().into()),
            ("game", shown),
        ])
    }

    /// Game `number` in full: its plies, where it stands, its result.
    fn game(&self, watched: &Watched, number: usize) -> Json {
        let (white, start, moves, over) =
            match (watched.finished.get(&number), watched.playing.get(&number)) {
                (Some(record), _) => (
                    record.white,
                    &record.start,
                    &record.moves,
                    Some((record.outcome.result(), record.reason.clone())),
                ),
                (None, Some(playing)) => (playing.white, &playing.start, &playing.moves, None),
                (None, None) => return Json::Null,
            };
        let Ok(start_position) = Position::from_fen(start, self.rule_set, Reach::Game) else {
            return Json::Null;
        };
        let mut game = Game::new(start_position, self.rule_set);
        for m in moves {
            if game.play_text(m).is_err() {
                break;
            }
        }
        let (result, reason) = over.map_or((None, None), |(result, reason)| {
            (Some(result), Some(reason))
        });
        object([
            ("game", (number as i64).into()),
            ("white", white.to_string().into()),
            ("start", start.as_str().into()),
            ("plies", plies_json(&game)),
            ("position", position_json(&game, None)),
            ("result", result.into()),
            ("reason", reason.into()),
        ])
    }
}

impl Watched {
    /// Takes in one line of the companion.
    fn take(&mut self, line: &str, number: usize, path: &Path) {
        match line.parse::<LiveLine>() {
            Ok(LiveLine::Engine(letter, command)) => {
                self.engines[usize::from(letter == 'B')] = Some(command);
            }
            Ok(LiveLine::Start(game, white, start)) if !self.finished.contains_key(&game) => {
                let moves = Vec::new();
                self.playing.insert(
                    game,
                    Playing {
                        white,
                        start,
                        moves,
                    },
                );
            }
            Ok(LiveLine::Ply(game, m)) => {
                if let Some(playing) = self.playing.get_mut(&game) {
                    playing.moves.push(m);
                }
            }
            Ok(LiveLine::Start(..)) => {}
            Err(error) => {
                self.problem = Some(format!("{} line {number}: {error}", path.display()));
            }
        }
    }
}

/// The whole lines `path` has gained since `tail`, with the number of the
/// first; `None` when the file is not there or has been replaced by a
/// shorter one (what was read of it no longer holds).
fn read_new_lines(path: &Path, tail: &mut Tail) -> io::Result<Option<(usize, Vec<String>)>> {
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let length = file.metadata()?.len();
    if length < tail.bytes {
        *tail = Tail::default();
        return Ok(None);
    }
    file.seek(SeekFrom::Start(tail.bytes))?;
    let mut gained = Vec::new();
    file.take(length - tail.bytes).read_to_end(&mut gained)?;
    // A line still being written waits for its newline.
    let whole = gained
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |at| at + 1);
    let first = tail.lines + 1;
    let lines: Vec<String> = match whole {
        0 => Vec::new(),
        _ => gained[..whole - 1]
            .split(|&byte| byte == b'\n')
            .map(|line| {
                String::from_utf8_lossy(line)
                    .trim_end_matches('\r')
                    .to_owned()
            })
            .collect(),
    };
    tail.bytes += whole as u64;
    tail.lines += lines.len();
    Ok(Some((first, lines)))
}

/// A page following the match.
pub(super) struct WatchFeed {
    shared: Arc<Shared>,
    game: Option<usize>,
    seen: Seen,
}

impl Feed for WatchFeed {
    fn next(&mut self, wait: Duration) -> Next {
        let (shared, game) = (&self.shared, self.game);
        self.seen
            .next(&shared.changes, wait, || shared.view(game).to_string())
    }
}
