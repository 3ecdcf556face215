//! How a game stands and how it ends: the one rule that `play`, `game`,
//! `match`, the engine's protocol, the pictures and the web board all
//! play by.

use std::fmt;

use crate::{Color, Position, movegen};

impl Position {
    /// Where the game stands by the lions alone: over once one is taken.
    ///
    /// ```
    /// use congo_rules::{Position, RuleSet, Status};
    ///
    /// let facing: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
    /// assert_eq!(facing.status(), Status::Ongoing);
    /// let m = facing.parse_move("d1d7", &mut Vec::new())?;
    /// assert_eq!(facing.play(m, RuleSet::default())?.status(), Status::WhiteWins);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> Status {
        if !self.has_lion(Color::Black) {
            Status::WhiteWins
        } else if !self.has_lion(Color::White) {
            Status::BlackWins
        } else {
            Status::Ongoing
        }
    }

    /// Whether the game is drawn: only the two lions are left and the side
    /// to move cannot take the other (when it can, it takes and wins, so
    /// the game goes on). The one rule `match`, `game`, the engine and the
    /// endgame tables play by.
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let apart: Position = "2l4/7/7/7/7/7/3L3 w 1".parse()?;
    /// assert!(apart.is_bare_lions_draw());
    /// let facing: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
    /// assert!(!facing.is_bare_lions_draw()); // white's lion takes
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_bare_lions_draw(&self) -> bool {
        self.only_lions_left() && movegen::tally(&self.board, self.side).lion_captures == 0
    }
}

/// Where a game stands, judged by the lions alone (Part 3's judge).
///
/// ```
/// use congo_rules::{Position, Status};
///
/// let after_the_capture: Position = "3L3/7/7/7/7/7/7 b 1".parse()?;
/// assert_eq!(after_the_capture.status(), Status::WhiteWins);
/// assert_eq!(Status::WhiteWins.to_string(), "White wins");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Both lions are on the board.
    Ongoing,
    /// Black's lion has been taken.
    WhiteWins,
    /// White's lion has been taken.
    BlackWins,
}

/// The Part 3 judge's words: `Continue`, `White wins`, `Black wins`.
impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "Continue",
            Status::WhiteWins => "White wins",
            Status::BlackWins => "Black wins",
        })
    }
}

/// Who won a finished game, from white's side.
///
/// ```
/// use congo_rules::{Color, Outcome};
///
/// assert_eq!(Outcome::won_by(Some(Color::Black)).result(), "0-1");
/// assert_eq!(Outcome::from_result("1/2-1/2"), Some(Outcome::Draw));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Neither did.
    Draw,
}

impl Outcome {
    /// The side `winner` winning, or a draw.
    ///
    /// ```
    /// use congo_rules::{Color, Outcome};
    ///
    /// assert_eq!(Outcome::won_by(Some(Color::White)), Outcome::WhiteWins);
    /// assert_eq!(Outcome::won_by(None), Outcome::Draw);
    /// ```
    pub fn won_by(winner: Option<Color>) -> Outcome {
        match winner {
            Some(Color::White) => Outcome::WhiteWins,
            Some(Color::Black) => Outcome::BlackWins,
            None => Outcome::Draw,
        }
    }

