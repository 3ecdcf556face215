//! Each engine's own settings, in a players file or the TA's settings
//! file (never a student's own): one engine reads `go` in whole seconds
//! while the others do not.

use std::fs;

use super::{class_folder, games, players_file, run, tournament};
use crate::common::{CONGO, fixture, scratch, text};

/// A lone pawn and the lions on an open file: the first mover's lion
/// flies.
const FLYING: [&str; 4] = ["--fen", "3l3/7/7/7/7/P6/3L3 w 0", "--opening-plies", "0"];

#[test]
fn a_whole_seconds_engine_gets_whole_seconds_and_the_others_do_not() {
    let dir = scratch("tournament-settings");
    let seconds = fixture("whole_seconds_engine.sh");
    let players = players_file(
        &dir,
        &[
            ("secs", format!("go=seconds {seconds}")),
            ("plain", seconds.clone()),
            ("congo", format!("{CONGO} engine --nodes 100")),
        ],
    );
    let out = dir.join("out");
    tournament(&players, &out, &FLYING);
    for game in games(&out) {
        // `go 1` gets the flying lion; `go 0.1`, nonsense.
        if game.white == "secs" {
            assert_eq!(game.result, "1-0", "{game:?}");
        }
        if game.white == "plain" {
            assert!(game.reason.contains("move \"0000\""), "{game:?}");
        }
    }
    let description = fs::read_to_string(out.join("tournament.txt")).unwrap();
    assert!(
        description.contains(&format!("player secs: go=seconds {seconds}\n")),
        "{description}"
    );
    assert!(
        description.contains(&format!("player plain: {seconds}\n")),
        "{description}"
    );
    // A setting changed is another tournament.
    let changed = players_file(&dir, &[("secs", seconds.clone()), ("plain", seconds)]);
    let mut args = FLYING.to_vec();
    args.push("--resume");
    let refused = run(&changed, &out, &args);
    assert!(
        text(&refused.stderr).contains("its tournament.txt says \"player secs: go=seconds"),
        "{}",
        text(&refused.stderr)
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_students_congo_conf_is_ignored_and_the_tas_settings_file_is_not() {
    let dir = scratch("tournament-folder-settings");
    let class = class_folder(
        &dir,
        &[
            ("alice", fixture("whole_seconds_engine.sh")),
            ("bob", format!("{CONGO} engine --nodes 100")),
        ],
    );
    // Alice asks for whole seconds herself: she is not given them.
    fs::write(class.join("alice").join("congo.conf"), "go = seconds\n").unwrap();
    let out = dir.join("out");
    let mut args = FLYING.to_vec();
    args.push("--log");
    let output = run(&class, &out, &args);
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("congo: alice's folder holds a congo.conf, which is ignored: settings come from the players file or --settings FILE\n"),
        "{said}"
    );
    let alice_white = |out: &std::path::Path| {
        games(out)
            .into_iter()
            .find(|game| game.white == "alice")
            .unwrap()
    };
    assert!(alice_white(&out).reason.contains("move \"0000\""));
    let logs: String = fs::read_dir(out.join("logs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".alice-1.log"))
        .map(|path| fs::read_to_string(path).unwrap())
        .collect();
    assert!(logs.contains("go 0.1"), "{logs}");
    assert!(!logs.contains("go 1\n"), "{logs}");
    // The TA gives them in a file of their own.
    let settings = dir.join("settings.txt");
    fs::write(&settings, "# alice reads whole seconds\nalice go=seconds\n").unwrap();
    let out = dir.join("out2");
    let mut args = FLYING.to_vec();
    args.extend(["--settings", settings.to_str().unwrap()]);
    let output = run(&class, &out, &args);
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("congo: alice plays on terms of its own: go=seconds rounds its time up, so it is sent `go 1` and has 1000 ms a move where the others have 100 ms\n"),
        "{said}"
    );
    assert_eq!(alice_white(&out).result, "1-0");
    let description = fs::read_to_string(out.join("tournament.txt")).unwrap();
    assert!(
        description.contains("player alice: go=seconds run in its folder, digest "),
        "{description}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_bad_setting_is_refused_naming_its_file_and_line() {
    let dir = scratch("tournament-bad-settings");
    let players = players_file(
        &dir,
        &[
            ("alice", format!("{CONGO} engine")),
            ("bob", format!("go=minutes {CONGO} engine")),
        ],
    );
    let refused = run(&players, &dir.join("out"), &[]);
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: {} line 2: go=minutes is not go=seconds or go=fraction\n",
            players.display()
        )
    );
    let class = class_folder(
        &dir,
        &[
            ("alice", format!("{CONGO} engine")),
            ("bob", format!("{CONGO} engine")),
        ],
    );
    let settings = dir.join("settings.txt");
    for (line, why) in [
        (
            "bob hash=64",
            "\"hash\" is no setting (the one setting is go=...)",
        ),
        ("carol go=seconds", "no engine is named \"carol\""),
        ("alice go=fraction", "alice is given settings twice"),
    ] {
        fs::write(&settings, format!("alice go=seconds\n{line}\n")).unwrap();
        let refused = run(
            &class,
            &dir.join("out"),
            &["--settings", settings.to_str().unwrap()],
        );
        assert_eq!(
            text(&refused.stderr),
            format!("congo: {} line 2: {why}\n", settings.display())
        );
    }
    assert!(!dir.join("out").exists());
    fs::remove_dir_all(dir).unwrap();
}
