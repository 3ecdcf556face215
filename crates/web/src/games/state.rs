//! A kept game's state and how each viewer sees it: the game, its players
//! and their links, its clocks, how it stopped, congo's search, and who is
//! there.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::bounds::{GRACE, HERE_FOR, IDLE_LIMIT};
use super::error::GameError;
use super::player::{NewGame, Player};
use super::stop::Stop;
use crate::clock::Clocks;
use crate::views::Verdict;
use congo_engine::Limit;
use congo_rules::{ByColor, Color, Game, MoveError, PlayError};

/// A game's state.
pub(super) struct State {
    pub game: Game,
    pub players: ByColor<Player>,
    pub secrets: ByColor<Option<String>>,
    pub clock: Option<Clocks>,
    /// How the game stopped, when its rules did not end it.
    pub stop: Option<Stop>,
    pub movetime: Duration,
    /// congo's level, 1 to 8, when it was given one.
    pub level: Option<u8>,
    /// The plies the game had when it was made: an abort needs both sides
    /// to have moved less than that since.
    pub plies_at_start: usize,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The plies the game had when each side last offered a draw: one
    /// offer a move, so that offers cannot be made a flood.
    pub offered_at: ByColor<Option<usize>>,
    /// The side whose request to take back its last move stands (between
    /// friends, the other player answers it).
    pub takeback_asked: Option<Color>,
    /// The plies the game had when each side last asked to take back: one
    /// request a move, as with draw offers.
    pub asked_at: ByColor<Option<usize>>,
    /// The take-backs made, at most [`MAX_TAKEBACKS`], so that one visitor
    /// looping move and take-back cannot fill the disk.
    pub takebacks: usize,
    /// The rematch, once made: its name and its links' secrets.
    pub rematch: Option<(String, ByColor<Option<String>>)>,
    /// congo's search under way, if one is.
    pub search: Option<Search>,
    /// The event streams that follow the game.
    pub followers: usize,
    /// Each side's player's pages that follow the game.
    pub present: ByColor<usize>,
    /// Since when each side's player has had no page open, once they had
    /// one: a friend may claim the win after a while.
    pub gone_since: ByColor<Option<Instant>>,
    /// Until when each side's player counts as here without an event
    /// stream: a hidden tab says so now and then rather than hold one of
    /// the browser's few connections (see [`HERE_FOR`]).
    pub here_until: ByColor<Option<Instant>>,
    /// How long a friend's pages must be closed before a claim.
    pub claim_after: Duration,
    /// When a person last did something in it.
    pub touched: Instant,
    /// When it was made, or brought back from the journal.
    pub made: Instant,
    /// Whether a page has followed it since.
    pub followed: bool,
    /// Whether the journal was told the game ended.
    pub filed_end: bool,
}

/// What a change may alter, kept to put back when the change cannot be
/// saved.
pub(super) struct Kept {
    game: Game,
    clock: Option<Clocks>,
    stop: Option<Stop>,
    draw_offer: Option<Color>,
    takeback_asked: Option<Color>,
    rematch: Option<(String, ByColor<Option<String>>)>,
}

/// congo's search for a move: raise `stop` to call it off; `halt` stops
/// the engine (raised with `stop`, or by the engines' queue to hurry it,
/// when congo plays the best move it has); `lent` is raised once it has
/// an engine (until then it waits its turn).
pub(super) struct Search {
    pub stop: Arc<AtomicBool>,
    pub halt: Arc<AtomicBool>,
    pub lent: Arc<AtomicBool>,
}

impl Search {
    /// What congo is doing, in a word.
    pub fn state(&self) -> &'static str {
        if self.lent.load(Ordering::Relaxed) {
            "thinking"
        } else {
            "waiting"
        }
    }
}

/// Which sides a link plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Seat {
    One(Color),
    Both,
}

impl Seat {
    /// Whether the seat plays `side`.
    pub fn plays(self, side: Color) -> bool {
        self == Seat::Both || self == Seat::One(side)
    }
}

