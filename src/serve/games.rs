//! The games the server keeps for the page: a game against congo, by hand,
//! or against a friend, each with a secret link per person's side and an
//! open one for watchers, its clocks kept here (the server's clock
//! decides), and congo's moves searched here while someone follows the
//! game.
//!
//! Games live in memory: at most [`MAX_GAMES`] (the finished ones go
//! first when room is needed) and [`MAX_GAMES_PER_ADDRESS`] unfinished ones
//! made from one address; a game no one follows or plays for
//! [`IDLE_LIMIT`] is dropped.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::thread;
use std::time::{Duration, Instant};

use super::clock::{Clocks, TimeControl};
use super::feed::{Changes, Feed, Next, Seen};
use super::searchers::{Asker, Refused, Searchers};
use super::views::{plies_json, position_json, result_words};
use crate::engine::Limit;
use crate::json::{Json, object};
use crate::record::Record;
use crate::{ByColor, Color, Game, MoveError, Outcome, PlayError, Position};

/// The most games kept at once.
pub const MAX_GAMES: usize = 1000;

/// The most unfinished games made from one address.
pub const MAX_GAMES_PER_ADDRESS: usize = 32;

/// How long a game no one follows or plays is kept.
pub const IDLE_LIMIT: Duration = Duration::from_secs(60 * 60);

/// How often clocks are looked at for a flag, and idle games for age.
const SWEEP_EVERY: Duration = Duration::from_millis(25);

/// How long congo's move waits in the engines' queue at a time.
const ENGINE_WAIT: Duration = Duration::from_secs(60);

/// How long congo's move waits to queue again when the queue is full.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Player {
    /// A person, with the side's secret link.
    Person,
    /// congo's engine.
    Engine,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Person => "person",
            Player::Engine => "engine",
        }
    }
}

/// What a new game is.
pub(super) struct NewGame {
    /// Its start and any moves played before it was kept.
    pub game: Game,
    pub players: ByColor<Player>,
    /// Whether one person plays both sides, with one link.
    pub one_person: bool,
    pub clock: Option<TimeControl>,
    /// congo's time a move when there is no clock.
    pub movetime: Duration,
}

/// Why a request about a game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum GameError {
    /// No game has that number (it may have been dropped).
    Unknown,
    /// The link plays no side of the game.
    NotAPlayer,
    /// It is the other side's turn.
    NotYourTurn(Color),
    /// The move cannot be played.
    Move(String),
    /// The game is over: why.
    Over(String),
    /// Take-backs need congo as the other side, or one person playing both.
    NoTakeBack,
    /// The server keeps as many games as it may.
    Full,
    /// This address has as many unfinished games as it may.
    TooManyFromHere,
}

