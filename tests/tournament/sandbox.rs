//! `--sandbox`: each engine under bubblewrap, writing only in its own
//! folder; without bubblewrap, a clear refusal before any game.

use std::fs;
use std::process::Command;

use crate::common::{CONGO, fixture, scratch, text};
use crate::{players_file, steady};

#[test]
fn a_confined_engine_writes_in_its_own_folder_and_nowhere_else() {
    let dir = scratch("tournament-sandbox");
    let class = dir.join("class");
    for (student, script) in [
        ("writer", format!("exec {}", fixture("writes_outside.sh"))),
        ("steady", format!("exec {}", steady(100))),
    ] {
        let folder = class.join(student);
        fs::create_dir_all(&folder).unwrap();
        let run = folder.join("run");
        fs::write(&run, format!("#!/bin/sh\n{script}\n")).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&run, fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
    let outside = dir.join("outside.txt");
    let out = dir.join("out");
    let output = Command::new(CONGO)
        .args([
            "tournament",
            class.to_str().unwrap(),
            "--output",
            out.to_str().unwrap(),
        ])
        .args([
            "--movetime",
            "100",
            "--memory",
            "none",
            "--threads",
            "none",
            "--sandbox",
        ])
        .env("CONGO_BIN", CONGO)
        .env("CONGO_OUTSIDE", &outside)
        .output()
        .unwrap();
    let said = text(&output.stderr);
    if said.contains("bubblewrap") {
        eprintln!("skipped: {said}");
        return;
    }
    assert!(output.status.success(), "{said}");
    assert!(class.join("writer").join("written-inside.txt").is_file());
    assert!(
        !outside.exists(),
        "the confined engine wrote outside its folder"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_bubblewrap_the_sandbox_is_refused_before_any_game() {
    let dir = scratch("tournament-no-sandbox");
    let players = players_file(&dir, &[("a", steady(100)), ("b", steady(100))]);
    let out = dir.join("out");
    let empty = dir.join("no-programs");
    fs::create_dir_all(&empty).unwrap();
    let output = Command::new(CONGO)
        .args([
            "tournament",
            players.to_str().unwrap(),
            "--output",
            out.to_str().unwrap(),
        ])
        .args([
            "--movetime",
            "100",
            "--memory",
            "none",
            "--threads",
            "none",
            "--sandbox",
        ])
        .env("PATH", &empty)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stderr),
        "congo: limits: no limits on the engines\ncongo: --sandbox: bubblewrap (bwrap) is not installed: install Debian's bubblewrap package, or play without --sandbox\n"
    );
    assert!(!out.exists());
    fs::remove_dir_all(dir).unwrap();
}
