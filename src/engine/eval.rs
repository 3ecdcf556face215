//! The playing engine's evaluation: Part 5's terms (material, mobility,
//! attack) with weights set by self-play matches, and values for the full
//! game's monkeys and crocodiles.

use std::convert::Infallible;
use std::ops::ControlFlow;

use crate::{ByKind, Color, Kind, Piece, Position, movegen};

/// What a won game is worth; wins found sooner score a little more.
pub const ENGINE_WIN: i32 = 100_000;

/// The evaluation's weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each kind's value (the lion's unused).
    pub values: ByKind<i32>,
    /// Per move a side can make.
    pub mobility: i32,
    /// Per move landing on an enemy piece.
    pub attack: i32,
    /// Per move landing on the enemy lion, on top of `attack`.
    pub lion_attack: i32,
}

impl Weights {
    /// The weights the self-play matches chose (see the README).
    pub const TUNED: Weights = Weights {
        // pawn, superpawn, giraffe, monkey, elephant, lion, crocodile, zebra
        values: ByKind([100, 350, 400, 300, 200, 0, 300, 300]),
        mobility: 3,
        attack: 2,
        lion_attack: 40,
    };
}

/// The score of `position` for the side to move, unless a lion is gone
/// (the search scores that itself).
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let mut never_stop = || ControlFlow::<Infallible>::Continue(());
    match evaluate_until(position, weights, &mut never_stop) {
        ControlFlow::Continue(score) => score,
        ControlFlow::Break(never) => match never {},
    }
}

/// [`evaluate`] for a search with a clock: counting a monkey's jump chains
/// (there may be a million) asks `go_on` as [`movegen::tally_until`] does.
pub fn evaluate_until<B>(
    position: &Position,
    weights: &Weights,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B, i32> {
    if position.is_bare_lions_draw() {
        return ControlFlow::Continue(0);
    }
    let board = &position.board;
    let mut side = |color: Color| {
        let material: i32 = Kind::ALL
            .iter()
            .map(|&kind| {
                weights.values[kind] * board.pieces(Piece::new(color, kind)).count() as i32
            })
            .sum();
        let tally = movegen::tally_until(board, color, go_on)?;
        ControlFlow::Continue(
            material
                + weights.mobility * tally.moves as i32
                + weights.attack * tally.captures as i32
                + weights.lion_attack * tally.lion_captures as i32,
        )
    };
    ControlFlow::Continue(side(position.side)? - side(!position.side)?)
}
