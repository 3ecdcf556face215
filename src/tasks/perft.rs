//! `perft DEPTH` and `divide DEPTH`: leaf counts of the move tree.

use std::io::Write;

use super::position;
use crate::FenError;
use crate::judge::{CaseError, Framing, Task};
use crate::{Rules, perft};

/// One line per FEN: the number of positions `depth` moves deep.
#[derive(Clone, Copy)]
pub struct Perft {
    pub depth: u32,
    pub rules: Rules,
    /// Threads counting each position (1: this one alone).
    pub threads: usize,
}

impl Task for Perft {
    type Error = FenError;
    const FRAMING: Framing = Framing::Line;

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = position(lines, self.rules)?;
        let leaves = perft::perft_threads(&position, self.depth, self.rules, self.threads);
        let _ = writeln!(out, "{leaves}");
        Ok(())
    }
}

/// A block per FEN: `<move> <count>` for each legal move in sorted order,
/// then `total <count>`; blocks are separated by a blank line.
#[derive(Clone, Copy)]
pub struct Divide {
    pub depth: u32,
    pub rules: Rules,
}

impl Task for Divide {
    type Error = FenError;
    const FRAMING: Framing = Framing::Block;

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = position(lines, self.rules)?;
        let mut total = 0;
        for (m, leaves) in perft::divide(&position, self.depth, self.rules) {
            let _ = writeln!(out, "{m} {leaves}");
            total += leaves;
        }
        // Zero moves deep, the position itself is the one leaf, as in perft.
        if self.depth == 0 {
            total = 1;
        }
        let _ = writeln!(out, "total {total}");
        Ok(())
    }
}
