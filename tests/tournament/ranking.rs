//! The standings worked out again here from the games a tournament
//! played: scores with byes, Buchholz and Sonneborn-Berger, the order
//! they give; the margins against replays done the plain way; and the
//! likelihood of superiority, one matrix for the JSON and the text.

use std::collections::HashMap;
use std::fs;

use congo_rules::random::Rng;
use congo_web::Json;

use super::{Game, games, items, number, players_file, standings, steady, tournament};
use crate::common::scratch;

/// The points `name` scored in `game`, if it played it.
fn points(name: &str, game: &Game) -> Option<(String, f64)> {
    let white = match game.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    if game.white == name {
        Some((game.black.clone(), white))
    } else if game.black == name {
        Some((game.white.clone(), 1.0 - white))
    } else {
        None
    }
}

/// A row's text member.
fn text_of<'a>(row: &'a Json, name: &str) -> &'a str {
    row.get(name).and_then(Json::as_str).unwrap()
}

/// The standings worked out by hand: each name with its score, Buchholz
/// (a bye counting as an opponent with the player's own score) and
/// Sonneborn-Berger (a bye adding nothing), best first.
fn by_hand(names: &[String], played: &[Game], byes: &[String]) -> Vec<(String, [f64; 3])> {
    let byes_of = |name: &String| byes.iter().filter(|bye| *bye == name).count() as f64;
    let score: HashMap<&String, f64> = names
        .iter()
        .map(|name| {
            let games: f64 = played
                .iter()
                .filter_map(|game| points(name, game))
                .map(|(_, p)| p)
                .sum();
            (name, games + byes_of(name))
        })
        .collect();
    let mut rows: Vec<(usize, String, [f64; 3])> = names
        .iter()
        .enumerate()
        .map(|(place, name)| {
            let (mut buchholz, mut berger) = (byes_of(name) * score[name], 0.0);
            for (opponent, points) in played.iter().filter_map(|game| points(name, game)) {
                buchholz += score[&opponent];
                berger += points * score[&opponent];
            }
            (place, name.clone(), [score[name], buchholz, berger])
        })
        .collect();
    rows.sort_by(|(a_place, _, a), (b_place, _, b)| {
        b.partial_cmp(a).unwrap().then(a_place.cmp(b_place))
    });
    rows.into_iter()
        .map(|(_, name, values)| (name, values))
        .collect()
}

#[test]
fn a_swiss_of_thirteen_is_ranked_by_score_with_byes_then_buchholz_then_sonneborn_berger() {
    let dir = scratch("tournament-ranking");
    let names: Vec<String> = (1..=13).map(|player| format!("p{player:02}")).collect();
    let commands: Vec<(&str, String)> = names
        .iter()
        .enumerate()
        .map(|(place, name)| (name.as_str(), steady(40 + 60 * (place as u32 % 5))))
        .collect();
    let players = players_file(&dir, &commands);
    let out = dir.join("out");
    let shown = tournament(
        &players,
        &out,
        &["--format", "swiss", "--rounds", "5", "--concurrency", "2"],
    );
    let played = games(&out);
    assert_eq!(played.len(), 30);
    let schedule = fs::read_to_string(out.join("schedule.txt")).unwrap();
    let byes: Vec<String> = schedule
        .lines()
        .filter_map(|line| line.strip_suffix(" has a bye"))
        .map(|line| line.rsplit(' ').next().unwrap().to_owned())
        .collect();
    assert_eq!(byes.len(), 5, "{schedule}");
    let table = standings(&out);
    let rows = items(table.get("standings"));
    let expected = by_hand(&names, &played, &byes);
    for (row, (name, [score, buchholz, berger])) in rows.iter().zip(&expected) {
        assert_eq!(text_of(row, "name"), name, "{table}");
        assert_eq!(number(row.get("points")), *score, "{name}");
        assert_eq!(number(row.get("buchholz")), *buchholz, "{name}");
        assert_eq!(number(row.get("sonneborn_berger")), *berger, "{name}");
        let byes_had = byes.iter().filter(|bye| *bye == name).count() as f64;
        assert_eq!(number(row.get("byes")), byes_had, "{name}");
        let counted = ["wins", "draws", "losses"].map(|key| number(row.get(key)));
        assert_eq!(counted.iter().sum::<f64>(), number(row.get("games")));
        assert_eq!(counted[0] + counted[1] / 2.0 + byes_had, *score, "{name}");
    }
    // Each bye is shown in the crosstable, whose cells are score against
    // score.
    let crosstable = shown.split("\n\n").nth(1).unwrap();
    for line in crosstable.lines().skip(1) {
        let name = line.split_whitespace().nth(1).unwrap();
        assert_eq!(
            line.ends_with(" bye"),
            byes.iter().any(|bye| bye == name),
            "{line}"
        );
    }
    let csv = fs::read_to_string(out.join("crosstable.csv")).unwrap();
    for cell in csv.lines().skip(1).flat_map(|line| line.split(',').skip(1)) {
        let score_against_score = cell.split_once('-').is_some_and(|(a, b)| {
            [a, b].iter().all(|side| {
                !side.is_empty()
                    && side
                        .trim_end_matches('½')
                        .chars()
                        .all(|c| c.is_ascii_digit())
            })
        });
        assert!(
            cell.is_empty() || cell.parse::<u32>().is_ok() || score_against_score,
            "{cell}"
        );
    }
    the_superiority_is_one_matrix_shown_in_the_text(&table, &shown);
    fs::remove_dir_all(dir).unwrap();
}

