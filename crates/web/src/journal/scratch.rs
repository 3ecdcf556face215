//! A fresh folder for one test, removed when the test ends.

use std::fs;
use std::path::{Path, PathBuf};

/// A folder under the system's temporary folder, unique to this process
/// and test.
pub(crate) struct Scratch(PathBuf);

impl Scratch {
    pub(crate) fn new(test: &str) -> Scratch {
        let name = format!("congo-journal-{}-{test}", std::process::id());
        let path = std::env::temp_dir().join(name);
        let _ = fs::remove_dir_all(&path);
        Scratch(path)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// Game `id`'s file in the data folder.
    pub(crate) fn file(&self, id: &str) -> PathBuf {
        self.0.join("games").join(format!("{id}.journal"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
