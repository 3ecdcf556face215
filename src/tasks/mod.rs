//! The judge subcommands, each a [`Task`](crate::judge::Task) for the shared loop.

mod best;
mod checkers;
mod game;
mod listing;
mod perft;
mod piece_moves;
mod score;
mod show;

pub use best::Best;
pub use checkers::Checkers;
pub use game::{LegalMoves, Play};
pub use listing::Listing;
pub use perft::{Divide, Perft};
pub use piece_moves::PieceMoves;
pub use score::Score;
pub use show::Show;

use crate::judge::CaseError;
use crate::{Move, Position};

/// Reads the FEN on the first line of a case.
fn position(lines: &[&str]) -> Result<Position, CaseError> {
    let fen = lines.first().copied().unwrap_or_default();
    fen.parse().map_err(|error| CaseError::at(0, error))
}

/// Appends moves as one line: texts separated by single spaces.
fn write_move_line(moves: &[Move], out: &mut Vec<u8>) {
    out.reserve(5 * moves.len() + 1);
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        m.write_to(out);
    }
    out.push(b'\n');
}
