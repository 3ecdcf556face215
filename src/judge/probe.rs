//! `tb probe DIR`: each FEN's value from the endgame tables, and a best
//! move.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use super::slot::Slot;
use super::task::{CaseError, Framing, Task};
use crate::Congo;
use crate::tablebase::{TableError, Tablebase};
use crate::{FenError, Position};

/// Why a FEN could not be probed: the FEN itself, or the tables.
#[derive(Debug)]
pub enum ProbeError {
    Fen(FenError),
    Table(TableError),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Fen(error) => error.fmt(f),
            ProbeError::Table(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ProbeError {}

/// One line per FEN: `win N`, `loss N` or `draw`, then the best move.
#[derive(Clone)]
pub struct Probe {
    game: Congo,
    tables: Arc<Tablebase>,
    slot: Slot<Position>,
}

impl Probe {
    pub fn new(dir: &Path, game: Congo) -> Probe {
        Probe {
            game,
            tables: Arc::new(Tablebase::new(dir, game.rule_set)),
            slot: Slot::default(),
        }
    }
}

impl Task for Probe {
    type Error = ProbeError;
    const FRAMING: Framing = Framing::Line;

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<ProbeError>> {
        let position = self
            .slot
            .read(&self.game, lines)
            .map_err(|CaseError { line, error }| CaseError::at(line, ProbeError::Fen(error)))?;
        let (value, best) = self
            .tables
            .best(position)
            .map_err(|error| CaseError::at(0, ProbeError::Table(error)))?;
        out.extend_from_slice(value.to_string().as_bytes());
        if let Some(best) = best {
            out.push(b' ');
            best.write_to(out);
        }
        out.push(b'\n');
        Ok(())
    }
}
