//! The standings and the crosstable as text, for the terminal and
//! `standings.txt`: columns as wide as their widest cell, names to the
//! left, everything else to the right.

use super::crosstable::Crosstable;
use super::fields::{Shown, fields};
use super::standings::Standings;

/// The standings, a blank line, then the crosstable.
pub fn text(standings: &Standings, crosstable: &Crosstable) -> String {
    let mut columns: Vec<(String, Vec<String>)> = Vec::new();
    for rank in 0..standings.rows.len() {
        let shown = fields(standings, rank)
            .into_iter()
            .filter(|field| field.shown != Shown::FilesOnly);
        for (index, field) in shown.enumerate() {
            if index == columns.len() {
                columns.push((field.header.to_owned(), Vec::new()));
            }
            columns[index].1.push(field.value.text());
        }
    }
    let mut out = table(&columns, 1);
    out.push('\n');
    out.push_str(&table(&crosstable_columns(standings, crosstable), 0));
    out
}

/// The crosstable's columns: each player by rank and name, a column a
/// player (headed by its rank), and the byes if anyone had one.
fn crosstable_columns(
    standings: &Standings,
    crosstable: &Crosstable,
) -> Vec<(String, Vec<String>)> {
    let rows = &standings.rows;
    let mut columns = vec![(
        String::new(),
        rows.iter()
            .enumerate()
            .map(|(rank, row)| format!("{:>2}. {}", rank + 1, row.name))
            .collect(),
    )];
    for (rank, other) in rows.iter().enumerate() {
        let cells = rows
            .iter()
            .map(|row| match crosstable.cell(row.player, other.player) {
                Some(cell) => cell,
                None if row.player == other.player => "x".to_owned(),
                None => ".".to_owned(),
            })
            .collect();
        columns.push(((rank + 1).to_string(), cells));
    }
    if rows.iter().any(|row| row.byes > 0) {
        let byes = rows
            .iter()
            .map(|row| match row.byes {
                0 => String::new(),
                1 => "bye".to_owned(),
                byes => format!("{byes} byes"),
            })
            .collect();
        columns.push(("byes".to_owned(), byes));
    }
    columns
}

/// `columns` (a head and its cells) laid out two spaces apart, the one
/// numbered `left` aligned left, each line without spaces at its end.
fn table(columns: &[(String, Vec<String>)], left: usize) -> String {
    let width = |(head, cells): &(String, Vec<String>)| {
        cells
            .iter()
            .chain([head])
            .map(|cell| cell.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = columns.iter().map(width).collect();
    let lines = columns.first().map_or(0, |(_, cells)| cells.len());
    let line = |cell: &dyn Fn(usize) -> String| {
        let mut text = String::new();
        for (index, width) in widths.iter().enumerate() {
            let cell = cell(index);
            let pad = " ".repeat(width - cell.chars().count());
            let gap = if index == 0 { "" } else { "  " };
            if index == left {
                text.push_str(&format!("{gap}{cell}{pad}"));
            } else {
                text.push_str(&format!("{gap}{pad}{cell}"));
            }
        }
        format!("{}\n", text.trim_end())
    };
    let mut out = line(&|index| columns[index].0.clone());
    for at in 0..lines {
        out.push_str(&line(&|index| columns[index].1[at].clone()));
    }
    out
}
