//! The tables a tournament writes, at most once a second while it runs
//! and at its end: the standings and the crosstable as text, CSV and
//! JSON, from the games finished so far and the byes given.

use super::crosstable::Crosstable;
use super::faults::{count_faults, faults_json, faults_text};
use super::folder::{Finished, Folder, FolderError};
use super::ratings::{Anchor, Result};
use super::standings::Standings;
use super::standings_csv::{crosstable_csv, standings_csv};
use super::standings_json::standings_json;
use super::standings_text::text;
use super::tie_breaks::TieBreak;
use congo_kit::json::Json;

/// What the tables are made from, besides the games.
pub struct Terms<'a> {
    pub names: &'a [String],
    /// Each bye given so far: the player's place.
    pub byes: &'a [usize],
    pub anchor: &'a Anchor,
    pub tie_breaks: Vec<TieBreak>,
    /// The tournament's conditions, for the JSON.
    pub conditions: Json,
}

/// The standings and crosstable in every form.
pub struct Tables {
    pub text: String,
    csv: String,
    crosstable: String,
    json: String,
    /// Each engine's faults, also the text's last block.
    faults: String,
}

impl Tables {
    /// The tables after the games `finished`.
    pub fn of(finished: &Finished, terms: Terms) -> Tables {
        // In the schedule's order, whatever the map's: the margins' replays
        // depend on it.
        let mut played: Vec<_> = finished.iter().collect();
        played.sort_by_key(|(key, _)| **key);
        let games: Vec<Result> = played
            .into_iter()
            .map(|(&((first, second), _), record)| {
                let (white, black) = if record.white == 'A' {
                    (first, second)
                } else {
                    (second, first)
                };
                Result {
                    first: white,
                    second: black,
                    first_points: record.outcome.white_half_points() as f64 / 2.0,
                }
            })
            .collect();
        let standings = Standings::of(
            terms.names,
            &games,
            terms.byes,
            terms.anchor,
            terms.tie_breaks,
        );
        let crosstable = Crosstable::of(terms.names.len(), &games);
        let faults = count_faults(terms.names.len(), finished);
        let faults_block = faults_text(terms.names, &faults);
        Tables {
            text: format!("{}\n{faults_block}", text(&standings, &crosstable)),
            csv: standings_csv(&standings),
            crosstable: crosstable_csv(&standings, &crosstable),
            json: standings_json(
                &standings,
                &crosstable,
                terms.conditions,
                faults_json(terms.names, &faults),
            ),
            faults: faults_block,
        }
    }

    /// Writes the five files into `folder`.
    pub fn write(&self, folder: &Folder) -> std::result::Result<(), FolderError> {
        folder.write("standings.txt", &self.text)?;
        folder.write("standings.csv", &self.csv)?;
        folder.write("crosstable.csv", &self.crosstable)?;
        folder.write("faults.txt", &self.faults)?;
        folder.write("standings.json", &self.json)
    }
}
