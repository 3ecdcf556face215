//! The disk budget: which ended games' files go, and in what order, when
//! the journal's files weigh more than it allows.

use std::time::SystemTime;

/// The default budget for a data folder's games: 256 MiB, some hundred
/// thousand whole games of about two kilobytes.
pub const BUDGET: u64 = 256 << 20;

/// One game's file as the budget sees it.
#[derive(Debug)]
pub(super) struct Weighed {
    pub id: String,
    pub bytes: u64,
    /// For an ended game, when it ended: its file's last change (the
    /// ending is the last line written, and the time is kept across a
    /// restart), then the order in which `ended` was called, for files
    /// changed within one tick of the clock.
    pub ended: Option<(Option<SystemTime>, u64)>,
}

/// What must go: the bytes past the budget, and the ended games that may
/// be evicted to make up for them, oldest ended first. Games not ended
/// are never in the queue.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Eviction {
    pub excess: u64,
    pub queue: Vec<(String, u64)>,
}

/// Weighs `files` against `budget`.
pub(super) fn weigh(mut files: Vec<Weighed>, budget: u64) -> Eviction {
    let total: u64 = files.iter().map(|file| file.bytes).sum();
    files.retain(|file| file.ended.is_some());
    files.sort_by_key(|file| file.ended);
    Eviction {
        excess: total.saturating_sub(budget),
        queue: files
            .into_iter()
            .map(|file| (file.id, file.bytes))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn weighed(id: &str, bytes: u64, ended: Option<(u64, u64)>) -> Weighed {
        let time = |seconds| Some(SystemTime::UNIX_EPOCH + Duration::from_secs(seconds));
        Weighed {
            id: id.to_string(),
            bytes,
            ended: ended.map(|(seconds, order)| (time(seconds), order)),
        }
    }

    #[test]
    fn the_oldest_ended_go_first_and_the_unended_never() {
        let files = vec![
            weighed("late", 10, Some((50, 1))),
            weighed("playing", 100, None),
            weighed("early", 20, Some((40, 2))),
            weighed("same tick, ended first", 30, Some((50, 0))),
        ];
        let queue = [("early", 20), ("same tick, ended first", 30), ("late", 10)];
        let expected = Eviction {
            excess: 60,
            queue: queue.iter().map(|&(id, b)| (id.to_string(), b)).collect(),
        };
        assert_eq!(weigh(files, 100), expected);
    }

    #[test]
    fn within_the_budget_nothing_is_in_excess() {
        let files = vec![weighed("a", 10, Some((1, 0)))];
        assert_eq!(weigh(files, 10).excess, 0);
    }
}
