//! The playing engine's evaluation: Part 5's terms (material, mobility,
//! attack) with weights set by self-play matches, values for the full
//! game's monkeys and crocodiles, and the shape of the position: pawns'
//! advance, pieces left in the river, and the guard around the lion.

use std::ops::ControlFlow;

use congo_rules::geometry::KING_STEPS;
use congo_rules::position::drownable;
use congo_rules::{Board, ByKind, Color, Kind, Piece, Position, Square, movegen};

/// What a won game is worth; wins found sooner score a little more.
pub const ENGINE_WIN: i32 = 100_000;

/// No evaluation reaches this: scores from it on are wins the search
/// found.
pub const WON_BY_EVALUATION: i32 = ENGINE_WIN / 2;

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
    /// Per rank a pawn stands beyond its side's second rank.
    pub pawn_advance: i32,
    /// Per piece (crocodiles aside) standing in the river, where it
    /// drowns unless it leaves on its next move: a cost.
    pub river: i32,
    /// Per piece of its own side on a square next to the lion.
    pub lion_guard: i32,
    /// Per piece (the lion aside) and step it stands closer to the enemy
    /// lion than the far side of the board: pressure on the one piece
    /// whose loss ends the game.
    pub lion_tropism: i32,
}

impl Weights {
    /// The weights `congo tune` fitted to 1200 self-play games (113,312
    /// positions; docs/engine.md gives the commands that make them again).
    pub const TUNED: Weights = Weights {
        // pawn, superpawn, giraffe, monkey, elephant, lion, crocodile, zebra
        values: ByKind([100, 263, 328, 211, 304, 0, 400, 232]),
        mobility: 5,
        attack: 10,
        lion_attack: 61,
        pawn_advance: 4,
        river: 30,
        // Crowding the lion costs: it blocks the lion's own escapes.
        lion_guard: -4,
        lion_tropism: 5,
    };

    /// The names `--weight NAME=VALUE` takes besides the piece names.
    pub const TERMS: [&str; 7] = [
        "mobility",
        "attack",
        "lion-attack",
        "pawn-advance",
        "river",
        "lion-guard",
        "lion-tropism",
    ];

    /// Sets the weight called `name` (one of [`Weights::TERMS`], or a
    /// piece name for its value); false for any other name.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        self.weight(name).map(|weight| *weight = value).is_some()
    }

    /// The weight called `name`, as [`Weights::set`] names it.
    pub fn get(mut self, name: &str) -> Option<i32> {
        self.weight(name).copied()
    }

    /// Every weight's name: the values of the kinds but the lion, then
    /// the terms.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Kind::ALL
            .into_iter()
            .filter(|&kind| kind != Kind::Lion)
            .map(Kind::name)
            .chain(Self::TERMS)
    }

    fn weight(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "mobility" => &mut self.mobility,
            "attack" => &mut self.attack,
            "lion-attack" => &mut self.lion_attack,
            "pawn-advance" => &mut self.pawn_advance,
            "river" => &mut self.river,
            "lion-guard" => &mut self.lion_guard,
            "lion-tropism" => &mut self.lion_tropism,
            _ => match Kind::from_name(name) {
                Some(kind) if kind != Kind::Lion => &mut self.values[kind],
                _ => return None,
            },
        })
    }
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
/// [`movegen::tally_until`] does. Elsewhere it counts as [`evaluate`]
/// does: the checks cost a tenth of the search's speed.
pub fn evaluate_until<B>(
    position: &Position,
    weights: &Weights,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B, i32> {
    ControlFlow::Continue(assess_until(position, weights, go_on)?.score)
}

/// What the search reads of a position before its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// [`evaluate`]'s score for the side to move.
    pub score: i32,
    /// Whether an enemy piece can land on the lion of the side to move:
    /// then the score says nothing of a position lost at the next move.
    pub lion_attacked: bool,
}

