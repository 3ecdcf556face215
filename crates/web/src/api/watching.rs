//! A match followed while it is played (`congo serve --watch RECORD`):
//! `GET /api/watch` lists its games and the score, `?game=N` adds game N
//! in full, and `/api/watch/events` sends the same at each change. Without
//! a match, `/api/watch` says so in a `200` (`{"watching": false}`): the
//! page asks on every load, and its asking is no error.

use super::{Answer, App, Refusal, json};
use crate::feed::Feed;
use crate::http::Request;
use congo_kit::json::Json;

impl App {
    /// `GET /api/watch?game=N`.
    pub(super) fn watched(&self, request: &Request) -> Answer {
        let Some(watch) = self.watch.as_ref() else {
            return Ok(json(&congo_kit::json::object([(
                "watching",
                Json::Bool(false),
            )])));
        };
        Ok(json(&watch.view(game_asked(request)?)))
    }

    /// `GET /api/watch/events?game=N`.
    pub(super) fn follow_watched(&self, request: &Request) -> Result<Box<dyn Feed>, Refusal> {
        let watch = self.watch.as_ref().ok_or_else(not_watching)?;
        Ok(Box::new(watch.follow(game_asked(request)?)))
    }
}

fn not_watching() -> Refusal {
    Refusal::new(
        404,
        "no match is watched: start congo serve with --watch RECORD",
    )
}

/// The game a request asks to see in full, if any.
fn game_asked(request: &Request) -> Result<Option<usize>, Refusal> {
    request
        .query("game")
        .map(|number| {
            number
                .parse()
                .map_err(|_| Refusal::bad(format!("game {number:?} is not a game number")))
        })
        .transpose()
}
