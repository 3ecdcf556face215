//! `perft DEPTH` and `divide DEPTH`: leaf counts of the move tree.

use std::io::Write;

use super::position;
use crate::judge::{CaseError, Task};
use crate::{Rules, perft};

/// One line per FEN: the number of positions `depth` moves deep.
#[derive(Clone, Copy)]
pub struct Perft {
    pub depth: u32,
    pub rules: Rules,
}

impl Task for Perft {
    fn placeholder(&self) -> &'static [u8] {
        b"\n"
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        let _ = writeln!(out, "{}", perft::perft(&position, self.depth, self.rules));
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
    fn separator(&self) -> &'static [u8] {
        b"\n"
    }

    fn placeholder(&self) -> &'static [u8] {
        b""
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        let mut total = 0;
        for (m, leaves) in perft::divide(&position, self.depth, self.rules) {
            let _ = writeln!(out, "{m} {leaves}");
            total += leaves;
        }
        let _ = writeln!(out, "total {total}");
        Ok(())
    }
}
