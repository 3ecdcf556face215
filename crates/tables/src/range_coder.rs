//! A range coder over symbols whose frequencies are fixed for a whole
//! table ([`Frequencies`], one set a context): the tables' values are
//! coded with the probability their neighbours give them, which a
//! Huffman code over runs cannot do, and a value a probe finds again by
//! itself costs next to nothing when it is given the likeliest symbol.
//! The carry is handled as LZMA's coder does: a run of 0xFF bytes is
//! held back until a carry does or does not come.

/// The frequencies of a context add up to `1 << TOTAL_BITS`.
pub(super) const TOTAL_BITS: u32 = 15;
const TOTAL: u32 = 1 << TOTAL_BITS;
/// Alphabets this small are decoded without a branch or a division.
const SMALL_ALPHABET: usize = 4;
/// Below this, the range is widened by a byte.
const TOP: u32 = 1 << 24;

/// One context's symbol frequencies, each at least 1, summing to
/// [`TOTAL`], with their running sums for coding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Frequencies {
    /// `starts[s]` is the sum of the frequencies below symbol `s`;
    /// `starts[alphabet]` is [`TOTAL`].
    starts: Vec<u32>,
}

impl Frequencies {
    /// Frequencies in proportion to `counts`, every symbol kept codable.
    pub(super) fn of_counts(counts: &[u64]) -> Frequencies {
        let alphabet = counts.len() as u64;
        let spare = u64::from(TOTAL) - alphabet;
        let sum: u64 = counts.iter().sum::<u64>().max(1);
        let mut frequencies: Vec<u32> = counts
            .iter()
            .map(|&count| 1 + (count * spare / sum) as u32)
            .collect();
        // Rounding down leaves a little over: the likeliest symbol takes it.
        let given: u32 = frequencies.iter().sum();
        if let Some(top) = (0..frequencies.len()).max_by_key(|&s| (counts[s], usize::MAX - s)) {
            frequencies[top] += TOTAL - given;
        }
        Frequencies::of_frequencies(&frequencies).unwrap_or_else(|| Frequencies {
            starts: vec![0, TOTAL],
        })
    }

    /// Frequencies as read from a file; `None` unless each is at least 1
    /// and they add up to [`TOTAL`].
    pub(super) fn of_frequencies(frequencies: &[u32]) -> Option<Frequencies> {
        let mut starts = Vec::with_capacity(frequencies.len() + 1);
        let mut sum = 0u32;
        for &frequency in frequencies {
            starts.push(sum);
            if frequency == 0 {
                return None;
            }
            sum = sum.checked_add(frequency)?;
        }
        starts.push(sum);
        (sum == TOTAL).then_some(Frequencies { starts })
    }

    /// The frequency of each symbol, as a file holds them.
    pub(super) fn frequencies(&self) -> impl Iterator<Item = u32> + '_ {
        self.starts.windows(2).map(|pair| pair[1] - pair[0])
    }

    /// The frequency of `symbol`: the likelier, the cheaper to code.
    pub(super) fn of(&self, symbol: usize) -> u32 {
        self.starts[symbol + 1] - self.starts[symbol]
    }

    /// The symbol whose share holds `code`, with `share` the range's
    /// part a unit of frequency takes. Its start times `share` is
    /// compared with `code`, not `code` divided by `share`: the division
    /// is the longest step of a decode, and each symbol waits for the
    /// last. Few symbols are counted without a branch; among many, the
    /// first (the likeliest in most contexts) is tried first.
    #[inline]
    fn symbol_at(&self, code: u32, share: u32) -> usize {
        let reached = |symbol: usize| code >= share * self.starts[symbol];
        match self.starts.len() - 1 {
            alphabet @ ..=SMALL_ALPHABET => (1..alphabet).filter(|&s| reached(s)).count(),
            _ if !reached(1) => 0,
            _ => {
                let target = (code / share).min(TOTAL - 1);
                self.starts.partition_point(|&start| start <= target) - 1
            }
        }
    }
}

/// Writes symbols into bytes.
#[derive(Default)]
pub(super) struct Encoder {
    low: u64,
    range: u32,
    /// The byte held back, and how many 0xFF bytes follow it.
    held: u8,
    held_count: u64,
    bytes: Vec<u8>,
}

impl Encoder {
    pub(super) fn new() -> Encoder {
        Encoder {
            range: u32::MAX,
            held_count: 1,
            ..Encoder::default()
        }
    }

    /// Codes `symbol` with `frequencies`.
    pub(super) fn put(&mut self, frequencies: &Frequencies, symbol: usize) {
        let share = self.range >> TOTAL_BITS;
        self.low += u64::from(share * frequencies.starts[symbol]);
        self.range = share * frequencies.of(symbol);
        while self.range < TOP {
            self.range <<= 8;
            self.shift();
        }
    }

