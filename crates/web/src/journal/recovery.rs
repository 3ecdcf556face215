//! What a game's file holds once read: its header, its whole entries, and
//! what went wrong after them (a torn last line, which a crash during an
//! append leaves and which may be cut, or damage before the end, which
//! is kept as evidence).

use super::framing::{self, Header};

/// A file read.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// A journal of this version.
    Game(Recovered),
    /// A journal of another version, by its header's name for it.
    Version(String),
    /// Not a journal.
    Foreign,
}

/// A journal's game as its file holds it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Recovered {
    /// When the game was created, in nanoseconds after the Unix epoch.
    pub created: u64,
    /// The payloads of the whole entries, in order.
    pub lines: Vec<String>,
    /// How the file ends.
    pub end: End,
}

/// How a file ends after its last whole entry.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum End {
    /// Whole.
    Whole,
    /// With a torn last line (numbered from the header's 1), which cutting
    /// the file at `keep` bytes removes.
    Torn {
        line: usize,
        keep: u64,
        bytes: usize,
    },
    /// With a damaged line before the last: the entries before it are
    /// good, the rest unknown but for the game's ending, when a whole
    /// `stop` entry after the damage says how it ended (a resignation is
    /// not to become an abort for a line lost before it).
    Damaged { line: usize, ending: Option<String> },
}

/// Reads the bytes of a game's file.
pub(super) fn read(bytes: &[u8]) -> Reading {
    let Some(header_end) = bytes.iter().position(|&b| b == b'\n') else {
        return Reading::Foreign;
    };
    let created = match framing::read_header(&bytes[..header_end]) {
        Header::Ours { created } => created,
        Header::Version(version) => return Reading::Version(version),
        Header::Foreign => return Reading::Foreign,
    };
    let mut lines = Vec::new();
    let mut start = header_end + 1;
    let end = loop {
        let line = lines.len() + 2;
        let rest = &bytes[start..];
        if rest.is_empty() {
            break End::Whole;
        }
        let torn = End::Torn {
            line,
            keep: start as u64,
            bytes: rest.len(),
        };
        let Some(length) = rest.iter().position(|&b| b == b'\n') else {
            break torn;
        };
        // A whole line, its newline written, was not torn by a crash (a
        // line goes in one write, its newline last): a wrong checksum is
        // damage, wherever it is.
        match framing::read_entry(&rest[..length]) {
            Some(payload) => lines.push(payload),
            None => {
                break End::Damaged {
                    line,
                    ending: ending_after(&rest[length..]),
                };
            }
        }
        start += length + 1;
    };
    Reading::Game(Recovered {
        created,
        lines,
        end,
    })
}

/// The last whole `stop` entry of `bytes`, the lines after a damaged one.
fn ending_after(bytes: &[u8]) -> Option<String> {
    bytes
        .rsplit(|&b| b == b'\n')
        .filter_map(framing::read_entry)
        .find(|payload| payload.starts_with("stop "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(lines: &[&str]) -> Vec<u8> {
        let mut text = framing::header(7);
        for line in lines {
            text += &framing::entry(line);
        }
        text.into_bytes()
    }

    fn game(lines: &[&str], end: End) -> Reading {
        Reading::Game(Recovered {
            created: 7,
            lines: lines.iter().map(|line| line.to_string()).collect(),
            end,
        })
    }

    #[test]
    fn a_whole_file_reads_as_its_entries() {
        assert_eq!(read(&file(&["a", "b"])), game(&["a", "b"], End::Whole));
        assert_eq!(read(&file(&[])), game(&[], End::Whole));
    }

    #[test]
    fn a_last_line_without_its_newline_is_torn() {
        let mut bytes = file(&["a", "b"]);
        let keep = bytes.len() as u64;
        bytes.extend_from_slice(b"move e2");
        let torn = End::Torn {
            line: 4,
            keep,
            bytes: 7,
        };
        assert_eq!(read(&bytes), game(&["a", "b"], torn));
    }

    #[test]
    fn a_whole_last_line_with_a_wrong_checksum_is_damage_not_a_tear() {
        let mut bytes = file(&["a", "b"]);
        let length = bytes.len();
        bytes[length - 2] = b'x';
        let damaged = End::Damaged {
            line: 3,
            ending: None,
        };
        assert_eq!(read(&bytes), game(&["a"], damaged));
    }

    #[test]
    fn a_bad_line_before_the_last_is_damage() {
        let mut bytes = file(&["a", "b", "c"]);
        let second = file(&["a"]).len();
        bytes[second] = b'x';
        let damaged = End::Damaged {
            line: 3,
            ending: None,
        };
        assert_eq!(read(&bytes), game(&["a"], damaged));
    }

    #[test]
    fn the_last_whole_ending_after_damage_is_kept() {
        let mut bytes = file(&["a", "b", "stop aborted", "c", "stop resigned black"]);
        let second = file(&["a"]).len();
        bytes[second] = b'x';
        let damaged = End::Damaged {
            line: 3,
            ending: Some("stop resigned black".to_owned()),
        };
        assert_eq!(read(&bytes), game(&["a"], damaged));
    }

    #[test]
    fn other_versions_and_other_files_are_told_apart() {
        let other = b"congo serve journal 9 created 1\nx\t00000000\n";
        assert_eq!(read(other), Reading::Version("9".into()));
        assert_eq!(read(b"congo serve journal 1 created 1"), Reading::Foreign);
        assert_eq!(read(b"hello\n"), Reading::Foreign);
        assert_eq!(read(b""), Reading::Foreign);
    }
}
