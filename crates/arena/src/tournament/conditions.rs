//! The tournament's conditions as JSON fields, for `standings.json`: what
//! `tournament.txt` says in words (format, time, limits, openings), so
//! that a program reading the standings need not parse prose.

use super::TournamentOptions;
use super::schedule::Format;
use congo_kit::json::Json;

/// The conditions of the tournament `options` describe, played in
/// `format` by `names`.
pub fn conditions(options: &TournamentOptions, format: &Format, names: &[String]) -> Json {
    let number = |value: u128| Json::Number(value as f64);
    let path = |path: Option<&std::path::Path>| {
        path.map_or(Json::Null, |path| Json::String(path.display().to_string()))
    };
    let mut fields = match format {
        Format::RoundRobin { cycles } => vec![
            ("format", Json::from("round-robin")),
            ("cycles", number(*cycles as u128)),
        ],
        Format::Gauntlet { seeds, cycles } => vec![
            ("format", Json::from("gauntlet")),
            ("cycles", number(*cycles as u128)),
            (
                "seeds",
                Json::Array(
                    seeds
                        .iter()
                        .map(|&seed| Json::from(names[seed].as_str()))
                        .collect(),
                ),
            ),
        ],
        Format::Swiss { rounds } => vec![
            ("format", Json::from("swiss")),
            ("rounds", number(*rounds as u128)),
        ],
    };
    fields.extend([
        (
            "players",
            Json::Array(names.iter().map(|name| Json::from(name.as_str())).collect()),
        ),
        ("rules", Json::String(options.rule_set.to_string())),
        ("movetime_ms", number(options.movetime.as_millis())),
        ("margin_ms", number(options.margin.as_millis())),
        ("startup_ms", number(options.startup.as_millis())),
        ("max_plies", number(options.max_plies as u128)),
        ("start", Json::String(options.fen.clone())),
        ("openings", path(options.openings.as_deref())),
        ("opening_plies", number(options.opening_plies as u128)),
        ("seed", number(u128::from(options.seed))),
        (
            "endgame_tables",
            path(options.tables.as_ref().map(|tables| tables.folder())),
        ),
        (
            "memory_bytes",
            options
                .limits
                .memory
                .map_or(Json::Null, |bytes| number(u128::from(bytes))),
        ),
        (
            "threads",
            options
                .limits
                .threads
                .map_or(Json::Null, |threads| number(u128::from(threads))),
        ),
        ("sandbox", Json::Bool(options.sandbox)),
        ("shard", Json::String(options.shard.to_string())),
    ]);
    Json::Object(
        fields
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect(),
    )
}
