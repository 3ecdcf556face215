//! `best`: the engine's chosen move for each FEN, with its score, the
//! depth searched to the end and the nodes visited (and, for a search by
//! time, the nodes per second).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use super::each_position::PositionAnswer;
use super::task::Framing;
use crate::engine::{Engine, Limit, Weights};
use crate::tablebase::Tablebase;
use crate::{Congo, Position, RuleSet};

#[derive(Clone)]
pub(super) struct Best {
    limit: Limit,
    engine: Box<Engine>,
}

impl Best {
    pub fn new(rule_set: RuleSet, limit: Limit, tables: Option<&Path>, threads: usize) -> Best {
        let tables = tables.map(|dir| Arc::new(Tablebase::new(dir, rule_set)));
        Best {
            limit,
            engine: Box::new(
                Engine::new(rule_set, Weights::TUNED)
                    .with_tables(tables)
                    .with_threads(threads),
            ),
        }
    }
}

impl PositionAnswer for Best {
    const FRAMING: Framing = Framing::Line;

    fn answer(&mut self, _game: &Congo, position: &Position, out: &mut Vec<u8>) {
        // Each position from a clean slate: a fixed depth gives the same
        // answer whatever came before.
        self.engine.clear();
        let started = Instant::now();
        let _ = match self.engine.choose(position, self.limit, &[]) {
            Some(choice) if let Some(value) = choice.table => {
                writeln!(out, "{} {} tablebase {value}", choice.best, choice.score)
            }
            Some(choice) => {
                let _ = write!(
                    out,
                    "{} {} depth {} nodes {}",
                    choice.best, choice.score, choice.depth, self.engine.nodes
                );
                // A search by time reports its speed too; by depth or
                // nodes the line stays the same on every run.
                if let Limit::Time(_) = self.limit {
                    let seconds = started.elapsed().as_secs_f64().max(1e-9);
                    let _ = write!(out, " nps {:.0}", self.engine.nodes as f64 / seconds);
                }
                writeln!(out)
            }
            None => writeln!(out, "none"),
        };
    }
}
