//! `gen` and `check` through the real binary, `check` against the wrong
//! programs in `tests/fixtures/`.

mod common;

use common::{assert_usage_error, congo, fixture, text};
use congo::Position;

/// The report's smallest case: the FEN after "ready to run:" and "1".
fn smallest_case(report: &str) -> Position {
    let mut lines = report
        .lines()
        .skip_while(|line| !line.ends_with("ready to run:"));
    assert_eq!(lines.nth(1), Some("1"), "{report}");
    lines.next().expect("a FEN").parse().expect("a valid FEN")
}

fn check(extra: &[&str], program: &str) -> (Option<i32>, String) {
    let program = fixture(program);
    let mut args = vec!["check", "lion", "--positions", "300", "--seed", "5"];
    args.extend_from_slice(extra);
    args.extend(["--", program.as_str()]);
    let output = congo(&args, b"");
    (output.status.code(), text(&output.stdout))
}

#[test]
fn congo_agrees_with_itself() {
    let binary = env!("CARGO_BIN_EXE_congo");
    for subcommand in [
        &["lion"][..],
        &["board"],
        &["play"],
        &["perft", "2"],
        &["alphabeta", "--depth", "2"],
    ] {
        let mut args = vec!["check"];
        args.extend_from_slice(subcommand);
        args.extend(["--positions", "60", "--seed", "3", "--", binary]);
        args.extend_from_slice(subcommand);
        let output = congo(&args, b"");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{subcommand:?}: {}",
            text(&output.stdout)
        );
        assert!(
            text(&output.stdout).contains("agrees with"),
            "{}",
            text(&output.stdout)
        );
    }
}

#[test]
fn a_forgotten_flying_capture_is_caught_and_shrunk() {
    let (status, report) = check(&[], "no_flying_lion.sh");
    assert_eq!(status, Some(1), "{report}");
    assert!(report.contains("disagrees with `congo lion`"), "{report}");
    let position = smallest_case(&report);
    assert!(position.board.occupied().count() <= 3, "{report}");
    // The missing moves are flights: more than one square long.
    let missing = report
        .lines()
        .find_map(|l| l.strip_prefix("missing:  "))
        .expect("a missing line");
    assert_ne!(missing, "(none)");
    for m in missing.split(' ') {
        let (from, to): (congo::Square, congo::Square) =
            (m[..2].parse().unwrap(), m[2..].parse().unwrap());
        assert!(
            from.rank().abs_diff(to.rank()) > 1 || from.file().abs_diff(to.file()) > 1,
            "{m}"
        );
    }
    assert!(report.contains("extra:    (none)"), "{report}");
}

#[test]
fn unsorted_moves_are_caught() {
    let (status, report) = check(&[], "unsorted.sh");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("(the same moves, in another order or spacing)"),
        "{report}"
    );
    assert!(
        smallest_case(&report).board.occupied().count() <= 3,
        "{report}"
    );
}

#[test]
fn a_crash_is_caught_and_shrunk_to_what_causes_it() {
    let (status, report) = check(&[], "crashes_on_giraffes.sh");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains(
            "it exited with status 3; its last error line: panic: giraffes are not supported"
        ),
        "{report}"
    );
    let position = smallest_case(&report);
    assert_eq!(position.board.occupied().count(), 3, "{report}");
    assert!(position.to_string().contains('G'), "{report}");
}

#[test]
fn a_program_that_never_answers_is_stopped() {
    let (status, report) = check(&["--timeout-ms", "300"], "never_answers.sh");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("gives no answer within 300 ms even to case 1 alone"),
        "{report}"
    );
    // Hangs are shrunk like wrong answers: this one hangs on anything.
    assert_eq!(smallest_case(&report).board.occupied().count(), 2);
    assert!(
        report.contains("it likely fails on every input"),
        "{report}"
    );
}

#[test]
fn a_program_that_cannot_start_is_a_usage_problem() {
    let output = congo(
        &[
            "check",
            "lion",
            "--positions",
            "5",
            "--",
            "/no/such/program",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).starts_with("congo: cannot start /no/such/program"));
}

