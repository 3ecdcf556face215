//! `best`: the engine's chosen move for each FEN, with its score, the
//! depth searched to the end and the nodes visited.

use std::io::Write;

use super::position;
use crate::engine::{Engine, Limit, Weights};
use crate::judge::{CaseError, Framing, Task};
use crate::{FenError, Rules};

#[derive(Clone)]
pub struct Best {
    rules: Rules,
    limit: Limit,
    engine: Box<Engine>,
}

impl Best {
    pub fn new(rules: Rules, limit: Limit) -> Best {
        Best {
            rules,
            limit,
            engine: Box::new(Engine::new(rules, Weights::TUNED)),
        }
    }
}

impl Task for Best {
    type Error = FenError;
    const FRAMING: Framing = Framing::Line;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = position(lines, self.rules)?;
        // Each position from a clean slate: a fixed depth gives the same
        // answer whatever came before.
        self.engine.clear();
        let _ = match self.engine.choose(&position, self.limit, &[]) {
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
