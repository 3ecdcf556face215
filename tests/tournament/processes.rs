//! Every game starts fresh engine processes, so that no engine carries an
//! earlier game into the next (unless `--keep-processes` asks for
//! speed), and `--log` names each log by its game.

use std::fs;

use super::{games, players_file, steady, tournament};
use crate::common::{fixture, scratch};

#[test]
fn each_game_starts_fresh_processes_unless_they_are_kept() {
    let dir = scratch("tournament-processes");
    let players = players_file(
        &dir,
        &[
            ("steady", steady(100)),
            ("remembers", fixture("remembers_games.sh")),
        ],
    );
    let fresh = dir.join("fresh");
    tournament(&players, &fresh, &["--log"]);
    let played = games(&fresh);
    assert_eq!(played.len(), 2);
    assert!(
        played.iter().all(|game| !game.reason.contains("0000")),
        "{played:?}"
    );
    let description = fs::read_to_string(fresh.join("tournament.txt")).unwrap();
    assert!(
        description.contains("engine processes fresh for each game\n"),
        "{description}"
    );
    // Each game's logs are named by it, one process an engine.
    let mut logs: Vec<String> = fs::read_dir(fresh.join("logs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    logs.sort();
    assert_eq!(
        logs,
        [
            "r01-g001-steady-vs-remembers.remembers-1.log",
            "r01-g001-steady-vs-remembers.steady-1.log",
            "r01-g002-steady-vs-remembers.remembers-1.log",
            "r01-g002-steady-vs-remembers.steady-1.log",
        ]
    );
    for log in &logs {
        let text = fs::read_to_string(fresh.join("logs").join(log)).unwrap();
        assert_eq!(text.matches("> newgame").count(), 1, "{log}: {text}");
    }

    let kept = dir.join("kept");
    tournament(&players, &kept, &["--keep-processes"]);
    let played = games(&kept);
    assert!(
        played[1].reason.contains("move \"0000\""),
        "the second game on the same process: {played:?}"
    );
    fs::remove_dir_all(dir).unwrap();
}
