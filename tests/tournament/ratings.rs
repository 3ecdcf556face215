//! The standings' ratings, worked out again here the plain way: every
//! player's rating moved a little towards where its expected score meets
//! its real one, over and over, until nothing moves.

use std::collections::HashMap;
use std::fs;

use super::{Game, games, items, number, players_file, standings, steady, tournament};
use crate::common::{fixture, scratch};

/// The chance that a player `difference` Elo above another scores.
fn expected(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

/// Ratings by plain iteration: each player's score (with one draw
/// against a player rated 0) pulled towards what its rating expects, then
/// the mean set to 0.
fn by_plain_iteration(names: &[String], games: &[Game]) -> HashMap<String, f64> {
    let mut elo: HashMap<String, f64> = names.iter().map(|name| (name.clone(), 0.0)).collect();
    for _ in 0..200_000 {
        let mut next = elo.clone();
        for name in names {
            let mine = elo[name];
            let (mut score, mut expect) = (0.5, expected(mine));
            for game in games {
                let (opponent, points) = if &game.white == name {
                    (
                        &game.black,
                        match game.result.as_str() {
                            "1-0" => 1.0,
                            "0-1" => 0.0,
                            _ => 0.5,
                        },
                    )
                } else if &game.black == name {
                    (
                        &game.white,
                        match game.result.as_str() {
                            "1-0" => 0.0,
                            "0-1" => 1.0,
                            _ => 0.5,
                        },
                    )
                } else {
                    continue;
                };
                score += points;
                expect += expected(mine - elo[opponent]);
            }
            next.insert(name.clone(), mine + 10.0 * (score - expect));
        }
        elo = next;
    }
    let mean = elo.values().sum::<f64>() / names.len() as f64;
    elo.values_mut().for_each(|value| *value -= mean);
    elo
}

#[test]
fn the_ratings_are_the_games_maximum_likelihood() {
    let dir = scratch("tournament-ratings");
    let players = players_file(
        &dir,
        &[
            ("n100", steady(100)),
            ("n300", steady(300)),
            ("n900", steady(900)),
            ("illegal", fixture("illegal_engine.sh")),
        ],
    );
    let out = dir.join("out");
    tournament(&players, &out, &["--cycles", "2", "--concurrency", "2"]);
    let played = games(&out);
    let table = standings(&out);
    let rows = items(table.get("standings"));
    let names: Vec<String> = rows
        .iter()
        .map(|row| {
            row.get("name")
                .and_then(|name| name.as_str())
                .unwrap()
                .to_owned()
        })
        .collect();
    let worked_out = by_plain_iteration(&names, &played);
    for row in rows {
        let name = row.get("name").and_then(|name| name.as_str()).unwrap();
        let elo = number(row.get("elo"));
        assert!(
            (elo - worked_out[name]).abs() < 0.5,
            "{name}: {elo} against {}",
            worked_out[name]
        );
        // A margin for every player, and the likelihood of superiority
        // for all but the last.
        assert!(number(row.get("margin")) > 0.0);
    }
    fs::remove_dir_all(dir).unwrap();
}
