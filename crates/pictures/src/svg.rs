//! The SVG drawing: a self-contained picture (no fonts or links from
//! outside) that scales to any size.

use std::fmt::Write;

use super::{Marks, in_castle, pieces};
use congo_rules::{Color, Kind, Move, Position, Square};

/// The side of one square, in SVG units.
const CELL: u32 = 60;
/// Room for the rank numbers on the left and the file letters below.
const MARGIN: u32 = 30;
const BOARD: u32 = CELL * Square::SIDE as u32;
/// Room around everything, so that no stroke at the edge is clipped.
const PAD: u32 = 8;
/// Room below the file letters for the side to move.
const CAPTION: u32 = 34;
/// The height of one row of the legend of pieces, below the caption.
const LEGEND_ROW: u32 = 28;
/// The legend's entries a row.
const LEGEND_COLUMNS: usize = 2;
/// The size of text below the board and beside it: 12 px or more when the
/// picture is drawn 280 px wide, as on a 320 px phone.
const FONT: u32 = 20;
/// How far a piece's drawing reaches from its square's centre, for lines
/// that should stop at its edge.
const DISC: f64 = 23.0;
/// The size of a piece's drawing, inside its square.
const FIGURE: u32 = 54;
/// Colours of monkey chains, one after another, so that chains that share
/// squares stay apart.
const CHAIN_COLOURS: [&str; 5] = ["#1f6f43", "#6a3d9a", "#b15928", "#1f78b4", "#a6761d"];

/// How a drawing is laid out: which side is at the bottom, and whether
/// each square carries a target that names it, for a page to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct View {
    /// Black at the bottom: files g to a, ranks 1 to 7 down the page.
    flipped: bool,
    /// A transparent `<rect class="square" data-square="d1">` over each
    /// square, on top of everything.
    targets: bool,
}

impl View {
    /// The drawing `show --svg` writes.
    const PICTURE: View = View {
        flipped: false,
        targets: false,
    };

    /// The top-left corner of a square.
    fn corner(self, square: Square) -> (u32, u32) {
        let (column, row) = if self.flipped {
            (Square::SIDE - 1 - square.file(), square.rank())
        } else {
            (square.file(), Square::SIDE - 1 - square.rank())
        };
        (MARGIN + CELL * u32::from(column), CELL * u32::from(row))
    }

    fn centre(self, square: Square) -> (u32, u32) {
        let (x, y) = self.corner(square);
        (x + CELL / 2, y + CELL / 2)
    }
}

/// The SVG document of `position`, with `marks` if given: a square on
/// each empty target, a ring around each piece that can be captured (the
/// piece stays in sight), an arrow for each flying lion capture and a path
/// along each monkey's jump chain (each in its own colour and offset, its
/// legs numbered in order); the side to move and a legend of the piece
/// letters below.
pub fn svg(position: &Position, marks: Option<&Marks>) -> String {
    draw(position, marks, View::PICTURE)
}

/// The drawing of [`svg`] for a page to play on: no marks, black at the
/// bottom when `flipped`, and over each square a transparent target
/// `<rect class="square" data-square="d1">` that a click can find.
pub fn board(position: &Position, flipped: bool) -> String {
    draw(
        position,
        None,
        View {
            flipped,
            targets: true,
        },
    )
}

/// The drawing of `position` in `view`, with `marks` if given: the
/// definitions, the board, its coordinates, the marks under the pieces,
/// the pieces, the caption and legend, the marks over the pieces and,
/// last, the targets a page clicks.
fn draw(position: &Position, marks: Option<&Marks>, view: View) -> String {
    let kinds = kinds_on_board(position);
    let mut out = String::new();
    open_document(position, &kinds, &mut out);
    definitions(position, &kinds, &mut out);
    ground(view, &mut out);
    coordinates(view, &mut out);
    if let Some(marks) = marks {
        underlay_marks(marks, view, &mut out);
    }
    if view.targets {
        // Where a page draws its highlights: under the pieces.
        out.push_str("<g id=\"marks\"></g>\n");
    }
    place_pieces(position, view, &mut out);
    caption(position, &mut out);
    legend(&kinds, &mut out);
    if let Some(marks) = marks {
        overlay_marks(marks, view, &mut out);
    }
    if view.targets {
        targets(view, &mut out);
    }
    out.push_str("</svg>\n");
    out
}

