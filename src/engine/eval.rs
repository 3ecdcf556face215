//! The playing engine's evaluation: Part 5's terms (material, mobility,
//! attack) with weights set by self-play matches, and values for the full
//! game's monkeys and crocodiles.

use std::ops::ControlFlow;

use crate::{Board, ByKind, Color, Kind, Piece, Position, movegen};

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
    if position.is_bare_lions_draw() {
        return 0;
    }
    let board = &position.board;
    let side = |color| side_score(board, color, weights, movegen::tally(board, color));
    side(position.side) - side(!position.side)
}

/// [`evaluate`] for a search with a clock: where a monkey can jump, the
/// counting of its chains (there may be a million) asks `go_on` as
/// [`movegen::tally_until`] does. Elsewhere it is [`evaluate`] itself: the
/// checks cost a tenth of the search's speed.
pub fn evaluate_until<B>(
    position: &Position,
    weights: &Weights,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B, i32> {
    let board = &position.board;
    if !Color::ALL
        .into_iter()
        .any(|color| movegen::monkeys_may_jump(board, color))
    {
        return ControlFlow::Continue(evaluate(position, weights));
    }
    if position.is_bare_lions_draw() {
        return ControlFlow::Continue(0);
    }
    let mut side = |color: Color| {
        let tally = movegen::tally_until(board, color, go_on)?;
        ControlFlow::Continue(side_score(board, color, weights, tally))
    };
    ControlFlow::Continue(side(position.side)? - side(!position.side)?)
}

/// One side's material, mobility and attacks, its moves counted in `tally`.
fn side_score(board: &Board, color: Color, weights: &Weights, tally: movegen::Tally) -> i32 {
    let material: i32 = Kind::ALL
        .iter()
        .map(|&kind| weights.values[kind] * board.pieces(Piece::new(color, kind)).count() as i32)
        .sum();
    material
        + weights.mobility * tally.moves as i32
        + weights.attack * tally.captures as i32
        + weights.lion_attack * tally.lion_captures as i32
}
