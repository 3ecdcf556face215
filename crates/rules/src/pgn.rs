//! Finished games in PGN's tag-pair form, so that the tools people know
//! (databases, viewers, scripts) read a tournament's games: tags, then the
//! moves in congo's own move text, the reason in a comment, the result.
//! Read back for Replay a game at a time: a file's lines are gathered into
//! games ([`PgnLines`]), so a file of many games is never held whole.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::record::Record;
use crate::{Outcome, START};

/// The longest line of moves written.
const WIDTH: usize = 79;

/// One game: its tags in order, its moves, and why it ended.
///
/// ```
/// use congo_rules::pgn::PgnGame;
///
/// let text = "[White \"alice\"]\n[Result \"1-0\"]\n\n1. c2c3 c6c5 {black resigned} 1-0\n";
/// let game = PgnGame::parse(text)?;
/// assert_eq!((game.moves.len(), game.reason.as_str()), (2, "black resigned"));
/// assert_eq!(PgnGame::parse(&game.to_string())?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Its tags, name and value, in order.
    pub tags: Vec<(String, String)>,
    /// Its moves, as congo writes them.
    pub moves: Vec<String>,
    /// Its comments, joined: a tournament's game's reason.
    pub reason: String,
}

/// Why a game's text is not one PGN game.
///
/// ```
/// use congo_rules::pgn::{PgnError, PgnGame};
///
/// assert_eq!(PgnGame::parse("[White alice]"), Err(PgnError::Tag("[White alice]".into())));
/// let no_result = PgnGame::parse("1. c2c3")?;
/// assert_eq!(no_result.record(1), Err(PgnError::Result(None)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A line in the tags that is not `[Name "value"]`.
    Tag(String),
    /// A comment that is never closed.
    OpenComment,
    /// The Result tag is missing or no result.
    Result(Option<String>),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Tag(line) => write!(f, "{line:?} is not a tag such as [White \"alice\"]"),
            PgnError::OpenComment => f.write_str("a comment opened with { is never closed"),
            PgnError::Result(None) => f.write_str("the game has no Result tag"),
            PgnError::Result(Some(found)) => {
                write!(f, "Result {found:?} is not 1-0, 0-1 or 1/2-1/2")
            }
        }
    }
}

impl std::error::Error for PgnError {}

impl PgnGame {
    /// The value of the tag `name`, if the game has it.
    ///
    /// ```
    /// use congo_rules::pgn::PgnGame;
    ///
    /// let text = "[White \"alice\"]\n[Result \"1-0\"]\n\n1. c2c3 c6c5 {black resigned} 1-0\n";
    /// let game = PgnGame::parse(text)?;
    /// assert_eq!(game.tag("White"), Some("alice"));
    /// assert_eq!(game.tag("Black"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, value)| value.as_str())
    }

    /// Whether its result is `*`: a game saved before it ended.
    ///
    /// ```
    /// use congo_rules::pgn::PgnGame;
    ///
    /// let saved = PgnGame::parse("[Result \"*\"]\n\n1. c2c3 *\n")?;
    /// assert!(saved.unfinished());
    /// assert!(saved.record(1).is_err()); // no result to record
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unfinished(&self) -> bool {
        self.tag("Result") == Some("*")
    }

    /// The FEN it starts from: its FEN tag, or the start of a full game.
    ///
    /// ```
    /// use congo_rules::START;
    /// use congo_rules::pgn::PgnGame;
    ///
    /// let usual = PgnGame::parse("[Result \"1-0\"]\n\n1-0\n")?;
    /// assert_eq!(usual.start(), START);
    /// let set_up = PgnGame::parse("[FEN \"3l3/7/7/7/7/7/3L3 w 1\"]\n")?;
    /// assert_eq!(set_up.start(), "3l3/7/7/7/7/7/3L3 w 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> &str {
        self.tag("FEN").unwrap_or(START)
    }

    /// The game as a record, numbered `number`, to replay: its start the
    /// FEN tag's (the usual start without one).
    ///
    /// ```
    /// use congo_rules::pgn::PgnGame;
    /// use congo_rules::{Outcome, RuleSet};
    ///
    /// let text = "[White \"alice\"]\n[Result \"1-0\"]\n\n1. c2c3 c6c5 {black resigned} 1-0\n";
    /// let record = PgnGame::parse(text)?.record(7)?;
    /// assert_eq!((record.game, record.outcome), (7, Outcome::WhiteWins));
    /// assert_eq!(record.replay(RuleSet::default(), None)?.moves().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&self, number: usize) -> Result<Record, PgnError> {
        let result = self.tag("Result");
        let outcome = result
            .and_then(Outcome::from_result)
            .ok_or_else(|| PgnError::Result(result.map(str::to_owned)))?;
        Ok(Record {
            game: number,
            white: 'A',
            start: self.start().to_owned(),
            moves: self.moves.clone(),
            outcome,
            reason: self.reason.clone(),
        })
    }

    /// Reads one game's text: tags, then moves, comments and the result.
    ///
    /// ```
    /// use congo_rules::pgn::PgnGame;
    ///
    /// let text = "[Result \"0-1\"]\n\n1.c2c3 $1 c6c5 ; a remark\n2. d2d3 {out of time} 0-1\n";
    /// let game = PgnGame::parse(text)?;
    /// assert_eq!(game.moves, ["c2c3", "c6c5", "d2d3"]);
    /// assert_eq!(game.reason, "out of time");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
        let mut game = PgnGame::default();
        let mut lines = text.lines().map(str::trim).peekable();
        while let Some(line) = lines.next_if(|line| line.is_empty() || line.starts_with('[')) {
            if !line.is_empty() {
                game.tags
                    .push(tag(line).ok_or_else(|| PgnError::Tag(line.to_owned()))?);
            }
        }
        let movetext: Vec<&str> = lines.collect();
        let mut rest = movetext.join("\n");
        let mut comments = Vec::new();
        while let Some(open) = rest.find('{') {
            let close = rest[open..].find('}').ok_or(PgnError::OpenComment)? + open;
            let words: Vec<&str> = rest[open + 1..close].split_whitespace().collect();
            comments.push(words.join(" "));
            rest.replace_range(open..=close, " ");
        }
        game.reason = comments.join(" ");
        game.moves = rest
            .lines()
            .map(|line| line.split(';').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .filter(|token| !matches!(*token, "1-0" | "0-1" | "1/2-1/2" | "*"))
            .map(|token| token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
            .filter(|token| !token.is_empty() && !token.starts_with('$'))
            .map(str::to_owned)
            .collect();
        Ok(game)
    }
}