/// The `<svg>` tag, sized for the board and a legend of `kinds`, and
/// the title that names the position.
fn open_document(position: &Position, kinds: &[Kind], out: &mut String) {
    let legend_rows = kinds.len().div_ceil(LEGEND_COLUMNS) as u32;
    let (width, height) = (
        BOARD + MARGIN + 2 * PAD,
        BOARD + MARGIN + CAPTION + LEGEND_ROW * legend_rows + 2 * PAD,
    );
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-{PAD} -{PAD} {width} {height}" width="{width}" height="{height}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&position.to_string()));
}

/// The `<defs>`: the arrowheads, and the drawing of each piece on the
/// board (the white pieces of every kind there, for the legend).
fn definitions(position: &Position, kinds: &[Kind], out: &mut String) {
    out.push_str(concat!(
        r#"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" "#,
        r#"markerWidth="6" markerHeight="6" orient="auto-start-reverse">"#,
        r##"<path d="M0,0 L10,5 L0,10 z" fill="#b03a2e"/></marker>"##,
        "\n"
    ));
    // A head for each chain colour (older viewers know no context-stroke).
    for (index, colour) in CHAIN_COLOURS.iter().enumerate() {
        let _ = write!(
            out,
            r#"<marker id="chainhead{index}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>"#
        );
    }
    for color in [Color::White, Color::Black] {
        for &kind in kinds {
            let wanted = color == Color::White
                || !(position.board.by_kind(kind) & position.board.by_color(color)).is_empty();
            if wanted {
                pieces::define(color, kind, out);
            }
        }
    }
    out.push_str("</defs>\n");
}

/// The board itself: its ground, the castles, the river and the grid.
fn ground(view: View, out: &mut String) {
    let _ = writeln!(
        out,
        r##"<rect class="board" x="{MARGIN}" y="0" width="{BOARD}" height="{BOARD}" fill="#f4e7cc"/>"##
    );
    for square in Square::all().filter(|&square| in_castle(square)) {
        let (x, y) = view.corner(square);
        let _ = writeln!(
            out,
            r##"<rect class="castle" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#dcb27a"/>"##
        );
    }
    river(out);
    grid(out);
}

/// The file letters below the board and the rank numbers on its left,
/// in the order `view` puts them.
fn coordinates(view: View, out: &mut String) {
    for (i, file) in ('a'..='g').enumerate() {
        let column = if view.flipped { 6 - i as u32 } else { i as u32 };
        let x = MARGIN + CELL * column + CELL / 2;
        let _ = writeln!(
            out,
            r##"<text class="coordinate" x="{x}" y="{}" text-anchor="middle" font-size="{FONT}" fill="#444">{file}</text>"##,
            BOARD + 22
        );
    }
    for rank in 0..Square::SIDE {
        let row = if view.flipped {
            Square::SIDE - 1 - rank
        } else {
            rank
        };
        let y = BOARD - CELL * u32::from(row) - CELL / 2 + 6;
        let _ = writeln!(
            out,
            r##"<text class="coordinate" x="{}" y="{y}" text-anchor="middle" font-size="{FONT}" fill="#444">{}</text>"##,
            MARGIN / 2,
            rank + 1
        );
    }
}

