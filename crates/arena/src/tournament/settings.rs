//! An engine's own settings, for the ways real engines differ from the
//! protocol's letter (one reads `go` only in whole seconds): each engine
//! has its own, never one switch for all. In a players file they are
//! `KEY=VALUE` words between the name and the command; in a class's
//! folder, a `congo.conf` beside `run` holds one a line.

use std::fmt;

/// The file of settings in an engine's folder.
pub const SETTINGS_FILE: &str = "congo.conf";

/// How one engine is spoken to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `go` in whole seconds, rounded up (and that long to answer).
    pub go_seconds: bool,
}

impl Settings {
    /// Whether `word` is a setting rather than the command's first word.
    pub fn is_setting(word: &str) -> bool {
        word.contains('=')
    }

    /// Adds the setting `word` (`KEY=VALUE`), or says what is wrong with it.
    pub fn add(&mut self, word: &str, seen: &mut Vec<String>) -> Result<(), String> {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let (key, value) = (key.trim(), value.trim());
        if seen.iter().any(|known| known == key) {
            return Err(format!("the setting {key} is given twice"));
        }
        match (key, value) {
            ("go", "seconds") => self.go_seconds = true,
            ("go", "fraction") => self.go_seconds = false,
            ("go", _) => return Err(format!("go={value} is not go=seconds or go=fraction")),
            _ => return Err(format!("{key:?} is no setting (the one setting is go=...)")),
        }
        seen.push(key.to_owned());
        Ok(())
    }
}

/// The settings as their words, as a players file would give them; empty
/// for the defaults.
impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.go_seconds {
            f.write_str("go=seconds")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(words: &[&str]) -> Result<Settings, String> {
        let mut settings = Settings::default();
        let mut seen = Vec::new();
        for word in words {
            settings.add(word, &mut seen)?;
        }
        Ok(settings)
    }

    #[test]
    fn each_setting_is_read_and_written_back_and_each_fault_named() {
        let seconds = read(&["go=seconds"]).unwrap();
        assert!(seconds.go_seconds);
        assert_eq!(seconds.to_string(), "go=seconds");
        assert_eq!(read(&["go=fraction"]).unwrap().to_string(), "");
        assert_eq!(
            read(&["go=minutes"]),
            Err("go=minutes is not go=seconds or go=fraction".to_owned())
        );
        assert_eq!(
            read(&["hash=64"]),
            Err("\"hash\" is no setting (the one setting is go=...)".to_owned())
        );
        assert_eq!(
            read(&["go=seconds", "go=fraction"]),
            Err("the setting go is given twice".to_owned())
        );
        assert!(Settings::is_setting("go=seconds"));
        assert!(!Settings::is_setting("./run"));
    }
}
