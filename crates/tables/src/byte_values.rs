//! [`ByteValues`]: a long run of 16-bit values held a byte each.

use std::thread;

/// The byte of a place whose value is kept aside.
const ASIDE: u8 = u8::MAX;

/// The byte standing for `u16::MAX`, the code of a number that names no
/// position, which every table holds many of.
const ABSENT: u8 = u8::MAX - 1;

/// 16-bit values in place order, a byte each where they fit: a table
/// read whole (four pieces: 623 M values, 0.6 GB where two bytes took
/// 1.2) or a block decoded for probes. Distances are short but for a
/// few long wins, so the rare value of 254 or more is kept aside by its
/// place, and a table with one long win is not held two bytes a value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct ByteValues {
    bytes: Vec<u8>,
    /// The values of the places whose byte is [`ASIDE`], by place.
    aside: Vec<(usize, u16)>,
}

/// The byte that holds `value`, or [`ASIDE`].
fn byte_of(value: u16) -> u8 {
    match value {
        u16::MAX => ABSENT,
        value if value < u16::from(ABSENT) => value as u8,
        _ => ASIDE,
    }
}

impl ByteValues {
    /// Room for `capacity` values, none held yet.
    pub(super) fn with_capacity(capacity: usize) -> ByteValues {
        ByteValues {
            bytes: Vec::with_capacity(capacity),
            aside: Vec::new(),
        }
    }

    /// Adds `value` at the end.
    pub(super) fn push(&mut self, value: u16) {
        let byte = byte_of(value);
        if byte == ASIDE {
            self.aside.push((self.bytes.len(), value));
        }
        self.bytes.push(byte);
    }

    /// The value at `place`, `None` past the end.
    pub(super) fn get(&self, place: usize) -> Option<u16> {
        match *self.bytes.get(place)? {
            ABSENT => Some(u16::MAX),
            ASIDE => {
                let at = self
                    .aside
                    .binary_search_by_key(&place, |&(place, _)| place)
                    .ok()?;
                Some(self.aside[at].1)
            }
            byte => Some(u16::from(byte)),
        }
    }

    /// How many values it holds.
    pub(super) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// The memory it takes, in bytes (at least one, so that a cache
    /// counts even an empty block).
    pub(super) fn heap_bytes(&self) -> usize {
        (self.bytes.len() + self.aside.len() * size_of::<(usize, u16)>()).max(1)
    }

    /// `value_of` each place below `len`, worked out over `threads`
    /// threads, a stretch of places each; the first error stops its
    /// stretch and is returned.
    pub(super) fn build<E: Send>(
        len: usize,
        threads: usize,
        value_of: impl Fn(usize) -> Result<u16, E> + Sync,
    ) -> Result<ByteValues, E> {
        let mut bytes = vec![0; len];
        let stretch = len.div_ceil(threads.max(1)).max(1);
        let parts = thread::scope(|scope| {
            let workers: Vec<_> = bytes
                .chunks_mut(stretch)
                .enumerate()
                .map(|(part, bytes)| {
                    let value_of = &value_of;
                    scope.spawn(move || fill(bytes, part * stretch, value_of))
                })
                .collect();
            super::generate::join_all(workers)
        });
        let mut aside = Vec::new();
        for part in parts {
            aside.extend(part?);
        }
        Ok(ByteValues { bytes, aside })
    }
}

/// Fills `bytes`, the places from `first` on, with `value_of` each, and
/// returns the values kept aside, by place.
fn fill<E>(
    bytes: &mut [u8],
    first: usize,
    value_of: impl Fn(usize) -> Result<u16, E>,
) -> Result<Vec<(usize, u16)>, E> {
    let mut aside = Vec::new();
    for (place, byte) in (first..).zip(bytes) {
        let value = value_of(place)?;
        *byte = byte_of(value);
        if *byte == ASIDE {
            aside.push((place, value));
        }
    }
    Ok(aside)
}

impl FromIterator<u16> for ByteValues {
    fn from_iter<I: IntoIterator<Item = u16>>(values: I) -> ByteValues {
        let values = values.into_iter();
        let mut held = ByteValues::with_capacity(values.size_hint().0);
        values.for_each(|value| held.push(value));
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;

    /// Values of every kind: small, the two marker bytes' own values,
    /// long distances and `u16::MAX`.
    fn sample(rng: &mut Rng, len: usize) -> Vec<u16> {
        (0..len)
            .map(|_| match rng.below(8) {
                0 => 253 + rng.below(4) as u16,
                1 => u16::MAX,
                2 => rng.below(65_536) as u16,
                _ => rng.below(40) as u16,
            })
            .collect()
    }

    #[test]
    fn every_value_reads_back_as_it_was_put() {
        let mut rng = Rng::new(47);
        let values = sample(&mut rng, 10_000);
        let held: ByteValues = values.iter().copied().collect();
        assert_eq!(held.len(), values.len());
        for (place, &value) in values.iter().enumerate() {
            assert_eq!(held.get(place), Some(value), "place {place}");
        }
        assert_eq!(held.get(values.len()), None);
    }

    #[test]
    fn short_values_take_a_byte_each_and_the_few_long_ones_little_more() {
        let values = (0..100_000u32).map(|at| match at % 100 {
            0 => 300,
            1 => u16::MAX,
            at => at as u16,
        });
        let held: ByteValues = values.collect();
        // 1,000 long values aside, 16 bytes each.
        assert_eq!(held.heap_bytes(), 100_000 + 1_000 * 16);
    }

    #[test]
    fn built_over_threads_it_equals_the_one_pushed_in_order() {
        let mut rng = Rng::new(2022);
        let values = sample(&mut rng, 9_999);
        let pushed: ByteValues = values.iter().copied().collect();
        for threads in [1, 2, 3, 7] {
            let built =
                ByteValues::build(values.len(), threads, |place| Ok::<_, ()>(values[place]));
            assert_eq!(built.as_ref(), Ok(&pushed), "{threads} threads");
        }
    }

    #[test]
    fn a_build_stops_at_the_first_error() {
        let built = ByteValues::build(100, 2, |place| if place == 70 { Err(place) } else { Ok(1) });
        assert_eq!(built, Err(70));
    }
}
