//! What each of a table's two files codes, and how a value is guessed
//! from the values just before it in the file's [`super::order::Order`].
//!
//! - [`Scheme::Wdl`]: loss, draw or win (0, 1, 2) for the side to move,
//!   in a context of four neighbours (the other side to move on the same
//!   placement, the fastest piece one square back, one rank back, and the
//!   next digit one back): 81 contexts.
//! - [`Scheme::Distance`]: the distance to the lion's capture, in moves
//!   of the side to move (a win in 2m - 1 plies or a loss in 2m is m; the
//!   file beside it says which), coded as 0 when it equals the value two
//!   places back (the same side's neighbour) and as 1 + m otherwise, in a
//!   context of which of three other neighbours equal that guess.
//!
//! A value the probe finds again by itself ([`Allowed`]) is given
//! whatever the context makes likeliest among those it may take.

use super::range_coder::{Decoder, Encoder, Frequencies};
use super::value::{Value, ValueCode};

/// Loss, draw and win, as the WDL file codes them.
pub(super) const LOSS: u16 = 0;
pub(super) const DRAW: u16 = 1;
const WIN: u16 = 2;

/// What a file codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scheme {
    Wdl,
    Distance,
}

/// The values a number may be given: its own, or any in a range whose
/// best the probe finds again by trying the moves that leave the
/// material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Allowed {
    /// The true value.
    pub(super) value: u16,
    pub(super) low: u16,
    pub(super) high: u16,
}

impl Allowed {
    fn only(value: u16) -> Allowed {
        Allowed {
            value,
            low: value,
            high: value,
        }
    }

    /// Any value at all: a number that names no position, or whose value
    /// the file does not keep.
    pub(super) fn any(value: u16) -> Allowed {
        Allowed {
            value,
            low: 0,
            high: u16::MAX,
        }
    }

    pub(super) fn contains(&self, value: u16) -> bool {
        (self.low..=self.high).contains(&value)
    }
}

/// The neighbours (places back) each scheme's context looks at.
const WDL_NEIGHBOURS: [usize; 4] = [1, 2, 14, 98];
const DISTANCE_NEIGHBOURS: [usize; 4] = [1, 4, 14, 98];
/// The farthest neighbour either scheme looks at.
const FARTHEST: usize = 98;
/// The guess of a distance: the value this many places back.
const DISTANCE_GUESS: usize = 2;

/// The win, draw or loss class of a value code.
pub(super) fn wdl_of(value: Value) -> u16 {
    match value {
        Value::Loss(_) => LOSS,
        Value::Draw => DRAW,
        Value::Win(_) => WIN,
    }
}

/// A decided value's distance in moves of the side to move.
pub(super) fn moves_of(plies: u16) -> u16 {
    plies.div_ceil(2)
}

impl Scheme {
    /// What number's value `code`, with `outside` the best value of the
    /// moves that leave the material (both codes), may be stored as.
    pub(super) fn allowed(self, code: u16, outside: u16) -> Allowed {
        let (Some(value), outside) = (Value::from_code(code), Value::from_code(outside)) else {
            return Allowed::any(0);
        };
        // The moves out of the material give the value: the probe takes
        // the better of theirs and the stored one.
        let decided = outside.is_some_and(|outside| match self {
            Scheme::Wdl => wdl_of(outside) == wdl_of(value),
            Scheme::Distance => outside == value,
        });
        match (self, value) {
            (Scheme::Wdl, value) => {
                let wdl = wdl_of(value);
                if decided {
                    Allowed {
                        value: wdl,
                        low: LOSS,
                        high: wdl,
                    }
                } else {
                    Allowed::only(wdl)
                }
            }
            (Scheme::Distance, Value::Draw) => Allowed::any(0),
            (Scheme::Distance, Value::Win(plies)) if decided => Allowed {
                value: moves_of(plies),
                low: moves_of(plies),
                high: u16::MAX,
            },
            (Scheme::Distance, Value::Loss(plies)) if decided => Allowed {
                value: moves_of(plies),
                low: 0,
                high: moves_of(plies),
            },
            (Scheme::Distance, Value::Win(plies) | Value::Loss(plies)) => {
                Allowed::only(moves_of(plies))
            }
        }
    }

    /// How many contexts the scheme has.
    pub(super) fn contexts(self) -> usize {
        match self {
            Scheme::Wdl => 81,
            Scheme::Distance => 32,
        }
    }

    /// The context of place `at` of a block whose values before it are
    /// `block[..at]` (those before the block read as draws, or 0).
    #[inline]
    pub(super) fn context(self, block: &[u16], at: usize) -> usize {
        // Past the farthest neighbour, the window's length is known and
        // its reads need no checks: most places of a block.
        let window = at
            .checked_sub(FARTHEST)
            .and_then(|start| <&[u16; FARTHEST]>::try_from(&block[start..at]).ok());
        match window {
            Some(window) => self.context_by(|places| Some(window[FARTHEST - places])),
            None => self.context_by(|places| {
                // Before the sub-block, the same side's win, draw or
                // loss just before stands in for a farther neighbour.
                let stand_in = || {
                    at.checked_sub(2)
                        .filter(|_| places > 2 && self == Scheme::Wdl)
                };
                Some(block[at.checked_sub(places).or_else(stand_in)?])
            }),
        }
    }