impl GameError {
    /// The status that answers it.
    pub fn status(&self) -> u16 {
        match self {
            GameError::Unknown => 404,
            GameError::NotAPlayer => 403,
            GameError::NotYourTurn(_) | GameError::Over(_) | GameError::NoTakeBack => 409,
            GameError::Move(_) => 400,
            GameError::Full | GameError::TooManyFromHere => 503,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Unknown => f.write_str(
                "no such game: the link is wrong, or the game was dropped after an hour unplayed",
            ),
            GameError::NotAPlayer => f.write_str("this link watches the game; it plays no side"),
            GameError::NotYourTurn(side) => write!(f, "it is {side}'s turn"),
            GameError::Move(why) => f.write_str(why),
            GameError::Over(why) => write!(f, "the game is over: {why}"),
            GameError::NoTakeBack => {
                f.write_str("moves are taken back only against congo or when you play both sides")
            }
            GameError::Full => {
                write!(
                    f,
                    "the server keeps {MAX_GAMES} games already; try again later"
                )
            }
            GameError::TooManyFromHere => write!(
                f,
                "{MAX_GAMES_PER_ADDRESS} unfinished games from your address already; finish or leave one"
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// Every game kept.
pub(super) struct Games {
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    searchers: Arc<Searchers>,
    numbers: AtomicU64,
}

/// A new game and its links' secrets, one per person's side (the same for
/// both when one person plays both).
pub(super) struct Created {
    pub game: Arc<LiveGame>,
    pub secrets: ByColor<Option<String>>,
}

impl Games {
    /// The games of a server searching with `searchers`; a thread watches
    /// their clocks and ages.
    pub fn new(searchers: Arc<Searchers>) -> Arc<Games> {
        let games = Arc::new(Games {
            games: Mutex::new(HashMap::new()),
            searchers,
            numbers: AtomicU64::new(1),
        });
        let watched = Arc::downgrade(&games);
        let _ = thread::Builder::new()
            .name("game clocks".into())
            .spawn(move || sweep(&watched));
        games
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts `new` for a person at `creator`.
    pub fn create(&self, new: NewGame, creator: IpAddr) -> Result<Created, GameError> {
        let mut games = self.lock();
        let from_here = games
            .values()
            .filter(|game| game.creator == creator && !game.lock().is_over())
            .count();
        if from_here >= MAX_GAMES_PER_ADDRESS {
            return Err(GameError::TooManyFromHere);
        }
        if games.len() >= MAX_GAMES {
            let oldest_finished = games
                .values()
                .filter(|game| game.lock().is_over())
                .min_by_key(|game| game.lock().touched)
                .map(|game| game.id.clone());
            match oldest_finished {
                Some(id) => {
                    games.remove(&id);
                }
                None => return Err(GameError::Full),
            }
        }
        let one = new.one_person.then(|| secret(16));
        let secrets = ByColor([Color::White, Color::Black].map(|side| {
            (new.players[side] == Player::Person).then(|| one.clone().unwrap_or_else(|| secret(16)))
        }));
        let mut id = secret(6);
        while games.contains_key(&id) {
            id = secret(6);
        }
        let game = Arc::new(LiveGame {
            id: id.clone(),
            number: self.numbers.fetch_add(1, Ordering::Relaxed),
            creator,
            searchers: Arc::clone(&self.searchers),
            changes: Changes::default(),
            state: Mutex::new(State {
                game: new.game,
                players: new.players,
                secrets: secrets.clone(),
                clock: new.clock.map(Clocks::new),
                flagged: None,
                movetime: new.movetime,
                search: None,
                followers: 0,
                touched: Instant::now(),
            }),
        });
        games.insert(id, Arc::clone(&game));
        Ok(Created { game, secrets })
    }

    /// The game `id`.
    pub fn find(&self, id: &str) -> Result<Arc<LiveGame>, GameError> {
        self.lock().get(id).cloned().ok_or(GameError::Unknown)
    }
}

/// Every so often: ends the games whose running clock has run out, and
/// drops those left idle too long; stops once the games are gone.
fn sweep(games: &Weak<Games>) {
    while let Some(games) = games.upgrade() {
        let now = Instant::now();
        let kept: Vec<Arc<LiveGame>> = games.lock().values().cloned().collect();
        let mut idle = Vec::new();
        for game in kept {
            let mut state = game.lock();
            if !state.is_over()
                && let Some(loser) = state.clock.as_ref().and_then(|clock| clock.flagged(now))
            {
                state.flag(loser, now);
                game.changes.bump();
                drop(state);
                continue;
            }
            if state.followers == 0 && now.duration_since(state.touched) > IDLE_LIMIT {
                state.stop_search();
                idle.push(game.id.clone());
            }
        }
        if !idle.is_empty() {
            let mut kept = games.lock();
            for id in idle {
                kept.remove(&id);
            }
        }
        drop(games);
        thread::sleep(SWEEP_EVERY);
    }
}

/// `bytes` random bytes in hexadecimal: from the system's random source,
/// or else from the standard library's randomly keyed hasher.
fn secret(bytes: usize) -> String {
    let mut random = vec![0; bytes];
    let read =
        std::fs::File::open("/dev/urandom").and_then(|mut file| file.read_exact(&mut random));
    if read.is_err() {
        use std::hash::{BuildHasher, RandomState};
        for (at, byte) in random.iter_mut().enumerate() {
            *byte = RandomState::new().hash_one((at, Instant::now())) as u8;
        }
    }
    random.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// One game kept by the server.
pub(super) struct LiveGame {
    /// Its name in links.
    pub id: String,
    /// Its number, for the engines' fair queue.
    number: u64,
    creator: IpAddr,
    searchers: Arc<Searchers>,
    state: Mutex<State>,
    /// Bumped at every change, for the pages that follow it.
    pub changes: Changes,
}

/// A game's state.
struct State {
    game: Game,
    players: ByColor<Player>,
    secrets: ByColor<Option<String>>,
    clock: Option<Clocks>,
    /// The side whose time ran out, if one did.
    flagged: Option<Color>,
    movetime: Duration,
    /// congo's search under way, if one is.
    search: Option<Search>,
    /// The event streams that follow the game.
    followers: usize,
    /// When a person last did something in it.
    touched: Instant,
}

/// congo's search for a move: raise `stop` to stop it; `lent` is raised
/// once it has an engine (until then it waits its turn).
struct Search {
    stop: Arc<AtomicBool>,
    lent: Arc<AtomicBool>,
}

/// Which sides a link plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    One(Color),
    Both,
}

impl Search {
    /// What congo is doing, in a word.
    fn state(&self) -> &'static str {
        if self.lent.load(Ordering::Relaxed) {
            "thinking"
        } else {
            "waiting"
        }
    }
}

impl State {
    fn is_over(&self) -> bool {
        self.flagged.is_some() || self.game.ending().is_some()
    }

    /// The winner and the reason, once the game is over.
    fn over(&self) -> Option<(Option<Color>, String)> {
        match self.flagged {
            Some(loser) => Some((Some(!loser), format!("{loser} ran out of time"))),
            None => self
                .game
                .ending()
                .map(|ending| (ending.winner(), ending.to_string())),
        }
    }

    /// The sides `secret` plays.
    fn seat(&self, secret: Option<&str>) -> Option<Seat> {
        let secret = secret?;
        let plays = |side: Color| self.secrets[side].as_deref() == Some(secret);
        match (plays(Color::White), plays(Color::Black)) {
            (true, true) => Some(Seat::Both),
            (true, false) => Some(Seat::One(Color::White)),
            (false, true) => Some(Seat::One(Color::Black)),
            (false, false) => None,
        }
    }

    /// Stops the clocks of a game against congo that no page follows:
    /// adjourned, so that congo, which searches only for a page, never
    /// loses on time to a player who left.
    fn adjourn_if_unwatched(&mut self, now: Instant) {
        let against_congo = [Color::White, Color::Black]
            .into_iter()
            .any(|side| self.players[side] == Player::Engine);
        if against_congo
            && self.followers == 0
            && let Some(clock) = &mut self.clock
        {
            clock.stop(now);
        }
    }

    /// Starts the clock of the side to move again once a page follows an
    /// adjourned game.
    fn resume_if_adjourned(&mut self, now: Instant) {
        let any_move = !self.game.moves().is_empty();
        let to_move = self.game.position().side;
        let over = self.is_over();
        if let Some(clock) = &mut self.clock
            && clock.running().is_none()
            && !over
        {
            clock.resume(to_move, now, any_move);
        }
    }

    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
        }
    }

    fn flag(&mut self, loser: Color, now: Instant) {
        self.flagged = Some(loser);
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.stop_search();
    }

    /// Plays `text` for the side to move at `now`: the clock charged first.
    fn play(&mut self, text: &str, now: Instant) -> Result<(), GameError> {
        if let Some((_, why)) = self.over() {
            return Err(GameError::Over(why));
        }
        let position = self.game.position();
        let m = position
            .parse_move(text, &mut Vec::new())
            .map_err(|error| GameError::Move(error.to_string()))?;
        let mover = position.side;
        if let Some(clock) = &mut self.clock
            && let Err(loser) = clock.moved(mover, now)
        {
            self.flag(loser, now);
            return Err(GameError::Over(format!("{loser} ran out of time")));
        }
        self.game.play(m).map_err(|error| match error {
            PlayError::Move(MoveError::GameOver(_)) | PlayError::Ended(..) => {
                GameError::Over(error.to_string())
            }
            PlayError::Move(error) => GameError::Move(error.to_string()),
        })?;
        if self.is_over()
            && let Some(clock) = &mut self.clock
        {
            clock.stop(now);
        }
        Ok(())
    }

    /// The game as `seat` sees it, at `version` (the game's count of
    /// changes, which a page compares to never show an older state).
    fn view(&self, id: &str, seat: Option<Seat>, now: Instant, version: u64) -> Json {
        let you = match seat {
            None => Json::Null,
            Some(Seat::Both) => "both".into(),
            Some(Seat::One(side)) => side.name().into(),
        };
        let clock = match &self.clock {
            None => Json::Null,
            Some(clock) => {
                let ms = |time: Duration| (time.as_millis() as i64).into();
                let control = clock.control();
                object([
                    ("base", ms(control.base)),
                    ("increment", ms(control.increment)),
                    ("white", ms(clock.left(Color::White, now))),
                    ("black", ms(clock.left(Color::Black, now))),
                    ("running", clock.running().map(Color::name).into()),
                ])
            }
        };
        let moves: Vec<Json> = self
            .game
            .moves()
            .iter()
            .map(|m| m.to_string().into())
            .collect();
        object([
            ("id", id.into()),
            ("version", (version as i64).into()),
            ("you", you),
            (
                "players",
                object([
                    ("white", self.players[Color::White].name().into()),
                    ("black", self.players[Color::Black].name().into()),
                ]),
            ),
            ("start", self.game.start().to_string().into()),
            ("moves", Json::Array(moves)),
            ("plies", plies_json(&self.game)),
            ("position", position_json(&self.game, self.over())),
            ("clock", clock),
            ("congo", self.search.as_ref().map(Search::state).into()),
            (
                "result",
                self.over().map(|(winner, _)| result_words(winner)).into(),
            ),
        ])
    }
}

impl LiveGame {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The game as the holder of `secret` (a watcher, without one) sees it.
    pub fn view(&self, secret: Option<&str>) -> Json {
        let state = self.lock();
        state.view(
            &self.id,
            state.seat(secret),
            Instant::now(),
            self.changes.now(),
        )
    }

    /// The game as a match record's line (`match --record`'s format), white
    /// as engine A; a game not over is recorded drawn, its reason saying it
    /// was not finished.
    pub fn record(&self) -> Record {
        let state = self.lock();
        let plies = state.game.moves().len();
        let (outcome, reason) = match state.over() {
            Some((winner, reason)) => (Outcome::won_by(winner), reason),
            None => (
                Outcome::Draw,
                format!("not finished: saved after {plies} plies"),
            ),
        };
        Record {
            game: 1,
            white: 'A',
            start: state.game.start().to_string(),
            moves: state.game.moves().iter().map(|m| m.to_string()).collect(),
            outcome,
            reason,
        }
    }

    /// Plays `text` for the holder of `secret`.
    pub fn play(self: &Arc<Self>, secret: Option<&str>, text: &str) -> Result<Json, GameError> {
        let now = Instant::now();
        let mut state = self.lock();
        let seat = state.seat(secret).ok_or(GameError::NotAPlayer)?;
        let side = state.game.position().side;
        let plays = seat == Seat::Both || seat == Seat::One(side);
        if !plays || state.players[side] != Player::Person {
            if let Some((_, why)) = state.over() {
                return Err(GameError::Over(why));
            }
            return Err(GameError::NotYourTurn(side));
        }
        state.touched = now;
        let played = state.play(text, now);
        state.adjourn_if_unwatched(now);
        self.drive(&mut state);
        let view = self.changed_view(&state, seat, now);
        played.map(|()| view)
    }

    /// Takes back moves for the holder of `secret`, to their own turn.
    pub fn take_back(self: &Arc<Self>, secret: Option<&str>) -> Result<Json, GameError> {
        let now = Instant::now();
        let mut state = self.lock();
        let seat = state.seat(secret).ok_or(GameError::NotAPlayer)?;
        let mine = match seat {
            Seat::Both => None,
            Seat::One(side) if state.players[!side] == Player::Engine => Some(side),
            Seat::One(_) => return Err(GameError::NoTakeBack),
        };
        if state.flagged.is_some() {
            return Err(GameError::Over(format!(
                "{} ran out of time",
                state.flagged.map_or("", Color::name)
            )));
        }
        state.stop_search();
        state.touched = now;
        if state.game.undo().is_some()
            && let Some(side) = mine
            && state.game.position().side != side
        {
            state.game.undo();
        }
        let any_move = !state.game.moves().is_empty();
        let to_move = state.game.position().side;
        if let Some(clock) = &mut state.clock {
            clock.resume(to_move, now, any_move);
        }
        self.drive(&mut state);
        Ok(self.changed_view(&state, seat, now))
    }

    /// Tells the game's followers that `state` changed, then the view of
    /// it for `seat`: counted before it is seen, so that the answer to a
    /// move is newer than any view from before the move (and older than
    /// congo's reply to it, whichever reaches the page first).
    fn changed_view(&self, state: &State, seat: Seat, now: Instant) -> Json {
        self.changes.bump();
        state.view(&self.id, Some(seat), now, self.changes.now())
    }

    /// A feed of the game's views as the holder of `secret` sees them, one
    /// now and one at each change; congo searches while the game has one.
    pub fn follow(self: &Arc<Self>, secret: Option<String>) -> GameFeed {
        let mut state = self.lock();
        state.followers += 1;
        let now = Instant::now();
        state.touched = now;
        if state.followers == 1 {
            state.resume_if_adjourned(now);
        }
        self.drive(&mut state);
        drop(state);
        GameFeed {
            game: Arc::clone(self),
            secret,
            seen: Seen::default(),
        }
    }

    /// Starts congo's search when it is its turn, no search is under way
    /// and someone follows the game.
    fn drive(self: &Arc<Self>, state: &mut State) {
        let side = state.game.position().side;
        if state.is_over()
            || state.players[side] != Player::Engine
            || state.search.is_some()
            || state.followers == 0
        {
            return;
        }
        let (stop, lent) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        state.search = Some(Search {
            stop: Arc::clone(&stop),
            lent: Arc::clone(&lent),
        });
        let now = Instant::now();
        let time = state
            .clock
            .as_ref()
            .map_or(state.movetime, |clock| clock.engine_share(side, now));
        let position = state.game.position().clone();
        let keys = state.game.earlier_keys();
        let game = Arc::clone(self);
        let spawned = thread::Builder::new()
            .name("congo's move".into())
            .spawn(move || game.search(position, keys, Limit::Time(time), stop, lent));
        if spawned.is_err() {
            state.search = None;
        }
    }

    /// congo's search for its move, played unless it was stopped meanwhile.
    /// It waits its turn for an engine, as long as it takes.
    fn search(
        self: Arc<Self>,
        position: Position,
        keys: Vec<u64>,
        limit: Limit,
        stop: Arc<AtomicBool>,
        lent: Arc<AtomicBool>,
    ) {
        let asker = Asker::Game(self.creator, self.number);
        let gone = || stop.load(Ordering::Relaxed);
        let mut engine = loop {
            match self.searchers.lend(asker, ENGINE_WAIT, &gone) {
                Ok(engine) => break engine,
                Err(Refused::Gone) => return,
                // The queue is full: a little later, unless stopped.
                Err(Refused::Crowded | Refused::TimedOut) => {
                    let retry = Instant::now() + RETRY_AFTER;
                    while Instant::now() < retry {
                        if gone() {
                            return;
                        }
                        thread::sleep(SWEEP_EVERY);
                    }
                }
            }
        };
        lent.store(true, Ordering::Relaxed);
        self.changes.bump();
        engine.clear();
        engine.stop_when(Some(Arc::clone(&stop)));
        let choice = engine.choose(&position, limit, &keys);
        drop(engine);
        let mut state = self.lock();
        let ours = state
            .search
            .as_ref()
            .is_some_and(|search| Arc::ptr_eq(&search.stop, &stop));
        if !ours || stop.load(Ordering::Relaxed) {
            return;
        }
        state.search = None;
        if let Some(choice) = choice {
            // A move of congo's own choosing is legal; the clock may have
            // run out meanwhile, which ends the game.
            let _ = state.play(&choice.best.to_string(), Instant::now());
        }
        self.drive(&mut state);
        // Counted before the state is let go: no view of congo's move is
        // older than the views from before it.
        self.changes.bump();
    }
}

/// A page following a game.
pub(super) struct GameFeed {
    game: Arc<LiveGame>,
    secret: Option<String>,
    seen: Seen,
}

impl Feed for GameFeed {
    fn next(&mut self, wait: Duration) -> Next {
        let (game, secret) = (&self.game, self.secret.as_deref());
        self.seen
            .next(&game.changes, wait, || game.view(secret).to_string())
    }
}

impl Drop for GameFeed {
    fn drop(&mut self) {
        let mut state = self.game.lock();
        state.followers -= 1;
        if state.followers == 0 {
            // No one to play for: congo stops, and searches again when
            // someone comes back; meanwhile the game is adjourned.
            state.stop_search();
            state.adjourn_if_unwatched(Instant::now());
            self.game.changes.bump();
            drop(state);
        }
    }
}