    fn shift(&mut self) {
        if (self.low as u32) < 0xFF00_0000 || self.low >> 32 != 0 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.held;
            while self.held_count > 0 {
                self.bytes.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.held_count -= 1;
            }
            self.held = (self.low >> 24) as u8;
        }
        self.held_count += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    /// The bytes, the last symbol's included, as few as decode them: the
    /// first byte, always 0, is left out, the end is the number in the
    /// last range with the most trailing zero bits, and trailing zero
    /// bytes are dropped, since the decoder reads zeros past the end. A
    /// run of a thousand values coded alone costs about a byte more than
    /// its symbols.
    pub(super) fn finish(mut self) -> Vec<u8> {
        let last = self.low + u64::from(self.range) - 1;
        self.low = (0..=32)
            .rev()
            .map(|zeros| {
                let mask = (1u64 << zeros) - 1;
                (self.low + mask) & !mask
            })
            .find(|&end| end <= last)
            .unwrap_or(self.low);
        for _ in 0..5 {
            self.shift();
        }
        let mut bytes = self.bytes.split_off(1.min(self.bytes.len()));
        let kept = bytes
            .iter()
            .rposition(|&byte| byte != 0)
            .map_or(0, |at| at + 1);
        bytes.truncate(kept);
        bytes
    }
}

/// Reads symbols back from bytes; past their end it reads zeros (a
/// damaged block is caught by its checksum, not here).
pub(super) struct Decoder<'a> {
    code: u32,
    range: u32,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Decoder<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Decoder<'a> {
        let mut decoder = Decoder {
            code: 0,
            range: u32::MAX,
            bytes,
            at: 0,
        };
        for _ in 0..4 {
            decoder.code = decoder.code << 8 | u32::from(decoder.next_byte());
        }
        decoder
    }

    fn next_byte(&mut self) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// The next symbol, coded with `frequencies`.
    #[inline]
    pub(super) fn get(&mut self, frequencies: &Frequencies) -> usize {
        let share = self.range >> TOTAL_BITS;
        let symbol = frequencies.symbol_at(self.code, share);
        self.code -= share * frequencies.starts[symbol];
        self.range = share * frequencies.of(symbol);
        while self.range < TOP {
            self.range <<= 8;
            self.code = self.code << 8 | u32::from(self.next_byte());
        }
        symbol
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;

    #[test]
    fn symbols_come_back_in_their_contexts_and_likely_ones_cost_little() {
        let mut rng = Rng::new(47);
        let skewed = Frequencies::of_counts(&[1000, 10, 1]);
        let wide = Frequencies::of_counts(&[1; 300]);
        let mut symbols = Vec::new();
        let mut encoder = Encoder::new();
        for _ in 0..200_000 {
            let (frequencies, symbol) = if rng.below(2) == 0 {
                let roll = rng.below(1011);
                (
                    &skewed,
                    if roll < 1000 {
                        0
                    } else {
                        1 + (roll > 1009) as usize
                    },
                )
            } else {
                (&wide, rng.below(300) as usize)
            };
            encoder.put(frequencies, symbol);
            symbols.push(symbol);
        }
        let bytes = encoder.finish();
        let mut decoder = Decoder::new(&bytes);
        // The same rolls again, to pick the same contexts.
        let mut rng = Rng::new(47);
        for &symbol in &symbols {
            let frequencies = if rng.below(2) == 0 {
                rng.below(1011);
                &skewed
            } else {
                rng.below(300);
                &wide
            };
            assert_eq!(decoder.get(frequencies), symbol);
        }
        // 100,000 skewed symbols at about 0.1 bits and as many of 300
        // near-equal ones at about 8.2 bits.
        let bits = bytes.len() as f64 * 8.0 / 200_000.0;
        assert!((4.0..4.4).contains(&bits), "{bits}");
    }

    #[test]
    fn a_short_run_costs_its_symbols_and_at_most_two_bytes_more() {
        let mut rng = Rng::new(5);
        let frequencies = Frequencies::of_counts(&[900, 90, 10]);
        for length in 1..=600 {
            let symbols: Vec<usize> = (0..length)
                .map(|_| match rng.below(1000) {
                    0..900 => 0,
                    900..990 => 1,
                    _ => 2,
                })
                .collect();
            let mut encoder = Encoder::new();
            symbols
                .iter()
                .for_each(|&symbol| encoder.put(&frequencies, symbol));
            let bytes = encoder.finish();
            let mut decoder = Decoder::new(&bytes);
            for &symbol in &symbols {
                assert_eq!(decoder.get(&frequencies), symbol, "{length}");
            }
            let total = f64::from(TOTAL);
            let bits: f64 = symbols
                .iter()
                .map(|&symbol| -(f64::from(frequencies.of(symbol)) / total).log2())
                .sum();
            assert!(
                bytes.len() as f64 <= (bits / 8.0).ceil() + 2.0,
                "{length}: {} bytes for {bits:.1} bits",
                bytes.len()
            );
        }
    }

    #[test]
    fn frequencies_keep_every_symbol_and_refuse_bad_totals() {
        let frequencies = Frequencies::of_counts(&[0, 5, 1 << 40]);
        let read: Vec<u32> = frequencies.frequencies().collect();
        assert!(read.iter().all(|&f| f >= 1));
        assert_eq!(read.iter().sum::<u32>(), TOTAL);
        assert_eq!(Frequencies::of_frequencies(&read), Some(frequencies));
        assert_eq!(Frequencies::of_frequencies(&[TOTAL - 1]), None);
        assert_eq!(Frequencies::of_frequencies(&[TOTAL, 0]), None);
        assert_eq!(Frequencies::of_frequencies(&[u32::MAX, 2]), None);
    }
}
