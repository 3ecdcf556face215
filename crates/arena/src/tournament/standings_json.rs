//! The standings as JSON, for programs: the rows, the likelihood of
//! superiority of every player over every other, the crosstable, and the
//! tournament's conditions.

use super::crosstable::Crosstable;
use super::fields::{Shown, fields};
use super::standings::Standings;
use congo_kit::json::Json;

/// `standings.json`: `conditions` describes the tournament, `faults` each
/// engine's faults.
pub fn standings_json(
    standings: &Standings,
    crosstable: &Crosstable,
    conditions: Json,
    faults: Json,
) -> String {
    let rows = &standings.rows;
    let members = |player: usize, value: &dyn Fn(usize) -> Option<Json>| {
        Json::Object(
            rows.iter()
                .filter(|other| other.player != player)
                .filter_map(|other| Some((other.name.clone(), value(other.player)?)))
                .collect(),
        )
    };
    let table = (0..rows.len())
        .map(|rank| {
            Json::Object(
                fields(standings, rank)
                    .into_iter()
                    .filter(|field| field.shown != Shown::TextOnly)
                    .map(|field| (field.key.to_owned(), field.value.json()))
                    .collect(),
            )
        })
        .collect();
    let los = rows
        .iter()
        .map(|row| {
            let over = |other: usize| {
                Some(Json::Number(rounded(
                    standings.superiority[row.player][other],
                )))
            };
            (row.name.clone(), members(row.player, &over))
        })
        .collect();
    let crosstable = rows
        .iter()
        .map(|row| {
            let pair = |other: usize| {
                let (points, against, games) = crosstable.pair(row.player, other);
                (games > 0).then(|| {
                    Json::Object(vec![
                        ("points".to_owned(), Json::Number(points)),
                        ("against".to_owned(), Json::Number(against)),
                        ("games".to_owned(), Json::Number(games as f64)),
                    ])
                })
            };
            (row.name.clone(), members(row.player, &pair))
        })
        .collect();
    let tie_breaks = standings
        .tie_breaks
        .iter()
        .map(|tie| Json::String(tie.key().to_owned()))
        .collect();
    let json = Json::Object(vec![
        ("conditions".to_owned(), conditions),
        ("tie_breaks".to_owned(), Json::Array(tie_breaks)),
        ("standings".to_owned(), Json::Array(table)),
        ("los".to_owned(), Json::Object(los)),
        ("crosstable".to_owned(), Json::Object(crosstable)),
        ("faults".to_owned(), faults),
    ]);
    format!("{json}\n")
}

/// A likelihood to four decimals.
fn rounded(value: f64) -> f64 {
    (value * 1e4).round() / 1e4
}
