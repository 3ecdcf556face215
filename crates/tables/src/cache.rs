//! Decoded blocks, shared by the threads that probe: a probe finds its
//! block here, or reads and decodes it and puts it here, pushing out the
//! oldest blocks once the budget is spent. Memory stays bounded however
//! many tables are probed; the file's bytes themselves are left to the
//! operating system's page cache.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use super::byte_values::ByteValues;

/// A block's key: its file (the material's compact number, twice, plus
/// one for the distance file) and its number.
pub(super) type Key = (u32, u32);

/// Parts the cache is split into, each with its own lock, so that
/// threads probing different blocks rarely wait for each other.
const PARTS: usize = 16;

/// A key's hash: the key itself, mixed by one multiplication. A probe
/// hashes one key each time, and the standard hasher, built against
/// chosen keys, cost more than the rest of a warm probe.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u32(&mut self, value: u32) {
        self.0 = self.0.rotate_left(32) ^ u64::from(value);
    }
}

/// The blocks of one part and the order they came in.
#[derive(Default)]
struct Part {
    blocks: HashMap<Key, Arc<ByteValues>, BuildHasherDefault<KeyHasher>>,
    arrivals: VecDeque<Key>,
    bytes: usize,
}

/// Decoded blocks within a budget of bytes.
pub(super) struct Cache {
    parts: Box<[Mutex<Part>]>,
    budget_a_part: usize,
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cache")
            .field("budget", &(self.budget_a_part * PARTS))
            .finish()
    }
}

impl Cache {
    /// A cache holding about `budget` bytes of decoded values.
    pub(super) fn new(budget: usize) -> Cache {
        Cache {
            parts: (0..PARTS).map(|_| Mutex::new(Part::default())).collect(),
            budget_a_part: budget / PARTS,
        }
    }

    fn part(&self, key: Key) -> std::sync::MutexGuard<'_, Part> {
        let at = (key.0 as usize)
            .wrapping_mul(31)
            .wrapping_add(key.1 as usize)
            % PARTS;
        self.parts[at]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The value at `at` of the block under `key`, if the block is here:
    /// read under the lock, so that a warm probe copies one value and
    /// touches no reference count.
    pub(super) fn value(&self, key: Key, at: usize) -> Option<Option<u16>> {
        self.part(key).blocks.get(&key).map(|block| block.get(at))
    }

    /// The block under `key`, if it is here.
    #[cfg(test)]
    pub(super) fn get(&self, key: Key) -> Option<Arc<ByteValues>> {
        self.part(key).blocks.get(&key).cloned()
    }

    /// Keeps `block` under `key`, pushing out the oldest blocks of its
    /// part while it is over budget (never the one just put).
    pub(super) fn put(&self, key: Key, block: Arc<ByteValues>) {
        let mut part = self.part(key);
        let size = block.heap_bytes();
        if part.blocks.insert(key, block).is_none() {
            part.arrivals.push_back(key);
            part.bytes += size;
        }
        while part.bytes > self.budget_a_part && part.arrivals.len() > 1 {
            let Some(oldest) = part.arrivals.pop_front() else {
                break;
            };
            if let Some(gone) = part.blocks.remove(&oldest) {
                part.bytes -= gone.heap_bytes();
            }
        }
    }

    /// Blocks held now.
    #[cfg(test)]
    pub(super) fn blocks(&self) -> usize {
        self.parts
            .iter()
            .map(|part| {
                part.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .blocks
                    .len()
            })
            .sum()
    }

    /// Bytes of decoded values held now.
    pub(super) fn bytes(&self) -> usize {
        self.parts
            .iter()
            .map(|part| part.lock().unwrap_or_else(PoisonError::into_inner).bytes)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_blocks_go_once_the_budget_is_spent() {
        let cache = Cache::new(PARTS * 1000);
        for block in 0..100u32 {
            let values: ByteValues = [7; 300].into_iter().collect();
            cache.put((0, block * PARTS as u32), Arc::new(values));
        }
        // One part, three blocks of 300 bytes within its 1000.
        assert!(cache.bytes() <= 1000, "{}", cache.bytes());
        assert!(cache.get((0, 99 * PARTS as u32)).is_some());
        assert!(cache.get((0, 0)).is_none());
    }
}
