//! `checkers`: every legal Russian checkers move of each position, or with
//! `--perft D` the number of move sequences D deep.

use std::io::Write;

use crate::checkers::{self, CheckersError, Move, Position};
use crate::judge::{CaseError, Framing, Task};

#[derive(Clone, Default)]
pub struct Checkers {
    /// Count move sequences this deep instead of listing moves.
    pub perft: Option<u32>,
    moves: Vec<Move>,
}

impl Checkers {
    pub fn new(perft: Option<u32>) -> Checkers {
        Checkers {
            perft,
            moves: Vec::new(),
        }
    }
}

impl Task for Checkers {
    type Error = CheckersError;
    const FRAMING: Framing = Framing::Line;

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let line = lines.first().copied().unwrap_or_default();
        let position: Position = line.parse().map_err(|error| CaseError::at(0, error))?;
        if let Some(depth) = self.perft {
            let _ = writeln!(out, "{}", checkers::perft(&position, depth));
            return Ok(());
        }
        self.moves.clear();
        checkers::legal_moves(&position, &mut self.moves);
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            m.write_to(out);
        }
        out.push(b'\n');
        Ok(())
    }
}