impl State {
    /// A copy of what a change may alter.
    pub fn kept(&self) -> Kept {
        Kept {
            game: self.game.clone(),
            clock: self.clock.clone(),
            stop: self.stop,
            draw_offer: self.draw_offer,
            takeback_asked: self.takeback_asked,
            rematch: self.rematch.clone(),
        }
    }

    /// Puts back what `kept` copied.
    pub fn put_back(&mut self, kept: Kept) {
        self.game = kept.game;
        self.clock = kept.clock;
        self.stop = kept.stop;
        self.draw_offer = kept.draw_offer;
        self.takeback_asked = kept.takeback_asked;
        self.rematch = kept.rematch;
    }

    pub fn is_over(&self) -> bool {
        self.stop.is_some() || self.game.ending().is_some()
    }

    /// The result and the reason, once the game is over.
    pub fn over(&self) -> Option<Verdict> {
        match self.stop {
            Some(stop) => Some(stop.verdict()),
            None => Verdict::of(&self.game),
        }
    }

    /// Refuses a change to a game that is over.
    pub fn going_on(&self) -> Result<(), GameError> {
        match self.over() {
            Some(verdict) => Err(GameError::Over(verdict.reason)),
            None => Ok(()),
        }
    }

    /// Whether congo plays a side.
    pub fn against_congo(&self) -> bool {
        self.players.0.contains(&Player::Engine)
    }

    /// Whether two people play, each with a link of their own.
    pub fn between_friends(&self) -> bool {
        self.players.0 == [Player::Person; 2]
            && self.secrets[Color::White] != self.secrets[Color::Black]
    }

    /// The sides `secret` plays.
    pub fn seat(&self, secret: Option<&str>) -> Option<Seat> {
        let secret = secret?;
        let plays = |side: Color| self.secrets[side].as_deref() == Some(secret);
        match (plays(Color::White), plays(Color::Black)) {
            (true, true) => Some(Seat::Both),
            (true, false) => Some(Seat::One(Color::White)),
            (false, true) => Some(Seat::One(Color::Black)),
            (false, false) => None,
        }
    }

    /// The sides whose player a page of `seat` shows there.
    pub fn arrived(&mut self, seat: Option<Seat>) {
        self.followed = true;
        for side in [Color::White, Color::Black] {
            if seat.is_some_and(|seat| seat.plays(side)) {
                self.present[side] += 1;
                self.gone_since[side] = None;
            }
        }
    }

    /// A hidden page of `seat` says at `now` that its player is here.
    pub fn here(&mut self, seat: Seat, now: Instant) {
        for side in [Color::White, Color::Black] {
            if seat.plays(side) {
                self.here_until[side] = Some(now + HERE_FOR);
            }
        }
        self.touched = now;
    }

    /// Since when `side`'s player has been gone at `now`: all their pages
    /// closed, and the last word of a hidden one past [`HERE_FOR`].
    pub fn gone(&self, side: Color, now: Instant) -> Option<Instant> {
        if self.present[side] > 0 {
            return None;
        }
        let since = self.gone_since[side]?;
        match self.here_until[side] {
            Some(until) if until > now => None,
            Some(until) => Some(since.max(until)),
            None => Some(since),
        }
    }

    /// Lets the word of hidden pages lapse once it is past at `now`: a
    /// player with no page open is gone from then on. Whether one lapsed,
    /// so that the other player's page is told (no request would tell it).
    pub fn here_lapsed(&mut self, now: Instant) -> bool {
        let mut lapsed = false;
        for side in [Color::White, Color::Black] {
            let Some(until) = self.here_until[side].filter(|until| *until <= now) else {
                continue;
            };
            self.here_until[side] = None;
            if let (0, Some(since)) = (self.present[side], self.gone_since[side]) {
                self.gone_since[side] = Some(since.max(until));
                lapsed = true;
            }
        }
        lapsed
    }

    /// Whether a hidden page said at `now` that a player is here.
    fn heard(&self, now: Instant) -> bool {
        (self.here_until.0.iter()).any(|until| until.is_some_and(|until| until > now))
    }

