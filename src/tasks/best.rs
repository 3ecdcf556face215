//! `best`: the engine's chosen move and its score for each FEN.

use std::io::Write;

use super::position;
use crate::engine::{Engine, Limit};
use crate::judge::{CaseError, Task};

#[derive(Clone)]
pub struct Best {
    limit: Limit,
    engine: Box<Engine>,
}

impl Best {
    pub fn new(limit: Limit, engine: Engine) -> Best {
        Best {
            limit,
            engine: Box::new(engine),
        }
    }
}

impl Task for Best {
    fn placeholder(&self) -> &'static [u8] {
        b"\n"
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        // Each position from a clean slate: a fixed depth gives the same
        // answer whatever came before.
        self.engine.clear();
        let _ = match self.engine.choose(&position, self.limit, &[]) {
            Some(choice) => writeln!(out, "{} {}", choice.best, choice.score),
            None => writeln!(out, "none"),
        };
        Ok(())
    }
}
