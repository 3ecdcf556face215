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

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use super::material::{Material, Placement};
use super::value::{NO_POSITION, Value};
use crate::{Color, Move, Position, RuleSet, Square, Status, movegen};

/// The value code of a position not yet known (and, at the end, a draw).
const UNKNOWN: u16 = 0;

/// One number's state in the analysis: eight bytes, kept together and
/// never across two cache lines, so that a parent counted in touches one
/// place in memory.
#[derive(Clone, Copy, Default)]
#[repr(align(8))]
struct Node {
    /// Its value code: [`UNKNOWN`] until settled, [`NO_POSITION`] when the
    /// number names none.
    code: u16,
    /// 1 + the distance it is queued at (see [`Due`]), 0 when it is not.
    queued: u16,
    /// Children not yet known to be won for their side to move: those in
    /// the material, and one more for any draw outside it. [`BARRED`] is
    /// added when a win out of the material is on its way, so that the
    /// count never falls to a loss.
    open: u16,
    /// The slowest of the won children outside the material.
    slowest_won_child: u16,
}

/// Added to [`Node::open`] of a position that wins out of its material;
/// far above any number of moves.
const BARRED: u16 = 1 << 15;

/// Builds the value codes of every position of `material` under `rule_set`;
/// `outside` gives the value of a position of another material (the
/// tables it converts into, already built). Work is split over `threads`.
pub(super) fn generate(
    material: &Material,
    rule_set: RuleSet,
    threads: usize,
    outside: &(dyn Fn(&Position) -> Option<Value> + Sync),
) -> Result<Vec<u16>, Material> {
    let size = material.size();
    let threads = threads.max(1);
    let mut nodes = vec![Node::default(); size];
    // Workers take a stretch of numbers at a time, so that they finish
    // together however the cost of a position varies across the table.
    let stretches = Mutex::new(nodes.chunks_mut(STRETCH).enumerate());
    let parts: Vec<Result<(), Material>> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| forward(material, rule_set, &stretches, outside)))
            .collect();
        join_all(workers)
    });
    parts.into_iter().collect::<Result<(), Material>>()?;
    Ok(retrograde(material, rule_set, threads, &mut nodes))
}

/// Numbers a worker of the forward pass takes at a time.
const STRETCH: usize = 1 << 16;

/// One worker of the forward pass: it fills the nodes of each stretch it
/// takes, numbered stretch by stretch, until none is left.
fn forward<'a>(
    material: &Material,
    rule_set: RuleSet,
    stretches: &Mutex<impl Iterator<Item = (usize, &'a mut [Node])>>,
    outside: &(dyn Fn(&Position) -> Option<Value> + Sync),
) -> Result<(), Material> {
    let mut moves = Vec::new();
    loop {
        let next = stretches
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next();
        let Some((stretch, part)) = next else {
            return Ok(());
        };
        for (index, node) in (stretch * STRETCH..).zip(part) {
            *node = match material.position(index) {
                Some(position) => node_of(&position, rule_set, &mut moves, outside)?,
                None => Node {
                    code: NO_POSITION,
                    ..Node::default()
                },
            };
        }
    }
}

/// What the forward pass learns of `position` from its moves, with the
/// position queued where they already bound its value; `moves` is scratch
/// space.
fn node_of(
    position: &Position,
    rule_set: RuleSet,
    moves: &mut Vec<Move>,
    outside: &(dyn Fn(&Position) -> Option<Value> + Sync),
) -> Result<Node, Material> {
    let mut node = Node::default();
    if position.is_bare_lions_draw() {
        return Ok(node);
    }
    moves.clear();
    position.legal_moves(moves);
    // The quickest win through a lost child outside the material, in
    // plies; 0 for none (a win takes at least one).
    let mut quickest_win = 0;
    for &m in moves.iter() {
        if position.is_plain_step(m, rule_set) {
            node.open += 1;
            continue;
        }
        let child = position.play_unchecked(m, rule_set);
        let value = if child.status() != Status::Ongoing {
            Value::Loss(0)
        } else {
            outside(&child).ok_or_else(|| Material::of(&child.board))?
        };
        match value {
            Value::Loss(plies) => {
                let win = plies + 1;
                if quickest_win == 0 || win < quickest_win {
                    quickest_win = win;
                }
            }
            Value::Win(plies) => {
                node.slowest_won_child = node.slowest_won_child.max(plies);
            }
            Value::Draw => node.open += 1,
        }
    }
    let first = if moves.is_empty() {
        // No legal move: lost at once.
        Some(0)
    } else if quickest_win > 0 {
        node.open += BARRED;
        Some(quickest_win)
    } else if node.open == 0 {
        Some(node.slowest_won_child + 1)
    } else {
        None
    };
    if let Some(plies) = first {
        node.queued = plies + 1;
    }
    Ok(node)
}

