//! The disk budget: the ended games, in the order they go when the
//! journal's files weigh more than it allows, none before it has been
//! kept [`KEEP_ENDED`], whatever others write.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// The default budget for a data folder's games: 256 MiB, some hundred
/// thousand whole games of about two kilobytes.
pub const BUDGET: u64 = 256 << 20;

/// How long an ended game is kept at least, whatever the budget: a
/// player's link to a game just finished stays good for a week, and a
/// flood of others' games cannot push it out (new games are refused
/// instead, see `Journal::full`).
pub const KEEP_ENDED: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// The ended games that may be evicted, oldest ended first. A game's
/// ending is its file's last change (the ending is the last line
/// written, and the time outlives a restart), then the order it was
/// marked in, for files changed within one tick of the clock.
#[derive(Debug, Default)]
pub(super) struct Endings {
    queue: BTreeMap<(Option<SystemTime>, u64), (String, u64)>,
    marked: u64,
}

impl Endings {
    /// Adds game `id`, whose file of `bytes` was last changed at
    /// `modified`.
    pub(super) fn push(&mut self, id: &str, bytes: u64, modified: Option<SystemTime>) {
        self.queue
            .insert((modified, self.marked), (id.to_string(), bytes));
        self.marked += 1;
    }

    /// While `total` bytes are more than `budget`, takes out the oldest
    /// ended game, if it ended `before`, whose file `remove` removes, and
    /// returns their ids; a game whose file stays, stays in the queue.
    pub(super) fn evict(
        &mut self,
        total: &AtomicU64,
        budget: u64,
        before: SystemTime,
        mut remove: impl FnMut(&str) -> bool,
    ) -> Vec<String> {
        let mut evicted = Vec::new();
        let mut stayed = Vec::new();
        while total.load(Ordering::SeqCst) > budget {
            let kept = |(ended, _): &(Option<SystemTime>, u64)| ended.is_some_and(|at| at > before);
            if self
                .queue
                .first_key_value()
                .is_none_or(|(key, _)| kept(key))
            {
                break;
            }
            let Some((key, (id, bytes))) = self.queue.pop_first() else {
                break;
            };
            if remove(&id) {
                let less = |total: u64| Some(total.saturating_sub(bytes));
                let _ = total.fetch_update(Ordering::SeqCst, Ordering::SeqCst, less);
                evicted.push(id);
            } else {
                stayed.push((key, (id, bytes)));
            }
        }
        self.queue.extend(stayed);
        evicted
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Later than every ending of these tests.
    fn later() -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(1000)
    }

    fn at(seconds: u64) -> Option<SystemTime> {
        Some(SystemTime::UNIX_EPOCH + Duration::from_secs(seconds))
    }

    #[test]
    fn the_oldest_ended_go_first_until_the_total_fits() {
        let mut endings = Endings::default();
        endings.push("late", 10, at(50));
        endings.push("early", 20, at(40));
        endings.push("same time, marked later", 30, at(50));
        let total = AtomicU64::new(130);
        let evicted = endings.evict(&total, 100, later(), |_| true);
        assert_eq!(evicted, ["early", "late"]);
        assert_eq!(total.load(Ordering::SeqCst), 100);
        let evicted = endings.evict(&AtomicU64::new(1), 0, later(), |_| true);
        assert_eq!(evicted, ["same time, marked later"]);
    }

    #[test]
    fn a_file_that_stays_keeps_its_place() {
        let mut endings = Endings::default();
        endings.push("stuck", 10, at(1));
        endings.push("free", 10, at(2));
        let total = AtomicU64::new(20);
        assert_eq!(
            endings.evict(&total, 0, later(), |id| id == "free"),
            ["free"]
        );
        assert_eq!(endings.evict(&total, 0, later(), |_| true), ["stuck"]);
        assert_eq!(total.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn a_game_ended_lately_stays_however_far_over_the_budget() {
        let mut endings = Endings::default();
        endings.push("old", 10, at(10));
        endings.push("lately", 10, at(100));
        endings.push("unknown", 10, None);
        let total = AtomicU64::new(30);
        let before = at(50).unwrap();
        assert_eq!(
            endings.evict(&total, 0, before, |_| true),
            ["unknown", "old"]
        );
        assert_eq!(total.load(Ordering::SeqCst), 10);
        assert_eq!(
            endings.evict(&total, 0, at(100).unwrap(), |_| true),
            ["lately"]
        );
    }
}
