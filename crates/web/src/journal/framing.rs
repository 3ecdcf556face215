//! A journal file's text: a header line that says what the file is and
//! when its game began, then entry lines, each framed with a checksum so
//! that a torn or damaged line is told from a whole one.

use congo_kit::digest::fnv1a_64;

/// The header's first words; the version and the creation stamp follow.
const MAGIC: &str = "congo serve journal ";

/// The format this congo writes and reads.
const VERSION: &str = "1";

/// What a file's first line says it is.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Header {
    /// A journal of this version, begun `created` nanoseconds after the
    /// Unix epoch: the order games are recovered in.
    Ours { created: u64 },
    /// A journal of another version, named as its header names it.
    Version(String),
    /// Not a journal (or a header torn while its game was created, which
    /// no one was told of).
    Foreign,
}

/// The header line of a game begun at `created`. The stamp lives in the
/// file because neither its name (a random id) nor its times (changed by
/// every append, birth time not kept by every file system) give the
/// order games were created in.
pub(super) fn header(created: u64) -> String {
    format!("{MAGIC}{VERSION} created {created}\n")
}

/// Reads a first line, its newline not included.
pub(super) fn read_header(line: &[u8]) -> Header {
    let Some(rest) = std::str::from_utf8(line)
        .ok()
        .and_then(|text| text.strip_prefix(MAGIC))
    else {
        return Header::Foreign;
    };
    let (version, stamp) = rest.split_once(' ').unwrap_or((rest, ""));
    if version != VERSION {
        return Header::Version(version.chars().take(16).collect());
    }
    match stamp.strip_prefix("created ").map(str::parse) {
        Some(Ok(created)) => Header::Ours { created },
        _ => Header::Foreign,
    }
}

/// The first character of `payload` that a line cannot hold: the tab
/// ends the payload, the newline ends the line, and a carriage return
/// would be eaten by tools that read the file on other systems.
pub(super) fn forbidden(payload: &str) -> Option<char> {
    payload.chars().find(|c| matches!(c, '\t' | '\n' | '\r'))
}

/// The line for `payload` (which holds no forbidden character), newline
/// included.
pub(super) fn entry(payload: &str) -> String {
    format!("{payload}\t{:08x}\n", check(payload.as_bytes()))
}

/// The payload of a whole entry line (its newline not included), or
/// nothing if its frame or checksum is wrong.
pub(super) fn read_entry(line: &[u8]) -> Option<String> {
    let (payload, frame) = line.split_at_checked(line.len().checked_sub(9)?)?;
    let digits = frame.strip_prefix(b"\t")?;
    let lower_hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
    let sum = u32::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()?;
    let payload = std::str::from_utf8(payload).ok()?;
    let whole = digits.iter().all(lower_hex) && sum == check(payload.as_bytes());
    (whole && forbidden(payload).is_none()).then(|| payload.to_string())
}

/// FNV-1a folded to 32 bits: eight hex digits that catch a torn or
/// flipped line, short enough to cost little on every move.
fn check(bytes: &[u8]) -> u32 {
    let hash = fnv1a_64(bytes);
    (hash ^ (hash >> 32)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_its_payload() {
        for payload in ["move e2e3 w=59000 b=60000", "", "é ♞ ok"] {
            let line = entry(payload);
            let framed = line.strip_suffix('\n').unwrap();
            assert_eq!(read_entry(framed.as_bytes()).as_deref(), Some(payload));
        }
        assert_eq!(entry("a").len(), "a".len() + 10);
    }

    #[test]
    fn a_damaged_entry_is_refused() {
        let line = entry("move e2e3");
        let framed = line.strip_suffix('\n').unwrap().as_bytes();
        let mut flipped = framed.to_vec();
        flipped[2] ^= 1;
        let upper = String::from_utf8_lossy(framed).to_uppercase();
        for bad in [&flipped[..], &framed[1..], &framed[..framed.len() - 1]] {
            assert_eq!(read_entry(bad), None);
        }
        assert_eq!(read_entry(upper.as_bytes()), None);
        assert_eq!(read_entry(b"\t"), None);
    }

    #[test]
    fn tabs_newlines_and_returns_are_forbidden() {
        assert_eq!(forbidden("a\tb"), Some('\t'));
        assert_eq!(forbidden("a\nb"), Some('\n'));
        assert_eq!(forbidden("a\rb"), Some('\r'));
        assert_eq!(forbidden("move e2e3"), None);
    }

    #[test]
    fn a_header_says_its_version_and_stamp() {
        let line = header(42);
        let first = line.strip_suffix('\n').unwrap().as_bytes();
        assert_eq!(read_header(first), Header::Ours { created: 42 });
        assert_eq!(
            read_header(b"congo serve journal 2 created 42"),
            Header::Version("2".into())
        );
        assert_eq!(
            read_header(b"congo serve journal 0"),
            Header::Version("0".into())
        );
        for foreign in [&b"hello"[..], b"congo serve journal 1 crea", b"\xff"] {
            assert_eq!(read_header(foreign), Header::Foreign);
        }
    }
}
