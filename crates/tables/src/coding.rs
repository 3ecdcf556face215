//! Coding a whole table into blocks: the order chosen on a sample, a
//! model fitted to the whole, then each block coded alone, so that a
//! probe decodes one block of [`BLOCK`] values and nothing else. Blocks
//! are shared out over threads and put back in order: the bytes are the
//! same however many threads build them.

use std::sync::Mutex;
use std::thread;

use super::order::Order;
use super::range_coder::Encoder;
use super::scheme::{Allowed, Counts, Model, Scheme, code_block};

/// Values a block holds: small enough to decode for one probe (about a
/// third of a millisecond), large enough that the index costs little.
pub(super) const BLOCK: usize = 1 << 15;

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
        let mut encoder = Encoder::new();
        fill(allowed_of, size, &order, block, allowed);
        code_block(
            scheme,
            allowed,
            Some(&model),
            &mut counts,
            values,
            Some(&mut encoder),
        );
        encoder.finish()
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
        code_block(scheme, allowed, None, &mut counts, values, None);
        counts
    });
    let mut counts = Counts::new(scheme, alphabet);
    for part in &parts {
        counts.add(part);
    }
    counts
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
