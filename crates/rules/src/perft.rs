//! Perft: counting the leaves of the move tree, the standard test of a
//! move generator (and of making moves) against known numbers. Written
//! once for any [`BoardGame`] ([`count`], [`count_threads`], [`split`]),
//! with Congo's own shortcuts ([`perft`], [`divide`] and the rest): Congo
//! counts its last ply from the pieces' target squares, not played (bulk
//! counting). A [`PerftCache`] counts a second way: each position reached
//! again by another order of moves is looked up, not counted again.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread;

use crate::board_game::BoardGame;
use crate::move_lists::MoveLists;
use crate::{CongoRules, Move, Position, RuleSet};

/// The number of move sequences `depth` moves deep from `position`.
///
/// ```
/// use congo_rules::{CongoRules, Position, RuleSet, START, perft};
///
/// let start: Position = START.parse()?;
/// let rules = CongoRules::from(RuleSet::Wits2022);
/// assert_eq!(perft::count(&rules, &start, 1), 26);
/// assert_eq!(perft::count(&rules, &start, 3), 17112);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count<G: BoardGame>(rules: &G, position: &G::Position, depth: u32) -> u64 {
    leaves(rules, position, depth, &mut MoveLists::default(), &NoCache)
}

/// Each legal move of `position`, in the order `order` puts them in, with
/// the perft count of the position after it, `depth - 1` deep, counted on
/// `threads` threads with `cache` if given.
///
/// ```
/// use congo_rules::{CongoRules, Position, RuleSet, START, perft};
///
/// let start: Position = START.parse()?;
/// let rules = CongoRules::from(RuleSet::Wits2022);
/// let counts = perft::split(&rules, &start, 3, 2, None, |moves| moves.reverse());
/// assert_eq!(counts[0].0.to_string(), "g2g3");
/// assert_eq!(counts.iter().map(|&(_, below)| below).sum::<u64>(), 17112);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split<G>(
    rules: &G,
    position: &G::Position,
    depth: u32,
    threads: usize,
    cache: Option<&PerftCache>,
    order: impl FnOnce(&mut [G::Move]),
) -> Vec<(G::Move, u64)>
where
    G: BoardGame + Sync,
    G::Position: Sync,
    G::Move: Sync,
{
    let mut moves = Vec::new();
    if depth > 0 {
        rules.moves(position, &mut moves);
        order(&mut moves);
    }
    let below = depth.saturating_sub(1);
    let counts = match cache {
        Some(cache) => spread(rules, position, &moves, below, threads, cache),
        None => spread(rules, position, &moves, below, threads, &NoCache),
    };
    moves.into_iter().zip(counts).collect()
}

/// [`count`] on `threads` threads with `cache` if given: the moves at the
/// root are handed out one at a time to whichever thread is free, so that
/// uneven subtrees still keep every thread busy.
///
/// ```
/// use congo_rules::{CongoRules, Position, RuleSet, START, perft::{self, PerftCache}};
///
/// let start: Position = START.parse()?;
/// let rules = CongoRules::from(RuleSet::Wits2022);
/// let cache = PerftCache::new(1);
/// assert_eq!(perft::count_threads(&rules, &start, 3, 2, Some(&cache)), 17112);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_threads<G>(
    rules: &G,
    position: &G::Position,
    depth: u32,
    threads: usize,
    cache: Option<&PerftCache>,
) -> u64
where
    G: BoardGame + Sync,
    G::Position: Sync,
    G::Move: Sync,
{
    if (threads <= 1 && cache.is_none()) || depth < 2 {
        return count(rules, position, depth);
    }
    split(rules, position, depth, threads, cache, |_| {})
        .into_iter()
        .map(|(_, counted)| counted)
        .sum()
}

