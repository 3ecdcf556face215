//! The hidden units of every position on the search's current path, a
//! ply each: a child's units come from its parent's and the pieces the
//! move changed.

use std::sync::Arc;

use super::accumulator::Accumulator;
use super::network::Network;
use congo_rules::{Board, Color};

/// A net and the units of the positions on the path being searched.
#[derive(Clone, Debug)]
pub struct UnitStack {
    network: Arc<Network>,
    units: Vec<Accumulator>,
}

impl UnitStack {
    /// A stack for paths of up to `plies` positions below the root.
    pub fn new(network: Arc<Network>, plies: usize) -> UnitStack {
        let empty = Accumulator::of(&network, &Board::empty());
        UnitStack {
            units: vec![empty; plies + 1],
            network,
        }
    }

    /// The net it evaluates with.
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    /// Starts a path at the root, `board`.
    pub fn root(&mut self, board: &Board) {
        self.units[0] = Accumulator::of(&self.network, board);
    }

    /// Sets the units `ply + 1` plies down, the board `after`, from those
    /// of its parent `before` at `ply`.
    #[inline]
    pub fn child(&mut self, ply: usize, before: &Board, after: &Board) {
        if let Some([.., parent, child]) = self.units.get_mut(..=ply + 1) {
            *child = parent.after(&self.network, before, after);
        }
    }

    /// The score of the position `ply` plies down for `side` to move.
    #[inline]
    pub fn score(&self, ply: usize, side: Color) -> i32 {
        self.units[ply].score(&self.network, side)
    }
}
