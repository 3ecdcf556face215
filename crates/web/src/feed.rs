//! What an event stream sends: a [`Feed`] gives the next event once
//! something changed, and [`Changes`] is how the server's state says that
//! it has.

use std::sync::{Arc, Condvar, Mutex, PoisonError, Weak};
use std::time::Duration;

/// The events of one stream, as they happen.
pub(super) trait Feed: Send {
    /// The next event, waiting at most `wait` for one.
    fn next(&mut self, wait: Duration) -> Next;
}

/// What a feed has next.
pub(super) enum Next {
    /// An event: its data (JSON).
    Event(String),
    /// Nothing yet.
    Quiet,
}

/// How far a stream has seen a [`Changes`]: it sends a view at once, and
/// again after each change.
#[derive(Default)]
pub(super) struct Seen(Option<u64>);

impl Seen {
    /// The next event of a stream following `changes`, made by `view`, or
    /// quiet when nothing changed within `wait`.
    pub fn next(
        &mut self,
        changes: &Changes,
        wait: Duration,
        view: impl FnOnce() -> String,
    ) -> Next {
        let now = match self.0 {
            None => changes.now(),
            Some(seen) => changes.wait_past(seen, wait),
        };
        if self.0 == Some(now) {
            return Next::Quiet;
        }
        self.0 = Some(now);
        Next::Event(view())
    }
}

/// A count of changes that waiters can wait on, and that bumps the counts
/// listening to it (a stream that follows many games waits on one).
#[derive(Default)]
pub(super) struct Changes {
    count: Mutex<u64>,
    changed: Condvar,
    listeners: Mutex<Vec<Weak<Changes>>>,
}

impl Changes {
    /// A count that starts at `count`.
    pub fn starting_at(count: u64) -> Changes {
        Changes {
            count: Mutex::new(count),
            ..Changes::default()
        }
    }

    /// Says that something changed, to every waiter and listener.
    pub fn bump(&self) {
        let mut count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        *count += 1;
        self.changed.notify_all();
        drop(count);
        let mut listeners = self
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        listeners.retain(|listener| match listener.upgrade() {
            Some(listener) => {
                listener.bump();
                true
            }
            None => false,
        });
    }

    /// Has `listener` bumped at each change of these, for as long as it
    /// lives.
    pub fn tell(&self, listener: &Arc<Changes>) {
        let mut listeners = self
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        listeners.push(Arc::downgrade(listener));
    }

    /// The count now.
    pub fn now(&self) -> u64 {
        *self.count.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The count once it passes `seen`, or as it is after `wait`.
    pub fn wait_past(&self, seen: u64, wait: Duration) -> u64 {
        let count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        let (count, _) = self
            .changed
            .wait_timeout_while(count, wait, |count| *count <= seen)
            .unwrap_or_else(PoisonError::into_inner);
        *count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    #[test]
    fn a_waiter_hears_of_a_change_and_not_of_an_old_one() {
        let changes = Changes::default();
        assert_eq!(changes.wait_past(0, Duration::ZERO), 0);
        thread::scope(|scope| {
            let waiter = scope.spawn(|| changes.wait_past(0, Duration::from_secs(60)));
            changes.bump();
            assert_eq!(waiter.join().unwrap(), 1);
        });
        assert_eq!(changes.now(), 1);
    }

    #[test]
    fn a_listener_hears_of_each_change_while_it_lives() {
        let changes = Changes::default();
        let listener = Arc::new(Changes::default());
        changes.tell(&listener);
        changes.bump();
        changes.bump();
        assert_eq!(listener.now(), 2);
        drop(listener);
        changes.bump();
        assert!(changes.listeners.lock().unwrap().is_empty());
    }
}
