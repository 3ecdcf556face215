//! Move lists kept for reuse from ply to ply by searches and perft.

use crate::Move;

/// Move lists kept for reuse, one per ply in use: a search or perft takes
/// a list on the way down and gives it back on the way up, so that no ply
/// allocates once the first descent is done.
///
/// ```
/// use congo_rules::{Position, START, move_lists::MoveLists};
///
/// let start: Position = START.parse()?;
/// let mut lists: MoveLists = MoveLists::default();
/// let mut moves = lists.take();
/// start.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 26);
/// lists.give(moves); // for the next ply down
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MoveLists<M = Move>(Vec<Vec<M>>);

impl<M> Default for MoveLists<M> {
    fn default() -> MoveLists<M> {
        MoveLists(Vec::new())
    }
}

impl<M> MoveLists<M> {
    /// An empty list, reused if one is free.
    ///
    /// ```
    /// use congo_rules::move_lists::MoveLists;
    ///
    /// let mut lists = MoveLists::<u32>::default();
    /// lists.give(vec![1, 2, 3]);
    /// let reused = lists.take();
    /// assert!(reused.is_empty() && reused.capacity() >= 3);
    /// ```
    pub fn take(&mut self) -> Vec<M> {
        let mut list = self.0.pop().unwrap_or_default();
        list.clear();
        list
    }

    /// Gives a list back for reuse.
    ///
    /// ```
    /// use congo_rules::move_lists::MoveLists;
    ///
    /// let mut lists = MoveLists::<u32>::default();
    /// lists.give(Vec::with_capacity(64));
    /// assert!(lists.take().capacity() >= 64); // no new allocation
    /// ```
    pub fn give(&mut self, list: Vec<M>) {
        self.0.push(list);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_come_back_empty() {
        let mut lists = MoveLists::default();
        let mut list = lists.take();
        let a1 = crate::Square::from_index(0).unwrap();
        list.push(Move::new(a1, a1));
        lists.give(list);
        assert!(lists.take().is_empty());
    }
}