/// `[Name "value"]` read, its value's escapes undone.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut unescaped = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        unescaped.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_owned(), unescaped))
}

impl fmt::Display for PgnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        writeln!(f)?;
        let black_first = self
            .tag("FEN")
            .is_some_and(|fen| fen.split(' ').nth(1) == Some("b"));
        let mut tokens = Vec::new();
        for (ply, text) in self.moves.iter().enumerate() {
            let ply = ply + usize::from(black_first);
            match (ply % 2, tokens.is_empty()) {
                (0, _) => tokens.push(format!("{}.", ply / 2 + 1)),
                (_, true) => tokens.push(format!("{}...", ply / 2 + 1)),
                _ => {}
            }
            tokens.push(text.clone());
        }
        // The reason's words, so that a long one wraps like the moves.
        let reason = self.reason.replace('}', ")");
        let mut words: Vec<String> = reason.split_whitespace().map(str::to_owned).collect();
        if let Some(first) = words.first_mut() {
            first.insert(0, '{');
        }
        if let Some(last) = words.last_mut() {
            last.push('}');
        }
        tokens.extend(words);
        tokens.push(self.tag("Result").unwrap_or("*").to_owned());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > WIDTH {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        writeln!(f, "{line}")?;
        writeln!(f)
    }
}

/// Today's date (UTC) as PGN writes dates: `2026.11.26`.
///
/// ```
/// use congo_rules::pgn::today;
///
/// let date = today();
/// let widths: Vec<usize> = date.split('.').map(str::len).collect();
/// assert_eq!(widths, [4, 2, 2]);
/// assert!(date.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
/// ```
pub fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (year, month, day) = civil_date(seconds / 86_400);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The calendar date `days` days after 1970-01-01 (Howard Hinnant's
/// days-to-civil, on whole 400-year eras).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let days = days + 719_468;
    let era = days / 146_097;
    let of_era = days % 146_097;
    let year_of_era = (of_era - of_era / 1460 + of_era / 36_524 - of_era / 146_096) / 365;
    let of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * of_year + 2) / 153;
    let day = of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    (year, month, day)
}

/// Whether a file whose first non-blank line is `line` is PGN rather than
/// a record.
///
/// ```
/// use congo_rules::pgn::is_pgn;
///
/// assert!(is_pgn("  [Event \"congo\"]"));
/// assert!(!is_pgn("1\tA\tg2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\tc2c3\t1-0\tx"));
/// ```
pub fn is_pgn(line: &str) -> bool {
    line.trim_start().starts_with('[')
}

