//! First tries by people: typing at a terminal, and other natural
//! attempts that should find a way through.

mod common;

use common::{congo, text};
use std::process::Command;

/// Runs `congo ARGS` under a pseudo-terminal (through Python's `pty`),
/// types `typed` without ever ending the input, and returns what the
/// terminal showed and whether congo exited by itself within 10 s; `None`
/// (with a notice) where there is no python3 to do it.
fn at_terminal(args: &[&str], typed: &str) -> Option<(String, bool)> {
    const SCRIPT: &str = r#"
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:-1])
os.write(fd, sys.argv[-1].encode())
shown, exited, deadline = b"", False, time.time() + 10
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        shown += chunk
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        exited = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        break
if not exited:
    os.kill(pid, 9)
sys.stdout.write(shown.decode(errors="replace").replace("\r", ""))
sys.stdout.write("\n<exited>" if exited else "\n<still running>")
"#;
    let mut command = Command::new("python3");
    command
        .arg("-c")
        .arg(SCRIPT)
        .arg(env!("CARGO_BIN_EXE_congo"));
    let output = match command.args(args).arg(typed).output() {
        Ok(output) if output.status.success() => output,
        _ => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "skipped: no python3 to drive a terminal");
            return None;
        }
    };
    let shown = text(&output.stdout);
    let exited = shown.ends_with("<exited>");
    Some((shown, exited))
}

#[test]
fn a_case_typed_at_the_terminal_is_answered_and_needs_no_ctrl_d() {
    let Some((shown, exited)) = at_terminal(&["lion"], "1\n3l3/7/7/7/7/7/3L3 w 1\n") else {
        return;
    };
    assert!(shown.contains("each is answered at once"), "{shown}");
    assert!(
        shown.contains("\nd1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n"),
        "{shown}"
    );
    assert!(exited, "congo waited for more input: {shown}");
    // Two cases: the first answer shows before the second is typed in
    // full, and the second ends the run.
    let Some((shown, exited)) = at_terminal(
        &["zebra"],
        "2\n3l3/7/7/7/7/3Z3/3L3 w 1\n3l3/7/7/7/7/7/3L3 w 1\n",
    ) else {
        return;
    };
    assert!(exited, "{shown}");
    assert!(shown.contains("d2b1 d2b3 d2c4 d2e4 d2f1 d2f3\n"), "{shown}");
}