    /// The result as a record writes it: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use congo_rules::Outcome;
    ///
    /// assert_eq!(Outcome::WhiteWins.result(), "1-0");
    /// assert_eq!(Outcome::Draw.result(), "1/2-1/2");
    /// ```
    pub fn result(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The outcome a record's result names, if it names one.
    ///
    /// ```
    /// use congo_rules::Outcome;
    ///
    /// assert_eq!(Outcome::from_result("0-1"), Some(Outcome::BlackWins));
    /// assert_eq!(Outcome::from_result("*"), None);
    /// ```
    pub fn from_result(result: &str) -> Option<Outcome> {
        match result {
            "1-0" => Some(Outcome::WhiteWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// White's half-points: 2 for a win, 1 for a draw.
    ///
    /// ```
    /// use congo_rules::Outcome;
    ///
    /// let games = [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins];
    /// let half_points: usize = games.iter().map(|game| game.white_half_points()).sum();
    /// assert_eq!(half_points, 3); // a point and a half of three
    /// ```
    pub fn white_half_points(self) -> usize {
        match self {
            Outcome::WhiteWins => 2,
            Outcome::Draw => 1,
            Outcome::BlackWins => 0,
        }
    }
}

/// The moves a game lasts before it is drawn, unless told otherwise: 100
/// for each side.
///
/// ```
/// use congo_rules::{Ending, MAX_PLIES, Position, START};
///
/// let start: Position = START.parse()?;
/// assert_eq!(Ending::of(&start, MAX_PLIES - 1, Some(MAX_PLIES)), None);
/// let at_length = Ending::of(&start, MAX_PLIES, Some(MAX_PLIES));
/// assert_eq!(at_length, Some(Ending::PlyLimit { plies: MAX_PLIES }));
/// assert_eq!(at_length.unwrap().to_string(), "draw after 100 moves each");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_PLIES: usize = 200;

/// Why a game is over.
///
/// ```
/// use congo_rules::{Ending, Outcome, Position};
///
/// let bare: Position = "2l4/7/7/7/7/7/3L3 w 1".parse()?;
/// let ending = Ending::of(&bare, 0, None);
/// assert_eq!(ending, Some(Ending::BareLions));
/// assert_eq!(ending.map(Ending::outcome), Some(Outcome::Draw));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The loser's lion was taken.
    LionTaken {
        /// The side that took it.
        winner: Color,
    },
    /// Only the two lions are left and the side to move cannot take the
    /// other (when it can, it takes and wins, so the game goes on).
    BareLions,
    /// The game reached its length: a draw.
    PlyLimit {
        /// The plies played.
        plies: usize,
    },
    /// The side to move has no legal move, and loses.
    NoLegalMove {
        /// The side that cannot move.
        loser: Color,
    },
}

impl Ending {
    /// How a game that stands at `position`, `plies` plies after its start,
    /// has ended, or `None` while it goes on; a game lasts at most
    /// `max_plies` plies when a length is set. The rules are checked in
    /// this order: a lion taken, bare lions, the length, no legal move.
    ///
    /// ```
    /// use congo_rules::{Color, Ending, Position, START};
    ///
    /// let taken: Position = "3L3/7/7/7/7/7/7 b 1".parse()?;
    /// assert_eq!(Ending::of(&taken, 9, None), Some(Ending::LionTaken { winner: Color::White }));
    /// assert_eq!(Ending::of(&START.parse()?, 0, None), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(position: &Position, plies: usize, max_plies: Option<usize>) -> Option<Ending> {
        if !position.has_lion(Color::Black) {
            return Some(Ending::LionTaken {
                winner: Color::White,
            });
        }
        if !position.has_lion(Color::White) {
            return Some(Ending::LionTaken {
                winner: Color::Black,
            });
        }
        if position.is_bare_lions_draw() {
            return Some(Ending::BareLions);
        }
        if max_plies.is_some_and(|max| plies >= max) {
            return Some(Ending::PlyLimit { plies });
        }
        if movegen::move_count(&position.board, position.side) == 0 {
            return Some(Ending::NoLegalMove {
                loser: position.side,
            });
        }
        None
    }

    /// The side that won, if one did.
    ///
    /// ```
    /// use congo_rules::{Color, Ending};
    ///
    /// assert_eq!(Ending::NoLegalMove { loser: Color::White }.winner(), Some(Color::Black));
    /// assert_eq!(Ending::BareLions.winner(), None);
    /// ```
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::LionTaken { winner } => Some(winner),
            Ending::NoLegalMove { loser } => Some(!loser),
            Ending::BareLions | Ending::PlyLimit { .. } => None,
        }
    }

    /// Who won.
    ///
    /// ```
    /// use congo_rules::{Color, Ending, Outcome};
    ///
    /// assert_eq!(Ending::LionTaken { winner: Color::Black }.outcome(), Outcome::BlackWins);
    /// assert_eq!(Ending::PlyLimit { plies: 200 }.outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(self) -> Outcome {
        Outcome::won_by(self.winner())
    }

    /// The ending for people: `white wins, black's lion was taken`, `draw,
    /// only the lions are left ...`, `black has no legal move and loses`.
    ///
    /// ```
    /// use congo_rules::{Color, Ending};
    ///
    /// let taken = Ending::LionTaken { winner: Color::White };
    /// assert_eq!(taken.describe(), "white wins, black's lion was taken");
    /// assert_eq!(taken.to_string(), "black's lion was taken");
    /// ```
    pub fn describe(self) -> String {
        match self {
            Ending::LionTaken { winner } => format!("{winner} wins, {self}"),
            Ending::NoLegalMove { .. } => format!("{self} and loses"),
            Ending::BareLions | Ending::PlyLimit { .. } => self.to_string(),
        }
    }
}

