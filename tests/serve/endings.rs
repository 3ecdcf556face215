//! Games that end properly: resign, abort, a draw offered and answered, a
//! win claimed from a friend who left, a rematch, the game as PGN, congo's
//! level, and games left behind that stop counting against their address.

use std::time::{Duration, Instant};

use congo_web::{Json, MAX_GAMES_PER_VISITOR};

use super::client::{PATIENCE, Server, quoted, string};
use super::kept_games::{FACING, FULL_START, against_congo, friend_game, key_of, moves, play};

/// `POST /api/games/ID/ACTION` with `key`: the status and the answer.
fn act(server: &Server, id: &str, action: &str, key: &str) -> (u16, Json) {
    let body = format!("{{\"key\": {}}}", quoted(key));
    let reply = server.post(&format!("/api/games/{id}/{action}"), &body);
    (reply.status, reply.json_any())
}

/// The refusal's message of an action that must be refused with `status`.
fn refused(server: &Server, id: &str, action: &str, key: &str, status: u16) -> String {
    let (got, answer) = act(server, id, action, key);
    assert_eq!(got, status, "{action}: {answer}");
    string(answer.get("error").unwrap())
}

/// Whether a view's `can` allows `action`.
fn can(view: &Json, action: &str) -> bool {
    view.get("can").unwrap().get(action) == Some(&Json::Bool(true))
}

fn field<'a>(view: &'a Json, name: &str) -> &'a Json {
    view.get(name)
        .unwrap_or_else(|| panic!("no {name} in {view}"))
}

#[test]
fn a_game_is_aborted_before_both_sides_move_and_resigned_after() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    let (status, aborted) = act(&server, &id, "abort", &black);
    assert_eq!(status, 200, "{aborted}");
    assert_eq!(field(&aborted, "result"), &Json::Null);
    assert_eq!(string(field(&aborted, "ended")), "aborted");
    assert!(!can(&aborted, "resign") && can(&aborted, "rematch"));
    assert_eq!(
        refused(&server, &id, "resign", &white, 409),
        "the game is over: aborted"
    );
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    play(&server, 2, &id, &white, "d2d3");
    play(&server, 2, &id, &black, "d6d5");
    assert_eq!(
        refused(&server, &id, "abort", &white, 409),
        "a game is aborted only before both sides have moved; resign instead"
    );
    assert_eq!(
        refused(&server, &id, "resign", "not-a-key", 403),
        "this link watches the game; it plays no side"
    );
    let (status, resigned) = act(&server, &id, "resign", &black);
    assert_eq!(status, 200, "{resigned}");
    assert_eq!(string(field(&resigned, "result")), "white wins");
    assert_eq!(string(field(&resigned, "ended")), "black resigned");
    let (status, late) = play(&server, 2, &id, &white, "a2a3");
    assert_eq!(
        (status, string(late.get("error").unwrap())),
        (409, "the game is over: black resigned".to_owned())
    );
}

#[test]
fn a_friend_asks_to_take_back_and_the_other_grants_or_keeps_the_moves() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    play(&server, 2, &id, &white, "d2d3");
    let (status, asked) = act(&server, &id, "takeback", &white);
    assert_eq!(status, 200, "{asked}");
    assert_eq!(string(field(&asked, "takeback")), "white");
    assert_eq!(moves(&asked), ["d2d3"]);
    let (_, kept) = act(&server, &id, "keepmoves", &black);
    assert_eq!(field(&kept, "takeback"), &Json::Null);
    assert_eq!(
        refused(&server, &id, "keepmoves", &black, 409),
        "no take-back is asked of you"
    );
    play(&server, 2, &id, &black, "d6d5");
    let (_, asked) = act(&server, &id, "takeback", &white);
    assert!(!can(&asked, "takeback") && moves(&asked) == ["d2d3", "d6d5"]);
    let (status, granted) = act(&server, &id, "takeback", &black);
    assert_eq!(status, 200, "{granted}");
    assert_eq!(moves(&granted), Vec::<String>::new());
    assert_eq!(field(&granted, "takeback"), &Json::Null);
}

