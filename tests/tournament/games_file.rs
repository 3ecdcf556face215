//! `games.pgn`: every game of the tournament in PGN's tag-pair form, the
//! same games as the records, and still so after a resume.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use congo_rules::pgn::PgnGame;

use super::{players_file, steady, tournament};
use crate::common::scratch;

/// The games of a games file, each with its text.
pub fn pgn_games(text: &str) -> Vec<(PgnGame, String)> {
    congo_rules::pgn::pgn_games(text)
        .into_iter()
        .map(|(_, text)| (PgnGame::parse(&text).unwrap(), text))
        .collect()
}

/// The games of `out`'s games file by their `Record` tag, each's text
/// without its date (a resumed run may end on another day).
pub fn games_by_record(out: &Path) -> BTreeMap<String, String> {
    let text = fs::read_to_string(out.join("games.pgn")).unwrap();
    let mut games = BTreeMap::new();
    for (game, text) in pgn_games(&text) {
        let key = game.tag("Record").unwrap().to_owned();
        let dateless: String = text
            .lines()
            .filter(|line| !line.starts_with("[Date "))
            .map(|line| format!("{line}\n"))
            .collect();
        assert!(games.insert(key, dateless).is_none(), "a game twice");
    }
    games
}

#[test]
fn the_games_file_holds_every_recorded_game_with_its_tags() {
    let dir = scratch("tournament-pgn");
    let players = players_file(
        &dir,
        &[
            ("n100", steady(100)),
            ("n200", steady(200)),
            ("n400", steady(400)),
        ],
    );
    let out = dir.join("out");
    tournament(&players, &out, &[]);
    let text = fs::read_to_string(out.join("games.pgn")).unwrap();
    let games = pgn_games(&text);
    assert_eq!(games.len(), 6);
    for (game, _) in &games {
        let names: Vec<&str> = game.tags.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "Termination",
                "PlyCount",
                "FEN",
                "Variant",
                "Record"
            ]
        );
        assert_eq!(game.tag("Variant"), Some("Congo"));
        // Its record: `records/A-vs-B.rec game N`.
        let key = game.tag("Record").unwrap();
        let (file, number) = key.split_once(" game ").unwrap();
        let record = fs::read_to_string(out.join(file)).unwrap();
        let line = record
            .lines()
            .find(|line| line.split('\t').next() == Some(number))
            .unwrap();
        let fields: Vec<&str> = line.split('\t').collect();
        let pair = file.trim_start_matches("records/").trim_end_matches(".rec");
        let (first, second) = pair.split_once("-vs-").unwrap();
        let white = if fields[1] == "A" { first } else { second };
        assert_eq!(game.tag("White"), Some(white), "{key}");
        assert_eq!(game.tag("FEN"), Some(fields[2]), "{key}");
        assert_eq!(game.moves.join(" "), fields[3], "{key}");
        assert_eq!(
            game.tag("PlyCount"),
            Some(game.moves.len().to_string().as_str())
        );
        assert_eq!(game.tag("Result"), Some(fields[4]), "{key}");
        assert_eq!(game.reason, fields[5], "{key}");
        assert_eq!(game.tag("Termination"), Some("normal"), "{key}");
    }
    fs::remove_dir_all(dir).unwrap();
}
