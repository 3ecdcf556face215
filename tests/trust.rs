//! Trust at the edges: congo never removes a file it did not write, never
//! the file it reads, and (in later tests here) never passes a wrong answer.

mod common;

use common::{congo, text};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch folder of this test's own, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-trust-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs congo in `dir` with standard input read from the file `input`
/// there, as a shell's `congo ARGS < input` would.
fn congo_reading_file(dir: &Path, args: &[&str], input: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_congo"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::from(File::open(dir.join(input)).unwrap()))
        .output()
        .unwrap()
}

const WILDEBEEST_BOARD: &str = "W\nRNZBOKXBCNR\nGPPSPJPPPPG\n...........\n.*.......*.\n...........\n.....#.....\n...........\n.*.......*.\n...........\ngppspjppppg\nrnzbokxbcnr\n7\n60000\n-3\n";

/// Files that share a prefix with congo's own but are not of their form.
const LOOKALIKES: [&str; 4] = [
    "board.txt",
    "board.000.bak",
    "board.12a",
    "position-notes.txt",
];

fn plant_lookalikes(dir: &Path) {
    for name in LOOKALIKES {
        fs::write(dir.join(name), name).unwrap();
    }
}

fn assert_lookalikes_kept(dir: &Path) {
    for name in LOOKALIKES {
        assert_eq!(fs::read_to_string(dir.join(name)).unwrap(), name);
    }
}

#[cfg(unix)]
#[test]
fn wildebeest_force_removes_only_its_own_files_and_never_its_input() {
    let dir = scratch("wildebeest-force");
    fs::write(dir.join("board.in"), WILDEBEEST_BOARD).unwrap();
    plant_lookalikes(&dir);
    // Look-alikes never block a run, with or without --force.
    let output = congo_reading_file(&dir, &["wildebeest"], "board.in");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(dir.join("board.000").is_file());

    let target = dir.join("precious");
    fs::write(&target, "keep\n").unwrap();
    fs::remove_file(dir.join("board.003")).unwrap();
    std::os::unix::fs::symlink(&target, dir.join("board.003")).unwrap();
    fs::write(dir.join("board.9999"), "stale\n").unwrap();
    let output = congo_reading_file(&dir, &["wildebeest", "--force"], "board.in");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        fs::read_to_string(dir.join("board.in")).unwrap(),
        WILDEBEEST_BOARD
    );
    assert_lookalikes_kept(&dir);
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep\n");
    assert!(
        !fs::symlink_metadata(dir.join("board.003"))
            .unwrap()
            .is_symlink()
    );
    assert!(
        !dir.join("board.9999").exists(),
        "an earlier run's board is cleared"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn wildebeest_refuses_to_replace_the_board_file_it_reads() {
    let dir = scratch("wildebeest-stdin");
    fs::write(dir.join("board.000"), WILDEBEEST_BOARD).unwrap();
    for args in [&["wildebeest"][..], &["wildebeest", "--force"]] {
        let output = congo_reading_file(&dir, args, "board.000");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&output.stderr),
            "congo: ./board.000 is the standard input, which this run would replace; \
             rename it or run in another folder\n"
        );
        assert_eq!(
            fs::read_to_string(dir.join("board.000")).unwrap(),
            WILDEBEEST_BOARD
        );
        assert!(!dir.join("board.001").exists());
    }
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn show_force_keeps_files_that_only_share_the_prefix() {
    let dir = scratch("show-force");
    let out = dir.join("out");
    fs::create_dir_all(&out).unwrap();
    plant_lookalikes(&out);
    fs::write(out.join("position-001.svg"), "earlier").unwrap();
    let folder = out.to_str().unwrap();
    let input = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let output = congo(&["show", "--svg", folder, "--force"], input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_lookalikes_kept(&out);
    assert!(
        fs::read_to_string(out.join("position-001.svg"))
            .unwrap()
            .starts_with("<svg")
    );

    // The FEN file itself, named like a drawing, is never replaced.
    fs::write(out.join("position-002.svg"), input).unwrap();
    let output = congo_reading_file(&out, &["show", "--svg", ".", "--force"], "position-002.svg");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("position-002.svg is the standard input"));
    assert_eq!(fs::read(out.join("position-002.svg")).unwrap(), input);
    let _ = fs::remove_dir_all(&dir);
}