#[test]
fn an_aborted_games_own_pgn_is_replayed() {
    let server = Server::start(&[], &[]);
    let (id, white, _) = friend_game(&server, 2, FULL_START);
    play(&server, 2, &id, &white, "d2d3");
    act(&server, &id, "abort", &white);
    let pgn = server
        .get(&format!("/api/games/{id}/pgn"))
        .text()
        .to_owned();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    let replayed = server.post("/api/record", &pgn).json();
    let Some(Json::Array(games)) = replayed.get("games") else {
        panic!("games: {replayed}");
    };
    let game = &games[0];
    assert_eq!(string(field(game, "result")), "*");
    assert_eq!(string(field(game, "reason")), "aborted");
    assert_eq!(moves(game), ["d2d3"]);
}

#[test]
fn a_draw_is_offered_declined_by_a_move_and_agreed() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    let (_, offered) = act(&server, &id, "draw", &white);
    assert_eq!(string(field(&offered, "draw")), "white");
    assert!(!can(&offered, "draw"));
    assert_eq!(
        refused(&server, &id, "draw", &white, 409),
        "your draw offer stands"
    );
    assert_eq!(
        refused(&server, &id, "accept", &white, 409),
        "no draw is offered to you"
    );
    let (_, declined) = act(&server, &id, "decline", &black);
    assert_eq!(field(&declined, "draw"), &Json::Null);
    // One offer a move: no flood of offers.
    assert_eq!(
        refused(&server, &id, "draw", &white, 409),
        "you offered a draw already; offer again after your next move"
    );
    play(&server, 2, &id, &white, "d2d3");
    play(&server, 2, &id, &black, "d6d5");
    // An offer stands past the offerer's own move; the other side's move
    // declines it.
    let (status, again) = act(&server, &id, "draw", &white);
    assert_eq!(status, 200, "{again}");
    let (_, moved) = play(&server, 2, &id, &white, "c2c3");
    assert_eq!(string(field(&moved, "draw")), "white");
    let (_, answered) = play(&server, 2, &id, &black, "c6c5");
    assert_eq!(field(&answered, "draw"), &Json::Null);
    act(&server, &id, "draw", &black);
    let (status, agreed) = act(&server, &id, "draw", &white);
    assert_eq!(status, 200, "{agreed}");
    assert_eq!(string(field(&agreed, "result")), "draw");
    assert_eq!(string(field(&agreed, "ended")), "drawn by agreement");
    let (id, key) = against_congo(&server, FULL_START, "\"movetime\": 1");
    assert_eq!(
        refused(&server, &id, "draw", &key, 409),
        "draws are offered only between friends"
    );
}

