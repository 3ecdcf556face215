//! How often each visitor does something bounded by the minute: makes a
//! game (so that one visitor cannot fill the journal's disk by making and
//! dropping games in a loop), or asks for a game that is not there or
//! with a key that is not its (so that ids and keys cannot be guessed).

use crate::visitor::Visitor;
use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The time a pace counts over.
const WINDOW: Duration = Duration::from_secs(60);

/// The visitors kept before those with nothing in the window are let go.
const VISITORS: usize = 1024;

/// When each visitor did the thing counted, within the last minute, and
/// how many times a minute it may.
pub(super) struct Pace {
    done: Mutex<HashMap<Visitor, VecDeque<Instant>>>,
    most: usize,
}

impl Pace {
    /// At most `most` a minute for each visitor.
    pub fn new(most: usize) -> Pace {
        Pace {
            done: Mutex::default(),
            most,
        }
    }

    /// Notes that `visitor` does it at `now`; or, if it did it `most`
    /// times within the last minute, how long until it may again.
    pub fn make(&self, visitor: Visitor, now: Instant) -> Result<(), Duration> {
        self.count(visitor, now, true)
    }

    /// How long until `visitor` may do it again at `now`, if it may not
    /// now; nothing is noted.
    pub fn waiting(&self, visitor: Visitor, now: Instant) -> Option<Duration> {
        self.count(visitor, now, false).err()
    }

    /// Whether `visitor` may do it at `now`, noting it if `note`.
    fn count(&self, visitor: Visitor, now: Instant, note: bool) -> Result<(), Duration> {
        let mut done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        let recent = |at: &Instant| now.saturating_duration_since(*at) < WINDOW;
        if done.len() > VISITORS {
            done.retain(|_, times| times.iter().any(recent));
        }
        let times = done.entry(visitor).or_default();
        while times.front().is_some_and(|at| !recent(at)) {
            times.pop_front();
        }
        match times.front() {
            Some(first) if times.len() >= self.most => {
                Err(WINDOW.saturating_sub(now.saturating_duration_since(*first)))
            }
            _ => {
                if note {
                    times.push_back(now);
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visitor_makes_so_many_a_minute_and_others_are_not_held_back() {
        const MAX_MADE: usize = 120;
        let pace = Pace::new(MAX_MADE);
        let at = |browser| Visitor {
            address: [127, 0, 0, 1].into(),
            browser,
        };
        let (one, other) = (at(None), at(Some(1)));
        let start = Instant::now();
        for _ in 0..MAX_MADE {
            assert_eq!(pace.make(one, start), Ok(()));
        }
        let later = start + Duration::from_secs(20);
        assert_eq!(pace.make(one, later), Err(Duration::from_secs(40)));
        assert_eq!(pace.make(other, later), Ok(()));
        // Looking notes nothing.
        assert_eq!(pace.waiting(one, later), Some(Duration::from_secs(40)));
        assert_eq!(pace.waiting(other, later), None);
        assert_eq!(pace.make(one, start + WINDOW), Ok(()));
    }
}