/// A PGN file's lines gathered into games: a game ends where the next
/// one's tags begin, or where the file ends.
///
/// ```
/// use congo_rules::pgn::PgnLines;
///
/// let file = "[Result \"1-0\"]\n\n1. c2c3 1-0\n\n[Result \"*\"]\n\n*\n";
/// let mut lines = PgnLines::default();
/// let mut games: Vec<_> = file.lines().filter_map(|line| lines.push(line)).collect();
/// games.extend(lines.finish());
/// assert_eq!(games.iter().map(|(first, _)| *first).collect::<Vec<_>>(), [1, 5]);
/// ```
#[derive(Debug, Default)]
pub struct PgnLines {
    game: String,
    /// The line the game begins on, from 1.
    first: usize,
    /// Lines read so far.
    read: usize,
    /// Whether the game has reached its moves.
    in_moves: bool,
    /// Whether a `{` comment is open at the end of the lines so far: a
    /// line in it that starts with `[` (an engine's stderr, say) is no tag.
    in_comment: bool,
}

impl PgnLines {
    /// Lines gathered from a file's line `read + 1` on (the lines before
    /// were blank).
    ///
    /// ```
    /// use congo_rules::pgn::PgnLines;
    ///
    /// let mut lines = PgnLines::after(2); // the file began with two blank lines
    /// lines.push("[Result \"*\"]");
    /// lines.push("*");
    /// assert_eq!(lines.finish().map(|(first, _)| first), Some(3));
    /// ```
    pub fn after(read: usize) -> PgnLines {
        PgnLines {
            read,
            ..PgnLines::default()
        }
    }

    /// Adds the file's next line; the game it ends, if it begins another:
    /// the line that game began on, and its text.
    ///
    /// ```
    /// use congo_rules::pgn::PgnLines;
    ///
    /// let mut lines = PgnLines::default();
    /// assert_eq!(lines.push("[Result \"1-0\"]"), None);
    /// assert_eq!(lines.push("1. c2c3 1-0"), None);
    /// let ended = lines.push("[Result \"*\"]"); // the next game's tags
    /// assert_eq!(ended, Some((1, "[Result \"1-0\"]\n1. c2c3 1-0\n".to_owned())));
    /// ```
    pub fn push(&mut self, line: &str) -> Option<(usize, String)> {
        self.read += 1;
        let tags = is_pgn(line) && !self.in_comment;
        let ended = if tags && self.in_moves {
            self.take()
        } else {
            None
        };
        if self.game.trim().is_empty() {
            self.first = self.read;
        }
        if !tags && !line.trim().is_empty() {
            self.in_moves = true;
            self.in_comment = still_in_comment(self.in_comment, line);
        }
        self.game.push_str(line);
        self.game.push('\n');
        ended
    }

    /// The last game, once the file has ended.
    ///
    /// ```
    /// use congo_rules::pgn::PgnLines;
    ///
    /// let mut lines = PgnLines::default();
    /// lines.push("[Result \"*\"]");
    /// lines.push("*");
    /// assert_eq!(lines.finish(), Some((1, "[Result \"*\"]\n*\n".to_owned())));
    /// assert_eq!(PgnLines::default().finish(), None);
    /// ```
    pub fn finish(mut self) -> Option<(usize, String)> {
        self.take()
    }

    fn take(&mut self) -> Option<(usize, String)> {
        self.in_moves = false;
        self.in_comment = false;
        let game = std::mem::take(&mut self.game);
        (!game.trim().is_empty()).then_some((self.first, game))
    }
}

/// Whether a `{` comment is open after the movetext line `line`, given
/// whether one was open before it (comments do not nest; a `;` outside
/// one ends the line's text).
fn still_in_comment(mut open: bool, line: &str) -> bool {
    for c in line.chars() {
        match c {
            '{' => open = true,
            '}' => open = false,
            ';' if !open => break,
            _ => {}
        }
    }
    open
}

