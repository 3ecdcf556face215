//! The pictures of the pieces: one drawing per kind on a 100-unit square,
//! shapes told apart at a glance (a spiked mane, big ears and a trunk, a
//! long neck, a striped horse's head, open jaws, a round face with ears, a
//! pawn, and a pawn with a crown), so that no letter needs reading. Each
//! is defined once per colour in a picture's `<defs>` and placed with
//! `<use>`.

use std::fmt::Write;

use congo_rules::{Color, Kind};

/// Each kind's drawing: shapes whose `F`, `O` and `D` stand for the
/// body's fill, its outline and the details' colour.
fn drawing(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => concat!(
            r#"<path d="M28,90 H72 V82 Q72,74 62,72 L57,52 A17,17 0 1 0 43,52 L38,72 Q28,74 28,82 Z" fill="F" stroke="O"/>"#,
            r#"<path d="M38,72 H62" stroke="D" fill="none"/>"#,
        ),
        Kind::Superpawn => concat!(
            r#"<path d="M28,92 H72 V84 Q72,76 62,74 L57,56 A15,15 0 1 0 43,56 L38,74 Q28,76 28,84 Z" fill="F" stroke="O"/>"#,
            r#"<path d="M33,31 L35,8 L44,19 L50,4 L56,19 L65,8 L67,31 Z" fill="F" stroke="O"/>"#,
            r#"<path d="M38,74 H62" stroke="D" fill="none"/>"#,
        ),
        Kind::Lion => concat!(
            r#"<path d="M50,4 L58,16 L70,9 L72,23 L86,21 L82,35 L95,40 L85,50 L95,60 L82,65 L86,79 L72,77 L70,91 L58,84 L50,96 L42,84 L30,91 L28,77 L14,79 L18,65 L5,60 L15,50 L5,40 L18,35 L14,21 L28,23 L30,9 L42,16 Z" fill="F" stroke="O"/>"#,
            r#"<circle cx="50" cy="51" r="25" fill="F" stroke="O"/>"#,
            r#"<circle cx="41" cy="45" r="3.5" fill="D"/><circle cx="59" cy="45" r="3.5" fill="D"/>"#,
            r#"<path d="M44,55 H56 L50,62 Z" fill="D"/>"#,
            r#"<path d="M50,62 V67 M42,68 Q50,74 58,68" stroke="D" fill="none"/>"#,
        ),
        Kind::Monkey => concat!(
            r#"<circle cx="20" cy="46" r="13" fill="F" stroke="O"/><circle cx="80" cy="46" r="13" fill="F" stroke="O"/>"#,
            r#"<circle cx="50" cy="48" r="30" fill="F" stroke="O"/>"#,
            r#"<path d="M50,42 C38,30 24,44 34,58 Q36,76 50,78 Q64,76 66,58 C76,44 62,30 50,42 Z" stroke="D" fill="none"/>"#,
            r#"<circle cx="42" cy="50" r="3.5" fill="D"/><circle cx="58" cy="50" r="3.5" fill="D"/>"#,
            r#"<path d="M43,67 Q50,72 57,67 M20,40 V52 M80,40 V52" stroke="D" fill="none"/>"#,
        ),
        Kind::Elephant => concat!(
            r#"<ellipse cx="24" cy="42" rx="20" ry="25" fill="F" stroke="O"/><ellipse cx="76" cy="42" rx="20" ry="25" fill="F" stroke="O"/>"#,
            r#"<ellipse cx="50" cy="38" rx="20" ry="24" fill="F" stroke="O"/>"#,
            r#"<path d="M42,54 Q40,76 46,90 Q51,96 57,91 Q52,85 55,77 Q58,64 58,54" fill="F" stroke="O"/>"#,
            r#"<path d="M40,56 Q33,68 27,65 M60,56 Q67,68 73,65" stroke="D" fill="none"/>"#,
            r#"<circle cx="42" cy="35" r="3" fill="D"/><circle cx="58" cy="35" r="3" fill="D"/>"#,
        ),
        Kind::Giraffe => concat!(
            r#"<path d="M36,94 L44,42 Q36,32 40,22 L44,18 L44,6 L49,6 L49,16 L53,16 L53,6 L58,6 L58,17 Q70,22 84,32 Q88,40 80,42 L62,40 L64,94 Z" fill="F" stroke="O"/>"#,
            r#"<circle cx="53" cy="54" r="4" fill="D"/><circle cx="50" cy="68" r="4.5" fill="D"/><circle cx="56" cy="80" r="4" fill="D"/><circle cx="45" cy="86" r="3" fill="D"/>"#,
            r#"<circle cx="60" cy="26" r="3" fill="D"/>"#,
        ),
        Kind::Zebra => concat!(
            r#"<path d="M32,94 L72,94 Q76,66 70,46 Q64,26 50,18 L48,6 L41,16 Q31,20 23,36 L14,50 Q12,58 20,61 Q28,61 37,53 Q41,68 32,94 Z" fill="F" stroke="O"/>"#,
            r#"<path d="M63,34 L50,42 M68,48 L52,56 M71,62 L51,70 M72,77 L49,84" stroke="D" stroke-width="5" fill="none"/>"#,
            r#"<circle cx="40" cy="32" r="3.5" fill="D"/><circle cx="19" cy="53" r="2.5" fill="D"/>"#,
        ),
        Kind::Crocodile => concat!(
            r#"<path d="M6,54 Q8,40 24,38 Q28,27 38,29 Q43,33 45,38 L88,42 Q97,44 94,51 L6,54 Z" fill="F" stroke="O"/>"#,
            r#"<path d="M6,59 L91,57 Q93,63 86,66 L24,72 Q7,72 6,59 Z" fill="F" stroke="O"/>"#,
            r#"<path d="M40,53 L43,58 L46,53 M54,52 L57,58 L60,52 M68,52 L71,57 L74,52 M82,51 L84,56 L86,51" stroke="D" fill="none"/>"#,
            r#"<circle cx="35" cy="36" r="3.5" fill="D"/><circle cx="89" cy="45" r="2" fill="D"/>"#,
        ),
    }
}