/// Each piece on the board, in its square.
fn place_pieces(position: &Position, view: View, out: &mut String) {
    for square in position.board.occupied() {
        if let Some(piece) = position.board.piece_at(square) {
            let (x, y) = view.corner(square);
            let inset = (CELL - FIGURE) / 2;
            let class = format!("piece {} {}", piece.color, piece.kind);
            pieces::place(
                piece.color,
                piece.kind,
                (x + inset, y + inset),
                FIGURE,
                &class,
                out,
            );
        }
    }
}

/// The side to move and the move number, under the file letters.
fn caption(position: &Position, out: &mut String) {
    let _ = writeln!(
        out,
        r##"<text class="caption" x="{}" y="{}" text-anchor="middle" font-size="{FONT}" fill="#333">{} to move, move {}</text>"##,
        MARGIN + BOARD / 2,
        BOARD + MARGIN + 22,
        position.side,
        position.move_number
    );
}

/// Marks drawn over the pieces: each monkey's jump chain, and an arrow
/// for each flying lion capture.
fn overlay_marks(marks: &Marks, view: View, out: &mut String) {
    let chains = marks.moves.iter().filter(|m| !m.jumps().is_empty());
    for (index, m) in chains.enumerate() {
        chain(*m, index, view, out);
    }
    for &m in &marks.flights {
        flight(m, view, out);
    }
}

/// A lion's flight onto the other lion: an arrow from the edge of one
/// lion's disc to the edge of the other's, so that it covers neither
/// letter.
fn flight(m: Move, view: View, out: &mut String) {
    let ((x1, y1), (x2, y2)) = (view.centre(m.from()), view.centre(m.to()));
    let (dx, dy) = (f64::from(x2) - f64::from(x1), f64::from(y2) - f64::from(y1));
    let length = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / length * 26.0, dy / length * 26.0);
    let _ = writeln!(
        out,
        r##"<line class="marker flight" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#b03a2e" stroke-width="4" marker-end="url(#arrowhead)"/>"##,
        f64::from(x1) + ux,
        f64::from(y1) + uy,
        f64::from(x2) - ux,
        f64::from(y2) - uy
    );
}

/// Over each square, on top of everything, a transparent target
/// `<rect class="square" data-square="d1">` that a click can find.
fn targets(view: View, out: &mut String) {
    for square in Square::all() {
        let (x, y) = view.corner(square);
        let _ = writeln!(
            out,
            r#"<rect class="square" data-square="{square}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="transparent"/>"#
        );
    }
}

/// A monkey's chain, the `index`-th drawn: a line from the edge of its
/// disc through every landing, shifted a little from the chains before
/// it, each leg numbered at its middle, the head stopping at the last
/// landing's disc so that no letter is covered.
fn chain(m: Move, index: usize, view: View, out: &mut String) {
    let colour = CHAIN_COLOURS[index % CHAIN_COLOURS.len()];
    let shift = 4.0 * ((index % 5) as f64 - 2.0);
    let point = |square| {
        let (x, y) = view.centre(square);
        (f64::from(x) + shift, f64::from(y) + shift)
    };
    let mut points = vec![point(m.from())];
    points.extend(m.landings().map(point));
    // Pull both ends in to the discs' edges.
    let last = points.len() - 1;
    let toward = |from: (f64, f64), to: (f64, f64), by: f64| {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = dx.hypot(dy).max(1.0);
        (from.0 + dx / length * by, from.1 + dy / length * by)
    };
    let ends = (
        toward(points[0], points[1], DISC),
        toward(points[last], points[last - 1], DISC + 2.0),
    );
    let mut path = format!("M{:.1},{:.1}", ends.0.0, ends.0.1);
    for (i, &(x, y)) in points.iter().enumerate().skip(1) {
        let (x, y) = if i == last { ends.1 } else { (x, y) };
        let _ = write!(path, " L{x:.1},{y:.1}");
    }
    let _ = writeln!(
        out,
        r##"<g class="marker chain"><title>{m}</title><path d="{path}" fill="none" stroke="{colour}" stroke-opacity="0.8" stroke-width="2.5" stroke-dasharray="7 4" marker-end="url(#chainhead{})"/>"##,
        index % CHAIN_COLOURS.len()
    );
    for (leg, pair) in points.windows(2).enumerate() {
        let (x, y) = ((pair[0].0 + pair[1].0) / 2.0, (pair[0].1 + pair[1].1) / 2.0);
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="7" fill="#fffdf7" stroke="{colour}"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="{colour}">{}</text>"##,
            y + 3.5,
            leg + 1
        );
    }
    out.push_str("</g>\n");
}

