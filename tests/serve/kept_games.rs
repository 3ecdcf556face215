//! Games the server keeps: a friend's game played by two clients with a
//! watcher, its links and refusals, a clock that runs out, and congo's
//! searches stopped the moment no one waits for them; one stream that
//! follows a browser's many games.

use std::thread;
use std::time::{Duration, Instant};

use congo_web::Json;

use super::client::{PATIENCE, Server, quoted, string, strings, whole};

/// White's pawn steps aside and the lions face each other down the open
/// d file: black's lion takes white's.
pub(crate) const FACING: &str = "3l3/7/7/7/7/3P3/3L3 w 0";

/// The full game's start.
pub(crate) const FULL_START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

/// A new game's answer for `body`.
pub(crate) fn create(server: &Server, host: u8, body: &str) -> Json {
    let reply = server
        .connect_from(host)
        .send("POST", "/api/games", Some(body));
    assert_eq!(reply.status, 200, "{}", reply.text());
    reply.json()
}

/// The `key` of a game link `/?game=ID&key=KEY`.
pub(crate) fn key_of(link: &Json) -> String {
    let link = string(link);
    link.split("key=").nth(1).expect("a key").to_owned()
}

/// A friend game from `fen` made at `127.0.0.{host}`: its id, White's
/// key and Black's.
pub(crate) fn friend_game(server: &Server, host: u8, fen: &str) -> (String, String, String) {
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\"}}",
        quoted(fen)
    );
    let created = create(server, host, &body);
    let links = created.get("links").unwrap();
    (
        string(created.get("id").unwrap()),
        key_of(links.get("me").unwrap()),
        key_of(links.get("friend").unwrap()),
    )
}

/// Plays `m` in game `id` with `key`.
pub(crate) fn play(server: &Server, host: u8, id: &str, key: &str, m: &str) -> (u16, Json) {
    let body = format!("{{\"key\": {}, \"move\": {}}}", quoted(key), quoted(m));
    let reply =
        server
            .connect_from(host)
            .send("POST", &format!("/api/games/{id}/move"), Some(&body));
    (reply.status, reply.json())
}

/// The moves of a game's view.
pub(crate) fn moves(view: &Json) -> Vec<String> {
    strings(view.get("moves").unwrap())
}

#[test]
fn one_stream_follows_a_browsers_games_each_event_naming_its_game() {
    let server = Server::start(&[], &[]);
    let (one, white, _) = friend_game(&server, 2, FULL_START);
    let (two, other, _) = friend_game(&server, 2, FULL_START);
    let path = format!("/api/events?games={one}:{white},{two}");
    let Ok(mut sees) = server.connect_from(2).events(&path) else {
        panic!("{path} was refused");
    };
    let mut first = [sees.next(), sees.next()].map(|event| {
        let view = event.get("view").unwrap();
        (
            string(event.get("follow").unwrap()),
            view.get("you").cloned(),
        )
    });
    first.sort_by(|a, b| a.0.cmp(&b.0));
    let mut wanted = [
        (format!("{one}:{white}"), Some(Json::from("white"))),
        (two.clone(), Some(Json::Null)),
    ];
    wanted.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(first, wanted);
    play(&server, 2, &two, &other, "d2d3");
    let moved = sees.until(|event| moves(event.get("view").unwrap()).len() == 1);
    assert_eq!(string(moved.get("follow").unwrap()), two);
    // The stream held White's page of the first game: once it closes,
    // White is gone.
    let white_gone = |view: &Json| view.get("gone").and_then(|gone| gone.get("side")).cloned();
    let view = server.get(&format!("/api/games/{one}")).json();
    assert_eq!(white_gone(&view), None);
    drop(sees);
    let deadline = Instant::now() + PATIENCE;
    while white_gone(&server.get(&format!("/api/games/{one}")).json()).is_none() {
        assert!(Instant::now() < deadline, "White never counted gone");
        thread::sleep(Duration::from_millis(10));
    }
    let refused = |path: &str| match server.connect_from(2).events(path) {
        Ok(_) => panic!("{path} was followed"),
        Err(reply) => reply,
    };
    assert!(
        refused("/api/events?games=nosuchgame")
            .error(404)
            .starts_with("no such game")
    );
    assert_eq!(
        refused("/api/events").error(400),
        "the query needs games=ID:KEY,ID,…"
    );
    let many = vec![two.as_str(); 17].join(",");
    assert_eq!(
        refused(&format!("/api/events?games={many}")).error(400),
        "games= names 1 to 16 games, not 17"
    );
}

