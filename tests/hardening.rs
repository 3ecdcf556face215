//! Hostile and unusual inputs: each one either hung, aborted, panicked,
//! held gigabytes or lost files before congo guarded against it.

mod common;

use std::process::{Command, Stdio};
#[cfg(unix)]
use std::time::{Duration, Instant};

use common::{assert_usage_error, congo, fixture, text};

/// A monkey among 28 jumpable zebras: an explosion of jump chains.
const MONKEY_BOMB: &str = "1z1z1z1/zzzlzzz/1z1z1z1/zzzzzzz/1z1z1z1/zzzLzzz/Mz1z1z1 w 0";

#[test]
fn impossible_positions_are_bad_lines_for_every_subcommand() {
    for args in [
        &["moves"][..],
        &["monkey"],
        &["perft", "1"],
        &["evaluate"],
        &["board"],
    ] {
        // Before the check this ran for minutes and then aborted.
        let output = congo(args, format!("1\n{MONKEY_BOMB}\n").as_bytes());
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&output.stderr),
            "congo: line 2: black has 31 zebras, expected at most 1 (the judges' --any-position accepts any number that fits)\n",
            "{args:?}"
        );
    }
}

#[test]
fn each_reachability_rule_has_its_reason() {
    for (fen, reason) in [
        (
            "3l3/7/7/7/7/7/2L1L2 w 1",
            "white has 2 lions, expected at most 1",
        ),
        (
            "3l3/7/7/7/7/7/L6 w 1",
            "the white lion on a1 is outside its castle",
        ),
        (
            "3l3/7/7/3L3/7/7/7 w 1",
            "the white lion on d4 is outside its castle",
        ),
        (
            "3l3/7/7/7/7/7/3L3 w 1x",
            "move number is \"1x\", expected a non-negative integer",
        ),
        (
            "3l3/7/7/7/7/7/3L22 w 1",
            "rank 1 has two digits in a row, expected one digit per run of empty squares",
        ),
        (
            "eee4/3l3/7/7/7/7/3L3 w 1",
            "black has 3 elephants, expected at most 2 (the judges' --any-position accepts any number that fits)",
        ),
    ] {
        let output = congo(&["lion"], format!("1\n{fen}\n").as_bytes());
        assert_eq!(output.status.code(), Some(1), "{fen}");
        assert_eq!(text(&output.stderr), format!("congo: line 2: {reason}\n"));
    }
    // A lion that has taken the other one stands in the enemy castle.
    let output = congo(&["board"], b"1\n3L3/7/7/7/7/7/7 b 1\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The 2021 rules never promote, so they have no superpawns.
    let output = congo(
        &["--rules", "2021", "moves"],
        b"1\n3l3/7/7/7/7/7/S2L3 w 1\n",
    );
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: white has a superpawn, but pawns never promote under the 2021 rules\n"
    );
}

#[test]
fn a_monkey_with_millions_of_chains_is_refused_quickly() {
    // Legal piece counts, but 1,833,391 jump chains.
    let fen = "1s1l3/1mg4/1z1e3/pspss2/1s1c3/ppspps1/Mp1L1e1 w 0";
    let output = congo(&["monkey"], format!("1\n{fen}\n").as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: the monkey on a1 has more than 100000 jump chains, expected at most 100000\n"
    );
}

