//! A full game state: the board, the side to move and the move number.

use std::fmt;
use std::str::FromStr;

use crate::{Board, Color, FenError};

/// Everything a FEN says: `<pieces> <side> <move number>`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub board: Board,
    /// The side whose turn it is.
    pub side: Color,
    /// How many moves black has made (it grows after each black move).
    pub move_number: u32,
}

/// Reads a FEN such as `2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23`.
///
/// Fields may be separated by any run of blanks, and surrounding blanks
/// are ignored. The side may be written `w`/`b` or `W`/`B`.
impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        let mut fields = text.split_ascii_whitespace();
        let (Some(pieces), Some(side), Some(number), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            let found = text.split_ascii_whitespace().count();
            return Err(if found == 0 {
                FenError::Empty
            } else {
                FenError::FieldCount(found)
            });
        };
        let board = pieces.parse()?;
        let side = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(FenError::Side(side.to_owned())),
        };
        Ok(Position {
            board,
            side,
            move_number: parse_move_number(number)?,
        })
    }
}

fn parse_move_number(text: &str) -> Result<u32, FenError> {
    if !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(FenError::MoveNumber(text.to_owned()));
    }
    text.parse()
        .map_err(|_| FenError::MoveNumberTooLarge(text.to_owned()))
}

/// Writes the FEN in its canonical form: lowercase side, single spaces.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.board,
            self.side.letter(),
            self.move_number
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_a_fen() {
        let fen = "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23";
        let position: Position = fen.parse().unwrap();
        assert_eq!(position.side, Color::Black);
        assert_eq!(position.move_number, 23);
        assert_eq!(position.to_string(), fen);
    }

    #[test]
    fn accepts_uppercase_sides_and_extra_blanks() {
        let position: Position = "  7/7/7/7/7/7/7\tW   007 \r".parse().unwrap();
        assert_eq!(position.to_string(), "7/7/7/7/7/7/7 w 7");
    }

    #[test]
    fn field_errors() {
        let cases = [
            ("", FenError::Empty),
            ("   ", FenError::Empty),
            ("7/7/7/7/7/7/7 w", FenError::FieldCount(2)),
            ("7/7/7/7/7/7/7 w 1 x", FenError::FieldCount(4)),
            ("7/7/7/7/7/7/7 x 1", FenError::Side("x".into())),
            ("7/7/7/7/7/7/7 white 1", FenError::Side("white".into())),
            ("7/7/7/7/7/7/7 w -1", FenError::MoveNumber("-1".into())),
            ("7/7/7/7/7/7/7 w +1", FenError::MoveNumber("+1".into())),
            ("7/7/7/7/7/7/7 w 1.5", FenError::MoveNumber("1.5".into())),
            (
                "7/7/7/7/7/7/7 w 4294967296",
                FenError::MoveNumberTooLarge("4294967296".into()),
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Position>(), Err(error), "{text:?}");
        }
        assert!("7/7/7/7/7/7/7 w 4294967295".parse::<Position>().is_ok());
    }
}
