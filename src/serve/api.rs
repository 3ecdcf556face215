//! What the web board's server answers: the page and its assets, and the
//! JSON API. Every answer is computed by the library (the same code as
//! `moves`, `play`, `best`, `tb probe` and the end-of-game rule); a bad
//! request gets `{"error": ...}` with the status that fits.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::assets;
use super::http::{Request, Response};
use super::json::{Json, object};
use super::searchers::Searchers;
use crate::assignment::evaluation::Evaluation;
use crate::engine::Limit;
use crate::record::read_record_text;
use crate::tablebase::{Tablebase, Value};
use crate::{Color, Game, MAX_PLIES, Move, MoveEffects, Position, Reach, RuleSet, Square, show};

/// The longest search a request may ask for, in milliseconds.
pub const MAX_MOVETIME: u64 = 10_000;

/// How long a search waits for a free engine before the server says it is
/// busy.
const ENGINE_WAIT: Duration = Duration::from_secs(15);

/// The server's state: its rule set, its tables and its engines.
pub struct App {
    rule_set: RuleSet,
    tables: Option<Arc<Tablebase>>,
    searchers: Searchers,
}

/// A request that cannot be answered: its status and the message.
struct Refusal(u16, String);

impl Refusal {
    fn bad(message: impl Into<String>) -> Refusal {
        Refusal(400, message.into())
    }
}

type Answer = Result<Response, Refusal>;

impl App {
    /// A server playing by `rule_set`, from the tables in `tables` if given,
    /// searching with at most `cores` engines at a time.
    pub fn new(rule_set: RuleSet, tables: Option<&Path>, cores: usize) -> App {
        let tables = tables.map(|dir| Arc::new(Tablebase::new(dir, rule_set)));
        App {
            rule_set,
            searchers: Searchers::new(cores, rule_set, tables.clone()),
            tables,
        }
    }

    /// The answer to `request`.
    pub fn respond(&self, request: &Request) -> Response {
        let answer = match (request.path.as_str(), request.method.as_str()) {
            (path, "GET" | "HEAD") if let Some(asset) = assets::find(path) => Ok(Response {
                status: 200,
                content_type: asset.content_type,
                body: asset.body.as_bytes().to_vec(),
                allow: None,
            }),
            ("/api/position", "GET" | "HEAD") => self.position(request),
            ("/api/board.svg", "GET" | "HEAD") => self.board(request),
            ("/api/probe", "GET" | "HEAD") => self.probe(request),
            ("/api/play", "POST") => self.play(request),
            ("/api/best", "POST") => self.best(request),
            ("/api/record", "POST") => self.record(request),
            ("/api/position" | "/api/board.svg" | "/api/probe", _) => {
                return not_allowed(request, "GET, HEAD");
            }
            ("/api/play" | "/api/best" | "/api/record", _) => return not_allowed(request, "POST"),
            (path, "GET" | "HEAD" | "POST") => Err(Refusal(404, format!("no page {path}"))),
            (_, method) => Err(Refusal(405, format!("method {method} is not served"))),
        };
        answer.unwrap_or_else(|Refusal(status, message)| error(status, &message))
    }

    /// `GET /api/position?fen=FEN`.
    fn position(&self, request: &Request) -> Answer {
        let game = Game::new(self.fen(request.query("fen"))?, self.rule_set);
        Ok(json(&position_json(&game)))
    }

    /// `GET /api/board.svg?fen=FEN&flip=1`: the picture `show --svg` draws,
    /// with a target over each square.
    fn board(&self, request: &Request) -> Answer {
        let position = self.fen(request.query("fen"))?;
        let flipped = request.query("flip").is_some_and(|flip| flip == "1");
        Ok(Response {
            status: 200,
            content_type: "image/svg+xml",
            body: show::board(&position, flipped).into_bytes(),
            allow: None,
        })
    }

    /// `POST /api/play` with `{"fen", "moves": [...]}`: the position after
    /// the moves, all of them or none.
    fn play(&self, request: &Request) -> Answer {
        let body = body_json(request)?;
        let game = self.game(&body)?;
        let mut answer = position_json(&game);
        if let (Some(&m), [.., before, _]) = (game.moves().last(), game.positions()) {
            let effects = before.effects(m, game.rule_set());
            if let Json::Object(members) = &mut answer {
                members.push(("last".to_owned(), effects_json(m, effects)));
            }
        }
        Ok(json(&answer))
    }

