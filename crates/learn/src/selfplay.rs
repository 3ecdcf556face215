//! One self-play game for training data: a few random moves from the
//! full game's start, then the engine against itself at a fixed number
//! of nodes, each quiet position kept with the search's score, every
//! kept position labelled with the game's result at the end.

use congo_engine::{Choice, Engine, Limit, WON_BY_EVALUATION};
use congo_kit::rng::Rng;
use congo_rules::endgame::Wdl;
use congo_rules::{FULL_START, Game, MAX_PLIES, Outcome, Position, RuleSet, movegen};

use crate::sample::Sample;

/// How each game of a run is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSettings {
    /// Nodes the engine searches a move.
    pub nodes: u64,
    /// Random moves from the start before the engine plays.
    pub random_plies: usize,
}

/// Plays a game from an opening drawn with `rng`, the engine choosing
/// every move after it; the kept positions.
pub fn play_game(engine: &mut Engine, rng: &mut Rng, settings: GameSettings) -> Vec<Sample> {
    engine.clear();
    let mut game = opening(rng, settings.random_plies);
    let mut kept = Vec::new();
    let outcome = loop {
        if let Some(ending) = game.ending() {
            break Outcome::won_by(ending.winner());
        }
        let position = game.position().clone();
        let Some(choice) = engine.choose(&position, Limit::Nodes(settings.nodes), &game.history())
        else {
            break Outcome::Draw;
        };
        if let Some(outcome) = decided(&position, &choice) {
            break outcome;
        }
        if is_quiet(&position, &choice) {
            kept.push(Sample {
                // Scores past a sample's range are of decided games anyway.
                score: choice.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
                position,
                outcome: Outcome::Draw,
            });
        }
        if game.play(choice.best).is_err() {
            break Outcome::Draw;
        }
    };
    kept.iter_mut().for_each(|sample| sample.outcome = outcome);
    kept
}

/// A game after `plies` random moves from the full start, drawn again
/// until one is still going on.
fn opening(rng: &mut Rng, plies: usize) -> Game {
    let mut moves = Vec::new();
    loop {
        let start: Position = FULL_START.parse().expect("the full start is a position");
        let mut game = Game::new(start, RuleSet::Wits2022).with_max_plies(Some(MAX_PLIES));
        for _ in 0..plies {
            moves.clear();
            game.position().legal_moves(&mut moves);
            match rng.pick(&moves) {
                Some(m) if game.play(m).is_ok() => {}
                _ => break,
            }
        }
        if game.ending().is_none() {
            return game;
        }
    }
}

/// The game's outcome when the choice settles it: the tables' verdict,
/// or a win the search found.
fn decided(position: &Position, choice: &Choice) -> Option<Outcome> {
    let side = position.side;
    let winner = match choice.tablebase.map(Wdl::of) {
        Some(Wdl::Win) => Some(side),
        Some(Wdl::Loss) => Some(!side),
        Some(Wdl::Draw) => None,
        None if choice.score >= WON_BY_EVALUATION => Some(side),
        None if choice.score <= -WON_BY_EVALUATION => Some(!side),
        None => return None,
    };
    Some(Outcome::won_by(winner))
}

/// Whether a position teaches the evaluation: the best move takes
/// nothing and the lion to move stands unattacked, so that the score is
/// the position's and not an exchange's under way.
fn is_quiet(position: &Position, choice: &Choice) -> bool {
    let takes = !position
        .effects(choice.best, RuleSet::Wits2022)
        .captured
        .is_empty();
    !takes && !movegen::lion_attacked(&position.board, position.side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_engine::Weights;
    use congo_engine::net::{FEATURES, HIDDEN, Network};
    use std::sync::Arc;

    #[test]
    fn a_score_past_a_samples_range_is_kept_at_its_edge_not_wrapped() {
        // A net that calls every position all but won for the side to move.
        let input = Box::new([[0; HIDDEN]; FEATURES]);
        let network = Network::new(input, [i16::MAX; HIDDEN], [[i16::MAX; HIDDEN]; 2], i32::MAX);
        let mut engine =
            Engine::new(RuleSet::Wits2022, Weights::TUNED).with_net(Some(Arc::new(network)));
        let settings = GameSettings {
            nodes: 200,
            random_plies: 8,
        };
        let samples = play_game(&mut engine, &mut Rng::new(3), settings);
        // Each score is a repetition's (the contempt) or at the edge: a
        // wrapped one would land in between.
        let scores: Vec<i32> = samples
            .iter()
            .map(|sample| i32::from(sample.score).abs())
            .collect();
        assert!(scores.contains(&i32::from(i16::MAX)), "{scores:?}");
        assert!(
            scores
                .iter()
                .all(|&score| score <= Engine::CONTEMPT || score >= i32::from(i16::MAX)),
            "{scores:?}"
        );
    }
}
