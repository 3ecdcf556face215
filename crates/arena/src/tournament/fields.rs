//! A standings row as named fields, once for the text, the CSV and the
//! JSON, so that the three never disagree and a new column is one more
//! field here.

use super::crosstable::as_written;
use super::standings::{Row, Standings};
use congo_kit::json::Json;

/// A field's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Whole(usize),
    /// Points: `2½` in the text, `2.5` in the files.
    Points(f64),
    /// A number shown to this many decimals in the text (one more in the
    /// files).
    Decimal(f64, usize),
    Text(String),
    /// A bound the games leave open, or a number with none to give.
    Missing,
}

impl Value {
    /// As the text shows it.
    pub fn text(&self) -> String {
        match self {
            Value::Whole(value) => value.to_string(),
            Value::Points(value) => as_written(*value),
            Value::Decimal(value, places) => format!("{value:.places$}"),
            Value::Text(text) => text.clone(),
            Value::Missing => "-".to_owned(),
        }
    }

    /// As a CSV cell (names and numbers need no quoting).
    pub fn csv(&self) -> String {
        match self {
            Value::Whole(value) => value.to_string(),
            Value::Points(value) => value.to_string(),
            Value::Decimal(value, places) => format!("{value:.0$}", places + 1),
            Value::Text(text) => text.clone(),
            Value::Missing => String::new(),
        }
    }

    /// As JSON.
    pub fn json(&self) -> Json {
        match self {
            Value::Whole(value) => Json::Number(*value as f64),
            Value::Points(value) => Json::Number(*value),
            Value::Decimal(value, places) => {
                let scale = 10f64.powi(*places as i32 + 1);
                Json::Number((value * scale).round() / scale)
            }
            Value::Text(text) => Json::String(text.clone()),
            Value::Missing => Json::Null,
        }
    }
}

/// Where a field is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Everywhere,
    TextOnly,
    FilesOnly,
}

/// One field of a row.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its column's head in the text.
    pub header: &'static str,
    /// Its name in the CSV and JSON.
    pub key: &'static str,
    pub value: Value,
    pub shown: Shown,
}

impl Field {
    fn new(header: &'static str, key: &'static str, value: Value) -> Field {
        Field {
            header,
            key,
            value,
            shown: Shown::Everywhere,
        }
    }

    /// A field of the text alone.
    fn text(header: &'static str, value: Value) -> Field {
        Field {
            shown: Shown::TextOnly,
            ..Field::new(header, "", value)
        }
    }

    /// A field of the files alone.
    fn file(key: &'static str, value: Value) -> Field {
        Field {
            shown: Shown::FilesOnly,
            ..Field::new("", key, value)
        }
    }
}

/// The fields of the row ranked `rank` (from 0), in order.
pub fn fields(standings: &Standings, rank: usize) -> Vec<Field> {
    let row = &standings.rows[rank];
    // The likelihood that it is stronger than the next player down.
    let los = standings.over_next(rank);
    // An Elo figure, or none where a bound is open (or there are no games).
    let bound = |elo: Option<f64>| elo.map_or(Value::Missing, |elo| Value::Decimal(elo, 0));
    let mut fields = vec![
        Field::new("rank", "rank", Value::Whole(rank + 1)),
        Field::new("name", "name", Value::Text(row.name.clone())),
        Field::new("score", "points", Value::Points(row.points)),
        Field::new("games", "games", Value::Whole(row.games())),
        Field::new("+", "wins", Value::Whole(row.wins)),
        Field::new("=", "draws", Value::Whole(row.draws)),
        Field::new("-", "losses", Value::Whole(row.losses)),
        Field::new("byes", "byes", Value::Whole(row.byes)),
        Field::new("%", "percent", Value::Decimal(row.percent(), 1)),
    ];
    for (tie, value) in standings.tie_breaks.iter().zip(&row.tie_breaks) {
        fields.push(Field::new(tie.header(), tie.key(), Value::Points(*value)));
    }
    fields.extend([
        Field::new("elo", "elo", Value::Decimal(row.elo, 0)),
        Field::text("+/-", Value::Text(margin_text(row))),
        Field::file("margin", bound(row.margin)),
        Field::file("low", bound(row.low())),
        Field::file("high", bound(row.high())),
        Field::text(
            "LOS",
            Value::Text(los.map_or(String::new(), |los| format!("{:.1} %", 100.0 * los))),
        ),
        Field::file(
            "los",
            los.map_or(Value::Missing, |los| Value::Decimal(los, 3)),
        ),
    ]);
    fields
}

/// The text's margin: `45`, or with an open side `-45/+inf`.
fn margin_text(row: &Row) -> String {
    let Some(margin) = row.margin else {
        return "-".to_owned();
    };
    match (row.open_below(), row.open_above()) {
        (false, false) => format!("{margin:.0}"),
        (below, above) => format!(
            "{}/{}",
            if below {
                "-inf".to_owned()
            } else {
                format!("-{margin:.0}")
            },
            if above {
                "+inf".to_owned()
            } else {
                format!("+{margin:.0}")
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::ratings::{Anchor, Result};

    #[test]
    fn an_open_bound_reads_inf_in_the_text_and_null_in_the_files() {
        let games = vec![Result::new(0, 1, 1.0); 7];
        let names = ["best".to_owned(), "worst".to_owned()];
        let standings = Standings::of(&names, &games, &[], &Anchor::Mean, vec![]);
        let field = |rank: usize, header: &str, key: &str| {
            fields(&standings, rank)
                .into_iter()
                .find(|field| field.header == header && field.key == key)
                .map(|field| field.value)
        };
        let margin = standings.rows[0].margin.unwrap();
        assert!(margin > 0.0);
        let text = |rank| field(rank, "+/-", "").unwrap().text();
        assert_eq!(text(0), format!("-{margin:.0}/+inf"));
        assert!(text(1).starts_with("-inf/+"), "{}", text(1));
        assert_eq!(field(0, "", "high"), Some(Value::Missing));
        assert_eq!(field(0, "", "high").unwrap().json(), Json::Null);
        assert!(matches!(field(0, "", "low"), Some(Value::Decimal(..))));
        assert_eq!(field(1, "", "low"), Some(Value::Missing));
    }
}
