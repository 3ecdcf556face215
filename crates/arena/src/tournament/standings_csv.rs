//! The standings and the crosstable as CSV, for spreadsheets. (Names are
//! plain, see `players.rs`: they need no quoting.)

use super::crosstable::Crosstable;
use super::fields::{Shown, fields};
use super::standings::Standings;

/// The standings: a header, then a row a player.
pub fn standings_csv(standings: &Standings) -> String {
    let mut out = String::new();
    for rank in 0..standings.rows.len() {
        let shown: Vec<_> = fields(standings, rank)
            .into_iter()
            .filter(|field| field.shown != Shown::TextOnly)
            .collect();
        if rank == 0 {
            let keys: Vec<&str> = shown.iter().map(|field| field.key).collect();
            out.push_str(&keys.join(","));
            out.push('\n');
        }
        let cells: Vec<String> = shown.iter().map(|field| field.value.csv()).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// The crosstable: a row and a column a player, in the standings' order,
/// a cell the row player's score against the column player's (`1½-½`),
/// and each player's byes.
pub fn crosstable_csv(standings: &Standings, crosstable: &Crosstable) -> String {
    let rows = &standings.rows;
    let mut out = String::from("name");
    for row in rows {
        out.push(',');
        out.push_str(&row.name);
    }
    out.push_str(",byes\n");
    for row in rows {
        out.push_str(&row.name);
        for other in rows {
            out.push(',');
            out.push_str(
                &crosstable
                    .cell(row.player, other.player)
                    .unwrap_or_default(),
            );
        }
        out.push_str(&format!(",{}\n", row.byes));
    }
    out
}
