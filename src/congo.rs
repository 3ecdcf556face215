//! Congo as one of the games perft and the judges serve: a rule set, and
//! which positions its reader accepts.

use crate::board_game::{BoardGame, Notation};
use crate::{FenError, KindsSeen, Move, Position, Reach, RuleSet, Status, movegen};

/// Congo under a rule set, its positions read accepting what `reach`
/// says: what every Congo judge reads with, and what perft counts (the
/// last ply from the pieces' target squares, not played: bulk counting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Congo {
    /// The rule set the positions are read and played under.
    pub rule_set: RuleSet,
    /// Which positions are accepted (`--any-position`: any that fits).
    pub reach: Reach,
}

impl From<RuleSet> for Congo {
    fn from(rule_set: RuleSet) -> Congo {
        Congo {
            rule_set,
            reach: Reach::Game,
        }
    }
}

impl BoardGame for Congo {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        position.legal_moves(moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        position.play_unchecked(*m, self.rule_set)
    }

    fn count_moves(&self, position: &Position, _scratch: &mut Vec<Move>) -> u64 {
        if position.status() != Status::Ongoing {
            return 0;
        }
        u64::from(movegen::move_count(&position.board, position.side))
    }

    fn key(&self, position: &Position) -> Option<u64> {
        Some(crate::zobrist::hash(&position.board, position.side))
    }
}

/// Congo's FENs and move texts; a position must be one the rule set
/// allows, and one `reach` accepts.
impl Notation for Congo {
    type Error = FenError;

    fn read(&self, line: &[u8]) -> Result<Position, FenError> {
        Position::from_fen_bytes_reaching(line, self.rule_set, self.reach)
    }

    fn read_into(&self, line: &[u8], position: &mut Position) -> Result<(), FenError> {
        position.read_fen_bytes_reaching(line, self.rule_set, self.reach)
    }

    fn survey(&self, position: &Position) -> u32 {
        KindsSeen::of(&position.board).0
    }

    #[inline]
    fn write_move(&self, m: &Move, out: &mut Vec<u8>) {
        m.write_to(out);
    }
}
