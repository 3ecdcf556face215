//! Coding a whole table into blocks: the order chosen on a sample, a
//! model fitted to the whole, then each block of [`BLOCK`] values coded
//! as sub-blocks of [`SUB_BLOCK`] values, each alone, so that a probe
//! reads one block and decodes one sub-block and nothing else. Blocks
//! are shared out over threads and put back in order: the bytes are the
//! same however many threads build them.
//!
//! A block's bytes: the length of each sub-block but the last (LEB128),
//! then the sub-blocks' bytes.

use std::sync::Mutex;
use std::thread;

use super::order::Order;
use super::range_coder::Encoder;
use super::scheme::{Allowed, Counts, Model, Scheme, code_block};

/// Values a block holds: the unit the index points to and a probe
/// reads, a few kilobytes for four pieces; large enough that the index a
/// file opens with stays small (19,001 entries for four pieces).
pub(super) const BLOCK: usize = 1 << 15;

/// Values a sub-block holds: the unit a probe decodes, a few
/// microseconds, small enough for that and large enough that the byte
/// of its length and the neighbours it cannot see before its start cost
/// little.
pub(super) const SUB_BLOCK: usize = 1 << 9;

/// Sub-blocks a whole block holds.
pub(super) const SUB_BLOCKS: usize = BLOCK / SUB_BLOCK;

/// Blocks sampled to choose the order.
const SAMPLED: usize = 24;

/// A table coded for one file.
pub(super) struct Coded {
    pub(super) order: Order,
    /// The side to move whose values are stored, where only one's are
    /// (the other's are found from their moves); `None` for both.
    pub(super) side: Option<usize>,
    pub(super) alphabet: usize,
    pub(super) model: Model,
    pub(super) blocks: Vec<Vec<u8>>,
}

/// What each number of a table may be stored as.
pub(super) type AllowedOf<'a> = &'a (dyn Fn(usize) -> Allowed + Sync);

