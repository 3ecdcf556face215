//! A [`Tablebase`] as the [`EndgameTables`] the engine, the arena, the
//! judges and the board probe, none of which depends on this crate.

use std::path::Path;
use std::time::Instant;

use congo_rules::endgame::{EndgameTables, ProbeError, Value, Wdl};
use congo_rules::{Move, Position};

use super::{MAX_PIECES, TableError, Tablebase};

impl From<TableError> for ProbeError {
    fn from(error: TableError) -> ProbeError {
        ProbeError::Tables(Box::new(error))
    }
}

impl EndgameTables for Tablebase {
    fn folder(&self) -> &Path {
        &self.dir
    }

    fn most_pieces(&self) -> usize {
        MAX_PIECES + 2
    }

    fn probe(&self, position: &Position) -> Result<Value, ProbeError> {
        Ok(Tablebase::probe(self, position)?)
    }

    fn wdl(&self, position: &Position) -> Option<Wdl> {
        Tablebase::probe_wdl(self, position).ok()
    }

    fn wdl_by(&self, position: &Position, deadline: Instant) -> Option<Wdl> {
        self.within(deadline, || Tablebase::probe_wdl(self, position))
            .ok()
    }

    fn best(&self, position: &Position) -> Result<(Value, Option<Move>), ProbeError> {
        Ok(Tablebase::best(self, position)?)
    }

    fn best_by(
        &self,
        position: &Position,
        deadline: Instant,
    ) -> Result<Option<(Value, Option<Move>)>, ProbeError> {
        Ok(Tablebase::best_by(self, position, deadline)?)
    }

    fn keeping_moves(&self, position: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
        Ok(Tablebase::keeping_moves(self, position)?)
    }
}
