//! Helpers shared by the integration tests: run the real binary, find the
//! shared official test data.

#![allow(dead_code)] // each test crate uses its own part of this module

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs the built `congo` binary with `args`, feeding it `stdin`.
pub fn congo(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo"))
        .args(args)
        // The programs in tests/fixtures/ call congo through this.
        .env("CONGO_BIN", env!("CARGO_BIN_EXE_congo"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the congo binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // The binary may exit before reading everything (a usage error); a
    // broken pipe here is then expected.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("the congo binary finishes")
}

/// Runs congo with `args` and no input, and checks that it is a usage
/// error: exit status 2, nothing on stdout, and stderr starting with `message`.
pub fn assert_usage_error(args: &[&str], message: &str) {
    let output = congo(args, b"");
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with(message), "{args:?}: {stderr}");
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The path of a helper program in `tests/fixtures/`.
pub fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// The path of an official test file in `../shared/testdata`, or `None`
/// (with a notice) when the shared data is not beside this checkout.
///
/// A fresh clone of the project has no `../shared`; its tests then skip.
/// With `CONGO_REQUIRE_TESTDATA=1` (as in `.ci/run`) a missing file fails.
pub fn testdata(relative: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/testdata")
        .join(relative);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var_os("CONGO_REQUIRE_TESTDATA").is_some_and(|v| v == "1") {
        panic!("official test data {} is missing", path.display());
    }
    // Written to the stderr handle, not with `eprintln!`, which the test
    // harness captures: the notice must show in a plain `cargo test`.
    let _ = writeln!(
        std::io::stderr(),
        "skipped: official test data {} is not here",
        path.display()
    );
    None
}

/// The report of a two-game match of `congo engine` against itself from
/// `fen`, 20 ms a move, no random opening plies, with `extra` options;
/// the match must run to its end.
pub fn congo_self_match(fen: &str, extra: &[&str]) -> String {
    let congo_bin = env!("CARGO_BIN_EXE_congo");
    let mut args = vec![
        "match",
        "--games",
        "2",
        "--movetime",
        "20",
        "--opening-plies",
        "0",
        "--fen",
        fen,
    ];
    args.extend_from_slice(extra);
    args.extend(["--", congo_bin, "engine", "--", congo_bin, "engine"]);
    let output = congo(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}
