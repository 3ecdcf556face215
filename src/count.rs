//! A number with its noun, singular or plural as the number asks.

use std::fmt;

/// Writes `1 square`, `2 squares`, `0 squares`.
pub(crate) struct Count(pub usize, pub &'static str);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(number, noun) = *self;
        write!(f, "{number} {noun}{}", if number == 1 { "" } else { "s" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular() {
        assert_eq!(Count(1, "square").to_string(), "1 square");
        assert_eq!(Count(0, "line").to_string(), "0 lines");
        assert_eq!(Count(8, "square").to_string(), "8 squares");
    }
}