/// The perft count `depth` deep after each of `moves` from `position`, on
/// `threads` threads.
fn spread<G, C>(
    rules: &G,
    position: &G::Position,
    moves: &[G::Move],
    depth: u32,
    threads: usize,
    cache: &C,
) -> Vec<u64>
where
    G: BoardGame + Sync,
    G::Position: Sync,
    G::Move: Sync,
    C: Cache<G> + Sync,
{
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        let mut lists = MoveLists::default();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= moves.len() {
                break;
            }
            let below = rules.play(position, &moves[index]);
            let counted = leaves(rules, &below, depth, &mut lists, cache);
            counts[index].store(counted, Ordering::Relaxed);
        }
    };
    thread::scope(|scope| {
        for _ in 1..threads.min(moves.len()) {
            scope.spawn(work);
        }
        // This thread works too.
        work();
    });
    counts.into_iter().map(AtomicU64::into_inner).collect()
}

/// Perft with one move list per ply, reused: `lists` holds the free ones.
fn leaves<G: BoardGame, C: Cache<G>>(
    rules: &G,
    position: &G::Position,
    depth: u32,
    lists: &mut MoveLists<G::Move>,
    cache: &C,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let mut moves = lists.take();
        let counted = rules.count_moves(position, &mut moves);
        lists.give(moves);
        return counted;
    }
    if let Some(counted) = cache.get(rules, position, depth) {
        return counted;
    }
    let mut moves = lists.take();
    rules.moves(position, &mut moves);
    let counted = moves
        .iter()
        .map(|m| leaves(rules, &rules.play(position, m), depth - 1, lists, cache))
        .sum();
    lists.give(moves);
    cache.put(rules, position, depth, counted);
    counted
}

/// Counts already made, looked up before counting again.
trait Cache<G: BoardGame> {
    fn get(&self, rules: &G, position: &G::Position, depth: u32) -> Option<u64>;
    fn put(&self, rules: &G, position: &G::Position, depth: u32, counted: u64);
}

/// No cache: every subtree counted.
struct NoCache;

impl<G: BoardGame> Cache<G> for NoCache {
    #[inline(always)]
    fn get(&self, _: &G, _: &G::Position, _: u32) -> Option<u64> {
        None
    }

    #[inline(always)]
    fn put(&self, _: &G, _: &G::Position, _: u32, _: u64) {}
}

/// A table of perft counts by position key and depth, shared by threads
/// without locks: each entry holds the count and depth, and their xor
/// with the key, so that an entry torn by two threads writing at once
/// reads as empty rather than wrong.
///
/// ```
/// use congo_rules::{CongoRules, Position, START, perft::{self, PerftCache}};
///
/// let start: Position = START.parse()?;
/// let cache = PerftCache::new(1);
/// // The second count finds the first one's subtrees in the table.
/// for _ in 0..2 {
///     assert_eq!(perft::count_threads(&CongoRules::default(), &start, 3, 1, Some(&cache)), 17112);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PerftCache {
    entries: Vec<[AtomicU64; 2]>,
}

impl PerftCache {
    /// A table of about `mebibytes` MiB (a power of two entries).
    ///
    /// ```
    /// use congo_rules::{CongoRules, Position, START, perft::{self, PerftCache}};
    ///
    /// let start: Position = START.parse()?;
    /// let tiny = PerftCache::new(0); // still a couple of entries, and counts stay exact
    /// assert_eq!(perft::count_threads(&CongoRules::default(), &start, 3, 1, Some(&tiny)), 17112);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(mebibytes: usize) -> PerftCache {
        let wanted = (mebibytes << 20) / std::mem::size_of::<[AtomicU64; 2]>();
        let count = (wanted.max(2) / 2 + 1).next_power_of_two().min(1 << 40);
        PerftCache {
            entries: (0..count)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    fn entry(&self, key: u64) -> &[AtomicU64; 2] {
        &self.entries[(key as usize) & (self.entries.len() - 1)]
    }
}

/// Counts below 2^56 fit beside the depth; larger ones are not kept.
const COUNT_LIMIT: u64 = 1 << 56;

impl<G: BoardGame> Cache<G> for PerftCache {
    fn get(&self, rules: &G, position: &G::Position, depth: u32) -> Option<u64> {
        let key = rules.key(position)?;
        let [check, data] = self.entry(key);
        let data = data.load(Ordering::Relaxed);
        let found = check.load(Ordering::Relaxed) ^ data == key && data & 0xff == u64::from(depth);
        found.then_some(data >> 8)
    }

