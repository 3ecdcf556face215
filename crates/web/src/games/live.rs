//! One game kept by the server, shared by the requests and event streams
//! that play and follow it, and congo's searches for its moves.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::action::Action;
use super::entry::Snapshot;
use super::state::{Search, Seat, State};
use super::stop::Stop;
use super::{GameError, Player};
use crate::feed::{Changes, Feed, Next, Seen};
use crate::journal::{GameLog, JournalError};
use crate::searchers::{Asker, Refused, Searchers};
use crate::visitor::Visitor;
use congo_engine::Limit;
use congo_kit::json::Json;
use congo_rules::record::Record;
use congo_rules::{ByColor, Color, History, Outcome, Position};

/// How long congo's move waits in the engines' queue at a time.
const ENGINE_WAIT: Duration = Duration::from_secs(60);

/// How long congo's move waits to queue again when the queue is full.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// How often a search waiting to queue again looks whether it was stopped.
const LOOK_EVERY: Duration = Duration::from_millis(25);

/// One game kept by the server.
pub(crate) struct LiveGame {
    /// Its name in links.
    pub id: String,
    /// Its number, for the engines' fair queue.
    number: u64,
    pub(super) creator: Visitor,
    searchers: Arc<Searchers>,
    state: Mutex<State>,
    /// Bumped at every change, for the pages that follow it.
    pub changes: Changes,
    /// Where its changes are written; none for a game whose journal is
    /// damaged, kept to read only.
    log: Option<GameLog>,
}

impl LiveGame {
    /// The game `id`, numbered `number`, made at `creator`, as `state`
    /// stands at `version`, written to `log`.
    pub(super) fn new(
        (id, number, creator): (String, u64, Visitor),
        searchers: &Arc<Searchers>,
        (state, version): (State, u64),
        log: Option<GameLog>,
    ) -> LiveGame {
        LiveGame {
            id,
            number,
            creator,
            searchers: Arc::clone(searchers),
            state: Mutex::new(state),
            changes: Changes::starting_at(version),
            log,
        }
    }

    /// Writes what changed since `before` to the journal, each line synced
    /// before the change is answered.
    fn save(&self, state: &State, before: &Snapshot, now: Instant) -> Result<(), GameError> {
        let lines = state.lines_since(before, now);
        if lines.is_empty() {
            return Ok(());
        }
        let log = self.log.as_ref().ok_or(GameError::ReadOnly)?;
        let ends = before.ended_by(state);
        for line in lines {
            // Why is the server's own business (a path, a disk), not the
            // client's, but for the maker's share.
            log.append(&line, ends).map_err(|error| match error {
                JournalError::ShareFull(_, most) => GameError::ShareFull(most),
                _ => GameError::Unsaved,
            })?;
        }
        Ok(())
    }