#[test]
fn gen_is_deterministic_for_a_seed_and_reports_a_chosen_one() {
    let first = congo(&["gen", "50", "--seed", "9", "--pieces", "full"], b"");
    let again = congo(&["gen", "50", "--seed", "9", "--pieces", "full"], b"");
    assert!(first.status.success());
    assert_eq!(first.stdout, again.stdout);
    assert!(first.stderr.is_empty());
    let fens: Vec<String> = text(&first.stdout).lines().map(str::to_owned).collect();
    assert_eq!(fens.len(), 51);
    assert_eq!(fens[0], "50");
    // Its output feeds the judge directly.
    let lions = congo(&["lion"], &first.stdout);
    assert!(lions.status.success());
    assert_eq!(text(&lions.stdout).lines().count(), 50);

    let unseeded = congo(&["gen", "2"], b"");
    let notice = text(&unseeded.stderr);
    let seed = notice
        .strip_prefix("congo: seed ")
        .and_then(|rest| rest.split(' ').next())
        .expect(&notice);
    let repeated = congo(&["gen", "2", "--seed", seed], b"");
    assert_eq!(repeated.stdout, unseeded.stdout);
}

#[test]
fn usage_errors() {
    for (args, message) in [
        (&["gen"][..], "congo: gen needs the number of positions\n"),
        (
            &["gen", "5", "--pieces", "XY"],
            "congo: piece set \"XY\" is unknown",
        ),
        (&["gen", "5", "--seed"], "congo: --seed needs a value\n"),
        (
            &["check", "lion"],
            "congo: check needs `-- PROGRAM [ARGS...]` to run\n",
        ),
        (
            &["check", "checkers", "--", "true"],
            "congo: check compares Congo judge subcommands, not \"checkers\"\n",
        ),
        (
            &["check", "lion", "--positions", "many", "--", "true"],
            "congo: --positions \"many\" is not a non-negative integer\n",
        ),
    ] {
        assert_usage_error(args, message);
    }
}

/// Runs `congo check` with `args`, returning the status, report and
/// progress.
fn check_with(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    let output = congo(&all, b"");
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

#[test]
fn a_fixed_input_file_can_be_checked() {
    let input = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lion.in");
    let binary = env!("CARGO_BIN_EXE_congo");
    let (status, report, _) = check_with(&["lion", "--input", input, "--", binary, "lion"]);
    assert_eq!(status, Some(0), "{report}");
    assert!(
        report.contains("under the 2022 rules on the 2 cases of"),
        "{report}"
    );
    assert!(
        report.contains("agrees with `congo lion` on all 2 cases"),
        "{report}"
    );
    let (status, _, errors) = check_with(&["lion", "--input", "/no/such/file", "--", binary]);
    assert_eq!(status, Some(2));
    assert!(
        errors.starts_with("congo: cannot read /no/such/file"),
        "{errors}"
    );
}

#[test]
fn long_checks_stream_and_show_progress() {
    let binary = env!("CARGO_BIN_EXE_congo");
    let (status, report, progress) = check_with(&[
        "lion",
        "--positions",
        "2500",
        "--seed",
        "1",
        "--",
        binary,
        "lion",
    ]);
    assert_eq!(status, Some(0), "{report}");
    assert!(report.contains("on all 2500 cases"), "{report}");
    assert!(progress.contains("case 2001 of 2500"), "{progress}");
}

#[test]
fn a_slow_but_right_program_is_called_slow() {
    let program = fixture("slow_but_right.sh");
    let (status, report, progress) = check_with(&[
        "lion",
        "--positions",
        "20",
        "--timeout-ms",
        "500",
        "--",
        &program,
    ]);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.contains("answers right but is slow"), "{report}");
    assert!(report.contains("try a larger --timeout-ms"), "{report}");
    assert!(progress.contains("trying them one at a time"), "{progress}");
}

#[test]
fn trailing_blanks_and_extra_lines_are_shown() {
    let (status, report, _) = check_with(&[
        "lion",
        "--positions",
        "20",
        "--",
        &fixture("trailing_blank.sh"),
    ]);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.contains(" \" (note the blanks"), "{report}");
    let (status, report, _) =
        check_with(&["lion", "--positions", "20", "--", &fixture("extra_line.sh")]);
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("it printed 2 answers for 1 case; the answers past the first:\n  | done!"),
        "{report}"
    );
}

#[test]
fn a_crash_shows_the_error_output() {
    let (status, report) = check(&[], "crashes_on_giraffes.sh");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("Its error output:\n  | panic: giraffes are not supported"),
        "{report}"
    );
}

#[test]
fn background_processes_do_not_hold_the_check() {
    let (status, report, _) = check_with(&[
        "lion",
        "--positions",
        "10",
        "--",
        &fixture("background_holder.sh"),
    ]);
    assert_eq!(status, Some(0), "{report}");
}

