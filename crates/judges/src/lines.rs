//! Reading the judge's input: lines, bounded in length, with their
//! numbers, and what can be wrong with the input as a whole.

use std::fmt;
use std::io::{self, BufRead};

use congo_kit::text::{MAX_LINE, NotUtf8};

/// Why the input, rather than one case, could not be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input has no first line.
    NoCount {
        noun: &'static str,
    },
    /// The first line is not a non-negative integer.
    BadCount {
        noun: &'static str,
        found: String,
    },
    /// The first line is a number larger than this platform can count to.
    CountTooLarge {
        noun: &'static str,
        found: String,
        max: u64,
    },
    /// The input ended before all the cases it announced.
    Missing {
        noun: &'static str,
        expected: usize,
        found: usize,
    },
    NotUtf8(NotUtf8),
    TooLong,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NoCount { noun } => {
                write!(f, "expected the number of {noun}, found the end of input")
            }
            InputError::BadCount { noun, found } => {
                write!(f, "expected the number of {noun}, found {found:?}")
            }
            InputError::CountTooLarge { noun, found, max } => {
                write!(
                    f,
                    "the number of {noun} {found} is too large, expected at most {max}"
                )
            }
            InputError::Missing {
                noun,
                expected,
                found,
            } => write!(f, "input ends after {found} of {expected} {noun}"),
            InputError::NotUtf8(error) => error.fmt(f),
            InputError::TooLong => write!(f, "line is longer than {MAX_LINE} bytes"),
        }
    }
}

impl std::error::Error for InputError {}

/// A UTF-8 byte order mark, which some editors put before the first line.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The first line's text (it ends in `\n`), without a byte order mark.
pub(super) fn first_line_text(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line)
}

/// The input, read in lines, with the number of the last line read.
pub(super) struct Lines<R> {
    input: R,
    pub(super) number: usize,
    /// The input has no more bytes.
    pub(super) ended: bool,
    /// Lines holding more than blanks that a chunk read past the lines it
    /// wanted, and dropped.
    dropped: usize,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            ended: false,
            dropped: 0,
        }
    }

    /// The bytes the input has ready, waiting for more if it has none; an
    /// empty slice at the end of input.
    fn available(&mut self) -> io::Result<&[u8]> {
        loop {
            match self.input.fill_buf() {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
                Ok(_) => break,
            }
        }
        // The bytes are buffered now: this returns them without reading.
        let bytes = self.input.fill_buf()?;
        self.ended = bytes.is_empty();
        Ok(bytes)
    }

    /// Appends the next line to `text`, ending it with `\n` whatever its
    /// line end was; false at the end of input.
    pub(super) fn append_line(&mut self, text: &mut Vec<u8>) -> io::Result<bool> {
        let read = self.finish_line(text, 0)?;
        self.number += usize::from(read);
        Ok(read)
    }

    /// Reads on to the end of a line of which `text` already holds the
    /// last `held` bytes, and ends it with `\n`; false if there was no
    /// line at all. Of a line over [`MAX_LINE`] bytes it keeps only the
    /// first `MAX_LINE + 1`, which [`decode`] rejects, and skips the rest
    /// unread into memory.
    fn finish_line(&mut self, text: &mut Vec<u8>, held: usize) -> io::Result<bool> {
        let line_start = text.len() - held;
        text.truncate(line_start + held.min(MAX_LINE + 1));
        loop {
            let available = self.available()?;
            if available.is_empty() {
                break;
            }
            let end = find_newline(available);
            let line = &available[..end.unwrap_or(available.len())];
            let room = (MAX_LINE + 1).saturating_sub(text.len() - line_start);
            text.extend_from_slice(&line[..line.len().min(room)]);
            let used = end.map_or(line.len(), |end| end + 1);
            self.input.consume(used);
            if end.is_some() {
                text.push(b'\n');
                return Ok(true);
            }
        }
        // The input ended; a last line without a line end still counts.
        let started = text.len() > line_start;
        if started {
            text.push(b'\n');
        }
        Ok(started)
    }

    /// Reads the rest of the input and counts its lines that hold more
    /// than blanks.
    pub(super) fn count_nonblank_lines(&mut self) -> io::Result<usize> {
        let mut count = self.dropped;
        let mut line = Vec::new();
        loop {
            line.clear();
            if !self.finish_line(&mut line, 0)? {
                return Ok(count);
            }
            count += usize::from(!line.trim_ascii().is_empty());
        }
    }

    /// Appends whole lines to `text` until it holds at least `bytes` new
    /// bytes or `wanted` new lines, or the input ends. Returns the number
    /// of lines added (at most `wanted`).
    ///
    /// The bytes are copied in bulk and their lines counted afterwards, so
    /// the thread that reads does little work per line.
    pub(super) fn append_chunk(
        &mut self,
        text: &mut Vec<u8>,
        bytes: usize,
        wanted: usize,
    ) -> io::Result<usize> {
        let start = text.len();
        while text.len() - start < bytes {
            let available = self.available()?;
            if available.is_empty() {
                break;
            }
            let take = available.len().min(bytes - (text.len() - start));
            text.extend_from_slice(&available[..take]);
            self.input.consume(take);
        }
        if text.len() > start && text.last() != Some(&b'\n') {
            let held = text[start..]
                .iter()
                .rev()
                .position(|&byte| byte == b'\n')
                .unwrap_or(text.len() - start);
            self.finish_line(text, held)?;
        }
        let lines = split_lines(&text[start..]).count();
        if lines > wanted {
            let end = start + start_of_last_lines(&text[start..], lines - wanted);
            self.dropped += split_lines(&text[end..])
                .filter(|line| !line.trim_ascii().is_empty())
                .count();
            text.truncate(end);
        }
        let lines = lines.min(wanted);
        self.number += lines;
        Ok(lines)
    }
}

