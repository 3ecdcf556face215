//! The page and its assets, built into the binary: nothing is read from
//! disk at run time, so no request can reach a file.

/// One asset: its type and its text.
pub(super) struct Asset {
    pub content_type: &'static str,
    pub body: &'static str,
}

/// Every asset, by the path it is served at.
const ASSETS: [(&str, Asset); 4] = [
    (
        "/",
        Asset {
            content_type: "text/html; charset=utf-8",
            body: include_str!("page/index.html"),
        },
    ),
    (
        "/app.js",
        Asset {
            content_type: "text/javascript; charset=utf-8",
            body: include_str!("page/app.js"),
        },
    ),
    (
        "/style.css",
        Asset {
            content_type: "text/css; charset=utf-8",
            body: include_str!("page/style.css"),
        },
    ),
    (
        "/favicon.svg",
        Asset {
            content_type: "image/svg+xml",
            body: include_str!("page/favicon.svg"),
        },
    ),
];

/// The asset served at `path`.
pub(super) fn find(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS
        .iter()
        .find(|(served, _)| *served == path)
        .map(|(_, asset)| asset)
}

/// The bytes of the page with every asset it loads.
pub fn page_size() -> usize {
    ASSETS.iter().map(|(_, asset)| asset.body.len()).sum()
}
