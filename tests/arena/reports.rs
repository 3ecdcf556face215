//! What a match reports: the engines by letter, the same games at fixed
//! nodes, the SPRT, games at once, openings, time odds.

use crate::common::{self, assert_usage_error, congo, fixed_nodes_match, fixture, text};

#[test]
fn match_names_the_engines_by_letter_and_needs_a_movetime() {
    let congo_bin = common::CONGO;
    let report = common::congo_self_match("3l3/7/7/7/7/7/3L3 w 0", &[]);
    // Both run the same command: the letters tell them apart.
    assert!(
        report.starts_with(&format!(
            "A: {congo_bin} engine\nB: {congo_bin} engine\ngame 1: A (white) vs B (black): 1-0"
        )),
        "{report}"
    );
    assert!(
        report.contains("\ngame 2: B (white) vs A (black): 1-0"),
        "{report}"
    );
    common::assert_usage_error(
        &["match", "--", "a", "--", "b"],
        "congo: match needs --movetime MS\n",
    );
    let help = text(&congo(&["match", "--help"], b"").stdout);
    assert!(help.contains("(required;"), "{help}");
}

#[test]
fn fixed_nodes_give_the_same_moves_and_games_whatever_the_clock() {
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    let output = congo(
        &["best", "--nodes", "20000"],
        format!("1\n{start}\n").as_bytes(),
    );
    let answer = text(&output.stdout);
    assert!(answer.ends_with(" nodes 20000\n"), "{answer}");
    // The time `go` gives changes nothing: the work is fixed.
    let moves: Vec<String> = ["0.001", "5"]
        .iter()
        .map(|seconds| {
            let commands = format!("position {start}\ngo {seconds}\n");
            text(&congo(&["engine", "--nodes", "20000"], commands.as_bytes()).stdout)
        })
        .collect();
    assert_eq!(moves[0], moves[1]);
    assert_eq!(moves[0], format!("{}\n", answer.split(' ').next().unwrap()));
    let play = || fixed_nodes_match(&["--games", "2", "--movetime", "50"]);
    assert_eq!(play(), play());
    assert_usage_error(
        &["best", "--nodes", "5", "--depth", "2"],
        "congo: --depth and --nodes cannot be given together; choose one",
    );
    assert_usage_error(
        &["engine", "--nodes", "0"],
        "congo: --nodes must be more than 0",
    );
}

#[test]
fn an_sprt_stops_the_match_once_it_decides() {
    let congo_bin = common::CONGO;
    let output = congo(
        &[
            "match",
            "--games",
            "400",
            "--movetime",
            "50",
            "--sprt",
            "0",
            "200",
            "--",
            congo_bin,
            "engine",
            "--nodes",
            "4000",
            "--",
            congo_bin,
            "engine",
            "--nodes",
            "20",
        ],
        b"",
    );
    let report = text(&output.stdout);
    assert!(output.status.success(), "{report}");
    let last = report.lines().last().unwrap();
    assert!(
        last.starts_with("SPRT [0, 200] (alpha 0.05, beta 0.05): LLR ")
            && last.ends_with(" (-2.94, 2.94): H1 accepted"),
        "{report}"
    );
    // Far fewer than the 400 games allowed, and whole pairs.
    let games = report
        .lines()
        .filter(|line| {
            line.strip_prefix("game ")
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        })
        .count();
    assert!(games < 100 && games % 2 == 0, "{games}");
    assert!(
        report.contains("game pairs by A's points (0, 1/2, 1, 3/2, 2): ["),
        "{report}"
    );
    for (args, message) in [
        (
            &[
                "match",
                "--movetime",
                "9",
                "--sprt",
                "5",
                "0",
                "--",
                "a",
                "--",
                "b",
            ][..],
            "congo: --sprt 5 0: ELO1 must be larger than ELO0",
        ),
        (
            &[
                "match",
                "--movetime",
                "9",
                "--sprt",
                "x",
                "5",
                "--",
                "a",
                "--",
                "b",
            ],
            "congo: --sprt \"x\" is not a number",
        ),
        (
            &[
                "match",
                "--movetime",
                "9",
                "--alpha",
                "1.5",
                "--",
                "a",
                "--",
                "b",
            ],
            "congo: --alpha 1.5 is not a probability",
        ),
    ] {
        assert_usage_error(args, message);
    }
}