/// Every pair's likelihoods of superiority add up to 1, and the text's
/// column is the matrix's, each player over the next one down.
fn the_superiority_is_one_matrix_shown_in_the_text(table: &Json, shown: &str) {
    let matrix = table.get("los").unwrap();
    let rows = items(table.get("standings"));
    let names: Vec<&str> = rows.iter().map(|row| text_of(row, "name")).collect();
    for a in &names {
        for b in names.iter().filter(|b| *b != a) {
            let over = |x: &str, y: &str| number(matrix.get(x).and_then(|row| row.get(y)));
            assert!((over(a, b) + over(b, a) - 1.0).abs() < 2e-4, "{a} {b}");
        }
    }
    for (rank, pair) in names.windows(2).enumerate() {
        let los = number(matrix.get(pair[0]).and_then(|row| row.get(pair[1])));
        assert_eq!(number(rows[rank].get("los")), los);
        let line = shown.lines().nth(rank + 1).unwrap();
        // The JSON rounds to four places, the text to one of a percent.
        let percent = line.trim_end_matches(" %").rsplit(' ').next().unwrap();
        assert!(
            (percent.parse::<f64>().unwrap() - 100.0 * los).abs() <= 0.05 + 1e-9,
            "{line} against {los}"
        );
    }
}

/// The chance that a player `difference` Elo above another scores.
fn expected(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

/// Two players' rating `x` (the other's is `-x`, their mean 0) after the
/// first scored `score` in `games` games, with one draw each against a
/// player rated 0, by bisection.
fn two_player_rating(score: f64, games: f64) -> f64 {
    let (mut low, mut high) = (-5000.0, 5000.0);
    for _ in 0..100 {
        let x = (low + high) / 2.0;
        if games * expected(2.0 * x) + expected(x) < score + 0.5 {
            low = x;
        } else {
            high = x;
        }
    }
    (low + high) / 2.0
}

#[test]
fn two_engines_margins_are_those_of_replays_done_the_plain_way() {
    let dir = scratch("tournament-margins");
    let players = players_file(&dir, &[("a", steady(150)), ("b", steady(300))]);
    let out = dir.join("out");
    tournament(&players, &out, &["--cycles", "5"]);
    let played = games(&out);
    let n = played.len() as f64;
    let score: f64 = played
        .iter()
        .filter_map(|game| points("a", game))
        .map(|(_, p)| p)
        .sum();
    let draws = played
        .iter()
        .filter(|game| game.result == "1/2-1/2")
        .count() as f64;
    // Replay the ten games from the fitted ratings: a's chance of a draw is
    // the share of draws with one draw and one decisive game added, at
    // most twice the weaker side's expected score.
    let x = two_player_rating(score, n);
    let p = expected(2.0 * x);
    let draw = ((draws + 1.0) / (n + 2.0)).min(2.0 * p.min(1.0 - p));
    let mut rng = Rng::new(2024);
    let replays: Vec<f64> = (0..4000)
        .map(|_| {
            let replayed: f64 = (0..played.len())
                .map(|_| match rng.unit() {
                    roll if roll < p - draw / 2.0 => 1.0,
                    roll if roll < p + draw / 2.0 => 0.5,
                    _ => 0.0,
                })
                .sum();
            two_player_rating(replayed, n)
        })
        .collect();
    let mean = replays.iter().sum::<f64>() / replays.len() as f64;
    let deviation =
        (replays.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / replays.len() as f64).sqrt();
    let table = standings(&out);
    for row in items(table.get("standings")) {
        let margin = number(row.get("margin"));
        assert!(
            (margin / (1.96 * deviation) - 1.0).abs() < 0.1,
            "{}: {margin} against {} from the plain replays ({score} of {n})",
            text_of(row, "name"),
            1.96 * deviation
        );
        let elo = number(row.get("elo"));
        assert!((elo.abs() - x.abs()).abs() < 0.5, "{elo} against {x}");
    }
    fs::remove_dir_all(dir).unwrap();
}
