//! Games kept across a `kill -9` of the server: every link continues the
//! same game, its clocks stopped while the server was down, every
//! acknowledged move there; a torn last line is reported and the rest
//! kept.

use std::fs::OpenOptions;
use std::io::Write;

use congo_web::Json;

use super::client::{Server, quoted, string, whole};
use super::kept_games::{FULL_START, create, key_of, moves, play};

/// A friend game with a clock, from `127.0.0.2`: its id, white's and
/// black's keys.
fn timed_friends(server: &Server) -> (String, String, String) {
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\", \"clock\": {{\"base\": 60000, \"increment\": 1000}}}}",
        quoted(FULL_START)
    );
    let created = create(server, 2, &body);
    let links = created.get("links").unwrap();
    (
        string(created.get("id").unwrap()),
        key_of(links.get("me").unwrap()),
        key_of(links.get("friend").unwrap()),
    )
}

fn view(server: &Server, id: &str, key: &str) -> Json {
    let reply = server.get(&format!("/api/games/{id}?key={key}"));
    assert_eq!(reply.status, 200, "{}", reply.text());
    reply.json()
}

#[test]
fn every_link_continues_the_same_game_after_a_kill() {
    let mut server = Server::start(&[], &[]);
    let (id, white, black) = timed_friends(&server);
    for (key, m) in [(&white, "d2d3"), (&black, "d6d5"), (&white, "c2c3")] {
        let (status, answer) = play(&server, 2, &id, key, m);
        assert_eq!(status, 200, "{answer}");
    }
    let (_, offered) = {
        let body = format!("{{\"key\": {}}}", quoted(&black));
        let reply = server.post(&format!("/api/games/{id}/draw"), &body);
        (reply.status, reply.json())
    };
    let before = view(&server, &id, &white);
    server.kill_and_restart();
    for key in [&white, &black] {
        let after = view(&server, &id, key);
        assert_eq!(moves(&after), ["d2d3", "d6d5", "c2c3"]);
        assert_eq!(after.get("draw"), offered.get("draw"));
        let clock = after.get("clock").unwrap();
        // Stopped while the server was down, each side's time as saved.
        assert_eq!(clock.get("running"), Some(&Json::Null), "{after}");
        let saved = before.get("clock").unwrap();
        // Newer than any view a page had before, so an open page takes it.
        assert!(whole(after.get("version").unwrap()) > whole(before.get("version").unwrap()));
        assert_eq!(
            whole(clock.get("white").unwrap()),
            whole(saved.get("white").unwrap())
        );
    }
    let watched = server.get(&format!("/api/games/{id}")).json();
    assert_eq!(moves(&watched).len(), 3);
    // The game goes on, and the move is kept through another kill.
    let (status, answer) = play(&server, 2, &id, &black, "c6c5");
    assert_eq!(status, 200, "{answer}");
    server.kill_and_restart();
    assert_eq!(moves(&view(&server, &id, &black)).len(), 4);
}

#[test]
fn an_ended_game_and_its_rematch_survive_a_kill() {
    let mut server = Server::start(&[], &[]);
    let (id, white, black) = timed_friends(&server);
    let post = |server: &Server, action: &str, key: &str| {
        let body = format!("{{\"key\": {}}}", quoted(key));
        server
            .post(&format!("/api/games/{id}/{action}"), &body)
            .json()
    };
    post(&server, "resign", &white);
    let rematch = post(&server, "rematch", &black);
    let new_id = string(rematch.get("id").unwrap());
    server.kill_and_restart();
    let old = view(&server, &id, &white);
    assert_eq!(string(old.get("ended").unwrap()), "white resigned");
    let link = string(old.get("rematch").unwrap());
    assert!(link.starts_with(&format!("/?game={new_id}&key=")), "{link}");
    let again = post(&server, "rematch", &white);
    assert_eq!(string(again.get("id").unwrap()), new_id);
}

