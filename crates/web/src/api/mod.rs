//! What the web board's server answers: the page and its assets, and the
//! JSON API. Every answer is computed by the library (the same code as
//! `moves`, `play`, `best`, `tb probe` and the end-of-game rule); a bad
//! request gets `{"error": ...}` with the status that fits.
//!
//! The API has four parts, one file each: positions studied one request
//! at a time ([`analysis`]), match records read for replay ([`replay`]),
//! games the server keeps for players and watchers ([`kept_games`]), and a
//! match followed as it is played ([`watching`]).

mod analysis;
mod forgery;
mod guesses;
mod kept_games;
mod refusal;
mod replay;
mod rooms;
mod streams;
mod uploads;
mod watching;

use std::io::BufRead;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::assets;
use super::client::Client;
use super::feed::Feed;
use super::games::{Action, Games, ReadBack};
use super::http::{Headers, Request, Response};
use super::journal::{self, Journal, JournalError};
use super::proxy::TrustedProxies;
use super::room::Room;
use super::searchers::Searchers;
use super::settings::Settings;
use super::visitor::Visitor;
use super::watch::Watch;
use congo_kit::json::Json;
use congo_rules::endgame::EndgameTables;
use congo_rules::{Color, Game, MAX_PLIES, Position, Reach, RuleSet};

pub use analysis::MAX_MOVETIME;
pub use guesses::MAX_GUESSES;
pub(super) use refusal::{RETRY_AFTER, error};
pub use streams::{MAX_STREAMS, MAX_STREAMS_PER_VISITOR};

use super::admission::Admitted;
use guesses::Guesses;
use refusal::{Answer, Refusal, refused};
use rooms::Rooms;

/// The server's state: its rule set, its tables, its engines, the games it
/// keeps and the match it watches.
pub struct App {
    rule_set: RuleSet,
    tables: Option<Arc<dyn EndgameTables>>,
    searchers: Arc<Searchers>,
    games: Arc<Games>,
    watch: Option<Watch>,
    uploads: Rooms,
    streams: Rooms,
    guesses: Guesses,
    proxies: TrustedProxies,
    room: Room,
}

/// What a request gets: one response, or an event stream that stays open
/// (and its room among the streams, held while it is).
pub(super) enum Reply {
    Response(Response),
    Events(Box<dyn Feed>, Admitted<Visitor>),
}

/// The API paths, and the methods each takes.
const ROUTES: [(&str, &str); 24] = [
    ("/api/position", "GET, HEAD"),
    ("/api/board.svg", "GET, HEAD"),
    ("/api/probe", "GET, HEAD"),
    ("/api/play", "POST"),
    ("/api/best", "POST"),
    ("/api/record", "POST"),
    ("/api/games", "POST"),
    ("/api/games/*", "GET, HEAD"),
    ("/api/games/*/events", "GET"),
    ("/api/events", "GET"),
    ("/api/games/*/record", "GET, HEAD"),
    ("/api/games/*/move", "POST"),
    ("/api/games/*/takeback", "POST"),
    ("/api/games/*/here", "POST"),
    ("/api/games/*/resign", "POST"),
    ("/api/games/*/abort", "POST"),
    ("/api/games/*/draw", "POST"),
    ("/api/games/*/accept", "POST"),
    ("/api/games/*/decline", "POST"),
    ("/api/games/*/claim", "POST"),
    ("/api/games/*/rematch", "POST"),
    ("/api/games/*/pgn", "GET, HEAD"),
    ("/api/watch", "GET, HEAD"),
    ("/api/watch/events", "GET"),
];

impl App {
    /// A server as `settings` describe it, on its data folder, none of
    /// its games read back yet (see [`App::read_back`]); and a line that
    /// says where it keeps its games if not where `settings` said. Each
    /// line that says why a game or a line of the journal was left out
    /// goes to `report`, whenever it is found.
    pub fn new(
        settings: &Settings,
        report: impl Fn(&str) + Send + Sync + 'static,
    ) -> Result<(App, Option<String>), JournalError> {
        let (journal, moved) = open_journal(settings)?;
        let rule_set = settings.rule_set;
        let tables = settings.tables.clone();
        let searchers = Arc::new(Searchers::new(settings.engines, rule_set, tables.clone()));
        let games = Games::new(
            Arc::clone(&searchers),
            settings.claim_after,
            rule_set,
            journal,
            Box::new(report),
        );
        let app = App {
            rule_set,
            games,
            searchers,
            tables,
            watch: (settings.watch.as_deref()).map(|record| Watch::new(record, rule_set)),
            uploads: uploads::uploads(),
            streams: streams::streams(settings.room.connections),
            guesses: Guesses::default(),
            proxies: settings.trusted_proxies.clone(),
            room: settings.room,
        };
        Ok((app, moved))
    }