#[test]
fn a_friend_game_is_played_by_two_clients_and_seen_by_a_watcher() {
    let server = Server::start(&[], &[]);
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\"}}",
        quoted(FACING)
    );
    let created = create(&server, 2, &body);
    let id = string(created.get("id").unwrap());
    let links = created.get("links").unwrap();
    let white = key_of(links.get("me").unwrap());
    let black = key_of(links.get("friend").unwrap());
    assert_ne!(white, black);
    assert_eq!(string(links.get("watch").unwrap()), format!("/?game={id}"));
    let mut black_sees = server.follow_game(3, &id, Some(&black));
    let mut watcher_sees = server.follow_game(4, &id, None);
    let first = watcher_sees.next();
    assert_eq!(first.get("you"), Some(&Json::Null));
    assert_eq!(string(black_sees.next().get("you").unwrap()), "black");

    // Out of turn, a watcher, a wrong key and an illegal move are refused,
    // and none of them changes the game.
    let (status, refusal) = play(&server, 3, &id, &black, "d7d6");
    assert_eq!(
        (status, string(refusal.get("error").unwrap())),
        (409, "it is white's turn".to_owned())
    );
    let (status, _) = play(&server, 4, &id, "0123", "d2c3");
    assert_eq!(status, 403);
    let (status, refusal) = play(&server, 2, &id, &white, "d2d4");
    assert_eq!(status, 400, "{refusal}");
    let unknown = server
        .connect_from(2)
        .send("GET", "/api/games/nosuchgame", None);
    assert!(unknown.error(404).starts_with("no such game"));

    let (status, view) = play(&server, 2, &id, &white, "d2c3");
    assert_eq!(status, 200, "{view}");
    assert_eq!(moves(&view), ["d2c3"]);
    for sees in [&mut black_sees, &mut watcher_sees] {
        let seen = sees.until(|view| moves(view).len() == 1);
        assert_eq!(moves(&seen), ["d2c3"]);
    }
    let (status, view) = play(&server, 3, &id, &black, "d7d1");
    assert_eq!(status, 200, "{view}");
    let ended = watcher_sees.until(|view| moves(view).len() == 2);
    assert_eq!(string(ended.get("result").unwrap()), "black wins");
    let Some(Json::Array(plies)) = ended.get("plies") else {
        panic!("plies: {ended}");
    };
    assert_eq!(strings(plies[1].get("captured").unwrap()), ["d1"]);
    let (status, refusal) = play(&server, 2, &id, &white, "c3c4");
    assert_eq!(status, 409, "{refusal}");

    // Saved as a record line, which Replay reads back.
    let record = server
        .connect_from(2)
        .send("GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(
        record.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let line = record.text().to_owned();
    let fields: Vec<&str> = line.trim_end().split('\t').collect();
    assert_eq!(
        fields[..5],
        ["1", "A", FACING, "d2c3 d7d1", "0-1"],
        "{line}"
    );
    let replayed = server
        .connect_from(2)
        .send("POST", "/api/record", Some(&line));
    assert_eq!(replayed.status, 200, "{}", replayed.text());

    // A reload finds the same game.
    let again = server
        .connect_from(3)
        .send("GET", &format!("/api/games/{id}?key={black}"), None)
        .json();
    assert_eq!(moves(&again), ["d2c3", "d7d1"]);
    assert_eq!(string(again.get("you").unwrap()), "black");
}

#[test]
fn a_clock_that_runs_out_ends_the_game() {
    let server = Server::start(&[], &[]);
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\", \"clock\": {{\"base\": 300, \"increment\": 0}}}}",
        quoted(FACING)
    );
    let created = create(&server, 2, &body);
    let id = string(created.get("id").unwrap());
    let white = key_of(created.get("links").unwrap().get("me").unwrap());
    let mut watcher = server.follow_game(4, &id, None);
    // The first move is free; then black's 300 ms run out with no move.
    let (status, view) = play(&server, 2, &id, &white, "d2c3");
    assert_eq!(status, 200, "{view}");
    let clock = view.get("clock").unwrap();
    assert_eq!(string(clock.get("running").unwrap()), "black");
    let flagged = watcher.until(|view| view.get("result") != Some(&Json::Null));
    assert_eq!(string(flagged.get("result").unwrap()), "white wins");
    let position = flagged.get("position").unwrap();
    assert_eq!(
        string(position.get("reason").unwrap()),
        "black ran out of time"
    );
    assert!(strings(position.get("moves").unwrap()).is_empty());
    assert_eq!(
        whole(flagged.get("clock").unwrap().get("black").unwrap()),
        0
    );
}