    /// The context given the value `back(n)` places back, `None` before
    /// the block.
    #[inline(always)]
    fn context_by(self, back: impl Fn(usize) -> Option<u16>) -> usize {
        match self {
            Scheme::Wdl => WDL_NEIGHBOURS.iter().fold(0, |context, &places| {
                context * 3 + usize::from(back(places).unwrap_or(DRAW).min(WIN))
            }),
            Scheme::Distance => {
                let back = |places| back(places).unwrap_or(0);
                let guess = back(DISTANCE_GUESS);
                // The other side's distance on this placement, near the
                // guess or not, and whether two farther neighbours equal it.
                let other = match i32::from(back(1)) - i32::from(guess) {
                    -1 => 0,
                    0 => 1,
                    1 => 2,
                    _ => 3,
                };
                DISTANCE_NEIGHBOURS[1..]
                    .iter()
                    .fold(other, |context, &places| {
                        context * 2 + usize::from(back(places) == guess)
                    })
            }
        }
    }

    /// The symbol value `value` is coded as at place `at`.
    pub(super) fn symbol(self, block: &[u16], at: usize, value: u16) -> usize {
        match self {
            Scheme::Wdl => usize::from(value),
            Scheme::Distance => {
                let guess = at
                    .checked_sub(DISTANCE_GUESS)
                    .map_or(0, |place| block[place]);
                let change = i64::from(value) - i64::from(guess);
                (if change >= 0 {
                    2 * change
                } else {
                    -2 * change - 1
                }) as usize
            }
        }
    }

    /// The value symbol `symbol` stands for at place `at`; `None` for a
    /// symbol no value is coded as.
    pub(super) fn value(self, block: &[u16], at: usize, symbol: usize) -> Option<u16> {
        match (self, symbol) {
            (Scheme::Wdl, symbol) => u16::try_from(symbol).ok().filter(|&v| v <= WIN),
            (Scheme::Distance, symbol) => {
                let guess = at
                    .checked_sub(DISTANCE_GUESS)
                    .map_or(0, |place| block[place]);
                let symbol = symbol as i64;
                let change = if symbol % 2 == 0 {
                    symbol / 2
                } else {
                    -(symbol + 1) / 2
                };
                u16::try_from(i64::from(guess) + change).ok()
            }
        }
    }
}

/// A table's fitted model: one set of frequencies a context.
pub(super) type Model = Vec<Frequencies>;

/// Counts of symbols by context, summed over blocks.
#[derive(Clone, Debug)]
pub(super) struct Counts {
    counts: Vec<Vec<u64>>,
}

impl Counts {
    pub(super) fn new(scheme: Scheme, alphabet: usize) -> Counts {
        Counts {
            counts: vec![vec![0; alphabet]; scheme.contexts()],
        }
    }

    pub(super) fn add(&mut self, other: &Counts) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            for (mine, theirs) in mine.iter_mut().zip(theirs) {
                *mine += theirs;
            }
        }
    }

    /// The model these counts make.
    pub(super) fn model(&self) -> Model {
        self.counts
            .iter()
            .map(|counts| Frequencies::of_counts(counts))
            .collect()
    }

    /// The bits a model of these counts would take to code them.
    pub(super) fn cost(&self) -> f64 {
        let mut bits = 0.0;
        for counts in &self.counts {
            let total: u64 = counts.iter().sum();
            for &count in counts.iter().filter(|&&count| count > 0) {
                bits -= count as f64 * (count as f64 / total as f64).log2();
            }
        }
        bits
    }
}

/// Fills one block's values, a number at a time, given `allowed` for
/// each place: it counts the symbols in `counts` and, given a model and
/// an encoder, codes them. `values` is scratch space.
pub(super) fn code_block(
    scheme: Scheme,
    allowed: &[Allowed],
    model: Option<&Model>,
    counts: &mut Counts,
    values: &mut Vec<u16>,
    mut encoder: Option<&mut Encoder>,
) {
    values.clear();
    for (at, allowed) in allowed.iter().enumerate() {
        // The same side's value before it, if it may: what the context
        // guesses most often, so a value left out costs next to nothing.
        let value = match at.checked_sub(2).map(|place| values[place]) {
            Some(before) if allowed.contains(before) => before,
            _ => allowed.value,
        };
        let (context, symbol) = (scheme.context(values, at), scheme.symbol(values, at, value));
        if let Some(encoder) = encoder.as_deref_mut()
            && let Some(model) = model
        {
            encoder.put(&model[context], symbol);
        }
        if let Some(count) = counts.counts[context].get_mut(symbol) {
            *count += 1;
        }
        values.push(value);
    }
}

/// Decodes `count` values of a block coded with `model` into `values`;
/// `None` when a symbol stands for no value.
pub(super) fn decode_block(
    scheme: Scheme,
    model: &Model,
    bytes: &[u8],
    count: usize,
    values: &mut Vec<u16>,
) -> Option<()> {
    values.clear();
    values.reserve(count);
    let mut decoder = Decoder::new(bytes);
    for at in 0..count {
        let symbol = decoder.get(&model[scheme.context(values, at)]);
        values.push(scheme.value(values, at, symbol)?);
    }
    Some(())
}

/// The alphabet the distance scheme needs for distances up to `most`
/// moves: the guess, then every distance.
pub(super) fn alphabet(scheme: Scheme, most: u16) -> usize {
    match scheme {
        Scheme::Wdl => 3,
        Scheme::Distance => 2 * usize::from(most) + 2,
    }
}
