//! `mirror`: each position mirrored left to right, as a FEN.

use super::{AnswerKind, CaseError, Listing, PositionCase, PositionJudge, Positions, Shape};

pub(super) const MIRROR: Listing = Listing::new(
    "mirror",
    "each position mirrored left to right (the a file becomes the g file): the same \
     game, as a FEN",
    |rules| Positions::boxed(rules, Mirror),
)
.taking_fen();

/// One line per position: its mirror image's FEN.
#[derive(Clone, Debug)]
struct Mirror;

impl PositionJudge for Mirror {
    const SHAPE: Shape = Shape::line_per_position(AnswerKind::Text);

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        out.extend_from_slice(case.position.mirrored().to_string().as_bytes());
        out.push(b'\n');
        Ok(())
    }
}
