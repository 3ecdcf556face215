//! The hidden layer's values before clipping, for both sides' views, kept
//! up to date move by move: a move changes a few pieces, so the search
//! adds and subtracts a few rows instead of summing every piece again.

use super::features::feature;
use super::network::{Network, Row};
use congo_rules::{Board, ByColor, Color, Piece, Square};

/// Both sides' hidden units (before clipping) for one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator(ByColor<Row>);

impl Accumulator {
    /// The units for `board`, summed afresh.
    pub fn of(network: &Network, board: &Board) -> Accumulator {
        let mut accumulator = Accumulator(ByColor([network.input_bias; 2]));
        for (piece, square) in pieces(board) {
            accumulator.change(network, piece, square, add);
        }
        accumulator
    }

    /// The units for `after`, from these units for `before`: every piece
    /// that left a square taken off, every piece that came added. Any
    /// move (a monkey's chain of captures, a drowning, a promotion) is a
    /// change of pieces on squares, so one rule serves them all.
    #[inline]
    pub fn after(&self, network: &Network, before: &Board, after: &Board) -> Accumulator {
        let mut next = *self;
        for piece in Piece::ALL {
            let (was, is) = (before.pieces(piece), after.pieces(piece));
            for square in was & !is {
                next.change(network, piece, square, subtract);
            }
            for square in is & !was {
                next.change(network, piece, square, add);
            }
        }
        next
    }

    /// The score for `side` to move, in centipawns.
    #[inline]
    pub fn score(&self, network: &Network, side: Color) -> i32 {
        network.output(&self.0[side], &self.0[!side])
    }

    #[inline(always)]
    fn change(
        &mut self,
        network: &Network,
        piece: Piece,
        square: Square,
        apply: fn(i16, i16) -> i16,
    ) {
        for perspective in Color::ALL {
            let row = &network.input[feature(perspective, piece, square)];
            for (unit, &weight) in self.0[perspective].iter_mut().zip(row) {
                *unit = apply(*unit, weight);
            }
        }
    }
}

/// Units wrap rather than fail: a net read from a file may hold any
/// weights, and the trainer's clipped ones never come near the edge.
fn add(unit: i16, weight: i16) -> i16 {
    unit.wrapping_add(weight)
}

fn subtract(unit: i16, weight: i16) -> i16 {
    unit.wrapping_sub(weight)
}

/// Every piece on `board` and its square.
fn pieces(board: &Board) -> impl Iterator<Item = (Piece, Square)> + '_ {
    Piece::ALL.into_iter().flat_map(move |piece| {
        board
            .pieces(piece)
            .into_iter()
            .map(move |square| (piece, square))
    })
}
