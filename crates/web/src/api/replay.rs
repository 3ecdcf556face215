//! Match records and PGN files read for replay: `POST /api/record` with a
//! record's text, or a PGN file's (a tournament's `games.pgn`).
//! The body is read line by line as it arrives and the answer written
//! game by game, so a record of many megabytes costs no more memory than
//! its answer, which is bounded, and only so many are read at once (one
//! address's share smaller than all); with `?summary=1` the
//! answer is one short line a game, and the page asks for a game's plies
//! by sending that game's line alone.

use std::fmt::Write;
use std::io::{BufRead, Read};

use super::{Answer, App, Refusal};
use crate::client::Client;
use crate::http::{Request, Response};
use crate::views::plies_json;
use congo_kit::json::Json;
use congo_rules::pgn::{PgnGame, PgnLines, is_pgn};
use congo_rules::record::{Record, replay_moves};

/// The longest line a record may have: a game of the longest length with
/// room to spare.
const MAX_RECORD_LINE: usize = 64 << 10;

/// The most bytes of record answered with every position; past it, only
/// the summary is given.
pub const MAX_FULL_RECORD: usize = 1 << 20;

/// The longest PGN game: one of the longest length with long comments, and
/// room to spare. The game is held whole before it is read.
const MAX_PGN_GAME: usize = 1 << 20;

/// The longest answer: the summary of a 16 MiB file of real games, or the
/// full answer of a few hundred long games. It is what an upload holds.
const MAX_RECORD_ANSWER: usize = 8 << 20;

/// The answer's games, written out one by one as they are read, so that
/// an upload holds the text of its answer (at most [`MAX_RECORD_ANSWER`]
/// bytes) and never a tree of values for it.
struct Written {
    text: String,
    games: usize,
}

impl Written {
    fn new() -> Written {
        Written {
            text: "{\"games\":[".to_owned(),
            games: 0,
        }
    }

    fn push(&mut self, game: Json) -> Result<(), Refusal> {
        if self.games > 0 {
            self.text.push(',');
        }
        self.games += 1;
        // Writing to a String cannot fail.
        let _ = write!(self.text, "{game}");
        if self.text.len() <= MAX_RECORD_ANSWER {
            return Ok(());
        }
        Err(Refusal::new(
            413,
            format!(
                "the answer would pass {MAX_RECORD_ANSWER} bytes at game {}; send the games in parts",
                self.games
            ),
        ))
    }

    fn finish(mut self) -> Response {
        self.text.push_str("]}");
        Response::json(200, self.text)
    }
}

/// A game to show: a record's, or a PGN game's, finished or not (`*`).
struct Shown<'a> {
    game: usize,
    start: &'a str,
    moves: &'a [String],
    result: &'a str,
    reason: &'a str,
}

impl Shown<'_> {
    fn of(record: &Record) -> Shown<'_> {
        Shown {
            game: record.game,
            start: &record.start,
            moves: &record.moves,
            result: record.outcome.result(),
            reason: &record.reason,
        }
    }
}

/// A record or PGN file being read, a line at a time.
struct Reading {
    summary: bool,
    games: Written,
    /// The lines and bytes read so far.
    lines: usize,
    read: usize,
    /// Known once the first line that is not blank says which it is.
    pgn: Option<PgnLines>,
    is_record: bool,
    /// The bytes of the PGN game being gathered.
    pgn_game: usize,
}

impl Reading {
    fn new(summary: bool) -> Reading {
        Reading {
            summary,
            games: Written::new(),
            lines: 0,
            read: 0,
            pgn: None,
            is_record: false,
            pgn_game: 0,
        }
    }

    /// Takes the file's next line, `line`, as it was read.
    fn line(&mut self, app: &App, line: &[u8]) -> Result<(), Refusal> {
        self.lines += 1;
        self.read += line.len();
        let number = self.lines;
        if line.len() > MAX_RECORD_LINE {
            return Err(Refusal::bad(format!(
                "record line {number}: longer than {MAX_RECORD_LINE} bytes"
            )));
        }
        if !self.summary && self.read > MAX_FULL_RECORD {
            return Err(Refusal::new(
                413,
                format!("a record over {MAX_FULL_RECORD} bytes is answered with ?summary=1 only"),
            ));
        }
        let text = std::str::from_utf8(line)
            .map_err(|_| Refusal::bad(format!("record line {number}: not UTF-8")))?;
        let text = text.trim_end_matches(['\n', '\r']);
        if self.pgn.is_none() && !self.is_record && is_pgn(text) {
            self.pgn = Some(PgnLines::after(number - 1));
        }
        self.is_record |= self.pgn.is_none() && !text.trim().is_empty();
        if self.pgn.is_some() {
            self.pgn_line(app, text, line.len())
        } else if self.is_record {
            let game = app.record_game(number, text, self.summary)?;
            self.games.push(game)
        } else {
            Ok(())
        }
    }

