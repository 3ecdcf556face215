//! The learned evaluation: a small net (NNUE) over the pieces on their
//! squares, its hidden layer kept up to date move by move.

mod accumulator;
mod features;
mod network;
mod stack;

pub use accumulator::Accumulator;
pub use features::{FEATURES, feature};
pub use network::{FILE_BYTES, HIDDEN, NetError, Network, QA, QB, Row, SCALE};
pub use stack::UnitStack;

use std::sync::{Arc, LazyLock};

/// The net congo evaluates with unless told otherwise, built into the
/// binary (docs/engine.md gives the commands and seeds that made it).
pub fn shipped() -> Arc<Network> {
    static SHIPPED: LazyLock<Arc<Network>> = LazyLock::new(|| {
        let bytes = include_bytes!("../../nets/congo-2.nnue");
        Arc::new(Network::read(bytes).expect("the shipped net is whole"))
    });
    Arc::clone(&SHIPPED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;
    use congo_rules::random::{PositionShape, random_position};
    use congo_rules::{Position, RuleSet, Status};

    /// A net of small random weights.
    pub(crate) fn random_network(seed: u64) -> Network {
        let mut rng = Rng::new(seed);
        let mut weight = |spread: u64| rng.below(2 * spread + 1) as i16 - spread as i16;
        let mut input = Box::new([[0; HIDDEN]; FEATURES]);
        input.iter_mut().flatten().for_each(|w| *w = weight(40));
        let input_bias = std::array::from_fn(|_| weight(60));
        let output = std::array::from_fn(|_| std::array::from_fn(|_| weight(100)));
        Network::new(input, input_bias, output, i32::from(weight(1000)))
    }

    #[test]
    fn the_shipped_net_reads_and_scores_the_start_near_even() {
        let network = shipped();
        let start: Position = congo_rules::FULL_START.parse().unwrap();
        let score = Accumulator::of(&network, &start.board).score(&network, start.side);
        assert!(score.abs() < 100, "{score}");
    }

    #[test]
    fn a_file_reads_back_as_the_net_written() {
        let network = random_network(1);
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(Network::read(&bytes), Ok(network));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_with_its_reason() {
        let bytes = random_network(2).to_bytes();
        let mut flipped = bytes.clone();
        flipped[1000] ^= 4;
        assert_eq!(Network::read(&flipped), Err(NetError::Checksum));
        assert_eq!(Network::read(&bytes[..100]), Err(NetError::Length(100)));
        let mut foreign = bytes.clone();
        foreign[..8].copy_from_slice(b"NOTANNET");
        assert_eq!(Network::read(&foreign), Err(NetError::Magic));
        let mut wider = bytes;
        wider[12] = 0;
        wider[13] = 1;
        assert_eq!(Network::read(&wider), Err(NetError::Shape(1, 256, 784)));
        let messages = [
            NetError::Checksum.to_string(),
            NetError::Length(100).to_string(),
            NetError::Magic.to_string(),
            NetError::Shape(1, 256, 784).to_string(),
        ];
        assert_eq!(
            messages,
            [
                "the net file is damaged: its checksum does not match",
                "a net file is 201504 bytes long, not 100",
                "not a congo net file (it does not start with CONGONET)",
                "a net of version 1 with 256 hidden units and 784 inputs; \
                 this build reads version 1 with 128 and 784",
            ]
        );
    }

    #[test]
    fn units_kept_move_by_move_equal_units_summed_afresh_along_random_games() {
        // Random positions of the full piece set, played on at random:
        // monkeys' chains, drownings and promotions all come up.
        let network = random_network(3);
        let mut rng = Rng::new(4);
        let mut moves = Vec::new();
        let (mut chains, mut drownings, mut promotions) = (0, 0, 0);
        for _ in 0..600 {
            let mut position = random_position(&mut rng, &PositionShape::FULL);
            let mut units = Accumulator::of(&network, &position.board);
            for _ in 0..40 {
                moves.clear();
                position.legal_moves(&mut moves);
                let Some(m) = rng.pick(&moves) else { break };
                let effects = position.effects(m, RuleSet::default());
                chains += usize::from(effects.captured.count() > 1);
                drownings += usize::from(!effects.drowned.is_empty());
                promotions += usize::from(effects.promoted);
                let next = position.play_unchecked(m, RuleSet::default());
                units = units.after(&network, &position.board, &next.board);
                assert_eq!(
                    units,
                    Accumulator::of(&network, &next.board),
                    "{position} {m}"
                );
                position = next;
                if position.status() != Status::Ongoing {
                    break;
                }
            }
        }
        assert!(
            chains > 10 && drownings > 10 && promotions > 10,
            "{chains} {drownings} {promotions}"
        );
    }

    #[test]
    fn the_widest_weights_score_short_of_a_found_win() {
        let mut network = random_network(7);
        network.output = [[i16::MAX; HIDDEN]; 2];
        network.output_bias = i32::MAX;
        network.input_bias = [i16::MAX; HIDDEN];
        let start: Position = congo_rules::FULL_START.parse().unwrap();
        let units = Accumulator::of(&network, &start.board);
        assert_eq!(
            units.score(&network, start.side),
            crate::WON_BY_EVALUATION - 1
        );
        network.output = [[i16::MIN; HIDDEN]; 2];
        network.output_bias = i32::MIN;
        assert_eq!(
            units.score(&network, start.side),
            1 - crate::WON_BY_EVALUATION
        );
    }

    #[test]
    fn a_position_scores_as_its_colour_swapped_twin() {
        let network = random_network(5);
        let mut rng = Rng::new(6);
        for _ in 0..500 {
            let position: Position = random_position(&mut rng, &PositionShape::FULL);
            let twin = position.colours_swapped();
            let score = |position: &Position| {
                Accumulator::of(&network, &position.board).score(&network, position.side)
            };
            assert_eq!(score(&position), score(&twin), "{position}");
        }
    }
}
