//! Building one material's table by retrograde analysis.
//!
//! A forward pass lists every legal move of every position with the
//! ordinary move generator. A move that keeps the material is counted; one
//! that takes a lion, captures, drowns or promotes leaves the material, is
//! played as a game plays it, and its value is read from the table it
//! lands in, already built. Then values spread backwards one distance at a
//! time: a position with a lost child is won one ply later than that
//! child, and a position whose children are all won is lost one ply after
//! the slowest. Whatever is left is a draw: neither side can force a lion
//! capture.
//!
//! The parents of a settled position are found when needed, not stored
//! (three pieces would need gigabytes of edges): each piece of the side
//! that just moved is put back on every square it could have stepped from
//! without taking, drowning or promoting (`Position::plain_step_origins`,
//! the rules' own reading of a move backwards). Only a move that other
//! pieces can block is then looked for on the board before it.
//!
//! Four pieces number 623 million positions, and the analysis must stay
//! within a few gigabytes beside their 6-byte nodes (3.7 gigabytes): the
//! nodes are held in chunks, turned into the 4-byte [`Solved`] a chunk at
//! a time; the distance where a lion is taken at once, nearly half the
//! positions, is swept for in the nodes instead of listed; and the lists
//! grow by fixed blocks, handed back as they are read.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use super::material::{Material, Placement};
use super::value::{NO_POSITION, Value, ValueCode};
use congo_rules::{Color, Position, RuleSet, Square, Status, movegen};

/// The value code of a position not yet known (and, at the end, a draw).
const UNKNOWN: u16 = 0;

/// Set in [`Node::state`] once the position is settled: its code is
/// then the rest.
const SETTLED: u16 = 1 << 15;

/// [`Node::state`] of a number that names no position.
const NONE: u16 = u16::MAX;

/// One number's state in the analysis: six bytes, kept together so that
/// a parent counted in touches one place in memory (four pieces: 3.7
/// GB of nodes, leaving room for a four-piece table a pawn promotes
/// into, read whole).
#[derive(Clone, Copy)]
struct Node {
    /// [`SETTLED`] and the value code once settled, [`NONE`] when the
    /// number names no position; before that, 1 + the distance it is
    /// queued at (see [`Due`]), 0 when it is not.
    state: u16,
    /// Children not yet known to be won for their side to move: those in
    /// the material, and one more for any draw outside it. [`BARRED`] is
    /// added when a win out of the material is on its way, so that the
    /// count never falls to a loss.
    open: u16,
    /// The best value for the side to move among the moves that leave
    /// the material (captures, drownings, promotions), as a code, or
    /// [`NO_POSITION`] when it has none: the retrograde pass needs its
    /// slowest won child, and the table files need it whole, to leave
    /// out what a probe can find again by trying those moves.
    outside: u16,
}

impl Node {
    /// A number before the forward pass: nothing known.
    const EMPTY: Node = Node {
        state: 0,
        open: 0,
        outside: NO_POSITION,
    };

    /// Its value code: [`UNKNOWN`] until settled, [`NO_POSITION`] when
    /// the number names no position.
    fn code(self) -> u16 {
        match self.state {
            NONE => NO_POSITION,
            state if state & SETTLED != 0 => state & !SETTLED,
            _ => UNKNOWN,
        }
    }

    /// Whether its value is known (or it names no position).
    fn is_settled(self) -> bool {
        self.state & SETTLED != 0
    }

    /// 1 + the distance it is queued at, 0 when it is not (or settled).
    fn queued(self) -> u16 {
        if self.is_settled() { 0 } else { self.state }
    }

    /// The slowest of the won children outside the material, 0 for none
    /// (set only when every child outside is won).
    fn slowest_won_child(self) -> u16 {
        match Value::from_code(self.outside) {
            Some(Value::Loss(plies)) => plies - 1,
            _ => 0,
        }
    }
}

/// What building a table found of each number: its value code and its
/// best value out of the material (see [`Node::outside`]), four bytes a
/// number in chunks, made from the nodes a chunk at a time as each is
/// handed back, so that four pieces never hold both at once.
pub(super) struct Solved {
    chunks: Vec<Vec<[u16; 2]>>,
    len: usize,
}

