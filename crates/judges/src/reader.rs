//! [`Reader`]: the position a judge reads each case into, read over case
//! after case, and the kinds of piece the positions it read have shown.

use super::CaseError;
use congo_rules::KindsSeen;
use congo_rules::board_game::Notation;

/// Reads the position on the first line of each case as the rules `G` read
/// it. A judge keeps one, and Congo's positions are read in place, not
/// copied out through the reader's layers (that copying was a tenth of a
/// line's work).
#[derive(Clone, Debug)]
pub(super) struct Reader<G: Notation> {
    rules: G,
    position: Option<G::Position>,
    kinds: KindsSeen,
}

impl<G: Notation> Reader<G> {
    pub(super) fn new(rules: G) -> Reader<G> {
        Reader {
            rules,
            position: None,
            kinds: KindsSeen::default(),
        }
    }

    /// The rules it reads positions by.
    pub(super) fn rules(&self) -> &G {
        &self.rules
    }

    /// Reads the position on the first line of a case over the one read
    /// before, if there is one; the rules with it.
    #[inline]
    pub(super) fn read(&mut self, lines: &[&[u8]]) -> Result<(&G, &G::Position), CaseError> {
        let line = lines.first().copied().unwrap_or_default();
        let rules = &self.rules;
        let read = match &mut self.position {
            Some(position) => rules.read_into(line, position).map(|()| &*position),
            empty => rules.read(line).map(|position| &*empty.insert(position)),
        };
        let position = read.map_err(|error| CaseError::at(0, error))?;
        self.kinds = self.kinds | rules.survey(position);
        Ok((rules, position))
    }

    /// The kinds of piece on the positions read since the last call.
    pub(super) fn take_kinds(&mut self) -> KindsSeen {
        std::mem::take(&mut self.kinds)
    }
}
