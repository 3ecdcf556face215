//! Canonical Huffman codes over a small alphabet, with the bit streams
//! they are written to and read from. A code is described by its lengths
//! alone (one byte a symbol), so a file stores the lengths and both sides
//! derive the same codes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The longest code: lengths are kept at most this by flattening the
/// counts, so a code fits in a `u32` and a length in a byte.
pub(super) const MAX_LENGTH: u8 = 24;

/// The code length of each symbol for `counts` (0 for a symbol never
/// used), none longer than [`MAX_LENGTH`]. A lone used symbol gets one bit.
pub(super) fn lengths(counts: &[u64]) -> Vec<u8> {
    let mut counts = counts.to_vec();
    loop {
        let lengths = unlimited_lengths(&counts);
        if lengths.iter().all(|&length| length <= MAX_LENGTH) {
            return lengths;
        }
        // Rarer symbols grow nearer the common ones until the tree is
        // shallow enough; a little compression is lost, only for huge skews.
        for count in counts.iter_mut().filter(|count| **count > 0) {
            *count = count.div_ceil(2);
        }
    }
}

/// Huffman's lengths, however long.
fn unlimited_lengths(counts: &[u64]) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    // Nodes 0..n are the symbols, later ones the merged pairs.
    let mut parent: Vec<usize> = Vec::new();
    let mut heap = BinaryHeap::new();
    for (symbol, &count) in counts.iter().enumerate() {
        parent.push(usize::MAX);
        if count > 0 {
            heap.push(Reverse((count, symbol)));
        }
    }
    if heap.len() == 1 {
        if let Some(Reverse((_, symbol))) = heap.pop() {
            lengths[symbol] = 1;
        }
        return lengths;
    }
    while let (Some(Reverse((a, first))), Some(Reverse((b, second)))) = (heap.pop(), heap.pop()) {
        let merged = parent.len();
        parent.push(usize::MAX);
        parent[first] = merged;
        parent[second] = merged;
        heap.push(Reverse((a + b, merged)));
    }
    for (symbol, length) in lengths.iter_mut().enumerate() {
        if counts[symbol] == 0 {
            continue;
        }
        let mut node = symbol;
        let mut depth = 0u32;
        while parent[node] != usize::MAX {
            node = parent[node];
            depth += 1;
        }
        *length = depth.min(u32::from(u8::MAX)) as u8;
    }
    lengths
}

/// The canonical code of each symbol from its length: shorter codes first,
/// and among equal lengths the smaller symbol first.
pub(super) fn codes(lengths: &[u8]) -> Vec<u32> {
    let mut codes = vec![0u32; lengths.len()];
    let (mut code, mut previous) = (0u32, 0u8);
    for symbol in canonical_order(lengths) {
        code <<= lengths[symbol] - previous;
        codes[symbol] = code;
        code += 1;
        previous = lengths[symbol];
    }
    codes
}

/// The used symbols in canonical order: by length, then by symbol.
fn canonical_order(lengths: &[u8]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..lengths.len()).filter(|&s| lengths[s] > 0).collect();
    order.sort_by_key(|&symbol| (lengths[symbol], symbol));
    order
}

/// Reads symbols back from a canonical code's lengths, a bit at a time.
pub(super) struct Decoder {
    /// How many codes have each length, 0 to [`MAX_LENGTH`].
    count: [u32; MAX_LENGTH as usize + 1],
    /// The symbols in canonical order.
    sorted: Vec<usize>,
}

impl Decoder {
    /// The decoder of `lengths`; `None` when they are no prefix code (too
    /// many codes of some length, or one too long).
    pub(super) fn new(lengths: &[u8]) -> Option<Decoder> {
        let mut count = [0u32; MAX_LENGTH as usize + 1];
        for &length in lengths.iter().filter(|&&length| length > 0) {
            *count.get_mut(usize::from(length))? += 1;
        }
        // Kraft's inequality: the codes must fit in the tree.
        let mut left = 1i64;
        for &here in &count[1..] {
            left = left * 2 - i64::from(here);
            if left < 0 {
                return None;
            }
        }
        let sorted = canonical_order(lengths);
        Some(Decoder { count, sorted })
    }

