//! `congo wildebeest` against the 42 cases in `../shared/testdata/wildebeest-2pw/`
//! (set equality of successor boards), its board files (never written over
//! files it did not write), perft and bad input.

use crate::common;

use std::fs;

use common::{
    assert_lookalikes_kept, congo, congo_in, congo_reading, plant_lookalikes, scratch, text,
};

/// Just enough JSON for `cases.jsonl`: objects, arrays, strings, numbers,
/// `null`, `true`, `false`.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Json {
        let mut chars = text.trim().chars().peekable();
        let value = Json::value(&mut chars);
        assert!(chars.all(char::is_whitespace), "trailing text after JSON");
        value
    }

    fn value(chars: &mut std::iter::Peekable<std::str::Chars>) -> Json {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        match chars.peek().copied() {
            Some('{') => {
                chars.next();
                let mut fields = Vec::new();
                loop {
                    while chars.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
                    if chars.next_if_eq(&'}').is_some() {
                        return Json::Object(fields);
                    }
                    let Json::Text(key) = Json::value(chars) else {
                        panic!("a key")
                    };
                    while chars.next_if(|c| c.is_whitespace() || *c == ':').is_some() {}
                    fields.push((key, Json::value(chars)));
                }
            }
            Some('[') => {
                chars.next();
                let mut items = Vec::new();
                loop {
                    while chars.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
                    if chars.next_if_eq(&']').is_some() {
                        return Json::List(items);
                    }
                    items.push(Json::value(chars));
                }
            }
            Some('"') => {
                chars.next();
                let mut text = String::new();
                loop {
                    match chars.next().expect("a closed string") {
                        '"' => return Json::Text(text),
                        '\\' => match chars.next().expect("an escape") {
                            'n' => text.push('\n'),
                            't' => text.push('\t'),
                            'u' => {
                                let hex: String = chars.by_ref().take(4).collect();
                                text.push(
                                    char::from_u32(u32::from_str_radix(&hex, 16).unwrap())
                                        .unwrap_or('?'),
                                );
                            }
                            other => text.push(other),
                        },
                        c => text.push(c),
                    }
                }
            }
            _ => {
                let mut word = String::new();
                while let Some(c) = chars.next_if(|c| c.is_alphanumeric() || "+-.".contains(*c)) {
                    word.push(c);
                }
                match word.as_str() {
                    "null" => Json::Null,
                    "true" => Json::Bool(true),
                    "false" => Json::Bool(false),
                    number => Json::Number(number.parse().expect("a number")),
                }
            }
        }
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    fn texts(&self) -> Vec<String> {
        match self {
            Json::List(items) => items
                .iter()
                .map(|item| match item {
                    Json::Text(text) => text.clone(),
                    other => panic!("expected a string, found {other:?}"),
                })
                .collect(),
            other => panic!("expected a list, found {other:?}"),
        }
    }
}