impl Solved {
    /// The codes of `nodes`, which are handed back as they are read.
    fn of(nodes: Nodes) -> Solved {
        let len = nodes.len;
        let chunks = nodes
            .chunks
            .into_iter()
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|node| [node.code(), node.outside])
                    .collect()
            })
            .collect();
        Solved { chunks, len }
    }

    /// How many numbers the table has.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The value code of number `index`.
    pub(super) fn code(&self, index: usize) -> u16 {
        self.get(index)[0]
    }

    /// The code of the best value of number `index` by a move that leaves
    /// the material, [`NO_POSITION`] for none.
    pub(super) fn outside(&self, index: usize) -> u16 {
        self.get(index)[1]
    }

    /// Every value code, in number order: an iterator of known length,
    /// which `collect` turns into the table read whole with one
    /// allocation.
    pub(super) fn codes(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.len).map(|index| self.code(index))
    }

    fn get(&self, index: usize) -> [u16; 2] {
        self.chunks[index >> CHUNK_BITS][index & CHUNK_MASK]
    }
}

/// Numbers in a chunk of [`Nodes`]: 48 MB of nodes, above the largest
/// size the allocator keeps for itself once freed (32 MB for glibc), so
/// that a chunk handed back is the system's again.
const CHUNK_BITS: u32 = 23;

/// A number's place in its chunk.
const CHUNK_MASK: usize = (1 << CHUNK_BITS) - 1;

/// A table's nodes, in chunks of `1 << CHUNK_BITS`: four pieces need 3.7
/// gigabytes, which the allocator finds more easily in pieces, and which
/// can be handed back a piece at a time.
struct Nodes {
    chunks: Vec<Vec<Node>>,
    len: usize,
}

impl Nodes {
    /// `len` nodes, nothing known of any.
    fn new(len: usize) -> Nodes {
        let chunk = 1 << CHUNK_BITS;
        let chunks = (0..len.div_ceil(chunk))
            .map(|at| vec![Node::EMPTY; chunk.min(len - at * chunk)])
            .collect();
        Nodes { chunks, len }
    }

    /// The nodes in stretches of [`STRETCH`], each with its first number.
    fn stretches_mut(&mut self) -> impl Iterator<Item = (usize, &mut [Node])> {
        self.chunks
            .iter_mut()
            .flat_map(|chunk| chunk.chunks_mut(STRETCH))
            .enumerate()
            .map(|(stretch, part)| (stretch * STRETCH, part))
    }
}

impl std::ops::Index<usize> for Nodes {
    type Output = Node;

    fn index(&self, index: usize) -> &Node {
        &self.chunks[index >> CHUNK_BITS][index & CHUNK_MASK]
    }
}

impl std::ops::IndexMut<usize> for Nodes {
    fn index_mut(&mut self, index: usize) -> &mut Node {
        &mut self.chunks[index >> CHUNK_BITS][index & CHUNK_MASK]
    }
}

/// Added to [`Node::open`] of a position that wins out of its material;
/// far above any number of moves.
const BARRED: u16 = 1 << 15;

/// The nodes of a table after the forward pass: every move counted, the
/// moves out of the material valued. What is left reads no other table,
/// so those read for it (four pieces: 0.6 GB each) may go first.
pub(super) struct Counted {
    nodes: Nodes,
    /// Positions the forward pass queued at each distance.
    queued: Vec<usize>,
}

/// The forward pass over every position of `material` under `rule_set`;
/// `outside` gives the value of a position of another material (the
/// tables it converts into, already built). Work is split over `threads`.
pub(super) fn count(
    material: &Material,
    rule_set: RuleSet,
    threads: usize,
    outside: &(dyn Fn(&Position) -> Option<Value> + Sync),
) -> Result<Counted, Material> {
    let mut nodes = Nodes::new(material.size());
    // Workers take a stretch of numbers at a time, so that they finish
    // together however the cost of a position varies across the table.
    let stretches = Mutex::new(nodes.stretches_mut());
    let parts: Vec<Result<Vec<usize>, Material>> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| scope.spawn(|| forward(material, rule_set, &stretches, outside)))
            .collect();
        join_all(workers)
    });
    drop(stretches);
    let mut queued = Vec::new();
    for part in parts {
        add_counts(&mut queued, &part?);
    }
    Ok(Counted { nodes, queued })
}

