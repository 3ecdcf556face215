//! The transposition table both searches share (the assignment's exact
//! search and the playing engine), and what its entries say about a
//! position's value.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use congo_rules::Move;

/// How a stored search result relates to the position's true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// It is the value.
    #[default]
    Exact,
    /// The value is at least this (a move was good enough to cut).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

impl Bound {
    /// The bound of `value`, found by a search of the window (`alpha`, `beta`).
    pub fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `value` with this bound settles a search of the
    /// window (`alpha`, `beta`) without searching again.
    pub fn settles(self, value: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }
}

/// What the table remembers of a position searched to some depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The position's Zobrist key.
    pub key: u64,
    /// How deep it was searched.
    pub depth: u8,
    /// How `value` relates to the true value.
    pub bound: Bound,
    /// The search's result.
    pub value: i32,
    /// The best move found, to try first next time.
    pub best: Option<Move>,
}

impl Entry {
    /// The entry for a search of the position `key` to `depth` that was
    /// given the window (`alpha`, `beta`) and found `value` and `best`.
    fn new(
        key: u64,
        depth: u32,
        value: i32,
        (alpha, beta): (i32, i32),
        best: Option<Move>,
    ) -> Entry {
        Entry {
            key,
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            bound: Bound::of(value, alpha, beta),
            value,
            best,
        }
    }
}

/// A fixed-size transposition table: each key has one slot, and a newer
/// entry replaces whatever was there.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry stored for `key`, if its slot still holds it.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|entry| entry.key == key)
    }

    /// Remembers a search of the position `key` to `depth` that was given
    /// the window (`alpha`, `beta`) and found `value` and the move `best`.
    pub fn store(
        &mut self,
        key: u64,
        depth: u32,
        value: i32,
        (alpha, beta): (i32, i32),
        best: Option<Move>,
    ) {
        let slot = self.slot(key);
        self.slots[slot] = Some(Entry::new(key, depth, value, (alpha, beta), best));
    }
}

/// A [`Table`] that several search threads share (lazy SMP): each slot
/// has its own lock, held only to copy an entry in or out, so threads
/// almost never wait on each other.
///
/// Cloning gives a new, empty table of the same size, so that cloned
/// searches (a judge's threads) never see each other's entries; threads
/// meant to share one get it from [`SharedTable::share`].
#[derive(Debug)]
pub(crate) struct SharedTable {
    slots: Arc<Vec<Mutex<Option<Entry>>>>,
}

impl Clone for SharedTable {
    fn clone(&self) -> SharedTable {
        SharedTable::with_slots(self.slots.len())
    }
}

impl SharedTable {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> SharedTable {
        SharedTable::with_slots(1 << bits)
    }

    fn with_slots(count: usize) -> SharedTable {
        SharedTable {
            slots: Arc::new((0..count).map(|_| Mutex::new(None)).collect()),
        }
    }

    /// The same table, for another thread of the same search.
    pub fn share(&self) -> SharedTable {
        SharedTable {
            slots: Arc::clone(&self.slots),
        }
    }

    fn slot(&self, key: u64) -> MutexGuard<'_, Option<Entry>> {
        let slot = &self.slots[(key as usize) & (self.slots.len() - 1)];
        // A thread that panicked holding the lock left a whole entry.
        slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The entry stored for `key`, if its slot still holds it.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slot(key).filter(|entry| entry.key == key)
    }

    /// As [`Table::store`].
    pub fn store(&self, key: u64, depth: u32, value: i32, window: (i32, i32), best: Option<Move>) {
        *self.slot(key) = Some(Entry::new(key, depth, value, window, best));
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            *slot.lock().unwrap_or_else(PoisonError::into_inner) = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_results_and_what_they_settle() {
        assert_eq!(Bound::of(5, 0, 10), Bound::Exact);
        assert_eq!(Bound::of(10, 0, 10), Bound::Lower);
        assert_eq!(Bound::of(0, 0, 10), Bound::Upper);
        assert!(Bound::Lower.settles(12, 0, 10));
        assert!(!Bound::Lower.settles(8, 0, 10));
        assert!(Bound::Upper.settles(-1, 0, 10));
        assert!(!Bound::Upper.settles(3, 0, 10));
        assert!(Bound::Exact.settles(3, 0, 10));
    }

    #[test]
    fn the_table_holds_one_entry_a_slot() {
        let mut table = Table::new(4);
        let entry = |key| Entry {
            key,
            depth: 3,
            bound: Bound::Exact,
            value: 7,
            best: None,
        };
        assert_eq!(table.probe(5), None);
        // 7 in the window (0, 10) is exact; 300 would be a lower bound.
        table.store(5, 3, 7, (0, 10), None);
        assert_eq!(table.probe(5), Some(entry(5)));
        // 21 shares 5's slot (16 slots): it replaces it.
        table.store(21, 3, 7, (0, 10), None);
        assert_eq!((table.probe(5), table.probe(21)), (None, Some(entry(21))));
        table.store(21, 300, 300, (0, 10), None);
        let deep = table.probe(21).map(|entry| (entry.depth, entry.bound));
        assert_eq!(deep, Some((u8::MAX, Bound::Lower)), "depth saturates");
    }

    #[test]
    fn a_shared_table_is_shared_by_share_and_not_by_clone() {
        let table = SharedTable::new(4);
        table.store(5, 3, 7, (0, 10), None);
        let entry = table.probe(5).map(|entry| (entry.value, entry.bound));
        assert_eq!(entry, Some((7, Bound::Exact)));
        table.store(21, 3, 7, (0, 10), None);
        assert_eq!(table.probe(5), None, "21 shares 5's slot");
        let shared = table.share();
        assert!(table.clone().probe(21).is_none());
        shared.store(6, 1, 300, (0, 10), None);
        assert_eq!(table.probe(6).map(|entry| entry.bound), Some(Bound::Lower));
        table.clear();
        assert_eq!((shared.probe(6), shared.probe(21)), (None, None));
    }
}
