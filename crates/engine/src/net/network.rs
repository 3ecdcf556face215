//! The net's integer weights and its file: a hidden layer of
//! [`HIDDEN`] units for each side's view of the board, both clipped to
//! 0..=[`QA`] and joined into one output.

use std::fmt;

use super::features::FEATURES;
use crate::eval::WON_BY_EVALUATION;
use congo_kit::digest::fnv1a_64;

/// The hidden units each side's view feeds.
pub const HIDDEN: usize = 128;

/// The hidden layer's scale: a float weight `w` is stored as
/// `round(w * QA)`, and a unit is clipped to `0..=QA` (1.0 in floats).
pub const QA: i32 = 255;

/// The output layer's scale: an output weight `w` is stored as
/// `round(w * QB)`.
pub const QB: i32 = 256;

/// Centipawns per unit of the net's float output: the output is a score
/// scaled as the trainer's sigmoid reads it.
pub const SCALE: i32 = 400;

/// What starts a net file, and its version.
const MAGIC: &[u8; 8] = b"CONGONET";
const VERSION: u32 = 1;

/// The file's length: the header, the weights, the checksum.
pub const FILE_BYTES: usize = 8 + 3 * 4 + 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 8;

/// A row of hidden-unit weights or values.
pub type Row = [i16; HIDDEN];

/// A net with integer weights, as the search evaluates with it.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// The hidden layer's weights, one row per input.
    pub(crate) input: Box<[Row; FEATURES]>,
    /// The hidden layer's biases.
    pub(crate) input_bias: Row,
    /// The output's weights on the side to move's units, then the
    /// other side's.
    pub(crate) output: [Row; 2],
    /// The output's bias, at scale `QA * QB`.
    pub(crate) output_bias: i32,
}

/// Why bytes are no net file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file is not this many bytes long.
    Length(usize),
    /// It does not start as a net file does.
    Magic,
    /// A version or shape this build does not read: version, hidden
    /// units, inputs.
    Shape(u32, u32, u32),
    /// The bytes differ from those written: the checksum does not match.
    Checksum,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Length(length) => {
                write!(f, "a net file is {FILE_BYTES} bytes long, not {length}")
            }
            NetError::Magic => {
                f.write_str("not a congo net file (it does not start with CONGONET)")
            }
            NetError::Shape(version, hidden, inputs) => write!(
                f,
                "a net of version {version} with {hidden} hidden units and {inputs} inputs; \
                 this build reads version {VERSION} with {HIDDEN} and {FEATURES}"
            ),
            NetError::Checksum => {
                f.write_str("the net file is damaged: its checksum does not match")
            }
        }
    }
}

impl std::error::Error for NetError {}

impl Network {
    /// A net of these weights (see the fields' scales).
    pub fn new(
        input: Box<[Row; FEATURES]>,
        input_bias: Row,
        output: [Row; 2],
        output_bias: i32,
    ) -> Network {
        Network {
            input,
            input_bias,
            output,
            output_bias,
        }
    }

    /// The net a file holds, its shape and checksum checked.
    pub fn read(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() != FILE_BYTES {
            return Err(NetError::Length(bytes.len()));
        }
        let (body, sum) = bytes.split_at(FILE_BYTES - 8);
        if !body.starts_with(MAGIC) {
            return Err(NetError::Magic);
        }
        let mut words = Words(&body[MAGIC.len()..]);
        let shape = (words.u32(), words.u32(), words.u32());
        if shape != (VERSION, HIDDEN as u32, FEATURES as u32) {
            return Err(NetError::Shape(shape.0, shape.1, shape.2));
        }
        if fnv1a_64(body).to_le_bytes() != sum {
            return Err(NetError::Checksum);
        }
        let mut input = Box::new([[0; HIDDEN]; FEATURES]);
        input.iter_mut().for_each(|row| words.row(row));
        let mut network = Network::new(input, [0; HIDDEN], [[0; HIDDEN]; 2], 0);
        words.row(&mut network.input_bias);
        network.output.iter_mut().for_each(|row| words.row(row));
        network.output_bias = words.u32() as i32;
        Ok(network)
    }

    /// The net's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_BYTES);
        bytes.extend_from_slice(MAGIC);
        for word in [VERSION, HIDDEN as u32, FEATURES as u32] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        let rows = self
            .input
            .iter()
            .chain([&self.input_bias])
            .chain(&self.output);
        for value in rows.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        let sum = fnv1a_64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// The score in centipawns for the side whose units are `ours`, the
    /// other side's `theirs`. Any weights give a score (sums are wide
    /// enough for the widest), short of what a found win scores: a net
    /// read from a file never tells the search a game is won.
    #[inline]
    pub(crate) fn output(&self, ours: &Row, theirs: &Row) -> i32 {
        let sum = i64::from(self.output_bias)
            + i64::from(weighted(ours, &self.output[0]))
            + i64::from(weighted(theirs, &self.output[1]));
        let score = sum * i64::from(SCALE) / i64::from(QA * QB);
        let most = i64::from(WON_BY_EVALUATION - 1);
        score.clamp(-most, most) as i32
    }
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network({:016x})", fnv1a_64(&self.to_bytes()))
    }
}

/// The units clipped to `0..=QA`, each times its weight, summed: at most
/// `HIDDEN * QA * 32768` in size, inside [`i32`].
#[inline]
fn weighted(units: &Row, weights: &Row) -> i32 {
    units
        .iter()
        .zip(weights)
        .map(|(&unit, &weight)| i32::from(unit).clamp(0, QA) * i32::from(weight))
        .sum()
}

/// Little-endian words read in turn from bytes of a known length.
struct Words<'a>(&'a [u8]);

impl Words<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let Some((word, rest)) = self.0.split_first_chunk::<N>() else {
            return [0; N];
        };
        self.0 = rest;
        *word
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }

    fn row(&mut self, row: &mut Row) {
        row.iter_mut()
            .for_each(|value| *value = i16::from_le_bytes(self.take()));
    }
}
