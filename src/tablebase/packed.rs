//! A table's value codes packed small: each run of equal codes becomes a
//! code symbol and, when longer than one, a run-length class with its
//! extra bits, all in one Huffman code built for the table. Tables hold
//! few distinct codes in long stretches (won and drawn regions, made
//! longer by [`super::layout`]), so the three-piece set takes about a
//! fifth of a byte a number on average (877.5 MB for 4.5 billion).
//!
//! | bytes | what |
//! |---|---|
//! | 4 | number of distinct codes, little-endian |
//! | 2 each | the distinct codes, ascending, little-endian |
//! | 1 each | the code length of each symbol: the codes, then the run classes |
//! | rest | the symbols, most significant bit first |

use super::huffman::{self, BitReader, BitWriter, Decoder};

/// Run-length classes: class k stands for k - 1 extra bits below a top
/// one, so runs up to 2^32 long are one symbol and a few bits.
const RUN_CLASSES: usize = 32;

/// Calls `emit` with each symbol of `codes` in order (the first `distinct`
/// symbols are codes, the rest run classes), its extra bits and how many
/// of them there are.
fn each_symbol(
    codes: &[u16],
    symbol_of: &[u32],
    distinct: usize,
    mut emit: impl FnMut(usize, u32, u8),
) {
    let mut at = 0;
    while at < codes.len() {
        let code = codes[at];
        let end = at + codes[at..].iter().take_while(|&&c| c == code).count();
        emit(symbol_of[usize::from(code)] as usize, 0, 0);
        // The copies after the first, as a class and the bits below its top.
        let mut extra = (end - at - 1) as u64;
        while extra > 0 {
            let piece = extra.min(u64::from(u32::MAX)) as u32;
            let class = (32 - piece.leading_zeros()) as usize;
            emit(distinct + class - 1, piece, class as u8 - 1);
            extra -= u64::from(piece);
        }
        at = end;
    }
}

/// The packed form of `codes`.
pub(super) fn pack(codes: &[u16]) -> Vec<u8> {
    let mut symbol_of = vec![u32::MAX; usize::from(u16::MAX) + 1];
    for &code in codes {
        symbol_of[usize::from(code)] = 0;
    }
    let distinct: Vec<u16> = (0..=u16::MAX)
        .filter(|&code| symbol_of[usize::from(code)] == 0)
        .collect();
    for (symbol, &code) in distinct.iter().enumerate() {
        symbol_of[usize::from(code)] = symbol as u32;
    }
    let mut counts = vec![0u64; distinct.len() + RUN_CLASSES];
    each_symbol(codes, &symbol_of, distinct.len(), |symbol, _, _| {
        counts[symbol] += 1
    });
    let lengths = huffman::lengths(&counts);
    let huffman_codes = huffman::codes(&lengths);
    let mut bits = BitWriter::default();
    each_symbol(
        codes,
        &symbol_of,
        distinct.len(),
        |symbol, extra, extra_length| {
            bits.put(huffman_codes[symbol], lengths[symbol]);
            bits.put(extra, extra_length);
        },
    );
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&(distinct.len() as u32).to_le_bytes());
    for code in &distinct {
        bytes.extend_from_slice(&code.to_le_bytes());
    }
    bytes.extend_from_slice(&lengths);
    bytes.extend_from_slice(&bits.finish());
    bytes
}

/// The `count` codes packed in `bytes`; `None` when they are not a packed
/// table of that many codes.
pub(super) fn unpack(bytes: &[u8], count: usize) -> Option<Vec<u16>> {
    let distinct = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?) as usize;
    let lengths_at = 4 + distinct.checked_mul(2)?;
    let bits_at = lengths_at.checked_add(distinct + RUN_CLASSES)?;
    let values: Vec<u16> = bytes
        .get(4..lengths_at)?
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    let decoder = Decoder::new(bytes.get(lengths_at..bits_at)?)?;
    let mut bits = BitReader::new(bytes.get(bits_at..)?);
    let mut codes: Vec<u16> = Vec::with_capacity(count);
    while codes.len() < count {
        let symbol = decoder.next(&mut bits)?;
        if let Some(&code) = values.get(symbol) {
            codes.push(code);
            continue;
        }
        let class = (symbol - distinct + 1) as u8;
        let extra = (1usize << (class - 1)) | bits.bits(class - 1)? as usize;
        let last = *codes.last()?;
        if extra > count - codes.len() {
            return None;
        }
        codes.resize(codes.len() + extra, last);
    }
    // Nothing but the last byte's padding may be left.
    bits.is_in_last_byte().then_some(codes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    #[test]
    fn codes_come_back_as_packed_and_long_runs_pack_small() {
        let mut rng = Rng::new(34);
        for length in [1usize, 2, 7, 1000, 70_000] {
            let mut codes = Vec::with_capacity(length);
            while codes.len() < length {
                let code = [0, 1, 2, 17, 300, u16::MAX][rng.below(6) as usize];
                let longest = if rng.below(4) == 0 { 5000 } else { 3 };
                let run = 1 + rng.below(longest) as usize;
                codes.extend(std::iter::repeat_n(code, run.min(length - codes.len())));
            }
            let packed = pack(&codes);
            assert_eq!(unpack(&packed, length).as_deref(), Some(&codes[..]));
            // (A short table may end within one byte, where padding hides it.)
            if length >= 1000 {
                assert!(unpack(&packed, length - 1).is_none());
            }
        }
        let flat = vec![u16::MAX; 1 << 20];
        let packed = pack(&flat);
        assert!(packed.len() < 64, "{}", packed.len());
        assert_eq!(unpack(&packed, flat.len()), Some(flat));
    }

    #[test]
    fn damaged_packings_are_refused_not_panicked_on() {
        let codes: Vec<u16> = (0..5000).map(|n| (n / 7 % 5) as u16).collect();
        let packed = pack(&codes);
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let mut damaged = packed.clone();
            let at = rng.below(damaged.len() as u64) as usize;
            damaged[at] ^= 1 << rng.below(8);
            if let Some(back) = unpack(&damaged, codes.len()) {
                assert_eq!(back.len(), codes.len());
            }
            let _ = unpack(
                &damaged[..rng.below(damaged.len() as u64) as usize],
                codes.len(),
            );
        }
    }
}
