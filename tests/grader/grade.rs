//! `congo grade`: files marked against congo's answers, byte for byte or
//! leniently, every fault named.

use std::fs;

use crate::common::{self, assert_usage_error, congo, scratch, scratch_with, text};

#[test]
fn grade_marks_each_file_and_names_its_faults() {
    let input = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lion.in")).unwrap();
    let right = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lion.out")).unwrap();
    let dir = scratch_with(
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
    let dir = scratch_with(
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
    let show = std::process::Command::new(common::CONGO)
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
