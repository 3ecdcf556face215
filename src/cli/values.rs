//! Reading one value from its text: a whole number within bounds, a
//! depth, a decimal number. Every message names the option and what it
//! was given.

use super::limits::MAX_DEPTH;
use super::usage::UsageError;
use congo_kit::text::{DigitsError, Whole, parse_digits};

/// A whole number from `min` to `max`, given to `option`.
pub(crate) fn bounded(
    option: &'static str,
    text: &str,
    min: u64,
    max: u64,
) -> Result<u64, UsageError> {
    let found = text.to_owned();
    let value = parse_digits::<u64>(text).map_err(|error| match error {
        DigitsError::NotDigits => UsageError::BadNumber {
            option,
            found: found.clone(),
        },
        DigitsError::TooLarge(_) => UsageError::TooLarge {
            option,
            found: found.clone(),
            max,
        },
    })?;
    if value < min {
        return Err(UsageError::TooSmall { option, min });
    }
    if value > max {
        return Err(UsageError::TooLarge { option, found, max });
    }
    Ok(value)
}

/// A whole number given as the operand of `subcommand`, in the type it is
/// kept in.
pub(crate) fn number<T: Whole + TryFrom<u64>>(
    subcommand: &'static str,
    text: &str,
) -> Result<T, UsageError> {
    let value = bounded(subcommand, text, 0, T::MAX)?;
    T::try_from(value).map_err(|_| UsageError::TooLarge {
        option: subcommand,
        found: text.to_owned(),
        max: T::MAX,
    })
}

/// A decimal number, sign allowed, finite.
pub(crate) fn real(option: &'static str, text: &str) -> Result<f64, UsageError> {
    text.parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
        .ok_or_else(|| UsageError::BadReal {
            option,
            found: text.to_owned(),
        })
}

/// A depth, at most [`MAX_DEPTH`].
pub(crate) fn depth(text: &str) -> Result<u32, UsageError> {
    match parse_digits::<u32>(text) {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        Ok(_) | Err(DigitsError::TooLarge(_)) => {
            Err(UsageError::DepthTooLarge(text.to_owned(), MAX_DEPTH))
        }
        Err(DigitsError::NotDigits) => Err(UsageError::BadDepth(text.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_and_numbers_are_digits_within_limits() {
        assert_eq!(depth("20"), Ok(20));
        assert_eq!(depth("21"), Err(UsageError::DepthTooLarge("21".into(), 20)));
        assert_eq!(depth("+3"), Err(UsageError::BadDepth("+3".into())));
        assert_eq!(
            number::<u8>("gen", "300"),
            Err(UsageError::TooLarge {
                option: "gen",
                found: "300".into(),
                max: 255
            })
        );
    }
}
