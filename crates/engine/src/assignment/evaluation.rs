//! The assignment's evaluations: Part 4's material count and Part 5's
//! material, mobility and attack. Scores are from the side to move's view.

use congo_rules::{Color, Kind, Piece, Position, movegen};

/// The assignment's score of a won position (the enemy lion is gone);
/// the engine's own, [`crate::ENGINE_WIN`], is larger.
pub const LION_TAKEN: i32 = 10_000;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// Part 4: material only.
    Material,
    /// Part 5: material, mobility and attack.
    Advanced,
}

impl Evaluation {
    /// The score of `position` for the side to move.
    pub fn score(self, position: &Position) -> i32 {
        match self {
            Evaluation::Material => material(position),
            Evaluation::Advanced => advanced(position),
        }
    }
}

/// A piece's worth in both years' tables; lions, monkeys and crocodiles
/// have none.
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Elephant => 200,
        Kind::Zebra => 300,
        Kind::Superpawn => 350,
        Kind::Giraffe => 400,
        Kind::Lion | Kind::Monkey | Kind::Crocodile => 0,
    }
}

/// Part 4: the material difference, unless the lions decide.
pub fn material(position: &Position) -> i32 {
    from_mover(position, |_| 0)
}

/// Part 5: material, mobility (each side's number of moves, counted as if
/// it were to move) and attack (each move landing on an enemy piece scores
/// 1, and 10 more when that piece is the lion), each white minus black,
/// unless the lions decide.
pub fn advanced(position: &Position) -> i32 {
    from_mover(position, |color| {
        let tally = movegen::tally(&position.board, color);
        tally.moves as i32 + tally.captures as i32 + 10 * tally.lion_captures as i32
    })
}

/// The score for the side to move: rules 1-3 of Part 4 first (only the two
/// lions left is a draw, a missing lion a win or loss), then material plus
/// `extra` of each side, white minus black, negated when black is to move.
fn from_mover(position: &Position, extra: impl Fn(Color) -> i32) -> i32 {
    let board = &position.board;
    let white = if position.only_lions_left() {
        0
    } else if board
        .pieces(Piece::new(Color::Black, Kind::Lion))
        .is_empty()
    {
        LION_TAKEN
    } else if board
        .pieces(Piece::new(Color::White, Kind::Lion))
        .is_empty()
    {
        -LION_TAKEN
    } else {
        let side = |color: Color| {
            let worth: i32 = Kind::ALL
                .iter()
                .map(|&kind| value(kind) * board.pieces(Piece::new(color, kind)).count() as i32)
                .sum();
            worth + extra(color)
        };
        side(Color::White) - side(Color::Black)
    };
    match position.side {
        Color::White => white,
        Color::Black => -white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(fen: &str) -> (i32, i32) {
        let position: Position = fen.parse().unwrap();
        (material(&position), advanced(&position))
    }

    #[test]
    fn the_spec_samples() {
        assert_eq!(scores("3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4"), (-100, -102));
        assert_eq!(
            scores("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12"),
            (1200, 1214)
        );
        assert_eq!(
            scores("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35"),
            (-1200, -1214)
        );
        assert_eq!(
            scores("2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"),
            (-100, -102)
        );
        assert_eq!(scores("1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12").0, -900);
    }

    #[test]
    fn lions_decide_first() {
        assert_eq!(scores("3l3/7/7/7/7/7/3L3 w 1"), (0, 0));
        assert_eq!(scores("3l3/7/7/7/7/7/3L3 b 1"), (0, 0));
        assert_eq!(scores("7/7/7/7/7/P6/3L3 w 1"), (LION_TAKEN, LION_TAKEN));
        assert_eq!(scores("7/7/7/7/7/P6/3L3 b 1"), (-LION_TAKEN, -LION_TAKEN));
        assert_eq!(scores("3l3/p6/7/7/7/7/7 w 1"), (-LION_TAKEN, -LION_TAKEN));
    }

    #[test]
    fn monkeys_and_crocodiles_are_worth_nothing_but_move() {
        // One white monkey and one black crocodile besides the lions; the
        // crocodile on d4 blocks the lions' d-file.
        let (material, advanced) = scores("3l3/7/7/3c3/7/7/M2L3 w 1");
        assert_eq!(material, 0);
        // White: lion d1 5 steps, monkey a1 3 steps = 8. Black: lion d7 5
        // steps; crocodile d4 8 steps, and its river slide adds a4, b4, f4,
        // g4 (c4 and e4 are steps) = 12; 17 in all. No captures.
        assert_eq!(advanced, 8 - 17);
    }

    #[test]
    fn attacks_count_captures_and_the_lion_ten_more() {
        // The d-file is open, so each lion can fly onto the other.
        // White: lion d1 5 steps + the flight d1d7 = 6; zebra e5 8 targets,
        // two of them captures (the pawn on f7, the lion on d7): 14 moves,
        // 3 captures, 2 of the lion. Black: lion d7 5 steps + d7d1 = 6,
        // pawn f7 3 steps: 9 moves, 1 capture, of the lion.
        let position: Position = "3l1p1/7/4Z2/7/7/7/3L3 w 1".parse().unwrap();
        let white = movegen::tally(&position.board, Color::White);
        assert_eq!(
            (white.moves, white.captures, white.lion_captures),
            (14, 3, 2)
        );
        let black = movegen::tally(&position.board, Color::Black);
        assert_eq!(
            (black.moves, black.captures, black.lion_captures),
            (9, 1, 1)
        );
        assert_eq!(
            advanced(&position),
            (300 + 14 + 3 + 20) - (100 + 9 + 1 + 10)
        );
    }
}