/// Grades the file `answer` against congo's `subcommand` answers to
/// `input`, with `options` before the subcommand; returns the exit status
/// and the report.
fn grade(options: &[&str], subcommand: &str, input: &[u8], answer: &[u8]) -> (Option<i32>, String) {
    let dir = scratch(&format!("grade-{subcommand}-{}", options.len()));
    fs::write(dir.join("cases.in"), input).unwrap();
    fs::write(dir.join("answer.txt"), answer).unwrap();
    let cases = dir.join("cases.in").display().to_string();
    let answer = dir.join("answer.txt").display().to_string();
    let mut args = vec!["grade"];
    args.extend_from_slice(options);
    args.extend([subcommand, cases.as_str(), answer.as_str()]);
    let output = congo(&args, b"");
    let _ = fs::remove_dir_all(&dir);
    (output.status.code(), text(&output.stdout))
}

const LION_CASES: &[u8] =
    b"2\ng2l2z/ppppppp/7/7/7/PPP1PPP/2GLZ2 w 4\n1g1Gl2/P1P2P1/1P5/7/1Z3P1/1P5/4L2 b 79\n";
const LION_ANSWER: &str = "d1d2\ne7d6 e7d7 e7e1 e7e6\n";

/// The verdict column of the report's last line.
fn verdict(report: &str) -> &str {
    report
        .lines()
        .last()
        .unwrap_or_default()
        .rsplit(' ')
        .next()
        .unwrap_or_default()
}

#[test]
fn grade_passes_only_an_exact_file_by_default() {
    let (status, report) = grade(&[], "lion", LION_CASES, LION_ANSWER.as_bytes());
    assert_eq!((status, verdict(&report)), (Some(0), "pass"), "{report}");
    assert!(report.contains("Compared byte for byte"), "{report}");
    for (file, fault) in [
        (
            format!("{LION_ANSWER}d1d2\n"),
            "extra lines (1 answer past the last case)",
        ),
        (
            format!("\u{feff}{LION_ANSWER}"),
            "byte order mark at the start",
        ),
        (
            LION_ANSWER.replace('\n', "\r\n"),
            "CRLF line ends (2 lines, from line 1)",
        ),
        (
            LION_ANSWER.replace("d2\n", "d2 \n"),
            "trailing blanks (1 line, from line 1)",
        ),
        (LION_ANSWER.trim_end().to_owned(), "no newline at the end"),
        (
            format!("{LION_ANSWER}\n"),
            "blank lines at the end (1 line)",
        ),
    ] {
        let (status, report) = grade(&[], "lion", LION_CASES, file.as_bytes());
        assert_eq!(
            (status, verdict(&report)),
            (Some(1), "FAIL"),
            "{file:?}: {report}"
        );
        // Every case is judged on its content, the same under every fault.
        assert!(
            report.contains(&format!(": 2 of 2 right; faults: {fault}\n")),
            "{report}"
        );
        // Nothing that looks identical is shown as a difference.
        assert!(!report.contains("missing:"), "{report}");
    }
}

#[test]
fn grade_with_ignore_space_overlooks_blank_space_alone_and_says_so() {
    let sloppy = format!(
        "\u{feff}{}\r\n\r\n",
        LION_ANSWER.trim_end().replace('\n', " \r\n")
    );
    let (status, report) = grade(&["--ignore-space"], "lion", LION_CASES, sloppy.as_bytes());
    assert_eq!((status, verdict(&report)), (Some(0), "pass"), "{report}");
    assert!(report.contains("Compared with --ignore-space"), "{report}");
    assert!(
        report.contains("; ignored: byte order mark at the start, CRLF line ends"),
        "{report}"
    );
    // Extra answers still fail.
    let extra = format!("{LION_ANSWER}d1d2\n");
    let (status, report) = grade(&["--ignore-space"], "lion", LION_CASES, extra.as_bytes());
    assert_eq!((status, verdict(&report)), (Some(1), "FAIL"), "{report}");
}

