//! The engines the server searches with: one per core, so that searches
//! never take more than the machine has, lent to one search at a time and
//! queued fairly among those who ask. Each asker (a visitor, or a game
//! the server plays in) runs at most [`PER_ASKER`] searches and waits with
//! at most [`WAITING_PER_ASKER`] more; one visitor waits with at most
//! [`WAITING_PER_VISITOR`], one address (a class behind it) with at most
//! [`WAITING_PER_ADDRESS`], and the queue holds at most [`MAX_WAITING`].
//! A free engine goes to the search whose visitor would have used the
//! least engine time of late once it has run (see [`Usage`]; a search
//! counts for its length, at most a [`SLICE`], as longer ones are cut to
//! a slice while others wait), and within a visitor to the asker served
//! longest ago (round robin), so that a visitor with many games gets no
//! more engine time than one with a single request, and a short search is
//! not kept behind long ones; among those alike, to the search that would
//! end first had it started when it came (its arrival plus its length),
//! so that a short search passes long ones that came a little before it;
//! a waiter whose client has gone leaves the queue.
//!
//! Searches are sliced: while a visitor waits, a search of a visitor that
//! runs more searches than it is hurried once it has searched [`SLICE`],
//! and answers with the best move it has (a game plays it), so that no
//! one waits long behind another's long searches.

use std::collections::VecDeque;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use congo_engine::{Engine, Limit};
use congo_rules::RuleSet;
use congo_rules::endgame::EndgameTables;

use super::usage::Usage;
use super::visitor::Visitor;

/// The searches one asker runs at once.
pub const PER_ASKER: usize = 1;

/// The searches one asker may have waiting.
pub const WAITING_PER_ASKER: usize = 2;

/// The searches one visitor may have waiting, its games' included.
pub const WAITING_PER_VISITOR: usize = 8;

/// The searches one address may have waiting: a ceiling sized for a class
/// behind it, each browser with a game waiting.
pub const WAITING_PER_ADDRESS: usize = 48;

/// The searches waiting, from everyone.
pub const MAX_WAITING: usize = 96;

/// How long a search runs before a waiter of a visitor that runs fewer
/// searches may hurry it.
pub const SLICE: Duration = Duration::from_secs(1);

/// How fast a search visits nodes, roughly, to tell a search by nodes
/// how long it is.
const NODES_A_SECOND: u64 = 1_000_000;

/// How long a search to `limit` takes, about: a search by depth counts as
/// a slice.
fn length(limit: &Limit) -> Duration {
    match *limit {
        Limit::Time(time) => time,
        Limit::Nodes(nodes) => {
            Duration::from_micros(nodes.saturating_mul(1_000_000) / NODES_A_SECOND)
        }
        Limit::Depth(_) => SLICE,
    }
}

/// The engine time a lending counts for at once, before its search has
/// run: a visitor just served waits behind one not served.
const TURN: Duration = Duration::from_millis(1);

/// How often a waiter looks whether its client is still there.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// Who a search is for: fairness is kept between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Asker {
    /// A request from this visitor.
    Visitor(Visitor),
    /// A game the server plays a side of: the visitor that made it, and
    /// its number.
    Game(Visitor, u64),
}

impl Asker {
    /// The visitor whose share of the engines the search takes.
    fn visitor(self) -> Visitor {
        match self {
            Asker::Visitor(visitor) | Asker::Game(visitor, _) => visitor,
        }
    }
}

/// Why no engine was lent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// The asker, its visitor or its address has as many searches waiting
    /// as it may, or the queue is full.
    Crowded,
    /// No engine came free in the time allowed.
    TimedOut,
    /// The asker no longer wants it (its client left).
    Gone,
}

/// A fixed set of engines, lent out and given back.
pub(super) struct Searchers {
    state: Mutex<State>,
    freed: Condvar,
}

/// When each of some (askers, or visitors) that run or wait was last
/// served, as a count of engines lent; one not listed was never served,
/// or not since it last ran and waited for nothing.
struct Turns<K> {
    last: Vec<(K, u64)>,
}

impl<K: Copy + PartialEq> Turns<K> {
    fn last(&self, who: K) -> u64 {
        self.last
            .iter()
            .find(|(given, _)| *given == who)
            .map_or(0, |&(_, when)| when)
    }

    fn note(&mut self, who: K, when: u64) {
        match self.last.iter_mut().find(|(given, _)| *given == who) {
            Some(entry) => entry.1 = when,
            None => self.last.push((who, when)),
        }
    }

    /// Forgets those `busy` no longer holds.
    fn keep(&mut self, busy: impl Fn(K) -> bool) {
        self.last.retain(|&(who, _)| busy(who));
    }
}

