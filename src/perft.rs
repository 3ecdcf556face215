//! Congo perft: counting the leaves of the move tree, the standard test of
//! a move generator (and of making moves) against known numbers. The
//! counting itself is [`crate::game::perft`], shared by the three games;
//! here is Congo's [`Game`], with bulk counting at the last ply.

use crate::game::{self, Game, TextGame};
use crate::{FenError, KindsSeen, Move, Position, Reach, Rules, Status, movegen};

/// Congo under a rule set, as a [`Game`]: the last ply is counted from the
/// pieces' target squares, not played (bulk counting).
impl Game for Rules {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        position.legal_moves(moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        position.play_unchecked(*m, *self)
    }

    fn count_moves(&self, position: &Position, _scratch: &mut Vec<Move>) -> u64 {
        if position.status() != Status::Ongoing {
            return 0;
        }
        u64::from(movegen::move_count(&position.board, position.side))
    }
}

/// Congo's FENs and move texts; a position must be one the rule set
/// allows.
impl TextGame for Rules {
    type Error = FenError;

    fn read(&self, line: &[u8]) -> Result<Position, FenError> {
        Position::from_fen_bytes(line, *self)
    }

    fn read_into(&self, line: &[u8], position: &mut Position) -> Result<(), FenError> {
        position.read_fen_bytes(line, *self)
    }

    fn survey(&self, position: &Position) -> u32 {
        KindsSeen::of(&position.board).0
    }

    #[inline]
    fn write_move(&self, m: &Move, out: &mut Vec<u8>) {
        m.write_to(out);
    }
}

/// Congo's positions on lines, read under a rule set and accepting what
/// `reach` says: what every Congo judge task reads with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Congo {
    /// The rule set the positions are read and played under.
    pub rules: Rules,
    /// Which positions are accepted (`--any-position`: any that fits).
    pub reach: Reach,
}

impl From<Rules> for Congo {
    fn from(rules: Rules) -> Congo {
        Congo {
            rules,
            reach: Reach::Game,
        }
    }
}

impl Game for Congo {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        self.rules.moves(position, moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        self.rules.play(position, m)
    }

    fn count_moves(&self, position: &Position, scratch: &mut Vec<Move>) -> u64 {
        self.rules.count_moves(position, scratch)
    }
}

impl TextGame for Congo {
    type Error = FenError;

    fn read(&self, line: &[u8]) -> Result<Position, FenError> {
        Position::from_fen_bytes_reaching(line, self.rules, self.reach)
    }

    fn read_into(&self, line: &[u8], position: &mut Position) -> Result<(), FenError> {
        position.read_fen_bytes_reaching(line, self.rules, self.reach)
    }

    fn survey(&self, position: &Position) -> u32 {
        self.rules.survey(position)
    }

    #[inline]
    fn write_move(&self, m: &Move, out: &mut Vec<u8>) {
        self.rules.write_move(m, out);
    }
}

/// Congo with every last move played: slower, and a check on the bulk
/// counting.
struct PlayedOut(Rules);

impl Game for PlayedOut {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        self.0.moves(position, moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        self.0.play(position, m)
    }

    /// Every last move listed and played (`black_box` keeps the unused
    /// positions from being optimised away).
    fn count_moves(&self, position: &Position, scratch: &mut Vec<Move>) -> u64 {
        scratch.clear();
        self.moves(position, scratch);
        for m in scratch.iter() {
            std::hint::black_box(self.play(position, m));
        }
        scratch.len() as u64
    }
}

/// The number of positions reached by `depth` legal moves. A position
/// where a lion has been taken has no moves, so above the last ply it adds
/// nothing (as checkmate does in chess perft).
///
/// ```
/// use congo::{Position, Rules, perft};
///
/// let start: Position = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0".parse().unwrap();
/// assert_eq!(perft::perft(&start, 3, Rules::Wits2022), 17112);
/// ```
pub fn perft(position: &Position, depth: u32, rules: Rules) -> u64 {
    game::perft(&rules, position, depth)
}

/// [`perft`], but playing every move down to the leaves.
pub fn perft_by_playing(position: &Position, depth: u32, rules: Rules) -> u64 {
    game::perft(&PlayedOut(rules), position, depth)
}

/// [`perft`] on `threads` threads, splitting the moves at the root.
pub fn perft_threads(position: &Position, depth: u32, rules: Rules, threads: usize) -> u64 {
    game::perft_threads(&rules, position, depth, threads)
}

/// Each legal move of `position` (sorted as strings) with the perft count
/// of the position after it, `depth - 1` deep.
pub fn divide(position: &Position, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
    game::divide(&rules, position, depth)
}