impl Counted {
    /// The value codes of every position, spread back from the children
    /// over `threads`.
    pub(super) fn solve(
        mut self,
        material: &Material,
        rule_set: RuleSet,
        threads: usize,
    ) -> Solved {
        retrograde(
            material,
            rule_set,
            threads.max(1),
            &mut self.nodes,
            &self.queued,
        );
        Solved::of(self.nodes)
    }
}

/// Adds `more` to `counts`, element by element, lengthening it to fit.
fn add_counts(counts: &mut Vec<usize>, more: &[usize]) {
    if counts.len() < more.len() {
        counts.resize(more.len(), 0);
    }
    for (count, more) in counts.iter_mut().zip(more) {
        *count += more;
    }
}

/// Numbers a worker of the forward pass takes at a time: a divisor of a
/// chunk of [`Nodes`].
const STRETCH: usize = 1 << 16;

/// One worker of the forward pass: it fills the nodes of each stretch it
/// takes until none is left, and counts the positions it queues at each
/// distance.
fn forward<'a>(
    material: &Material,
    rule_set: RuleSet,
    stretches: &Mutex<impl Iterator<Item = (usize, &'a mut [Node])>>,
    outside: &(dyn Fn(&Position) -> Option<Value> + Sync),
) -> Result<Vec<usize>, Material> {
    let mut queued = Vec::new();
    loop {
        let next = stretches
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next();
        let Some((start, part)) = next else {
            return Ok(queued);
        };
        for (index, node) in (start..).zip(part) {
            *node = match material.position(index) {
                Some(position) => node_of(&position, rule_set, outside)?,
                None => Node {
                    state: NONE,
                    ..Node::EMPTY
                },
            };
            if node.queued() != 0 {
                let plies = usize::from(node.queued() - 1);
                if queued.len() <= plies {
                    queued.resize(plies + 1, 0);
                }
                queued[plies] += 1;
            }
        }
    }
}

/// What the forward pass learns of `position` from its moves, with the
/// position queued where they already bound its value: the plain steps
/// only counted, the moves out of the material played and probed.
fn node_of(
    position: &Position,
    rule_set: RuleSet,
    outside: &(dyn Fn(&Position) -> Option<Value> + Sync),
) -> Result<Node, Material> {
    let mut node = Node::EMPTY;
    if position.is_bare_lions_draw() {
        return Ok(node);
    }
    // Won in one ply, the quickest there is: no other move matters, and
    // none is probed (nearly half the positions of four pieces).
    let won_at_once = Node {
        state: 2,
        open: BARRED,
        outside: Value::Win(1).code(),
    };
    if position.can_take_lion() {
        return Ok(won_at_once);
    }
    node.open = position.plain_step_count(rule_set);
    // The quickest win through a lost child outside the material, in
    // plies; 0 for none (a win takes at least one).
    let mut quickest_win = 0;
    let (mut draw_outside, mut slowest_won_child) = (false, None::<u16>);
    let mut leaving = 0;
    let probed = position.leaving_moves(rule_set, |m| {
        leaving += 1;
        let child = position.play_unchecked(m, rule_set);
        if child.status() != Status::Ongoing {
            // A monkey's jump took the lion.
            return ControlFlow::Break(Ok(()));
        }
        match outside(&child) {
            None => return ControlFlow::Break(Err(Material::of(&child.board))),
            Some(Value::Loss(plies)) => {
                let win = plies + 1;
                if quickest_win == 0 || win < quickest_win {
                    quickest_win = win;
                }
            }
            Some(Value::Win(plies)) => {
                slowest_won_child = slowest_won_child.max(Some(plies));
            }
            Some(Value::Draw) => {
                node.open += 1;
                draw_outside = true;
            }
        }
        ControlFlow::Continue(())
    });
    match probed {
        ControlFlow::Break(Ok(())) => return Ok(won_at_once),
        ControlFlow::Break(Err(lacking)) => return Err(lacking),
        ControlFlow::Continue(()) => {}
    }
    node.outside = match (quickest_win, draw_outside, slowest_won_child) {
        (0, false, None) => NO_POSITION,
        (0, false, Some(plies)) => Value::Loss(plies + 1).code(),
        (0, true, _) => Value::Draw.code(),
        (plies, _, _) => Value::Win(plies).code(),
    };
    let first = if node.open == 0 && leaving == 0 {
        // No legal move: lost at once.
        Some(0)
    } else if quickest_win > 0 {
        node.open += BARRED;
        Some(quickest_win)
    } else if node.open == 0 {
        Some(node.slowest_won_child() + 1)
    } else {
        None
    };
    if let Some(plies) = first {
        node.state = plies + 1;
    }
    Ok(node)
}