#[test]
fn a_win_is_claimed_only_from_a_friend_gone_long_enough() {
    let server = Server::start(&[], &["--claim-after", "1"]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    // White's page stays, however long the machine takes.
    let _white_page = server.follow_game(2, &id, Some(&white));
    let black_page = server.follow_game(3, &id, Some(&black));
    assert_eq!(
        refused(&server, &id, "claim", &white, 409),
        "black is here: no win to claim"
    );
    drop(black_page);
    let deadline = Instant::now() + PATIENCE;
    let view = loop {
        let view = server.get(&format!("/api/games/{id}?key={white}")).json();
        if can(&view, "claim") {
            break view;
        }
        assert!(Instant::now() < deadline, "never claimable: {view}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(string(field(field(&view, "gone"), "side")), "black");
    assert_eq!(
        refused(&server, &id, "claim", &black, 409),
        "white is here: no win to claim"
    );
    let (status, claimed) = act(&server, &id, "claim", &white);
    assert_eq!(status, 200, "{claimed}");
    assert_eq!(string(field(&claimed, "result")), "white wins");
    assert_eq!(string(field(&claimed, "ended")), "black left the game");
}

#[test]
fn a_friend_whose_hidden_page_says_it_is_here_cannot_be_claimed_from() {
    let server = Server::start(&[], &["--claim-after", "1"]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    let _white_page = server.follow_game(2, &id, Some(&white));
    let black_page = server.follow_game(3, &id, Some(&black));
    // Black's tab is hidden: it says so, then closes its stream.
    let (status, view) = act(&server, &id, "here", &black);
    assert_eq!(status, 200, "{view}");
    assert_eq!(string(field(&view, "you")), "black");
    drop(black_page);
    // Past the time a claim waits for, black still counts as here.
    let since = Instant::now();
    while since.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let view = server.get(&format!("/api/games/{id}?key={white}")).json();
    assert_eq!(view.get("gone"), Some(&Json::Null), "{view}");
    assert_eq!(
        refused(&server, &id, "claim", &white, 409),
        "black is here: no win to claim"
    );
    // Only a player says so.
    assert_eq!(
        refused(&server, &id, "here", "not a key", 403),
        refused(&server, &id, "resign", "not a key", 403)
    );
}

#[test]
fn a_claim_waits_out_the_time_it_states() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    let _white_page = server.follow_game(2, &id, Some(&white));
    drop(server.follow_game(3, &id, Some(&black)));
    let deadline = Instant::now() + PATIENCE;
    while server.get(&format!("/api/games/{id}")).json().get("gone") == Some(&Json::Null) {
        assert!(Instant::now() < deadline, "black never counted gone");
        std::thread::sleep(Duration::from_millis(20));
    }
    let message = refused(&server, &id, "claim", &white, 409);
    assert!(
        message.starts_with("black left; the win may be claimed in "),
        "{message}"
    );
}

#[test]
fn a_rematch_swaps_colours_and_both_players_reach_the_same_one() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FACING);
    assert_eq!(
        refused(&server, &id, "rematch", &white, 409),
        "a rematch is made once the game is over"
    );
    act(&server, &id, "resign", &white);
    let (status, rematch) = act(&server, &id, "rematch", &white);
    assert_eq!(status, 200, "{rematch}");
    let new_id = string(field(&rematch, "id"));
    let game = field(&rematch, "game");
    assert_eq!(string(field(game, "you")), "black");
    assert_eq!(string(field(game, "start")), FACING);
    let old = server.get(&format!("/api/games/{id}?key={black}")).json();
    let link = string(field(&old, "rematch"));
    let black_now = key_of(&link.as_str().into());
    let view = server
        .get(&format!("/api/games/{new_id}?key={black_now}"))
        .json();
    assert_eq!(string(field(&view, "you")), "white");
    let (_, again) = act(&server, &id, "rematch", &black);
    assert_eq!(string(field(&again, "id")), new_id);
    let watched = server.get(&format!("/api/games/{id}")).json();
    assert_eq!(
        string(field(&watched, "rematch")),
        format!("/?game={new_id}")
    );
}

#[test]
fn a_finished_game_downloads_as_pgn_with_the_tournament_tags() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    play(&server, 2, &id, &white, "d2d3");
    play(&server, 2, &id, &black, "d6d5");
    act(&server, &id, "resign", &white);
    let reply = server.get(&format!("/api/games/{id}/pgn"));
    assert_eq!(reply.status, 200);
    let pgn = reply.text();
    for tag in [
        "[Event \"congo serve game\"]",
        "[White \"Anonymous\"]",
        "[Result \"0-1\"]",
        "[Termination \"normal\"]",
        &format!("[FEN \"{FULL_START}\"]"),
        "[Variant \"Congo\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} missing from\n{pgn}");
    }
    assert!(pgn.contains("1. d2d3 d6d5 {white resigned} 0-1"), "{pgn}");
    let parsed = congo_rules::pgn::PgnGame::parse(pgn).unwrap();
    assert_eq!(parsed.moves, ["d2d3", "d6d5"]);
}

#[test]
fn congo_plays_at_a_level_and_a_bad_level_is_refused() {
    let server = Server::start(&[], &[]);
    let (id, key) = against_congo(&server, FULL_START, "\"level\": 1");
    let view = server.get(&format!("/api/games/{id}?key={key}")).json();
    assert_eq!(field(&view, "level"), &Json::Number(1.0));
    let mut page = server.follow_game(2, &id, Some(&key));
    play(&server, 2, &id, &key, "d2d3");
    page.until(|view| moves(view).len() == 2);
    for (body, message) in [
        (
            format!(
                "{{\"fen\": {}, \"white\": \"me\", \"black\": \"congo\", \"level\": 9}}",
                quoted(FULL_START)
            ),
            "\"level\" must be a whole number from 1 to 8",
        ),
        (
            format!(
                "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\", \"level\": 3}}",
                quoted(FULL_START)
            ),
            "\"level\" is congo's, and congo plays no side",
        ),
    ] {
        assert_eq!(server.post("/api/games", &body).error(400), message);
    }
}

