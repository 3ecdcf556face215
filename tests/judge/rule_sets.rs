//! The warning when positions look written for the other year's rules:
//! from the judges, `grade` and `check`, and on the official 2021 files.

use std::fs::{self, File};
use std::process::Command;

use crate::common::{self, congo, scratch, text};

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
    for rule_set in ["2021", "2022"] {
        assert!(
            congo(&["--rules", rule_set, "board"], full)
                .stderr
                .is_empty()
        );
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
            common::CONGO,
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
    let output = Command::new(common::CONGO)
        .arg("minimax")
        .stdin(File::open(path).unwrap())
        .output()
        .unwrap();
    assert_eq!(text(&output.stderr), WARNING_2021);
}
