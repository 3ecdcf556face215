//! What a teaching assistant sees of each engine's faults: a faulted
//! game's reason ends with the engine's last words on stderr, in the
//! records and the games file, and each engine's faults are counted in
//! `faults.txt`, `standings.txt` and `standings.json`.

use std::fs;

use super::games_file::pgn_games;
use super::{games, number, players_file, standings, tournament};
use crate::common::{CONGO, fixture, scratch};

#[test]
fn faults_are_told_with_their_stderr_and_counted_per_engine() {
    let dir = scratch("tournament-fault-reports");
    let players = players_file(
        &dir,
        &[
            ("steady", format!("{CONGO} engine --nodes 100")),
            ("late", fixture("late_engine.sh")),
            ("crash", fixture("crashes_on_third_move.sh")),
        ],
    );
    let out = dir.join("out");
    // 50 ms a move: the late engine answers 30 ms past it every move, well
    // within the margin.
    tournament(&players, &out, &["--movetime", "50"]);
    let played = games(&out);
    let (mut late_moves, mut crashes) = (0, 0);
    for game in &played {
        let crashed = |color: &str| {
            format!(
                "{color} lost: it exited with status 3; its stderr ended: \"engine: out of memory on move 3\""
            )
        };
        // It crashes on its third move, in every game.
        if game.white == "crash" {
            assert!(game.reason.starts_with(&crashed("white")), "{game:?}");
            crashes += 1;
        }
        if game.black == "crash" {
            assert!(game.reason.starts_with(&crashed("black")), "{game:?}");
            crashes += 1;
        }
        // Every move the late engine played was late but its first of each
        // game, which a fresh process makes within its start-up allowance.
        if game.white == "late" {
            late_moves += game.plies.div_ceil(2) - 1;
        }
        if game.black == "late" {
            late_moves += game.plies / 2 - 1;
        }
    }
    // The records' reasons are the games file's comments.
    let pgn = pgn_games(&fs::read_to_string(out.join("games.pgn")).unwrap());
    assert_eq!(pgn.len(), played.len());
    for (game, _) in &pgn {
        let crashed = game.reason.contains("out of memory on move 3");
        assert_eq!(
            crashed,
            game.tag("Termination") == Some("abandoned"),
            "{game:?}"
        );
    }
    let faults = fs::read_to_string(out.join("faults.txt")).unwrap();
    let row = |name: &str| -> Vec<String> {
        let line = faults.lines().find(|line| line.starts_with(name)).unwrap();
        line.split_whitespace().skip(1).map(str::to_owned).collect()
    };
    assert_eq!(
        faults
            .lines()
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        [
            "faults", "time", "crash", "illegal", "memory", "threads", "late"
        ]
    );
    assert_eq!(crashes, 4);
    assert_eq!(row("crash")[..5], ["0", "4", "0", "0", "0"]);
    assert_eq!(row("late")[..5], ["0", "0", "0", "0", "0"]);
    assert_eq!(row("late")[5], late_moves.to_string());
    let table = fs::read_to_string(out.join("standings.txt")).unwrap();
    assert!(table.ends_with(&faults), "{table}");
    let json = standings(&out);
    let crash = json.get("faults").and_then(|faults| faults.get("crash"));
    assert_eq!(number(crash.and_then(|faults| faults.get("crash"))), 4.0);
    let late = json.get("faults").and_then(|faults| faults.get("late"));
    assert_eq!(
        number(late.and_then(|faults| faults.get("late"))),
        late_moves as f64
    );
    fs::remove_dir_all(dir).unwrap();
}
