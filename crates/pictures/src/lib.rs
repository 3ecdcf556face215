//! Pictures of positions: a text diagram for the terminal and an SVG
//! drawing, with the targets of chosen moves marked as the spec's figures
//! mark them.

mod pieces;
mod recorded;
mod svg;
mod text;

pub use recorded::{RecordedError, recorded_diagram};
pub use svg::{board, svg};
pub use text::{Style, diagram};

use congo_rules::{Bitboard, Kind, Move, Piece, Position, movegen};

/// Whose moves to mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The moves of the side to move's pieces of this kind.
    Kind(Kind),
    /// Every legal move of the side to move.
    All,
}

/// The marks a selection of moves puts on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The moves, sorted as strings.
    pub moves: Vec<Move>,
    /// Empty squares some move ends on.
    pub quiet: Bitboard,
    /// Squares whose piece some move captures (by landing on it, or a
    /// monkey by jumping it).
    pub captures: Bitboard,
    /// Lion moves that fly onto the enemy lion: drawn as arrows.
    pub flights: Vec<Move>,
}

impl Marks {
    /// The marks of the moves `selection` picks in `position`.
    pub fn new(position: &Position, selection: Selection) -> Marks {
        let mut moves = Vec::new();
        match selection {
            Selection::Kind(kind) => {
                movegen::piece_moves(&position.board, position.side, kind, &mut moves)
            }
            Selection::All => position.legal_moves(&mut moves),
        }
        let board = &position.board;
        let enemies = board.by_color(!position.side);
        let mut marks = Marks::default();
        for &m in &moves {
            let jumped: Bitboard = m.jumped().collect();
            marks.captures |= jumped;
            if enemies.contains(m.to()) {
                marks.captures = marks.captures.with(m.to());
            } else {
                marks.quiet = marks.quiet.with(m.to());
            }
            let is_lion = board.piece_at(m.from()) == Some(Piece::new(position.side, Kind::Lion));
            let far = m.from().file().abs_diff(m.to().file()) > 1
                || m.from().rank().abs_diff(m.to().rank()) > 1;
            if is_lion && far {
                marks.flights.push(m);
            }
        }
        marks.moves = moves;
        marks
    }
}

/// Where on the board a square lies, for the pictures.
fn in_castle(square: congo_rules::Square) -> bool {
    congo_rules::geometry::CASTLE
        .iter()
        .any(|castle| castle.contains(square))
}