    /// The next symbol from `bits`; `None` at the end of the bits or on a
    /// code no symbol has.
    pub(super) fn next(&self, bits: &mut BitReader) -> Option<usize> {
        let (mut code, mut first, mut index) = (0u32, 0u32, 0usize);
        for &here in &self.count[1..] {
            code |= bits.bit()?;
            if code.wrapping_sub(first) < here {
                return self.sorted.get(index + (code - first) as usize).copied();
            }
            index += here as usize;
            first = (first + here) << 1;
            code <<= 1;
        }
        None
    }
}

/// Bits written most significant first into bytes.
#[derive(Default)]
pub(super) struct BitWriter {
    bytes: Vec<u8>,
    pending: u64,
    used: u32,
}

impl BitWriter {
    /// Appends the low `length` bits of `value` (at most 32).
    pub(super) fn put(&mut self, value: u32, length: u8) {
        let length = u32::from(length);
        self.pending = (self.pending << length) | u64::from(value) & ((1u64 << length) - 1);
        self.used += length;
        while self.used >= 8 {
            self.used -= 8;
            self.bytes.push((self.pending >> self.used) as u8);
        }
    }

    /// The bytes, the last one padded with zero bits.
    pub(super) fn finish(mut self) -> Vec<u8> {
        if self.used > 0 {
            self.bytes.push((self.pending << (8 - self.used)) as u8);
        }
        self.bytes
    }
}

/// Reads what a [`BitWriter`] wrote.
pub(super) struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> BitReader<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, at: 0 }
    }

    /// The next bit; `None` past the end.
    pub(super) fn bit(&mut self) -> Option<u32> {
        let byte = self.bytes.get(self.at / 8)?;
        let bit = (byte >> (7 - self.at % 8)) & 1;
        self.at += 1;
        Some(u32::from(bit))
    }

    /// Whether every whole byte has been read (only padding is left).
    pub(super) fn is_in_last_byte(&self) -> bool {
        self.at.div_ceil(8) == self.bytes.len()
    }

    /// The next `length` bits (at most 32) as a number.
    pub(super) fn bits(&mut self, length: u8) -> Option<u32> {
        (0..length).try_fold(0u32, |value, _| Some((value << 1) | self.bit()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_come_back_as_written() {
        let counts = [50, 0, 3, 1, 1, 20, 7, 0, 2];
        let lengths = lengths(&counts);
        assert_eq!(lengths[1], 0);
        assert!(lengths[0] <= lengths[5] && lengths[5] <= lengths[3]);
        let codes = codes(&lengths);
        let message = [0usize, 5, 2, 3, 4, 8, 6, 0, 0, 5];
        let mut writer = BitWriter::default();
        for &symbol in &message {
            writer.put(codes[symbol], lengths[symbol]);
        }
        writer.put(0b101, 3);
        let bytes = writer.finish();
        let decoder = Decoder::new(&lengths).unwrap();
        let mut reader = BitReader::new(&bytes);
        for &symbol in &message {
            assert_eq!(decoder.next(&mut reader), Some(symbol));
        }
        assert_eq!(reader.bits(3), Some(0b101));
    }

    #[test]
    fn a_skewed_alphabet_is_kept_within_the_longest_length() {
        // Fibonacci counts make the deepest possible tree.
        let mut counts = vec![1u64, 1];
        while counts.len() < 40 {
            counts.push(counts[counts.len() - 1] + counts[counts.len() - 2]);
        }
        let lengths = lengths(&counts);
        assert!(lengths.iter().all(|&l| (1..=MAX_LENGTH).contains(&l)));
        assert!(Decoder::new(&lengths).is_some());
    }

    #[test]
    fn a_lone_symbol_has_one_bit_and_lengths_that_overfill_are_refused() {
        assert_eq!(lengths(&[0, 9, 0]), vec![0, 1, 0]);
        assert!(Decoder::new(&[1, 1, 1]).is_none());
        assert!(Decoder::new(&[30]).is_none());
    }
}
