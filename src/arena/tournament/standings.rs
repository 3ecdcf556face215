//! The standings and the crosstable: who is ahead, by how much and how
//! surely, and how each pair scored; as text for the terminal, and as CSV
//! and JSON files for everything else. (Names are plain, see
//! `players.rs`: they need no quoting in either.)

use std::fmt::Write as _;

use super::ratings::{Anchor, Rating, Result, ratings, superiority};

/// A finished game, for the tables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    pub white: usize,
    pub black: usize,
    /// White's points: 1, 0.5 or 0.
    pub white_points: f64,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The player's place in the roster.
    pub player: usize,
    pub name: String,
    pub rating: Rating,
    pub games: usize,
    pub points: f64,
    pub draws: usize,
    /// The likelihood that it is stronger than the next player down.
    pub superiority: Option<f64>,
}

/// The standings of `names` after `games`, best first.
pub fn standings(names: &[String], games: &[Scored], anchor: &Anchor) -> Vec<Row> {
    let results: Vec<Result> = games
        .iter()
        .map(|game| Result {
            first: game.white,
            second: game.black,
            first_points: game.white_points,
        })
        .collect();
    let rated = ratings(names.len(), &results, anchor);
    let mut rows: Vec<Row> = names
        .iter()
        .enumerate()
        .map(|(player, name)| {
            let mine = games
                .iter()
                .filter(|game| game.white == player || game.black == player);
            let (mut count, mut points, mut draws) = (0, 0.0, 0);
            for game in mine {
                count += 1;
                points += if game.white == player {
                    game.white_points
                } else {
                    1.0 - game.white_points
                };
                draws += usize::from(game.white_points == 0.5);
            }
            Row {
                player,
                name: name.clone(),
                rating: rated[player],
                games: count,
                points,
                draws,
                superiority: None,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        b.rating
            .elo
            .total_cmp(&a.rating.elo)
            .then(b.points.total_cmp(&a.points))
            .then(a.player.cmp(&b.player))
    });
    for index in 1..rows.len() {
        let next = rows[index].rating;
        rows[index - 1].superiority = superiority(&rows[index - 1].rating, &next);
    }
    rows
}

/// Each pair's points: `table[a][b]` is what `a` scored against `b`, and
/// how many games they played.
pub fn crosstable(players: usize, games: &[Scored]) -> Vec<Vec<(f64, usize)>> {
    let mut table = vec![vec![(0.0, 0); players]; players];
    for game in games {
        let (white, black) = (game.white, game.black);
        table[white][black].0 += game.white_points;
        table[white][black].1 += 1;
        table[black][white].0 += 1.0 - game.white_points;
        table[black][white].1 += 1;
    }
    table
}

/// Points as players write them: `3`, `2.5`.
fn points(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

/// The standings as a table of text, then the crosstable.
pub fn text(rows: &[Row], table: &[Vec<(f64, usize)>]) -> String {
    let width = rows
        .iter()
        .map(|row| row.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>6}  {:>5}  {:>5}  {:>7}",
        "rank", "name", "elo", "+/-", "games", "score", "%", "draws", "LOS"
    );
    for (rank, row) in rows.iter().enumerate() {
        let margin = row
            .rating
            .margin
            .map_or("-".to_owned(), |margin| format!("{margin:.0}"));
        let share = if row.games == 0 {
            0.0
        } else {
            100.0 * row.points / row.games as f64
        };
        let los = row
            .superiority
            .map_or(String::new(), |los| format!("{:.1} %", 100.0 * los));
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>6.0}  {:>5}  {:>5}  {:>6}  {:>5.1}  {:>5}  {:>7}",
            rank + 1,
            row.name,
            row.rating.elo,
            margin,
            row.games,
            points(row.points),
            share,
            row.draws,
            los
        );
    }
    // The crosstable: a row and a column a player, by rank.
    let label = width + 4;
    let _ = writeln!(out);
    let _ = write!(out, "{:<label$}", "");
    for index in 0..rows.len() {
        let _ = write!(out, "  {:>7}", index + 1);
    }
    let _ = writeln!(out);
    for (rank, row) in rows.iter().enumerate() {
        let _ = write!(out, "{:<label$}", format!("{:>2}. {}", rank + 1, row.name));
        for other in rows {
            let cell = if other.player == row.player {
                "x".to_owned()
            } else {
                let (scored, games) = table[row.player][other.player];
                if games == 0 {
                    ".".to_owned()
                } else {
                    format!("{}/{games}", points(scored))
                }
            };
            let _ = write!(out, "  {cell:>7}");
        }
        let _ = writeln!(out);
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    trim_lines(&out)
}

/// Each line without spaces at its end.
fn trim_lines(text: &str) -> String {
    text.lines()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect()
}

/// The standings as CSV: a header, then a row a player.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from("rank,name,elo,margin,games,points,percent,draws,los\n");
    for (rank, row) in rows.iter().enumerate() {
        let share = if row.games == 0 {
            0.0
        } else {
            100.0 * row.points / row.games as f64
        };
        let _ = writeln!(
            out,
            "{},{},{:.1},{},{},{},{:.1},{},{}",
            rank + 1,
            row.name,
            row.rating.elo,
            row.rating
                .margin
                .map_or(String::new(), |margin| format!("{margin:.1}")),
            row.games,
            points(row.points),
            share,
            row.draws,
            row.superiority
                .map_or(String::new(), |los| format!("{los:.4}"))
        );
    }
    out
}

/// The crosstable as CSV: a row and a column a player, in the standings'
/// order; a cell is the row player's points against the column player's,
/// over their games (`2.5/4`).
pub fn crosstable_csv(rows: &[Row], table: &[Vec<(f64, usize)>]) -> String {
    let mut out = String::from("name");
    for row in rows {
        let _ = write!(out, ",{}", row.name);
    }
    out.push('\n');
    for row in rows {
        out.push_str(&row.name);
        for other in rows {
            let (scored, games) = table[row.player][other.player];
            if other.player == row.player || games == 0 {
                out.push(',');
            } else {
                let _ = write!(out, ",{}/{games}", points(scored));
            }
        }
        out.push('\n');
    }
    out
}

/// The standings and crosstable as JSON.
pub fn json(rows: &[Row], table: &[Vec<(f64, usize)>]) -> String {
    let number =
        |value: Option<f64>| value.map_or("null".to_owned(), |value| format!("{value:.4}"));
    let mut out = String::from("{\"standings\":[");
    for (rank, row) in rows.iter().enumerate() {
        if rank > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"rank\":{},\"name\":\"{}\",\"elo\":{:.1},\"margin\":{},\"games\":{},\"points\":{},\"draws\":{},\"los\":{}}}",
            rank + 1,
            row.name,
            row.rating.elo,
            number(row.rating.margin),
            row.games,
            row.points,
            row.draws,
            number(row.superiority)
        );
    }
    out.push_str("],\"crosstable\":{");
    for (index, row) in rows.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\":{{", row.name);
        let mut first = true;
        for other in rows {
            let (scored, games) = table[row.player][other.player];
            if other.player == row.player || games == 0 {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            let _ = write!(
                out,
                "\"{}\":{{\"points\":{scored},\"games\":{games}}}",
                other.name
            );
        }
        out.push('}');
    }
    out.push_str("}}\n");
    out
}
