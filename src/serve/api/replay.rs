//! Match records and PGN files read for replay: `POST /api/record` with a
//! record's text, or a PGN file's (a tournament's `games.pgn`).
//! The body is read line by line as it arrives, so a record of many
//! megabytes costs no more memory than its answer; with `?summary=1` the
//! answer is one short line a game, and the page asks for a game's plies
//! by sending that game's line alone.

use std::io::{BufRead, Read};

use super::{Answer, App, Refusal, json};
use crate::json::{Json, object};
use crate::pgn::{PgnGame, PgnLines, is_pgn};
use crate::record::Record;
use crate::serve::http::Request;
use crate::serve::views::plies_json;

/// The longest line a record may have: a game of the longest length with
/// room to spare.
const MAX_RECORD_LINE: usize = 64 << 10;

/// The most bytes of record answered with every position; past it, only
/// the summary is given.
pub const MAX_FULL_RECORD: usize = 1 << 20;

impl App {
    /// `POST /api/record` (`?summary=1`): the games of the record or PGN
    /// file in `body`, each replayed and checked; in full, each with its
    /// plies and every position it passed through.
    pub(super) fn record(&self, request: &Request, body: &mut dyn BufRead) -> Answer {
        let summary = request.query("summary").is_some_and(|value| value == "1");
        let mut games = Vec::new();
        let mut line = Vec::new();
        let (mut number, mut read) = (0, 0);
        // Known once the first line that is not blank says which it is.
        let mut pgn: Option<PgnLines> = None;
        let mut is_record = false;
        loop {
            line.clear();
            let got = (&mut *body)
                .take(MAX_RECORD_LINE as u64 + 1)
                .read_until(b'\n', &mut line)
                .map_err(|error| Refusal::bad(format!("the record could not be read: {error}")))?;
            if got == 0 {
                break;
            }
            number += 1;
            read += got;
            if line.len() > MAX_RECORD_LINE {
                return Err(Refusal::bad(format!(
                    "record line {number}: longer than {MAX_RECORD_LINE} bytes"
                )));
            }
            if !summary && read > MAX_FULL_RECORD {
                return Err(Refusal::new(
                    413,
                    format!(
                        "a record over {MAX_FULL_RECORD} bytes is answered with ?summary=1 only"
                    ),
                ));
            }
            let text = std::str::from_utf8(&line)
                .map_err(|_| Refusal::bad(format!("record line {number}: not UTF-8")))?;
            let text = text.trim_end_matches(['\n', '\r']);
            if pgn.is_none() && !is_record && is_pgn(text) {
                pgn = Some(PgnLines::after(number - 1));
            }
            is_record |= pgn.is_none() && !text.trim().is_empty();
            match pgn.as_mut() {
                Some(lines) => {
                    if let Some((first, game)) = lines.push(text) {
                        games.push(self.pgn_game(first, &game, games.len() + 1, summary)?);
                    }
                }
                None if is_record => games.push(self.record_game(number, text, summary)?),
                None => {}
            }
        }
        if let Some((first, game)) = pgn.and_then(PgnLines::finish) {
            games.push(self.pgn_game(first, &game, games.len() + 1, summary)?);
        }
        Ok(json(&object([("games", Json::Array(games))])))
    }

    /// The game of record line `number`, `text`.
    fn record_game(&self, number: usize, text: &str, summary: bool) -> Result<Json, Refusal> {
        let record: Record = text
            .parse()
            .map_err(|error| Refusal::bad(format!("record line {number}: {error}")))?;
        let white = record.white.to_string();
        self.shown(&record, number, vec![("white", white.into())], summary)
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
        let record = parsed
            .record(ordinal)
            .map_err(|error| bad(error.to_string()))?;
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
        self.shown(&record, first, extra, summary).map_err(bad)
    }

    /// A game as the answer shows it, found at `line`: replayed and
    /// checked, with `extra` fields after the first two.
    fn shown(
        &self,
        record: &Record,
        line: usize,
        extra: Vec<(&str, Json)>,
        summary: bool,
    ) -> Result<Json, String> {
        let game = record
            .replay(self.rule_set, None)
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
            ("start".to_owned(), record.start.clone().into()),
            ("result".to_owned(), record.outcome.result().into()),
            ("reason".to_owned(), record.reason.clone().into()),
            ("length".to_owned(), (record.moves.len() as i64).into()),
        ]);
        if !summary {
            let positions = game.positions().iter();
            let positions = positions.map(|position| position.to_string().into());
            shown.push(("moves".to_owned(), record.moves.clone().into()));
            shown.push(("plies".to_owned(), plies_json(&game)));
            shown.push(("positions".to_owned(), Json::Array(positions.collect())));
        }
        Ok(Json::Object(shown))
    }
}
