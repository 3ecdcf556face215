//! Each engine's own settings, in a players file or a class's folder:
//! one engine reads `go` in whole seconds while the others do not.

use std::fs;

use crate::common::{CONGO, congo, fixture, scratch, text};
use crate::{class_folder, games, players_file, run, tournament};

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
fn a_class_folder_gives_an_engine_its_settings_in_congo_conf() {
    let dir = scratch("tournament-folder-settings");
    let class = class_folder(
        &dir,
        &[
            ("alice", fixture("whole_seconds_engine.sh")),
            ("bob", format!("{CONGO} engine --nodes 100")),
        ],
    );
    fs::write(
        class.join("alice").join("congo.conf"),
        "# alice's engine reads whole seconds\ngo = seconds\n",
    )
    .unwrap();
    let out = dir.join("out");
    tournament(&class, &out, &FLYING);
    let alice_white = games(&out)
        .into_iter()
        .find(|game| game.white == "alice")
        .unwrap();
    assert_eq!(alice_white.result, "1-0", "{alice_white:?}");
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
    let conf = class.join("bob").join("congo.conf");
    fs::write(&conf, "go=seconds\nhash=64\n").unwrap();
    let refused = congo(
        &[
            "tournament",
            class.to_str().unwrap(),
            "--output",
            dir.join("out").to_str().unwrap(),
            "--movetime",
            "100",
        ],
        b"",
    );
    assert_eq!(
        text(&refused.stderr),
        format!(
            "congo: {} line 2: \"hash\" is no setting (the one setting is go=...)\n",
            fs::canonicalize(&conf).unwrap().display()
        )
    );
    fs::remove_dir_all(dir).unwrap();
}