/// The lines of `text`, each without its `\n`.
pub(super) fn split_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, after) = match find_newline(rest) {
            Some(end) => (&rest[..end], &rest[end + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = after;
        Some(line)
    })
}

/// Where the first `\n` of `bytes` is, looked for eight bytes a step. At
/// 40 bytes a line, a byte-at-a-time search cost about 150 instructions a
/// line, and the standard library's `memchr` (through
/// `BufRead::skip_until`) about 115 in calls and set-up; this costs 20.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut words = bytes.chunks_exact(8);
    for (index, word) in words.by_ref().enumerate() {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        let zeroed = u64::from_le_bytes(eight) ^ NEWLINES;
        // The high bit of each byte that became zero, and possibly of
        // bytes above it (a borrow), never below: the lowest bit is exact.
        let newlines = zeroed.wrapping_sub(ONES) & !zeroed & HIGH_BITS;
        if newlines != 0 {
            return Some(index * 8 + newlines.trailing_zeros() as usize / 8);
        }
    }
    let tail = bytes.len() - words.remainder().len();
    let found = words.remainder().iter().position(|&byte| byte == b'\n');
    found.map(|at| tail + at)
}

/// Where the last `lines` lines of `text` (each ending in `\n`) start.
pub(super) fn start_of_last_lines(text: &[u8], lines: usize) -> usize {
    if lines == 0 {
        return text.len();
    }
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    body.iter()
        .enumerate()
        .rev()
        .filter(|&(_, &byte)| byte == b'\n')
        .nth(lines - 1)
        .map_or(0, |(at, _)| at + 1)
}

/// The lines of `text` (each ending in `\n`) as [`decode`] reads them.
pub(super) fn decoded_lines(text: &[u8]) -> impl Iterator<Item = Result<&[u8], InputError>> {
    split_lines(text).map(decode)
}

/// A line without surrounding blanks (so CRLF ends and trailing spaces do
/// not matter), or why it cannot be answered.
pub(super) fn decode(line: &[u8]) -> Result<&[u8], InputError> {
    if line.len() > MAX_LINE {
        return Err(InputError::TooLong);
    }
    Ok(line.trim_ascii())
}

pub(super) fn parse_count(text: &str, noun: &'static str) -> Result<usize, InputError> {
    use congo_kit::text::{DigitsError, parse_digits};
    parse_digits(text).map_err(|error| match error {
        DigitsError::NotDigits => InputError::BadCount {
            noun,
            found: text.to_owned(),
        },
        DigitsError::TooLarge(max) => InputError::CountTooLarge {
            noun,
            found: text.to_owned(),
            max,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_lines_drops_the_line_ends() {
        let lines = |text: &'static [u8]| split_lines(text).collect::<Vec<_>>();
        assert_eq!(lines(b"a\n\nbc\n"), [&b"a"[..], b"", b"bc"]);
        assert_eq!(lines(b"a\nbc"), [&b"a"[..], b"bc"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn find_newline_finds_the_first_in_any_place() {
        for length in 0..20 {
            for at in 0..length {
                let mut bytes = vec![b'x'; length];
                bytes[at] = b'\n';
                // A second line end after the first, and bytes that differ
                // from `\n` by one bit or by one, must not be taken for it.
                if at + 2 < length {
                    bytes[at + 2] = b'\n';
                }
                bytes[..at].fill(b'\x0b');
                assert_eq!(find_newline(&bytes), Some(at), "{bytes:?}");
            }
            assert_eq!(find_newline(&vec![b'\t'; length]), None);
        }
    }

    #[test]
    fn start_of_last_lines_counts_from_the_end() {
        assert_eq!(start_of_last_lines(b"a\nb\nc\n", 0), 6);
        assert_eq!(start_of_last_lines(b"a\nb\nc\n", 1), 4);
        assert_eq!(start_of_last_lines(b"a\nb\nc\n", 2), 2);
        assert_eq!(start_of_last_lines(b"a\nb\nc\n", 3), 0);
    }
}
