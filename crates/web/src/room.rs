//! How many connections the server holds at once: [`MAX_CONNECTIONS`]
//! unless told fewer, and never more than the process may open files for.
//! A connection holds two files and a refusal one, and each game's file
//! being written and each table read one more: past the limit the system
//! refuses to accept at all, and everyone is locked out.

use std::fs;

use super::admission::MAX_CONNECTIONS;

/// The most refusals under way at once.
const MAX_REFUSALS: usize = 4096;

/// The files kept for all but connections: the listener, stderr, the
/// journal's files, the tables, a watched record.
const FILES_BESIDES: usize = 64;

/// The files a connection holds: its socket, and one handle on it that
/// whatever looks at it from aside shares.
const FILES_PER_CONNECTION: usize = 2;

/// The open-files limit assumed where the system does not say: Linux's
/// usual soft limit.
const USUAL_LIMIT: usize = 1024;

/// The server's room for connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Served at once.
    pub connections: usize,
    /// Refused politely at once (a whole `503`), and as many more queued
    /// for it; past them a connection is closed.
    pub refusals: usize,
    /// The open-files limit the room was sized by.
    pub files: usize,
}

impl Room {
    /// The room for at most `asked` connections (else
    /// [`MAX_CONNECTIONS`]) in a process that may open `files` files:
    /// three quarters of the files past [`FILES_BESIDES`] for
    /// connections ([`FILES_PER_CONNECTION`] each), the rest for
    /// refusals, under way and queued.
    pub fn new(asked: Option<usize>, files: usize) -> Room {
        let free = files.saturating_sub(FILES_BESIDES).max(8);
        let most = free / 4 * 3 / FILES_PER_CONNECTION;
        let connections = asked.unwrap_or(MAX_CONNECTIONS).min(most).max(1);
        let left = free - connections * FILES_PER_CONNECTION;
        Room {
            connections,
            refusals: (left / 2).clamp(1, MAX_REFUSALS),
            files,
        }
    }

    /// The room for at most `asked` connections in this process.
    pub fn here(asked: Option<usize>) -> Room {
        let text = fs::read_to_string("/proc/self/limits").unwrap_or_default();
        Room::new(asked, open_files(&text).unwrap_or(USUAL_LIMIT))
    }

    /// Whether the open-files limit, not the bound asked for, set the
    /// connections.
    pub fn held_by_files(&self, asked: Option<usize>) -> bool {
        self.connections < asked.unwrap_or(MAX_CONNECTIONS)
    }
}

/// The soft limit of open files in the text of `/proc/self/limits`.
fn open_files(limits: &str) -> Option<usize> {
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    let soft = line["Max open files".len()..].split_whitespace().next()?;
    match soft {
        "unlimited" => Some(usize::MAX),
        number => number.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_is_read_from_the_systems_table() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max processes             63379                63379                processes \n\
                      Max open files            1024                 1048576              files     \n";
        assert_eq!(open_files(limits), Some(1024));
        let unlimited =
            "Max open files            unlimited            unlimited            files\n";
        assert_eq!(open_files(unlimited), Some(usize::MAX));
        assert_eq!(open_files("Max processes 5 5\n"), None);
        assert_eq!(open_files("Max open files  many\n"), None);
    }

    #[test]
    fn connections_and_refusals_fit_in_the_files_a_process_may_open() {
        let usual = Room::new(None, 1024);
        assert_eq!((usual.connections, usual.refusals), (360, 120));
        assert!(usual.held_by_files(None));
        let roomy = Room::new(None, 1 << 20);
        assert_eq!((roomy.connections, roomy.refusals), (MAX_CONNECTIONS, 4096));
        assert!(!roomy.held_by_files(None));
        let asked = Room::new(Some(40), 1 << 20);
        assert_eq!(asked.connections, 40);
        assert!(!asked.held_by_files(Some(40)));
        let tiny = Room::new(None, 10);
        assert!(tiny.connections >= 1 && tiny.refusals >= 1);
    }
}
