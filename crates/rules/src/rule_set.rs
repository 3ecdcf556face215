//! The two rule sets of the assignment: what each rules out in a
//! position, and the warning when an input looks written for the other.

use std::fmt;
use std::str::FromStr;

use crate::{Board, Color, Kind, Piece};

/// Which year's rules apply. They differ in one point only: promotion.
///
/// ```
/// use congo_rules::RuleSet;
///
/// let rules: RuleSet = "2021".parse()?;
/// assert_eq!(rules, RuleSet::Wits2021);
/// assert_eq!(RuleSet::default().to_string(), "2022");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// 2021: a pawn on the far rank stays a pawn (it can only retreat).
    Wits2021,
    /// 2022 and the full game: a pawn reaching the far rank becomes a superpawn.
    #[default]
    Wits2022,
}

impl RuleSet {
    /// Whether a pawn reaching the far rank becomes a superpawn.
    ///
    /// ```
    /// use congo_rules::RuleSet;
    ///
    /// assert!(RuleSet::Wits2022.promotes());
    /// assert!(!RuleSet::Wits2021.promotes());
    /// ```
    pub const fn promotes(self) -> bool {
        matches!(self, RuleSet::Wits2022)
    }

    /// What this rule set rules out on a board on top of what any game
    /// rules out: where pawns never promote, there are no superpawns.
    ///
    /// ```
    /// use congo_rules::{Board, Color, RuleSet, RuleSetError};
    ///
    /// let board: Board = "3l3/7/7/7/7/7/S2L3".parse()?;
    /// assert_eq!(RuleSet::Wits2022.check(&board), Ok(()));
    /// let error = RuleSetError::Superpawn { color: Color::White };
    /// assert_eq!(RuleSet::Wits2021.check(&board), Err(error));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(self, board: &Board) -> Result<(), RuleSetError> {
        if self.promotes() {
            return Ok(());
        }
        match Color::ALL
            .into_iter()
            .find(|&color| !board.pieces(Piece::new(color, Kind::Superpawn)).is_empty())
        {
            Some(color) => Err(RuleSetError::Superpawn { color }),
            None => Ok(()),
        }
    }
}

/// A board a rule set rules out.
///
/// ```
/// use congo_rules::{Board, Color, RuleSet, RuleSetError};
///
/// let board: Board = "s2l3/7/7/7/7/7/3L3".parse()?;
/// let error = RuleSet::Wits2021.check(&board).unwrap_err();
/// assert_eq!(error, RuleSetError::Superpawn { color: Color::Black });
/// assert!(error.to_string().contains("never promote under the 2021 rules"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSetError {
    /// A superpawn under rules that never promote.
    Superpawn {
        /// The side that has one.
        color: Color,
    },
}

impl fmt::Display for RuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSetError::Superpawn { color } => write!(
                f,
                "{} has a superpawn, but pawns never promote under the 2021 rules",
                color.name()
            ),
        }
    }
}

impl std::error::Error for RuleSetError {}

/// The kinds of piece seen across an input's positions, a bit per kind
/// (bit [`Kind::index`]): what tells one year's assignment files from the
/// other's.
///
/// ```
/// use congo_rules::{Board, KindsSeen};
///
/// let lions: Board = "3l3/7/7/7/7/7/3L3".parse()?;
/// let elephant: Board = "3l3/7/7/3e3/7/7/3L3".parse()?;
/// let seen = KindsSeen::of(&lions) | KindsSeen::of(&elephant);
/// assert_eq!(seen, KindsSeen::of(&elephant));
/// assert_ne!(seen, KindsSeen::of(&lions));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindsSeen(pub u32);

impl KindsSeen {
    /// The kinds on `board`.
    ///
    /// ```
    /// use congo_rules::{Board, Kind, KindsSeen};
    ///
    /// let board: Board = "3l3/7/7/3e3/7/7/3L3".parse()?;
    /// let seen = KindsSeen::of(&board);
    /// assert_eq!(seen.0, 1 << Kind::Lion.index() | 1 << Kind::Elephant.index());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(board: &Board) -> KindsSeen {
        KindsSeen(Kind::ALL.into_iter().fold(0, |seen, kind| {
            seen | (u32::from(!board.by_kind(kind).is_empty()) << kind.index())
        }))
    }

    const fn set(kinds: &[Kind]) -> u32 {
        let mut bits = 0;
        let mut i = 0;
        while i < kinds.len() {
            bits |= 1 << kinds[i].index();
            i += 1;
        }
        bits
    }

    /// Whether every kind seen is one of `allowed` and one of `marks` was seen.
    fn looks_like(self, allowed: &[Kind], marks: &[Kind]) -> bool {
        self.0 & !KindsSeen::set(allowed) == 0 && self.0 & KindsSeen::set(marks) != 0
    }
}

impl std::ops::BitOr for KindsSeen {
    type Output = KindsSeen;

    fn bitor(self, other: KindsSeen) -> KindsSeen {
        KindsSeen(self.0 | other.0)
    }
}

/// The pieces of the 2021 assignment: elephants, no giraffe, no superpawn.
const PIECES_2021: [Kind; 4] = [Kind::Pawn, Kind::Elephant, Kind::Lion, Kind::Zebra];
/// The pieces of the 2022 assignment: giraffes and superpawns, no elephant.
const PIECES_2022: [Kind; 5] = [
    Kind::Pawn,
    Kind::Superpawn,
    Kind::Giraffe,
    Kind::Lion,
    Kind::Zebra,
];

