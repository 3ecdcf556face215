//! Games the server keeps: `POST /api/games` makes one (against congo, by
//! one person's hand, or against a friend) and answers with its links;
//! `GET /api/games/ID` shows it, `/events` follows it as server-sent
//! events, `/move` and `/takeback` play in it, `/resign`, `/abort`,
//! `/draw`, `/accept`, `/decline` and `/claim` end it or offer to,
//! `/rematch` makes the next one, and `/record` and `/pgn` give it as a
//! file. A side's secret `key` comes in the query (`GET`) or the body
//! (`POST`); without one, the game is watched.

use std::sync::Arc;
use std::time::Duration;

use super::{Answer, App, Refusal, body_json, json, milliseconds};
use crate::client::Client;
use crate::clock::{MAX_BASE, MAX_INCREMENT, TimeControl};
use crate::feed::{Changes, Feed};
use crate::games::{Action, Created, GameError, NewGame, Player};
use crate::http::{Request, Response};
use crate::merged::Merged;
use congo_kit::json::{Json, object};
use congo_rules::pgn::{PgnGame, today};
use congo_rules::{ByColor, Color};

/// The most games one stream follows: as many as one visitor's streams.
const MAX_FOLLOWED: usize = super::MAX_STREAMS_PER_VISITOR;

/// congo's time a move in an untimed game unless told.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// The longest time a move congo may be given in an untimed game.
const MAX_GAME_MOVETIME: Duration = Duration::from_secs(60);

/// Who a new game's side is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seat {
    /// The person who makes the game.
    Me,
    /// The person the maker sends a link to.
    Friend,
    /// congo.
    Congo,
}

impl From<GameError> for Refusal {
    fn from(error: GameError) -> Refusal {
        Refusal {
            retry_after: error.retry_after(),
            ..Refusal::new(error.status(), error.to_string())
        }
    }
}

impl App {
    /// `POST /api/games` with `{"fen", "moves", "white", "black", "clock",
    /// "movetime"}`: a new game, and its links.
    pub(super) fn create_game(&self, request: &Request, client: &Client) -> Answer {
        let body = body_json(request)?;
        let (white, black) = (seat(&body, Color::White)?, seat(&body, Color::Black)?);
        let seats = ByColor([white, black]);
        let clock = match body.get("clock") {
            None | Some(Json::Null) => None,
            Some(clock) => Some(TimeControl {
                base: milliseconds(clock, "base", Duration::from_millis(1), MAX_BASE)?,
                increment: milliseconds(clock, "increment", Duration::ZERO, MAX_INCREMENT)?,
            }),
        };
        let movetime = match body.get("movetime") {
            None | Some(Json::Null) => DEFAULT_MOVETIME,
            Some(_) => milliseconds(
                &body,
                "movetime",
                Duration::from_millis(1),
                MAX_GAME_MOVETIME,
            )?,
        };
        let level = match body.get("level") {
            None | Some(Json::Null) => None,
            Some(Json::Number(level)) if (1.0..=8.0).contains(level) && level.fract() == 0.0 => {
                Some(*level as u8)
            }
            Some(_) => return Err(Refusal::bad("\"level\" must be a whole number from 1 to 8")),
        };
        if level.is_some() && !seats.0.contains(&Seat::Congo) {
            return Err(Refusal::bad(
                "\"level\" is congo's, and congo plays no side",
            ));
        }
        let game = self.game(&body)?;
        let players = ByColor([white, black].map(|seat| match seat {
            Seat::Congo => Player::Engine,
            Seat::Me | Seat::Friend => Player::Person,
        }));
        let new = NewGame {
            game,
            players,
            one_person: !seats.0.contains(&Seat::Friend),
            clock,
            movetime,
            level,
        };
        let created = self.games.create(new, client.visitor)?;
        let key_of = |wanted: Seat| {
            [Color::White, Color::Black]
                .into_iter()
                .find(|&side| seats[side] == wanted)
                .and_then(|side| created.secrets[side].clone())
        };
        let (me, friend) = (key_of(Seat::Me), key_of(Seat::Friend));
        Ok(json(&links(&created, me, friend)))
    }

    /// `POST /api/games/ID/rematch` with `{"key"}`: the next game, colours
    /// swapped, answered as `POST /api/games` answers.
    pub(super) fn game_rematch(&self, id: &str, request: &Request) -> Answer {
        let body = body_json(request)?;
        let game = self.games.find(id)?;
        let (created, mine) = self.games.rematch(&game, key(&body))?;
        let me = created.secrets[mine].clone();
        let friend = created.secrets[!mine]
            .clone()
            .filter(|other| Some(other) != me.as_ref());
        Ok(json(&links(&created, me, friend)))
    }

    /// `POST /api/games/ID/ACTION` with `{"key"}`: resign, abort, offer,
    /// accept or decline a draw, claim the win.
    pub(super) fn game_act(&self, id: &str, action: Action, request: &Request) -> Answer {
        let body = body_json(request)?;
        let game = self.games.find(id)?;
        Ok(json(&game.act(key(&body), action)?))
    }

