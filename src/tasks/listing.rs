//! `board`: the Part 1 listing of every piece of a position.

use super::position;
use crate::judge::{CaseError, Task};
use crate::{Color, Kind, Piece};

/// For each FEN, 16 lines `<colour> <kind>: <squares>` (white before black,
/// kinds in the assignment's order) and `side to play: <colour>`; blocks
/// are separated by a blank line.
#[derive(Clone, Copy, Default)]
pub struct Listing;

impl Task for Listing {
    fn separator(&self) -> &'static [u8] {
        b"\n"
    }

    fn placeholder(&self) -> &'static [u8] {
        b""
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        for kind in Kind::ALL {
            for color in Color::ALL {
                out.extend_from_slice(color.name().as_bytes());
                out.push(b' ');
                out.extend_from_slice(kind.name().as_bytes());
                out.push(b':');
                for square in position.board.pieces(Piece::new(color, kind)) {
                    out.push(b' ');
                    out.extend_from_slice(&square.name());
                }
                out.push(b'\n');
            }
        }
        out.extend_from_slice(b"side to play: ");
        out.extend_from_slice(position.side.name().as_bytes());
        out.push(b'\n');
        Ok(())
    }
}