/// The order that codes a table of `size` values and `pieces` pieces
/// with `scheme` cheapest, judged on a sample of its blocks, and the bits
/// a value it is judged to cost.
pub(super) fn choose_order(
    scheme: Scheme,
    allowed_of: AllowedOf,
    size: usize,
    pieces: usize,
    alphabet: usize,
    threads: usize,
) -> (Order, f64) {
    let blocks = size.div_ceil(BLOCK);
    // Blocks drawn at random (the same each time): blocks a fixed step
    // apart can all fall on the same few placements of the slow digits.
    let mut rng = congo_rules::random::Rng::new(size as u64);
    let mut sample: Vec<usize> = (0..SAMPLED.min(blocks))
        .map(|_| rng.below(blocks as u64) as usize)
        .collect();
    sample.sort_unstable();
    sample.dedup();
    let values = (sample.len() * BLOCK).min(size) as f64;
    Order::candidates(pieces)
        .into_iter()
        .map(|order| {
            let counts = count(scheme, allowed_of, size, &order, alphabet, &sample, threads);
            (order, counts.cost() / values)
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((Order::numbering(pieces), 0.0))
}

/// Codes the `size` values of a table with `scheme` in `order`, over
/// `threads` threads; `alphabet` symbols are enough for its values.
pub(super) fn code_table(
    scheme: Scheme,
    allowed_of: AllowedOf,
    size: usize,
    order: Order,
    side: Option<usize>,
    alphabet: usize,
    threads: usize,
) -> Coded {
    let blocks = size.div_ceil(BLOCK);
    // The model is fitted to a quarter of a large table's blocks.
    let fitted: Vec<usize> = (0..blocks)
        .step_by(if blocks >= 64 { 4 } else { 1 })
        .collect();
    let model = count(scheme, allowed_of, size, &order, alphabet, &fitted, threads).model();
    let every: Vec<usize> = (0..blocks).collect();
    let coded = each_block(threads, &every, |block, allowed, values| {
        let mut counts = Counts::new(scheme, alphabet);
        fill(allowed_of, size, &order, block, allowed);
        let subs: Vec<Vec<u8>> = allowed
            .chunks(SUB_BLOCK)
            .map(|sub| {
                let mut encoder = Encoder::new();
                code_block(
                    scheme,
                    sub,
                    Some(&model),
                    &mut counts,
                    values,
                    Some(&mut encoder),
                );
                encoder.finish()
            })
            .collect();
        block_bytes(&subs)
    });
    Coded {
        order,
        side,
        alphabet,
        model,
        blocks: coded,
    }
}

/// The symbol counts of `blocks`, each value its own or the one before it.
fn count(
    scheme: Scheme,
    allowed_of: AllowedOf,
    size: usize,
    order: &Order,
    alphabet: usize,
    blocks: &[usize],
    threads: usize,
) -> Counts {
    let parts = each_block(threads, blocks, |block, allowed, values| {
        let mut counts = Counts::new(scheme, alphabet);
        fill(allowed_of, size, order, block, allowed);
        for sub in allowed.chunks(SUB_BLOCK) {
            code_block(scheme, sub, None, &mut counts, values, None);
        }
        counts
    });
    let mut counts = Counts::new(scheme, alphabet);
    for part in &parts {
        counts.add(part);
    }
    counts
}

/// A block's bytes made of its sub-blocks' bytes.
fn block_bytes(subs: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(subs.iter().map(Vec::len).sum::<usize>() + subs.len());
    for sub in subs.iter().rev().skip(1).rev() {
        let mut length = sub.len();
        while length >= 0x80 {
            bytes.push(length as u8 | 0x80);
            length >>= 7;
        }
        bytes.push(length as u8);
    }
    subs.iter().for_each(|sub| bytes.extend_from_slice(sub));
    bytes
}

/// The most bytes the lengths at a block's head take: three a length.
pub(super) const MOST_LENGTHS: usize = 3 * (SUB_BLOCKS - 1);

/// Where sub-block `sub` of the `subs` in a block's coded bytes lies in
/// them, from `head`, their start (the lengths, at least), and `length`,
/// how many there are; `None` when the lengths do not fit.
pub(super) fn sub_block_in(
    head: &[u8],
    sub: usize,
    subs: usize,
    length: usize,
) -> Option<std::ops::Range<usize>> {
    let (mut at, mut start, mut end) = (0, 0, None);
    for index in 0..subs.saturating_sub(1) {
        let sub_length = length_at(head, &mut at)?;
        if index < sub {
            start += sub_length;
        } else if index == sub {
            end = Some(start + sub_length);
        }
    }
    let (start, end) = (at + start, end.map_or(length, |end| at + end));
    (sub < subs && start <= end && end <= length).then_some(start..end)
}

/// The LEB128 length at `at` in `bytes`, `at` moved past it; at most
/// three bytes, as no sub-block takes two megabytes.
fn length_at(bytes: &[u8], at: &mut usize) -> Option<usize> {
    let mut length = 0;
    for shift in [0, 7, 14] {
        let byte = *bytes.get(*at)?;
        *at += 1;
        length |= usize::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(length);
        }
    }
    None
}

/// What each place of block `block` may hold, in `order`.
fn fill(
    allowed_of: AllowedOf,
    size: usize,
    order: &Order,
    block: usize,
    allowed: &mut Vec<Allowed>,
) {
    allowed.clear();
    let start = block * BLOCK;
    let count = BLOCK.min(size - start);
    allowed.extend(order.numbers(start, count).map(allowed_of));
}

/// `work` of each of `blocks`, over `threads` threads, in order; each
/// thread keeps its own scratch space.
fn each_block<T: Send>(
    threads: usize,
    blocks: &[usize],
    work: impl Fn(usize, &mut Vec<Allowed>, &mut Vec<u16>) -> T + Sync,
) -> Vec<T> {
    let next = Mutex::new(blocks.iter().enumerate());
    let mut done: Vec<(usize, T)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let (mut allowed, mut values, mut done) = (Vec::new(), Vec::new(), Vec::new());
                    loop {
                        let taken = next.lock().unwrap_or_else(|e| e.into_inner()).next();
                        let Some((at, &block)) = taken else {
                            return done;
                        };
                        done.push((at, work(block, &mut allowed, &mut values)));
                    }
                })
            })
            .collect();
        super::generate::join_all(workers)
            .into_iter()
            .flatten()
            .collect()
    });
    done.sort_by_key(|&(at, _)| at);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sub_block_is_found_by_the_lengths_before_it_and_bad_lengths_are_refused() {
        let subs: Vec<Vec<u8>> = [3, 200, 0, 20_000, 7]
            .iter()
            .enumerate()
            .map(|(at, &length)| vec![at as u8 + 1; length])
            .collect();
        let bytes = block_bytes(&subs);
        // One byte a length under 128, two under 16,384, three above.
        assert_eq!(
            bytes.len(),
            1 + 2 + 1 + 3 + subs.iter().map(Vec::len).sum::<usize>()
        );
        for (at, sub) in subs.iter().enumerate() {
            let range = sub_block_in(&bytes, at, subs.len(), bytes.len()).unwrap();
            assert_eq!(&bytes[range.clone()], &sub[..]);
            // The lengths alone place it.
            assert_eq!(
                sub_block_in(&bytes[..7], at, subs.len(), bytes.len()),
                Some(range)
            );
        }
        assert_eq!(sub_block_in(&bytes, 5, subs.len(), bytes.len()), None);
        // Lengths cut short, a length running past the end, or never ending.
        assert_eq!(sub_block_in(&bytes[..5], 1, subs.len(), bytes.len()), None);
        assert_eq!(sub_block_in(&bytes, 1, subs.len(), 100), None);
        assert_eq!(sub_block_in(&[0xff; 8], 0, 2, 8), None);
    }
}
