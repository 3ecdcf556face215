//! The text diagram.
//!
//! ```text
//!   +---------------+
//! 7 | g m[e l e]c z |
//! 6 | p p[p p p]p p |
//! 5 | . .[. . .]. . |
//! 4 |~.~.~.~.~.~.~.~|
//! 3 | . .[. . .]. . |
//! 2 | P P[P P P]P P |
//! 1 | G M[E L E]C Z |
//!   +---------------+
//!     a b c d e f g
//!   [ ] castles  ~ river
//! white to move, move 0
//! ```

use std::fmt::Write;

use super::{Marks, in_castle};
use congo_rules::{Color, Ending, Move, Piece, Position, Square};

/// How the diagram is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Box drawing, figurines and `≈` instead of plain ASCII.
    pub unicode: bool,
    /// ANSI colours: tinted castles and river, coloured pieces and marks.
    pub color: bool,
    /// The move that led here: its start square is drawn `o` (`○`) and
    /// named under the board.
    pub last_move: Option<Move>,
}

const RESET: &str = "\x1b[0m";
const RIVER: &str = "\x1b[44m";
/// Dark grey: white and red pieces both stand out on it, as they do not
/// on the standard palette's yellow.
const CASTLE: &str = "\x1b[100m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;91m";
const MARK: &str = "\x1b[1;32m";

/// Appends the diagram of `position`, with `marks` if given.
pub fn diagram(position: &Position, marks: Option<&Marks>, style: Style, out: &mut String) {
    let drawing = Drawing {
        position,
        marks,
        style,
        frame: Frame::new(style.unicode),
    };
    drawing.board(out);
    drawing.key(out);
    drawing.caption(out);
}

/// The characters of a diagram's frame, empty squares and river: plain
/// ASCII, or box drawing and `≈`.
#[derive(Clone, Copy)]
struct Frame {
    top: &'static str,
    bottom: &'static str,
    side: &'static str,
    empty: &'static str,
    river: &'static str,
}

impl Frame {
    /// The frame in box drawing where `unicode`, else in ASCII.
    fn new(unicode: bool) -> Frame {
        let (top, bottom, side, empty, river) = if unicode {
            ("┌───────────────┐", "└───────────────┘", "│", "·", "≈")
        } else {
            ("+---------------+", "+---------------+", "|", ".", "~")
        };
        Frame {
            top,
            bottom,
            side,
            empty,
            river,
        }
    }
}

/// A diagram being drawn: what its steps share.
struct Drawing<'a> {
    position: &'a Position,
    marks: Option<&'a Marks>,
    style: Style,
    frame: Frame,
}

impl Drawing<'_> {
    /// The board in its frame, rank 7 at the top, and the file letters.
    fn board(&self, out: &mut String) {
        let Frame {
            top, bottom, side, ..
        } = self.frame;
        let _ = writeln!(out, "  {top}");
        for rank in (0..Square::SIDE).rev() {
            let _ = write!(out, "{} {side}", rank + 1);
            for file in 0..=Square::SIDE {
                self.gap(file, rank, out);
                if let Some(square) = Square::new(file, rank) {
                    self.square(square, out);
                }
            }
            let _ = writeln!(out, "{side}");
        }
        let _ = writeln!(out, "  {bottom}");
        out.push_str("    a b c d e f g\n");
    }

    /// What stands before cell `file` of `rank`, or at the rank's end: a
    /// capture mark, a wall, water or a space.
    fn gap(&self, file: u8, rank: u8, out: &mut String) {
        let mark = capture_mark(self.marks, file, rank);
        let between = mark.unwrap_or(separator(file, rank, self.frame.river));
        // Inside the river and the castles the gaps are painted too,
        // so that each is one block of colour.
        let inside = |file: u8| Square::new(file, rank).is_some_and(in_castle);
        let gap = if !self.style.color {
            ""
        } else if rank == Square::RIVER_RANK {
            RIVER
        } else if file > 0 && inside(file - 1) && inside(file) {
            CASTLE
        } else {
            ""
        };
        let ink = if self.style.color && mark.is_some() {
            MARK
        } else {
            ""
        };
        painted(gap, ink, between, out);
    }

    /// A square's cell: where the last move started, if it is empty now;
    /// else its piece, a move's target or an empty square.
    fn square(&self, square: Square, out: &mut String) {
        let style = self.style;
        let left = style.last_move.map(Move::from) == Some(square)
            && self.position.board.piece_at(square).is_none();
        let (cell, paint) = if left {
            (if style.unicode { "○" } else { "o" }, MARK)
        } else {
            cell(
                self.position,
                self.marks,
                square,
                style.unicode,
                self.frame.empty,
            )
        };
        let background = if !style.color {
            ""
        } else if square.is_river() {
            RIVER
        } else if in_castle(square) {
            CASTLE
        } else {
            ""
        };
        let foreground = if style.color { paint } else { "" };
        painted(background, foreground, cell, out);
    }

    /// The key under the board: castles and river, the marks where there
    /// are some, the last move's start, and in Unicode the figurines.
    fn key(&self, out: &mut String) {
        let _ = write!(out, "  [ ] castles  {} river", self.frame.river);
        if self.marks.is_some() {
            out.push_str("  * move  x beside a capture");
        }
        if self.style.last_move.is_some() {
            out.push_str(if self.style.unicode {
                "  ○ moved from"
            } else {
                "  o moved from"
            });
        }
        out.push('\n');
        if self.style.unicode {
            // Two lines, so that no line passes 80 columns.
            out.push_str("  ♔♚ lion  ♘♞ zebra  ♗♝ giraffe  ♖♜ elephant  ♕♛ crocodile\n");
            out.push_str("  ♙♟ pawn  Ⓢⓢ superpawn  Ⓜⓜ monkey\n");
        }
    }

    /// The last move, the game's ending or the side to move, and the
    /// marked moves.
    fn caption(&self, out: &mut String) {
        let position = self.position;
        if let Some(last) = self.style.last_move {
            let _ = writeln!(out, "last move: {last}");
        }
        if let Some(ending) = Ending::of(position, 0, None) {
            let _ = writeln!(out, "game over: {}", ending.describe());
        } else {
            let _ = writeln!(
                out,
                "{} to move, move {}",
                position.side, position.move_number
            );
        }
        if let Some(marks) = self.marks {
            out.push_str("moves:");
            for m in &marks.moves {
                let _ = write!(out, " {m}");
            }
            out.push('\n');
        }
    }
}

