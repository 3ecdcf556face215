//! [`CongoRules`]: Congo as one of the board games perft and the judges
//! serve, under a rule set, its positions read accepting what a reach
//! says.

use crate::board_game::{BoardGame, Notation};
use crate::{FenError, KindsSeen, Move, Position, Reach, RuleSet, Status, movegen};

/// Congo's rules as the judges play them: a rule set, and which positions
/// are accepted. What every Congo judge reads with, and what perft counts
/// (the last ply from the pieces' target squares, not played: bulk
/// counting).
///
/// ```
/// use congo_rules::board_game::{BoardGame, Notation};
/// use congo_rules::{CongoRules, Reach, RuleSet};
///
/// let rules = CongoRules::from(RuleSet::Wits2021);
/// assert_eq!(rules.reach, Reach::Game);
/// let start = rules.read(b"g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0")?;
/// assert_eq!(rules.count_moves(&start, &mut Vec::new()), 26);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CongoRules {
    /// The rule set the positions are read and played under.
    pub rule_set: RuleSet,
    /// Which positions are accepted (`--any-position`: any that fits).
    pub reach: Reach,
}

impl From<RuleSet> for CongoRules {
    fn from(rule_set: RuleSet) -> CongoRules {
        CongoRules {
            rule_set,
            reach: Reach::Game,
        }
    }
}

impl BoardGame for CongoRules {
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
/// allows, and one the reach accepts.
impl Notation for CongoRules {
    type Error = FenError;

    fn read(&self, line: &[u8]) -> Result<Position, FenError> {
        Position::from_fen(line, self.rule_set, self.reach)
    }

    fn read_into(&self, line: &[u8], position: &mut Position) -> Result<(), FenError> {
        position.read_fen(line, self.rule_set, self.reach)
    }

    fn survey(&self, position: &Position) -> KindsSeen {
        KindsSeen::of(&position.board)
    }

    #[inline]
    fn write_move(&self, m: &Move, out: &mut Vec<u8>) {
        m.write_to(out);
    }
}