    /// `POST /api/best` with `{"fen", "movetime", "moves"}`: the engine's
    /// move after the moves, with its score, depth, nodes and line.
    fn best(&self, request: &Request) -> Answer {
        let body = body_json(request)?;
        let movetime = body
            .get("movetime")
            .and_then(|value| match value {
                Json::Number(ms) if ms.fract() == 0.0 && *ms >= 1.0 => Some(*ms as u64),
                _ => None,
            })
            .filter(|&ms| ms <= MAX_MOVETIME)
            .ok_or_else(|| {
                Refusal::bad(format!(
                    "\"movetime\" must be a whole number of milliseconds from 1 to {MAX_MOVETIME}"
                ))
            })?;
        let game = self.game(&body)?;
        if let Some(ending) = game.ending() {
            return Err(Refusal::bad(format!(
                "no move: the game is over, {}",
                ending.describe()
            )));
        }
        let mut engine = self
            .searchers
            .lend(ENGINE_WAIT)
            .ok_or_else(|| Refusal(503, "every engine is searching; try again".to_owned()))?;
        engine.clear();
        let limit = Limit::Time(Duration::from_millis(movetime));
        let position = game.position();
        let choice = engine
            .choose(position, limit, &game.earlier_keys())
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
    fn probe(&self, request: &Request) -> Answer {
        let tables = self.tables.as_ref().ok_or_else(|| {
            Refusal(
                404,
                "no endgame tables: start congo serve with --tb DIR".to_owned(),
            )
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

    /// `POST /api/record` with a match record's text: its games, each with
    /// every position it passed through.
    fn record(&self, request: &Request) -> Answer {
        let text = std::str::from_utf8(&request.body)
            .map_err(|_| Refusal::bad("the record is not UTF-8"))?;
        let records = read_record_text(Path::new("record"), text)
            .map_err(|error| Refusal::bad(error.to_string()))?;
        let mut games = Vec::with_capacity(records.len());
        for (place, record) in records {
            let game = record
                .replay(self.rule_set, None)
                .map_err(|error| Refusal::bad(format!("{place}: {error}")))?;
            let positions: Vec<Json> = game
                .positions()
                .iter()
                .map(|position| position.to_string().into())
                .collect();
            games.push(object([
                ("game", (record.game as i64).into()),
                ("white", record.white.to_string().into()),
                ("start", record.start.clone().into()),
                ("moves", record.moves.clone().into()),
                ("result", record.outcome.result().into()),
                ("reason", record.reason.clone().into()),
                ("positions", Json::Array(positions)),
            ]));
        }
        Ok(json(&object([("games", Json::Array(games))])))
    }

    /// The position a FEN names, under the server's rules.
    fn fen(&self, fen: Option<&str>) -> Result<Position, Refusal> {
        let fen = fen.ok_or_else(|| Refusal::bad("the query needs fen=FEN"))?;
        Position::from_fen(fen, self.rule_set, Reach::Game)
            .map_err(|error| Refusal::bad(format!("fen: {error}")))
    }

    /// The game a body's `"fen"` and `"moves"` describe, each move checked.
    fn game(&self, body: &Json) -> Result<Game, Refusal> {
        let fen = body
            .get("fen")
            .and_then(Json::as_str)
            .ok_or_else(|| Refusal::bad("the body needs \"fen\": a FEN"))?;
        let start = self.fen(Some(fen))?;
        let texts: Vec<&str> = match body.get("moves") {
            None => Vec::new(),
            Some(Json::Array(items)) => items
                .iter()
                .map(Json::as_str)
                .collect::<Option<_>>()
                .ok_or_else(|| Refusal::bad("\"moves\" must be an array of move strings"))?,
            Some(_) => return Err(Refusal::bad("\"moves\" must be an array of move strings")),
        };
        let mut game = Game::new(start, self.rule_set).with_max_plies(Some(MAX_PLIES));
        for (ply, text) in texts.into_iter().enumerate() {
            game.play_text(text)
                .map_err(|error| Refusal::bad(format!("moves: ply {}: {error}", ply + 1)))?;
        }
        Ok(game)
    }
}

/// A 405 for `request`, naming the methods its path takes.
fn not_allowed(request: &Request, allow: &'static str) -> Response {
    let mut response = error(405, &format!("{} takes {allow}", request.path));
    response.allow = Some(allow);
    response
}

/// An error's answer: `{"error": message}`.
pub fn error(status: u16, message: &str) -> Response {
    Response::json(status, object([("error", message.into())]).to_string())
}

fn json(value: &Json) -> Response {
    Response::json(200, value.to_string())
}

/// A request's body as JSON.
fn body_json(request: &Request) -> Result<Json, Refusal> {
    let text =
        std::str::from_utf8(&request.body).map_err(|_| Refusal::bad("the body is not UTF-8"))?;
    Json::parse(text).map_err(|error| Refusal::bad(error.to_string()))
}

/// Moves as texts.
fn texts(moves: &[Move]) -> Json {
    Json::Array(moves.iter().map(|m| m.to_string().into()).collect())
}

/// Squares as names.
fn names(squares: crate::Bitboard) -> Json {
    Json::Array(squares.into_iter().map(|s| s.to_string().into()).collect())
}

/// Where a game stands: the position, its legal moves (none once the game
/// is over), the result and why, the board by ranks, the assignment's
/// Part 5 evaluation and the plies played.
fn position_json(game: &Game) -> Json {
    let position = game.position();
    let ending = game.ending();
    let mut moves = Vec::new();
    if ending.is_none() {
        position.legal_moves(&mut moves);
    }
    let result = ending.map(|ending| match ending.winner() {
        Some(Color::White) => "white wins",
        Some(Color::Black) => "black wins",
        None => "draw",
    });
    let ranks: Vec<Json> = (0..Square::SIDE)
        .rev()
        .map(|rank| {
            (0..Square::SIDE)
                .map(|file| {
                    Square::new(file, rank)
                        .and_then(|square| position.board.piece_at(square))
                        .map_or('.', |piece| piece.letter() as char)
                })
                .collect::<String>()
                .into()
        })
        .collect();
    object([
        ("fen", position.to_string().into()),
        ("side", position.side.name().into()),
        ("moves", texts(&moves)),
        ("result", result.into()),
        ("reason", ending.map(|ending| ending.to_string()).into()),
        ("board", Json::Array(ranks)),
        (
            "evaluation",
            i64::from(Evaluation::Advanced.score(position)).into(),
        ),
        ("ply", (game.moves().len() as i64).into()),
    ])
}

/// What the last move did.
fn effects_json(m: Move, effects: MoveEffects) -> Json {
    object([
        ("move", m.to_string().into()),
        ("captured", names(effects.captured)),
        ("drowned", names(effects.drowned)),
        ("promoted", Json::Bool(effects.promoted)),
    ])
}