/// A search waiting for an engine: its ticket, its asker, how long it
/// runs, and when it would end had it started when it came.
#[derive(Clone, Copy)]
struct Waiter {
    ticket: u64,
    asker: Asker,
    length: Duration,
    finish: Instant,
}

struct State {
    free: Vec<Engine>,
    /// Who waits, in the order they came.
    waiting: VecDeque<Waiter>,
    /// The searches each asker runs now.
    running: Vec<(Asker, usize)>,
    /// When each asker that runs or waits was last served.
    askers: Turns<Asker>,
    /// Each visitor's recent engine time.
    usage: Usage,
    next_ticket: u64,
    lent: u64,
    /// Each search under way that may be hurried: its lending's number,
    /// its visitor, when it started and the flag that stops it.
    halts: Vec<(u64, Visitor, Instant, Arc<AtomicBool>)>,
}

impl State {
    fn running(&self, asker: Asker) -> usize {
        self.running
            .iter()
            .find(|(who, _)| *who == asker)
            .map_or(0, |&(_, count)| count)
    }

    fn add_running(&mut self, asker: Asker, by: isize) {
        match self.running.iter().position(|(who, _)| *who == asker) {
            Some(at) => {
                let count = self.running[at].1.saturating_add_signed(by);
                if count == 0 {
                    self.running.swap_remove(at);
                } else {
                    self.running[at].1 = count;
                }
            }
            None if by > 0 => self.running.push((asker, by as usize)),
            None => {}
        }
    }

    /// Whether `asker`, its visitor or its address may not queue one more
    /// search.
    fn crowded(&self, asker: Asker) -> bool {
        let visitor = asker.visitor();
        let (mut here, mut from_visitor, mut from_address) = (0, 0, 0);
        for &Waiter { asker: who, .. } in &self.waiting {
            here += usize::from(who == asker);
            from_visitor += usize::from(who.visitor() == visitor);
            from_address += usize::from(who.visitor().address == visitor.address);
        }
        here >= WAITING_PER_ASKER
            || from_visitor >= WAITING_PER_VISITOR
            || from_address >= WAITING_PER_ADDRESS
            || self.waiting.len() >= MAX_WAITING
    }

    /// The ticket served next at `now`: of the waiters whose asker runs
    /// fewer than it may, the one whose visitor would have used the least
    /// engine time of late once it ran (a slice at most), then whose asker
    /// was served longest ago, then the one that would end first, then
    /// the first to come.
    fn next_served(&self, now: Instant) -> Option<u64> {
        self.waiting
            .iter()
            .filter(|waiter| self.running(waiter.asker) < PER_ASKER)
            .min_by_key(|waiter| {
                let used = self.usage.of(waiter.asker.visitor(), now) + waiter.length.min(SLICE);
                let asker = self.askers.last(waiter.asker);
                (used, asker, waiter.finish, waiter.ticket)
            })
            .map(|waiter| waiter.ticket)
    }

    /// Notes that `asker` is served at `now`.
    fn serve(&mut self, asker: Asker, now: Instant) {
        self.lent += 1;
        self.askers.note(asker, self.lent);
        self.usage.add(asker.visitor(), TURN, now);
        self.add_running(asker, 1);
    }

