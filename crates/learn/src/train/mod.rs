//! `congo train`: the engine's net fitted to datagen's samples. Each
//! batch's gradient is summed over a fixed number of parts in a fixed
//! order whatever the threads, so one seed gives one net on any machine.
//! A share of the samples is held out and scored after every epoch.

mod adam;
mod data;
mod float_net;

pub use data::{DataError, SampleBytes, inputs, load, target};
pub use float_net::{CLIP, FloatNet, Inputs, WEIGHTS, centipawns, sigmoid};

use std::path::PathBuf;
use std::thread;
use std::time::Instant;

use adam::Adam;
use congo_kit::rng::Rng;

/// The parts a batch's gradient is summed over.
const PARTS: usize = 16;

/// One sample in this many is held out of training.
const HELD_OUT_EVERY: usize = 50;

/// How the net is fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// Chunk files, or folders of them.
    pub data: Vec<PathBuf>,
    /// Draws the first weights, the held-out samples, the order and the
    /// mirroring.
    pub seed: u64,
    /// Passes over the samples.
    pub epochs: usize,
    /// Samples a step.
    pub batch: usize,
    /// Adam's step size; the last quarter of the epochs takes a tenth.
    pub rate: f32,
    /// The share of the target the search's score makes; the game's
    /// result makes the rest.
    pub blend: f32,
    /// Threads summing a batch's parts.
    pub threads: usize,
}

/// What the trainer tells as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TrainEvent {
    /// The samples are read: this many to train on and held out.
    Loaded {
        /// Samples trained on.
        training: usize,
        /// Samples held out.
        held_out: usize,
    },
    /// An epoch is over.
    Epoch {
        /// Its number, from 1.
        epoch: usize,
        /// The mean squared error over its batches.
        training_loss: f64,
        /// The mean squared error on the held-out samples after it.
        held_out_loss: f64,
        /// Samples trained on a second.
        per_second: f64,
    },
}

/// Fits a net to the samples, telling `report` as it goes.
pub fn train(
    options: &TrainOptions,
    report: &mut dyn FnMut(TrainEvent),
) -> Result<FloatNet, DataError> {
    let mut samples = load(&options.data)?;
    let mut rng = Rng::new(options.seed);
    shuffle(&mut samples, &mut rng);
    let held = if samples.len() >= 2 {
        samples.len().div_ceil(HELD_OUT_EVERY)
    } else {
        0
    };
    let (held_out, training) = samples.split_at(held);
    report(TrainEvent::Loaded {
        training: training.len(),
        held_out: held_out.len(),
    });
    let mut net = FloatNet::random(rng.next_u64());
    let mut adam = Adam::new(WEIGHTS, options.rate);
    let mut gradients = vec![vec![0.0; WEIGHTS]; PARTS];
    for epoch in 1..=options.epochs {
        if 4 * (epoch - 1) >= 3 * options.epochs {
            adam.set_rate(options.rate / 10.0);
        }
        let started = Instant::now();
        let order = epoch_order(training.len(), &mut rng);
        let mut loss = 0.0;
        for batch in order.chunks(options.batch.max(1)) {
            loss += batch_gradient(&net, training, batch, options, &mut gradients);
            let scale = 1.0 / batch.len() as f32;
            let (sum, others) = gradients.split_at_mut(1);
            for other in others.iter() {
                sum[0]
                    .iter_mut()
                    .zip(other)
                    .for_each(|(sum, part)| *sum += part);
            }
            sum[0].iter_mut().for_each(|gradient| *gradient *= scale);
            adam.step(&mut net.0, &sum[0]);
            net.clip();
        }
        let seconds = started.elapsed().as_secs_f64();
        report(TrainEvent::Epoch {
            epoch,
            training_loss: loss / training.len().max(1) as f64,
            held_out_loss: held_out_loss(&net, held_out, options),
            per_second: training.len() as f64 / seconds.max(1e-9),
        });
    }
    Ok(net)
}

/// The samples in an order drawn with `rng` (Fisher-Yates).
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for last in (1..items.len()).rev() {
        items.swap(last, rng.below(last as u64 + 1) as usize);
    }
}

/// An epoch's order of the training samples, each with whether it is
/// seen mirrored.
fn epoch_order(count: usize, rng: &mut Rng) -> Vec<(u32, bool)> {
    let mut order: Vec<(u32, bool)> = (0..count as u32).map(|index| (index, false)).collect();
    shuffle(&mut order, rng);
    order
        .iter_mut()
        .for_each(|(_, mirrored)| *mirrored = rng.percent(50));
    order
}

/// Sums the gradient of `batch` into `gradients`, a part each (split in
/// [`PARTS`] whatever the threads); the batch's summed squared error.
fn batch_gradient(
    net: &FloatNet,
    samples: &[SampleBytes],
    batch: &[(u32, bool)],
    options: &TrainOptions,
    gradients: &mut [Vec<f32>],
) -> f64 {
    let part_length = batch.len().div_ceil(PARTS).max(1);
    let mut losses = [0.0; PARTS];
    let threads = options.threads.clamp(1, PARTS);
    let mut work: Vec<Vec<_>> = (0..threads).map(|_| Vec::new()).collect();
    let parts = gradients
        .iter_mut()
        .zip(losses.iter_mut())
        .zip(batch.chunks(part_length).chain(std::iter::repeat(&[][..])));
    for (index, part) in parts.enumerate() {
        work[index % threads].push(part);
    }
    thread::scope(|scope| {
        for parts in work {
            scope.spawn(move || {
                let mut inputs = Inputs::default();
                for ((gradient, loss), part) in parts {
                    gradient.iter_mut().for_each(|value| *value = 0.0);
                    for &(index, mirrored) in part {
                        let sample = &samples[index as usize];
                        data::inputs(sample, mirrored, &mut inputs);
                        *loss +=
                            f64::from(net.learn(&inputs, target(sample, options.blend), gradient));
                    }
                }
            });
        }
    });
    losses.iter().sum()
}

/// The mean squared error of `net` on `samples`.
fn held_out_loss(net: &FloatNet, samples: &[SampleBytes], options: &TrainOptions) -> f64 {
    let mut inputs = Inputs::default();
    let total: f64 = samples
        .iter()
        .map(|sample| {
            data::inputs(sample, false, &mut inputs);
            let error = sigmoid(net.forward(&inputs).0) - target(sample, options.blend);
            f64::from(error * error)
        })
        .sum();
    total / samples.len().max(1) as f64
}
