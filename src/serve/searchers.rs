//! The engines the server searches with: one per core, so that searches
//! never take more than the machine has, lent to one request at a time.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::RuleSet;
use crate::engine::{Engine, Weights};
use crate::tablebase::Tablebase;

/// A fixed set of engines, lent out and given back.
pub(super) struct Searchers {
    free: Mutex<Vec<Engine>>,
    given_back: Condvar,
}

impl Searchers {
    /// `count` engines playing by `rule_set`, from `tables` when given.
    pub fn new(count: usize, rule_set: RuleSet, tables: Option<Arc<Tablebase>>) -> Searchers {
        let engines = (0..count.max(1))
            .map(|_| Engine::new(rule_set, Weights::TUNED).with_endgame_tables(tables.clone()))
            .collect();
        Searchers {
            free: Mutex::new(engines),
            given_back: Condvar::new(),
        }
    }

    /// An engine, as soon as one is free within `wait`; `None` if none is.
    pub fn lend(&self, wait: Duration) -> Option<Lent<'_>> {
        let deadline = Instant::now() + wait;
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(engine) = free.pop() {
                return Some(Lent {
                    engine: Some(engine),
                    searchers: self,
                });
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            free = self
                .given_back
                .wait_timeout(free, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

/// An engine lent out: it goes back when this is dropped.
pub(super) struct Lent<'a> {
    engine: Option<Engine>,
    searchers: &'a Searchers,
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
        if let Some(engine) = self.engine.take() {
            let mut free = self
                .searchers
                .free
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            free.push(engine);
            self.searchers.given_back.notify_one();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_are_lent_one_each_and_come_back() {
        let searchers = Searchers::new(1, RuleSet::default(), None);
        let lent = searchers.lend(Duration::ZERO).unwrap();
        assert!(searchers.lend(Duration::from_millis(10)).is_none());
        drop(lent);
        assert!(searchers.lend(Duration::ZERO).is_some());
    }
}