/// `text` in the `background` and `foreground` colours (ANSI codes,
/// either empty), reset after; bare where both are empty.
fn painted(background: &str, foreground: &str, text: &str, out: &mut String) {
    if background.is_empty() && foreground.is_empty() {
        out.push_str(text);
    } else {
        let _ = write!(out, "{background}{foreground}{text}{RESET}");
    }
}

/// The capture mark `x` for the gap before cell `file` of `rank`, if it
/// belongs there: beside a piece that a marked move captures, on its left,
/// or on its right where a castle wall is on its left.
fn capture_mark(marks: Option<&Marks>, file: u8, rank: u8) -> Option<&'static str> {
    let marks = marks?;
    let captured =
        |file: u8| Square::new(file, rank).is_some_and(|square| marks.captures.contains(square));
    let is_wall = |file: u8| matches!(separator(file, rank, "~"), "[" | "]");
    let left_of_capture = captured(file) && !is_wall(file);
    let right_of_walled_capture = file
        .checked_sub(1)
        .is_some_and(|left| captured(left) && is_wall(left));
    (left_of_capture || right_of_walled_capture).then_some("x")
}

/// What stands between two cells (or at a rank's ends): castle walls on
/// the castles' ranks, water on the river, a space elsewhere.
fn separator(file: u8, rank: u8, river: &'static str) -> &'static str {
    let castle_rank = matches!(rank, 0..=2 | 4..=6);
    match file {
        _ if rank == Square::RIVER_RANK => river,
        2 if castle_rank => "[",
        5 if castle_rank => "]",
        _ => " ",
    }
}

/// A square's character and the colour it is painted in.
fn cell(
    position: &Position,
    marks: Option<&Marks>,
    square: Square,
    unicode: bool,
    empty: &'static str,
) -> (&'static str, &'static str) {
    if marks.is_some_and(|marks| marks.quiet.contains(square)) {
        return ("*", MARK);
    }
    match position.board.piece_at(square) {
        None => (empty, ""),
        Some(piece) => {
            let paint = if piece.color == Color::White {
                WHITE_PIECE
            } else {
                BLACK_PIECE
            };
            (glyph(piece, unicode), paint)
        }
    }
}

fn glyph(piece: Piece, unicode: bool) -> &'static str {
    const LETTERS: [[&str; 8]; 2] = [
        ["P", "S", "G", "M", "E", "L", "C", "Z"],
        ["p", "s", "g", "m", "e", "l", "c", "z"],
    ];
    const FIGURINES: [[&str; 8]; 2] = [
        ["♙", "Ⓢ", "♗", "Ⓜ", "♖", "♔", "♕", "♘"],
        ["♟", "ⓢ", "♝", "ⓜ", "♜", "♚", "♛", "♞"],
    ];
    let table = if unicode { &FIGURINES } else { &LETTERS };
    table[piece.color.index()][piece.kind.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Selection;
    use congo_rules::Kind;

    fn drawn(fen: &str, selection: Option<Selection>, style: Style) -> String {
        let position: Position = fen.parse().unwrap();
        let marks = selection.map(|selection| Marks::new(&position, selection));
        let mut out = String::new();
        diagram(&position, marks.as_ref(), style, &mut out);
        out
    }

    #[test]
    fn the_start_position_in_ascii() {
        let expected = "  +---------------+
7 | g m[e l e]c z |
6 | p p[p p p]p p |
5 | . .[. . .]. . |
4 |~.~.~.~.~.~.~.~|
3 | . .[. . .]. . |
2 | P P[P P P]P P |
1 | G M[E L E]C Z |
  +---------------+
    a b c d e f g
  [ ] castles  ~ river
white to move, move 0
";
        assert_eq!(
            drawn(
                "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
                None,
                Style::default()
            ),
            expected
        );
    }

    #[test]
    fn marks_show_moves_and_captures() {
        let out = drawn(
            "3l3/7/7/7/7/2pL3/7 w 1",
            Some(Selection::Kind(Kind::Lion)),
            Style::default(),
        );
        // The captured pieces stay in sight, an x beside each: on the
        // left, or on the right where the castle wall is on the left.
        assert!(out.contains("2 | . .[pxL *]. . |\n"), "{out}");
        assert!(out.contains("1 | . .[* * *]. . |\n"), "{out}");
        assert!(out.contains("7 | . .[.xl .]. . |\n"), "{out}");
        assert!(
            out.ends_with("moves: d2c1 d2c2 d2c3 d2d1 d2d3 d2d7 d2e1 d2e2 d2e3\n"),
            "{out}"
        );
    }

    #[test]
    fn unicode_draws_boxes_and_figurines() {
        let out = drawn(
            "3l3/7/7/7/7/7/3L3 b 4",
            None,
            Style {
                unicode: true,
                ..Style::default()
            },
        );
        assert!(
            out.starts_with("  ┌───────────────┐\n7 │ · ·[· ♚ ·]· · │\n"),
            "{out}"
        );
        assert!(out.contains("4 │≈·≈·≈·≈·≈·≈·≈·≈│\n"), "{out}");
        assert!(out.ends_with("black to move, move 4\n"), "{out}");
    }

    #[test]
    fn the_last_move_is_marked_where_it_started() {
        let before: Position = "3l3/7/7/7/7/7/3L3 w 1".parse().unwrap();
        let m = before.parse_move("d1d2", &mut Vec::new()).unwrap();
        let position = before.play_unchecked(m, congo_rules::RuleSet::default());
        let style = Style {
            last_move: Some(m),
            ..Style::default()
        };
        let mut out = String::new();
        diagram(&position, None, style, &mut out);
        assert!(
            out.contains("2 | . .[. L .]. . |\n1 | . .[. o .]. . |"),
            "{out}"
        );
        assert!(out.contains("  o moved from\n"), "{out}");
        assert!(out.contains("last move: d1d2\n"), "{out}");
    }

    #[test]
    fn colour_only_when_asked() {
        let plain = drawn("3l3/7/7/7/7/7/3L3 w 1", None, Style::default());
        assert!(!plain.contains('\x1b'));
        let coloured = drawn(
            "3l3/7/7/7/7/7/3L3 w 1",
            None,
            Style {
                color: true,
                ..Style::default()
            },
        );
        assert!(
            coloured.contains(&format!("{CASTLE}{WHITE_PIECE}L{RESET}")),
            "{coloured}"
        );
        assert!(coloured.contains(&format!("{RIVER}.{RESET}")), "{coloured}");
        // The gaps inside the castles and the river are painted too, so
        // each is one block; the walls and the gaps outside are not.
        assert!(
            coloured.contains(&format!(
                "{CASTLE}.{RESET}{CASTLE} {RESET}{CASTLE}{WHITE_PIECE}L"
            )),
            "{coloured}"
        );
        assert!(
            coloured.contains(&format!("{RIVER}~{RESET}{RIVER}.{RESET}")),
            "{coloured}"
        );
        assert!(coloured.contains(&format!("[{CASTLE}.")), "{coloured}");
    }

    #[test]
    fn every_figurine_is_its_own() {
        let glyphs: std::collections::HashSet<&str> = Color::ALL
            .into_iter()
            .flat_map(|color| {
                congo_rules::Kind::ALL.map(|kind| glyph(Piece::new(color, kind), true))
            })
            .collect();
        assert_eq!(glyphs.len(), 16);
        assert_eq!(
            glyph(Piece::new(Color::White, congo_rules::Kind::Superpawn), true),
            "Ⓢ"
        );
        assert_eq!(
            glyph(Piece::new(Color::Black, congo_rules::Kind::Monkey), true),
            "ⓜ"
        );
    }

    #[test]
    fn no_line_ends_in_a_blank() {
        let out = drawn(
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
            Some(Selection::All),
            Style::default(),
        );
        assert!(out.lines().all(|line| !line.ends_with(' ')), "{out}");
    }
}
