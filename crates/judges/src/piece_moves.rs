//! `lion`, `zebra`, `giraffe`, `pawn`, `superpawn` (and the other kinds):
//! one line per FEN with that kind's moves for the side to move.

use super::{
    AnswerKind, AnyJudge, CaseError, Listing, PositionCase, PositionJudge, Positions, Shape,
};
use congo_kit::text::write_spaced;
use congo_rules::random::PieceSet;
use congo_rules::{CongoRules, Kind, Move, RuleSet, movegen};

pub(super) const LION: Listing =
    listing::<{ Kind::Lion.index() }>("the lion moves of the side to move");
pub(super) const ZEBRA: Listing =
    listing::<{ Kind::Zebra.index() }>("the zebra moves of the side to move");
pub(super) const GIRAFFE: Listing =
    listing::<{ Kind::Giraffe.index() }>("the giraffe moves of the side to move");
pub(super) const PAWN: Listing =
    listing::<{ Kind::Pawn.index() }>("the pawn moves of the side to move");
pub(super) const SUPERPAWN: Listing =
    listing::<{ Kind::Superpawn.index() }>("the superpawn moves of the side to move");
pub(super) const ELEPHANT: Listing =
    listing::<{ Kind::Elephant.index() }>("the elephant moves of the side to move");
pub(super) const CROCODILE: Listing =
    listing::<{ Kind::Crocodile.index() }>("the crocodile moves of the side to move");
pub(super) const MONKEY: Listing = listing::<{ Kind::Monkey.index() }>(
    "the monkey moves of the side to move (a jump chain lists every landing square: b3d5f3)",
);

/// The listing of the judge of the moves of `Kind::ALL[KIND]`.
const fn listing<const KIND: usize>(about: &'static str) -> Listing {
    Listing::new(Kind::ALL[KIND].name(), about, build::<KIND>)
}

/// Builds the judge of the moves of `Kind::ALL[KIND]`.
fn build<const KIND: usize>(rules: CongoRules) -> Box<dyn AnyJudge> {
    Positions::boxed(rules, PieceMoves::new(Kind::ALL[KIND]))
}

/// One line per position: the moves of one kind of piece of the side to
/// move, sorted as strings.
#[derive(Clone, Debug)]
pub struct PieceMoves {
    kind: Kind,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<Move>,
}

impl PieceMoves {
    /// The judge of `kind`'s moves.
    pub fn new(kind: Kind) -> PieceMoves {
        PieceMoves {
            kind,
            moves: Vec::with_capacity(64),
        }
    }
}

impl PositionJudge for PieceMoves {
    const SHAPE: Shape = Shape::line_per_position(AnswerKind::Moves);

    /// The assignment's pieces of the year, but for the kinds of one year
    /// (the elephant of 2021) or of the full game alone.
    fn checked_on(&self, rule_set: RuleSet) -> Option<PieceSet> {
        Some(match self.kind {
            Kind::Elephant => PieceSet::Wits2021,
            Kind::Monkey | Kind::Crocodile => PieceSet::Full,
            _ => PieceSet::of_year(rule_set),
        })
    }

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        self.moves.clear();
        movegen::piece_moves(
            &case.position.board,
            case.position.side,
            self.kind,
            &mut self.moves,
        );
        write_spaced(&self.moves, out, |m, out| m.write_to(out));
        Ok(())
    }
}