/// Spreads the values back from the children, nearest first.
fn retrograde(
    material: &Material,
    rule_set: RuleSet,
    threads: usize,
    nodes: &mut [Node],
) -> Vec<u16> {
    let mut due = Due::default();
    for (index, node) in nodes.iter().enumerate() {
        if node.queued != 0 {
            due.enlist(node.queued - 1, index);
        }
    }
    let mut plies = 0;
    while plies < due.lists.len() {
        let mut settling = std::mem::take(&mut due.lists[plies]);
        settling.retain(|&index| {
            let code = &mut nodes[index as usize].code;
            let new = *code == UNKNOWN;
            if new {
                *code = Value::code_of_distance(plies as u16);
            }
            new
        });
        // Finding parents is most of the work, and each is found alone;
        // a block at a time, so that the lists found stay small, and the
        // parents of one block are counted in while the next block's are
        // being found.
        let mut count_in = |found: Vec<Vec<u32>>| {
            for parent in found.into_iter().flatten() {
                let parent = parent as usize;
                let node = &mut nodes[parent];
                if node.code != UNKNOWN {
                    continue;
                }
                if plies % 2 == 0 {
                    // The child is lost: the parent wins by moving there.
                    due.push(nodes, plies as u16 + 1, parent);
                } else {
                    node.open -= 1;
                    // Every child won: lost.
                    if node.open == 0 {
                        let slowest = node.slowest_won_child.max(plies as u16);
                        due.push(nodes, slowest + 1, parent);
                    }
                }
            }
        };
        let mut found = Vec::new();
        thread::scope(|scope| {
            for block in tapering(&settling) {
                let workers = find_parents(scope, material, rule_set, threads, block);
                count_in(std::mem::take(&mut found));
                found = join_all(workers);
            }
        });
        count_in(found);
        plies += 1;
    }
    nodes.iter().map(|node| node.code).collect()
}

/// The most settled positions whose parents are found at a time.
const BLOCK: usize = 1 << 16;

/// The fewest, but for a distance's last.
const SMALL_BLOCK: usize = 1 << 11;

/// `children` in blocks of at most [`BLOCK`], each at most half of what
/// is left down to [`SMALL_BLOCK`]: the parents of a distance's last block
/// are counted in while no thread finds any, so it is kept small.
fn tapering(children: &[u32]) -> impl Iterator<Item = &[u32]> {
    let mut rest = children;
    std::iter::from_fn(move || {
        let size = (rest.len() / 2).clamp(SMALL_BLOCK, BLOCK).min(rest.len());
        let (block, after) = rest.split_at(size);
        rest = after;
        (!block.is_empty()).then_some(block)
    })
}

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
    children: &'scope [u32],
) -> Vec<thread::ScopedJoinHandle<'scope, Vec<u32>>> {
    let taken = Arc::new(AtomicUsize::new(0));
    (0..threads)
        .map(|_| {
            let taken = Arc::clone(&taken);
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
                all
            })
        })
        .collect()
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

/// Positions to settle at each distance: a position's value is that
/// distance unless a nearer one settled it first. Each position is queued
/// once at the nearest distance known (its node says which), so that the
/// lists stay as short as the table.
#[derive(Default)]
struct Due {
    lists: Vec<Vec<u32>>,
}

impl Due {
    fn push(&mut self, nodes: &mut [Node], plies: u16, index: usize) {
        let mark = plies + 1;
        let queued = &mut nodes[index].queued;
        if *queued != 0 && *queued <= mark {
            return;
        }
        *queued = mark;
        self.enlist(plies, index);
    }

    /// Adds `index` to the list of `plies`, its node already marked.
    fn enlist(&mut self, plies: u16, index: usize) {
        let plies = usize::from(plies);
        if self.lists.len() <= plies {
            self.lists.resize_with(plies + 1, Vec::new);
        }
        self.lists[plies].push(index as u32);
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
