//! Adam: each weight's step scaled by running means of its gradient and
//! of its square, so that rare inputs (a superpawn on the far rank) learn
//! as fast as common ones.

/// The optimiser's moments, a pair a weight.
#[derive(Clone, Debug)]
pub struct Adam {
    rate: f32,
    mean: Vec<f32>,
    square: Vec<f32>,
    steps: i32,
}

impl Adam {
    const DECAY: f32 = 0.9;
    const SQUARE_DECAY: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    /// An optimiser for `weights` weights stepping at `rate`.
    pub fn new(weights: usize, rate: f32) -> Adam {
        Adam {
            rate,
            mean: vec![0.0; weights],
            square: vec![0.0; weights],
            steps: 0,
        }
    }

    /// Moves `weights` a step against `gradient`.
    pub fn step(&mut self, weights: &mut [f32], gradient: &[f32]) {
        self.steps += 1;
        let mean_bias = 1.0 - Self::DECAY.powi(self.steps);
        let square_bias = 1.0 - Self::SQUARE_DECAY.powi(self.steps);
        let moments = self.mean.iter_mut().zip(self.square.iter_mut());
        for ((weight, &grad), (mean, square)) in weights.iter_mut().zip(gradient).zip(moments) {
            *mean = Self::DECAY * *mean + (1.0 - Self::DECAY) * grad;
            *square = Self::SQUARE_DECAY * *square + (1.0 - Self::SQUARE_DECAY) * grad * grad;
            *weight -=
                self.rate * (*mean / mean_bias) / ((*square / square_bias).sqrt() + Self::EPSILON);
        }
    }

    /// Sets the step's size, as a schedule lowers it.
    pub fn set_rate(&mut self, rate: f32) {
        self.rate = rate;
    }
}
