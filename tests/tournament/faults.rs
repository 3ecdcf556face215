//! Engines that break every way a class's engines do: each loses its own
//! games, for the reason it earned, and the others' games go on.

use super::{congo_groups_of, games, players_file, run_as, steady};
use crate::common::{fixture, scratch, text};

#[test]
fn each_broken_engine_loses_its_own_games_for_its_own_reason() {
    // About a minute on two cores: engines that wait out their time.
    if !congo_kit::slow_tests::slow_tests_wanted() {
        return;
    }
    let dir = scratch("tournament-faults");
    let players = players_file(
        &dir,
        &[
            ("steady", steady(300)),
            ("hog", fixture("memory_hog.sh")),
            ("threads", fixture("thread_hog.sh")),
            ("crash", fixture("crashes_on_third_move.sh")),
            ("slow", fixture("slow_start.sh")),
            ("illegal", fixture("illegal_engine.sh")),
            ("silent", fixture("silent_engine.sh")),
        ],
    );
    let out = dir.join("out");
    let (output, pid) = run_as(
        &players,
        &out,
        &[
            "--memory",
            "128M",
            "--threads",
            "32",
            "--margin",
            "200",
            "--startup",
            "3000",
            "--concurrency",
            "2",
        ],
    );
    let said = text(&output.stderr);
    if said.contains("cannot be held here") {
        eprintln!("skipped: this machine cannot hold an engine's memory and threads ({said})");
        return;
    }
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("limits: 128 MB of memory and 32 threads an engine, held by "),
        "{said}"
    );
    let why = |name: &str| match name {
        "hog" => "over 128 MB",
        "threads" => "over 32 threads",
        "crash" => "it exited with status 3",
        "illegal" => "move \"a1a1\" is not legal",
        "silent" => "it did not start: it gave no move within 3300 ms",
        _ => "",
    };
    let all = games(&out);
    assert_eq!(all.len(), 7 * 6);
    for game in &all {
        let (loser, result) = match game.result.as_str() {
            "1-0" => (&game.black, "black"),
            "0-1" => (&game.white, "white"),
            _ => {
                // Only a game between two sound engines is drawn.
                assert!(
                    why(&game.white).is_empty() && why(&game.black).is_empty(),
                    "{game:?}"
                );
                continue;
            }
        };
        let expected = why(loser);
        if expected.is_empty() {
            // A sound engine loses only over the board (on a busy machine
            // a move may come late, within the margin, and be noted).
            let over_the_board = game.reason.split("; late within the margin").next();
            assert!(
                over_the_board.is_some_and(|reason| reason.ends_with("lion was taken"))
                    || game.reason.contains("endgame"),
                "{game:?}"
            );
        } else {
            assert!(
                game.reason
                    .starts_with(&format!("{result} lost: {expected}")),
                "{game:?}"
            );
        }
    }
    // The sound ones (steady and the slow starter) win every
    // game against the broken ones.
    for game in &all {
        let sound = |name: &str| why(name).is_empty();
        if sound(&game.white) != sound(&game.black) {
            let winner = if game.result == "1-0" {
                &game.white
            } else {
                &game.black
            };
            assert!(sound(winner), "{game:?}");
        }
    }
    // Every group made for an engine process is gone with the tournament,
    // however its engine ended.
    assert_eq!(congo_groups_of(pid), Vec::<std::path::PathBuf>::new());
    std::fs::remove_dir_all(dir).unwrap();
}