/// [`evaluate_until`]'s score, and whether the lion of the side to move
/// is attacked, from the same count of moves.
pub fn assess_until<B>(
    position: &Position,
    weights: &Weights,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B, Assessment> {
    let board = &position.board;
    if position.is_bare_lions_draw() {
        let score = 0;
        return ControlFlow::Continue(Assessment {
            score,
            lion_attacked: false,
        });
    }
    let may_jump = Color::ALL
        .into_iter()
        .any(|color| movegen::monkeys_may_jump(board, color));
    let mut tally = |color| match may_jump {
        true => movegen::tally_until(board, color, go_on),
        false => ControlFlow::Continue(movegen::tally(board, color)),
    };
    let (ours, theirs) = (tally(position.side)?, tally(!position.side)?);
    let score = side_score(board, position.side, weights, ours)
        - side_score(board, !position.side, weights, theirs);
    ControlFlow::Continue(Assessment {
        score,
        lion_attacked: theirs.lion_captures > 0,
    })
}

/// One side's material, mobility, attacks and shape, its moves counted
/// in `tally`.
fn side_score(board: &Board, color: Color, weights: &Weights, tally: movegen::Tally) -> i32 {
    let material: i32 = Kind::ALL
        .iter()
        .map(|&kind| weights.values[kind] * board.pieces(Piece::new(color, kind)).count() as i32)
        .sum();
    let own = board.by_color(color);
    let advance: u32 = board
        .pieces(Piece::new(color, Kind::Pawn))
        .into_iter()
        .map(|square| ranks_advanced(square, color))
        .sum();
    let in_river = drownable(board, color).count();
    let lion = board.pieces(Piece::new(color, Kind::Lion));
    let guards = lion
        .into_iter()
        .map(|lion| (KING_STEPS[lion.index()] & own).count())
        .sum::<u32>();
    let tropism: u32 = board
        .pieces(Piece::new(!color, Kind::Lion))
        .into_iter()
        .map(|enemy_lion| {
            (own & !lion)
                .into_iter()
                .map(|square| 6 - square.distance(enemy_lion))
                .sum::<u32>()
        })
        .sum();
    material
        + weights.mobility * tally.moves as i32
        + weights.attack * tally.captures as i32
        + weights.lion_attack * tally.lion_captures as i32
        + weights.pawn_advance * advance as i32
        - weights.river * in_river as i32
        + weights.lion_guard * guards as i32
        + weights.lion_tropism * tropism as i32
}

/// How many ranks a pawn of `color` on `square` stands beyond its side's
/// second rank (0 on it or behind it).
fn ranks_advanced(square: Square, color: Color) -> u32 {
    let rank = u32::from(square.rank());
    match color {
        Color::White => rank.saturating_sub(1),
        Color::Black => 5u32.saturating_sub(rank),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_weight_can_be_read_and_set() {
        // TERMS and the names `weight` matches must agree.
        let mut weights = Weights::TUNED;
        for (value, name) in (1..).zip(Weights::names()) {
            assert!(Weights::TUNED.get(name).is_some(), "{name}");
            assert!(weights.set(name, value), "{name}");
        }
        let read: Vec<i32> = Weights::names()
            .map(|name| weights.get(name).unwrap())
            .collect();
        assert_eq!(read, (1..=14).collect::<Vec<_>>());
        assert!(!weights.set("lion", 5) && !weights.set("speed", 5));
    }

    #[test]
    fn tropism_counts_each_piece_by_its_nearness_to_the_enemy_lion() {
        let only_tropism = Weights {
            values: ByKind([0; 8]),
            mobility: 0,
            attack: 0,
            lion_attack: 0,
            pawn_advance: 0,
            river: 0,
            lion_guard: 0,
            lion_tropism: 1,
        };
        // White's zebra is 1 step from the black lion (5) and its pawn 6
        // (0); black's pawn is 5 steps from the white lion (1).
        let position: Position = "2lZ3/6p/7/7/7/7/P2L3 w 1".parse().unwrap();
        assert_eq!(evaluate(&position, &only_tropism), 5 - 1);
    }

    #[test]
    fn pawns_count_ranks_from_their_own_side() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        assert_eq!(ranks_advanced(square("c2"), Color::White), 0);
        assert_eq!(ranks_advanced(square("c5"), Color::White), 3);
        assert_eq!(ranks_advanced(square("c6"), Color::Black), 0);
        assert_eq!(ranks_advanced(square("c3"), Color::Black), 3);
    }
}
