//! The codes the tables store a [`Value`] as, and the order a parent
//! ranks its children's values in.

pub use congo_rules::endgame::{Value, Wdl};

/// The value code of a number that is no position.
pub(super) const NO_POSITION: u16 = u16::MAX;

/// A [`Value`] as the tables store it and rank it.
pub(super) trait ValueCode: Sized {
    /// The code of a decided position `plies` from its end.
    fn code_of_distance(plies: u16) -> u16;
    /// The code of this value.
    fn code(self) -> u16;
    /// The value a code stands for; `None` for no position.
    fn from_code(code: u16) -> Option<Self>;
    /// How the side to move rates a move into a child of this value, the
    /// higher the better: quick wins, then draws, then slow losses.
    fn for_parent(self) -> i32;
}

impl ValueCode for Value {
    fn code_of_distance(plies: u16) -> u16 {
        plies + 1
    }

    fn code(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(plies) | Value::Loss(plies) => Value::code_of_distance(plies),
        }
    }

    fn from_code(code: u16) -> Option<Value> {
        match code {
            0 => Some(Value::Draw),
            NO_POSITION => None,
            code if (code - 1) % 2 == 1 => Some(Value::Win(code - 1)),
            code => Some(Value::Loss(code - 1)),
        }
    }

    fn for_parent(self) -> i32 {
        match self {
            Value::Loss(plies) => 100_000 - i32::from(plies),
            Value::Draw => 0,
            Value::Win(plies) => -100_000 + i32::from(plies),
        }
    }
}

/// The class a `.ctbw` file stores a [`Wdl`] as: 0 loss, 1 draw, 2 win.
pub(super) fn wdl_of_class(class: u16) -> Wdl {
    match class {
        0 => Wdl::Loss,
        1 => Wdl::Draw,
        _ => Wdl::Win,
    }
}
