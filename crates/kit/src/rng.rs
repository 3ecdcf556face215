//! The in-tree PRNG: same seed, same numbers, on every machine, for
//! property tests, benchmarks, generated positions and the keys of tables.

/// SplitMix64: tiny, fast, and good enough for tests (not for cryptography).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`: the same seed, the same numbers.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number, uniform over all 64-bit values.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), without modulo bias worth noticing for tests.
    pub fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// A number in `[0, 1)`, uniform to 53 bits, for simulations.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        let index = self.below(items.len() as u64) as usize;
        items.get(index).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let first: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        assert!((0..5).all(|i| b.next_u64() == first[i]));
        assert_ne!(Rng::new(8).next_u64(), first[0]);
    }

    #[test]
    fn below_stays_below() {
        let mut rng = Rng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let n = rng.below(7);
            assert!(n < 7);
            seen[n as usize] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value turns up");
    }
}
