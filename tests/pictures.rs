//! Pictures: every SVG drawing well-formed, self-contained XML with the
//! right pieces and marks; the pictures in the docs current; drawings
//! never written over files congo did not write.

use crate::common;

use std::fs;

use std::path::PathBuf;

use common::{
    assert_lookalikes_kept, assert_usage_error, congo, congo_reading, plant_lookalikes, scratch,
    text,
};

/// Checks that `xml` is well-formed: every tag closed in order, attributes
/// quoted, text and attribute values escaped, a single root element.
/// Returns the tags opened, in order, for counting.
fn well_formed(xml: &str) -> Result<Vec<String>, String> {
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = xml;
    let mut roots = 0;
    while let Some(start) = rest.find('<') {
        check_text(&rest[..start])?;
        let end = rest[start..].find('>').ok_or("a tag is not closed")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let expected = open.pop().ok_or(format!("</{name}> closes nothing"))?;
            if expected != name.trim() {
                return Err(format!("</{name}> closes <{expected}>"));
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body
            .split_whitespace()
            .next()
            .ok_or("an empty tag")?
            .to_owned();
        check_attributes(&body[name.len()..])?;
        if open.is_empty() {
            roots += 1;
        }
        seen.push(body.to_owned());
        if !self_closing {
            open.push(name);
        }
    }
    check_text(rest)?;
    match (open.is_empty(), roots) {
        (false, _) => Err(format!("<{}> is never closed", open.join("> <"))),
        (true, 1) => Ok(seen),
        (true, roots) => Err(format!("{roots} root elements")),
    }
}

fn check_text(text: &str) -> Result<(), String> {
    for (at, _) in text.match_indices('&') {
        let entity = &text[at..];
        if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
            .iter()
            .any(|e| entity.starts_with(e))
        {
            return Err(format!("unescaped & in {text:?}"));
        }
    }
    if text.contains('>') {
        return Err(format!("unescaped > in {text:?}"));
    }
    Ok(())
}

fn check_attributes(mut attributes: &str) -> Result<(), String> {
    loop {
        attributes = attributes.trim_start();
        if attributes.is_empty() {
            return Ok(());
        }
        let eq = attributes
            .find('=')
            .ok_or(format!("attribute without value: {attributes:?}"))?;
        let name = &attributes[..eq];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-:_".contains(c))
        {
            return Err(format!("bad attribute name {name:?}"));
        }
        let value = attributes[eq + 1..]
            .strip_prefix('"')
            .ok_or(format!("{name} is not quoted"))?;
        let close = value.find('"').ok_or(format!("{name} is not closed"))?;
        let value_text = &value[..close];
        if value_text.contains('<') {
            return Err(format!("< in the value of {name}"));
        }
        check_text(value_text)?;
        attributes = &value[close + 1..];
    }
}

fn count(tags: &[String], class: &str) -> usize {
    tags.iter()
        .filter(|tag| tag.contains(&format!("class=\"{class}")))
        .count()
}

#[test]
fn the_checker_rejects_broken_xml() {
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg></svg><svg></svg>").is_err());
    assert!(well_formed("<svg a=b></svg>").is_err());
    assert!(well_formed("<svg>a & b</svg>").is_err());
    assert!(well_formed("<svg><title>x</title><rect x=\"1\"/></svg>").is_ok());
}

#[test]
fn drawings_are_well_formed_and_count_their_pieces_and_marks() {
    let dir = scratch("marks");
    // The start position; the lion on d2 with a pawn to take and the
    // enemy lion to fly to; a lion flying along a diagonal.
    let fens = [
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
        "3l3/7/7/7/7/2pL3/7 w 1",
        "7/7/2l4/7/4L2/7/7 w 1",
    ];
    let input = format!("3\n{}\n", fens.join("\n"));
    let output = congo(
        &["show", "--moves", "lion", "--svg", dir.to_str().unwrap()],
        input.as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    // (pieces, empty targets, captures, flights, rows of the legend: two
    // kinds a row) of each position.
    let expected = [(28, 0, 0, 0, 4), (3, 7, 2, 1, 1), (2, 3, 1, 1, 1)];
    for (i, (fen, (pieces, quiet, captures, flights, rows))) in
        fens.iter().zip(expected).enumerate()
    {
        let path = dir.join(format!("position-{:03}.svg", i + 1));
        let svg = fs::read_to_string(&path).unwrap();
        let tags = well_formed(&svg).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert!(
            tags[0].starts_with("svg ")
                && tags[0].contains(&format!("viewBox=\"-8 -8 466 {}\"", 500 + 28 * rows)),
            "{}",
            tags[0]
        );
        assert!(svg.contains(&format!("<title>{fen}</title>")), "{svg}");
        let side = if fen.contains(" w ") {
            "white"
        } else {
            "black"
        };
        assert!(svg.contains(&format!(">{side} to move, move ")), "{svg}");
        // Links only to its own drawings, never outside.
        assert!(
            svg.split("href=\"")
                .skip(1)
                .all(|link| link.starts_with('#'))
                && !svg.contains("@import")
                && !svg.contains("url(http"),
            "self-contained"
        );
        assert_eq!(count(&tags, "piece "), pieces, "{fen}");
        assert_eq!(count(&tags, "marker move"), quiet, "{fen}");
        assert_eq!(count(&tags, "marker capture"), captures, "{fen}");
        assert_eq!(count(&tags, "marker flight"), flights, "{fen}");
        assert_eq!(count(&tags, "castle"), 18);
        assert_eq!(count(&tags, "river"), 1);
        assert_eq!(count(&tags, "legend"), 1);
    }
    // The legend shows and names the kinds on the board, in the usual
    // order, each drawn as on the board.
    let second = fs::read_to_string(dir.join("position-002.svg")).unwrap();
    let legend = &second[second.find("<g class=\"legend\">").unwrap()..];
    let pawn = legend.find(">pawn (P)</text>").expect("the pawn named");
    let lion = legend.find(">lion (L)</text>").expect("the lion named");
    assert!(pawn < lion, "{legend}");
    assert!(legend.contains("href=\"#piece-white-pawn\""), "{legend}");
    assert!(legend.contains("href=\"#piece-white-lion\""), "{legend}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_line_is_reported_and_the_others_still_drawn() {
    let dir = scratch("bad");
    let input = "3\n3l3/7/7/7/7/7/3L3 w 1\nnot a fen\n3l3/7/7/7/7/7/3L3 b 1\n";
    let output = congo(&["show", "--svg", dir.to_str().unwrap()], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 3: expected 7 ranks, found 1\n"
    );
    let diagrams = text(&output.stdout);
    assert_eq!(diagrams.matches("to move, move 1").count(), 2, "{diagrams}");
    assert!(dir.join("position-001.svg").is_file());
    assert!(!dir.join("position-002.svg").exists());
    assert!(dir.join("position-003.svg").is_file());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_kind_is_a_usage_error() {
    assert_usage_error(
        &["show", "--moves", "king"],
        "congo: piece kind \"king\" is unknown",
    );
}

#[test]
fn the_pictures_in_docs_are_what_the_readme_command_makes() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs");
    for (name, args, fen) in [
        (
            "start.svg",
            &["show"][..],
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
        ),
        (
            "lion-moves.svg",
            &["show", "--moves", "lion"],
            "1g1Gl2/P1P2P1/1P5/7/1Z3P1/1P5/4L2 b 79",
        ),
    ] {
        let dir = scratch(name);
        let mut args = args.to_vec();
        args.extend(["--svg", dir.to_str().unwrap()]);
        let output = congo(&args, format!("1\n{fen}\n").as_bytes());
        assert!(output.status.success());
        let made = fs::read(dir.join("position-001.svg")).unwrap();
        assert_eq!(
            made,
            fs::read(docs.join(name)).unwrap(),
            "docs/{name} is stale"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn monkey_chains_are_drawn_as_paths_through_every_landing() {
    let dir = scratch("chains");
    // b4 over c5 to d6, and on over d5 to d4: two chains.
    let input = "1\n3l3/7/2pp3/1M5/7/7/3L3 w 1\n";
    let output = congo(
        &["show", "--moves", "monkey", "--svg", dir.to_str().unwrap()],
        input.as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = fs::read_to_string(dir.join("position-001.svg")).unwrap();
    let tags = well_formed(&svg).unwrap();
    assert_eq!(count(&tags, "marker chain"), 2, "{svg}");
    // From b4 (120,210) by d6 (240,90) to d4 (240,210), the second chain
    // shifted 4 units from the first, starting at the edge of b4's disc
    // and ending before d4's, its two legs numbered at their middles.
    assert!(
        svg.contains("<title>b4d6d4</title><path d=\"M132.3,189.7 L236.0,86.0 L236.0,181.0\""),
        "{svg}"
    );
    assert!(svg.contains(r##"<text x="176.0" y="149.5" text-anchor="middle" font-size="10" fill="#6a3d9a">1</text>"##), "{svg}");
    assert!(svg.contains(r##"<text x="236.0" y="149.5" text-anchor="middle" font-size="10" fill="#6a3d9a">2</text>"##), "{svg}");
    // The jumped pawns keep their discs, ringed.
    assert_eq!(count(&tags, "piece black pawn"), 2, "{svg}");
    assert_eq!(count(&tags, "marker capture"), 2, "{svg}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_chain_and_its_reverse_are_drawn_apart() {
    let dir = scratch("reverse");
    // b2 round c2, d3 and c3 one way (b2d2d4b2) or the other (b2d4d2b2).
    let input = "1\n3l3/7/7/7/2pp3/1Mp4/3L3 w 1\n";
    let output = congo(
        &["show", "--moves", "monkey", "--svg", dir.to_str().unwrap()],
        input.as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = fs::read_to_string(dir.join("position-001.svg")).unwrap();
    let chain = |name: &str| {
        let start = svg.find(&format!("<title>{name}</title>")).unwrap();
        svg[start..start + svg[start..].find("</g>").unwrap()].to_owned()
    };
    let (one_way, other_way) = (chain("b2d2d4b2"), chain("b2d4d2b2"));
    assert_ne!(one_way, other_way);
    for drawn in [&one_way, &other_way] {
        for leg in ["1", "2", "3"] {
            assert!(drawn.contains(&format!(">{leg}</text>")), "{drawn}");
        }
    }
    // Leg 1 of b2d2d4b2 runs along rank 2; of b2d4d2b2, on the diagonal.
    let leg_one = |drawn: &str| {
        let end = drawn.find(">1</text>").unwrap();
        drawn[drawn[..end].rfind("<text").unwrap()..end].to_owned()
    };
    assert_ne!(leg_one(&one_way), leg_one(&other_way));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_spec_sample_pictures_in_docs_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for kind in ["lion", "zebra", "giraffe", "pawn", "superpawn"] {
        let dir = scratch(kind);
        let input = fs::read(root.join("samples").join(format!("{kind}.in"))).unwrap();
        let output = congo(
            &["show", "--moves", kind, "--svg", dir.to_str().unwrap()],
            &input,
        );
        assert!(output.status.success());
        for n in 1..=2 {
            let made = fs::read(dir.join(format!("position-{n:03}.svg"))).unwrap();
            let kept = fs::read(root.join(format!("docs/samples/{kind}-{n}.svg"))).unwrap();
            assert_eq!(made, kept, "docs/samples/{kind}-{n}.svg is stale");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_rules_pictures_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let positions = fs::read_to_string(root.join("docs/rules/positions.txt")).unwrap();
    for line in positions.lines() {
        let (kind, fen) = line.split_once(' ').unwrap();
        let dir = scratch(&format!("rules-{kind}"));
        let output = congo(
            &["show", "--moves", kind, "--svg", dir.to_str().unwrap()],
            format!("1\n{fen}\n").as_bytes(),
        );
        assert!(output.status.success(), "{}", text(&output.stderr));
        let made = fs::read(dir.join("position-001.svg")).unwrap();
        let kept = fs::read(root.join(format!("docs/rules/{kind}.svg"))).unwrap();
        assert!(made == kept, "docs/rules/{kind}.svg is stale");
        let _ = fs::remove_dir_all(&dir);
    }
    let page = fs::read_to_string(root.join("docs/rules.md")).unwrap();
    for line in positions.lines() {
        let kind = line.split(' ').next().unwrap();
        assert!(page.contains(&format!("(rules/{kind}.svg)")), "{kind}");
    }
}

#[cfg(unix)]
#[test]
fn show_force_keeps_files_that_only_share_the_prefix() {
    let dir = scratch("show-force");
    let out = dir.join("out");
    fs::create_dir_all(&out).unwrap();
    plant_lookalikes(&out);
    fs::write(out.join("position-001.svg"), "earlier").unwrap();
    let folder = out.to_str().unwrap();
    let input = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let output = congo(&["show", "--svg", folder, "--force"], input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_lookalikes_kept(&out);
    assert!(
        fs::read_to_string(out.join("position-001.svg"))
            .unwrap()
            .starts_with("<svg")
    );

    // The FEN file itself, named like a drawing, is never replaced.
    fs::write(out.join("position-002.svg"), input).unwrap();
    let output = congo_reading(&out, &["show", "--svg", ".", "--force"], "position-002.svg");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("position-002.svg is the standard input"));
    assert_eq!(fs::read(out.join("position-002.svg")).unwrap(), input);
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn show_refuses_stale_drawings_and_still_prints_when_a_drawing_fails() {
    let dir = scratch("show-svg");
    let svg = dir.join("svg");
    std::fs::create_dir_all(&svg).unwrap();
    std::fs::write(svg.join("position-001.svg"), "earlier").unwrap();
    let input = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let folder = svg.to_str().unwrap();
    let output = congo(&["show", "--svg", folder], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("already exists"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(svg.join("position-001.svg")).unwrap(),
        "earlier"
    );
    let output = congo(&["show", "--svg", folder, "--force"], input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        std::fs::read_to_string(svg.join("position-001.svg"))
            .unwrap()
            .starts_with("<svg")
    );

    // A folder that is a link is refused.
    let link = dir.join("link");
    std::os::unix::fs::symlink(&svg, &link).unwrap();
    let output = congo(&["show", "--svg", link.to_str().unwrap()], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("is a symbolic link"));

    let _ = std::fs::remove_dir_all(&dir);
}
