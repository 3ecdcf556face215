//! The docs as written: every transcript in README.md, ARCHITECTURE.md and
//! docs/*.md runs and prints what the page shows; ARCHITECTURE.md names
//! every source, test and bench file, and only files that exist, and its
//! worked example of a judge is the file it shows.
//!
//! A transcript is a block fenced as `console`. Each `$ ` line is a
//! command for `sh`, run with the congo under test first on the PATH in
//! a scratch folder that sees the project's `samples/`, `tests/`, `docs/`
//! and `openings/`; the lines after it, up to the next command or the
//! fence, are exactly what it prints on stdout, and it prints nothing on
//! stderr unless the command sends stderr to stdout. The commands of one
//! block run in order in one folder, so a block may make the files its
//! later commands read. Output that changes from run to run (timings,
//! speeds) is shown in `text` blocks instead, and not checked.

use crate::common;

use std::path::{Path, PathBuf};

use common::{crate_sources, files_under, scratch, shell, text};

/// The project's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every page: README.md, ARCHITECTURE.md and docs/*.md.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// One command of a transcript and the lines it shows.
struct Step {
    command: String,
    shown: Vec<String>,
}

/// The transcripts of a page, each its steps, with the line it starts on.
fn transcripts(page: &str) -> Vec<(usize, Vec<Step>)> {
    let mut found = Vec::new();
    let mut lines = page.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        if line != "```console" {
            continue;
        }
        let mut steps: Vec<Step> = Vec::new();
        for (_, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            match line.strip_prefix("$ ") {
                Some(command) => steps.push(Step {
                    command: command.to_owned(),
                    shown: Vec::new(),
                }),
                None => {
                    let step = steps
                        .last_mut()
                        .expect("a transcript starts with a command");
                    step.shown.push(line.to_owned());
                }
            }
        }
        found.push((number + 1, steps));
    }
    found
}

/// A scratch folder that sees the project's folders the docs use.
#[cfg(unix)]
fn workshop(name: &str) -> PathBuf {
    let dir = scratch(name);
    for folder in ["samples", "tests", "docs", "openings"] {
        std::os::unix::fs::symlink(root().join(folder), dir.join(folder)).unwrap();
    }
    dir
}

/// Runs one transcript in its own folder; the first difference, if any.
#[cfg(unix)]
fn run(dir: &Path, steps: &[Step]) -> Result<(), String> {
    for step in steps {
        let output = shell(&step.command, dir);
        let printed = text(&output.stdout);
        let printed: Vec<&str> = printed.lines().collect();
        if printed != step.shown {
            return Err(format!(
                "$ {}\nshown:\n{}\nprinted:\n{}",
                step.command,
                step.shown.join("\n"),
                printed.join("\n")
            ));
        }
        if !output.stderr.is_empty() {
            return Err(format!(
                "$ {}\nprinted on stderr:\n{}",
                step.command,
                text(&output.stderr)
            ));
        }
    }
    Ok(())
}

#[cfg(unix)]
#[test]
fn every_transcript_prints_what_its_page_shows() {
    let mut checked = 0;
    for page in pages() {
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        let content = std::fs::read_to_string(&page).unwrap();
        for (line, steps) in transcripts(&content) {
            let dir = workshop(&format!("docs-{}-{line}", name.trim_end_matches(".md")));
            if let Err(difference) = run(&dir, &steps) {
                panic!("{name} line {line}:\n{difference}");
            }
            checked += steps.len();
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    assert!(checked >= 40, "only {checked} transcript commands");
}

#[test]
fn the_transcript_reader_splits_commands_and_their_output() {
    let page = "text\n```console\n$ echo a\na\n\n$ true\n```\n```sh\n$ not this\n```\n";
    let found = transcripts(page);
    assert_eq!(found.len(), 1);
    let (line, steps) = &found[0];
    assert_eq!(*line, 2);
    assert_eq!(steps.len(), 2);
    assert_eq!(
        (steps[0].command.as_str(), steps[0].shown.clone()),
        ("echo a", vec!["a".to_owned(), String::new()])
    );
    assert!(steps[1].shown.is_empty());
}

#[test]
fn the_architecture_names_every_test_and_bench_file() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    for folder in ["tests", "benches"] {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(root().join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() && name != "fixtures" {
                names.push(format!("{name}/"));
            } else if name.ends_with(".rs") || name.ends_with(".txt") {
                names.push(name);
            }
        }
        for name in names {
            assert!(
                map.contains(&format!("`{folder}/{name}`")),
                "{folder}/{name} is not in ARCHITECTURE.md"
            );
        }
    }
}

/// Every file of the binary's `src/` and of each crate's `src/`, from the
/// root of the workspace.
fn source_files() -> Vec<PathBuf> {
    crate_sources()
        .iter()
        .flat_map(|folder| {
            files_under(&root().join(folder))
                .into_iter()
                .map(move |file| folder.join(file))
        })
        .collect()
}

#[test]
fn the_architecture_names_every_source_file() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let files = source_files();
    assert!(files.len() > 100, "{}", files.len());
    for file in files.iter().map(|file| file.display()) {
        assert!(
            map.contains(&format!("`{file}`")),
            "{file} is not in ARCHITECTURE.md"
        );
    }
}