    /// Takes a line of a PGN file, `length` bytes as read.
    fn pgn_line(&mut self, app: &App, text: &str, length: usize) -> Result<(), Refusal> {
        let Some(lines) = self.pgn.as_mut() else {
            return Ok(());
        };
        self.pgn_game += length;
        if let Some((first, game)) = lines.push(text) {
            // The line begins the next game.
            self.pgn_game = length;
            self.pgn_game_read(app, first, &game)?;
        }
        if self.pgn_game > MAX_PGN_GAME {
            return Err(Refusal::new(
                413,
                format!(
                    "PGN game {}: longer than {MAX_PGN_GAME} bytes at line {}",
                    self.games.games + 1,
                    self.lines
                ),
            ));
        }
        Ok(())
    }

    /// Takes the PGN game whose text, `game`, begins on line `first`.
    fn pgn_game_read(&mut self, app: &App, first: usize, game: &str) -> Result<(), Refusal> {
        let ordinal = self.games.games + 1;
        let game = app.pgn_game(first, game, ordinal, self.summary)?;
        self.games.push(game)
    }

    /// The answer, once the file has been read whole.
    fn finish(mut self, app: &App) -> Answer {
        if let Some((first, game)) = self.pgn.take().and_then(PgnLines::finish) {
            self.pgn_game_read(app, first, &game)?;
        }
        Ok(self.games.finish())
    }
}

impl App {
    /// `POST /api/record` (`?summary=1`) from `client`: the games of the
    /// record or PGN file in `body`, each replayed and checked; in full,
    /// each with its plies and every position it passed through.
    pub(super) fn record(
        &self,
        request: &Request,
        client: &Client,
        body: &mut dyn BufRead,
    ) -> Answer {
        let _room = self.uploads.enter(client.visitor)?;
        let summary = request.query("summary").is_some_and(|value| value == "1");
        let mut reading = Reading::new(summary);
        let mut line = Vec::new();
        loop {
            line.clear();
            let got = (&mut *body)
                .take(MAX_RECORD_LINE as u64 + 1)
                .read_until(b'\n', &mut line)
                .map_err(|error| Refusal::bad(format!("the record could not be read: {error}")))?;
            if got == 0 {
                return reading.finish(self);
            }
            reading.line(self, &line)?;
        }
    }

    /// The game of record line `number`, `text`.
    fn record_game(&self, number: usize, text: &str, summary: bool) -> Result<Json, Refusal> {
        let record: Record = text
            .parse()
            .map_err(|error| Refusal::bad(format!("record line {number}: {error}")))?;
        let white = record.white.to_string();
        let shown = Shown::of(&record);
        self.shown(&shown, number, vec![("white", white.into())], summary)
            .map_err(|error| Refusal::bad(format!("record line {number}: {error}")))
    }

    /// The PGN game numbered `ordinal` whose text, `game`, begins on line
    /// `first`: its players by name, and the lines it spans.
    fn pgn_game(
        &self,
        first: usize,
        game: &str,
        ordinal: usize,
        summary: bool,
    ) -> Result<Json, Refusal> {
        let bad =
            |error: String| Refusal::bad(format!("PGN game {ordinal} (line {first}): {error}"));
        let parsed = PgnGame::parse(game).map_err(|error| bad(error.to_string()))?;
        let record = if parsed.unfinished() {
            None
        } else {
            Some(parsed.record(ordinal).map_err(|e| bad(e.to_string()))?)
        };
        let shown = record.as_ref().map_or_else(
            || Shown {
                game: ordinal,
                start: parsed.start(),
                moves: &parsed.moves,
                result: "*",
                reason: &parsed.reason,
            },
            Shown::of,
        );
        let name = |tag: &str| Json::from(parsed.tag(tag).unwrap_or("?"));
        let extra = vec![
            ("white", name("White")),
            ("black", name("Black")),
            (
                "lines",
                (game
                    .lines()
                    .skip_while(|line| line.trim().is_empty())
                    .count() as i64)
                    .into(),
            ),
        ];
        self.shown(&shown, first, extra, summary).map_err(bad)
    }

    /// A game as the answer shows it, found at `line`: replayed and
    /// checked, with `extra` fields after the first two.
    fn shown(
        &self,
        record: &Shown,
        line: usize,
        extra: Vec<(&str, Json)>,
        summary: bool,
    ) -> Result<Json, String> {
        let game = replay_moves(record.game, record.start, record.moves, self.rule_set)
            .map_err(|error| error.to_string())?;
        let mut shown = vec![
            ("game".to_owned(), (record.game as i64).into()),
            ("line".to_owned(), (line as i64).into()),
        ];
        shown.extend(
            extra
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value)),
        );
        shown.extend([
            ("start".to_owned(), record.start.into()),
            ("result".to_owned(), record.result.into()),
            ("reason".to_owned(), record.reason.into()),
            ("length".to_owned(), (record.moves.len() as i64).into()),
        ]);
        if !summary {
            let positions = game.positions().iter();
            let positions = positions.map(|position| position.to_string().into());
            shown.push(("moves".to_owned(), record.moves.to_vec().into()));
            shown.push(("plies".to_owned(), plies_json(&game)));
            shown.push(("positions".to_owned(), Json::Array(positions.collect())));
        }
        Ok(Json::Object(shown))
    }
}