#[test]
fn the_worst_valid_monkey_is_answered() {
    // Fourteen black pieces spread for jumping, the monkey among them.
    let fen = "1p1l1p1/sssssss/1p1p1p1/1zegec1/1p1M1p1/7/3L3 w 0";
    let output = congo(&["perft", "2"], format!("1\n{fen}\n").as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
}

#[test]
fn a_count_near_the_largest_integer_does_not_overflow() {
    let good = "3l3/7/7/7/7/7/3L3 w 1\nd1d2\n";
    let output = congo(&["play"], format!("9223372036854775807\n{good}").as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "3l3/7/7/7/7/3L3/7 b 1\nContinue\n");
    assert_eq!(
        text(&output.stderr),
        "congo: line 4: input ends after 1 of 9223372036854775807 cases\n"
    );
}

#[test]
fn a_byte_order_mark_before_the_count_is_accepted() {
    let output = congo(&["lion"], b"\xEF\xBB\xBF1\n3l3/7/7/7/7/7/3L3 w 1\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n");
}

#[test]
fn divide_zero_counts_the_position_itself() {
    let output = congo(&["divide", "0"], b"1\n3l3/7/7/7/7/7/3L3 w 1\n");
    assert_eq!(text(&output.stdout), "total 1\n");
}

#[test]
fn depths_and_sizes_have_limits() {
    assert_usage_error(
        &["perft", "21"],
        "congo: depth 21 is too deep, expected at most 20",
    );
    assert_usage_error(&["divide", "100"], "congo: depth 100 is too deep");
    assert_usage_error(
        &["alphabeta", "--depth", "50"],
        "congo: depth 50 is too deep",
    );
    assert_usage_error(
        &["checkers", "--perft", "99"],
        "congo: depth 99 is too deep",
    );
    assert_usage_error(
        &["wildebeest", "--perft", "99"],
        "congo: depth 99 is too deep",
    );
    assert_usage_error(&["best", "--depth", "64"], "congo: depth 64 is too deep");
    assert_usage_error(
        &["gen", "+5"],
        "congo: gen \"+5\" is not a non-negative integer",
    );
    assert_usage_error(
        &["gen", "5", "--seed", "1", "--seed", "1"],
        "congo: --seed is given more than once",
    );
    assert_usage_error(&["show", "--svg", ""], "congo: --svg needs a path");
}

/// Runs the engine protocol on `commands`.
fn engine(commands: &[u8]) -> (String, String) {
    let output = congo(&["engine", "--weak"], commands);
    assert!(output.status.success());
    (text(&output.stdout), text(&output.stderr))
}

#[test]
fn the_engine_rejects_huge_times_and_odd_bytes_and_goes_on() {
    let (out, err) = engine(b"go 1e20\ngo 3e19\n\xff\xfe\ngo 0.05\n");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert_eq!(
        err.matches("error: go needs a number of seconds").count(),
        2,
        "{err}"
    );
    assert!(err.contains("error: line is not valid UTF-8"), "{err}");
    let mut long = b"moves ".to_vec();
    long.extend(std::iter::repeat_n(b'a', 200_000));
    long.extend_from_slice(b"\ngo 0.05\n");
    let (out, err) = engine(&long);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        err.contains("error: line is longer than 65536 bytes"),
        "{err}"
    );
}

