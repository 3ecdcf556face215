//! `congo serve --watch RECORD` while `congo match --record RECORD` plays:
//! the games are seen move by move, then finished with the score.

use std::path::Path;

use congo_web::Json;

use super::client::{Server, string, whole};
use crate::common::{CONGO, congo_in_background, scratch};

/// `congo match` of two games of congo against itself, recorded in `path`.
fn match_of_two(path: &str) -> [&str; 13] {
    [
        "match",
        "--games",
        "2",
        "--movetime",
        "30",
        "--record",
        path,
        "--",
        CONGO,
        "engine",
        "--",
        CONGO,
        "engine",
    ]
}

/// The games of a watch view.
fn games(view: &Json) -> &[Json] {
    match view.get("games") {
        Some(Json::Array(games)) => games,
        other => panic!("games: {other:?}"),
    }
}

#[test]
fn a_match_is_followed_move_by_move_as_its_record_grows() {
    let dir = scratch("serve-watch");
    let record = dir.join("match.tsv");
    let path = record.to_str().unwrap();
    let server = Server::start(&[], &["--watch", path]);
    let mut follows = server
        .connect_from(2)
        .events("/api/watch/events?game=1")
        .unwrap_or_else(|reply| panic!("{}", reply.text()));
    let empty = follows.next();
    assert!(games(&empty).is_empty());
    let mut playing = congo_in_background(&match_of_two(path), &[]);
    // Game 1 under way, seen ply by ply before it ends.
    let under_way = follows.until(|view| {
        view.get("game")
            .and_then(|game| game.get("plies"))
            .is_some_and(|plies| matches!(plies, Json::Array(plies) if !plies.is_empty()))
            && games(view)
                .iter()
                .any(|game| game.get("state") == Some(&"playing".into()))
    });
    assert_eq!(
        string(under_way.get("engines").unwrap().get("A").unwrap()),
        format!("{CONGO} engine")
    );
    let plies = |view: &Json| match view.get("game").and_then(|game| game.get("plies")) {
        Some(Json::Array(plies)) => plies.len(),
        _ => 0,
    };
    let mut seen_lengths = vec![plies(&under_way)];
    let finished = loop {
        let view = follows.next();
        seen_lengths.push(plies(&view));
        if whole(view.get("score").unwrap().get("games").unwrap()) == 2 {
            break view;
        }
    };
    assert!(playing.wait().unwrap().success());
    // Seen growing, one ply or a few at a time, never shrinking.
    assert!(
        seen_lengths.windows(2).all(|pair| pair[0] <= pair[1]),
        "{seen_lengths:?}"
    );
    assert!(seen_lengths.len() > 2, "{seen_lengths:?}");
    let game = finished.get("game").unwrap();
    assert!(
        game.get("result")
            .is_some_and(|result| result != &Json::Null)
    );
    let score = finished.get("score").unwrap();
    let points = |side: &str| match score.get(side) {
        Some(Json::Number(points)) => *points,
        other => panic!("{other:?}"),
    };
    assert_eq!(points("A") + points("B"), 2.0);
    // The match is over: its live companion is gone, its record whole.
    assert!(!Path::new(&format!("{path}.live")).exists());
    assert_eq!(std::fs::read_to_string(&record).unwrap().lines().count(), 2);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_live_companion_left_behind_is_not_written_over() {
    let dir = scratch("serve-watch-left");
    let record = dir.join("match.tsv");
    let live = dir.join("match.tsv.live");
    std::fs::write(&live, "someone else's\n").unwrap();
    let path = record.to_str().unwrap();
    let output = crate::common::congo(&match_of_two(path), b"");
    assert!(!output.status.success());
    let said = crate::common::text(&output.stderr);
    assert!(
        said.contains("match.tsv.live is there already: a match may be writing it"),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&live).unwrap(), "someone else's\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_watch_the_watch_api_says_so_and_its_stream_how_to_have_it() {
    let server = Server::start(&[], &[]);
    let reply = server.get("/api/watch");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.text(), r#"{"watching":false}"#);
    let stream = server.get("/api/watch/events");
    assert_eq!(
        stream.error(404),
        "no match is watched: start congo serve with --watch RECORD"
    );
}