    /// The data folder it keeps its games in (`settings`' or, where
    /// another server held that, the one beside it).
    pub fn data(&self) -> &std::path::Path {
        self.games.data()
    }

    /// Reads back every game of the data folder not read back yet (a
    /// game's link reads it back at once), keeping those in progress: run
    /// once after the start, while the server answers.
    pub fn read_back(&self) -> Result<ReadBack, JournalError> {
        self.games.read_back_all()
    }

    /// The connections it holds at once.
    pub(super) fn room(&self) -> Room {
        self.room
    }

    /// Whether a connection from `peer` comes from a trusted proxy.
    pub(super) fn trusts(&self, peer: IpAddr) -> bool {
        self.proxies.trusts(peer)
    }

    /// Whether a request with `headers` from `peer` reached a trusted
    /// proxy over HTTPS.
    pub(super) fn https(&self, peer: IpAddr, headers: &Headers) -> bool {
        self.proxies.https(peer, headers)
    }

    /// Who a request with `headers` on a connection from `peer` is from.
    pub(super) fn visitor(&self, peer: IpAddr, headers: &Headers) -> Visitor {
        Visitor::of(
            self.proxies.client(peer, headers),
            headers.cookie.as_deref(),
        )
    }

    /// Whether a request's body is read as it arrives rather than held
    /// whole: only a match record's, which may be long.
    pub(super) fn streams_body(method: &str, path: &str) -> bool {
        method == "POST" && path == "/api/record"
    }

    /// The answer to `request` from `client`; a request for a kept game
    /// counts against the visitor's guesses when it misses.
    pub(super) fn respond(&self, request: &Request, client: &Client) -> Reply {
        if !request.path.starts_with("/api/games/") {
            return self.route(request, client);
        }
        let now = Instant::now();
        if let Some(refusal) = self.guesses.refusal(client.visitor, now) {
            return Reply::Response(refused(refusal));
        }
        let reply = self.route(request, client);
        if let Reply::Response(response) = &reply {
            self.guesses.note(client.visitor, response.status, now);
        }
        reply
    }

    /// The answer to `request` from `client`, by its route.
    fn route(&self, request: &Request, client: &Client) -> Reply {
        let method = request.method.as_str();
        let path = request.path.as_str();
        let get = matches!(method, "GET" | "HEAD");
        let segments: Vec<&str> = path.split('/').skip(1).collect();
        if method == "POST"
            && let Err(refusal) = forgery::vet(request, path != "/api/record")
        {
            return Reply::Response(refused(refusal));
        }
        let answer = match (segments.as_slice(), method) {
            (_, "GET" | "HEAD") if let Some(asset) = assets::find(path) => Ok(Response::ok(
                asset.content_type,
                asset.body.as_bytes().to_vec(),
            )),
            (["api", "position"], _) if get => self.position(request),
            (["api", "board.svg"], _) if get => self.board(request),
            (["api", "probe"], _) if get => self.probe(request),
            (["api", "play"], "POST") => self.play(request),
            (["api", "best"], "POST") => self.best(request, client),
            (["api", "record"], "POST") => {
                self.record(request, client, &mut request.body.as_slice())
            }
            (["api", "games"], "POST") => self.create_game(request, client),
            (["api", "games", id], _) if get => self.game_view(id, request),
            (["api", "games", id, "events"], "GET") => {
                return self.events(client, || self.follow_game(id, request));
            }
            (["api", "events"], "GET") => {
                return self.events(client, || self.follow_games(request));
            }
            (["api", "games", id, "record"], _) if get => self.game_record(id),
            (["api", "games", id, "move"], "POST") => self.game_move(id, request),
            (["api", "games", id, "takeback"], "POST") => self.game_take_back(id, request),
            (["api", "games", id, "here"], "POST") => self.game_here(id, request),
            (["api", "games", id, "rematch"], "POST") => self.game_rematch(id, request),
            (["api", "games", id, "pgn"], _) if get => self.game_pgn(id),
            (["api", "games", id, action], "POST") if let Some(action) = Action::named(action) => {
                self.game_act(id, action, request)
            }
            (["api", "watch"], _) if get => self.watched(request),
            (["api", "watch", "events"], "GET") => {
                return self.events(client, || self.follow_watched(request));
            }
            _ => Err(App::unrouted(path, method)),
        };
        Reply::Response(answer.unwrap_or_else(refused))
    }

    /// An event stream for `client`, if it has room for one, from `feed`.
    fn events(
        &self,
        client: &Client,
        feed: impl FnOnce() -> Result<Box<dyn Feed>, Refusal>,
    ) -> Reply {
        let opened = self.streams.enter(client.visitor);
        match opened.and_then(|room| Ok(Reply::Events(feed()?, room))) {
            Ok(reply) => reply,
            Err(refusal) => Reply::Response(refused(refusal)),
        }
    }

