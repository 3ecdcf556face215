//! The library's values as the API shows them in JSON: where a game
//! stands, and each ply of it with what the move did.

use congo_engine::assignment::evaluation::Evaluation;
use congo_kit::json::{Json, object};
use congo_rules::{Bitboard, Color, Game, Move, Square};

/// Moves as texts.
pub(super) fn texts(moves: &[Move]) -> Json {
    Json::Array(moves.iter().map(|m| m.to_string().into()).collect())
}

/// Squares as names.
fn names(squares: Bitboard) -> Json {
    Json::Array(squares.into_iter().map(|s| s.to_string().into()).collect())
}

/// A game's result in words: `white wins`, `black wins`, `draw`.
pub(super) fn result_words(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "white wins",
        Some(Color::Black) => "black wins",
        None => "draw",
    }
}

/// How a finished game is shown: its result in words (none for a game
/// called off) and why it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Verdict {
    pub result: Option<&'static str>,
    pub reason: String,
}

impl Verdict {
    /// The verdict of `game`'s own rules, once they end it.
    pub fn of(game: &Game) -> Option<Verdict> {
        game.ending().map(|ending| Verdict {
            result: Some(result_words(ending.winner())),
            reason: ending.to_string(),
        })
    }
}

/// Where a game stands: the position, its legal moves (none once the game
/// is over), the result and why (`over` gives them when the game ended
/// otherwise than by its rules: a flag, a resignation), the board by
/// ranks, the assignment's Part 5 evaluation and the plies played.
pub(super) fn position_json(game: &Game, over: Option<Verdict>) -> Json {
    let position = game.position();
    let over = over.or_else(|| Verdict::of(game));
    let mut moves = Vec::new();
    if over.is_none() {
        position.legal_moves(&mut moves);
    }
    let (result, reason) = match over {
        Some(verdict) => (verdict.result, Some(verdict.reason)),
        None => (None, None),
    };
    let ranks: Vec<Json> = (0..Square::SIDE)
        .rev()
        .map(|rank| {
            (0..Square::SIDE)
                .map(|file| {
                    Square::new(file, rank)
                        .and_then(|square| position.board.piece_at(square))
                        .map_or('.', |piece| piece.letter() as char)
                })
                .collect::<String>()
                .into()
        })
        .collect();
    object([
        ("fen", position.to_string().into()),
        ("side", position.side.name().into()),
        ("moves", texts(&moves)),
        ("result", result.into()),
        ("reason", reason.into()),
        ("board", Json::Array(ranks)),
        (
            "evaluation",
            i64::from(Evaluation::Advanced.score(position)).into(),
        ),
        ("ply", (game.moves().len() as i64).into()),
    ])
}

/// The ply that led to `game`'s position number `index` (from 1): the
/// move, what it did, and the position after it.
pub(super) fn ply_json(game: &Game, index: usize) -> Json {
    let (before, after) = (&game.positions()[index - 1], &game.positions()[index]);
    let m = game.moves()[index - 1];
    let effects = before.effects(m, game.rule_set());
    object([
        ("move", m.to_string().into()),
        ("captured", names(effects.captured)),
        ("drowned", names(effects.drowned)),
        ("promoted", Json::Bool(effects.promoted)),
        ("fen", after.to_string().into()),
    ])
}

/// Every ply of `game`, each as [`ply_json`] gives it.
pub(super) fn plies_json(game: &Game) -> Json {
    Json::Array(
        (1..game.positions().len())
            .map(|index| ply_json(game, index))
            .collect(),
    )
}
