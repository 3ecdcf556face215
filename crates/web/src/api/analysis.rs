//! Positions studied one request at a time, with nothing kept between
//! requests: a position's moves and standing, its picture, the game after
//! some moves, the engine's choice, and the endgame tables' value.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Answer, App, RETRY_AFTER, Refusal, body_json, json, milliseconds};
use crate::client::Client;
use crate::http::{Request, Response};
use crate::searchers::{Asker, Refused};
use crate::views::{plies_json, position_json, texts};
use congo_engine::Limit;
use congo_kit::json::{Json, object};
use congo_pictures as show;
use congo_rules::endgame::Value;

/// The longest search a request may ask for, in milliseconds.
pub const MAX_MOVETIME: u64 = 10_000;

/// How long a search waits for a free engine before the server says it is
/// busy.
const ENGINE_WAIT: Duration = Duration::from_secs(15);

impl App {
    /// `GET /api/position?fen=FEN`.
    pub(super) fn position(&self, request: &Request) -> Answer {
        let game = congo_rules::Game::new(self.fen(request.query("fen"))?, self.rule_set);
        Ok(json(&position_json(&game, None)))
    }

    /// `GET /api/board.svg?fen=FEN&flip=1`: the picture `show --svg` draws,
    /// with a target over each square.
    pub(super) fn board(&self, request: &Request) -> Answer {
        let position = self.fen(request.query("fen"))?;
        let flipped = request.query("flip").is_some_and(|flip| flip == "1");
        Ok(Response::ok(
            "image/svg+xml",
            show::board(&position, flipped).into_bytes(),
        ))
    }

    /// `POST /api/play` with `{"fen", "moves": [...]}`: the position after
    /// the moves, all of them or none, and every ply with what it did.
    pub(super) fn play(&self, request: &Request) -> Answer {
        let game = self.game(&body_json(request)?)?;
        let mut answer = position_json(&game, None);
        if let Json::Object(members) = &mut answer {
            members.push(("plies".to_owned(), plies_json(&game)));
        }
        Ok(json(&answer))
    }

    /// `POST /api/best` with `{"fen", "movetime", "moves", "wait"}`: the
    /// engine's move after the moves, with its score, depth, nodes and
    /// line. It waits its turn for an engine at most `wait` milliseconds
    /// (15 s unless told less), and stops as soon as the client leaves.
    pub(super) fn best(&self, request: &Request, client: &Client) -> Answer {
        let body = body_json(request)?;
        let movetime = milliseconds(
            &body,
            "movetime",
            Duration::from_millis(1),
            Duration::from_millis(MAX_MOVETIME),
        )?;
        let wait = match body.get("wait") {
            None => ENGINE_WAIT,
            Some(_) => milliseconds(&body, "wait", Duration::ZERO, ENGINE_WAIT)?,
        };
        let game = self.game(&body)?;
        if let Some(ending) = game.ending() {
            return Err(Refusal::bad(format!(
                "no move: the game is over, {}",
                ending.describe()
            )));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let _watch = client.on_leaving(Arc::clone(&stop));
        let gone = || stop.load(Ordering::Relaxed);
        let limit = Limit::Time(movetime);
        let mut engine = self
            .searchers
            .lend(Asker::Visitor(client.visitor), &limit, wait, &gone)
            .map_err(|refused| match refused {
                Refused::Crowded => Refusal::new(
                    503,
                    format!(
                        "too many searches wait already, from you or from everyone; try again in {RETRY_AFTER} s"
                    ),
                ),
                Refused::TimedOut => Refusal::new(
                    503,
                    format!("every engine is searching; try again in {RETRY_AFTER} s"),
                ),
                Refused::Gone => Refusal::new(503, "the search was cancelled"),
            })?;
        engine.clear();
        engine.stop_when(Arc::clone(&stop));
        let position = game.position();
        let choice = engine
            .choose(position, limit, &game.history())
            .ok_or_else(|| Refusal::bad("no move: the game is over"))?;
        let line = engine.principal_variation(position, choice.best, choice.depth.max(1) as usize);
        Ok(json(&object([
            ("move", choice.best.to_string().into()),
            ("score", i64::from(choice.score).into()),
            ("depth", i64::from(choice.depth).into()),
            ("nodes", (engine.nodes as i64).into()),
            ("pv", texts(&line)),
            (
                "tablebase",
                choice.tablebase.map(|value| value.to_string()).into(),
            ),
        ])))
    }

    /// `GET /api/probe?fen=FEN`: the tables' value, and the moves that
    /// keep it.
    pub(super) fn probe(&self, request: &Request) -> Answer {
        let tables = self.tables.as_ref().ok_or_else(|| {
            Refusal::new(404, "no endgame tables: start congo serve with --tb DIR")
        })?;
        let position = self.fen(request.query("fen"))?;
        let (value, moves) = tables
            .keeping_moves(&position)
            .map_err(|error| Refusal::bad(error.to_string()))?;
        let (name, plies) = match value {
            Value::Win(plies) => ("win", Some(i64::from(plies))),
            Value::Loss(plies) => ("loss", Some(i64::from(plies))),
            Value::Draw => ("draw", None),
        };
        Ok(json(&object([
            ("value", name.into()),
            ("plies", plies.into()),
            ("moves", texts(&moves)),
        ])))
    }
}