#[test]
fn the_timeout_bounds_congo_too() {
    let (status, _, errors) = check_with(&[
        "perft",
        "9",
        "--positions",
        "5",
        "--timeout-ms",
        "300",
        "--",
        "cat",
    ]);
    assert_eq!(status, Some(2));
    assert!(
        errors.contains("congo itself gave no answer within 300 ms"),
        "{errors}"
    );
}

/// A scratch folder with the given files in it.
fn files(name: &str, contents: &[(&str, &[u8])]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-grade-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, bytes) in contents {
        std::fs::write(dir.join(file), bytes).unwrap();
    }
    dir
}

#[test]
fn grade_marks_each_file_and_names_its_faults() {
    let input = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lion.in")).unwrap();
    let right = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lion.out")).unwrap();
    let dir = files(
        "lion",
        &[
            ("in.txt", &input),
            ("right.txt", &right),
            ("faulty.txt", b"d1d2 \r\ne7d7 e7d6 e7e1 e7e6"),
            ("short.txt", b"d1d2\n"),
        ],
    );
    let path = |name: &str| dir.join(name).display().to_string();
    let output = congo(
        &[
            "grade",
            "lion",
            &path("in.txt"),
            &path("right.txt"),
            &path("faulty.txt"),
            &path("short.txt"),
        ],
        b"",
    );
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("right.txt: 2 of 2 right\n"), "{report}");
    assert!(
        report.contains(
            "faulty.txt: 1 of 2 right; faults: CRLF line ends (1 line, from line 1), trailing blanks (1 line, from line 1), no newline at the end, unsorted moves (1 line, from line 2)"
        ),
        "{report}"
    );
    assert!(
        report.contains("  first wrong case: 2 of 2, 1g1Gl2/P1P2P1/1P5/7/1Z3P1/1P5/4L2 b 79\n  expected: e7d6 e7d7 e7e1 e7e6\n  got:      e7d7 e7d6 e7e1 e7e6\n"),
        "{report}"
    );
    assert!(report.contains("short.txt: 1 of 2 right"), "{report}");
    assert!(
        report.contains("  got:      (nothing: the file has only 1 answer)"),
        "{report}"
    );
    assert!(
        report
            .contains("short.txt: 1 of 2 right; faults: missing lines (1 case without an answer)"),
        "{report}"
    );
    let row = |file: &str, end: &str| {
        report
            .lines()
            .any(|line| line.contains(file) && line.ends_with(end))
    };
    assert!(row("right.txt ", "2      2  pass"), "{report}");
    assert!(row("short.txt ", "1      2  FAIL"), "{report}");

    // Every file right: exit 0.
    let output = congo(&["grade", "lion", &path("in.txt"), &path("right.txt")], b"");
    assert_eq!(output.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grade_works_for_blocks_two_line_cases_and_both_rule_sets() {
    let sample = |name: &str| {
        std::fs::read(format!("{}/samples/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    };
    let dir = files(
        "kinds",
        &[
            ("play.in", &sample("play-2021.in")),
            ("play.out", &sample("play-2021.out")),
            ("divide.in", &sample("divide.in")),
            ("divide.out", &sample("divide.out")),
        ],
    );
    let path = |name: &str| dir.join(name).display().to_string();
    let output = congo(
        &[
            "grade",
            "--rules",
            "2021",
            "play",
            &path("play.in"),
            &path("play.out"),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(text(&output.stdout).contains("under the 2021 rules"));
    let depth = std::fs::read_to_string(format!(
        "{}/samples/divide.args",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let depth = depth.split_whitespace().nth(1).unwrap().to_owned();
    let output = congo(
        &[
            "grade",
            "divide",
            &depth,
            &path("divide.in"),
            &path("divide.out"),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    // Diagrams are answers too, a block each.
    let show = std::process::Command::new(env!("CARGO_BIN_EXE_congo"))
        .args(["show"])
        .stdin(std::fs::File::open(path("divide.in")).unwrap())
        .output()
        .unwrap();
    std::fs::write(dir.join("show.out"), &show.stdout).unwrap();
    let output = congo(
        &["grade", "show", &path("divide.in"), &path("show.out")],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert_usage_error(
        &["grade", "lion", "only-one-file"],
        "congo: grade needs a judge subcommand",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