#[test]
fn every_file_the_architecture_names_exists() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut named = 0;
    for quoted in map.split('`').skip(1).step_by(2) {
        let is_file = [".rs", ".js", ".css", ".html", ".svg", ".txt", ".md"]
            .iter()
            .any(|ext| quoted.ends_with(ext))
            && quoted
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_/.-".contains(c));
        if !is_file {
            continue;
        }
        named += 1;
        assert!(
            root().join(quoted).is_file(),
            "ARCHITECTURE.md names {quoted}, which is not there"
        );
    }
    assert!(named > 150, "{named}");
}

#[test]
fn the_architecture_shows_the_mirror_judge_as_it_stands() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let start = map.find("  ```rust\n").expect("a rust block") + "  ```rust\n".len();
    let end = start + map[start..].find("  ```\n").unwrap();
    let shown: String = map[start..end]
        .lines()
        .map(|line| line.strip_prefix("  ").unwrap_or(line))
        .map(|line| format!("{line}\n"))
        .collect();
    let file = std::fs::read_to_string(root().join("crates/judges/src/mirror.rs")).unwrap();
    assert_eq!(
        shown, file,
        "ARCHITECTURE.md's example is not crates/judges/src/mirror.rs"
    );
    let listed = std::fs::read_to_string(root().join("crates/judges/src/lib.rs")).unwrap();
    assert!(listed.contains("mod mirror;") && listed.contains("&mirror::MIRROR,"));
}

/// The public items of `file`'s code (functions, constants, statics,
/// types and traits declared `pub`) whose doc comment holds no code
/// block, by line number and declaration.
fn items_without_examples(code: &str) -> Vec<(usize, String)> {
    let kinds = [
        "fn ",
        "const fn ",
        "const ",
        "static ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
    ];
    let lines: Vec<&str> = code.lines().collect();
    let mut missing = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let declared = line.trim_start().strip_prefix("pub ");
        if !declared.is_some_and(|rest| kinds.iter().any(|kind| rest.starts_with(kind))) {
            continue;
        }
        let doc = lines[..index]
            .iter()
            .rev()
            .map(|line| line.trim_start())
            .skip_while(|line| line.starts_with("#["))
            .take_while(|line| line.starts_with("///"));
        if !doc.into_iter().any(|line| line.contains("```")) {
            missing.push((index + 1, line.trim().to_owned()));
        }
    }
    missing
}

#[test]
fn every_public_item_of_the_rules_has_a_runnable_example() {
    let src = root().join("crates/rules/src");
    let mut missing = Vec::new();
    for file in files_under(&src) {
        let code = std::fs::read_to_string(src.join(&file)).unwrap();
        for (line, item) in items_without_examples(&code) {
            missing.push(format!("{}:{line}: {item}", file.display()));
        }
    }
    assert!(missing.is_empty(), "no example:\n{}", missing.join("\n"));
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    assert!(
        lib.contains("#![warn(unreachable_pub)]"),
        "every pub item is reachable"
    );
}

#[test]
fn an_item_without_an_example_is_found() {
    let code = "/// Shown.\n///\n/// ```\n/// assert!(true);\n/// ```\n#[inline]\npub fn shown() {}\n\
                /// Told only.\npub const TOLD: u8 = 1;\npub(crate) fn inner() {}\n";
    assert_eq!(
        items_without_examples(code),
        [(9, "pub const TOLD: u8 = 1;".to_owned())]
    );
}
