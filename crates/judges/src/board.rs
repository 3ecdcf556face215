//! `board`: the Part 1 listing of every piece of a position.

use super::{CaseError, Listing, PositionCase, PositionJudge, Positions, Shape};
use congo_rules::random::PieceSet;
use congo_rules::{Color, Kind, Piece, RuleSet};

pub(super) const BOARD: Listing = Listing::new(
    "board",
    "list the pieces of each position and the side to play",
    |rules| Positions::boxed(rules, PieceList),
);

/// For each FEN, 16 lines `<colour> <kind>: <squares>` (white before black,
/// kinds in the assignment's order) and `side to play: <colour>`; blocks
/// are separated by a blank line.
#[derive(Clone, Debug)]
struct PieceList;

impl PositionJudge for PieceList {
    const SHAPE: Shape = Shape::block_per_position();

    fn checked_on(&self, _rule_set: RuleSet) -> Option<PieceSet> {
        Some(PieceSet::Full)
    }

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        for (kind, labels) in Kind::ALL.into_iter().zip(&LABELS) {
            for (color, &(label, length)) in Color::ALL.into_iter().zip(labels) {
                // The whole padded label, then the padding taken back off:
                // a fixed-size copy rather than a call to copy `length` bytes.
                out.extend_from_slice(&label);
                out.truncate(out.len() - (LABEL_WIDTH - length));
                for square in case.position.board.pieces(Piece::new(color, kind)) {
                    let [file, rank] = square.name();
                    out.extend_from_slice(&[b' ', file, rank]);
                }
                out.push(b'\n');
            }
        }
        out.extend_from_slice(b"side to play: ");
        out.extend_from_slice(case.position.side.name().as_bytes());
        out.push(b'\n');
        Ok(())
    }
}

/// The longest label, `black superpawn:` or `white crocodile:`.
const LABEL_WIDTH: usize = 16;

/// Each line's label, `white pawn:` and so on, by kind and then colour,
/// padded to [`LABEL_WIDTH`] bytes, with its own length.
const LABELS: [[([u8; LABEL_WIDTH], usize); 2]; 8] = {
    let mut labels = [[([0; LABEL_WIDTH], 0); 2]; 8];
    let mut kind = 0;
    while kind < 8 {
        let mut color = 0;
        while color < 2 {
            let parts = [
                Color::ALL[color].name().as_bytes(),
                b" ",
                Kind::ALL[kind].name().as_bytes(),
                b":",
            ];
            let (label, length) = &mut labels[kind][color];
            let mut part = 0;
            while part < parts.len() {
                let mut byte = 0;
                while byte < parts[part].len() {
                    label[*length] = parts[part][byte];
                    *length += 1;
                    byte += 1;
                }
                part += 1;
            }
            color += 1;
        }
        kind += 1;
    }
    labels
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_the_colour_and_kind() {
        for (kind, labels) in Kind::ALL.into_iter().zip(&LABELS) {
            for (color, (label, length)) in Color::ALL.into_iter().zip(labels) {
                let expected = format!("{} {}:", color.name(), kind.name());
                assert_eq!(&label[..*length], expected.as_bytes());
            }
        }
        assert_eq!(
            LABELS.as_flattened().iter().map(|l| l.1).max(),
            Some(LABEL_WIDTH)
        );
    }
}