#[test]
fn lines_past_the_announced_cases_are_named_once() {
    let output = congo(
        &["lion"],
        b"1\n3l3/7/7/7/7/7/3L3 w 1\n2l4/7/7/7/7/7/3L3 w 1\n\n  \ngarbage\n",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2\n");
    assert_eq!(
        text(&output.stderr),
        "congo: ignored 2 lines after the 1 position the count announced\n"
    );
    // A blank line at the end is no extra line.
    let output = congo(&["lion"], b"1\n3l3/7/7/7/7/7/3L3 w 1\n\n");
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    // Two-line cases are counted as cases.
    let output = congo(&["play"], b"1\n3l3/7/7/7/7/7/3L3 w 1\nd1d7\nextra\n");
    assert_eq!(
        text(&output.stderr),
        "congo: ignored 1 line after the 1 case the count announced\n"
    );
}

/// The directory of the congo under test, first on a PATH, so that a
/// README line calling `congo` runs it.
fn path_with_congo() -> std::ffi::OsString {
    let dir = std::path::Path::new(env!("CARGO_BIN_EXE_congo"))
        .parent()
        .unwrap()
        .to_owned();
    let mut paths = vec![dir];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(paths).unwrap()
}

const README: &str = include_str!("../README.md");

/// Runs one README line with `sh` in `dir`, congo on the PATH and no
/// CONGO_BIN, as a reader would.
fn run_readme_line(line: &str, dir: &std::path::Path) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path_with_congo())
        .env_remove("CONGO_BIN")
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn the_pictures_commands_run_one_after_the_other_as_written() {
    let dir = std::env::temp_dir().join(format!("congo-readme-pictures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let lines: Vec<&str> = README
        .lines()
        .filter(|line| line.starts_with("printf ") && line.contains("| congo show --"))
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in lines {
        let output = run_readme_line(line, &dir);
        assert!(output.status.success(), "{line}: {}", text(&output.stderr));
    }
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/");
    for (made, kept) in [
        ("out/position-001.svg", "start.svg"),
        ("moves/position-001.svg", "lion-moves.svg"),
    ] {
        assert_eq!(
            std::fs::read(dir.join(made)).unwrap(),
            std::fs::read(format!("{docs}{kept}")).unwrap(),
            "{made}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn the_check_transcripts_run_as_written() {
    let transcripts: Vec<&str> = README
        .lines()
        .filter(|line| line.starts_with("$ congo check "))
        .collect();
    assert_eq!(transcripts.len(), 2, "{transcripts:?}");
    for transcript in transcripts {
        check_transcript(transcript);
    }
}

/// Runs the command of a README transcript line and compares what it
/// prints with the lines the README shows after it.
fn check_transcript(transcript: &str) {
    let command = transcript.trim_start_matches("$ ");
    let output = run_readme_line(command, std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    let report = text(&output.stdout);
    // The README shows what follows the command line, up to the fence.
    let shown: Vec<&str> = README
        .split(transcript)
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with("```"))
        .collect();
    assert_eq!(
        report.lines().collect::<Vec<_>>(),
        shown,
        "{transcript}: {report}"
    );
}

#[test]
fn the_layout_names_every_test_and_bench_file() {
    let layout = README.split("## Layout").nth(1).unwrap();
    for folder in ["tests", "benches"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.ends_with(".rs") || name.ends_with(".txt") {
                assert!(
                    layout.contains(&name),
                    "{folder}/{name} is not in the README's layout"
                );
            }
        }
    }
}

#[test]
fn match_names_the_engines_by_letter_and_needs_a_movetime() {
    let congo_bin = env!("CARGO_BIN_EXE_congo");
    let report = common::congo_self_match("3l3/7/7/7/7/7/3L3 w 0", &[]);
    // Both run the same command: the letters tell them apart.
    assert!(
        report.starts_with(&format!(
            "A: {congo_bin} engine\nB: {congo_bin} engine\ngame 1: A (white) vs B (black): 1-0"
        )),
        "{report}"
    );
    assert!(
        report.contains("\ngame 2: B (white) vs A (black): 1-0"),
        "{report}"
    );
    common::assert_usage_error(
        &["match", "--", "a", "--", "b"],
        "congo: match needs --movetime MS\n",
    );
    let help = text(&congo(&["match", "--help"], b"").stdout);
    assert!(help.contains("(required;"), "{help}");
}

#[test]
fn wildebeest_says_which_files_it_wrote() {
    let dir = std::env::temp_dir().join(format!("congo-people-wildebeest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let board = "W\nRNZBOKXBCNR\nGPPSPJPPPPG\n...........\n.*.......*.\n...........\n.....#.....\n...........\n.*.......*.\n...........\ngppspjppppg\nrnzbokxbcnr\n7\n60000\n-3\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo"))
        .arg("wildebeest")
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(board.as_bytes())
            .unwrap();
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        text(&output.stderr),
        format!("congo: wrote board.000 to board.{:03}\n", files - 1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn typos_and_natural_first_tries_get_a_way_through() {
    use common::assert_usage_error;
    for (args, message) in [
        (
            &["lio"][..],
            "congo: unknown subcommand \"lio\"; did you mean lion?\n",
        ),
        (
            &["--rule", "2021", "lion"],
            "congo: unknown option \"--rule\"; did you mean --rules?\n",
        ),
        (
            &["show", "--move", "lion"],
            "congo: unknown option \"--move\"; did you mean --moves?\n",
        ),
        (
            &[
                "match",
                "--game",
                "2",
                "--movetime",
                "9",
                "--",
                "a",
                "--",
                "b",
            ],
            "congo: unknown option \"--game\"; did you mean --games?\n",
        ),
        (
            &["lion", "Cargo.toml"],
            "congo: unexpected argument \"Cargo.toml\"; judges read standard input: congo lion < Cargo.toml\n",
        ),
        (
            &["moves", "3l3/7/7/7/7/7/3L3", "w", "1"],
            "congo: bad FEN \"3l3/7/7/7/7/7/3L3\": expected 3 fields (pieces, side, move number), found 1; quote the FEN: congo moves \"3l3/7/7/7/7/7/3L3 w 1\"\n",
        ),
        (
            &["lion", "3l3/7/7/7/7/7/3L3", "w", "1"],
            "congo: unexpected argument \"3l3/7/7/7/7/7/3L3\"; quote the FEN, and give it on standard input: printf '1\\n3l3/7/7/7/7/7/3L3 w 1\\n' | congo lion\n",
        ),
    ] {
        // The hint ends the first line; the usage pointer follows.
        assert_usage_error(args, message);
    }
    let help = text(&congo(&["help", "lion"], b"").stdout);
    assert!(
        help.starts_with("Usage: congo [--rules 2021|2022] lion"),
        "{help}"
    );
    // The Part 1 text's `2l4/...` copied with the lion read as a one.
    let output = congo(&["lion"], b"1\n214/7/4z2/4c2/PP2EP1/3L2p/7 b 23\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains(
            "rank 7 has two digits in a row, expected one digit per run of empty squares; did you mean l (the letter) rather than 1?\n"
        ),
        "{}",
        text(&output.stderr)
    );
}

#[cfg(unix)]
#[test]
fn a_program_that_cannot_start_gets_a_way_through() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("congo-people-start-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("my_lion.sh");
    std::fs::write(&script, "#!/bin/sh\ncongo lion\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o644)).unwrap();
    let check = |program: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_congo"))
            .args(["check", "lion", "--positions", "5", "--", program])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        text(&output.stderr)
    };
    assert!(
        check("my_lion.sh").ends_with("; did you mean ./my_lion.sh?\n"),
        "{}",
        check("my_lion.sh")
    );
    assert!(
        check("./my_lion.sh").ends_with("; make it executable: chmod +x ./my_lion.sh\n"),
        "{}",
        check("./my_lion.sh")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn made_up_positions_are_read_with_any_position() {
    // Two zebras and eight pawns: no game reaches this, a student's test
    // board might.
    let fen = "3l3/7/7/PPPPPPP/7/ZZ5/P2L3 w 1";
    let input = format!("1\n{fen}\n");
    let output = congo(&["zebra"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "congo: line 2: white has 8 pawns, expected at most 7 (the judges' --any-position accepts any number that fits)\n"
    );
    // Before or after the subcommand, and for a FEN given as an argument.
    for args in [
        &["--any-position", "zebra"][..],
        &["zebra", "--any-position"],
        &["--rules", "2021", "zebra", "--any-position"],
    ] {
        let output = congo(args, input.as_bytes());
        assert!(
            output.status.success(),
            "{args:?}: {}",
            text(&output.stderr)
        );
        // The pawns on rank 4 block a4, b4 and c4.
        assert_eq!(text(&output.stdout), "a2c1 a2c3 b2d3\n");
    }
    // Each river pawn steps forward or forward diagonally; a1's is
    // blocked by its own zebra.
    let output = congo(&["--any-position", "pawn"], input.as_bytes());
    assert_eq!(
        text(&output.stdout),
        "a4a5 a4b5 b4a5 b4b5 b4c5 c4b5 c4c5 c4d5 d4c5 d4d5 d4e5 e4d5 e4e5 e4f5 f4e5 f4f5 f4g5 g4f5 g4g5\n"
    );
    let output = congo(&["--any-position", "best", "--depth", "2", fen], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // Lions still stand where the rules let them, one a side, and a
    // monkey still may not have more chains than a line can hold.
    for (fen, reason) in [
        (
            "3l3/7/7/7/7/ZZ5/2LL3 w 1",
            "white has 2 lions, expected at most 1",
        ),
        (
            "3l3/7/7/7/7/ZZ5/L6 w 1",
            "the white lion on a1 is outside its castle",
        ),
        (
            "1z1z1z1/zzzlzzz/1z1z1z1/zzzzzzz/1z1z1z1/zzzLzzz/Mz1z1z1 w 0",
            "the monkey on a1 has more than 100000 jump chains, expected at most 100000",
        ),
    ] {
        let output = congo(
            &["--any-position", "moves"],
            format!("1\n{fen}\n").as_bytes(),
        );
        assert_eq!(output.status.code(), Some(1), "{fen}");
        assert_eq!(text(&output.stderr), format!("congo: line 2: {reason}\n"));
    }
    common::assert_usage_error(
        &["--any-position", "game"],
        "congo: --any-position widens what the judges read (lion, moves, perft, ...); game is not one\n",
    );
    common::assert_usage_error(
        &["--any-position", "lion", "--any-position"],
        "congo: --any-position is given more than once\n",
    );
}