#[test]
fn games_played_at_once_give_the_same_report() {
    let report = |concurrency: &str| {
        fixed_nodes_match(&[
            "--games",
            "8",
            "--concurrency",
            concurrency,
            "--movetime",
            "500",
        ])
    };
    let one = report("1");
    assert_eq!(one.matches("\ngame ").count(), 8 + 1, "{one}");
    assert_eq!(report("3"), one);
    assert_usage_error(
        &[
            "match",
            "--movetime",
            "9",
            "--concurrency",
            "0",
            "--",
            "a",
            "--",
            "b",
        ],
        "congo: --concurrency must be more than 0",
    );
}

#[test]
fn each_opening_of_a_file_is_played_twice_with_colours_swapped() {
    let dir = common::scratch("openings");
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# two starts\n3l3/7/7/7/7/P6/3L3 w 0\n\n2l4/7/7/7/7/P6/3L3 w 0\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let congo_bin = common::CONGO;
    let output = congo(
        &[
            "match",
            "--games",
            "4",
            "--movetime",
            "20",
            "--openings",
            path,
            "--",
            congo_bin,
            "engine",
            "--",
            congo_bin,
            "engine",
        ],
        b"",
    );
    let report = text(&output.stdout);
    let starts: Vec<&str> = report
        .lines()
        .filter_map(|line| line.strip_prefix("  opening: (none) -> "))
        .collect();
    assert_eq!(
        starts,
        [
            "3l3/7/7/7/7/P6/3L3 w 0",
            "3l3/7/7/7/7/P6/3L3 w 0",
            "2l4/7/7/7/7/P6/3L3 w 0",
            "2l4/7/7/7/7/P6/3L3 w 0"
        ],
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "games from the 2 openings of {path} after 0 random plies"
        )),
        "{report}"
    );
    std::fs::write(&file, "1\n").unwrap();
    let output = congo(
        &[
            "match",
            "--movetime",
            "20",
            "--openings",
            path,
            "--",
            "a",
            "--",
            "b",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with(&format!("congo: {path} line 1: ")),
        "{}",
        text(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_engine_may_have_its_own_move_time() {
    // Each engine wins as white only if asked with its own time.
    let engine = |seconds: &str| {
        [
            "sh".to_owned(),
            fixture("wants_its_time.sh"),
            seconds.to_owned(),
        ]
    };
    let [a, b] = [engine("0.03"), engine("0.06")];
    let mut args = vec![
        "match",
        "--games",
        "2",
        "--movetime",
        "30,60",
        "--opening-plies",
        "0",
        "--fen",
        "3l3/7/7/7/7/P6/3L3 w 0",
        "--",
    ];
    args.extend(a.iter().map(String::as_str));
    args.push("--");
    args.extend(b.iter().map(String::as_str));
    let output = congo(&args, b"");
    let report = text(&output.stdout);
    assert!(report.contains(", A 30 ms, B 60 ms a move\n"), "{report}");
    assert!(
        report.contains("game 1: A (white) vs B (black): 1-0, black's lion was taken"),
        "{report}"
    );
    assert!(
        report.contains("game 2: B (white) vs A (black): 1-0, black's lion was taken"),
        "{report}"
    );
    assert_usage_error(
        &["match", "--movetime", "30,0", "--", "a", "--", "b"],
        "congo: --movetime must be more than 0",
    );
    assert_usage_error(
        &["match", "--movetime", "30,x", "--", "a", "--", "b"],
        "congo: --movetime \"x\" is not a non-negative integer",
    );
}

#[test]
fn the_shipped_opening_suites_are_what_their_first_line_regenerates() {
    for name in ["2022.fen", "full.fen"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("openings")
            .join(name);
        let shipped = std::fs::read_to_string(&path).unwrap();
        let header = shipped.lines().next().unwrap();
        // `# congo openings N --fen "FEN" OPTIONS...`: the FEN is quoted.
        let command = header.strip_prefix("# congo ").unwrap();
        let [before, fen, after] = command.split('"').collect::<Vec<_>>()[..] else {
            panic!("{header}");
        };
        let mut args: Vec<&str> = before.split_whitespace().collect();
        args.push(fen);
        args.extend(after.split_whitespace());
        let output = congo(&args, b"");
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), shipped, "{name}");
        assert_eq!(shipped.lines().count(), 1 + 500, "{name}");
        assert_eq!(text(&output.stderr).lines().count(), 1);
    }
}

#[test]
fn max_plies_sets_the_game_length_and_the_report_counts_its_draws() {
    let report = fixed_nodes_match(&["--movetime", "1000", "--max-plies", "6"]);
    assert_eq!(
        report
            .matches(": 1/2-1/2, draw after 3 moves each, 6 moves\n")
            .count(),
        2,
        "{report}"
    );
    assert!(
        report.contains("\ndrawn at the 6-ply limit: 2 games\n"),
        "{report}"
    );
    assert_usage_error(
        &[
            "match",
            "--movetime",
            "5",
            "--max-plies",
            "0",
            "--",
            "a",
            "--",
            "b",
        ],
        "congo: --max-plies must be more than 0",
    );
}

#[test]
fn logs_keep_each_engine_process_and_never_write_over_a_file() {
    let dir = common::scratch("match-logs");
    let logs = dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    std::fs::write(logs.join("A-1.log"), "an older log\n").unwrap();
    let path = logs.to_str().unwrap();
    fixed_nodes_match(&["--movetime", "1000", "--log", path]);
    assert_eq!(
        std::fs::read_to_string(logs.join("A-1.log")).unwrap(),
        "an older log\n"
    );
    for log in ["A-2.log", "B-1.log"] {
        let written = std::fs::read_to_string(logs.join(log)).unwrap();
        let marks = |mark: &str| {
            written
                .lines()
                .filter(|line| line.split_whitespace().nth(1) == Some(mark))
                .count()
        };
        assert!(written.contains(" > newgame\n"), "{log}: {written}");
        // Every go it was sent was answered by a move.
        assert_eq!(
            written
                .lines()
                .filter(|line| line.contains(" > go "))
                .count(),
            marks("<"),
            "{log}: {written}"
        );
        assert!(marks("<") > 2, "{log}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn progress_goes_to_stderr_a_line_a_game_when_it_is_not_a_terminal() {
    let engine = [common::CONGO, "engine"];
    let output = super::quick_match(&[], &engine, &engine);
    // White takes the lion at once: A wins its white games, B its.
    assert_eq!(
        text(&output.stderr),
        "congo: 1 of 4 games: A +1 =0 -0, score 1/1, Elo +inf (95%: -234 to +inf)\n\
         congo: 2 of 4 games: A +1 =0 -1, score 1/2, Elo +0 (95%: -393 to +393)\n\
         congo: 3 of 4 games: A +2 =0 -1, score 2/3, Elo +120 (95%: -233 to +473)\n\
         congo: 4 of 4 games: A +2 =0 -2, score 2/4, Elo +0 (95%: -301 to +301)\n"
    );
}

#[test]
fn on_a_terminal_progress_is_one_line_redrawn_in_place() {
    // `script` (util-linux) gives the match a terminal for its stderr.
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: `script` is not installed");
        return;
    }
    let engine = common::CONGO;
    let line = format!(
        "{engine} match --games 4 --movetime 300 --opening-plies 0 \
         --fen '3l3/7/7/7/7/P6/3L3 w 0' -- {engine} engine -- {engine} engine >/dev/null"
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let shown = text(&output.stdout);
    assert_eq!(
        shown.matches("\r\x1b[Kcongo match: ").count(),
        4,
        "{shown:?}"
    );
    assert!(
        shown.contains("congo match: 4 of 4 games: A +2 =0 -2, score 2/4,"),
        "{shown:?}"
    );
    // One line in all: redrawn, and ended once.
    assert_eq!(shown.trim_end().lines().count(), 1, "{shown:?}");
}