    /// `GET /api/games/ID/pgn`: the game in PGN's tag-pair form, as a
    /// tournament's games file has it.
    pub(super) fn game_pgn(&self, id: &str) -> Answer {
        let game = self.games.find(id)?;
        let facts = game.pgn_facts();
        let (record, players) = (facts.record, facts.players);
        let name = |player: Player| match player {
            Player::Engine => "congo",
            Player::Person => "Anonymous",
        };
        let tags = [
            ("Event", "congo serve game".to_owned()),
            ("Date", today()),
            ("White", name(players[Color::White]).to_owned()),
            ("Black", name(players[Color::Black]).to_owned()),
            ("Result", facts.result.to_owned()),
            ("Termination", facts.termination.to_owned()),
            ("FEN", record.start.clone()),
            ("Variant", "Congo".to_owned()),
        ];
        let pgn = PgnGame {
            tags: tags
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect(),
            moves: record.moves,
            reason: record.reason,
        };
        Ok(Response::ok(
            "text/plain; charset=utf-8",
            pgn.to_string().into_bytes(),
        ))
    }

    /// `GET /api/games/ID?key=KEY`: the game as that key's holder sees it.
    pub(super) fn game_view(&self, id: &str, request: &Request) -> Answer {
        let game = self.games.find(id)?;
        Ok(json(&game.view(request.query("key"))))
    }

    /// `GET /api/games/ID/events?key=KEY`: the game's view now and at each
    /// change, as server-sent events.
    pub(super) fn follow_game(
        &self,
        id: &str,
        request: &Request,
    ) -> Result<Box<dyn Feed>, Refusal> {
        let game = self.games.find(id)?;
        Ok(Box::new(
            game.follow(request.query("key").map(str::to_owned)),
        ))
    }

    /// `GET /api/events?games=ID:KEY,ID,…`: the views of many games (a
    /// browser's tabs' games) on one stream, each event naming its game as
    /// asked; refused whole when one game is unknown, as its own stream
    /// would be.
    pub(super) fn follow_games(&self, request: &Request) -> Result<Box<dyn Feed>, Refusal> {
        let asked = request
            .query("games")
            .ok_or_else(|| Refusal::bad("the query needs games=ID:KEY,ID,…"))?;
        let names: Vec<&str> = asked.split(',').filter(|name| !name.is_empty()).collect();
        if names.is_empty() || names.len() > MAX_FOLLOWED {
            return Err(Refusal::bad(format!(
                "games= names 1 to {MAX_FOLLOWED} games, not {}",
                names.len()
            )));
        }
        let any = Arc::new(Changes::default());
        let mut games = Vec::with_capacity(names.len());
        for name in names {
            let (id, key) = match name.split_once(':') {
                Some((id, key)) => (id, Some(key.to_owned())),
                None => (name, None),
            };
            let feed = self.games.find(id)?.follow(key);
            feed.tell(&any);
            games.push((name.to_owned(), Box::new(feed) as Box<dyn Feed>));
        }
        Ok(Box::new(Merged::new(games, any)))
    }

    /// `GET /api/games/ID/record`: the game as a match record's line, for
    /// Replay and `congo show --record`.
    pub(super) fn game_record(&self, id: &str) -> Answer {
        let game = self.games.find(id)?;
        let line = format!("{}\n", game.record());
        Ok(Response::ok("text/plain; charset=utf-8", line.into_bytes()))
    }

    /// `POST /api/games/ID/move` with `{"key", "move"}`.
    pub(super) fn game_move(&self, id: &str, request: &Request) -> Answer {
        let body = body_json(request)?;
        let game = self.games.find(id)?;
        let text = body
            .get("move")
            .and_then(Json::as_str)
            .ok_or_else(|| Refusal::bad("the body needs \"move\": a move string"))?;
        Ok(json(&game.play(key(&body), text)?))
    }

    /// `POST /api/games/ID/takeback` with `{"key"}`: back to the key
    /// holder's turn.
    pub(super) fn game_take_back(&self, id: &str, request: &Request) -> Answer {
        let body = body_json(request)?;
        let game = self.games.find(id)?;
        Ok(json(&game.take_back(key(&body))?))
    }

    /// `POST /api/games/ID/here` with `{"key"}`: the key holder is here,
    /// with a hidden page that follows no stream; the game as they see it.
    pub(super) fn game_here(&self, id: &str, request: &Request) -> Answer {
        let body = body_json(request)?;
        let game = self.games.find(id)?;
        Ok(json(&game.here(key(&body))?))
    }
}

/// The answer to a new game: its name, the maker's key, the links of the
/// maker, the friend and watchers, and the game as the maker sees it.
fn links(created: &Created, me: Option<String>, friend: Option<String>) -> Json {
    let id = &created.game.id;
    let link = |key: Option<String>| key.map(|key| format!("/?game={id}&key={key}"));
    object([
        ("id", id.as_str().into()),
        ("key", me.clone().into()),
        (
            "links",
            object([
                ("me", link(me.clone()).into()),
                ("friend", link(friend).into()),
                ("watch", format!("/?game={id}").into()),
            ]),
        ),
        ("game", created.game.view(me.as_deref())),
    ])
}

/// The secret key a body carries.
fn key(body: &Json) -> Option<&str> {
    body.get("key").and_then(Json::as_str)
}

/// Who a new game's body gives `side` to.
fn seat(body: &Json, side: Color) -> Result<Seat, Refusal> {
    match body.get(side.name()).and_then(Json::as_str) {
        Some("me") => Ok(Seat::Me),
        Some("friend") => Ok(Seat::Friend),
        Some("congo") => Ok(Seat::Congo),
        _ => Err(Refusal::bad(format!(
            "\"{side}\" must be \"me\", \"friend\" or \"congo\""
        ))),
    }
}