/// Why the game ended, as a match record gives it: `black's lion was
/// taken`, `draw after 100 moves each`, `white has no legal move`.
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Ending::LionTaken { winner } => write!(f, "{}'s lion was taken", !winner),
            Ending::BareLions => {
                f.write_str("draw, only the lions are left and neither can take the other")
            }
            Ending::PlyLimit { plies } if plies.is_multiple_of(2) => {
                write!(f, "draw after {} moves each", plies / 2)
            }
            Ending::PlyLimit { plies } => write!(f, "draw after {plies} plies"),
            Ending::NoLegalMove { loser } => write!(f, "{loser} has no legal move"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending(fen: &str, plies: usize) -> Option<Ending> {
        Ending::of(&fen.parse().unwrap(), plies, Some(MAX_PLIES))
    }

    #[test]
    fn each_ending_in_its_order_and_words() {
        let taken = ending("3L3/7/7/7/7/7/7 b 1", 0).unwrap();
        assert_eq!(
            taken,
            Ending::LionTaken {
                winner: Color::White
            }
        );
        assert_eq!(taken.to_string(), "black's lion was taken");
        assert_eq!(taken.describe(), "white wins, black's lion was taken");
        assert_eq!(taken.outcome().result(), "1-0");
        // Bare lions that cannot meet: a draw, even at the length.
        let bare = ending("2l4/7/7/7/7/7/3L3 w 1", MAX_PLIES).unwrap();
        assert_eq!(bare, Ending::BareLions);
        assert_eq!(bare.outcome(), Outcome::Draw);
        // Facing lions go on: the side to move takes.
        assert_eq!(ending("3l3/7/7/7/7/7/3L3 w 1", 0), None);
        let long = ending("3l3/7/7/7/7/P6/3L3 w 1", MAX_PLIES).unwrap();
        assert_eq!(long.to_string(), "draw after 100 moves each");
        assert_eq!(
            Ending::PlyLimit { plies: 7 }.to_string(),
            "draw after 7 plies"
        );
        assert_eq!(ending("3l3/7/7/7/7/P6/3L3 w 1", MAX_PLIES - 1), None);
        assert_eq!(
            Ending::of(&"3l3/7/7/7/7/P6/3L3 w 1".parse().unwrap(), 10_000, None),
            None
        );
    }

    #[test]
    fn a_side_without_a_move_loses() {
        // White's pieces fill the board: giraffes step only to empty
        // squares and leap onto nothing but their own, and the pawns that
        // could reach the black lion are not there; the lion is walled in.
        let fen = "GPGlGPG/GGGGGGG/GPGPGPG/GGGGGGG/GGGGGGG/GGGGGGG/GGGLGGG w 1";
        let position =
            Position::from_fen(fen, crate::RuleSet::Wits2022, crate::Reach::Any).unwrap();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        assert!(moves.is_empty(), "{moves:?}");
        let end = Ending::of(&position, 0, None).unwrap();
        assert_eq!(
            end,
            Ending::NoLegalMove {
                loser: Color::White
            }
        );
        assert_eq!(end.to_string(), "white has no legal move");
        assert_eq!(end.describe(), "white has no legal move and loses");
        assert_eq!(end.outcome(), Outcome::BlackWins);
    }

    #[test]
    fn bare_lions_draw_unless_the_side_to_move_can_take() {
        let drawn = |fen: &str| fen.parse::<Position>().unwrap().is_bare_lions_draw();
        // Facing on an open file or diagonal: the side to move takes.
        for fen in [
            "3l3/7/7/7/7/7/3L3 w 1",
            "3l3/7/7/7/7/7/3L3 b 1",
            "7/7/4l2/7/2L4/7/7 w 1",
        ] {
            assert!(!drawn(fen), "{fen}");
            assert!(fen.parse::<Position>().unwrap().only_lions_left());
        }
        // Not on a line, or not only the lions.
        assert!(drawn("2l4/7/7/7/7/7/3L3 w 1"));
        assert!(drawn("2l4/7/7/7/7/7/3L3 b 1"));
        assert!(!drawn("2l4/7/7/7/7/P6/3L3 w 1"));
    }

    #[test]
    fn results_read_back() {
        for outcome in [Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw] {
            assert_eq!(Outcome::from_result(outcome.result()), Some(outcome));
        }
        assert_eq!(Outcome::from_result("2-0"), None);
        assert_eq!(Outcome::WhiteWins.white_half_points(), 2);
    }
}