/// Spreads the values back from the children, nearest first; `queued`
/// counts the positions the forward pass queued at each distance.
fn retrograde(
    material: &Material,
    rule_set: RuleSet,
    threads: usize,
    nodes: &mut Nodes,
    queued: &[usize],
) {
    let mut due = Due::new(queued, nodes.len);
    for (index, node) in nodes.chunks.iter().flatten().enumerate() {
        if node.queued() != 0 {
            due.enlist(node.queued() - 1, index);
        }
    }
    let mut plies = 0;
    while plies < due.lists.len() {
        let mut source = due.take(plies);
        // Finding parents is most of the work, and each is found alone;
        // a block at a time, so that the lists found stay small, and the
        // parents of one block are counted in while the next block's are
        // being found.
        let mut found = Vec::new();
        thread::scope(|scope| {
            while let Some(block) = source.settle_block(nodes, plies) {
                let workers = find_parents(scope, material, rule_set, threads, block.into());
                count_in(nodes, &mut due, plies, std::mem::take(&mut found));
                found = join_all(workers);
            }
        });
        count_in(nodes, &mut due, plies, found);
        plies += 1;
    }
}

/// Counts in `found`, the parents of positions settled at `plies`: a
/// parent of a lost child wins one ply later, and one whose children are
/// now all won loses one ply after the slowest.
fn count_in(nodes: &mut Nodes, due: &mut Due, plies: usize, found: Vec<Vec<u32>>) {
    for parent in found.into_iter().flatten() {
        let parent = parent as usize;
        let node = &mut nodes[parent];
        if node.is_settled() {
            continue;
        }
        if plies.is_multiple_of(2) {
            // The child is lost: the parent wins by moving there.
            due.push(node, plies as u16 + 1, parent);
        } else {
            node.open -= 1;
            // Every child won: lost.
            if node.open == 0 {
                let slowest = node.slowest_won_child().max(plies as u16);
                due.push(node, slowest + 1, parent);
            }
        }
    }
}

/// The most settled positions whose parents are found at a time.
const BLOCK: usize = 1 << 16;

/// The fewest, but for a distance's last.
const SMALL_BLOCK: usize = 1 << 11;

/// Children a worker takes at a time: small enough that the workers
/// finish a block together, whichever children have many parents.
const SHARE: usize = 1 << 10;

/// Starts `threads` workers that find the parents of `children`, taking
/// [`SHARE`] children at a time, each returning one list of parents in
/// no particular order.
fn find_parents<'scope>(
    scope: &'scope thread::Scope<'scope, '_>,
    material: &'scope Material,
    rule_set: RuleSet,
    threads: usize,
    children: Arc<[u32]>,
) -> Vec<thread::ScopedJoinHandle<'scope, Vec<u32>>> {
    let taken = Arc::new(AtomicUsize::new(0));
    (0..threads)
        .map(|_| {
            let taken = Arc::clone(&taken);
            let children = Arc::clone(&children);
            scope.spawn(move || {
                let mut all = Vec::new();
                let mut parents = Vec::new();
                loop {
                    let start = taken.fetch_add(SHARE, Ordering::Relaxed);
                    let Some(share) = children.get(start..(start + SHARE).min(children.len()))
                    else {
                        break;
                    };
                    for &index in share {
                        parents_of(material, rule_set, index as usize, &mut parents);
                        all.extend(parents.iter().map(|&parent| parent as u32));
                    }
                }
                by_region(&all)
            })
        })
        .collect()
}

