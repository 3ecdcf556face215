//! The net in floats, as the trainer fits it: the engine's shape
//! (`congo_engine::net`), every weight in one flat list so that its
//! gradient and the optimiser's moments are lists of the same length.

use congo_engine::net::{FEATURES, HIDDEN, Network, QA, QB, Row, SCALE};
use congo_kit::rng::Rng;

/// Where each part of the net lies in the flat list.
const INPUT: usize = 0;
const INPUT_BIAS: usize = INPUT + FEATURES * HIDDEN;
const OUTPUT: usize = INPUT_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT + 2 * HIDDEN;

/// The number of weights.
pub const WEIGHTS: usize = OUTPUT_BIAS + 1;

/// The largest a weight may grow (but the output's bias): the integer
/// net's units and sums then never overflow.
pub const CLIP: f32 = 1.98;

/// The inputs of one training position, seen from the side to move
/// (`ours`) and from the other side (`theirs`).
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// Input numbers from the side to move's view.
    pub ours: Vec<u16>,
    /// The same pieces from the other side's view.
    pub theirs: Vec<u16>,
}

/// The net's weights in floats.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet(pub Vec<f32>);

impl FloatNet {
    /// A net of random weights, drawn from `seed`, scaled to each layer's
    /// number of inputs.
    pub fn random(seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        let mut weights = vec![0.0; WEIGHTS];
        let mut draw = |spread: f32| (rng.unit() as f32 * 2.0 - 1.0) * spread;
        weights[INPUT..INPUT_BIAS]
            .iter_mut()
            .for_each(|w| *w = draw(0.1));
        weights[OUTPUT..OUTPUT_BIAS]
            .iter_mut()
            .for_each(|w| *w = draw(1.0 / (2.0 * HIDDEN as f32).sqrt()));
        FloatNet(weights)
    }

    /// The output (a score over [`SCALE`] centipawns) for `inputs`, with
    /// the hidden units before clipping.
    pub fn forward(&self, inputs: &Inputs) -> (f32, [[f32; HIDDEN]; 2]) {
        let w = &self.0;
        let mut units = [[0.0; HIDDEN]; 2];
        for (side, features) in [&inputs.ours, &inputs.theirs].into_iter().enumerate() {
            units[side].copy_from_slice(&w[INPUT_BIAS..OUTPUT]);
            for &feature in features {
                let row = &w[INPUT + usize::from(feature) * HIDDEN..][..HIDDEN];
                units[side]
                    .iter_mut()
                    .zip(row)
                    .for_each(|(unit, weight)| *unit += weight);
            }
        }
        let output = w[OUTPUT_BIAS]
            + (0..2)
                .map(|side| {
                    let weights = &w[OUTPUT + side * HIDDEN..][..HIDDEN];
                    units[side]
                        .iter()
                        .zip(weights)
                        .map(|(unit, weight)| unit.clamp(0.0, 1.0) * weight)
                        .sum::<f32>()
                })
                .sum::<f32>();
        (output, units)
    }

    /// Adds to `gradient` the gradient of the squared error between
    /// `sigmoid(output)` and `target` for `inputs`; that error.
    pub fn learn(&self, inputs: &Inputs, target: f32, gradient: &mut [f32]) -> f32 {
        let (output, units) = self.forward(inputs);
        let predicted = sigmoid(output);
        let error = predicted - target;
        let slope = 2.0 * error * predicted * (1.0 - predicted);
        gradient[OUTPUT_BIAS] += slope;
        for (side, features) in [&inputs.ours, &inputs.theirs].into_iter().enumerate() {
            let mut back = [0.0; HIDDEN];
            let weights = &self.0[OUTPUT + side * HIDDEN..][..HIDDEN];
            let output_gradient = &mut gradient[OUTPUT + side * HIDDEN..][..HIDDEN];
            for unit in 0..HIDDEN {
                let value = units[side][unit];
                output_gradient[unit] += slope * value.clamp(0.0, 1.0);
                back[unit] = if value > 0.0 && value < 1.0 {
                    slope * weights[unit]
                } else {
                    0.0
                };
            }
            add_row(&mut gradient[INPUT_BIAS..OUTPUT], &back);
            for &feature in features {
                add_row(
                    &mut gradient[INPUT + usize::from(feature) * HIDDEN..][..HIDDEN],
                    &back,
                );
            }
        }
        error * error
    }

    /// Holds every weight but the output's bias within [`CLIP`].
    pub fn clip(&mut self) {
        self.0[..OUTPUT_BIAS]
            .iter_mut()
            .for_each(|w| *w = w.clamp(-CLIP, CLIP));
    }

    /// The net with integer weights, as the engine reads it.
    pub fn quantize(&self) -> Network {
        let w = &self.0;
        let scaled = |weight: f32, scale: i32| {
            (weight * scale as f32).round().clamp(-32767.0, 32767.0) as i16
        };
        let row = |at: usize, scale: i32| -> Row {
            std::array::from_fn(|unit| scaled(w[at + unit], scale))
        };
        let mut input = Box::new([[0; HIDDEN]; FEATURES]);
        for (feature, weights) in input.iter_mut().enumerate() {
            *weights = row(INPUT + feature * HIDDEN, QA);
        }
        let output = [row(OUTPUT, QB), row(OUTPUT + HIDDEN, QB)];
        let bias = (w[OUTPUT_BIAS] * (QA * QB) as f32).round() as i32;
        Network::new(input, row(INPUT_BIAS, QA), output, bias)
    }
}

/// The logistic function: a score over [`SCALE`] centipawns as a
/// result between 0 (lost) and 1 (won).
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The centipawns a float output stands for.
pub fn centipawns(output: f32) -> f32 {
    output * SCALE as f32
}

fn add_row(sum: &mut [f32], row: &[f32; HIDDEN]) {
    sum.iter_mut()
        .zip(row)
        .for_each(|(sum, value)| *sum += value);
}
