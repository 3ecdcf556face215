//! What a fail-soft alpha-beta result says about the true value, for
//! transposition tables.

/// How a stored search result relates to the position's true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// It is the value.
    #[default]
    Exact,
    /// The value is at least this (a move was good enough to cut).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

impl Bound {
    /// The bound of `value`, found by a search of the window (`alpha`, `beta`).
    pub fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `value` with this bound settles a search of the
    /// window (`alpha`, `beta`) without searching again.
    pub fn settles(self, value: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_results_and_what_they_settle() {
        assert_eq!(Bound::of(5, 0, 10), Bound::Exact);
        assert_eq!(Bound::of(10, 0, 10), Bound::Lower);
        assert_eq!(Bound::of(0, 0, 10), Bound::Upper);
        assert!(Bound::Lower.settles(12, 0, 10));
        assert!(!Bound::Lower.settles(8, 0, 10));
        assert!(Bound::Upper.settles(-1, 0, 10));
        assert!(!Bound::Upper.settles(3, 0, 10));
        assert!(Bound::Exact.settles(3, 0, 10));
    }
}