#[test]
fn games_whose_pages_closed_stop_counting_against_their_maker() {
    let server = Server::start(&[], &[]);
    let made: Vec<(String, String, String)> = (0..MAX_GAMES_PER_VISITOR)
        .map(|_| friend_game(&server, 9, FULL_START))
        .collect();
    // Each game's page opens (from an address of its own): followed, a
    // game counts however long its making took on a busy machine.
    let pages: Vec<_> = made
        .iter()
        .zip(20..)
        .map(|((id, white, _), host)| server.follow_game(host, id, Some(white)))
        .collect();
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\"}}",
        quoted(FULL_START)
    );
    let reply = server
        .connect_from(9)
        .send("POST", "/api/games", Some(&body));
    assert_eq!(reply.status, 429, "{}", reply.text());
    assert_eq!(reply.header("retry-after"), Some("30"));
    assert_eq!(
        reply.error(429),
        format!(
            "{MAX_GAMES_PER_VISITOR} games of yours are in progress already: end one (resign or abort it) or close its page"
        )
    );
    // Another address is not held back.
    friend_game(&server, 10, FULL_START);
    // A move is played in each, and its page closes: left behind, the
    // games stop counting at once, however lately played.
    for ((id, white, _), page) in made.iter().zip(pages) {
        play(&server, 11, id, white, "d2d3");
        drop(page);
    }
    let deadline = Instant::now() + PATIENCE;
    for (id, _, _) in &made {
        // The server has seen the page close once it counts white gone.
        while server.get(&format!("/api/games/{id}")).json().get("gone") == Some(&Json::Null) {
            assert!(Instant::now() < deadline, "the page's close never seen");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let reply = server
        .connect_from(9)
        .send("POST", "/api/games", Some(&body));
    assert_eq!(reply.status, 200, "{}", reply.text());
}

#[test]
fn the_server_refuses_a_game_past_its_games_in_progress_and_says_when() {
    let server = Server::start(&[], &[]);
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\"}}",
        quoted(FULL_START)
    );
    // From many addresses, each under its own bound, until the server is
    // full (games that stopped counting meanwhile only make it take more).
    let mut made = 0;
    let refusal = loop {
        let host = 100 + (made % 150) as u8;
        let reply = server
            .connect_from(host)
            .send("POST", "/api/games", Some(&body));
        if reply.status != 200 {
            break reply;
        }
        made += 1;
        assert!(made < 3 * congo_web::MAX_GAMES, "never full");
    };
    assert!(made >= congo_web::MAX_GAMES, "full after {made}");
    assert_eq!(refusal.header("retry-after"), Some("60"));
    assert_eq!(
        refusal.error(503),
        format!(
            "the server has {} games in progress already; try again in a minute",
            congo_web::MAX_GAMES
        )
    );
}

#[test]
fn a_visitor_makes_so_many_games_a_minute() {
    let server = Server::start(&[], &[]);
    let most = congo_web::MAX_MADE;
    // Each made and called off at once: none stays in progress.
    for _ in 0..most {
        let (id, white, _) = friend_game(&server, 12, FULL_START);
        act(&server, &id, "abort", &white);
    }
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\"}}",
        quoted(FULL_START)
    );
    let reply = server
        .connect_from(12)
        .send("POST", "/api/games", Some(&body));
    let message = reply.error(429);
    let prefix = format!("{most} games made by you in the last minute; try again in ");
    assert!(message.starts_with(&prefix), "{message}");
    assert!(
        reply
            .header("retry-after")
            .is_some_and(|s| s.parse::<u32>().is_ok_and(|s| (1..=60).contains(&s)))
    );
    // Another address is not held back.
    friend_game(&server, 13, FULL_START);
}