    /// Makes `change` to `state` at `now` and saves it; if it cannot be
    /// saved, `state` is put back as it was, so that no one is shown what
    /// a restart would not bring back.
    pub(super) fn change<T>(
        &self,
        state: &mut State,
        now: Instant,
        change: impl FnOnce(&mut State) -> T,
    ) -> Result<T, GameError> {
        let (before, kept) = (state.snapshot(), state.kept());
        let result = change(state);
        if let Err(error) = self.save(state, &before, now) {
            state.put_back(kept);
            return Err(error);
        }
        Ok(result)
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
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
            Some(verdict) if verdict.result.is_some() => {
                (Outcome::won_by(state.winner()), verdict.reason)
            }
            Some(verdict) => (Outcome::Draw, verdict.reason),
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

    /// What a PGN of the game says: its record, who played, its result
    /// (`*` while it goes on or once aborted) and how it ended in PGN's
    /// words.
    pub fn pgn_facts(&self) -> PgnFacts {
        let record = self.record();
        let state = self.lock();
        let result = match state.over() {
            Some(verdict) if verdict.result.is_some() => record.outcome.result(),
            _ => "*",
        };
        let termination = match (state.stop, state.is_over()) {
            (Some(Stop::Flagged(_)), _) => "time forfeit",
            (Some(Stop::Left(_)), _) => "abandoned",
            (Some(Stop::Aborted), _) | (None, false) => "unterminated",
            _ => "normal",
        };
        PgnFacts {
            record,
            players: state.players,
            result,
            termination,
        }
    }

    /// The seat of `secret`'s holder, who must play a side.
    fn player(state: &State, secret: Option<&str>) -> Result<Seat, GameError> {
        state.seat(secret).ok_or(GameError::NotAPlayer)
    }

    /// Plays `text` for the holder of `secret`.
    pub fn play(self: &Arc<Self>, secret: Option<&str>, text: &str) -> Result<Json, GameError> {
        let now = Instant::now();
        let mut state = self.lock();
        let seat = Self::player(&state, secret)?;
        let side = state.game.position().side;
        if !seat.plays(side) || state.players[side] != Player::Person {
            state.going_on()?;
            return Err(GameError::NotYourTurn(side));
        }
        state.touched = now;
        let played = self.change(&mut state, now, |state| state.play(text, now))?;
        state.adjourn_if_unwatched(now);
        self.drive(&mut state);
        let view = self.changed_view(&state, seat, now);
        played.map(|()| view)
    }

    /// Takes back moves for the holder of `secret`, to their own turn.
    pub fn take_back(self: &Arc<Self>, secret: Option<&str>) -> Result<Json, GameError> {
        let now = Instant::now();
        let mut state = self.lock();
        let seat = Self::player(&state, secret)?;
        self.change(&mut state, now, |state| state.take_back(seat, now))??;
        state.touched = now;
        self.drive(&mut state);
        Ok(self.changed_view(&state, seat, now))
    }

    /// Notes that the holder of `secret`, whose page is hidden and follows
    /// no stream, is here; the view as they see it.
    pub fn here(&self, secret: Option<&str>) -> Result<Json, GameError> {
        let now = Instant::now();
        let mut state = self.lock();
        let seat = Self::player(&state, secret)?;
        let was_gone = [Color::White, Color::Black].map(|side| state.gone(side, now));
        state.here(seat, now);
        if was_gone != [Color::White, Color::Black].map(|side| state.gone(side, now)) {
            // The other player's countdown to a claim is over.
            self.changes.bump();
        }
        Ok(state.view(&self.id, Some(seat), now, self.changes.now()))
    }

    /// Takes `action` (resign, abort, a draw's offer or answer, a claim)
    /// for the holder of `secret`.
    pub fn act(&self, secret: Option<&str>, action: Action) -> Result<Json, GameError> {
        let now = Instant::now();
        let mut state = self.lock();
        let seat = Self::player(&state, secret)?;
        self.change(&mut state, now, |state| state.act(seat, action, now))??;
        state.touched = now;
        Ok(self.changed_view(&state, seat, now))
    }

    /// Tells the game's followers that `state` changed, then the view of
    /// it for `seat`: counted before it is seen, so that the answer to a
    /// move is newer than any view from before the move (and older than
    /// congo's reply to it, whichever reaches the page first).
    pub(super) fn changed_view(&self, state: &State, seat: Seat, now: Instant) -> Json {
        self.changes.bump();
        state.view(&self.id, Some(seat), now, self.changes.now())
    }

    /// A feed of the game's views as the holder of `secret` sees them, one
    /// now and one at each change; congo searches while its player has
    /// one.
    pub fn follow(self: &Arc<Self>, secret: Option<String>) -> GameFeed {
        let mut state = self.lock();
        let seat = state.seat(secret.as_deref());
        let attended = state.attended();
        state.followers += 1;
        state.arrived(seat);
        let now = Instant::now();
        state.touched = now;
        if !attended && state.attended() {
            state.resume_clock(now);
        }
        self.drive(&mut state);
        self.changes.bump();
        drop(state);
        GameFeed {
            game: Arc::clone(self),
            secret,
            seat,
            seen: Seen::default(),
        }
    }

    /// Starts congo's search when it is its turn, no search is under way
    /// and someone follows the game.
    pub(super) fn drive(self: &Arc<Self>, state: &mut State) {
        let side = state.game.position().side;
        if state.is_over()
            || state.players[side] != Player::Engine
            || state.search.is_some()
            || !state.attended()
        {
            return;
        }
        let (stop, lent) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let halt = Arc::new(AtomicBool::new(false));
        state.search = Some(Search {
            stop: Arc::clone(&stop),
            halt: Arc::clone(&halt),
            lent: Arc::clone(&lent),
        });
        let limit = state.engine_limit(Instant::now());
        let position = state.game.position().clone();
        let history = state.game.history();
        let game = Arc::clone(self);
        let spawned = thread::Builder::new()
            .name("congo's move".into())
            .spawn(move || game.search(position, history, limit, (stop, halt, lent)));
        if spawned.is_err() {
            state.search = None;
        }
    }

    /// congo's search for its move, played unless it was stopped meanwhile.
    /// It waits its turn for an engine, as long as it takes; its clock runs
    /// only once it has one.
    fn search(
        self: Arc<Self>,
        position: Position,
        history: History,
        limit: Limit,
        (stop, halt, lent): (Arc<AtomicBool>, Arc<AtomicBool>, Arc<AtomicBool>),
    ) {
        let Some(mut engine) = self.wait_for_engine(&limit, &stop) else {
            return;
        };
        // Made ready before congo's clock starts: its time is its search's.
        engine.clear();
        engine.stop_when(halt);
        {
            let mut state = self.lock();
            if stop.load(Ordering::Relaxed) {
                return;
            }
            lent.store(true, Ordering::Relaxed);
            state.start_engine_clock(position.side, Instant::now());
            self.changes.bump();
        }
        let choice = engine.choose(&position, limit, &history);
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
            // Unsaved, the move is not made, and congo searches again.
            let move_text = choice.best.to_string();
            let _ = self.change(&mut state, Instant::now(), |state| {
                state.play(&move_text, Instant::now())
            });
        }
        self.drive(&mut state);
        // Counted before the state is let go: no view of congo's move is
        // older than the views from before it.
        self.changes.bump();
    }

