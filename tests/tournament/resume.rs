//! A tournament's state is its folder: one killed mid-game resumes to the
//! standings of one never stopped, and shards played apart merge to them.

use std::fs;
use std::path::Path;

use super::games_file::{games_by_record, pgn_games};
use super::sandbox::eventually;
use super::{locked, players_file, steady, tournament};
use crate::common::{congo, congo_in_background, scratch, signal_when, text};

/// The games the records in `out` hold, counted by their lines.
fn recorded(out: &Path) -> usize {
    fs::read_dir(out.join("records"))
        .map(|entries| {
            entries
                .map(|entry| {
                    fs::read_to_string(entry.unwrap().path())
                        .unwrap_or_default()
                        .lines()
                        .count()
                })
                .sum()
        })
        .unwrap_or(0)
}

#[test]
fn a_tournament_killed_mid_game_resumes_to_the_same_standings() {
    let dir = scratch("tournament-resume");
    let players = players_file(
        &dir,
        &[
            ("n100", steady(100)),
            ("n200", steady(200)),
            ("n400", steady(400)),
            ("n800", steady(800)),
        ],
    );
    let whole = dir.join("whole");
    tournament(&players, &whole, &[]);

    let cut = dir.join("cut");
    let args = [
        "tournament",
        players.to_str().unwrap(),
        "--unconfined-root",
        "--output",
        cut.to_str().unwrap(),
        "--movetime",
        "100",
        "--memory",
        "none",
        "--threads",
        "none",
    ];
    let mut child = congo_in_background(&args, &[]);
    // In the middle of game 6 (or writing it): killed outright.
    signal_when(&mut child, "KILL", || recorded(&cut) >= 5);
    // A child it was starting at that moment holds the lock until its
    // program replaces it, which a busy machine may put off: waits for
    // the kernel to list the lock no more.
    eventually("the killed run's lock is let go", || {
        !locked(&cut.join("lock"))
    });
    let again = dir.join("again");
    // Without --resume the folder is refused, untouched.
    let refused = congo(&args, b"");
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("holds files already: add --resume"),
        "{}",
        text(&refused.stderr)
    );
    // The games file as a kill leaves it at worst: its last game cut off
    // in writing, the game recorded before it not yet written at all.
    let pgn = cut.join("games.pgn");
    let games = pgn_games(&fs::read_to_string(&pgn).unwrap_or_default());
    let kept: String = games[..games.len().saturating_sub(1)]
        .iter()
        .map(|(_, text)| text.as_str())
        .collect();
    fs::write(&pgn, format!("{kept}[Event \"congo tournament\"]\n[Site")).unwrap();
    let mut resumed_args = args.to_vec();
    resumed_args.push("--resume");
    let resumed = congo(&resumed_args, b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(
        text(&resumed.stderr).contains("resuming after"),
        "{}",
        text(&resumed.stderr)
    );
    for file in ["standings.csv", "crosstable.csv", "standings.txt"] {
        assert_eq!(
            fs::read_to_string(cut.join(file)).unwrap(),
            fs::read_to_string(whole.join(file)).unwrap(),
            "{file}"
        );
    }
    assert_eq!(games_by_record(&cut), games_by_record(&whole));
    assert!(!again.exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn shards_played_apart_merge_to_the_whole_tournaments_standings() {
    let dir = scratch("tournament-shards");
    let players = players_file(
        &dir,
        &[
            ("n100", steady(100)),
            ("n200", steady(200)),
            ("n400", steady(400)),
        ],
    );
    let whole = dir.join("whole");
    tournament(&players, &whole, &[]);
    let halves = [dir.join("one"), dir.join("two")];
    for (index, half) in halves.iter().enumerate() {
        let shard = format!("{}/2", index + 1);
        tournament(&players, half, &["--shard", &shard]);
    }
    assert_eq!(
        recorded(&halves[0]) + recorded(&halves[1]),
        recorded(&whole)
    );
    let merged = dir.join("merged");
    let output = congo(
        &[
            "tournament",
            "--merge",
            halves[0].to_str().unwrap(),
            halves[1].to_str().unwrap(),
            "--output",
            merged.to_str().unwrap(),
        ],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        fs::read_to_string(merged.join("standings.csv")).unwrap(),
        fs::read_to_string(whole.join("standings.csv")).unwrap()
    );
    assert_eq!(
        text(&output.stdout),
        fs::read_to_string(whole.join("standings.txt")).unwrap()
    );
    fs::remove_dir_all(dir).unwrap();
}