#[test]
fn a_game_against_congo_that_no_page_follows_is_adjourned() {
    let server = Server::start(&[], &[]);
    let clock = "\"clock\": {\"base\": 300, \"increment\": 0}";
    let (id, key) = against_congo(&server, FULL_START, clock);
    // No page follows: congo does not search, and its clock does not run
    // out while it waits (once it ran, and congo lost on time).
    let (status, view) = play(&server, 2, &id, &key, "d2d3");
    assert_eq!(status, 200, "{view}");
    assert_eq!(view.get("clock").unwrap().get("running"), Some(&Json::Null));
    std::thread::sleep(std::time::Duration::from_millis(900));
    let adjourned = server
        .connect_from(2)
        .send("GET", &format!("/api/games/{id}?key={key}"), None)
        .json();
    assert_eq!(adjourned.get("result"), Some(&Json::Null), "{adjourned}");
    assert_eq!(
        whole(adjourned.get("clock").unwrap().get("black").unwrap()),
        300
    );
    // A page comes back: congo's clock runs, and congo moves.
    let mut sees = server.follow_game(2, &id, Some(&key));
    let replied = sees.until(|view| moves(view).len() == 2);
    assert_eq!(replied.get("result"), Some(&Json::Null), "{replied}");
    assert_eq!(
        string(replied.get("clock").unwrap().get("running").unwrap()),
        "white"
    );
}

#[test]
fn bad_game_requests_say_what_is_wrong() {
    let server = Server::start(&[], &[]);
    for (body, message) in [
        (
            "{\"white\": \"me\", \"black\": \"nobody\"}",
            "\"black\" must be \"me\", \"friend\" or \"congo\"",
        ),
        (
            "{\"fen\": \"7/7/7/7/7/7/7 w 0\", \"white\": \"me\", \"black\": \"me\", \"clock\": {\"base\": 0, \"increment\": 0}}",
            "\"base\" must be a whole number of milliseconds from 1 to 86400000",
        ),
        (
            "{\"fen\": \"7/7/7/7/7/7/7 w 0\", \"white\": \"me\", \"black\": \"congo\", \"movetime\": 1.5}",
            "\"movetime\" must be a whole number of milliseconds from 1 to 60000",
        ),
        (
            "{\"white\": \"me\", \"black\": \"me\"}",
            "the body needs \"fen\": a FEN",
        ),
    ] {
        let reply = server
            .connect_from(2)
            .send("POST", "/api/games", Some(body));
        assert_eq!(reply.error(400), message);
    }
}

/// A game against congo, which searches for a minute a move unless
/// stopped; its id and the player's key.
/// A view's version.
fn version(view: &Json) -> f64 {
    match view.get("version") {
        Some(Json::Number(version)) => *version,
        other => panic!("a version: {other:?} in {view}"),
    }
}

#[test]
fn every_view_carries_a_version_and_an_answer_is_older_than_congos_reply() {
    let server = Server::start(&[], &[]);
    let (id, key) = against_congo(&server, FULL_START, "\"movetime\": 1");
    let mut sees = server.follow_game(2, &id, Some(&key));
    let mut shown = sees.next();
    for ply in (0..12).step_by(2) {
        let position = shown.get("position").unwrap();
        if position.get("result") != Some(&Json::Null) {
            break;
        }
        // congo's reply is played at once: the answer to the move was
        // counted before it, so a page that keeps the newest view never
        // goes back to the answer once the reply's event has come.
        let first = strings(position.get("moves").unwrap())[0].clone();
        let (status, answer) = play(&server, 2, &id, &key, &first);
        assert_eq!(status, 200, "{answer}");
        assert!(version(&answer) > version(&shown), "{answer} after {shown}");
        let replied =
            |view: &Json| moves(view).len() == ply + 2 || view.get("result") != Some(&Json::Null);
        let reply = sees.until(replied);
        assert!(version(&reply) > version(&answer), "{reply} after {answer}");
        shown = reply;
    }
    assert!(version(&shown) > 0.0);
}

fn against_a_slow_congo(server: &Server) -> (String, String) {
    let start = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";
    against_congo(server, start, "\"movetime\": 60000")
}

/// A new game from `fen`, the maker white against congo, with `settings`
/// (the body's last members); its id and the maker's key.
pub(crate) fn against_congo(server: &Server, fen: &str, settings: &str) -> (String, String) {
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"congo\", {settings}}}",
        quoted(fen)
    );
    let created = create(server, 2, &body);
    let key = string(created.get("key").unwrap());
    (string(created.get("id").unwrap()), key)
}