    /// Hurries the searches that `waiter` waits behind: those of visitors
    /// that run more searches than it, once they have run a [`SLICE`] at
    /// `now`.
    fn hurry_for(&self, waiter: Visitor, now: Instant) {
        let running = |visitor: Visitor| {
            self.running
                .iter()
                .filter(|(asker, _)| asker.visitor() == visitor)
                .map(|&(_, count)| count)
                .sum::<usize>()
        };
        let mine = running(waiter);
        for (_, visitor, started, halt) in &self.halts {
            if *visitor != waiter
                && running(*visitor) > mine
                && now.saturating_duration_since(*started) >= SLICE
            {
                halt.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Forgets when askers that neither run nor wait were served, and the
    /// engine time of visitors that neither run nor wait once it counts
    /// for nothing at `now`.
    fn forget_idle(&mut self, now: Instant) {
        let State {
            waiting,
            running,
            askers,
            usage,
            ..
        } = self;
        let busy = || running.iter().map(|&(who, _)| who);
        let busy = || busy().chain(waiting.iter().map(|waiter| waiter.asker));
        askers.keep(|asker| busy().any(|who| who == asker));
        usage.forget(now, |visitor| busy().any(|who| who.visitor() == visitor));
    }
}

impl Searchers {
    /// `count` engines playing by `rule_set`, from `tables` when given.
    pub fn new(
        count: usize,
        rule_set: RuleSet,
        tables: Option<Arc<dyn EndgameTables>>,
    ) -> Searchers {
        let engines = (0..count.max(1))
            .map(|_| Engine::shipped(rule_set).with_endgame_tables(tables.clone()))
            .collect();
        Searchers {
            state: Mutex::new(State {
                free: engines,
                waiting: VecDeque::new(),
                running: Vec::new(),
                askers: Turns { last: Vec::new() },
                usage: Usage::default(),
                next_ticket: 0,
                lent: 0,
                halts: Vec::new(),
            }),
            freed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An engine for `asker`'s search to `limit` when its turn comes,
    /// within `wait`; `gone` is asked now and then whether the one who
    /// asked still wants it.
    pub fn lend(
        &self,
        asker: Asker,
        limit: &Limit,
        wait: Duration,
        gone: &dyn Fn() -> bool,
    ) -> Result<Lent<'_>, Refused> {
        let came = Instant::now();
        let deadline = came + wait;
        let mut state = self.lock();
        if state.crowded(asker) {
            return Err(Refused::Crowded);
        }
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        let length = length(limit);
        state.waiting.push_back(Waiter {
            ticket,
            asker,
            length,
            finish: came + length,
        });
        loop {
            let now = Instant::now();
            if !state.free.is_empty() && state.next_served(now) == Some(ticket) {
                state.waiting.retain(|waiter| waiter.ticket != ticket);
                state.serve(asker, now);
                let engine = state.free.pop();
                // Someone else may be served by another free engine.
                self.freed.notify_all();
                return Ok(Lent {
                    engine,
                    asker,
                    number: state.lent,
                    lent_at: now,
                    searchers: self,
                });
            }
            if state.free.is_empty() {
                state.hurry_for(asker.visitor(), now);
            }
            let refused = if now >= deadline {
                Some(Refused::TimedOut)
            } else {
                drop(state);
                let left = gone().then_some(Refused::Gone);
                state = self.lock();
                left
            };
            if let Some(refused) = refused {
                state.waiting.retain(|waiter| waiter.ticket != ticket);
                state.forget_idle(now);
                self.freed.notify_all();
                return Err(refused);
            }
            let step = LOOK_EVERY.min(deadline.saturating_duration_since(now));
            state = self
                .freed
                .wait_timeout(state, step)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// How many searches wait now.
    #[cfg(test)]
    fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }
}

/// An engine lent out: it goes back when this is dropped.
pub(super) struct Lent<'a> {
    engine: Option<Engine>,
    asker: Asker,
    /// Its lending's number, which names it among the searches that may
    /// be hurried.
    number: u64,
    /// When it was lent: the time until it comes back is its visitor's.
    lent_at: Instant,
    searchers: &'a Searchers,
}

impl Lent<'_> {
    /// Stops the search once `halt` is raised, by the asker or, when its
    /// slice is over and another address waits, by the searchers.
    pub fn stop_when(&mut self, halt: Arc<AtomicBool>) {
        let mut state = self.searchers.lock();
        let entry = (
            self.number,
            self.asker.visitor(),
            Instant::now(),
            Arc::clone(&halt),
        );
        state.halts.retain(|(number, ..)| *number != self.number);
        state.halts.push(entry);
        drop(state);
        if let Some(engine) = &mut self.engine {
            engine.stop_when(Some(halt));
        }
    }
}

impl Deref for Lent<'_> {
    type Target = Engine;

    fn deref(&self) -> &Engine {
        // Only taken out in `drop`.
        self.engine
            .as_ref()
            .expect("a lent engine is there until dropped")
    }
}

impl DerefMut for Lent<'_> {
    fn deref_mut(&mut self) -> &mut Engine {
        self.engine
            .as_mut()
            .expect("a lent engine is there until dropped")
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if let Some(mut engine) = self.engine.take() {
            engine.stop_when(None);
            let mut state = self.searchers.lock();
            let now = Instant::now();
            state.halts.retain(|(number, ..)| *number != self.number);
            state.free.push(engine);
            state.add_running(self.asker, -1);
            let used = now.saturating_duration_since(self.lent_at);
            state.usage.add(self.asker.visitor(), used, now);
            state.forget_idle(now);
            self.searchers.freed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::thread;

    const NEVER_GONE: &dyn Fn() -> bool = &|| false;

    /// A search of a second.
    const SEARCH: Limit = Limit::Time(Duration::from_secs(1));

    /// A browser `browser` at 127.0.0.`last` (none: a script).
    fn at(last: u8, browser: Option<u128>) -> Visitor {
        Visitor {
            address: [127, 0, 0, last].into(),
            browser,
        }
    }

    fn address(last: u8) -> Asker {
        Asker::Visitor(at(last, None))
    }

    #[test]
    fn engines_are_lent_one_each_and_come_back() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let lent = searchers
            .lend(address(1), &SEARCH, Duration::ZERO, NEVER_GONE)
            .unwrap();
        let refused = searchers.lend(address(2), &SEARCH, Duration::from_millis(10), NEVER_GONE);
        assert_eq!(refused.err(), Some(Refused::TimedOut));
        drop(lent);
        assert!(
            searchers
                .lend(address(2), &SEARCH, Duration::ZERO, NEVER_GONE)
                .is_ok()
        );
        assert_eq!(searchers.waiting(), 0);
    }

    #[test]
    fn one_asker_cannot_crowd_out_the_others() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let held = searchers
            .lend(address(1), &SEARCH, Duration::ZERO, NEVER_GONE)
            .unwrap();
        let order = Mutex::new(Vec::new());
        thread::scope(|scope| {
            let ask = |who: u8| {
                let (searchers, order) = (&searchers, &order);
                scope.spawn(move || {
                    let lent =
                        searchers.lend(address(who), &SEARCH, Duration::from_secs(60), NEVER_GONE);
                    order.lock().unwrap().push(who);
                    lent.map(|_| ())
                })
            };
            // The first asker queues as many more as it may; one more is
            // refused at once.
            let flooding: Vec<_> = (0..WAITING_PER_ASKER).map(|_| ask(1)).collect();
            while searchers.waiting() < WAITING_PER_ASKER {
                thread::yield_now();
            }
            let refused = searchers.lend(address(1), &SEARCH, Duration::ZERO, NEVER_GONE);
            assert_eq!(refused.err(), Some(Refused::Crowded));
            // Another asker, come last, is served first: the first was
            // served more lately.
            let other = ask(2);
            while searchers.waiting() < WAITING_PER_ASKER + 1 {
                thread::yield_now();
            }
            drop(held);
            assert_eq!(other.join().unwrap(), Ok(()));
            for waiter in flooding {
                assert_eq!(waiter.join().unwrap(), Ok(()));
            }
        });
        assert_eq!(order.into_inner().unwrap()[0], 2);
    }

    fn game(address: u8, number: u64) -> Asker {
        Asker::Game(at(address, None), number)
    }

    /// The order `askers` are served in when they queue one after another
    /// for the one engine, which `holder` holds meanwhile, each for a
    /// search of a second.
    fn served_in_order(holder: Asker, askers: &[Asker]) -> Vec<Asker> {
        let searches: Vec<(Asker, Limit)> = askers.iter().map(|&asker| (asker, SEARCH)).collect();
        searches_served_in_order(holder, &searches)
    }

    /// The order `searches` (each an asker and its limit) are served in when
    /// they queue one after another for the one engine, which `holder`
    /// holds meanwhile.
    fn searches_served_in_order(holder: Asker, searches: &[(Asker, Limit)]) -> Vec<Asker> {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        served_by(&searchers, holder, searches)
    }

    /// [`searches_served_in_order`] by `searchers`.
    fn served_by(searchers: &Searchers, holder: Asker, searches: &[(Asker, Limit)]) -> Vec<Asker> {
        let held = searchers
            .lend(holder, &SEARCH, Duration::ZERO, NEVER_GONE)
            .unwrap();
        let order = Mutex::new(Vec::new());
        thread::scope(|scope| {
            for (ahead, &(asker, limit)) in searches.iter().enumerate() {
                let order = &order;
                scope.spawn(move || {
                    let lent = searchers.lend(asker, &limit, Duration::from_secs(60), NEVER_GONE);
                    assert!(lent.is_ok());
                    // Pushed while the engine is held: one at a time.
                    order.lock().unwrap().push(asker);
                });
                while searchers.waiting() <= ahead {
                    thread::yield_now();
                }
            }
            drop(held);
        });
        order.into_inner().unwrap()
    }

    #[test]
    fn a_visitor_with_many_games_gets_no_more_turns_than_one_request() {
        let others = [game(1, 2), game(1, 3), game(1, 4), address(2)];
        assert_eq!(
            served_in_order(game(1, 1), &others),
            [address(2), game(1, 2), game(1, 3), game(1, 4)]
        );
    }

    #[test]
    fn within_a_visitor_the_game_served_longest_ago_goes_first() {
        let others = [game(1, 1), game(1, 2), address(2)];
        assert_eq!(
            served_in_order(game(1, 1), &others),
            [address(2), game(1, 2), game(1, 1)]
        );
    }

    #[test]
    fn a_short_search_passes_long_ones_that_came_a_little_before_it() {
        let long = Limit::Time(Duration::from_secs(10));
        let short = Limit::Time(Duration::from_millis(100));
        let searches = [(address(2), long), (address(3), long), (address(4), short)];
        assert_eq!(
            searches_served_in_order(address(1), &searches),
            [address(4), address(2), address(3)]
        );
        // A search by nodes is as long as the nodes take.
        let few = Limit::Nodes(100_000);
        let many = Limit::Nodes(10_000_000);
        let searches = [(address(2), many), (address(3), few)];
        assert_eq!(
            searches_served_in_order(address(1), &searches),
            [address(3), address(2)]
        );
    }

    #[test]
    fn a_visitor_that_used_less_engine_time_of_late_goes_first() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let now = Instant::now();
        let mut state = searchers.lock();
        state.usage.add(at(2, None), Duration::from_secs(10), now);
        state
            .usage
            .add(at(3, None), Duration::from_millis(100), now);
        drop(state);
        let searches = [(address(2), SEARCH), (address(3), SEARCH)];
        assert_eq!(
            served_by(&searchers, address(1), &searches),
            [address(3), address(2)]
        );
    }

