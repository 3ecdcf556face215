//! Guesses at games' ids and keys: a visitor that asks, within a minute,
//! for [`MAX_GUESSES`] games that are not there or with keys that are not
//! its own is refused any game until the minute is over, so that ids and
//! keys cannot be found by trying; an address, whose clients can make up
//! identities, at [`MAX_GUESSES_PER_ADDRESS`].

use std::time::Instant;

use super::refusal::Refusal;
use crate::pace::Pace;
use crate::visitor::Visitor;

/// The most games a visitor may ask for in vain a minute: far more than a
/// mistyped link or an ended game's old tab.
pub const MAX_GUESSES: usize = 30;

/// The most an address may ask for in vain a minute, all its visitors
/// together: a ceiling sized for a class behind it.
pub const MAX_GUESSES_PER_ADDRESS: usize = 300;

/// The statuses that answer a guess that missed: no such game (404), a
/// key that plays no side of it (403).
const MISSED: [u16; 2] = [403, 404];

/// Each visitor's missed guesses of the last minute, and each address's.
pub(super) struct Guesses {
    by_visitor: Pace,
    by_address: Pace,
}

impl Default for Guesses {
    fn default() -> Guesses {
        Guesses {
            by_visitor: Pace::new(MAX_GUESSES),
            by_address: Pace::new(MAX_GUESSES_PER_ADDRESS),
        }
    }
}

impl Guesses {
    /// The refusal of `visitor`'s request for a game at `now`, if it has
    /// missed as often as it may.
    pub fn refusal(&self, visitor: Visitor, now: Instant) -> Option<Refusal> {
        let (most, wait) = match self.by_visitor.waiting(visitor, now) {
            Some(wait) => (MAX_GUESSES, wait),
            None => (
                MAX_GUESSES_PER_ADDRESS,
                self.by_address.waiting(address(visitor), now)?,
            ),
        };
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        Some(Refusal {
            retry_after: Some(seconds as u32),
            ..Refusal::new(
                429,
                format!(
                    "{most} games asked for in the last minute were not there or not \
                     yours; try again in {seconds} s"
                ),
            )
        })
    }

    /// Notes the answer `status` to `visitor`'s request for a game at `now`.
    pub fn note(&self, visitor: Visitor, status: u16, now: Instant) {
        if MISSED.contains(&status) {
            let _ = self.by_visitor.make(visitor, now);
            let _ = self.by_address.make(address(visitor), now);
        }
    }
}

/// The visitor that stands for `visitor`'s address, all its browsers.
fn address(visitor: Visitor) -> Visitor {
    Visitor {
        browser: None,
        ..visitor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visitor_and_an_address_each_miss_so_often_a_minute() {
        let guesses = Guesses::default();
        let now = Instant::now();
        let browser = |number| Visitor {
            address: [127, 0, 0, 1].into(),
            browser: Some(number),
        };
        for _ in 0..MAX_GUESSES {
            assert!(guesses.refusal(browser(0), now).is_none());
            guesses.note(browser(0), 404, now);
        }
        let refusal = guesses.refusal(browser(0), now).unwrap();
        assert_eq!(
            refusal.message,
            "30 games asked for in the last minute were not there or not yours; try again in 60 s"
        );
        // A found game counts for nothing.
        guesses.note(browser(1), 200, now);
        let browsers = (MAX_GUESSES_PER_ADDRESS / MAX_GUESSES) as u128;
        for number in 1..browsers {
            for _ in 0..MAX_GUESSES {
                guesses.note(browser(number), 403, now);
            }
        }
        let refusal = guesses.refusal(browser(999), now).unwrap();
        assert!(
            refusal.message.starts_with("300 games asked for"),
            "{}",
            refusal.message
        );
        let elsewhere = Visitor {
            address: [127, 0, 0, 2].into(),
            browser: None,
        };
        assert!(guesses.refusal(elsewhere, now).is_none());
    }
}
