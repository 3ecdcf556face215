//! A [`Tablebase`] as the [`EndgameTables`] the engine, the arena, the
//! judges and the board probe, none of which depends on this crate.

use std::path::Path;

use congo_rules::endgame::{EndgameTables, ProbeError, Value, Wdl};
use congo_rules::{Move, Position};

use super::{TableError, Tablebase};

impl From<TableError> for ProbeError {
    fn from(error: TableError) -> ProbeError {
        ProbeError::Tables(Box::new(error))
    }
}

impl EndgameTables for Tablebase {
    fn folder(&self) -> &Path {
        &self.dir
    }

    fn covers(&self, position: &Position) -> bool {
        Tablebase::covers(position)
    }

    fn probe(&self, position: &Position) -> Result<Value, ProbeError> {
        Ok(Tablebase::probe(self, position)?)
    }

    fn probe_wdl(&self, position: &Position) -> Result<Wdl, ProbeError> {
        Ok(Tablebase::probe_wdl(self, position)?)
    }

    fn best(&self, position: &Position) -> Result<(Value, Option<Move>), ProbeError> {
        Ok(Tablebase::best(self, position)?)
    }

    fn keeping_moves(&self, position: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
        Ok(Tablebase::keeping_moves(self, position)?)
    }
}
