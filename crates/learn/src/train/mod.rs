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
        /// The mean squared error on the held-out samples after it (none
        /// when there are too few samples to hold one out).
        held_out_loss: Option<f64>,
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
            step(&mut net, &mut adam, &mut gradients, batch.len());
        }
        let seconds = started.elapsed().as_secs_f64();
        report(TrainEvent::Epoch {
            epoch,
            training_loss: loss / training.len().max(1) as f64,
            held_out_loss: (!held_out.is_empty()).then(|| held_out_loss(&net, held_out, options)),
            per_second: training.len() as f64 / seconds.max(1e-9),
        });
    }
    Ok(net)
}

/// Moves `net` a step against the mean of the parts' `gradients` of a
/// batch of `samples`.
fn step(net: &mut FloatNet, adam: &mut Adam, gradients: &mut [Vec<f32>], samples: usize) {
    let (sum, others) = gradients.split_at_mut(1);
    for other in others.iter() {
        sum[0]
            .iter_mut()
            .zip(other)
            .for_each(|(sum, part)| *sum += part);
    }
    let scale = 1.0 / samples as f32;
    sum[0].iter_mut().for_each(|gradient| *gradient *= scale);
    adam.step(&mut net.0, &sum[0]);
    net.clip();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chunk::{chunk_bytes, chunk_name};
    use crate::maker::Maker;
    use crate::sample::Sample;
    use congo_engine::net::Accumulator;
    use congo_rules::random::{PositionShape, random_position};
    use congo_rules::{Color, Outcome, Position};
    use std::fs;

    /// Random positions scored by their material, the side ahead winning:
    /// something a net can learn in a few epochs.
    fn samples(count: usize, seed: u64) -> Vec<Sample> {
        let mut rng = Rng::new(seed);
        (0..count)
            .map(|_| {
                let position = random_position(&mut rng, &PositionShape::FULL);
                let count = |color| position.board.by_color(color).count() as i16;
                let ahead = count(position.side) - count(!position.side);
                let white_ahead = if position.side == Color::White {
                    ahead
                } else {
                    -ahead
                };
                Sample {
                    score: 150 * ahead,
                    outcome: match white_ahead {
                        1.. => Outcome::WhiteWins,
                        0 => Outcome::Draw,
                        _ => Outcome::BlackWins,
                    },
                    position,
                }
            })
            .collect()
    }

    /// A folder of this test's own holding two chunks of `samples`.
    fn data(name: &str, samples: &[Sample]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("congo-train-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let (first, second) = samples.split_at(samples.len() / 2);
        fs::write(
            dir.join(chunk_name(0)),
            chunk_bytes(&Maker::default(), first),
        )
        .unwrap();
        fs::write(
            dir.join(chunk_name(1)),
            chunk_bytes(&Maker::default(), second),
        )
        .unwrap();
        dir
    }

    fn options(dir: &Path, seed: u64, epochs: usize, threads: usize) -> TrainOptions {
        TrainOptions {
            data: vec![dir.to_path_buf()],
            seed,
            epochs,
            batch: 64,
            rate: 0.01,
            blend: 0.75,
            threads,
        }
    }

    use std::path::Path;

    #[test]
    fn a_chunk_named_twice_is_read_once() {
        let dir = data("twice", &samples(40, 4));
        let once = data::load(std::slice::from_ref(&dir)).unwrap();
        let twice = [dir.clone(), dir.clone(), dir.join(chunk_name(1))];
        assert_eq!(data::load(&twice).unwrap(), once);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_chunk_longer_than_its_header_says_is_refused_unread() {
        let dir = data("sparse", &samples(40, 5));
        let grown = dir.join(chunk_name(1));
        // 64 GiB, sparse: read whole, it would not fit in memory.
        let length = 64 << 30;
        let file = fs::OpenOptions::new().write(true).open(&grown).unwrap();
        file.set_len(length).unwrap();
        let refused = data::load(std::slice::from_ref(&dir)).unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "{}: {length} bytes is not the length its header says",
                grown.display()
            )
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn one_seed_gives_one_net_whatever_the_threads() {
        let dir = data("seeded", &samples(600, 1));
        let net = |seed, threads| train(&options(&dir, seed, 2, threads), &mut |_| {}).unwrap();
        let one = net(5, 1);
        assert_eq!(one, net(5, 3));
        assert_ne!(one, net(6, 1));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn training_lowers_the_held_out_loss_and_says_so_each_epoch() {
        let dir = data("learns", &samples(3000, 2));
        let mut events = Vec::new();
        train(&options(&dir, 1, 8, 2), &mut |event| events.push(event)).unwrap();
        assert_eq!(
            events[0],
            TrainEvent::Loaded {
                training: 2940,
                held_out: 60
            }
        );
        let held_out: Vec<f64> = events[1..]
            .iter()
            .map(|event| match event {
                TrainEvent::Epoch { held_out_loss, .. } => held_out_loss.unwrap(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(held_out.len(), 8);
        assert!(held_out[7] < 0.5 * held_out[0], "{held_out:?}");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_integer_net_scores_as_the_float_net_does() {
        let float = FloatNet::random(3);
        let network = float.quantize();
        let mut inputs = Inputs::default();
        let mut rng = Rng::new(4);
        let (mut largest, mut total) = (0.0f32, 0.0);
        for _ in 0..300 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            let sample = Sample {
                position: position.clone(),
                score: 0,
                outcome: Outcome::Draw,
            };
            data::inputs(&sample.to_bytes(), false, &mut inputs);
            let expected = centipawns(float.forward(&inputs).0);
            let units = Accumulator::of(&network, &position.board);
            let found = units.score(&network, position.side) as f32;
            largest = largest.max((found - expected).abs());
            total += (found - expected).abs();
        }
        // Rounding each weight costs a few centipawns at most.
        assert!(
            largest < 5.0 && total / 300.0 < 1.5,
            "{largest} {}",
            total / 300.0
        );
    }

    #[test]
    fn a_mirrored_sample_has_the_inputs_of_the_mirrored_position() {
        let mut rng = Rng::new(5);
        let (mut mirrored, mut direct) = (Inputs::default(), Inputs::default());
        for _ in 0..200 {
            let position: Position = random_position(&mut rng, &PositionShape::FULL);
            let sample = |position: Position| {
                Sample {
                    position,
                    score: 0,
                    outcome: Outcome::Draw,
                }
                .to_bytes()
            };
            data::inputs(&sample(position.clone()), true, &mut mirrored);
            data::inputs(&sample(position.mirrored()), false, &mut direct);
            for inputs in [&mut mirrored, &mut direct] {
                inputs.ours.sort();
                inputs.theirs.sort();
            }
            assert_eq!(
                (&mirrored.ours, &mirrored.theirs),
                (&direct.ours, &direct.theirs)
            );
        }
    }
}