    /// The answer to a request from `client` whose body is read from
    /// `body` as it arrives.
    pub(super) fn respond_streamed(
        &self,
        request: &Request,
        client: &Client,
        body: &mut dyn BufRead,
    ) -> Response {
        (forgery::vet(request, false).and_then(|()| self.record(request, client, body)))
            .unwrap_or_else(refused)
    }

    /// Why a request fits no route: a path served by other methods, or no
    /// such path.
    fn unrouted(path: &str, method: &str) -> Refusal {
        let allowed = ROUTES
            .iter()
            .find(|(pattern, _)| path_fits(path, pattern))
            .map(|&(_, allow)| allow);
        match allowed {
            Some(allow) => Refusal {
                allow: Some(allow),
                ..Refusal::new(405, format!("{path} takes {allow}"))
            },
            None if matches!(method, "GET" | "HEAD" | "POST") => {
                Refusal::new(404, format!("no page {path}"))
            }
            None => Refusal::new(405, format!("method {method} is not served")),
        }
    }

    /// The position a FEN names, under the server's rules: one a game can
    /// reach, so with a lion at least (with none, no side could be said to
    /// have won).
    fn fen(&self, fen: Option<&str>) -> Result<Position, Refusal> {
        let fen = fen.ok_or_else(|| Refusal::bad("the query needs fen=FEN"))?;
        let position = Position::from_fen(fen, self.rule_set, Reach::Game)
            .map_err(|error| Refusal::bad(format!("fen: {error}")))?;
        if !position.has_lion(Color::White) && !position.has_lion(Color::Black) {
            return Err(Refusal::bad(
                "fen: neither lion is on the board; no game reaches it",
            ));
        }
        Ok(position)
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

/// The most default folders tried, the first included.
const DEFAULT_FOLDERS: usize = 16;

/// The journal `settings` name; and, if another server holds the default
/// folder, the next free one beside it, with a line that says where.
fn open_journal(settings: &Settings) -> Result<(Journal, Option<String>), JournalError> {
    let first = Journal::open(&settings.data, journal::BUDGET);
    let Err(JournalError::Locked(_)) = first else {
        return first.map(|journal| (journal, None));
    };
    if settings.data_named {
        return first.map(|journal| (journal, None));
    }
    let name = settings
        .data
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    for number in 2..=DEFAULT_FOLDERS {
        let next = settings.data.with_file_name(format!("{name}-{number}"));
        match Journal::open(&next, journal::BUDGET) {
            Err(JournalError::Locked(_)) => continue,
            opened => {
                let said = format!(
                    "{} is used by another congo serve: this one keeps its games in {}",
                    settings.data.display(),
                    next.display()
                );
                return opened.map(|journal| (journal, Some(said)));
            }
        }
    }
    first.map(|journal| (journal, None))
}

/// Whether `path` fits `pattern`, where `*` stands for one segment.
fn path_fits(path: &str, pattern: &str) -> bool {
    let (mut path, mut pattern) = (path.split('/'), pattern.split('/'));
    loop {
        match (path.next(), pattern.next()) {
            (None, None) => return true,
            (Some(segment), Some("*")) if !segment.is_empty() => {}
            (Some(segment), Some(fixed)) if segment == fixed => {}
            _ => return false,
        }
    }
}

fn json(value: &Json) -> Response {
    Response::json(200, value.to_string())
}

/// The milliseconds `name` holds in `value`, from `least` to `most`.
fn milliseconds(
    value: &Json,
    name: &str,
    least: Duration,
    most: Duration,
) -> Result<Duration, Refusal> {
    let (least, most) = (least.as_millis() as u64, most.as_millis() as u64);
    match value.get(name) {
        Some(Json::Number(ms))
            if ms.fract() == 0.0 && (least as f64..=most as f64).contains(ms) =>
        {
            Ok(Duration::from_millis(*ms as u64))
        }
        _ => Err(Refusal::bad(format!(
            "\"{name}\" must be a whole number of milliseconds from {least} to {most}"
        ))),
    }
}

/// A request's body as JSON.
fn body_json(request: &Request) -> Result<Json, Refusal> {
    let text =
        std::str::from_utf8(&request.body).map_err(|_| Refusal::bad("the body is not UTF-8"))?;
    Json::parse(text).map_err(|error| Refusal::bad(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::path_fits;

    #[test]
    fn a_star_stands_for_one_segment_and_no_more() {
        assert!(path_fits("/api/games/ab12", "/api/games/*"));
        assert!(path_fits("/api/games/ab12/move", "/api/games/*/move"));
        assert!(!path_fits("/api/games/", "/api/games/*"));
        assert!(!path_fits("/api/games/a/b", "/api/games/*"));
        assert!(!path_fits("/api/games", "/api/games/*"));
    }
}
