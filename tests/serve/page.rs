//! The page and its assets: built in, small, and all that is served.

use std::path::Path;

use super::client::Server;
use crate::common::files_under;

/// Everything the page loads: itself, one script and one style, so that
/// a browser needs two connections at most.
const ASSETS: [(&str, &str); 3] = [
    ("/", "text/html; charset=utf-8"),
    ("/app.js", "text/javascript; charset=utf-8"),
    ("/style.css", "text/css; charset=utf-8"),
];

#[test]
fn the_page_and_its_assets_are_served_with_their_types() {
    let server = Server::start(&[], &[]);
    let mut total = 0;
    for (path, content_type) in ASSETS {
        let reply = server.get(path);
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("content-type"), Some(content_type), "{path}");
        total += reply.body.len();
        // Nothing is fetched from beyond the server: no font, no CDN.
        for outside in ["http://", "https://", "//cdn", "@import"] {
            let text = reply.text().replace("http://www.w3.org/2000/svg", "");
            assert!(!text.contains(outside), "{path} holds {outside}");
        }
    }
    assert_eq!(total, congo_web::page_size());
    // docs/serve.md's bound: under 150 KB, every asset included.
    assert!(total < 150_000, "the page weighs {total} bytes");
    let page = server.get("/");
    // What the page loads: each src or href that names a path, not the
    // page itself.
    let linked: Vec<&str> = (page.text().split(" src=\"").skip(1))
        .chain(page.text().split(" href=\"").skip(1))
        .filter_map(|rest| rest.split('"').next())
        .filter(|target| target.starts_with('/') && *target != "/")
        .collect();
    assert_eq!(linked, ["/app.js", "/style.css"]);
    // The script's modules are joined in: it imports nothing more.
    assert!(!server.get("/app.js").text().contains("from './"));
    for old in ["/legend.js", "/favicon.svg"] {
        assert_eq!(server.get(old).status, 404, "{old}");
    }
}

/// The most lines a file of the page may have: one that grows past it is
/// split by concern into modules, which the server joins into one script.
const MOST_LINES: usize = 600;

#[test]
fn no_file_of_the_page_is_over_600_lines() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/web/src/page");
    let files = files_under(&folder);
    assert!(
        files.iter().any(|file| file.ends_with("app.js")),
        "{files:?}"
    );
    for file in files {
        let text = std::fs::read_to_string(folder.join(&file)).unwrap();
        let lines = text.lines().count();
        assert!(
            lines <= MOST_LINES,
            "{} has {lines} lines, more than {MOST_LINES}",
            file.display()
        );
    }
}

#[test]
fn the_board_picture_has_a_named_target_on_every_square() {
    let server = Server::start(&[], &[]);
    let fen = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ+w+0";
    let reply = server.get(&format!("/api/board.svg?fen={fen}"));
    assert_eq!(reply.header("content-type"), Some("image/svg+xml"));
    let svg = reply.text();
    assert_eq!(svg.matches("data-square=").count(), 49);
    assert!(svg.contains("data-square=\"d4\""));
    let flipped = server.get(&format!("/api/board.svg?fen={fen}&flip=1"));
    assert_ne!(flipped.body, reply.body);
    assert_eq!(flipped.text().matches("data-square=").count(), 49);
}

#[test]
fn no_path_reaches_the_disk() {
    let server = Server::start(&[], &[]);
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/src/main.rs",
        "/page/app.js",
        "//etc/passwd",
        "/app.js/",
    ] {
        let reply = server.get(path);
        assert_eq!(reply.status, 404, "{path}");
        assert!(reply.json().get("error").is_some());
    }
}
