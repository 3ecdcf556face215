//! Records: every game written, replayed and drawn at any ply, and shards
//! merged into the report of one run.

use crate::common::{self, assert_usage_error, congo, fixed_nodes_match, text};

#[test]
fn a_recorded_match_can_be_replayed_and_drawn_at_any_ply() {
    let dir = common::scratch("record");
    let file = dir.join("games.tsv");
    let path = file.to_str().unwrap();
    common::congo_self_match("3l3/7/7/7/7/P6/3L3 w 0", &["--record", path]);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "1\tA\t3l3/7/7/7/7/P6/3L3 w 0\td1d7\t1-0\tblack's lion was taken\n\
         2\tB\t3l3/7/7/7/7/P6/3L3 w 0\td1d7\t1-0\tblack's lion was taken\n"
    );
    let shown = text(
        &congo(
            &["show", "--record", path, "--game", "2", "--ply", "0"],
            b"",
        )
        .stdout,
    );
    assert!(
        shown.starts_with("game 2 (B white), ply 0 of 1: 1-0 black's lion was taken\n"),
        "{shown}"
    );
    assert!(shown.ends_with("white to move, move 0\n"), "{shown}");
    let end = text(&congo(&["show", "--record", path, "--game", "2"], b"").stdout);
    assert!(
        end.contains("last move: d1d7\ngame over: white wins"),
        "{end}"
    );
    let output = congo(&["show", "--record", path, "--game", "3"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!("congo: {path} has no game 3\n")
    );
    assert_usage_error(
        &["show", "--game", "2"],
        "congo: show --game and --ply needs --record FILE",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merged_shards_give_the_report_of_one_run() {
    let dir = common::scratch("shards");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let sprt = ["--sprt", "0", "400"];
    let run = |extra: &[&str]| {
        let mut options = vec!["--games", "10", "--movetime", "500"];
        options.extend_from_slice(&sprt);
        options.extend_from_slice(extra);
        fixed_nodes_match(&options)
    };
    let whole = run(&["--record", &path("all.rec")]);
    let mut shards = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let record = path(&format!("{}.rec", &shard[..1]));
        let report = run(&["--shard", shard, "--record", &record]);
        assert!(
            report.contains(&format!("shard {shard} of the game pairs")),
            "{report}"
        );
        shards.push(record);
    }
    // Shard 2 of 3 plays pairs 1 and 4: games 3, 4, 9 and 10.
    let second = std::fs::read_to_string(&shards[1]).unwrap();
    let numbers: Vec<&str> = second
        .lines()
        .map(|line| &line[..line.find('\t').unwrap()])
        .collect();
    assert_eq!(numbers, ["3", "4", "9", "10"]);
    let merge = |records: &[String]| {
        let mut args = vec!["match", "--merge"];
        args.extend(records.iter().map(String::as_str));
        args.extend_from_slice(&sprt);
        let output = congo(&args, b"");
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout)
    };
    let merged = merge(&shards);
    // The summary (score, Elo, pairs, test) is the one run's, line for line.
    let summary = |report: &str| {
        report
            .lines()
            .rev()
            .take(4)
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(summary(&merged), summary(&whole), "{merged}\n{whole}");
    assert!(
        merged.starts_with("merged 10 games from 3 records\n"),
        "{merged}"
    );
    assert_eq!(
        merge(&[path("all.rec")])
            .lines()
            .skip(1)
            .collect::<Vec<_>>(),
        merged.lines().skip(1).collect::<Vec<_>>()
    );
    // A game read twice is refused by file and line.
    let output = congo(&["match", "--merge", &shards[0], &shards[0]], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!("congo: {} line 1: game 1 was already read\n", shards[0])
    );
    let _ = std::fs::remove_dir_all(&dir);
    for (args, message) in [
        (
            &[
                "match",
                "--movetime",
                "9",
                "--shard",
                "1/2",
                "--",
                "a",
                "--",
                "b",
            ][..],
            "congo: match --shard needs --record FILE",
        ),
        (
            &[
                "match",
                "--movetime",
                "9",
                "--shard",
                "3/2",
                "--",
                "a",
                "--",
                "b",
            ][..],
            "congo: bad --shard \"3/2\": expected I/N with 1 <= I <= N, e.g. 2/4",
        ),
        (
            &["match", "--merge"][..],
            "congo: match --merge needs a record file",
        ),
    ] {
        assert_usage_error(args, message);
    }
}

#[test]
fn a_slurm_array_task_plays_its_share_of_a_match() {
    let dir = common::scratch("slurm-match");
    let record = dir.join("2.rec");
    // Task 2 of `sbatch --array=1-3`, whatever runs the tests.
    let as_task = |extra: &[&str]| {
        let mut command = std::process::Command::new(common::CONGO);
        command.args(["match", "--games", "10", "--movetime", "500"]);
        command.args(extra).args([
            "--",
            common::CONGO,
            "engine",
            "--nodes",
            "3000",
            "--",
            common::CONGO,
            "engine",
            "--nodes",
            "2000",
        ]);
        for (name, _) in std::env::vars() {
            if name.starts_with("SLURM_") {
                command.env_remove(name);
            }
        }
        command.envs([
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
            ("SLURM_ARRAY_TASK_STEP", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ]);
        command.stdin(std::process::Stdio::null()).output().unwrap()
    };
    let played = as_task(&["--record", record.to_str().unwrap()]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    let report = text(&played.stdout);
    assert!(report.contains("shard 2/3 of the game pairs"), "{report}");
    let games: Vec<String> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|line| line.split('\t').next().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(games, ["3", "4", "9", "10"]);
    let refused = as_task(&[]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr).lines().next(),
        Some("congo: match --shard needs --record FILE")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
