//! Trust at the edges: congo never removes a file it did not write, never
//! the file it reads, and (in later tests here) never passes a wrong answer.

mod common;

use common::{congo, text};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch folder of this test's own, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-trust-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs congo in `dir` with standard input read from the file `input`
/// there, as a shell's `congo ARGS < input` would.
fn congo_reading_file(dir: &Path, args: &[&str], input: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_congo"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::from(File::open(dir.join(input)).unwrap()))
        .output()
        .unwrap()
}

const WILDEBEEST_BOARD: &str = "W\nRNZBOKXBCNR\nGPPSPJPPPPG\n...........\n.*.......*.\n...........\n.....#.....\n...........\n.*.......*.\n...........\ngppspjppppg\nrnzbokxbcnr\n7\n60000\n-3\n";

/// Files that share a prefix with congo's own but are not of their form.
const LOOKALIKES: [&str; 4] = [
    "board.txt",
    "board.000.bak",
    "board.12a",
    "position-notes.txt",
];

fn plant_lookalikes(dir: &Path) {
    for name in LOOKALIKES {
        fs::write(dir.join(name), name).unwrap();
    }
}

fn assert_lookalikes_kept(dir: &Path) {
    for name in LOOKALIKES {
        assert_eq!(fs::read_to_string(dir.join(name)).unwrap(), name);
    }
}

#[cfg(unix)]
#[test]
fn wildebeest_force_removes_only_its_own_files_and_never_its_input() {
    let dir = scratch("wildebeest-force");
    fs::write(dir.join("board.in"), WILDEBEEST_BOARD).unwrap();
    plant_lookalikes(&dir);
    // Look-alikes never block a run, with or without --force.
    let output = congo_reading_file(&dir, &["wildebeest"], "board.in");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(dir.join("board.000").is_file());

    let target = dir.join("precious");
    fs::write(&target, "keep\n").unwrap();
    fs::remove_file(dir.join("board.003")).unwrap();
    std::os::unix::fs::symlink(&target, dir.join("board.003")).unwrap();
    fs::write(dir.join("board.9999"), "stale\n").unwrap();
    let output = congo_reading_file(&dir, &["wildebeest", "--force"], "board.in");
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
        let output = congo_reading_file(&dir, args, "board.000");
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
fn show_force_keeps_files_that_only_share_the_prefix() {
    let dir = scratch("show-force");
    let out = dir.join("out");
    fs::create_dir_all(&out).unwrap();
    plant_lookalikes(&out);
    fs::write(out.join("position-001.svg"), "earlier").unwrap();
    let folder = out.to_str().unwrap();
    let input = b"1\n3l3/7/7/7/7/7/3L3 w 1\n";
    let output = congo(&["show", "--svg", folder, "--force"], input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_lookalikes_kept(&out);
    assert!(
        fs::read_to_string(out.join("position-001.svg"))
            .unwrap()
            .starts_with("<svg")
    );

    // The FEN file itself, named like a drawing, is never replaced.
    fs::write(out.join("position-002.svg"), input).unwrap();
    let output = congo_reading_file(&out, &["show", "--svg", ".", "--force"], "position-002.svg");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("position-002.svg is the standard input"));
    assert_eq!(fs::read(out.join("position-002.svg")).unwrap(), input);
    let _ = fs::remove_dir_all(&dir);
}