#[test]
fn grade_names_an_empty_answer_line() {
    let cases = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let (status, report) = grade(&[], "zebra", cases, b"d1d2\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("  expected: (empty line)\n  got:      d1d2\n"),
        "{report}"
    );
}

#[test]
fn grade_shows_only_the_lines_of_a_block_that_differ() {
    let cases = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let right = congo(&["board"], cases).stdout;
    let wrong = text(&right).replace("white lion: d1", "white lion: d2");
    let (status, report) = grade(&[], "board", cases, wrong.as_bytes());
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains(
            "  the lines of this block that differ:\n  line 11  expected: white lion: d1\n           got:      white lion: d2\n"
        ),
        "{report}"
    );
    assert!(!report.contains("black lion"), "{report}");
}

/// Positions with the 2021 assignment's pieces: elephants, no giraffe.
const CASES_2021: &[u8] = b"2\n2l4/7/4e2/7/PP2EP1/3L2p/7 b 23\n3l3/7/7/7/7/7/3L3 w 1\n";
/// Positions with the 2022 assignment's pieces: a giraffe, no elephant.
const CASES_2022: &[u8] = b"2\n2l4/7/4z2/4g2/PP3P1/3L2p/7 b 23\n3l3/7/7/7/7/7/3L3 w 1\n";
const WARNING_2021: &str = "congo: warning: these positions look like the 2021 assignment's \
     (elephants, and no giraffe or superpawn) but were answered under the 2022 rules; \
     if they are, pass --rules 2021\n";

#[test]
fn judges_warn_once_when_the_positions_are_the_other_years() {
    let output = congo(&["moves"], CASES_2021);
    assert!(output.status.success());
    assert_eq!(text(&output.stderr), WARNING_2021);
    // The answers are the 2022 rules' all the same.
    assert_eq!(
        output.stdout,
        congo(&["--rules", "2022", "moves"], CASES_2021).stdout
    );
    assert!(
        congo(&["--rules", "2021", "moves"], CASES_2021)
            .stderr
            .is_empty()
    );

    let output = congo(&["--rules", "2021", "zebra"], CASES_2022);
    assert_eq!(
        text(&output.stderr),
        "congo: warning: these positions look like the 2022 assignment's \
         (giraffes or superpawns, and no elephant) but were answered under the 2021 rules; \
         if they are, leave out --rules 2021\n"
    );
    assert!(congo(&["zebra"], CASES_2022).stderr.is_empty());
    // Full-game positions hold pieces of both years: no warning either way.
    let full = b"1\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";
    for rules in ["2021", "2022"] {
        assert!(congo(&["--rules", rules, "board"], full).stderr.is_empty());
    }
}