    fn put(&self, rules: &G, position: &G::Position, depth: u32, counted: u64) {
        let Some(key) = rules.key(position) else {
            return;
        };
        if counted >= COUNT_LIMIT || depth > 0xff {
            return;
        }
        let data = counted << 8 | u64::from(depth);
        let [check, stored] = self.entry(key);
        check.store(key ^ data, Ordering::Relaxed);
        stored.store(data, Ordering::Relaxed);
    }
}

/// Congo with every last move played: slower, and a check on the bulk
/// counting.
struct PlayedOut(CongoRules);

impl BoardGame for PlayedOut {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        self.0.moves(position, moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        self.0.play(position, m)
    }

    /// Every last move listed and played (`black_box` keeps the unused
    /// positions from being optimised away).
    fn count_moves(&self, position: &Position, scratch: &mut Vec<Move>) -> u64 {
        scratch.clear();
        self.moves(position, scratch);
        for m in scratch.iter() {
            std::hint::black_box(self.play(position, m));
        }
        scratch.len() as u64
    }
}

/// The number of Congo positions reached by `depth` legal moves. A
/// position where a lion has been taken has no moves, so above the last
/// ply it adds nothing (as checkmate does in chess perft).
///
/// ```
/// use congo_rules::{perft, Position, RuleSet};
///
/// let start: Position = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0".parse().unwrap();
/// assert_eq!(perft::perft(&start, 3, RuleSet::Wits2022), 17112);
/// ```
pub fn perft(position: &Position, depth: u32, rule_set: RuleSet) -> u64 {
    count(&CongoRules::from(rule_set), position, depth)
}

/// [`perft`], but playing every move down to the leaves.
///
/// ```
/// use congo_rules::{Position, RuleSet, START, perft};
///
/// let start: Position = START.parse()?;
/// let played = perft::perft_by_playing(&start, 3, RuleSet::Wits2022);
/// assert_eq!(played, perft::perft(&start, 3, RuleSet::Wits2022));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_by_playing(position: &Position, depth: u32, rule_set: RuleSet) -> u64 {
    count(&PlayedOut(CongoRules::from(rule_set)), position, depth)
}

/// [`perft`] on `threads` threads, splitting the moves at the root.
///
/// ```
/// use congo_rules::{Position, RuleSet, START, perft};
///
/// let start: Position = START.parse()?;
/// assert_eq!(perft::perft_threads(&start, 3, RuleSet::Wits2022, 4), 17112);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_threads(position: &Position, depth: u32, rule_set: RuleSet, threads: usize) -> u64 {
    count_threads(&CongoRules::from(rule_set), position, depth, threads, None)
}

/// [`perft`] counted the second way: through a [`PerftCache`] of
/// `mebibytes` MiB, on `threads` threads.
///
/// ```
/// use congo_rules::{Position, RuleSet, START, perft};
///
/// let start: Position = START.parse()?;
/// let hashed = perft::perft_hashed(&start, 4, RuleSet::Wits2022, 2, 8);
/// assert_eq!(hashed, perft::perft(&start, 4, RuleSet::Wits2022));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_hashed(
    position: &Position,
    depth: u32,
    rule_set: RuleSet,
    threads: usize,
    mebibytes: usize,
) -> u64 {
    let cache = PerftCache::new(mebibytes);
    count_threads(
        &CongoRules::from(rule_set),
        position,
        depth,
        threads,
        Some(&cache),
    )
}

/// Each legal move of `position` (sorted as strings) with the perft count
/// of the position after it, `depth - 1` deep.
///
/// ```
/// use congo_rules::{Position, RuleSet, START, perft};
///
/// let start: Position = START.parse()?;
/// let divided = perft::divide(&start, 2, RuleSet::Wits2022);
/// assert_eq!((divided.len(), divided[0].0.to_string()), (26, "a1a3".to_string()));
/// let total: u64 = divided.iter().map(|&(_, below)| below).sum();
/// assert_eq!(total, perft::perft(&start, 2, RuleSet::Wits2022));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn divide(position: &Position, depth: u32, rule_set: RuleSet) -> Vec<(Move, u64)> {
    split(
        &CongoRules::from(rule_set),
        position,
        depth,
        1,
        None,
        |_| {},
    )
}
