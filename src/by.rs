//! Arrays indexed by what they hold something for: a [`Kind`] or a
//! [`Color`], never a bare number whose meaning is its position.

use std::ops::{Index, IndexMut};

use crate::{Color, Kind};

/// One `T` per piece kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByKind<T>(pub [T; 8]);

impl<T: Copy> ByKind<T> {
    /// The same `value` for every kind.
    pub const fn splat(value: T) -> ByKind<T> {
        ByKind([value; 8])
    }

    /// The value of every kind, from `value_of`.
    pub fn from_fn(mut value_of: impl FnMut(Kind) -> T) -> ByKind<T> {
        ByKind(Kind::ALL.map(&mut value_of))
    }
}

impl<T> Index<Kind> for ByKind<T> {
    type Output = T;

    fn index(&self, kind: Kind) -> &T {
        &self.0[kind.index()]
    }
}

impl<T> IndexMut<Kind> for ByKind<T> {
    fn index_mut(&mut self, kind: Kind) -> &mut T {
        &mut self.0[kind.index()]
    }
}

/// One `T` per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        &self.0[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_by_what_they_hold() {
        let mut values = ByKind::splat(0);
        values[Kind::Zebra] = 300;
        assert_eq!(values.0[Kind::Zebra.index()], 300);
        assert!(ByKind::from_fn(|kind| kind == Kind::Lion)[Kind::Lion]);
        let mut sides = ByColor([1, 2]);
        sides[Color::Black] += 5;
        assert_eq!((sides[Color::White], sides[Color::Black]), (1, 7));
    }
}