/// Numbers in a region of the table whose nodes are counted in
/// together: 4 MB of nodes, which the caches hold.
const REGION_BITS: u32 = 19;

/// `parents` grouped by region of the table (a counting sort on the
/// region), so that counting them in reaches one region's nodes at a
/// time instead of the whole table's at random: with four pieces, five
/// gigabytes, each reach a cache and TLB miss.
fn by_region(parents: &[u32]) -> Vec<u32> {
    let region = |parent: u32| (parent >> REGION_BITS) as usize;
    let regions = parents.iter().map(|&parent| region(parent)).max();
    let mut starts = vec![0; regions.map_or(0, |last| last + 2)];
    for &parent in parents {
        starts[region(parent) + 1] += 1;
    }
    for at in 1..starts.len() {
        starts[at] += starts[at - 1];
    }
    let mut grouped = vec![0; parents.len()];
    for &parent in parents {
        let start = &mut starts[region(parent)];
        grouped[*start] = parent;
        *start += 1;
    }
    grouped
}

/// What each of `workers` returns, in order; a worker's panic is passed on.
pub(super) fn join_all<T>(workers: Vec<thread::ScopedJoinHandle<'_, T>>) -> Vec<T> {
    workers
        .into_iter()
        .map(|worker| {
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
        .collect()
}

/// A distance is swept for, not listed, when the forward pass queues
/// more than this share of the numbers at it: with four pieces, a lion
/// taken at once settles 200 million positions, whose list alone would
/// take 800 MB beside the nodes' 3.7 gigabytes.
const SWEPT_SHARE: usize = 16;

/// Positions to settle at each distance: a position's value is that
/// distance unless a nearer one settled it first. Each position is queued
/// once at the nearest distance known (its node says which), so that the
/// lists stay as short as the table; at a distance with very many (see
/// [`SWEPT_SHARE`]), the nodes alone say so, and are swept for.
struct Due {
    lists: Vec<List>,
    swept: Vec<bool>,
}

impl Due {
    /// Lists for a table of `size` numbers whose forward pass queued
    /// `queued[plies]` positions at each distance.
    fn new(queued: &[usize], size: usize) -> Due {
        Due {
            lists: queued.iter().map(|_| List::default()).collect(),
            swept: queued
                .iter()
                .map(|&count| count > size / SWEPT_SHARE)
                .collect(),
        }
    }

    /// Queues number `index`, whose node is `node`, at `plies`, unless it
    /// is queued as near already.
    fn push(&mut self, node: &mut Node, plies: u16, index: usize) {
        let mark = plies + 1;
        if node.queued() != 0 && node.queued() <= mark {
            return;
        }
        node.state = mark;
        self.enlist(plies, index);
    }

    /// Adds `index` to the list of `plies`, its node already marked; a
    /// swept distance needs only the mark.
    fn enlist(&mut self, plies: u16, index: usize) {
        let plies = usize::from(plies);
        if self.swept.get(plies) == Some(&true) {
            return;
        }
        if self.lists.len() <= plies {
            self.lists.resize_with(plies + 1, List::default);
        }
        self.lists[plies].push(index as u32);
    }

    /// Where the positions due at `plies` come from: its list, taken, or
    /// a sweep.
    fn take(&mut self, plies: usize) -> Source {
        if self.swept.get(plies) == Some(&true) {
            Source::Swept { next: 0 }
        } else {
            Source::Listed {
                list: std::mem::take(&mut self.lists[plies]),
                next: 0,
            }
        }
    }
}

/// Numbers in blocks of [`BLOCK`], so that a long list grows without
/// copying and without a half-empty doubling, and is handed back a block
/// at a time as it is read.
#[derive(Default)]
struct List {
    blocks: Vec<Vec<u32>>,
    len: usize,
}

impl List {
    fn push(&mut self, index: u32) {
        match self.blocks.last_mut() {
            Some(block) if block.len() < BLOCK => block.push(index),
            _ => {
                let mut block = Vec::with_capacity(BLOCK);
                block.push(index);
                self.blocks.push(block);
            }
        }
        self.len += 1;
    }
}

/// The positions due at one distance, settled a block at a time.
enum Source {
    /// Its list, read from entry `next` on.
    Listed { list: List, next: usize },
    /// The nodes queued at it, swept for from number `next` on.
    Swept { next: usize },
}

impl Source {
    /// Settles the next block of positions due at `plies` and gives the
    /// numbers of those that were not settled before (a list may name a
    /// position settled nearer); `None` once none is left. A list's
    /// blocks shrink to half of what is left, down to [`SMALL_BLOCK`]:
    /// the parents of a distance's last block are counted in while no
    /// thread finds any, so it is kept small.
    fn settle_block(&mut self, nodes: &mut Nodes, plies: usize) -> Option<Vec<u32>> {
        let code = Value::code_of_distance(plies as u16);
        let mut settled = Vec::new();
        match self {
            Source::Listed { list, next } => {
                let rest = list.len - *next;
                if rest == 0 {
                    return None;
                }
                let size = (rest / 2).clamp(SMALL_BLOCK, BLOCK).min(rest);
                for at in *next..*next + size {
                    let index = list.blocks[at / BLOCK][at % BLOCK];
                    let node = &mut nodes[index as usize];
                    if !node.is_settled() {
                        node.state = SETTLED | code;
                        settled.push(index);
                    }
                    if at % BLOCK == BLOCK - 1 {
                        list.blocks[at / BLOCK] = Vec::new();
                    }
                }
                *next += size;
            }
            Source::Swept { next } => {
                if *next == nodes.len {
                    return None;
                }
                let mark = plies as u16 + 1;
                while *next < nodes.len && settled.len() < BLOCK {
                    let node = &mut nodes[*next];
                    if node.state == mark {
                        node.state = SETTLED | code;
                        settled.push(*next as u32);
                    }
                    *next += 1;
                }
            }
        }
        Some(settled)
    }
}

/// The numbered positions of `material` with a move that keeps the
/// material to position `index` or, when that one has white's lion on the
/// c file, to its mirror image (numbered the same), once for each such
/// move. A parent with white's lion on the e file is not numbered itself:
/// its mirror image, which is, has the mirrored move, found the other way.
fn parents_of(material: &Material, rule_set: RuleSet, index: usize, parents: &mut Vec<usize>) {
    parents.clear();
    let Some(placement) = material.placement(index) else {
        return;
    };
    let Some(mut child) = material.position_of(&placement) else {
        return;
    };
    un_move(material, &mut child, placement, rule_set, parents);
    // Only white's lion leaves the e file of the mirror image.
    if placement.squares[0].file() == 2 && child.side == Color::Black {
        let mut mirrored = placement;
        for square in &mut mirrored.squares {
            *square = square.mirrored();
        }
        un_move(material, &mut child.mirrored(), mirrored, rule_set, parents);
    }
}

/// Appends the number of each parent of `child`, placed as `placement`,
/// by a plain step whose white lion is not on the e file, each numbered
/// from the child's placement with one square changed. Only a move that
/// may be blocked, or one between bare lions (whose draw ends the game),
/// is tried on the board: on the child's own, put back as it was.
fn un_move(
    material: &Material,
    child: &mut Position,
    placement: Placement,
    rule_set: RuleSet,
    parents: &mut Vec<usize>,
) {
    let mover = !child.side;
    let bare_lions = material.pieces().is_empty();
    let mut parent = Placement {
        side: mover,
        ..placement
    };
    for (slot, &to) in placement.squares[..2 + material.pieces().len()]
        .iter()
        .enumerate()
    {
        let Some(piece) = child
            .board
            .piece_at(to)
            .filter(|piece| piece.color == mover)
        else {
            continue;
        };
        let on_board = bare_lions || movegen::may_be_blocked(piece.kind);
        for from in child.plain_step_origins(to, rule_set) {
            parent.squares[slot] = from;
            if parent.squares[0].file() == 4 || on_board && !is_move_back(child, from, to) {
                continue;
            }
            parents.extend(material.number(&parent));
        }
        parent.squares[slot] = to;
    }
}

/// Whether the piece on `to` stepping back to `from` gives a position
/// with that move, where the game goes on: tried on `child` itself, which
/// is left as it was.
fn is_move_back(child: &mut Position, from: Square, to: Square) -> bool {
    let Some(piece) = child.board.remove(to) else {
        return false;
    };
    child.board.put(from, piece);
    child.side = !child.side;
    let listed = movegen::targets(&child.board, child.side, piece.kind, from).contains(to)
        && !child.is_bare_lions_draw();
    child.side = !child.side;
    child.board.remove(from);
    child.board.put(to, piece);
    listed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tablebase;

    /// The FNV-1a digest of the codes built for each material, in order,
    /// each built from the tables of those before it, written for them.
    fn digests(rule_set: RuleSet, names: &[&str]) -> Vec<(String, u64)> {
        let dir = std::env::temp_dir().join(format!(
            "congo-tb-digests-{}-{rule_set}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut tables = Tablebase::new(&dir, rule_set);
        let mut found = Vec::new();
        for (at, name) in names.iter().enumerate() {
            let material: Material = name.parse().unwrap();
            let codes = {
                let outside = |child: &Position| tables.probe(child).ok();
                count(&material, rule_set, 2, &outside)
                    .unwrap()
                    .solve(&material, rule_set, 2)
            };
            let bytes: Vec<u8> = codes.codes().flat_map(|code| code.to_le_bytes()).collect();
            found.push((name.to_string(), congo_kit::digest::fnv1a_64(&bytes)));
            if at + 1 < names.len() {
                tables.generate(&material, 2).unwrap();
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        found
    }

    #[test]
    fn codes_are_those_built_before_the_four_piece_generator() {
        // Two minutes on two cores: eighteen tables built.
        if !congo_kit::slow_tests::slow_tests_wanted() {
            return;
        }
        // Digests of the codes built by the generator of commit 1ec5ffc,
        // before it was changed for four pieces: the same values, and the
        // same gaps, whatever the new one does differently. Two and three
        // pieces, without promotion and with it.
        let with_promotion = digests(
            RuleSet::Wits2022,
            &[
                "LvL", "LGvL", "LZvL", "LSvL", "LGZvL", "LGvLS", "LZvLS", "LPvL", "LZvLP", "LGZvLS",
            ],
        );
        let without = digests(
            RuleSet::Wits2021,
            &[
                "LvL", "LGvL", "LZvL", "LPvL", "LGvLZ", "LGvLP", "LZPvL", "LGvLZP",
            ],
        );
        let expected = [
            ("LvL", 0x17688a8b20c6e075),
            ("LGvL", 0xefd06d1dd61259fc),
            ("LZvL", 0x48cc7ee8991360dd),
            ("LSvL", 0x46fcf542197ee7df),
            ("LGZvL", 0x8013221a6e1a33e2),
            ("LGvLS", 0x98f78175c732be95),
            ("LZvLS", 0x67aea1e5f5223a62),
            ("LPvL", 0x4d5bd93a0a7a5a37),
            ("LZvLP", 0x15b99b2988cff90e),
            ("LGZvLS", 0xa9813c3ea6fd11f0),
            ("LvL", 0x17688a8b20c6e075),
            ("LGvL", 0xefd06d1dd61259fc),
            ("LZvL", 0x48cc7ee8991360dd),
            ("LPvL", 0xf5a7e4452ad1defd),
            ("LGvLZ", 0xa7be282d486f0319),
            ("LGvLP", 0xa00d1596700439bf),
            ("LZPvL", 0xf18d834a7605f627),
            ("LGvLZP", 0x565cd97c6f16c4b8),
        ];
        let found: Vec<(&str, u64)> = with_promotion
            .iter()
            .chain(&without)
            .map(|(name, digest)| (name.as_str(), *digest))
            .collect();
        assert_eq!(found, expected);
    }
}
