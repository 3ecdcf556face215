//! `board`: the Part 1 listing of every piece of a position.

use super::position;
use crate::FenError;
use crate::judge::{CaseError, Framing, Task};
use crate::{Color, Kind, Piece, Rules};

/// For each FEN, 16 lines `<colour> <kind>: <squares>` (white before black,
/// kinds in the assignment's order) and `side to play: <colour>`; blocks
/// are separated by a blank line.
#[derive(Clone, Copy, Default)]
pub struct Listing {
    pub rules: Rules,
}

impl Task for Listing {
    type Error = FenError;
    const FRAMING: Framing = Framing::Block;

    fn answer(&mut self, lines: &[&[u8]], out: &mut Vec<u8>) -> Result<(), CaseError<Self::Error>> {
        let position = position(lines, self.rules)?;
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
