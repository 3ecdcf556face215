//! The games the server keeps for the page: a game against congo, by hand,
//! or against a friend, each with a secret link per person's side and an
//! open one for watchers, its clocks kept here (the server's clock
//! decides), and congo's moves searched here while someone follows the
//! game.
//!
//! At most [`MAX_GAMES`] games are in progress at once, at most
//! [`MAX_GAMES_PER_VISITOR`] of them made by one visitor and
//! [`MAX_GAMES_PER_ADDRESS`] from one address, counting only
//! the games some page still follows (an abandoned game stops counting at
//! once). A game no one follows or plays for [`IDLE_LIMIT`] is aborted.
//! Finished games stay reachable by their links until the oldest are let
//! go by the server itself, [`MAX_ENDED`] at most: a request never evicts
//! another's game.

mod action;
mod bounds;
mod entry;
mod error;
mod live;
mod player;
mod read_back;
mod shares;
mod state;
mod stop;
mod takeback;
#[cfg(test)]
mod tests;
mod view;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::thread;
use std::time::{Duration, Instant};

pub(super) use action::Action;
pub use bounds::MAX_MADE;
pub use bounds::{
    IDLE_LIMIT, MAX_ABANDONED, MAX_ENDED, MAX_GAMES, MAX_GAMES_PER_ADDRESS, MAX_GAMES_PER_VISITOR,
    MAX_TAKEBACKS,
};
pub(super) use error::GameError;
pub(super) use live::LiveGame;
pub(super) use player::{NewGame, Player};
pub use read_back::ReadBack;

use congo_rules::{ByColor, Color, RuleSet};
use shares::Shares;
use state::State;
use stop::Stop;

use crate::journal::Journal;
use crate::pace::Pace;
use crate::secret::secret;
use crate::visitor::Visitor;

/// How often clocks are looked at for a flag, and idle games for age.
const SWEEP_EVERY: Duration = Duration::from_millis(25);

/// Where lines that say why a game was left out go.
pub(super) type Report = Box<dyn Fn(&str) + Send + Sync>;

/// Every game kept.
pub(super) struct Games {
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    /// Held while a game is read back from the journal and taken in, so
    /// that a game is taken in once, and as its file first stood.
    recovering: Mutex<()>,
    /// How many games were read back since the start.
    read_back: Mutex<ReadBack>,
    searchers: Arc<super::searchers::Searchers>,
    numbers: AtomicU64,
    /// How long a friend's pages must be closed before a claim.
    claim_after: Duration,
    /// How fast each visitor makes games.
    pace: Pace,
    /// Where every game is written as it changes.
    journal: Journal,
    /// Each maker's share of the journal's disk.
    shares: Shares,
    rule_set: RuleSet,
    /// The version a game read back from the journal starts at: above
    /// any a page saw of it before the server restarted.
    restored_version: u64,
    report: Report,
}

/// A new game and its links' secrets, one per person's side (the same for
/// both when one person plays both).
pub(super) struct Created {
    pub game: Arc<LiveGame>,
    pub secrets: ByColor<Option<String>>,
}

impl Games {
    /// The games of a server searching with `searchers`, kept in
    /// `journal`, none read back yet (see [`Games::read_back_all`]); a
    /// thread watches their clocks and ages. Each line that says why a
    /// game or a line of the journal was left out goes to `report`.
    pub fn new(
        searchers: Arc<super::searchers::Searchers>,
        claim_after: Duration,
        rule_set: RuleSet,
        journal: Journal,
        report: Report,
    ) -> Arc<Games> {
        let restored_version = restored_version();
        let games = Arc::new(Games {
            games: Mutex::new(HashMap::new()),
            recovering: Mutex::new(()),
            read_back: Mutex::default(),
            searchers,
            // Above every number a run before this one gave, as the version.
            numbers: AtomicU64::new(restored_version),
            claim_after,
            pace: Pace::new(MAX_MADE),
            shares: Shares::new(journal.budget()),
            journal,
            rule_set,
            restored_version,
            report,
        });
        let watched = Arc::downgrade(&games);
        let _ = thread::Builder::new()
            .name("game clocks".into())
            .spawn(move || sweep(&watched));
        games
    }

    /// The data folder its games are kept in.
    pub fn data(&self) -> &std::path::Path {
        self.journal.dir()
    }

