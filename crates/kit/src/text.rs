//! The small text rules every layer shares: the longest line read, a
//! line's bytes taken as UTF-8, items written on one line, a number
//! written with its noun (singular or plural as the number asks), and a
//! number read from digits alone, and text shown with its control
//! characters escaped.

use std::fmt;

/// `text` with every control character but those `kept` written as its
/// escape (`\n`, `\u{1b}`), so that a name someone else chose (a folder's)
/// cannot move a terminal's cursor, forge a line, or change its colours.
pub fn escape_controls(text: &str, kept: &[char]) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && !kept.contains(&c) {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// The longest line congo reads in full from anything it is given (a
/// judge's input, a person at the terminal, an engine's output); a longer
/// line is refused, and never held in memory whole.
pub const MAX_LINE: usize = 4096;

/// A line that is not UTF-8, where text was needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotUtf8;

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("line is not valid UTF-8")
    }
}

impl std::error::Error for NotUtf8 {}

/// A line's bytes as text.
pub fn utf8(line: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(line).map_err(|_| NotUtf8)
}

/// Appends `items` as one line, separated by single spaces, each written
/// by `write`: how every list of moves is written.
pub fn write_spaced<T>(items: &[T], out: &mut Vec<u8>, mut write: impl FnMut(&T, &mut Vec<u8>)) {
    if let Some((first, rest)) = items.split_first() {
        write(first, out);
        for item in rest {
            out.push(b' ');
            write(item, out);
        }
    }
    out.push(b'\n');
}

/// Writes `1 square`, `2 squares`, `0 squares`.
pub struct Count(pub usize, pub &'static str);

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
pub fn parse_digits<T: Whole>(text: &str) -> Result<T, DigitsError> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(DigitsError::NotDigits);
    }
    // Digits alone fail to parse only by being too many for `T`.
    text.parse().map_err(|_| DigitsError::TooLarge(T::MAX))
}

/// Why text is not a whole number of a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DigitsError {
    /// It is empty, or holds something other than ASCII digits.
    NotDigits,
    /// It is digits, but more than the type holds, the largest of which
    /// is this.
    TooLarge(u64),
}

/// The unsigned integer types numbers are read into.
pub trait Whole: std::str::FromStr {
    /// The largest value.
    const MAX: u64;
}

macro_rules! whole {
    ($($type:ty),*) => {
        $(impl Whole for $type {
            const MAX: u64 = <$type>::MAX as u64;
        })*
    };
}

whole!(u8, u16, u32, u64, usize);

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
        assert_eq!(parse_digits::<u32>("0042"), Ok(42));
        for text in ["", "+5", "-5", " 5", "5.0", "99999999999999999999x"] {
            assert_eq!(
                parse_digits::<u32>(text),
                Err(DigitsError::NotDigits),
                "{text:?}"
            );
        }
    }

    #[test]
    fn too_many_digits_are_too_large_with_the_types_largest() {
        assert_eq!(parse_digits::<u32>("4294967295"), Ok(u32::MAX));
        assert_eq!(
            parse_digits::<u32>("4294967296"),
            Err(DigitsError::TooLarge(4_294_967_295))
        );
        assert_eq!(
            parse_digits::<u64>("99999999999999999999"),
            Err(DigitsError::TooLarge(u64::MAX))
        );
    }
}
