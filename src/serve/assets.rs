//! The page and its assets, built into the binary: nothing is read from
//! disk at run time, so no request can reach a file.

/// One asset: its type and its text.
pub(super) struct Asset {
    pub content_type: &'static str,
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// An asset of `page/` served at `/NAME`, its type named.
macro_rules! asset {
    ($path:literal, $file:literal, $type:expr) => {
        (
            $path,
            Asset {
                content_type: $type,
                body: include_str!(concat!("page/", $file)),
            },
        )
    };
}

/// Every asset, by the path it is served at: the page, its script (an ES
/// module) and the modules it imports, one concept each, its style and
/// its icon.
const ASSETS: [(&str, Asset); 14] = [
    asset!("/", "index.html", HTML),
    asset!("/app.js", "app.js", JS),
    asset!("/legend.js", "legend.js", JS),
    asset!("/announce.js", "announce.js", JS),
    asset!("/visibility.js", "visibility.js", JS),
    asset!("/sound.js", "sound.js", JS),
    asset!("/premove.js", "premove.js", JS),
    asset!("/endings.js", "endings.js", JS),
    asset!("/mygames.js", "mygames.js", JS),
    asset!("/nopaths.js", "nopaths.js", JS),
    asset!("/evalbar.js", "evalbar.js", JS),
    asset!("/analysis.js", "analysis.js", JS),
    asset!("/style.css", "style.css", CSS),
    asset!("/favicon.svg", "favicon.svg", SVG),
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
        for (path, asset) in &ASSETS {
            let text = asset.body.to_lowercase();
            for word in NOT_SERVED {
                assert!(!text.contains(word), "{path} holds {word:?}");
            }
        }
    }
}
