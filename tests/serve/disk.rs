//! Disk that no visitor takes from another: take-backs bounded per game,
//! and a flood of them leaving another's finished game as it was.

use congo_web::MAX_TAKEBACKS;

use super::client::{Server, quoted, string};
use super::kept_games::FULL_START;

#[test]
fn take_backs_are_bounded_and_others_games_stay_readable() {
    let server = Server::start(&[], &[]);
    let by_hand = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"me\"}}",
        quoted(FULL_START)
    );
    // Another visitor's game, just ended.
    let theirs = server
        .connect_from(3)
        .send("POST", "/api/games", Some(&by_hand))
        .json();
    let (their_id, their_key) = (
        string(theirs.get("id").unwrap()),
        string(theirs.get("key").unwrap()),
    );
    let resign = format!("{{\"key\": {}}}", quoted(&their_key));
    let ended = server.connect_from(3).send(
        "POST",
        &format!("/api/games/{their_id}/resign"),
        Some(&resign),
    );
    assert_eq!(ended.status, 200, "{}", ended.text());
    // One visitor loops move and take-back.
    let mine = server
        .connect_from(2)
        .send("POST", "/api/games", Some(&by_hand))
        .json();
    let (id, key) = (
        string(mine.get("id").unwrap()),
        string(mine.get("key").unwrap()),
    );
    let first = super::congo_moves(FULL_START)[0].clone();
    let played = format!(
        "{{\"key\": {}, \"move\": {}}}",
        quoted(&key),
        quoted(&first)
    );
    let taken = format!("{{\"key\": {}}}", quoted(&key));
    let mut flood = server.connect_from(2);
    for _ in 0..MAX_TAKEBACKS {
        assert_eq!(
            flood
                .send("POST", &format!("/api/games/{id}/move"), Some(&played))
                .status,
            200
        );
        assert_eq!(
            flood
                .send("POST", &format!("/api/games/{id}/takeback"), Some(&taken))
                .status,
            200
        );
    }
    assert_eq!(
        flood
            .send("POST", &format!("/api/games/{id}/move"), Some(&played))
            .status,
        200
    );
    let refused = flood.send("POST", &format!("/api/games/{id}/takeback"), Some(&taken));
    assert_eq!(
        refused.error(409),
        format!("{MAX_TAKEBACKS} moves were taken back in this game already")
    );
    // The game can still be ended, and the other's is as it was.
    assert_eq!(
        flood
            .send("POST", &format!("/api/games/{id}/resign"), Some(&taken))
            .status,
        200
    );
    let view = server.get(&format!("/api/games/{their_id}")).json();
    assert!(
        view.get("result")
            .is_some_and(|result| *result != congo_web::Json::Null),
        "{view}"
    );
    assert_eq!(
        server.get(&format!("/api/games/{their_id}/pgn")).status,
        200
    );
}
