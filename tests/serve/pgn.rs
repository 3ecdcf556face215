//! Replay reads a tournament's `games.pgn` as it reads a match's record:
//! a summary a game, each game sent alone by its lines, every ply checked.

use std::fs;

use super::client::{Server, string, strings, whole};
use super::congo_play;
use crate::common::{CONGO, congo, scratch, text};
use congo_web::Json;

/// A games file written by a real tournament of two engines.
fn tournament_games() -> String {
    let dir = scratch("serve-pgn");
    let players = dir.join("players.txt");
    let lines = format!("a {CONGO} engine --nodes 100\nb {CONGO} engine --nodes 200\n");
    fs::write(&players, lines).unwrap();
    let out = dir.join("out");
    let output = congo(
        &[
            "tournament",
            players.to_str().unwrap(),
            "--unconfined-root",
            "--output",
            out.to_str().unwrap(),
            "--movetime",
            "100",
            "--memory",
            "none",
            "--threads",
            "none",
        ],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let games = fs::read_to_string(out.join("games.pgn")).unwrap();
    fs::remove_dir_all(dir).unwrap();
    games
}

#[test]
fn a_tournaments_games_file_is_replayed_game_by_game() {
    let server = Server::start(&[], &[]);
    let pgn = tournament_games();
    let summary = server.post("/api/record?summary=1", &pgn).json();
    let Some(Json::Array(games)) = summary.get("games") else {
        panic!("games: {summary}");
    };
    assert_eq!(games.len(), 2);
    assert_eq!(string(games[0].get("white").unwrap()), "a");
    assert_eq!(string(games[0].get("black").unwrap()), "b");
    assert_eq!(string(games[1].get("white").unwrap()), "b");
    // The second game alone, by its lines, as the page sends it.
    let first = whole(games[1].get("line").unwrap()) as usize;
    let count = whole(games[1].get("lines").unwrap()) as usize;
    let lines: Vec<&str> = pgn.lines().skip(first - 1).take(count).collect();
    let alone = server
        .post("/api/record", &format!("{}\n", lines.join("\n")))
        .json();
    let Some(Json::Array(games)) = alone.get("games") else {
        panic!("games: {alone}");
    };
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(string(game.get("white").unwrap()), "b");
    let moves = strings(game.get("moves").unwrap());
    let positions = strings(game.get("positions").unwrap());
    assert_eq!(positions.len(), moves.len() + 1);
    let cases: Vec<(String, String)> = positions.iter().cloned().zip(moves).collect();
    for (after, (fen, _)) in positions[1..].iter().zip(congo_play(&cases)) {
        assert_eq!(after, &fen);
    }
    assert!(!string(game.get("reason").unwrap()).is_empty());
}

#[test]
fn a_pgn_game_that_is_wrong_is_named_by_its_number_and_line() {
    let server = Server::start(&[], &[]);
    let good = "[Result \"1-0\"]\n[FEN \"3l3/7/7/2p4/7/2p4/2ML3 w 1\"]\n\n1. d1d7 {black's lion was taken} 1-0\n\n";
    let summary = server
        .post("/api/record?summary=1", &format!("\n{good}"))
        .json();
    let Some(Json::Array(games)) = summary.get("games") else {
        panic!("games: {summary}");
    };
    assert_eq!(whole(games[0].get("line").unwrap()), 2);
    assert_eq!(whole(games[0].get("lines").unwrap()), 5);
    assert_eq!(
        string(games[0].get("reason").unwrap()),
        "black's lion was taken"
    );
    let bad_result = format!("{good}[Result \"2-0\"]\n\n1. d1d7 2-0\n");
    assert_eq!(
        server.post("/api/record", &bad_result).error(400),
        "PGN game 2 (line 6): Result \"2-0\" is not 1-0, 0-1 or 1/2-1/2"
    );
    let illegal = "[Result \"1-0\"]\n\n1. d1d7 1-0\n";
    assert!(
        server
            .post("/api/record", illegal)
            .error(400)
            .starts_with("PGN game 1 (line 1): game 1 ply 1: move \"d1d7\""),
    );
}
