//! Numbers as text: written with their noun, singular or plural as the
//! number asks, and read from digits alone.

use std::fmt;

/// Writes `1 square`, `2 squares`, `0 squares`.
pub(crate) struct Count(pub usize, pub &'static str);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(number, noun) = *self;
        write!(f, "{number} {noun}{}", if number == 1 { "" } else { "s" })
    }
}

/// A whole number written in ASCII digits alone (no sign, no blanks),
/// which is how every count, depth and move number is written: `+5` and
/// ` 5` are refused alike everywhere. `None` for anything else, or for a
/// number too large for `T`.
pub(crate) fn parse_digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
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

    #[test]
    fn digits_and_nothing_else() {
        assert_eq!(parse_digits::<u32>("0042"), Some(42));
        for text in ["", "+5", "-5", " 5", "5.0", "4294967296"] {
            assert_eq!(parse_digits::<u32>(text), None, "{text:?}");
        }
    }
}
