//! `congo check` against the wrong programs in `tests/fixtures/`.

use congo_rules::Position;

use crate::common::{self, assert_usage_error, congo, fixture, text};

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
    let binary = common::CONGO;
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
        let (from, to): (congo_rules::Square, congo_rules::Square) =
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
    let binary = common::CONGO;
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
    let binary = common::CONGO;
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
