//! How a kept game ends other than by its rules: a flag, a resignation, an
//! abort, a draw agreed, or a win claimed from a player who left.

use crate::views::{Verdict, result_words};
use congo_rules::Color;

/// Why a kept game stopped, when its rules did not end it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The side's time ran out.
    Flagged(Color),
    /// The side resigned.
    Resigned(Color),
    /// A player called it off before both sides had moved: no result.
    Aborted,
    /// Both players agreed a draw.
    Agreed,
    /// The side left, and its opponent claimed the win.
    Left(Color),
}

impl Stop {
    /// The winner, if one side won.
    pub fn winner(self) -> Option<Color> {
        match self {
            Stop::Flagged(loser) | Stop::Resigned(loser) | Stop::Left(loser) => Some(!loser),
            Stop::Aborted | Stop::Agreed => None,
        }
    }

    /// How the game is shown once it stopped: no result when aborted.
    pub fn verdict(self) -> Verdict {
        Verdict {
            result: (self != Stop::Aborted).then(|| result_words(self.winner())),
            reason: self.reason(),
        }
    }

    /// Why the game ended, in words.
    pub fn reason(self) -> String {
        match self {
            Stop::Flagged(loser) => format!("{loser} ran out of time"),
            Stop::Resigned(loser) => format!("{loser} resigned"),
            Stop::Aborted => "aborted".to_owned(),
            Stop::Agreed => "drawn by agreement".to_owned(),
            Stop::Left(loser) => format!("{loser} left the game"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stop_names_its_loser_and_only_an_abort_has_no_result() {
        let cases = [
            (
                Stop::Flagged(Color::White),
                Some(Color::Black),
                "white ran out of time",
            ),
            (
                Stop::Resigned(Color::Black),
                Some(Color::White),
                "black resigned",
            ),
            (
                Stop::Left(Color::White),
                Some(Color::Black),
                "white left the game",
            ),
            (Stop::Agreed, None, "drawn by agreement"),
            (Stop::Aborted, None, "aborted"),
        ];
        for (stop, winner, reason) in cases {
            assert_eq!(stop.winner(), winner, "{stop:?}");
            assert_eq!(stop.reason(), reason);
            let result = stop.verdict().result;
            assert_eq!(result.is_none(), stop == Stop::Aborted, "{stop:?}");
        }
    }
}