#[test]
fn the_json_reader_reads_what_the_cases_hold() {
    let value = Json::parse(r#"{"a": [1, "x\"y", null, true], "b": {"c": "\u0041"}}"#);
    assert_eq!(
        value.get("a"),
        &Json::List(vec![
            Json::Number(1.0),
            Json::Text("x\"y".into()),
            Json::Null,
            Json::Bool(true)
        ])
    );
    assert_eq!(value.get("b").get("c"), &Json::Text("A".into()));
}

/// The successors `congo wildebeest --stdout` gives for a board file, as a sorted set.
fn successor_set(input: &[String]) -> Vec<String> {
    let output = congo(
        &["wildebeest", "--stdout"],
        format!("{}\n", input.join("\n")).as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let mut lines: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    lines.sort();
    lines.dedup();
    lines
}

#[test]
fn every_case_matches_its_agreed_successors() {
    let Some(path) = common::testdata("wildebeest-2pw/cases.jsonl") else {
        return;
    };
    let cases: Vec<Json> = fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(Json::parse)
        .collect();
    assert_eq!(cases.len(), 42);
    let mut split = 0;
    for case in &cases {
        let Json::Text(name) = case.get("name") else {
            panic!("a name")
        };
        // Where the course programs split, our rules page picks the reading
        // of agontcharov's program.
        let expected = match case.get("successors") {
            Json::Null => {
                split += 1;
                let Json::List(variants) = case.get("variants") else {
                    panic!("variants")
                };
                let chosen = variants
                    .iter()
                    .find(|v| {
                        v.get("implementations")
                            .texts()
                            .iter()
                            .any(|i| i == "agontcharov")
                    })
                    .expect("agontcharov's variant");
                chosen.get("successors").texts()
            }
            agreed => agreed.texts(),
        };
        let got = successor_set(&case.get("input").texts());
        let missing: Vec<&String> = expected.iter().filter(|b| !got.contains(b)).collect();
        let extra: Vec<&String> = got.iter().filter(|b| !expected.contains(b)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{name}: missing {missing:#?}, extra {extra:#?}"
        );
    }
    assert_eq!(split, 2);
}

/// The one-line form of a board file: its rows joined by `/`, then the side.
fn one_line(file: &str) -> String {
    let lines: Vec<&str> = file.lines().collect();
    format!("{} {}", lines[1..12].join("/"), lines[0].trim())
}

#[test]
fn boards_on_lines_get_the_same_successors_and_counts_as_board_files() {
    let Some(path) = common::testdata("wildebeest-2pw/cases.jsonl") else {
        return;
    };
    let files: Vec<String> = fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| format!("{}\n", Json::parse(line).get("input").texts().join("\n")))
        .collect();
    let input = format!(
        "{}\n{}\n",
        files.len(),
        files
            .iter()
            .map(|f| one_line(f))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let listed = congo(&["wildebeest", "--lines"], input.as_bytes());
    let counted = congo(&["wildebeest", "--lines", "--perft", "2"], input.as_bytes());
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let (listed, counted) = (text(&listed.stdout), text(&counted.stdout));
    let mut answers = listed.lines().zip(counted.lines());
    for file in &files {
        let (line, count) = answers.next().expect("one answer a board");
        let one_by_one = congo(&["wildebeest", "--stdout"], file.as_bytes());
        let boards = text(&one_by_one.stdout);
        let rows: Vec<&str> = boards
            .lines()
            .map(|board| board.split(' ').next().unwrap_or_default())
            .collect();
        assert_eq!(line, rows.join(" "), "{file}");
        let perft = congo(&["wildebeest", "--perft", "2"], file.as_bytes());
        assert_eq!(count, text(&perft.stdout).trim(), "{file}");
    }
    assert_eq!(answers.next(), None);
}

#[test]
fn a_bad_board_line_names_the_row_and_the_rest_are_answered() {
    let start = one_line(&board_file(&START, 'W'));
    let bad_piece = start.replacen("GPPSPJPPPPG", "GPPSPJPPPqG", 1);
    let short_row = start.replacen("rnzbokxbcnr", "rnzbokxbcn", 1);
    let input = format!("4\n{bad_piece}\n{start}\n{short_row}\n{start} X\n");
    let output = congo(&["wildebeest", "--lines", "--perft", "1"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "\n30\n\n\n");
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: row 2: unknown piece 'q'\n\
         congo: line 4: row 11: row has 10 squares, expected 11\n\
         congo: line 5: expected 2 fields (rows, side), found 3\n"
    );
}

fn board_file(rows: &[&str; 11], side: char) -> String {
    format!("{side}\n{}\n7\n60000\n-3\n", rows.join("\n"))
}

const START: [&str; 11] = [
    "RNZBOKXBCNR",
    "GPPSPJPPPPG",
    "...........",
    ".*.......*.",
    "...........",
    ".....#.....",
    "...........",
    ".*.......*.",
    "...........",
    "gppspjppppg",
    "rnzbokxbcnr",
];

#[test]
fn perft_from_the_start() {
    for (depth, count) in [(1, "30"), (2, "899"), (3, "37535")] {
        let output = congo(
            &["wildebeest", "--perft", &depth.to_string()],
            board_file(&START, 'W').as_bytes(),
        );
        assert_eq!(text(&output.stdout).trim(), count, "depth {depth}");
    }
}

#[test]
fn board_files_are_written_in_the_current_folder() {
    let dir = common::scratch("wildebeest");
    let output = congo_in(&dir, &["wildebeest"], board_file(&START, 'W').as_bytes());
    assert!(output.status.success());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 30, "one file per move, duplicates included");
    assert_eq!(names[0], "board.000");
    assert_eq!(names[29], "board.029");
    for name in &names {
        let file = fs::read_to_string(dir.join(name)).unwrap();
        let lines: Vec<&str> = file.lines().collect();
        assert_eq!(lines.len(), 15, "{name}");
        assert_eq!(lines[0], "B");
        assert_eq!(
            &lines[12..],
            ["7", "60000", "-3"],
            "the integers are copied"
        );
        assert!(lines[1..12].iter().all(|row| row.len() == 11));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_board_files_are_reported_and_nothing_is_written() {
    let mut narrow = START;
    narrow[4] = "..........";
    let mut unknown = START;
    unknown[2] = "....Q......";
    let cases = [
        (
            "W\nRNZBOKXBCNR\n".to_owned(),
            "congo: expected 15 lines (side, 11 rows, 3 integers), found 2\n",
        ),
        (
            board_file(&START, 'X'),
            "congo: line 1: side to move is \"X\", expected W or B\n",
        ),
        (
            board_file(&narrow, 'W'),
            "congo: line 6: row has 10 squares, expected 11\n",
        ),
        (
            board_file(&unknown, 'W'),
            "congo: line 4: unknown piece 'Q'\n",
        ),
        (
            board_file(&START, 'W').replace("60000", "lots"),
            "congo: line 14: expected an integer, found \"lots\"\n",
        ),
    ];
    for (input, message) in cases {
        let output = congo(&["wildebeest", "--stdout"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{message}");
        assert_eq!(text(&output.stderr), message);
        assert!(output.stdout.is_empty());
    }
}

const WILDEBEEST_BOARD: &str = "W\nRNZBOKXBCNR\nGPPSPJPPPPG\n...........\n.*.......*.\n...........\n.....#.....\n...........\n.*.......*.\n...........\ngppspjppppg\nrnzbokxbcnr\n7\n60000\n-3\n";

#[cfg(unix)]
#[test]
fn wildebeest_force_removes_only_its_own_files_and_never_its_input() {
    let dir = scratch("wildebeest-force");
    fs::write(dir.join("board.in"), WILDEBEEST_BOARD).unwrap();
    plant_lookalikes(&dir);
    // Look-alikes never block a run, with or without --force.
    let output = congo_reading(&dir, &["wildebeest"], "board.in");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(dir.join("board.000").is_file());

    let target = dir.join("precious");
    fs::write(&target, "keep\n").unwrap();
    fs::remove_file(dir.join("board.003")).unwrap();
    std::os::unix::fs::symlink(&target, dir.join("board.003")).unwrap();
    fs::write(dir.join("board.9999"), "stale\n").unwrap();
    let output = congo_reading(&dir, &["wildebeest", "--force"], "board.in");
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
        let output = congo_reading(&dir, args, "board.000");
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
fn wildebeest_never_overwrites_or_follows_links_without_force() {
    let dir = scratch("wildebeest-files");
    std::fs::write(dir.join("board.000"), "earlier\n").unwrap();
    let output = congo_in(&dir, &["wildebeest"], WILDEBEEST_BOARD.as_bytes());
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
    let output = congo_in(
        &dir,
        &["wildebeest", "--force"],
        WILDEBEEST_BOARD.as_bytes(),
    );
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
    let output = congo_in(&dir, &["wildebeest", "--stdout"], &huge);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("longer than 4096 bytes"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wildebeest_says_which_files_it_wrote() {
    let dir = common::scratch("people-wildebeest");
    let output = congo_in(&dir, &["wildebeest"], WILDEBEEST_BOARD.as_bytes());
    assert!(output.status.success());
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        text(&output.stderr),
        format!("congo: wrote board.000 to board.{:03}\n", files - 1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
