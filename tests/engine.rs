//! The engine's protocol, `best`, and `match` through the real binary.

mod common;

use common::{assert_usage_error, congo, fixture, text};
use congo::Position;

const START: &str = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";

/// A middle game with promoted pawns on both sides.
const MIDGAME: &str = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12";

fn is_legal(fen: &str, text: &str) -> bool {
    let position: Position = fen.parse().unwrap();
    position.parse_move(text, &mut Vec::new()).is_ok()
}

#[test]
fn a_scripted_session() {
    let script = "newgame\ngo 1\nmoves d6d5\ngo 1\nquit\ngo 1\n";
    let output = congo(&["engine"], script.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    let answers = text(&output.stdout);
    let moves: Vec<&str> = answers.lines().collect();
    assert_eq!(moves.len(), 2, "nothing after quit: {answers}");
    assert!(is_legal(START, moves[0]), "{}", moves[0]);
    // The engine played its own move, then black's d6d5.
    let start: Position = START.parse().unwrap();
    let first = start.parse_move(moves[0], &mut Vec::new()).unwrap();
    let after_first = start.play_unchecked(first, congo::Rules::default());
    let reply = after_first.parse_move("d6d5", &mut Vec::new()).unwrap();
    let after_reply = after_first
        .play_unchecked(reply, congo::Rules::default())
        .to_string();
    assert!(
        is_legal(&after_reply, moves[1]),
        "{} in {after_reply}",
        moves[1]
    );
}

/// How long `go` takes is measured by `cargo bench --bench engine`, not
/// asserted here: a loaded machine would fail a timed test.
#[test]
fn go_one_is_answered_with_a_legal_move() {
    let output = congo(
        &["engine"],
        b"position gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\ngo 1\n",
    );
    assert!(output.status.success());
    assert!(is_legal(
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
        text(&output.stdout).trim()
    ));
}

#[test]
fn bad_commands_and_an_illegal_move_change_nothing() {
    let script = "hello\nposition 7/7/7 w 1\ngo\ngo -3\nmoves d2d3 d6d6\ngo 0.2\n";
    let output = congo(&["engine"], script.as_bytes());
    assert!(output.status.success());
    assert_eq!(
        text(&output.stderr),
        "error: unknown command \"hello\"\n\
         error: bad FEN \"7/7/7 w 1\": expected 7 ranks, found 3\n\
         error: go needs a number of seconds above 0 and at most 86400, found \"\"\n\
         error: go needs a number of seconds above 0 and at most 86400, found \"-3\"\n\
         error: move \"d6d6\" is not legal in this position\n"
    );
    // The good first move of the rejected `moves` was not kept either:
    // white is still to move in the start position.
    assert!(
        is_legal(START, text(&output.stdout).trim()),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn a_winning_lion_capture_is_always_taken() {
    for (fen, win) in [
        ("3l3/7/7/7/7/7/3L3 w 1", "d1d7"),
        ("7/2p4/3l3/3M3/7/7/3L3 w 1", "d4d6"),
        ("7/7/2l4/7/4L2/7/7 b 3", "c5e3"),
    ] {
        let output = congo(&["engine"], format!("position {fen}\ngo 0.1\n").as_bytes());
        assert_eq!(text(&output.stdout), format!("{win}\n"), "{fen}");
    }
}

#[test]
fn the_weak_engine_plays_too() {
    let output = congo(&["engine", "--weak"], b"newgame\ngo 1\n");
    assert!(output.status.success());
    assert!(is_legal(START, text(&output.stdout).trim()));
}

#[test]
fn a_finished_game_has_no_move_to_give() {
    let output = congo(&["engine"], b"position 3L3/7/7/7/7/7/7 b 1\ngo 1\n");
    assert!(output.stdout.is_empty());
    assert_eq!(
        text(&output.stderr),
        "error: no legal move: the game is over, white wins, black's lion was taken\n"
    );
}

#[test]
fn best_is_deterministic_at_a_fixed_depth() {
    let input = format!("2\n{START}\n{MIDGAME}\n");
    let first = congo(&["best", "--depth", "4"], input.as_bytes());
    let again = congo(&["best", "--depth", "4"], input.as_bytes());
    assert!(first.status.success());
    assert_eq!(first.stdout, again.stdout);
    let answers = text(&first.stdout);
    for (line, fen) in answers.lines().zip([START, MIDGAME]) {
        let words: Vec<&str> = line.split(' ').collect();
        let [m, score, "depth", "4", "nodes", nodes] = words[..] else {
            panic!("{line}");
        };
        assert!(is_legal(fen, m), "{line}");
        score.parse::<i32>().unwrap();
        assert!(nodes.parse::<u64>().unwrap() > 0, "{line}");
    }
    // By time, the speed is reported too.
    let output = congo(&["best", "--movetime", "50", START], b"");
    let line = text(&output.stdout);
    let words: Vec<&str> = line.split_whitespace().collect();
    let [m, _, "depth", depth, "nodes", nodes, "nps", nps] = words[..] else {
        panic!("{line}");
    };
    assert!(
        is_legal(START, m) && depth.parse::<u32>().unwrap() >= 1,
        "{line}"
    );
    assert!(
        nodes.parse::<u64>().unwrap() > 0 && nps.parse::<u64>().unwrap() > 0,
        "{line}"
    );
    // A FEN on the command line needs no count line.
    let output = congo(&["best", "--depth", "2", "3l3/7/7/7/7/7/3L3 w 1"], b"");
    assert_eq!(text(&output.stdout), "d1d7 100000 depth 1 nodes 0\n");
}

/// Plays congo's engine (A) against a broken one (B) and returns the report.
fn match_against(broken: &str) -> String {
    let engine = env!("CARGO_BIN_EXE_congo");
    let broken = fixture(broken);
    let args = [
        "match",
        "--games",
        "2",
        "--movetime",
        "100",
        "--",
        engine,
        "engine",
        "--",
        &broken,
    ];
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn an_engine_playing_an_illegal_move_loses() {
    let report = match_against("illegal_engine.sh");
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(
        report.contains("lost: move \"a1a1\" is not legal in this position"),
        "{report}"
    );
}

#[test]
fn an_engine_that_never_answers_loses() {
    let report = match_against("silent_engine.sh");
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(report.contains("gave no move within 350 ms"), "{report}");
}

#[test]
fn an_engine_that_crashes_loses_and_the_match_goes_on() {
    let report = match_against("crashing_engine.sh");
    assert!(
        report.contains("A wins 2, draws 0, loses 0 of 2"),
        "{report}"
    );
    assert!(report.contains("it exited with status 1"), "{report}");
}

#[test]
fn match_usage_errors() {
    assert_usage_error(
        &["match", "--games", "2", "--", "a"],
        "congo: match needs two engines",
    );
    assert_usage_error(
        &["engine", "--weight", "speed=3"],
        "congo: weight \"speed=3\" is not NAME=INTEGER",
    );
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
    let congo_bin = env!("CARGO_BIN_EXE_congo");
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
    let dir = std::env::temp_dir().join(format!("congo-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# two starts\n3l3/7/7/7/7/P6/3L3 w 0\n\n2l4/7/7/7/7/P6/3L3 w 0\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let congo_bin = env!("CARGO_BIN_EXE_congo");
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
fn a_recorded_match_can_be_replayed_and_drawn_at_any_ply() {
    let dir = std::env::temp_dir().join(format!("congo-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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

/// The report of a match of `congo engine --nodes 3000` (A) against
/// `--nodes 2000` (B), with `options` before the engines: fixed work, so
/// the same games on any machine.
fn fixed_nodes_match(options: &[&str]) -> String {
    let congo_bin = env!("CARGO_BIN_EXE_congo");
    let mut args = vec!["match"];
    args.extend_from_slice(options);
    args.extend([
        "--", congo_bin, "engine", "--nodes", "3000", "--", congo_bin, "engine", "--nodes", "2000",
    ]);
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn merged_shards_give_the_report_of_one_run() {
    let dir = std::env::temp_dir().join(format!("congo-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
fn threads_search_together_and_answer_legally() {
    // Lazy SMP: two threads race, so only legality and the depth reached
    // are fixed, not the move.
    let input = format!("2\n{START}\n{MIDGAME}\n");
    let output = congo(
        &["best", "--threads", "2", "--depth", "5"],
        input.as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let answers = text(&output.stdout);
    for (line, fen) in answers.lines().zip([START, MIDGAME]) {
        let words: Vec<&str> = line.split(' ').collect();
        let [m, _, "depth", "5", "nodes", _] = words[..] else {
            panic!("{line}");
        };
        assert!(is_legal(fen, m), "{line}");
    }
    let session = format!("position {START}\ngo 0.2\nquit\n");
    let output = congo(&["engine", "--threads", "2"], session.as_bytes());
    assert!(
        is_legal(START, text(&output.stdout).trim()),
        "{}",
        text(&output.stdout)
    );
    assert_usage_error(
        &["engine", "--threads", "257"],
        "congo: --threads 257 is too large, expected at most 256",
    );
}

#[test]
fn tune_fits_weights_to_recorded_games() {
    let dir = std::env::temp_dir().join(format!("congo-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.rec").to_string_lossy().into_owned();
    fixed_nodes_match(&["--games", "6", "--movetime", "500", "--record", &record]);
    let output = congo(
        &["tune", &record, "--passes", "3", "--skip-plies", "2"],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report = text(&output.stdout);
    let first = report.lines().next().unwrap();
    // `N positions, K k: mean squared error BEFORE -> AFTER`, never worse.
    let errors: Vec<f64> = first
        .rsplit(": mean squared error ")
        .next()
        .unwrap()
        .split(" -> ")
        .map(|number| number.parse().unwrap())
        .collect();
    assert!(errors[1] <= errors[0], "{first}");
    assert!(
        report.contains("\n         pawn   100 ->   100\n"),
        "{report}"
    );
    let last = report.lines().last().unwrap();
    assert!(
        last.starts_with("congo engine --weight pawn=100 --weight superpawn="),
        "{last}"
    );
    // The printed line is one congo engine takes.
    let words: Vec<&str> = last.split(' ').skip(1).collect();
    let session = format!("position {START}\ngo 0.05\nquit\n");
    let engine = congo(&words, session.as_bytes());
    assert!(
        is_legal(START, text(&engine.stdout).trim()),
        "{}",
        text(&engine.stderr)
    );
    // A bad line is named by file and line.
    std::fs::write(&record, "1\tA\tx\t\t2-0\tr\n").unwrap();
    let output = congo(&["tune", &record], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!("congo: {record} line 1: result \"2-0\" is not 1-0, 0-1 or 1/2-1/2\n")
    );
    assert_usage_error(&["tune"], "congo: tune needs a record file");
    let _ = std::fs::remove_dir_all(&dir);
}