#[test]
fn grade_and_check_name_the_other_years_rules() {
    let answer = congo(&["--rules", "2021", "minimax"], CASES_2021).stdout;
    let dir = scratch("grade-rules");
    fs::write(dir.join("cases.in"), CASES_2021).unwrap();
    fs::write(dir.join("key.txt"), &answer).unwrap();
    let cases = dir.join("cases.in").display().to_string();
    let key = dir.join("key.txt").display().to_string();
    let output = congo(&["grade", "minimax", &cases, &key], b"");
    assert_eq!(text(&output.stderr), WARNING_2021);
    let report = text(&output.stdout);
    assert!(
        report
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("Warning: these positions look like the 2021"),
        "{report}"
    );
    let output = congo(&["--rules", "2021", "grade", "minimax", &cases, &key], b"");
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "{}",
        text(&output.stdout)
    );

    let output = congo(
        &[
            "check",
            "lion",
            "--input",
            &cases,
            "--",
            env!("CARGO_BIN_EXE_congo"),
            "lion",
        ],
        b"",
    );
    assert_eq!(text(&output.stderr), WARNING_2021);
    assert!(output.status.success(), "{}", text(&output.stdout));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_official_2021_files_warn_under_the_default_rules() {
    let Some(path) = common::testdata("wits-2021/minimax.in") else {
        return;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_congo"))
        .arg("minimax")
        .stdin(File::open(path).unwrap())
        .output()
        .unwrap();
    assert_eq!(text(&output.stderr), WARNING_2021);
}

#[test]
fn bare_lions_facing_each_other_are_not_a_draw() {
    let facing = "3l3/7/7/7/7/7/3L3 w 0";
    let report = common::congo_self_match(facing, &[]);
    assert_eq!(
        report
            .matches("1-0, black's lion was taken, 1 move\n")
            .count(),
        2,
        "{report}"
    );
    let shown = congo(
        &["game", "--movetime", "50", "--ascii", "--fen", facing],
        b"d1d7\n",
    );
    assert!(
        text(&shown.stdout)
            .trim_end()
            .ends_with("Game over: white wins, black's lion was taken."),
        "{}",
        text(&shown.stdout)
    );
    let engine = congo(
        &["engine"],
        format!("position {facing}\ngo 0.1\n").as_bytes(),
    );
    assert_eq!(text(&engine.stdout), "d1d7\n");
}

#[test]
fn bare_lions_that_cannot_meet_are_a_draw_everywhere() {
    let apart = "2l4/7/7/7/7/7/3L3 w 0";
    let report = common::congo_self_match(apart, &[]);
    assert_eq!(
        report
            .matches("1/2-1/2, draw, only the lions are left and neither can take the other, 0 moves\n  opening: (none) -> 2l4/7/7/7/7/7/3L3 w 0\n  (no moves)\n")
            .count(),
        2,
        "{report}"
    );
    let shown = congo(
        &["game", "--movetime", "50", "--ascii", "--fen", apart],
        b"",
    );
    assert!(
        text(&shown.stdout)
            .contains("Game over: a draw, only the lions are left and neither can take the other."),
        "{}",
        text(&shown.stdout)
    );
    // A capture that leaves the lions unable to meet ends the game at once.
    let engine = congo(&["engine"], b"position 2l4/7/7/7/7/3p3/4L2 w 1\ngo 0.1\n");
    assert_eq!(text(&engine.stdout), "e1d2\n");
    assert_eq!(
        text(&engine.stderr),
        "info game over: draw, only the lions are left and neither can take the other\n"
    );
}

#[test]
fn an_engine_that_quits_after_every_game_never_forfeits() {
    let congo_bin = env!("CARGO_BIN_EXE_congo");
    let quitter = common::fixture("quits_after_each_game.sh");
    let output = congo(
        &[
            "match",
            "--games",
            "20",
            "--movetime",
            "20",
            "--opening-plies",
            "0",
            "--fen",
            "3l3/7/7/7/7/P6/3L3 w 0",
            "--",
            &quitter,
            "--",
            congo_bin,
            "engine",
        ],
        b"",
    );
    let report = text(&output.stdout);
    assert!(output.status.success(), "{report}");
    // As white it plays a2a3 and black's lion flies onto it; as black it
    // loses to the flight at once. Every game ends that way, none by a fault.
    let results: Vec<&str> = report
        .lines()
        .filter(|line| line.starts_with("game ") && !line.starts_with("game pairs"))
        .map(|line| line.rsplit_once("): ").map_or("", |(_, result)| result))
        .collect();
    assert_eq!(results.len(), 20, "{report}");
    for (game, result) in results.iter().enumerate() {
        let expected = if game % 2 == 0 {
            "0-1, white's lion was taken, 2 moves"
        } else {
            "1-0, black's lion was taken, 1 move"
        };
        assert_eq!(*result, expected, "game {}: {report}", game + 1);
    }
}

/// The positions of `tests/heavy_monkeys.txt`.
fn heavy_monkeys() -> Vec<String> {
    let text = include_str!("heavy_monkeys.txt");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Sends `position` and then `go SECONDS` to a running `congo engine`, and
/// times the `go` alone: how long until the move line arrives.
fn time_go(fen: &str, seconds: f64) -> (String, std::time::Duration) {
    use std::io::{BufRead, BufReader, Write};
    let mut engine = Command::new(env!("CARGO_BIN_EXE_congo"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = engine.stdin.take().unwrap();
    let mut output = BufReader::new(engine.stdout.take().unwrap());
    writeln!(input, "position {fen}").unwrap();
    input.flush().unwrap();
    let started = std::time::Instant::now();
    writeln!(input, "go {seconds}").unwrap();
    input.flush().unwrap();
    let mut answer = String::new();
    output.read_line(&mut answer).unwrap();
    let took = started.elapsed();
    drop(input);
    engine.wait().unwrap();
    (answer.trim().to_owned(), took)
}

#[test]
fn a_million_monkey_chains_do_not_overrun_the_clock() {
    // `go S` may use 40% of S; the bound is half as much again. Only the
    // whole second is timed here: on a loaded machine a 40 ms budget's
    // 20 ms of slack is noise (`cargo bench --bench engine` reports the
    // short budgets).
    let seconds = 1.0;
    for fen in heavy_monkeys() {
        let position: congo::Position = fen.parse().unwrap();
        let (answer, took) = time_go(&fen, seconds);
        assert!(
            position.parse_move(&answer, &mut Vec::new()).is_ok(),
            "{fen}: {answer}"
        );
        let bound = 1.5 * 0.4 * seconds;
        assert!(
            took.as_secs_f64() < bound,
            "{fen}: go {seconds} took {took:?}"
        );
    }
    // `best --movetime` may use all of it.
    let fen = &heavy_monkeys()[0];
    let started = std::time::Instant::now();
    let output = congo(
        &["best", "--movetime", "500"],
        format!("1\n{fen}\n").as_bytes(),
    );
    assert!(output.status.success());
    assert!(
        started.elapsed().as_secs_f64() < 0.75,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn numbers_too_large_say_so_with_the_limit() {
    use common::assert_usage_error;
    assert_usage_error(
        &["perft", "99999999999999999999"],
        "congo: depth 99999999999999999999 is too deep, expected at most 20\n",
    );
    assert_usage_error(
        &["gen", "99999999999999999999"],
        &format!(
            "congo: gen 99999999999999999999 is too large, expected at most {}\n",
            u64::MAX
        ),
    );
    assert_usage_error(
        &["gen", "5", "--density", "101"],
        "congo: --density 101 is too large, expected at most 100\n",
    );
    let output = congo(&["lion"], b"99999999999999999999\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!(
            "congo: line 1: the number of positions 99999999999999999999 is too large, expected at most {}\n",
            usize::MAX
        )
    );
}

#[test]
fn options_that_cannot_mean_anything_are_usage_errors() {
    use common::assert_usage_error;
    assert_usage_error(
        &["check", "lion", "--positions", "0", "--", "true"],
        "congo: --positions must be more than 0\n",
    );
    assert_usage_error(
        &["match", "--games", "0", "--", "a", "--", "b"],
        "congo: --games must be more than 0\n",
    );
    for args in [
        &["best", "--depth", "2", "--movetime", "100"][..],
        &["best", "--movetime", "100", "--depth", "2"],
    ] {
        assert_usage_error(
            args,
            "congo: --depth and --movetime cannot be given together; choose one\n",
        );
    }
    for args in [
        &["--rules", "2021", "checkers"][..],
        &["checkers", "--rules", "2022"],
        &["wildebeest", "--rules=2021", "--stdout"],
    ] {
        let name = args
            .iter()
            .find(|word| !word.starts_with('-') && !word.starts_with('2'))
            .unwrap();
        assert_usage_error(
            args,
            &format!(
                "congo: --rules picks a year's Congo rules; {name} has one rule set and takes none\n"
            ),
        );
    }
    for sibling in ["checkers", "wildebeest"] {
        let help = text(&congo(&[sibling, "--help"], b"").stdout);
        assert!(
            help.starts_with(&format!("Usage: congo {sibling} ")),
            "{help}"
        );
    }
    let help = text(&congo(&["play", "--help"], b"").stdout);
    assert!(
        help.contains(
            "Input on stdin: a line with N, then N pairs of lines: a FEN, then a move.\n"
        ),
        "{help}"
    );
}