    #[test]
    fn one_visitor_waits_with_its_share_of_the_queue_at_most() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let held = searchers
            .lend(address(2), &SEARCH, Duration::ZERO, NEVER_GONE)
            .unwrap();
        thread::scope(|scope| {
            for number in 0..WAITING_PER_VISITOR as u64 {
                let searchers = &searchers;
                scope.spawn(move || {
                    let lent = searchers.lend(
                        game(1, number),
                        &SEARCH,
                        Duration::from_secs(60),
                        NEVER_GONE,
                    );
                    assert!(lent.is_ok());
                });
            }
            while searchers.waiting() < WAITING_PER_VISITOR {
                thread::yield_now();
            }
            let refused = |asker| {
                searchers
                    .lend(asker, &SEARCH, Duration::ZERO, NEVER_GONE)
                    .err()
            };
            assert_eq!(refused(game(1, 99)), Some(Refused::Crowded));
            assert_eq!(refused(address(1)), Some(Refused::Crowded));
            // Another browser at the same address, and another address,
            // still queue (and, with no wait, time out).
            let browser = Asker::Visitor(at(1, Some(7)));
            assert_eq!(refused(browser), Some(Refused::TimedOut));
            assert_eq!(refused(address(3)), Some(Refused::TimedOut));
            drop(held);
        });
    }

    #[test]
    fn a_class_behind_one_address_waits_together_up_to_its_ceiling() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let held = searchers
            .lend(address(2), &SEARCH, Duration::ZERO, NEVER_GONE)
            .unwrap();
        let browser = |number: u128| Asker::Game(at(1, Some(number)), 0);
        thread::scope(|scope| {
            for number in 0..WAITING_PER_ADDRESS as u128 {
                let searchers = &searchers;
                scope.spawn(move || {
                    let lent = searchers.lend(
                        browser(number),
                        &SEARCH,
                        Duration::from_secs(60),
                        NEVER_GONE,
                    );
                    assert!(lent.is_ok());
                });
            }
            while searchers.waiting() < WAITING_PER_ADDRESS {
                thread::yield_now();
            }
            let refused = |asker| {
                searchers
                    .lend(asker, &SEARCH, Duration::ZERO, NEVER_GONE)
                    .err()
            };
            assert_eq!(refused(browser(999)), Some(Refused::Crowded));
            assert_eq!(refused(address(3)), Some(Refused::TimedOut));
            drop(held);
        });
    }

    #[test]
    fn a_waiter_whose_client_left_leaves_the_queue() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let held = searchers
            .lend(address(1), &SEARCH, Duration::ZERO, NEVER_GONE)
            .unwrap();
        let left = AtomicBool::new(false);
        thread::scope(|scope| {
            let waiter = scope.spawn(|| {
                let gone = || left.load(Ordering::Relaxed);
                searchers
                    .lend(address(2), &SEARCH, Duration::from_secs(60), &gone)
                    .map(|_| ())
            });
            while searchers.waiting() == 0 {
                thread::yield_now();
            }
            left.store(true, Ordering::Relaxed);
            assert_eq!(waiter.join().unwrap(), Err(Refused::Gone));
        });
        assert_eq!(searchers.waiting(), 0);
        drop(held);
    }
}
