//! Every way a tournament is refused says what is wrong, before any game.

use std::fs;

use super::{players_file, run, steady};
use crate::common::{assert_usage_error, congo, scratch, text};

#[test]
fn bad_options_are_usage_errors_that_say_why() {
    assert_usage_error(
        &["tournament", "players.txt", "--movetime", "100"],
        "congo: tournament needs --output DIR",
    );
    assert_usage_error(
        &[
            "tournament",
            "p",
            "--output",
            "o",
            "--movetime",
            "100",
            "--format",
            "knockout",
        ],
        "congo: --format \"knockout\": expected round-robin, gauntlet or swiss",
    );
    assert_usage_error(
        &[
            "tournament",
            "p",
            "--output",
            "o",
            "--movetime",
            "100",
            "--memory",
            "lots",
        ],
        "congo: --memory \"lots\": expected a size such as 512M or 6G, or none",
    );
    assert_usage_error(
        &[
            "tournament",
            "p",
            "--output",
            "o",
            "--movetime",
            "100",
            "--threads",
            "0",
        ],
        "congo: --threads \"0\": expected a whole number above 0, or none",
    );
    assert_usage_error(
        &[
            "tournament",
            "p",
            "--output",
            "o",
            "--movetime",
            "100",
            "--anchor",
            "congo",
        ],
        "congo: --anchor \"congo\": expected NAME=ELO, e.g. congo=1500",
    );
}

#[test]
fn options_that_would_do_nothing_or_too_much_are_usage_errors() {
    let refused = |extra: &[&str], message: &str| {
        let mut words = vec!["tournament", "p", "--output", "o", "--movetime", "100"];
        words.extend_from_slice(extra);
        assert_usage_error(&words, &format!("{message}\n"));
    };
    refused(
        &["--tb", "/no/such/tables"],
        "congo: --tb \"/no/such/tables\": expected a folder of endgame tables",
    );
    refused(
        &["--format", "gauntlet", "--seed-player", "a,b,a"],
        "congo: --seed-player \"a,b,a\": expected each seed named once",
    );
    refused(
        &["--seed-player", "a"],
        "congo: --seed-player has no use without --format gauntlet",
    );
    refused(
        &["--format", "swiss", "--cycles", "2"],
        "congo: --cycles has no use with --format swiss",
    );
    refused(
        &["--rounds", "3"],
        "congo: --rounds has no use without --format swiss",
    );
    refused(
        &["--format", "gauntlet", "--rounds", "3"],
        "congo: --rounds has no use without --format swiss",
    );
    refused(
        &["--sandbox-read", "/usr"],
        "congo: --sandbox-read has no use without --sandbox",
    );
}

#[test]
fn players_formats_and_folders_that_cannot_be_are_refused() {
    let dir = scratch("tournament-refusals");
    let out = dir.join("out");
    let refused = |players: &std::path::Path, args: &[&str]| {
        let output = run(players, &out, args);
        assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
        let said = text(&output.stderr);
        said.lines().last().unwrap_or_default().to_owned()
    };
    let lonely = players_file(&dir, &[("only", steady(100))]);
    assert!(refused(&lonely, &[]).ends_with("names 1 engine; a tournament needs two or more"));
    fs::write(dir.join("bad.txt"), "a b\nbad/name x\n").unwrap();
    assert_eq!(
        refused(&dir.join("bad.txt"), &[]),
        format!(
            "congo: {} line 2: the name \"bad/name\" is not 1 to 40 letters, digits and . _ + - (not first . or -)",
            dir.join("bad.txt").display()
        )
    );
    let three = players_file(
        &dir,
        &[("a", steady(100)), ("b", steady(100)), ("c", steady(100))],
    );
    assert_eq!(
        refused(&three, &["--format", "gauntlet"]),
        "congo: a gauntlet needs --seed-player NAME"
    );
    assert_eq!(
        refused(&three, &["--format", "gauntlet", "--seed-player", "zed"]),
        "congo: no engine is named \"zed\""
    );
    assert_eq!(
        refused(&three, &["--format", "swiss", "--rounds", "3"]),
        "congo: a Swiss of 3 players has at most 2 rounds with no pair meeting twice"
    );
    assert!(
        refused(&three, &["--format", "swiss", "--shard", "1/2"])
            .contains("cannot be split into shards")
    );
    // A folder holding files is never written into without --resume, and
    // --resume finds the tournament there or says it is another one.
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("notes.txt"), "mine").unwrap();
    assert!(refused(&three, &[]).contains("holds files already: add --resume"));
    assert!(
        refused(&three, &["--resume"]).contains("holds no tournament (tournament.txt is missing)")
    );
    assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
    // Left as it was: not even a lock file.
    assert_eq!(fs::read_dir(&out).unwrap().count(), 1);
    fs::remove_file(out.join("notes.txt")).unwrap();
    let output = run(&three, &out, &[]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let other = refused(&three, &["--resume", "--max-plies", "50"]);
    assert!(
        other.contains("is another tournament's: its tournament.txt says \"drawn at 200 plies\" where this one says \"drawn at 50 plies\""),
        "{other}"
    );
    let whole = congo(
        &[
            "tournament",
            three.to_str().unwrap(),
            "--unconfined-root",
            "--output",
            out.to_str().unwrap(),
            "--movetime",
            "100",
            "--resume",
            "--memory",
            "none",
            "--threads",
            "none",
        ],
        b"",
    );
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    assert!(
        text(&whole.stderr).contains("resuming after 6 game(s) already played"),
        "{}",
        text(&whole.stderr)
    );
    fs::remove_dir_all(dir).unwrap();
}
