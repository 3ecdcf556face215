//! `best`: the engine's chosen move for each FEN, with its score, the
//! depth searched to the end and the nodes visited.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use super::slot::Slot;
use crate::engine::{Engine, Limit, Weights};
use crate::judge::{CaseError, Framing, Task};
use crate::tablebase::Tablebase;
use crate::{FenError, Position, Rules};

#[derive(Clone)]
pub struct Best {
    rules: Rules,
    limit: Limit,
    engine: Box<Engine>,
    slot: Slot<Position>,
}

impl Best {
    pub fn new(rules: Rules, limit: Limit, tables: Option<&Path>, threads: usize) -> Best {
        let tables = tables.map(|dir| Arc::new(Tablebase::new(dir, rules)));
        Best {
            rules,
            limit,
            engine: Box::new(
                Engine::new(rules, Weights::TUNED)
                    .with_tables(tables)
                    .with_threads(threads),
            ),
            slot: Slot::default(),
        }
    }
}

impl Task for Best {
    type Error = FenError;
    const FRAMING: Framing = Framing::Line;

    fn take_seen(&mut self) -> u32 {
        self.slot.take_seen()
    }

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = self.slot.read(&self.rules, lines)?;
        // Each position from a clean slate: a fixed depth gives the same
        // answer whatever came before.
        self.engine.clear();
        let _ = match self.engine.choose(position, self.limit, &[]) {
            Some(choice) if let Some(value) = choice.table => {
                writeln!(out, "{} {} tablebase {value}", choice.best, choice.score)
            }
            Some(choice) => writeln!(
                out,
                "{} {} depth {} nodes {}",
                choice.best, choice.score, choice.depth, self.engine.nodes
            ),
            None => writeln!(out, "none"),
        };
        Ok(())
    }
}