    /// A page of `seat` closed at `now`.
    pub fn left(&mut self, seat: Option<Seat>, now: Instant) {
        for side in [Color::White, Color::Black] {
            if seat.is_some_and(|seat| seat.plays(side)) {
                self.present[side] = self.present[side].saturating_sub(1);
                if self.present[side] == 0 {
                    self.gone_since[side] = Some(now);
                }
            }
        }
    }

    /// Stops the clocks of a game against congo that no page follows:
    /// adjourned, so that congo, which searches only for a page, never
    /// loses on time to a player who left.
    pub fn adjourn_if_unwatched(&mut self, now: Instant) {
        if self.against_congo()
            && !self.attended()
            && let Some(clock) = &mut self.clock
        {
            clock.stop(now);
        }
    }

    /// Whether someone congo plays for is here: a page of a person who
    /// plays (a watcher's does not count), or in a game congo plays
    /// against itself, any page.
    pub fn attended(&self) -> bool {
        let people = [Color::White, Color::Black]
            .into_iter()
            .filter(|&side| self.players[side] == Player::Person);
        let mut people = people.peekable();
        match people.peek() {
            None => self.followers > 0,
            Some(_) => people.any(|side| self.present[side] > 0),
        }
    }

    /// Starts the clock of the side to move again, when a person is to
    /// move (congo's clock starts when it has an engine).
    pub fn resume_clock(&mut self, now: Instant) {
        let any_move = !self.game.moves().is_empty();
        let to_move = self.game.position().side;
        let person = self.players[to_move] == Player::Person;
        let over = self.is_over();
        if let Some(clock) = &mut self.clock
            && !over
        {
            clock.stop(now);
            if person {
                clock.resume(to_move, now, any_move);
            }
        }
    }

    pub fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
            search.halt.store(true, Ordering::Relaxed);
        }
    }

    /// Ends the game by `stop` at `now`: clocks stopped, congo stopped,
    /// no offer or request left standing.
    pub fn end(&mut self, stop: Stop, now: Instant) {
        self.stop = Some(stop);
        self.draw_offer = None;
        self.takeback_asked = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.stop_search();
    }

    /// Plays `text` for the side to move at `now`: the clock charged first.
    pub fn play(&mut self, text: &str, now: Instant) -> Result<(), GameError> {
        self.going_on()?;
        let position = self.game.position();
        let m = position
            .parse_move(text, &mut Vec::new())
            .map_err(|error| GameError::Move(error.to_string()))?;
        let mover = position.side;
        if let Some(clock) = &mut self.clock
            && let Err(loser) = clock.moved(mover, now)
        {
            self.end(Stop::Flagged(loser), now);
            return Err(GameError::Over(format!("{loser} ran out of time")));
        }
        self.game.play(m).map_err(|error| match error {
            PlayError::Move(MoveError::GameOver(_)) | PlayError::Ended(..) => {
                GameError::Over(error.to_string())
            }
            PlayError::Move(error) => GameError::Move(error.to_string()),
        })?;
        if self.draw_offer == Some(!mover) {
            // Moving on declines the opponent's offer.
            self.draw_offer = None;
        }
        // A request to take back is about the game before this move.
        self.takeback_asked = None;
        if self.is_over() {
            if let Some(clock) = &mut self.clock {
                clock.stop(now);
            }
        } else if self.players[!mover] == Player::Engine
            && let Some(clock) = &mut self.clock
        {
            // congo's clock runs only while it searches.
            clock.stop(now);
        }
        Ok(())
    }
}

impl State {
    /// A new game's state at `now`.
    pub fn new(
        new: NewGame,
        secrets: ByColor<Option<String>>,
        now: Instant,
        claim_after: Duration,
    ) -> State {
        State {
            claim_after,
            filed_end: false,
            plies_at_start: new.game.moves().len(),
            game: new.game,
            players: new.players,
            secrets,
            clock: new.clock.map(Clocks::new),
            stop: None,
            movetime: new.movetime,
            level: new.level,
            draw_offer: None,
            offered_at: ByColor([None, None]),
            takeback_asked: None,
            asked_at: ByColor([None, None]),
            takebacks: 0,
            rematch: None,
            search: None,
            followers: 0,
            present: ByColor([0, 0]),
            gone_since: ByColor([None, None]),
            here_until: ByColor([None, None]),
            touched: now,
            made: now,
            followed: false,
        }
    }

