//! Match records read for replay: `POST /api/record` with a record's text.
//! The body is read line by line as it arrives, so a record of many
//! megabytes costs no more memory than its answer; with `?summary=1` the
//! answer is one short line a game, and the page asks for a game's plies
//! by sending that game's line alone.

use std::io::{BufRead, Read};

use super::{Answer, App, Refusal, json};
use crate::record::Record;
use crate::serve::http::Request;
use crate::json::{Json, object};
use crate::serve::views::plies_json;

/// The longest line a record may have: a game of the longest length with
/// room to spare.
const MAX_RECORD_LINE: usize = 64 << 10;

/// The most bytes of record answered with every position; past it, only
/// the summary is given.
pub const MAX_FULL_RECORD: usize = 1 << 20;

impl App {
    /// `POST /api/record` (`?summary=1`): the games of the record in
    /// `body`, each replayed and checked; in full, each with its plies and
    /// every position it passed through.
    pub(super) fn record(&self, request: &Request, body: &mut dyn BufRead) -> Answer {
        let summary = request.query("summary").is_some_and(|value| value == "1");
        let mut games = Vec::new();
        let mut line = Vec::new();
        let (mut number, mut read) = (0, 0);
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
            let record: Record = text
                .parse()
                .map_err(|error| Refusal::bad(format!("record line {number}: {error}")))?;
            let game = record
                .replay(self.rule_set, None)
                .map_err(|error| Refusal::bad(format!("record line {number}: {error}")))?;
            let mut shown = vec![
                ("game".to_owned(), (record.game as i64).into()),
                ("line".to_owned(), (number as i64).into()),
                ("white".to_owned(), record.white.to_string().into()),
                ("start".to_owned(), record.start.clone().into()),
                ("result".to_owned(), record.outcome.result().into()),
                ("reason".to_owned(), record.reason.clone().into()),
                ("length".to_owned(), (record.moves.len() as i64).into()),
            ];
            if !summary {
                let positions = game.positions().iter();
                let positions = positions.map(|position| position.to_string().into());
                shown.push(("moves".to_owned(), record.moves.clone().into()));
                shown.push(("plies".to_owned(), plies_json(&game)));
                shown.push(("positions".to_owned(), Json::Array(positions.collect())));
            }
            games.push(Json::Object(shown));
        }
        Ok(json(&object([("games", Json::Array(games))])))
    }
}