    /// An engine for this game's search to `limit`, once the fair queue
    /// lends one; none if the search is stopped first.
    fn wait_for_engine(
        &self,
        limit: &Limit,
        stop: &AtomicBool,
    ) -> Option<crate::searchers::Lent<'_>> {
        let asker = Asker::Game(self.creator, self.number);
        let gone = || stop.load(Ordering::Relaxed);
        loop {
            match self.searchers.lend(asker, limit, ENGINE_WAIT, &gone) {
                Ok(engine) => return Some(engine),
                Err(Refused::Gone) => return None,
                // The queue is full: a little later, unless stopped.
                Err(Refused::Crowded | Refused::TimedOut) => {
                    let retry = Instant::now() + RETRY_AFTER;
                    while Instant::now() < retry {
                        if gone() {
                            return None;
                        }
                        thread::sleep(LOOK_EVERY);
                    }
                }
            }
        }
    }
}

/// What a PGN of a kept game says beside its moves.
pub(crate) struct PgnFacts {
    pub record: Record,
    pub players: ByColor<Player>,
    pub result: &'static str,
    pub termination: &'static str,
}

/// A page following a game.
pub(crate) struct GameFeed {
    game: Arc<LiveGame>,
    secret: Option<String>,
    seat: Option<Seat>,
    seen: Seen,
}

impl GameFeed {
    /// Has `listener` bumped at each change of the game.
    pub fn tell(&self, listener: &Arc<Changes>) {
        self.game.changes.tell(listener);
    }
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
        let now = Instant::now();
        state.followers -= 1;
        state.left(self.seat, now);
        if !state.attended() {
            // No one to play for: congo stops, and searches again when
            // someone comes back; meanwhile the game is adjourned.
            state.stop_search();
            state.adjourn_if_unwatched(now);
        }
        self.game.changes.bump();
        drop(state);
    }
}
