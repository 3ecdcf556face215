//! The two rule sets of the assignment.

use std::fmt;
use std::str::FromStr;

/// Which year's rules apply. They differ in one point only: promotion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// 2021: a pawn on the far rank stays a pawn (it can only retreat).
    Wits2021,
    /// 2022 and the full game: a pawn reaching the far rank becomes a superpawn.
    #[default]
    Wits2022,
}

impl Rules {
    /// Whether a pawn reaching the far rank becomes a superpawn.
    pub const fn promotes(self) -> bool {
        matches!(self, Rules::Wits2022)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::Wits2021 => "2021",
            Rules::Wits2022 => "2022",
        })
    }
}

/// A rule set name that is not `2021` or `2022`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule set {:?} is unknown, expected 2021 or 2022", self.0)
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        match text {
            "2021" => Ok(Rules::Wits2021),
            "2022" => Ok(Rules::Wits2022),
            _ => Err(ParseRulesError(text.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_only_2022_promotes() {
        for rules in [Rules::Wits2021, Rules::Wits2022] {
            assert_eq!(rules.to_string().parse(), Ok(rules));
        }
        assert!(Rules::default().promotes());
        assert!(!Rules::Wits2021.promotes());
        assert_eq!("2023".parse::<Rules>(), Err(ParseRulesError("2023".into())));
    }
}