impl RuleSet {
    /// The other year's rules, when every position of an input holds only
    /// that year's assignment pieces and one that marks it (an elephant for
    /// 2021; a giraffe or superpawn for 2022). Full-game positions, with
    /// both or with monkeys and crocodiles, suggest nothing.
    ///
    /// ```
    /// use congo_rules::{Board, KindsSeen, RuleSet};
    ///
    /// let board: Board = "2l4/7/4e2/7/PP2EP1/3L2p/7".parse()?; // elephants: 2021's pieces
    /// let seen = KindsSeen::of(&board);
    /// assert_eq!(RuleSet::Wits2022.other_year_for(seen), Some(RuleSet::Wits2021));
    /// assert_eq!(RuleSet::Wits2021.other_year_for(seen), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn other_year_for(self, seen: KindsSeen) -> Option<RuleSet> {
        let other = match self {
            RuleSet::Wits2022 if seen.looks_like(&PIECES_2021, &[Kind::Elephant]) => {
                RuleSet::Wits2021
            }
            RuleSet::Wits2021
                if seen.looks_like(&PIECES_2022, &[Kind::Giraffe, Kind::Superpawn]) =>
            {
                RuleSet::Wits2022
            }
            _ => return None,
        };
        Some(other)
    }

    /// The one warning a run under these rules gives when its positions
    /// look written for the other year's (see [`RuleSet::other_year_for`]).
    /// The answers stay those of these rules.
    ///
    /// ```
    /// use congo_rules::{Board, KindsSeen, RuleSet};
    ///
    /// let board: Board = "2l4/7/4e2/7/PP2EP1/3L2p/7".parse()?;
    /// let seen = KindsSeen::of(&board);
    /// let warning = RuleSet::Wits2022.warning_for(seen);
    /// assert!(warning.is_some_and(|text| text.contains("pass --rules 2021")));
    /// assert_eq!(RuleSet::Wits2021.warning_for(seen), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn warning_for(self, seen: KindsSeen) -> Option<String> {
        let other = self.other_year_for(seen)?;
        let (pieces, switch) = match other {
            RuleSet::Wits2021 => (
                "elephants, and no giraffe or superpawn",
                "pass --rules 2021",
            ),
            RuleSet::Wits2022 => (
                "giraffes or superpawns, and no elephant",
                "leave out --rules 2021",
            ),
        };
        Some(format!(
            "warning: these positions look like the {other} assignment's ({pieces}) \
             but were answered under the {self} rules; if they are, {switch}"
        ))
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleSet::Wits2021 => "2021",
            RuleSet::Wits2022 => "2022",
        })
    }
}

/// A rule set name that is not `2021` or `2022`.
///
/// ```
/// use congo_rules::{ParseRuleSetError, RuleSet};
///
/// let error = "2023".parse::<RuleSet>().unwrap_err();
/// assert_eq!(error, ParseRuleSetError("2023".into()));
/// assert!(error.to_string().contains("expected 2021 or 2022"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRuleSetError(pub String);

impl fmt::Display for ParseRuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule set {:?} is unknown, expected 2021 or 2022", self.0)
    }
}

impl std::error::Error for ParseRuleSetError {}

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(text: &str) -> Result<RuleSet, ParseRuleSetError> {
        match text {
            "2021" => Ok(RuleSet::Wits2021),
            "2022" => Ok(RuleSet::Wits2022),
            _ => Err(ParseRuleSetError(text.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_only_2022_promotes() {
        for rule_set in [RuleSet::Wits2021, RuleSet::Wits2022] {
            assert_eq!(rule_set.to_string().parse(), Ok(rule_set));
        }
        assert!(RuleSet::default().promotes());
        assert!(!RuleSet::Wits2021.promotes());
        assert_eq!(
            "2023".parse::<RuleSet>(),
            Err(ParseRuleSetError("2023".into()))
        );
    }

    fn seen(fens: &[&str]) -> KindsSeen {
        fens.iter().fold(KindsSeen::default(), |seen, fen| {
            let board = crate::Position::from_fen(fen, RuleSet::Wits2021, crate::Reach::Game)
                .unwrap()
                .board;
            seen | KindsSeen::of(&board)
        })
    }

    #[test]
    fn assignment_positions_suggest_their_own_year() {
        let of_2021 = seen(&["2l4/7/4e2/7/PP2EP1/3L2p/7 b 23", "3l3/7/7/7/7/7/3L3 w 1"]);
        assert_eq!(
            RuleSet::Wits2022.other_year_for(of_2021),
            Some(RuleSet::Wits2021)
        );
        assert_eq!(RuleSet::Wits2021.other_year_for(of_2021), None);
        let message = RuleSet::Wits2022.warning_for(of_2021).unwrap();
        assert!(message.contains("pass --rules 2021"), "{message}");
        let of_2022 = seen(&["2l4/7/4z2/4g2/PP3P1/3L2p/7 b 23"]);
        assert_eq!(
            RuleSet::Wits2021.other_year_for(of_2022),
            Some(RuleSet::Wits2022)
        );
        assert_eq!(RuleSet::Wits2022.other_year_for(of_2022), None);
    }

    #[test]
    fn full_game_and_pawn_only_positions_suggest_nothing() {
        for fens in [
            &["gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"][..],
            &["3l3/7/7/7/7/7/3L3 w 1"],
            // Elephants, but a crocodile too: the full game.
            &["2l4/7/4e2/7/PP2EP1/3L2c/7 b 23"],
            // Across positions: an elephant in one and a giraffe in another.
            &[
                "2l4/7/4e2/7/PP3P1/3L3/7 b 23",
                "2l4/7/4g2/7/PP3P1/3L3/7 b 23",
            ],
        ] {
            for rule_set in [RuleSet::Wits2021, RuleSet::Wits2022] {
                assert_eq!(rule_set.other_year_for(seen(fens)), None, "{fens:?}");
            }
        }
    }
}