    /// Lets go of the games whose files the journal let go, and of their
    /// bytes in their makers' shares.
    fn forget(&self, evicted: &[String]) {
        if evicted.is_empty() {
            return;
        }
        let mut games = self.lock();
        for id in evicted {
            games.remove(id);
            self.shares.let_go(id);
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts `new` for `creator`, unless the server, the visitor or its
    /// address has as many games in progress as it may.
    pub fn create(&self, new: NewGame, creator: Visitor) -> Result<Created, GameError> {
        let mut games = self.lock();
        let now = Instant::now();
        let in_progress: Vec<&Arc<LiveGame>> = games
            .values()
            .filter(|game| game.lock().in_progress(now))
            .collect();
        if in_progress.len() >= MAX_GAMES {
            return Err(GameError::Full);
        }
        if self.journal.full() {
            return Err(GameError::DiskFull);
        }
        if let Some(most) = self.shares.full(creator).filter(|_| self.journal.tight()) {
            return Err(GameError::ShareFull(most));
        }
        let from_address = in_progress
            .iter()
            .filter(|game| game.creator.address == creator.address);
        let from_here = from_address.clone().filter(|game| game.creator == creator);
        if from_here.count() >= MAX_GAMES_PER_VISITOR {
            return Err(GameError::TooManyFromHere);
        }
        if from_address.count() >= MAX_GAMES_PER_ADDRESS {
            return Err(GameError::AddressFull);
        }
        self.pace.make(creator, now).map_err(GameError::TooFast)?;
        let one = new.one_person.then(|| secret(16));
        let secrets = ByColor([Color::White, Color::Black].map(|side| {
            (new.players[side] == Player::Person).then(|| one.clone().unwrap_or_else(|| secret(16)))
        }));
        let mut id = secret(6);
        while games.contains_key(&id) {
            id = secret(6);
        }
        let number = self.numbers.fetch_add(1, Ordering::Relaxed);
        let state = State::new(new, secrets.clone(), now, self.claim_after);
        let log = self
            .journal
            .create(&id, &[state.header(number, creator)])
            .map_err(|_| GameError::Unsaved)?;
        self.shares.own(&id, creator, log.bytes());
        let log = self.shares.counting(&id, log);
        let game = Arc::new(LiveGame::new(
            (id.clone(), number, creator),
            &self.searchers,
            (state, 0),
            Some(log),
        ));
        games.insert(id, Arc::clone(&game));
        Ok(Created { game, secrets })
    }

    /// The game `id`: in memory, or brought back from the journal (a
    /// game not read back since the start, or a finished game let go from
    /// memory).
    pub fn find(&self, id: &str) -> Result<Arc<LiveGame>, GameError> {
        if let Some(game) = self.lock().get(id) {
            return Ok(Arc::clone(game));
        }
        let _one = self
            .recovering
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(game) = self.lock().get(id) {
            return Ok(Arc::clone(game));
        }
        let game = match self.recover(id) {
            Some(game) => game,
            None => self.bring_back(id)?,
        };
        let game = Arc::new(game);
        self.lock().insert(id.to_owned(), Arc::clone(&game));
        Ok(game)
    }

    /// A rematch of `old` for the holder of `secret`: colours swapped,
    /// the same clock and level, made from the old game's address; and
    /// the side the holder plays in it.
    pub fn rematch(
        &self,
        old: &LiveGame,
        secret: Option<&str>,
    ) -> Result<(Created, Color), GameError> {
        let (new, mine) = {
            let state = old.lock();
            let seat = state.seat(secret).ok_or(GameError::NotAPlayer)?;
            let mine = match seat {
                state::Seat::One(side) => !side,
                state::Seat::Both => Color::White,
            };
            if state.rematch.is_some() {
                drop(state);
                return self.rematch_made(old).map(|created| (created, mine));
            }
            state.allowed(seat, Action::Rematch, Instant::now())?;
            (state.rematch_game(), mine)
        };
        self.rematch_for(old, new).map(|created| (created, mine))
    }

    /// Makes `new` as `old`'s rematch, unless another request made it
    /// first: then that one.
    fn rematch_for(&self, old: &LiveGame, new: NewGame) -> Result<Created, GameError> {
        let created = self.create(new, old.creator)?;
        let now = Instant::now();
        let mut state = old.lock();
        if state.rematch.is_some() {
            // Both asked at once: the first one made stands.
            drop(state);
            self.call_off(&created, now);
            return self.rematch_made(old);
        }
        let made = (created.game.id.clone(), created.secrets.clone());
        if let Err(error) = old.change(&mut state, now, |state| state.rematch = Some(made)) {
            drop(state);
            self.call_off(&created, now);
            return Err(error);
        }
        old.changes.bump();
        Ok(created)
    }

    /// Calls off a game made for nothing (a rematch made twice, or one the
    /// old game could not be told of): let go, and aborted in its journal
    /// so that a restart does not bring it back in progress.
    fn call_off(&self, created: &Created, now: Instant) {
        self.lock().remove(&created.game.id);
        let mut state = created.game.lock();
        let _ = created
            .game
            .change(&mut state, now, |state| state.end(Stop::Aborted, now));
    }

    /// The rematch already made of `old`.
    fn rematch_made(&self, old: &LiveGame) -> Result<Created, GameError> {
        let made = old.lock().rematch.clone();
        let (id, secrets) = made.ok_or(GameError::Unknown)?;
        Ok(Created {
            game: self.find(&id)?,
            secrets,
        })
    }
}

/// Every so often: ends the games whose running clock has run out, aborts
/// those left idle too long, and lets the oldest finished games go past
/// [`MAX_ENDED`]; stops once the games are gone.
fn sweep(games: &Weak<Games>) {
    while let Some(games) = games.upgrade() {
        let now = Instant::now();
        let kept: Vec<Arc<LiveGame>> = games.lock().values().cloned().collect();
        let mut ended = Vec::new();
        let mut abandoned = Vec::new();
        let mut evicted = Vec::new();
        for game in kept {
            let mut state = game.lock();
            // Unsaved, the game goes on, and the next sweep tries again.
            if let Some(stop) = state.due_stop(now)
                && game
                    .change(&mut state, now, |state| state.end(stop, now))
                    .is_ok()
            {
                game.changes.bump();
            }
            if state.here_lapsed(now) {
                game.changes.bump();
            }
            if state.is_over() && !state.filed_end {
                state.filed_end = true;
                evicted.extend(games.journal.ended(&game.id));
            }
            if state.is_over() && state.followers == 0 {
                ended.push((state.touched, game.id.clone()));
            }
            if state.abandoned(now) {
                abandoned.push((state.touched, Arc::clone(&game)));
            }
        }
        // Only memory is let go here: the journal keeps the files, and a
        // link brings its game back.
        if ended.len() > MAX_ENDED {
            ended.sort();
            let mut kept = games.lock();
            for (_, id) in &ended[..ended.len() - MAX_ENDED] {
                kept.remove(id);
            }
        }
        abort_the_oldest_abandoned(&mut abandoned, MAX_ABANDONED, now);
        // Games ended long enough ago go once the budget asks for it.
        evicted.extend(games.journal.let_go());
        games.forget(&evicted);
        drop(games);
        thread::sleep(SWEEP_EVERY);
    }
}

/// Aborts games left by their players past `most` ([`MAX_ABANDONED`]),
/// so that games made and left cannot fill the memory: each time the
/// oldest of the address that left the most, so that one visitor's flood
/// aborts its own games, not others'.
fn abort_the_oldest_abandoned(
    abandoned: &mut [(Instant, Arc<LiveGame>)],
    most: usize,
    now: Instant,
) {
    if abandoned.len() <= most {
        return;
    }
    abandoned.sort_by_key(|(touched, _)| *touched);
    let mut left: HashMap<IpAddr, Vec<&Arc<LiveGame>>> = HashMap::new();
    for (_, game) in abandoned.iter() {
        left.entry(game.creator.address).or_default().push(game);
    }
    for _ in most..abandoned.len() {
        let Some(games) = left.values_mut().max_by_key(|games| games.len()) else {
            return;
        };
        let game = games.remove(0);
        let mut state = game.lock();
        if state.abandoned(now)
            && game
                .change(&mut state, now, |state| state.end(Stop::Aborted, now))
                .is_ok()
        {
            game.changes.bump();
        }
    }
}

/// The version games restored by this run of the server start at: its
/// start's milliseconds since 1970 times 4,096, so that a page open across
/// a restart takes the restored game's views as newer than any it had
/// (unless the game changed 4,096 times for every millisecond the server
/// was down), and still a whole number a page's JavaScript holds exactly
/// (until 2039).
fn restored_version() -> u64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |since| since.as_millis() as u64) << 12
}
