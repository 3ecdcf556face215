//! Tests that take minutes run only when asked: with `CONGO_SLOW_TESTS=1`
//! (as `.ci/run` sets it), so that a plain `cargo test` on two cores stays
//! within the time the README gives.

use std::io::Write;
use std::sync::Once;

/// Whether the slow tests are to run. When not, says so once a test
/// binary, on the stderr handle (which the test harness does not capture,
/// unlike `eprintln!`), so that a skipped test is never silent.
pub fn slow_tests_wanted() -> bool {
    if std::env::var_os("CONGO_SLOW_TESTS").is_some_and(|value| value == "1") {
        return true;
    }
    static NOTICE: Once = Once::new();
    NOTICE.call_once(|| {
        let _ = writeln!(
            std::io::stderr(),
            "note: the slow tests (minutes each) were skipped; CONGO_SLOW_TESTS=1 runs them"
        );
    });
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// Run as a child of the test below (which marks it so): prints what
    /// the switch says. Run with the others, it does nothing.
    #[test]
    fn tells_its_parent_what_the_switch_says() {
        if std::env::var_os("CONGO_SLOW_TESTS_CHILD").is_some() {
            println!("wanted: {}", slow_tests_wanted());
        }
    }

    #[test]
    fn the_slow_tests_run_when_the_variable_is_1_and_a_skip_is_said() {
        let child = format!("{}::tells_its_parent_what_the_switch_says", module_path!())
            .split_once("::")
            .map(|(_, path)| path.to_owned())
            .unwrap();
        let run = |value: Option<&str>| {
            let mut command = Command::new(std::env::current_exe().unwrap());
            command
                .args([child.as_str(), "--exact", "--nocapture"])
                .env("CONGO_SLOW_TESTS_CHILD", "1");
            match value {
                Some(value) => command.env("CONGO_SLOW_TESTS", value),
                None => command.env_remove("CONGO_SLOW_TESTS"),
            };
            let output = command.output().unwrap();
            (
                String::from_utf8_lossy(&output.stdout).into_owned(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            )
        };
        let (said, notice) = run(Some("1"));
        assert!(said.contains("wanted: true"), "{said}");
        assert!(!notice.contains("were skipped"), "{notice}");
        for value in [None, Some("0"), Some("yes")] {
            let (said, notice) = run(value);
            assert!(said.contains("wanted: false"), "{value:?}: {said}");
            assert_eq!(
                notice
                    .matches("note: the slow tests (minutes each) were skipped")
                    .count(),
                1,
                "{value:?}: {notice}"
            );
        }
    }
}