/// A colour's body fill, outline and details.
fn paint(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#fbf5e6", "#1d1d1d", "#1d1d1d"),
        Color::Black => ("#262626", "#0b0b0b", "#f2ead8"),
    }
}

/// The id of a piece's drawing in a picture's `<defs>`.
pub(super) fn id(color: Color, kind: Kind) -> String {
    format!("piece-{color}-{}", kind.name())
}

/// Writes the `<symbol>` of `kind` in `color`.
pub(super) fn define(color: Color, kind: Kind, out: &mut String) {
    let (fill, outline, detail) = paint(color);
    let shapes = drawing(kind)
        .replace("\"F\"", &format!("\"{fill}\""))
        .replace("\"O\"", &format!("\"{outline}\""))
        .replace("\"D\"", &format!("\"{detail}\""));
    let _ = writeln!(
        out,
        r#"<symbol id="{}" viewBox="0 0 100 100"><g stroke-width="3" stroke-linejoin="round" stroke-linecap="round">{shapes}</g></symbol>"#,
        id(color, kind)
    );
}

/// Places the drawing of `kind` in `color` on the square of `size` units
/// whose corner is `(x, y)`, with `class` for a page to find it.
pub(super) fn place(
    color: Color,
    kind: Kind,
    (x, y): (u32, u32),
    size: u32,
    class: &str,
    out: &mut String,
) {
    let _ = writeln!(
        out,
        r##"<use class="{class}" href="#{}" x="{x}" y="{y}" width="{size}" height="{size}"/>"##,
        id(color, kind)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_drawing_of_its_own_in_both_colours() {
        let mut seen = Vec::new();
        for kind in Kind::ALL {
            assert!(
                !seen.contains(&drawing(kind)),
                "{kind:?} draws like another"
            );
            seen.push(drawing(kind));
            for color in [Color::White, Color::Black] {
                let mut out = String::new();
                define(color, kind, &mut out);
                assert!(!out.contains("\"F\"") && !out.contains("\"O\"") && !out.contains("\"D\""));
                assert!(out.contains(&format!("id=\"{}\"", id(color, kind))));
            }
        }
    }
}