    /// Whether the game counts as in progress for its address at `now`:
    /// not over, and followed by a page or new.
    pub fn in_progress(&self, now: Instant) -> bool {
        let new = !self.followed && now.saturating_duration_since(self.made) < GRACE;
        !self.is_over() && (self.followers > 0 || new || self.heard(now))
    }

    /// The game as a restart brings it back at `now`: every page closed
    /// with the server, so a friend who does not come back may be claimed
    /// from, and the game counts for its address only once a page follows
    /// it again; a game that is `read_only` takes no more moves.
    pub fn after_a_restart(mut self, read_only: bool, now: Instant) -> State {
        self.followed = true;
        for side in [Color::White, Color::Black] {
            if self.players[side] == Player::Person {
                self.gone_since[side] = Some(now);
            }
        }
        if read_only && !self.is_over() {
            self.stop = Some(Stop::Aborted);
        }
        self.filed_end = self.is_over();
        self
    }

    /// Whether the game is in progress with no page on it, past its first
    /// moments.
    pub fn abandoned(&self, now: Instant) -> bool {
        !self.is_over() && !self.in_progress(now)
    }

    /// How the game stops at `now` without anyone asking: a clock run
    /// out, or no one there for [`IDLE_LIMIT`].
    pub fn due_stop(&self, now: Instant) -> Option<Stop> {
        if self.is_over() {
            return None;
        }
        if let Some(loser) = self.clock.as_ref().and_then(|clock| clock.flagged(now)) {
            return Some(Stop::Flagged(loser));
        }
        let idle = self.followers == 0 && now.saturating_duration_since(self.touched) > IDLE_LIMIT;
        idle.then_some(Stop::Aborted)
    }

    /// The winner of a finished game, if one side won.
    pub fn winner(&self) -> Option<Color> {
        match self.stop {
            Some(stop) => stop.winner(),
            None => self.game.ending().and_then(|ending| ending.winner()),
        }
    }

    /// The rematch of this game: from its start, colours swapped.
    pub fn rematch_game(&self) -> NewGame {
        let mut start = Game::new(self.game.start().clone(), self.game.rule_set())
            .with_max_plies(Some(congo_rules::MAX_PLIES));
        for m in &self.game.moves()[..self.plies_at_start] {
            let _ = start.play(*m);
        }
        NewGame {
            game: start,
            players: ByColor([self.players[Color::Black], self.players[Color::White]]),
            one_person: !self.between_friends(),
            clock: self.clock.as_ref().map(Clocks::control),
            movetime: self.movetime,
            level: self.level,
        }
    }

    /// congo's limit for its move at `now`: its level's, or its share of
    /// its clock, or its time a move.
    pub fn engine_limit(&self, now: Instant) -> Limit {
        let side = self.game.position().side;
        let time = self
            .clock
            .as_ref()
            .map_or(self.movetime, |clock| clock.engine_share(side, now));
        match self.level {
            Some(level) if level < 8 => Limit::Nodes(level_nodes(level)),
            _ => Limit::Time(time),
        }
    }

    /// Starts congo's clock once it has an engine (a first move is free).
    pub fn start_engine_clock(&mut self, side: Color, now: Instant) {
        let any_move = !self.game.moves().is_empty();
        if let Some(clock) = &mut self.clock
            && self.stop.is_none()
        {
            clock.resume(side, now, any_move);
        }
    }
}

/// The nodes congo searches a move at `level` (1 to 7): four times more
/// each level, from a few hundred, a ply or two deep, to most of a second.
fn level_nodes(level: u8) -> u64 {
    200 << (2 * u64::from(level.saturating_sub(1)))
}
