//! How fast a visitor makes games: at most [`MAX_MADE`] a minute, so that
//! one visitor cannot fill the journal's disk budget (and so push others'
//! finished games out) by making and dropping games in a loop.

use crate::serve::visitor::Visitor;
use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The most games one visitor makes a minute: far more than a person
/// plays, or a page's tests make.
pub const MAX_MADE: usize = 120;

/// The time [`MAX_MADE`] counts over.
const WINDOW: Duration = Duration::from_secs(60);

/// The visitors kept before those with no game in the window are let go.
const VISITORS: usize = 1024;

/// When each visitor made its games of the last minute.
#[derive(Default)]
pub(super) struct Pace(Mutex<HashMap<Visitor, VecDeque<Instant>>>);

impl Pace {
    /// Notes a game made by `visitor` at `now`; or, if it made
    /// [`MAX_MADE`] within the last minute, how long until it may make one.
    pub fn make(&self, visitor: Visitor, now: Instant) -> Result<(), Duration> {
        let mut made = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let recent = |at: &Instant| now.saturating_duration_since(*at) < WINDOW;
        if made.len() > VISITORS {
            made.retain(|_, times| times.iter().any(recent));
        }
        let times = made.entry(visitor).or_default();
        while times.front().is_some_and(|at| !recent(at)) {
            times.pop_front();
        }
        match times.front() {
            Some(first) if times.len() >= MAX_MADE => {
                Err(WINDOW.saturating_sub(now.saturating_duration_since(*first)))
            }
            _ => {
                times.push_back(now);
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
        let pace = Pace::default();
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
        assert_eq!(pace.make(one, start + WINDOW), Ok(()));
    }
}
