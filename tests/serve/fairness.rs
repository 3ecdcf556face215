//! Engine time shared by address, then by game within it: one address's
//! many searches wait their turns behind another address's one search.

use super::client::{Connection, Events, Server, quoted, string};
use super::refusals::first_answered;

const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

/// congo's time a move in the crowding address's games: each such search
/// holds the one engine for at least half of it, far past the 15 s
/// another address's search waits at most.
const LONG_MOVETIME: u64 = 60_000;

/// The other address's search: one second, waiting as long as it may.
const SHORT_SEARCH: &str = "\"movetime\": 1000, \"wait\": 15000";

/// A game congo plays against itself from `host`, followed so that congo
/// searches: its stream, once congo's state there is `wanted`.
fn congo_against_congo(server: &Server, host: u8, wanted: &str) -> Events {
    let body = format!(
        "{{\"fen\": {}, \"white\": \"congo\", \"black\": \"congo\", \"movetime\": {LONG_MOVETIME}}}",
        quoted(START)
    );
    let reply = server
        .connect_from(host)
        .send("POST", "/api/games", Some(&body));
    assert_eq!(reply.status, 200, "{}", reply.text());
    let id = string(reply.json().get("id").unwrap());
    let mut events = server.follow_game(host, &id, None);
    events.until(|view| view.get("congo") == Some(&wanted.into()));
    events
}

/// Sends a search for the start from `host` without reading its answer.
fn ask_best(server: &Server, host: u8, settings: &str) -> Connection {
    let body = format!("{{\"fen\": {}, {settings}}}", quoted(START));
    server.send_only(host, "POST", "/api/best", &body)
}

#[test]
fn another_address_is_served_before_one_address_s_later_searches() {
    let server = Server::start(&[], &["--engines", "1"]);
    // One address's four games: the first searches, three wait.
    let first = congo_against_congo(&server, 2, "thinking");
    let _later: Vec<Events> = (0..3)
        .map(|_| congo_against_congo(&server, 2, "waiting"))
        .collect();
    // Another address asks for three one-second searches: two wait, and
    // one is refused at once.
    let mut short: Vec<Connection> = (0..3).map(|_| ask_best(&server, 3, SHORT_SEARCH)).collect();
    let crowded = first_answered(&mut short);
    assert!(
        crowded
            .error(503)
            .starts_with("too many searches wait already")
    );
    // The first game's page closes, and its search stops: the engine goes
    // to the other address, not to the first address's next game (which
    // would hold it past the time the short searches wait).
    drop(first);
    let answer = first_answered(&mut short);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.json().get("move").is_some());
}

#[test]
fn a_long_search_is_hurried_when_another_address_waits() {
    let server = Server::start(&[], &["--engines", "1"]);
    // One address's four games each search for a minute; the first has
    // the only engine.
    let mut first = congo_against_congo(&server, 2, "thinking");
    let _later: Vec<Events> = (0..3)
        .map(|_| congo_against_congo(&server, 2, "waiting"))
        .collect();
    // Another address's one-second search waits at most 15 s: it is
    // answered only if the minute-long search gives way after its slice.
    let answer = ask_best(&server, 3, SHORT_SEARCH).reply();
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.json().get("move").is_some());
    // The hurried search played the best move it had.
    first.until(|view| matches!(view.get("moves"), Some(congo_web::Json::Array(moves)) if !moves.is_empty()));
}
