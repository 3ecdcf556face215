//! The page and its assets, built into the binary: nothing is read from
//! disk at run time, so no request can reach a file.

use super::bundle;

/// One asset: its type and its text.
pub(super) struct Asset {
    pub content_type: &'static str,
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The page and its style, served as they are written.
const PAGE: Asset = Asset {
    content_type: HTML,
    body: include_str!("page/index.html"),
};
const STYLE: Asset = Asset {
    content_type: CSS,
    body: include_str!("page/style.css"),
};

/// Every asset, by the path it is served at: the page (its icon drawn
/// inline), its one script (its modules joined, see [`bundle`]) and its
/// style, so that the page loads in three requests.
fn all() -> [(&'static str, Asset); 3] {
    let script = Asset {
        content_type: JS,
        body: bundle::script(),
    };
    [("/", PAGE), ("/app.js", script), ("/style.css", STYLE)]
}

/// The asset served at `path`.
pub(super) fn find(path: &str) -> Option<Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    all()
        .into_iter()
        .find(|(served, _)| *served == path)
        .map(|(_, asset)| asset)
}

/// The bytes of the page with every asset it loads.
pub fn page_size() -> usize {
    all().iter().map(|(_, asset)| asset.body.len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a served asset must not hold: the folders of a machine it
    /// was made on, and words written to its makers rather than its users.
    const NOT_SERVED: [&str; 8] = [
        "/tmp/",
        "/work/",
        "/root/",
        "/var/",
        "brief",
        "note to the",
        "todo",
        "fixme",
    ];

    #[test]
    fn no_asset_names_a_machines_folder_or_speaks_to_its_makers() {
        for (path, asset) in all() {
            let text = asset.body.to_lowercase();
            for word in NOT_SERVED {
                assert!(!text.contains(word), "{path} holds {word:?}");
            }
        }
    }
}
