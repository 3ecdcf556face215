//! [`Value`]: a position's value under perfect play, and the codes the
//! tables store values as.

use std::fmt;

/// The value code of a number that is no position.
pub(super) const NO_POSITION: u16 = u16::MAX;

/// A position's value for the side to move under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// It captures the enemy lion in this many plies (odd), at the latest.
    Win(u16),
    /// Its lion is captured (or it is left without a move) in this many
    /// plies (even), at the earliest.
    Loss(u16),
    /// Neither side can force a lion capture.
    Draw,
}

impl Value {
    /// The code of a decided position `plies` from its end.
    pub(super) fn code_of_distance(plies: u16) -> u16 {
        plies + 1
    }

    /// The code of this value.
    pub(super) fn code(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(plies) | Value::Loss(plies) => Value::code_of_distance(plies),
        }
    }

    /// The value a code stands for; `None` for no position.
    pub(super) fn from_code(code: u16) -> Option<Value> {
        match code {
            0 => Some(Value::Draw),
            NO_POSITION => None,
            code if (code - 1) % 2 == 1 => Some(Value::Win(code - 1)),
            code => Some(Value::Loss(code - 1)),
        }
    }

    /// How the side to move rates a move into a child of this value, the
    /// higher the better: quick wins, then draws, then slow losses.
    pub(super) fn for_parent(self) -> i32 {
        match self {
            Value::Loss(plies) => 100_000 - i32::from(plies),
            Value::Draw => 0,
            Value::Win(plies) => -100_000 + i32::from(plies),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(plies) => write!(f, "win {plies}"),
            Value::Loss(plies) => write!(f, "loss {plies}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// A position's value for the side to move without its distance: what
/// the `.ctbw` files hold, and all a search needs. Ordered worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost under perfect play.
    Loss,
    /// Drawn.
    Draw,
    /// Won.
    Win,
}

impl Wdl {
    /// The class of `value`.
    pub fn of(value: Value) -> Wdl {
        match value {
            Value::Loss(_) => Wdl::Loss,
            Value::Draw => Wdl::Draw,
            Value::Win(_) => Wdl::Win,
        }
    }

    /// The class a `.ctbw` value stands for: 0 loss, 1 draw, 2 win.
    pub(super) fn of_class(class: u16) -> Wdl {
        match class {
            0 => Wdl::Loss,
            1 => Wdl::Draw,
            _ => Wdl::Win,
        }
    }

    /// The value to the side that moved into a position of this value.
    pub fn for_parent(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}