/// The games of a PGN file's `text`, each with the line it begins on.
///
/// ```
/// use congo_rules::pgn::{PgnGame, pgn_games};
///
/// let games = pgn_games("[Result \"1-0\"]\n\n1. c2c3 1-0\n\n[Result \"*\"]\n\n*\n");
/// assert_eq!(games.iter().map(|(first, _)| *first).collect::<Vec<_>>(), [1, 5]);
/// assert_eq!(PgnGame::parse(&games[0].1)?.moves, ["c2c3"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pgn_games(text: &str) -> Vec<(usize, String)> {
    let mut lines = PgnLines::default();
    let mut games: Vec<(usize, String)> =
        text.lines().filter_map(|line| lines.push(line)).collect();
    games.extend(lines.finish());
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_calendar_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_783), (2026, 11, 26));
    }

    fn game() -> PgnGame {
        let tags = [
            ("Event", "congo tournament"),
            ("White", "alice \"the fast\""),
            ("Black", "bob"),
            ("Result", "0-1"),
            ("FEN", "3l3/7/7/7/7/P6/3L3 b 0"),
        ];
        PgnGame {
            tags: tags.map(|(n, v)| (n.to_owned(), v.to_owned())).to_vec(),
            moves: ["d7d6", "a2a3", "d6d5"].map(str::to_owned).to_vec(),
            reason: "white lost: it crashed; its stderr ended: \"panic {at} x\"".to_owned(),
        }
    }

    #[test]
    fn a_game_is_written_and_read_back() {
        let text = game().to_string();
        assert_eq!(
            text,
            "[Event \"congo tournament\"]\n[White \"alice \\\"the fast\\\"\"]\n[Black \"bob\"]\n\
             [Result \"0-1\"]\n[FEN \"3l3/7/7/7/7/P6/3L3 b 0\"]\n\n\
             1... d7d6 2. a2a3 d6d5 {white lost: it crashed; its stderr ended: \"panic {at)\n\
             x\"} 0-1\n\n"
        );
        let read = PgnGame::parse(&text).unwrap();
        assert_eq!(read.tags, game().tags);
        assert_eq!(read.moves, game().moves);
        assert_eq!(
            read.reason,
            "white lost: it crashed; its stderr ended: \"panic {at) x\""
        );
        let record = read.record(4).unwrap();
        assert_eq!((record.game, record.outcome), (4, Outcome::BlackWins));
        assert_eq!(record.start, "3l3/7/7/7/7/P6/3L3 b 0");
    }

    #[test]
    fn other_tools_pgn_is_read_and_faults_named() {
        let other = "[Result \"1-0\"]\n\n1.d1d2 $1 d7d6 ; a remark\n2. d2d3 {a} {b} 1-0\n";
        let read = PgnGame::parse(other).unwrap();
        assert_eq!(read.moves, ["d1d2", "d7d6", "d2d3"]);
        assert_eq!(read.reason, "a b");
        assert_eq!(read.record(1).unwrap().start, START);
        let fault = |text: &str| {
            PgnGame::parse(text)
                .and_then(|game| game.record(1))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            fault("[White alice]\n\n1-0"),
            "\"[White alice]\" is not a tag such as [White \"alice\"]"
        );
        assert_eq!(
            fault("[Result \"1-0\"]\n\n1. d1d2 {cut"),
            "a comment opened with { is never closed"
        );
        assert_eq!(fault("\n1. d1d2"), "the game has no Result tag");
        assert_eq!(
            fault("[Result \"2-0\"]\n"),
            "Result \"2-0\" is not 1-0, 0-1 or 1/2-1/2"
        );
    }

    #[test]
    fn a_file_is_gathered_into_games() {
        let file = format!("\n{}{}", game(), game());
        let games = pgn_games(&file);
        let starts: Vec<usize> = games.iter().map(|(line, _)| *line).collect();
        assert_eq!(starts, [2, 11]);
        for (_, text) in games {
            assert_eq!(PgnGame::parse(&text).unwrap().moves, game().moves);
        }
        assert!(is_pgn("  [Event \"x\"]"));
        assert!(!is_pgn("1\tA\t..."));
    }

    #[test]
    fn a_comment_line_that_starts_like_a_tag_stays_in_its_game() {
        // An engine's stderr, wrapped so that a line of the comment starts
        // with `[`.
        let mut java = game();
        java.reason = format!("{} [main] java.lang.OutOfMemoryError", "x".repeat(75));
        let text = java.to_string();
        assert!(text.contains("\n[main] java"), "{text}");
        let file = format!("{text}{}", game());
        let games = pgn_games(&file);
        assert_eq!(games.len(), 2);
        assert_eq!(PgnGame::parse(&games[0].1).unwrap().reason, java.reason);
        assert_eq!(PgnGame::parse(&games[1].1).unwrap(), game_read_back());
        assert!(!still_in_comment(false, "d1d2 ; a { remark"));
        assert!(still_in_comment(true, "still [main] inside"));
    }

    /// [`game`] as it reads back: a `}` in its reason became `)`.
    fn game_read_back() -> PgnGame {
        let mut read = game();
        read.reason = read.reason.replace('}', ")");
        read
    }
}