#[test]
fn the_engine_says_when_its_move_ends_the_game() {
    let (out, err) = engine(b"position 3l3/7/7/7/7/7/3L3 w 1\ngo 0.1\n");
    assert_eq!(out, "d1d7\n");
    assert_eq!(err, "info game over: white wins, black's lion was taken\n");
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
const WILDEBEEST_BOARD: &str = "W\nRNZBOKXBCNR\nGPPSPJPPPPG\n...........\n.*.......*.\n...........\n.....#.....\n...........\n.*.......*.\n...........\ngppspjppppg\nrnzbokxbcnr\n7\n60000\n-3\n";

fn wildebeest_in(dir: &std::path::Path, args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo"))
        .arg("wildebeest")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn wildebeest_never_overwrites_or_follows_links_without_force() {
    let dir = scratch("wildebeest-files");
    std::fs::write(dir.join("board.000"), "earlier\n").unwrap();
    let output = wildebeest_in(&dir, &[], WILDEBEEST_BOARD.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("board.000 already exists"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("board.000")).unwrap(),
        "earlier\n"
    );

    // A planted link is removed with --force, and what it pointed to kept.
    std::fs::remove_file(dir.join("board.000")).unwrap();
    let target = dir.join("precious");
    std::fs::write(&target, "keep\n").unwrap();
    std::os::unix::fs::symlink(&target, dir.join("board.001")).unwrap();
    std::fs::write(dir.join("board.999"), "stale\n").unwrap();
    let output = wildebeest_in(&dir, &["--force"], WILDEBEEST_BOARD.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep\n");
    assert!(!dir.join("board.999").exists(), "stale boards are cleared");
    assert!(
        !std::fs::symlink_metadata(dir.join("board.001"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wildebeest_rejects_a_huge_input_without_reading_it_all() {
    let dir = scratch("wildebeest-huge");
    let huge = vec![b'x'; 50 << 20];
    let output = wildebeest_in(&dir, &["--stdout"], &huge);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("longer than 4096 bytes"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn show_refuses_stale_drawings_and_still_prints_when_a_drawing_fails() {
    let dir = scratch("show-svg");
    let svg = dir.join("svg");
    std::fs::create_dir_all(&svg).unwrap();
    std::fs::write(svg.join("position-001.svg"), "earlier").unwrap();
    let input = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let folder = svg.to_str().unwrap();
    let output = congo(&["show", "--svg", folder], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("already exists"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(svg.join("position-001.svg")).unwrap(),
        "earlier"
    );
    let output = congo(&["show", "--svg", folder, "--force"], input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        std::fs::read_to_string(svg.join("position-001.svg"))
            .unwrap()
            .starts_with("<svg")
    );

    // A folder that is a link is refused.
    let link = dir.join("link");
    std::os::unix::fs::symlink(&svg, &link).unwrap();
    let output = congo(&["show", "--svg", link.to_str().unwrap()], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("is a symbolic link"));

    let _ = std::fs::remove_dir_all(&dir);
}

/// A match of `games` games from a position where white takes the black
/// lion at once, A and B given as command lines.
fn quick_match(extra: &[&str], a: &[&str], b: &[&str]) -> std::process::Output {
    let mut args = vec![
        "match",
        "--games",
        "4",
        "--movetime",
        "300",
        "--opening-plies",
        "0",
        "--fen",
        "3l3/7/7/7/7/P6/3L3 w 0",
    ];
    args.extend_from_slice(extra);
    args.push("--");
    args.extend_from_slice(a);
    args.push("--");
    args.extend_from_slice(b);
    congo(&args, b"")
}

#[test]
fn an_engine_that_quits_after_its_game_is_restarted() {
    let one_game = fixture("one_game_engine.sh");
    let output = quick_match(&[], &[&one_game], &[env!("CARGO_BIN_EXE_congo"), "engine"]);
    let report = text(&output.stdout);
    assert!(
        report.contains("A wins 2, draws 0, loses 2 of 4"),
        "{report}"
    );
    assert!(
        report.contains("opening: (none) -> 3l3/7/7/7/7/P6/3L3 w 0"),
        "{report}"
    );
}

#[test]
fn whole_second_engines_get_whole_seconds() {
    let engine = fixture("whole_seconds_engine.sh");
    let congo_engine = [env!("CARGO_BIN_EXE_congo"), "engine"];
    let output = quick_match(&["--go-seconds"], &[&engine], &congo_engine);
    assert!(text(&output.stdout).contains("A wins 2, draws 0, loses 2 of 4"));
    let output = quick_match(&[], &[&engine], &congo_engine);
    assert!(text(&output.stdout).contains("A wins 0, draws 0, loses 4 of 4"));
}

#[test]
fn an_engine_that_cannot_start_is_an_error_on_stderr() {
    let output = quick_match(&[], &["/no/such/engine"], &["/no/such/engine"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(text(&output.stderr).starts_with("congo: cannot start /no/such/engine"));
}

#[test]
fn a_loss_names_the_true_reason() {
    let silent = fixture("closes_output.sh");
    let output = quick_match(&[], &[&silent], &[env!("CARGO_BIN_EXE_congo"), "engine"]);
    let report = text(&output.stdout);
    assert!(report.contains("lost: it closed its output"), "{report}");
}

#[test]
fn match_rejects_bad_settings() {
    assert_usage_error(
        &["match", "--movetime", "0", "--", "a", "--", "b"],
        "congo: --movetime must be more than 0",
    );
    assert_usage_error(
        &["match", "--fen", "7/7/7/7/7/7 w 0", "--", "a", "--", "b"],
        "congo: bad FEN \"7/7/7/7/7/7 w 0\": expected 7 ranks, found 6",
    );
}

#[cfg(unix)]
#[test]
fn stopping_a_match_stops_its_engines() {
    let dir = scratch("reaper");
    let pids = dir.join("pids");
    let stubborn = fixture("stubborn_engine.sh");
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo"))
        .args(["match", "--games", "2", "--movetime", "20000", "--"])
        .args([&stubborn, "--", &stubborn])
        .env("STUBBORN_PIDS", &pids)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::read_to_string(&pids).map_or(0, |s| s.lines().count()) < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the engines start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let _ = child.wait();
    let alive = |pid: &str| {
        Command::new("kill")
            .args(["-0", pid])
            .stderr(Stdio::null())
            .status()
            .unwrap()
            .success()
    };
    let list = std::fs::read_to_string(&pids).unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while list.lines().any(alive) {
        assert!(
            Instant::now() < deadline,
            "engines outlived the match: {list}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