/// Whether the server's only engine is free: a short search is answered
/// rather than refused after waiting 2 s for an engine (a search left to
/// run holds it at least half of its time, 5 s or more here).
fn engine_is_free(server: &Server, host: u8) -> bool {
    let body =
        "{\"fen\": \"g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\", \"movetime\": 50, \"wait\": 2000}";
    server
        .connect_from(host)
        .send("POST", "/api/best", Some(body))
        .status
        == 200
}

#[test]
fn take_back_stops_congo_searching() {
    let server = Server::start(&[], &["--engines", "1"]);
    let (id, key) = against_a_slow_congo(&server);
    let mut sees = server.follow_game(2, &id, Some(&key));
    let (status, view) = play(&server, 2, &id, &key, "a2a3");
    assert_eq!(status, 200, "{view}");
    sees.until(|view| view.get("congo") == Some(&"thinking".into()));
    let body = format!("{{\"key\": {}}}", quoted(&key));
    let back = server
        .connect_from(2)
        .send("POST", &format!("/api/games/{id}/takeback"), Some(&body))
        .json();
    assert!(moves(&back).is_empty(), "{back}");
    assert_eq!(back.get("congo"), Some(&Json::Null));
    assert!(engine_is_free(&server, 3));
}

#[test]
fn leaving_a_game_stops_congo_searching() {
    let server = Server::start(&[], &["--engines", "1"]);
    let (id, key) = against_a_slow_congo(&server);
    let mut sees = server.follow_game(2, &id, Some(&key));
    play(&server, 2, &id, &key, "a2a3");
    sees.until(|view| view.get("congo") == Some(&"thinking".into()));
    // A new game on the page, or a closed tab: the game's stream closes.
    drop(sees);
    assert!(engine_is_free(&server, 3));
    // Coming back, congo searches again.
    let mut back = server.follow_game(2, &id, Some(&key));
    back.until(|view| view.get("congo") == Some(&"thinking".into()));
}

#[test]
fn a_search_whose_client_leaves_is_stopped_and_its_waiters_dropped() {
    let server = Server::start(&[], &["--engines", "1"]);
    // Two ten-second searches, the second waiting for the first; both
    // clients leave. Run out, they would hold the engine past the 15 s a
    // third search waits.
    let body = "{\"fen\": \"g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\", \"movetime\": 10000}";
    for host in [5, 6] {
        let mut leaving = server.connect_from(host);
        let request = format!(
            "POST /api/best HTTP/1.1\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        std::io::Write::write_all(&mut leaving.stream, request.as_bytes()).unwrap();
        // The search has its engine (or its place in line) once the
        // request is read; the connection then closes.
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    assert!(engine_is_free(&server, 7));
}

#[test]
fn congos_clock_stands_while_its_move_waits_for_an_engine() {
    let server = Server::start(&[], &["--engines", "1"]);
    // Another game holds the only engine for a minute.
    let (slow, slow_key) = against_a_slow_congo(&server);
    let mut holder = server.follow_game(7, &slow, Some(&slow_key));
    play(&server, 7, &slow, &slow_key, "a2a3");
    holder.until(|view| view.get("congo") == Some(&"thinking".into()));
    let clock = "\"clock\": {\"base\": 5000, \"increment\": 0}";
    let (id, key) = against_congo(&server, FULL_START, clock);
    let mut sees = server.follow_game(2, &id, Some(&key));
    play(&server, 2, &id, &key, "d2d3");
    let waiting = sees.until(|view| view.get("congo") == Some(&"waiting".into()));
    std::thread::sleep(std::time::Duration::from_millis(300));
    let later = server.get(&format!("/api/games/{id}?key={key}")).json();
    for view in [&waiting, &later] {
        let clock = view.get("clock").unwrap();
        assert_eq!(clock.get("running"), Some(&Json::Null), "{view}");
        assert_eq!(whole(clock.get("black").unwrap()), 5000, "{view}");
    }
    drop(holder);
    // Once the engine is free, congo's clock runs while it thinks.
    sees.until(|view| view.get("congo") == Some(&"thinking".into()));
}

#[test]
fn a_watcher_alone_keeps_no_game_against_congo_going() {
    let server = Server::start(&[], &[]);
    let clock = "\"clock\": {\"base\": 60000, \"increment\": 0}";
    let (id, key) = against_congo(&server, FULL_START, clock);
    // A stranger watches; the player has no page open.
    let mut watcher = server.follow_game(4, &id, None);
    watcher.next();
    let (status, view) = play(&server, 2, &id, &key, "d2d3");
    assert_eq!(status, 200, "{view}");
    let clock = view.get("clock").unwrap();
    assert_eq!(clock.get("running"), Some(&Json::Null), "{view}");
    assert_eq!(view.get("congo"), Some(&Json::Null), "{view}");
}
