//! Round robin, gauntlet and Swiss, players from a file or a class's
//! folder, the schedule shown before any game, and games the endgame
//! tables decide.

use std::collections::HashSet;
use std::fs;

use super::{
    games, items, make_executable, number, players_file, run, standings, steady, tournament,
};
use crate::common::{CONGO, congo, fixture, scratch, text};

#[test]
fn a_six_engine_round_robin_plays_every_pair_both_colours_to_its_standings() {
    let dir = scratch("tournament-round-robin");
    let players = players_file(
        &dir,
        &[
            ("n100", steady(100)),
            ("n200", steady(200)),
            ("n400", steady(400)),
            ("n800", steady(800)),
            ("illegal", fixture("illegal_engine.sh")),
            ("crash", fixture("crashes_on_third_move.sh")),
        ],
    );
    let out = dir.join("out");
    let shown = tournament(&players, &out, &["--concurrency", "2"]);
    let all = games(&out);
    assert_eq!(all.len(), 30);
    let pairs: HashSet<(String, String)> = all
        .iter()
        .map(|game| (game.white.clone(), game.black.clone()))
        .collect();
    assert_eq!(pairs.len(), 30, "every pair, each colour, once");
    let table = standings(&out);
    let rows = items(table.get("standings"));
    assert_eq!(rows.len(), 6);
    let mut total = 0.0;
    for row in rows {
        assert_eq!(number(row.get("games")), 10.0);
        total += number(row.get("points"));
    }
    assert_eq!(total, 30.0);
    // The illegal engine loses every game: it is last.
    let last = rows.last().unwrap();
    assert_eq!(
        last.get("name").and_then(|name| name.as_str()),
        Some("illegal")
    );
    assert_eq!(number(last.get("points")), 0.0);
    // The table on stdout is the one in the folder.
    assert_eq!(
        shown,
        fs::read_to_string(out.join("standings.txt")).unwrap()
    );
    assert!(shown.starts_with("rank  name"), "{shown}");
    let crosstable = fs::read_to_string(out.join("crosstable.csv")).unwrap();
    assert_eq!(crosstable.lines().count(), 7);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_gauntlet_plays_its_seed_against_everyone_else_only() {
    let dir = scratch("tournament-gauntlet");
    let players = players_file(
        &dir,
        &[
            ("probe", steady(300)),
            ("a", steady(100)),
            ("b", steady(200)),
            ("c", fixture("illegal_engine.sh")),
        ],
    );
    let out = dir.join("out");
    tournament(
        &players,
        &out,
        &["--format", "gauntlet", "--seed-player", "probe"],
    );
    let all = games(&out);
    assert_eq!(all.len(), 6);
    assert!(
        all.iter()
            .all(|game| game.white == "probe" || game.black == "probe"),
        "{all:?}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_swiss_of_twelve_pairs_by_score_and_never_repeats_a_pair() {
    let dir = scratch("tournament-swiss");
    let named: Vec<(String, String)> = (1..=12)
        .map(|player| (format!("p{player:02}"), steady(50 * player)))
        .collect();
    let borrowed: Vec<(&str, String)> = named
        .iter()
        .map(|(name, command)| (name.as_str(), command.clone()))
        .collect();
    let players = players_file(&dir, &borrowed);
    let out = dir.join("out");
    tournament(
        &players,
        &out,
        &["--format", "swiss", "--rounds", "5", "--concurrency", "2"],
    );
    let all = games(&out);
    assert_eq!(all.len(), 30);
    let mut met = HashSet::new();
    for game in &all {
        let pair = (
            game.white.clone().min(game.black.clone()),
            game.white.clone().max(game.black.clone()),
        );
        assert!(met.insert(pair), "a pair met twice: {game:?}");
    }
    for (name, _) in &named {
        let played = all
            .iter()
            .filter(|game| &game.white == name || &game.black == name)
            .count();
        assert_eq!(played, 5, "{name}");
    }
    let schedule = fs::read_to_string(out.join("schedule.txt")).unwrap();
    assert_eq!(schedule.lines().count(), 30);
    assert!(
        schedule.lines().last().unwrap().starts_with("round 5: "),
        "{schedule}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_swiss_as_long_as_a_round_robin_always_finishes() {
    // Six engines, five rounds (the default): on some seeds the pairs
    // left after round 3 form two triangles, and a pair must meet again.
    let dir = scratch("tournament-swiss-corner");
    let names = ["n100", "n150", "n200", "n250", "n300", "n350"];
    let listed: Vec<(&str, String)> = names
        .iter()
        .zip([100, 150, 200, 250, 300, 350])
        .map(|(name, nodes)| (*name, steady(nodes)))
        .collect();
    let players = players_file(&dir, &listed);
    let mut repeated = 0;
    for seed in ["1", "2", "3"] {
        let out = dir.join(format!("out{seed}"));
        tournament(&players, &out, &["--format", "swiss", "--seed", seed]);
        let all = games(&out);
        assert_eq!(all.len(), 15, "seed {seed}");
        for name in names {
            let played = all
                .iter()
                .filter(|game| game.white == name || game.black == name)
                .count();
            assert_eq!(played, 5, "seed {seed}: {name}");
        }
        let schedule = fs::read_to_string(out.join("schedule.txt")).unwrap();
        repeated += schedule.matches("meet again").count();
    }
    // A pair met again in at least one of them (and so played its pair's
    // second game, recorded apart from the first).
    assert!(repeated > 0, "no seed cornered the pairing");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_class_folder_plays_each_subfolder_with_a_run_started_in_it() {
    let dir = scratch("tournament-class");
    let class = dir.join("class");
    for (student, nodes) in [("alice", 100), ("bob", 200)] {
        let folder = class.join(student);
        fs::create_dir_all(&folder).unwrap();
        let run = folder.join("run");
        fs::write(
            &run,
            format!("#!/bin/sh\npwd > started-in.txt\nexec {CONGO} engine --nodes {nodes}\n"),
        )
        .unwrap();
        make_executable(&run);
    }
    fs::create_dir_all(class.join("carol")).unwrap();
    fs::create_dir_all(class.join("dave")).unwrap();
    fs::write(class.join("dave").join("run"), "#!/bin/sh\n").unwrap();
    // A link to another's folder is no student's.
    std::os::unix::fs::symlink(class.join("alice"), class.join("eve")).unwrap();
    let out = dir.join("out");
    let output = run(&class, &out, &[]);
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("eve is not playing: it is a link to a folder, which is not followed"),
        "{said}"
    );
    assert!(
        said.contains("carol is not playing: it holds no file named run"),
        "{said}"
    );
    assert!(
        said.contains("dave is not playing: its run is not executable"),
        "{said}"
    );
    assert_eq!(games(&out).len(), 2);
    for student in ["alice", "bob"] {
        let folder = fs::canonicalize(class.join(student)).unwrap();
        let started = fs::read_to_string(folder.join("started-in.txt")).unwrap();
        assert_eq!(started.trim(), folder.to_str().unwrap());
    }
    assert!(out.join("records").join("alice-vs-bob.rec").is_file());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_schedule_is_shown_before_any_game_and_nothing_is_played() {
    let dir = scratch("tournament-schedule");
    let players = players_file(
        &dir,
        &[("a", steady(100)), ("b", steady(100)), ("c", steady(100))],
    );
    let output = congo(
        &[
            "tournament",
            players.to_str().unwrap(),
            "--movetime",
            "100",
            "--show-schedule",
        ],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let shown = text(&output.stdout);
    assert_eq!(shown.lines().count(), 6, "{shown}");
    assert!(shown.starts_with("round 1: "), "{shown}");
    let swiss = congo(
        &[
            "tournament",
            players.to_str().unwrap(),
            "--movetime",
            "100",
            "--format",
            "swiss",
            "--rounds",
            "2",
            "--show-schedule",
        ],
        b"",
    );
    let shown = text(&swiss.stdout);
    assert!(shown.starts_with("a Swiss of 2 round(s)"), "{shown}");
    assert!(shown.contains("has a bye"), "{shown}");
    assert!(!dir.join("out").exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn endgame_tables_end_the_games_they_cover() {
    let dir = scratch("tournament-tables");
    let tables = dir.join("tables");
    let made = congo(
        &["tb", "generate", tables.to_str().unwrap(), "LvL", "LZvL"],
        b"",
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    let players = players_file(&dir, &[("a", steady(100)), ("b", steady(100))]);
    let out = dir.join("out");
    tournament(
        &players,
        &out,
        &[
            "--tb",
            tables.to_str().unwrap(),
            "--fen",
            "7/7/3l3/7/3Z3/7/3L3 w 0",
            "--opening-plies",
            "0",
        ],
    );
    for game in games(&out) {
        assert_eq!(game.plies, 0, "{game:?}");
        assert_eq!(game.result, "1-0", "{game:?}");
        assert!(game.reason.contains("endgame tables"), "{game:?}");
    }
    fs::remove_dir_all(dir).unwrap();
}
