//! Endgame tables through the real binary: built unit by unit in separate
//! processes, probed across them, verified, and refused when damaged.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{congo, scratch, text};

/// Starts `congo tb generate DIR MATERIAL...` in a process of its own.
fn spawn_generate(dir: &Path, materials: &[&str]) -> std::process::Child {
    Command::new(common::CONGO)
        .args(["tb", "generate"])
        .arg(dir)
        .args(materials)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

fn generate(dir: &Path, materials: &[&str]) -> Output {
    spawn_generate(dir, materials).wait_with_output().unwrap()
}

/// The tables of a lion and a zebra or two (and a giraffe), each material
/// built by its own process, the two independent ones at the same time.
fn zebra_tables(name: &str) -> PathBuf {
    let dir = scratch(name);
    assert!(generate(&dir, &["LvL"]).status.success());
    let both = [
        spawn_generate(&dir, &["LZvL"]),
        spawn_generate(&dir, &["LvLG"]),
    ];
    for child in both {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    let output = generate(&dir, &["LZvLZ"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    dir
}

fn probe(dir: &Path, fens: &[&str]) -> Output {
    let input = format!("{}\n{}\n", fens.len(), fens.join("\n"));
    congo(&["tb", "probe", dir.to_str().unwrap()], input.as_bytes())
}

#[test]
fn tables_built_in_separate_processes_probe_and_verify_together() {
    let dir = zebra_tables("units");
    let output = probe(
        &dir,
        &[
            // The lions face each other: the side to move takes.
            "3l3/7/7/7/7/7/3L3 w 1",
            // They cannot meet: drawn, and the game is over.
            "2l4/7/7/7/7/7/3L3 w 1",
            // The longest win of a zebra alone.
            "7/7/3l3/7/3Z3/7/3L3 w 0",
            // Zebra against zebra: best play takes the other zebra, which
            // leads into the LZvL table built by another process.
            "3l3/7/7/3z3/7/4Z2/3L3 w 0",
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lines: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines[..3], ["win 1 d1d7", "draw", "win 17 d1c1"]);
    assert!(lines[3].starts_with("win "), "{}", lines[3]);
    let summary = congo(&["tb", "summary", dir.to_str().unwrap(), "LZvL"], b"");
    assert_eq!(
        text(&summary.stdout).lines().last(),
        Some(
            "| LZvL | both | 7614 | 99.2 / 0.8 / 0.0 % | 33.6 / 5.6 / 60.8 % | 17 | `7/7/3l3/7/3Z3/7/3L3 w 0` |"
        )
    );
    let output = congo(
        &[
            "tb",
            "verify",
            dir.to_str().unwrap(),
            "LvL",
            "LZvL",
            "LvLZ",
            "LZvLZ",
            "--threads",
            "2",
        ],
        b"",
    );
    // LvLZ is LZvL with the colours swapped: one table, checked once.
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).ends_with("congo tb: verified 3 tables, 238680 stored positions\n"),
        "{}",
        text(&output.stderr)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_help_names_the_files_generate_writes() {
    let dir = scratch("tb-help-files");
    assert!(generate(&dir, &["LvL"]).status.success());
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["LvL.ctbw", "LvL.ctbz"]);
    let help = text(&congo(&["tb", "--help"], b"").stdout).replace('\n', " ");
    assert!(help.contains("DIR/LZvLP.2022.ctbw and .ctbz"), "{help}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_unit_names_the_tables_it_needs() {
    let dir = scratch("missing");
    let output = generate(&dir, &["LZvLP"]);
    assert_eq!(output.status.code(), Some(1));
    let expected: Vec<String> = [
        "LvL.ctbw",
        "LSvL.ctbw",
        "LZvL.ctbw",
        "LPvL.2022.ctbw",
        "LZvLS.ctbw",
    ]
    .iter()
    .map(|name| dir.join(name).display().to_string())
    .collect();
    assert_eq!(
        text(&output.stderr),
        format!(
            "congo: missing tables {} (generate them first)\n",
            expected.join(", ")
        )
    );
    // Under the 2021 rules there is no promotion, so no superpawn tables.
    let output = Command::new(common::CONGO)
        .args(["--rules", "2021", "tb", "generate"])
        .arg(&dir)
        .args(["LvL", "LZvL", "LvLP", "LZvLP"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(dir.join("LZvLP.2021.ctbw").is_file());
    assert!(dir.join("LZvLP.2021.ctbz").is_file());
    assert!(!dir.join("LSvL.ctbw").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn damaged_or_foreign_files_are_refused_by_name() {
    let dir = zebra_tables("damaged");
    let table = dir.join("LZvL.ctbw");
    let good = fs::read(&table).unwrap();
    let fen = "7/7/3l3/7/3Z3/7/3L3 w 0";
    let refused = |bytes: &[u8], why: &str| {
        fs::write(&table, bytes).unwrap();
        let output = probe(&dir, &[fen, "3l3/7/7/7/7/7/3L3 w 1"]);
        assert_eq!(output.status.code(), Some(1));
        // The bad line is named; the good one is still answered.
        assert_eq!(
            text(&output.stderr),
            format!("congo: line 2: {} {why}\n", table.display())
        );
        assert_eq!(text(&output.stdout), "\nwin 1 d1d7\n");
    };
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    refused(
        &flipped,
        "is corrupted: block 0 does not match its checksum",
    );
    refused(
        &good[..good.len() - 10],
        "is truncated or has bytes past its blocks",
    );
    refused(b"hello, world", "is not a Congo endgame table");
    let mut older = good.clone();
    older[8] = 3;
    refused(
        &older,
        "is a table of format 3, expected 6 (build it again with congo tb generate)",
    );
    // A byte of the model changed: the header's checksum catches it.
    let mut header = good.clone();
    header[40] ^= 1;
    refused(
        &header,
        "is corrupted: its header does not check out (its checksum or a field out of range)",
    );
    refused(
        &fs::read(dir.join("LGvL.ctbw")).unwrap(),
        "holds LGvL (rules byte 0, kind 'w'), not what its name says",
    );
    refused(
        &fs::read(dir.join("LZvL.ctbz")).unwrap(),
        "holds LZvL (rules byte 0, kind 'z'), not what its name says",
    );
    fs::write(&table, &good).unwrap();
    let output = probe(&dir, &[fen]);
    assert_eq!(text(&output.stdout), "win 17 d1c1\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn positions_outside_the_tables_are_per_line_errors() {
    let dir = zebra_tables("outside");
    let output = probe(
        &dir,
        &[
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
            "3l3/7/7/7/7/4C2/3L3 w 0",
            "3l3/7/7/7/7/7/3L3 w 1",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!(
            "congo: line 2: the position has 26 pieces beside the lions, and the tables hold at most 4\n\
             congo: line 3: missing table {} (generate it first)\n",
            dir.join("LCvL.ctbw").display()
        )
    );
    assert_eq!(text(&output.stdout), "\n\nwin 1 d1d7\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_engine_best_and_match_play_from_the_tables() {
    let dir = zebra_tables("play");
    let folder = dir.to_str().unwrap();
    let fen = "7/7/3l3/7/3Z3/7/3L3 w 0";
    let output = congo(
        &["best", "--depth", "2", "--tb", folder],
        format!("1\n{fen}\n").as_bytes(),
    );
    assert_eq!(text(&output.stdout), "d1c1 99983 tablebase win 17\n");
    let game = congo(
        &[
            "game",
            "--ascii",
            "--movetime",
            "50",
            "--tb",
            folder,
            "--fen",
            fen,
        ],
        b"hint\nquit\n",
    );
    assert!(
        text(&game.stdout).contains("Hint: d1c1 (endgame tables: win 17)"),
        "{}",
        text(&game.stdout)
    );
    let engine = Command::new(common::CONGO)
        .arg("engine")
        .env("CONGO_TB", &dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut engine = engine;
    {
        use std::io::Write;
        let mut input = engine.stdin.take().unwrap();
        writeln!(input, "position {fen}\ngo 0.1").unwrap();
    }
    let output = engine.wait_with_output().unwrap();
    assert_eq!(text(&output.stdout), "d1c1\n");
    let report = common::congo_self_match(fen, &["--tb", folder]);
    assert_eq!(
        report
            .matches("1-0, white wins by the endgame tables (win 17), 0 moves")
            .count(),
        2,
        "{report}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_engine_names_a_damaged_table_when_it_starts_and_plays_on() {
    let dir = zebra_tables("engine-damaged");
    let damaged = dir.join("LZvLZ.ctbz");
    let mut bytes = fs::read(&damaged).unwrap();
    bytes[40] ^= 1;
    fs::write(&damaged, &bytes).unwrap();
    // The table is named before any command is read.
    let output = congo(
        &["engine", "--tb", dir.to_str().unwrap()],
        b"position 7/7/3l3/7/3Z3/7/3L3 w 0\ngo 0.1\n",
    );
    assert_eq!(
        text(&output.stderr),
        format!(
            "congo: {} is corrupted: its header does not check out (its checksum or a field out of range)\n",
            damaged.display()
        )
    );
    assert_eq!(text(&output.stdout), "d1c1\n");
    // A folder with no tables, and none at all: said, and the engine plays.
    let empty = scratch("engine-empty");
    fs::create_dir_all(&empty).unwrap();
    let nowhere = empty.join("nowhere");
    for (folder, said) in [
        (
            &empty,
            format!("congo: no endgame tables in {} for 2022\n", empty.display()),
        ),
        (
            &nowhere,
            format!(
                "congo: cannot read {}: No such file or directory (os error 2); each table is looked for when first probed\n",
                nowhere.display()
            ),
        ),
    ] {
        let output = congo(
            &["engine", "--tb", folder.to_str().unwrap()],
            b"position 7/7/3l3/7/3Z3/7/3L3 w 0\ngo 0.1\n",
        );
        assert_eq!(text(&output.stderr), said);
        assert_eq!(text(&output.stdout).lines().count(), 1);
    }
    let _ = fs::remove_dir_all(&empty);
    let _ = fs::remove_dir_all(&dir);
}

/// `tb generate DIR ARGS --shard 1/2` and `2/2` at once, one thread
/// each: what each said on stderr, once both have ended well.
fn two_shards(dir: &Path, args: &[&str]) -> Vec<String> {
    let shard = |which: &str| {
        Command::new(common::CONGO)
            .args(["tb", "generate"])
            .arg(dir)
            .args(args)
            .args(["--threads", "1", "--shard", which])
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let both = [shard("1/2"), shard("2/2")];
    both.into_iter()
        .map(|child| {
            let output = child.wait_with_output().unwrap();
            assert!(output.status.success(), "{}", text(&output.stderr));
            text(&output.stderr)
        })
        .collect()
}

#[test]
fn each_shard_counts_the_tables_dealt_to_it() {
    let dir = scratch("shard-counts");
    // LvL; LGvL and LZvL a level; LGZvL above: dealt by cost, shard 1
    // builds three (dealt in turn, it would build two).
    let said = two_shards(&dir, &["LvL", "LGvL", "LZvL", "LGZvL"]);
    assert!(
        said[0].contains("congo tb: [3/3] LGZvL under 2022: "),
        "{}",
        said[0]
    );
    assert!(said[0].contains("congo tb: 3 tables in "), "{}", said[0]);
    assert!(said[1].contains("congo tb: [1/1] "), "{}", said[1]);
    assert!(said[1].contains("congo tb: 1 table in "), "{}", said[1]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_set_built_by_two_shards_and_cut_off_goes_on_where_it_stopped() {
    let dir = scratch("set");
    // Two processes at once, each waiting for what the other builds.
    let said = two_shards(&dir, &["--pieces", "1"]);
    // Each names its share first, then builds LvL, the seven pieces
    // alone under 2022, the pawn again under 2021, dealt out by cost.
    assert!(said[0].starts_with("congo tb: shard 1/2\n"), "{}", said[0]);
    assert!(said[1].starts_with("congo tb: shard 2/2\n"), "{}", said[1]);
    assert!(said[0].contains("congo tb: 5 tables in "), "{}", said[0]);
    assert!(said[1].contains("congo tb: 4 tables in "), "{}", said[1]);
    assert!(said[0].contains("congo tb: [1/5] LvL under 2022: 162 positions"));
    let tables: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert_eq!(tables.len(), 18);

    // Cut off: one table never written, one half written, and the partial
    // file a killed writer leaves.
    let zebra = fs::read(dir.join("LZvL.ctbw")).unwrap();
    let monkey = fs::read(dir.join("LMvL.ctbz")).unwrap();
    fs::remove_file(dir.join("LZvL.ctbw")).unwrap();
    fs::write(dir.join("LMvL.ctbz"), &monkey[..monkey.len() / 2]).unwrap();
    fs::write(dir.join(".LGvL.ctbw.99999.partial"), b"half").unwrap();
    let again = Command::new(common::CONGO)
        .args(["tb", "generate"])
        .arg(&dir)
        .args(["--pieces", "1"])
        .output()
        .unwrap();
    let said = text(&again.stderr);
    assert!(again.status.success(), "{said}");
    assert!(
        said.contains("congo tb: [2/9] LCvL under 2022: kept, already whole\n"),
        "{said}"
    );
    assert!(
        said.contains(" 9 tables in ") && said.contains(" (2 built, 7 kept), "),
        "{said}"
    );
    // The size of both files of each table, and of the win/draw/loss ones.
    let bytes = |extension: &str| {
        fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|found| found == extension))
            .map(|path| fs::metadata(path).unwrap().len())
            .sum::<u64>() as f64
            / 1e3
    };
    let (wdl, distances) = (bytes("ctbw"), bytes("ctbz"));
    let sizes = format!(
        "{:.0} kB in {} ({wdl:.0} kB of it win/draw/loss)\n",
        wdl + distances,
        dir.display()
    );
    assert!(said.ends_with(&sizes), "{said}");
    assert_eq!(fs::read(dir.join("LZvL.ctbw")).unwrap(), zebra);
    assert_eq!(fs::read(dir.join("LMvL.ctbz")).unwrap(), monkey);
    assert_eq!(
        fs::read(dir.join(".LGvL.ctbw.99999.partial")).unwrap(),
        b"half"
    );
    common::assert_usage_error(
        &["tb", "generate", "tables", "LZvL", "--pieces", "1"],
        "congo: unexpected argument \"--pieces\"",
    );
    common::assert_usage_error(
        &["tb", "probe", "tables", "--shard", "1/2"],
        "congo: unexpected argument \"--shard\"",
    );
    let _ = fs::remove_dir_all(&dir);
}

/// `congo tb generate DIR --pieces 1 --threads 1 ARGS...`, Slurm's array
/// variables set to `slurm` (and no others, whatever runs the tests).
fn generate_as_task(dir: &Path, args: &[&str], slurm: &[(&str, &str)]) -> Output {
    let mut command = Command::new(common::CONGO);
    command
        .args(["tb", "generate"])
        .arg(dir)
        .args(["--pieces", "1", "--threads", "1"])
        .args(args);
    for (name, _) in std::env::vars() {
        if name.starts_with("SLURM_") {
            command.env_remove(name);
        }
    }
    command.envs(slurm.iter().copied()).output().unwrap()
}

#[test]
fn a_set_built_level_by_level_as_slurm_array_tasks_is_the_whole_sets() {
    let levels = congo(&["tb", "levels", "--pieces", "1"], b"");
    // LvL; the pieces alone (the pawn under 2021); the pawn that promotes.
    assert_eq!(text(&levels.stdout), "0 1\n1 7\n2 1\n");
    let named = congo(&["tb", "levels", "LZvLZ", "LvLZ", "LZvL"], b"");
    assert_eq!(text(&named.stdout), "1 1\n2 1\n");

    let (dir, whole) = (scratch("levels"), scratch("levels-whole"));
    let early = generate_as_task(&dir, &["--level", "1"], &[]);
    assert!(!early.status.success());
    // Named whatever the file format calls it.
    let said = text(&early.stderr);
    let lions = dir.join("LvL.").display().to_string();
    assert!(
        said.contains("missing table") && said.contains(&lions),
        "{said}"
    );
    assert!(
        generate_as_task(&dir, &["--level", "0"], &[])
            .status
            .success()
    );
    for entry in fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name();
        assert!(name.to_string_lossy().starts_with("LvL."), "{name:?}");
    }
    // Level 1 as an array of two tasks, `--array=1-2`, one after the other:
    // neither waits, and each builds its share, dealt by cost (the pawn's
    // table under 2021 counts twice).
    for (id, built) in [("1", 3), ("2", 4)] {
        let slurm = [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "2"),
            ("SLURM_ARRAY_TASK_STEP", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ];
        let task = generate_as_task(&dir, &["--level", "1"], &slurm);
        let said = text(&task.stderr);
        assert!(task.status.success(), "{said}");
        assert!(
            said.starts_with(&format!("congo tb: shard {id}/2, from Slurm's job array\n")),
            "{said}"
        );
        assert!(
            said.contains(&format!("congo tb: {built} tables in ")),
            "{said}"
        );
    }
    assert!(
        generate_as_task(&dir, &["--level", "2"], &[])
            .status
            .success()
    );
    assert!(generate_as_task(&whole, &[], &[]).status.success());
    let names = |dir: &Path| {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(&dir), names(&whole));
    for name in names(&whole) {
        let same = fs::read(dir.join(&name)).unwrap() == fs::read(whole.join(&name)).unwrap();
        assert!(same, "{name:?}");
    }
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&whole);
}

#[test]
fn slurm_variables_that_name_no_task_are_refused_by_name_and_value() {
    let dir = scratch("slurm-refused");
    let bad = [
        ("SLURM_ARRAY_TASK_ID", "x"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_COUNT", "2"),
    ];
    let refused = generate_as_task(&dir, &[], &bad);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).starts_with(
            "congo: bad SLURM_ARRAY_TASK_ID=\"x\" (Slurm's job array, read for --shard): \
             expected a whole number\n"
        ),
        "{}",
        text(&refused.stderr)
    );
    // A listed array (`--array=1,4,9`) has no place for its tasks.
    let listed = [
        ("SLURM_ARRAY_TASK_ID", "4"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "9"),
        ("SLURM_ARRAY_TASK_STEP", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    let refused = generate_as_task(&dir, &[], &listed);
    assert!(
        text(&refused.stderr).starts_with("congo: SLURM_ARRAY_TASK_COUNT=3 disagrees with "),
        "{}",
        text(&refused.stderr)
    );
    // --shard comes first; nothing else reads the variables.
    let given = generate_as_task(&dir, &["--level", "0", "--shard", "1/1"], &listed);
    assert!(given.status.success(), "{}", text(&given.stderr));
    assert!(!text(&given.stderr).contains("Slurm"));
    let _ = fs::remove_dir_all(&dir);
    for (args, message) in [
        (
            &["tb", "verify", "tables", "--level", "1"][..],
            "congo: unexpected argument \"--level\"\n",
        ),
        (
            &["tb", "levels", "--threads", "2"],
            "congo: unexpected argument \"--threads\"\n",
        ),
        (
            &["tb", "levels", "--shard", "1/2"],
            "congo: unexpected argument \"--shard\"\n",
        ),
        (
            &["tb", "levels", "LZvL", "--pieces", "2"],
            "congo: unexpected argument \"--pieces\"\n",
        ),
        (
            &["tb", "generate", "tables", "--pieces", "1", "--level", "3"],
            "congo: --level \"3\": expected a level the set has (tb levels counts them)\n",
        ),
        (
            &["tb"],
            "congo: tb needs what to do: generate DIR [MATERIAL...], probe DIR, summary DIR \
             [MATERIAL...], verify DIR [MATERIAL...] or levels [MATERIAL...]\n",
        ),
    ] {
        common::assert_usage_error(args, message);
    }
}

#[test]
fn a_file_or_a_looping_link_named_as_the_folder_is_not_a_folder() {
    let dir = scratch("not-a-folder");
    let file = dir.join("tables");
    fs::write(&file, b"someone's notes").unwrap();
    let looping = dir.join("loop");
    std::os::unix::fs::symlink(&looping, &looping).unwrap();
    for path in [&file, &looping] {
        let output = generate(path, &["LZvL"]);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            text(&output.stderr),
            format!(
                "congo: cannot write tables in {}: not a folder\n",
                path.display()
            )
        );
    }
    assert_eq!(fs::read(&file).unwrap(), b"someone's notes");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endings_counts_the_first_small_material_each_recorded_game_reaches() {
    let dir = scratch("endings");
    let game = |number: usize, start: &str, moves: &str| {
        format!("{number}\tA\t{start}\t{moves}\t1-0\tblack's lion was taken\n")
    };
    let records = dir.join("match.rec");
    let lines = [
        game(1, "3l3/3z3/7/3p3/7/2Z4/3L3 w 0", "c2d4 d6e4"),
        game(2, "3l3/3zg2/7/7/7/2ZG3/3L3 b 0", "d7c7"),
        // A byte that is no UTF-8 spoils only its own line.
        "not a record \u{1}\n".to_owned(),
        game(4, "3l3/7/7/7/7/7/3L3 w 0", "d1d5"),
        game(5, "3l3/7/7/3z3/7/2G4/3L3 w 0", "d1e1"),
        game(6, "3l3/3z3/7/3p3/7/2Z4/3L3 w 0", "c2d4"),
    ]
    .concat();
    let bytes: Vec<u8> = lines
        .bytes()
        .map(|byte| if byte == 1 { 0xff } else { byte })
        .collect();
    fs::write(&records, bytes).unwrap();
    let missing = dir.join("missing.rec");
    let output = Command::new(common::CONGO)
        .args(["tb", "endings", "--pieces", "2"])
        .args([&records, &missing])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    // The most reached first, though its name comes later.
    assert_eq!(text(&output.stdout), "2 LZvLZ\n1 LGvLZ\n");
    let path = records.display();
    assert_eq!(
        text(&output.stderr),
        format!(
            "congo: {path} line 3: expected 6 tab-separated fields (game, white, start, moves, \
             result, reason), found 1\n\
             congo: {path} line 4: game 4 ply 1: move \"d1d5\" is not legal in this position\n\
             congo: cannot read {}: No such file or directory (os error 2)\n\
             congo tb: 3 of 4 games came down to at most 2 pieces beside the lions\n",
            missing.display()
        )
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endings_needs_a_record_and_takes_no_build_options() {
    for (args, said) in [
        (
            &["tb", "endings"][..],
            "congo: tb endings RECORD needs a value\n",
        ),
        (
            &["tb", "endings", "a.rec", "--threads", "2"][..],
            "congo: unexpected argument \"--threads\"\n",
        ),
    ] {
        let output = Command::new(common::CONGO).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(
            text(&output.stderr).starts_with(said),
            "{}",
            text(&output.stderr)
        );
    }
}

#[test]
fn a_position_whose_side_to_move_has_already_taken_the_lion_is_refused() {
    let dir = scratch("taken-lion");
    let output = probe(
        &dir,
        &[
            "7/7/7/7/7/7/2L4 w 1",
            "3l3/7/7/7/7/7/7 w 1",
            "3l3/7/7/3s3/7/7/7 b 1",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: white is to move, but black's lion is already taken: no game comes to that\n\
         congo: line 4: black is to move, but white's lion is already taken: no game comes to that\n"
    );
    // White to move without its lion has lost: that game did end so.
    assert_eq!(text(&output.stdout), "\nloss 0\n\n");
    fs::remove_dir_all(&dir).unwrap();
}
