//! The page and its assets: built in, small, and all that is served.

use crate::client::Server;

const ASSETS: [(&str, &str); 14] = [
    ("/", "text/html; charset=utf-8"),
    ("/app.js", "text/javascript; charset=utf-8"),
    ("/legend.js", "text/javascript; charset=utf-8"),
    ("/announce.js", "text/javascript; charset=utf-8"),
    ("/visibility.js", "text/javascript; charset=utf-8"),
    ("/sound.js", "text/javascript; charset=utf-8"),
    ("/premove.js", "text/javascript; charset=utf-8"),
    ("/endings.js", "text/javascript; charset=utf-8"),
    ("/mygames.js", "text/javascript; charset=utf-8"),
    ("/nopaths.js", "text/javascript; charset=utf-8"),
    ("/evalbar.js", "text/javascript; charset=utf-8"),
    ("/analysis.js", "text/javascript; charset=utf-8"),
    ("/style.css", "text/css; charset=utf-8"),
    ("/favicon.svg", "image/svg+xml"),
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
    assert_eq!(total, congo::serve::page_size());
    // docs/serve.md's bound: under 150 KB, every asset included.
    assert!(total < 150_000, "the page weighs {total} bytes");
    let page = server.get("/");
    for asset in ["/app.js", "/style.css", "/favicon.svg"] {
        assert!(page.text().contains(&format!("\"{asset}\"")), "{asset}");
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