#[test]
fn a_torn_last_line_is_reported_and_the_rest_kept() {
    let mut server = Server::start(&[], &[]);
    let (id, white, black) = timed_friends(&server);
    play(&server, 2, &id, &white, "d2d3");
    play(&server, 2, &id, &black, "d6d5");
    let file = server.data().unwrap().join(format!("games/{id}.journal"));
    let bytes = std::fs::metadata(&file).unwrap().len();
    // What a kill in the middle of a write leaves: half a line.
    OpenOptions::new()
        .append(true)
        .open(&file)
        .unwrap()
        .write_all(b"move c2c3 5999")
        .unwrap();
    server.kill_and_restart();
    let said = server.said();
    assert!(
        said.starts_with("congo serve: ")
            && said.contains(&format!("{id}.journal"))
            && said.contains("torn"),
        "{said}"
    );
    assert_eq!(moves(&view(&server, &id, &white)), ["d2d3", "d6d5"]);
    assert_eq!(std::fs::metadata(&file).unwrap().len(), bytes);
    let (status, answer) = play(&server, 2, &id, &white, "c2c3");
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn a_restart_says_how_many_games_it_read_back_and_how_many_go_on() {
    let mut server = Server::start(&[], &[]);
    let (playing, white, _) = timed_friends(&server);
    let (over, other, _) = timed_friends(&server);
    let reply = server.post(
        &format!("/api/games/{over}/resign"),
        &format!("{{\"key\": {}}}", quoted(&other)),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    server.kill_and_restart();
    // Its link works at once, read back or not yet.
    assert_eq!(
        moves(&view(&server, &playing, &white)),
        Vec::<String>::new()
    );
    let said = server.said();
    let data = server.data().unwrap();
    let counted = format!(
        "congo serve: read back 2 kept games (1 in progress) from {} in ",
        data.display()
    );
    assert!(said.starts_with(&counted), "{said}");
}

#[test]
fn a_second_server_on_the_same_data_is_refused() {
    let first = Server::start(&[], &[]);
    let data = first.data().unwrap();
    let output = std::process::Command::new(crate::common::CONGO)
        .args(["serve", "--port", "0", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains(&data.display().to_string()), "{said}");
}

#[test]
fn a_change_that_cannot_be_saved_is_not_made() {
    let mut server = Server::start(&[], &[]);
    let (id, white, black) = timed_friends(&server);
    play(&server, 2, &id, &white, "a2a3");
    let file = server.data().unwrap().join(format!("games/{id}.journal"));
    let aside = file.with_extension("aside");
    // The next write fails: a folder stands where the file was.
    std::fs::rename(&file, &aside).unwrap();
    std::fs::create_dir(&file).unwrap();
    let (status, refused) = play(&server, 2, &id, &black, "a6a5");
    assert_eq!(status, 503, "{refused}");
    assert_eq!(
        string(refused.get("error").unwrap()),
        "the server could not save the change, so it was not made; try again"
    );
    let body = format!("{{\"key\": {}}}", quoted(&black));
    let resign = server.post(&format!("/api/games/{id}/resign"), &body);
    assert_eq!(resign.status, 503, "{}", resign.text());
    let shown = view(&server, &id, &white);
    assert_eq!(moves(&shown), ["a2a3"]);
    assert_eq!(shown.get("ended"), Some(&Json::Null));
    std::fs::remove_dir(&file).unwrap();
    std::fs::rename(&aside, &file).unwrap();
    let (status, answer) = play(&server, 2, &id, &black, "a6a5");
    assert_eq!(status, 200, "{answer}");
    server.kill_and_restart();
    assert_eq!(moves(&view(&server, &id, &white)), ["a2a3", "a6a5"]);
}

#[test]
fn a_friend_who_does_not_come_back_after_a_restart_may_be_claimed_from() {
    let mut server = Server::start(&[], &["--claim-after", "1"]);
    let (id, white, black) = timed_friends(&server);
    play(&server, 2, &id, &white, "d2d3");
    play(&server, 2, &id, &black, "d6d5");
    server.kill_and_restart();
    let _page = server.follow_game(2, &id, Some(&white));
    let deadline = std::time::Instant::now() + super::client::PATIENCE;
    while view(&server, &id, &white).get("can").unwrap().get("claim") != Some(&Json::Bool(true)) {
        assert!(std::time::Instant::now() < deadline, "never claimable");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let body = format!("{{\"key\": {}}}", quoted(&white));
    let claimed = server.post(&format!("/api/games/{id}/claim"), &body).json();
    assert_eq!(string(claimed.get("ended").unwrap()), "black left the game");
}
