//! A share of the disk: the bytes some games' files may hold together
//! (one visitor's, one address's), counted as they are written. A line
//! past a share is refused, unless it ends its game, so that one visitor
//! filling the disk is refused itself instead of everyone.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes held, and the most that may be.
#[derive(Debug)]
pub struct Share {
    used: AtomicU64,
    most: u64,
}

impl Share {
    /// An empty share of at most `most` bytes.
    pub fn new(most: u64) -> Share {
        Share {
            used: AtomicU64::new(0),
            most,
        }
    }

    /// The most bytes it holds.
    pub fn most(&self) -> u64 {
        self.most
    }

    /// The bytes it holds.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::SeqCst)
    }

    /// Whether `bytes` more fit.
    pub fn fits(&self, bytes: u64) -> bool {
        self.used().saturating_add(bytes) <= self.most
    }

    /// Counts `bytes` more.
    pub fn add(&self, bytes: u64) {
        self.used.fetch_add(bytes, Ordering::SeqCst);
    }

    /// Counts `bytes` fewer (a file let go).
    pub fn take(&self, bytes: u64) {
        let less = |used: u64| Some(used.saturating_sub(bytes));
        let _ = self
            .used
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, less);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_counts_what_is_written_and_let_go_up_to_its_most() {
        let share = Share::new(10);
        assert!(share.fits(10) && !share.fits(11));
        share.add(7);
        assert!(share.fits(3) && !share.fits(4));
        share.take(9);
        assert_eq!(share.used(), 0);
        assert_eq!(share.most(), 10);
    }
}
