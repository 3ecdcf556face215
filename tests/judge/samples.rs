//! Every `samples/<subcommand>[-<case>].in` goes through the real binary
//! and must print exactly `samples/<same name>.out`. The arguments are the
//! subcommand, or the words of `samples/<same name>.args` when it exists
//! (for `--rules` and depths). The test walks the folder, so a sample pair
//! cannot exist untested.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common;

fn samples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples")
}

/// The sample names (file stems), sorted.
fn sample_names(extension: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(samples_dir())
        .expect("samples/ is readable")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == extension)
                .then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    names
}

#[test]
fn every_input_has_an_expected_output_and_back() {
    assert_eq!(sample_names("in"), sample_names("out"));
}

#[test]
fn the_spec_samples_are_there() {
    let names = sample_names("in");
    for spec in ["board", "lion", "zebra", "giraffe", "pawn", "superpawn"] {
        assert!(
            names.iter().any(|n| n == spec),
            "samples/{spec}.in is missing"
        );
    }
}

#[test]
fn every_sample_is_byte_exact() {
    let mut failures = Vec::new();
    let names = sample_names("in");
    for name in &names {
        let args = fs::read_to_string(samples_dir().join(format!("{name}.args")))
            .unwrap_or_else(|_| name.split('-').next().unwrap_or(name).to_owned());
        let args: Vec<&str> = args.split_whitespace().collect();
        let input = fs::read(samples_dir().join(format!("{name}.in"))).unwrap();
        let expected = fs::read(samples_dir().join(format!("{name}.out"))).unwrap();
        let output = common::congo(&args, &input);
        if output.stdout != expected || !output.status.success() {
            failures.push(format!(
                "{name}: status {}, stderr {:?}\n--- expected\n{}--- got\n{}",
                output.status,
                common::text(&output.stderr),
                common::text(&expected),
                common::text(&output.stdout)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(names.len() >= 6);
}
