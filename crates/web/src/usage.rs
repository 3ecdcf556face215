//! Each visitor's recent engine time, halving every [`HALF_LIFE`]: the
//! engines' queue serves the visitor that used least first, so a visitor
//! asking for short searches is not kept behind those running long ones
//! (a count of turns would rank a turn of 0.1 s with one of 10 s), and a
//! visitor that used much waits less as time passes.

use std::time::{Duration, Instant};

use super::visitor::Visitor;

/// How long it takes a visitor's engine time to count half as much.
pub const HALF_LIFE: Duration = Duration::from_secs(60);

/// Engine time that counts for so little it is forgotten.
const NEGLIGIBLE: Duration = Duration::from_micros(100);

/// The visitors' recent engine time: each its time as of an instant.
#[derive(Default)]
pub(super) struct Usage {
    used: Vec<(Visitor, Duration, Instant)>,
}

/// `time` as it counts `since` later.
fn decayed(time: Duration, since: Duration) -> Duration {
    time.mul_f64(0.5f64.powf(since.as_secs_f64() / HALF_LIFE.as_secs_f64()))
}

impl Usage {
    /// `visitor`'s recent engine time at `now`.
    pub fn of(&self, visitor: Visitor, now: Instant) -> Duration {
        self.used
            .iter()
            .find(|(who, ..)| *who == visitor)
            .map_or(Duration::ZERO, |&(_, time, at)| {
                decayed(time, now.saturating_duration_since(at))
            })
    }

    /// Counts `time` more of engine time for `visitor` at `now`.
    pub fn add(&mut self, visitor: Visitor, time: Duration, now: Instant) {
        let total = self.of(visitor, now) + time;
        match self.used.iter_mut().find(|(who, ..)| *who == visitor) {
            Some(entry) => *entry = (visitor, total, now),
            None => self.used.push((visitor, total, now)),
        }
    }

    /// Forgets the visitors whose time has come to count for nothing at
    /// `now`, but those `busy` holds.
    pub fn forget(&mut self, now: Instant, busy: impl Fn(Visitor) -> bool) {
        self.used.retain(|&(who, time, at)| {
            busy(who) || decayed(time, now.saturating_duration_since(at)) >= NEGLIGIBLE
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(last: u8) -> Visitor {
        Visitor {
            address: [127, 0, 0, last].into(),
            browser: None,
        }
    }

    #[test]
    fn time_adds_up_and_halves_each_half_life() {
        let mut usage = Usage::default();
        let start = Instant::now();
        usage.add(at(1), Duration::from_secs(4), start);
        usage.add(at(1), Duration::from_secs(4), start);
        assert_eq!(usage.of(at(1), start), Duration::from_secs(8));
        assert_eq!(usage.of(at(1), start + HALF_LIFE), Duration::from_secs(4));
        assert_eq!(usage.of(at(2), start), Duration::ZERO);
    }

    #[test]
    fn time_that_counts_for_nothing_is_forgotten_unless_busy() {
        let mut usage = Usage::default();
        let start = Instant::now();
        usage.add(at(1), Duration::from_secs(1), start);
        usage.add(at(2), Duration::from_secs(1), start);
        let later = start + HALF_LIFE * 20;
        usage.forget(later, |visitor| visitor == at(2));
        assert_eq!(usage.used.len(), 1);
        assert_eq!(usage.used[0].0, at(2));
    }
}