/// The kinds on the board, in the order of [`Kind::ALL`].
fn kinds_on_board(position: &Position) -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .filter(|&kind| !position.board.by_kind(kind).is_empty())
        .collect()
}

/// The kinds on the board, each drawn small with its name and letter,
/// under the caption in rows of [`LEGEND_COLUMNS`], each row centred.
fn legend(kinds: &[Kind], out: &mut String) {
    let column = BOARD / LEGEND_COLUMNS as u32;
    out.push_str("<g class=\"legend\">\n");
    for (row, entries) in kinds.chunks(LEGEND_COLUMNS).enumerate() {
        let left = MARGIN + (BOARD - column * entries.len() as u32) / 2;
        let top = BOARD + MARGIN + CAPTION + LEGEND_ROW * row as u32;
        for (index, &kind) in entries.iter().enumerate() {
            let x = left + column * index as u32 + 4;
            pieces::place(Color::White, kind, (x, top), LEGEND_ROW - 4, "icon", out);
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="{FONT}" fill="#444">{} ({})</text>"##,
                x + LEGEND_ROW,
                top + LEGEND_ROW / 2 + 4,
                kind.name(),
                kind.letter() as char
            );
        }
    }
    out.push_str("</g>\n");
}

/// Marks drawn under the pieces: a square on each empty target, a ring
/// around each piece that can be captured.
fn underlay_marks(marks: &Marks, view: View, out: &mut String) {
    for square in marks.quiet {
        let (x, y) = view.corner(square);
        let _ = writeln!(
            out,
            r##"<rect class="marker move" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#b03a2e" stroke-width="4"/>"##,
            x + 12,
            y + 12,
            CELL - 24,
            CELL - 24
        );
    }
    for square in marks.captures {
        let (x, y) = view.centre(square);
        let _ = writeln!(
            out,
            r##"<circle class="marker capture" cx="{x}" cy="{y}" r="28" fill="none" stroke="#b03a2e" stroke-width="4"/>"##
        );
    }
}

/// The river, rank 4: water with a line of waves.
fn river(out: &mut String) {
    let y = BOARD - CELL * 4;
    let _ = writeln!(
        out,
        r##"<rect class="river" x="{MARGIN}" y="{y}" width="{BOARD}" height="{CELL}" fill="#9cc9e8"/>"##
    );
    // One wave (up and down) every 20 units across the board.
    let waves = format!("M{MARGIN},{}", y + CELL / 2)
        + &" q5,-6 10,0 q5,6 10,0".repeat((BOARD / 20) as usize);
    let _ = writeln!(
        out,
        r##"<path class="waves" d="{waves}" fill="none" stroke="#5d9cc7" stroke-width="2"/>"##
    );
}

/// The lines between squares.
fn grid(out: &mut String) {
    let mut path = String::new();
    for i in 0..=u32::from(Square::SIDE) {
        let offset = CELL * i;
        let _ = write!(
            path,
            "M{},0 V{BOARD} M{MARGIN},{offset} H{} ",
            MARGIN + offset,
            MARGIN + BOARD
        );
    }
    let _ = writeln!(
        out,
        r##"<path class="grid" d="{}" stroke="#6b5537" stroke-width="1.5" fill="none"/>"##,
        path.trim_end()
    );
}

/// Text made safe to put between tags.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
