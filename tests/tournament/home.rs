//! The tournament as a TA runs it on their own machine: the class, the
//! output and congo itself in a private folder (mode 0700, as `/root`
//! and every home on Ubuntu are), as root and as an ordinary user; two
//! runs started on one folder; a class none of whose engines can start;
//! a folder named to forge a line on the TA's terminal; a student's
//! `run` of gigabytes.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::games_file::pgn_games;
use super::sandbox::{cells_of, eventually, is_root, processes_with, token};
use super::{class_folder, games, locked, players_file, run};
use crate::common::{CONGO, congo_in_background, scratch, signal_when, text};

/// A private folder in `dir` (mode 0700) holding a copy of congo and a
/// class of two engines, each folder with a link to that copy and a
/// `run` that starts it; and a players file naming the copy itself.
fn private_class(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let home = dir.join("home");
    fs::create_dir_all(&home).unwrap();
    fs::set_permissions(&home, fs::Permissions::from_mode(0o700)).unwrap();
    let congo = home.join("congo");
    fs::copy(CONGO, &congo).unwrap();
    let class = class_folder(
        &home,
        &[
            ("alice", "./congo engine --nodes 200".to_owned()),
            ("bob", "./congo engine --nodes 300".to_owned()),
        ],
    );
    for name in ["alice", "bob"] {
        fs::hard_link(&congo, class.join(name).join("congo")).unwrap();
    }
    let shown = congo.display();
    let players = players_file(
        &home,
        &[
            ("carol", format!("{shown} engine --nodes 200")),
            ("dave", format!("{shown} engine --nodes 300")),
        ],
    );
    (home, class, players)
}

/// `congo tournament PLAYERS --output OUT --sandbox`, started by
/// `command` (congo, or setpriv starting it as another user).
fn confined(mut command: Command, players: &Path, out: &Path) -> Output {
    command
        .args(["tournament", players.to_str().unwrap()])
        .args(["--output", out.to_str().unwrap(), "--movetime", "100"])
        .args(["--memory", "none", "--threads", "none", "--sandbox"])
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Every game in `out` was played with moves and ended over the board.
fn all_played(out: &Path, said: &str) {
    let all = games(out);
    assert_eq!(all.len(), 2, "{said}");
    for game in all {
        assert!(game.plies > 0, "{game:?}\n{said}");
        assert!(!game.reason.contains("lost: it "), "{game:?}\n{said}");
    }
}

/// Gives the tree `path` (links not followed) to the user `id`.
fn give(path: &Path, id: u32) {
    std::os::unix::fs::lchown(path, Some(id), Some(id)).unwrap();
    if fs::symlink_metadata(path).unwrap().is_dir() {
        for entry in fs::read_dir(path).unwrap() {
            give(&entry.unwrap().path(), id);
        }
    }
}

#[test]
fn a_class_in_a_private_folder_plays_confined_as_root_and_as_anyone() {
    if Command::new("bwrap").arg("--version").output().is_err() {
        eprintln!("skipped: bubblewrap (bwrap) is not installed; .ci/run installs it");
        return;
    }
    let dir = scratch("tournament-private");
    let (home, class, players) = private_class(&dir);
    // An output folder inside a student's, which is copied: refused.
    let inside = class.join("alice").join("out");
    let refused = confined(Command::new(CONGO), &class, &inside);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains(&format!(
            "lies in alice's folder {}, which is copied into its cell: name one outside the class",
            class.join("alice").canonicalize().unwrap().display()
        )),
        "{}",
        text(&refused.stderr)
    );
    // So is one named through a link to it.
    let link = home.join("alice-link");
    std::os::unix::fs::symlink(class.join("alice"), &link).unwrap();
    let refused = confined(Command::new(CONGO), &class, &link.join("out"));
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    fs::remove_file(&link).unwrap();
    for (who, out) in [(&class, home.join("out")), (&players, home.join("out2"))] {
        let output = confined(Command::new(CONGO), who, &out);
        let said = text(&output.stderr);
        assert!(output.status.success(), "{said}");
        all_played(&out, &said);
        if is_root() {
            // Root's cells lie where the engines' users reach them.
            let cells = cells_of(&said);
            assert!(cells.starts_with("/var/lib/congo/cells/"), "{said}");
            fs::remove_dir_all(cells).unwrap();
        }
    }
    if is_root() {
        // An ordinary user, the owner of the private folder, and of
        // the copy of congo in it.
        give(&home, 65534);
        for (who, out) in [(&class, home.join("out3")), (&players, home.join("out4"))] {
            let mut nobody = Command::new("setpriv");
            nobody.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"]);
            nobody.arg(home.join("congo"));
            let output = confined(nobody, who, &out);
            let said = text(&output.stderr);
            assert!(output.status.success(), "{said}");
            assert!(
                said.contains(&format!("(kept in {}; ", out.join("cells").display())),
                "{said}"
            );
            all_played(&out, &said);
        }
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_class_none_of_whose_engines_starts_is_refused_with_no_standings() {
    let dir = scratch("tournament-unstarted");
    let class = class_folder(
        &dir,
        &[
            ("alice", "/nowhere/engine".to_owned()),
            ("bob", "/nowhere/engine".to_owned()),
        ],
    );
    // A folder named to forge a progress line in the TA's terminal.
    let forged = class.join("x\u{1b}[2K\rround 9: alice wins");
    fs::create_dir_all(&forged).unwrap();
    let out = dir.join("out");
    let output = run(&class, &out, &[]);
    let said = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(
        said.contains("congo: no engine made a move in any of the 2 game(s), so no standings were written; the games end as this one did: white lost: it did not start: it exited with status 127; its stderr ended: "),
        "{said}"
    );
    assert!(!out.join("standings.txt").exists() && !out.join("standings.csv").exists());
    assert!(
        said.contains("congo: x\\u{1b}[2K\\rround 9: alice wins is not playing: "),
        "{said}"
    );
    assert!(!said.contains('\u{1b}') && !said.contains('\r'), "{said}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_second_run_on_a_live_folder_is_refused_and_the_first_plays_each_game_once() {
    let dir = scratch("tournament-twice");
    let players = players_file(
        &dir,
        &[
            ("n100", super::steady(100)),
            ("n200", super::steady(200)),
            ("n400", super::steady(400)),
        ],
    );
    let out = dir.join("out");
    let args = super::words(&players, &out, &[]);
    let mut first = congo_in_background(&args, &[]);
    // Waits for the first game's record: the run holds its folder then.
    let started = std::time::Instant::now();
    while games_in(&out) == 0 {
        assert!(started.elapsed().as_secs() < 300, "no game was recorded");
        assert!(first.try_wait().unwrap().is_none(), "it finished first");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // A plain run is told the same: the folder is live, not just full.
    let plain = crate::common::congo(&args, b"");
    assert!(
        text(&plain.stderr).contains(&format!(
            "is in use by another run of congo (process {})",
            first.id()
        )),
        "{}",
        text(&plain.stderr)
    );
    let resume = super::words(&players, &out, &["--resume"]);
    let refused = crate::common::congo(&resume, b"");
    let said = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert!(
        said.ends_with(&format!(
            "congo: {} is in use by another run of congo (process {}): wait for it to end or stop it; nothing was changed\n",
            out.display(),
            first.id()
        )),
        "{said}"
    );
    assert!(first.wait().unwrap().success());
    assert_eq!(games_in(&out), 6);
    let pgn = fs::read_to_string(out.join("games.pgn")).unwrap();
    assert_eq!(pgn_games(&pgn).len(), 6);
    // Once it has ended, the lock is free: a resume finds nothing to do.
    let resumed = crate::common::congo(&resume, b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(games_in(&out), 6);
    // A run killed outright holds nothing either.
    let again = dir.join("again");
    let mut killed = congo_in_background(&super::words(&players, &again, &[]), &[]);
    signal_when(&mut killed, "KILL", || games_in(&again) >= 1);
    // A child it was starting at that moment may hold the lock for the
    // instant before its program replaces it: waits for the kernel to
    // list it no more.
    eventually("the killed run's lock is let go", || {
        !locked(&again.join("lock"))
    });
    let resumed = crate::common::congo(&super::words(&players, &again, &["--resume"]), b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(games_in(&again), 6);
    fs::remove_dir_all(dir).unwrap();
}

/// The games `out`'s records hold.
fn games_in(out: &Path) -> usize {
    fs::read_dir(out.join("records")).map_or(0, |entries| {
        entries
            .map(|entry| crate::common::lines_in(&entry.unwrap().path()))
            .sum()
    })
}

#[test]
fn a_run_of_gigabytes_is_digested_in_little_memory() {
    let dir = scratch("tournament-sparse-run");
    let class = class_folder(
        &dir,
        &[("alice", super::steady(100)), ("bob", super::steady(100))],
    );
    // Three gigabytes of holes after bob's script.
    let run = fs::OpenOptions::new()
        .append(true)
        .open(class.join("bob").join("run"))
        .unwrap();
    run.set_len(3 << 30).unwrap();
    // Another tournament's folder: refused once the players are
    // described, digests and all, before any game.
    let out = dir.join("out");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("tournament.txt"), "congo tournament\nanother\n").unwrap();
    let limited = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 100000; exec \"$@\"",
            "sh",
            CONGO,
            "tournament",
        ])
        .args([class.to_str().unwrap(), "--output", out.to_str().unwrap()])
        .args(["--movetime", "100", "--resume", "--unconfined-root"])
        .output()
        .unwrap();
    let said = text(&limited.stderr);
    assert_eq!(limited.status.code(), Some(2), "{said}");
    assert!(said.contains("is another tournament's"), "{said}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_ordinary_users_unconfined_engine_leaves_no_daemon_behind() {
    let dir = scratch("tournament-daemon");
    let congo = dir.join("congo");
    fs::copy(CONGO, &congo).unwrap();
    let daemon = dir.join("leaves_a_daemon.sh");
    fs::copy(crate::common::fixture("leaves_a_daemon.sh"), &daemon).unwrap();
    let crasher = dir.join("segfaults.sh");
    fs::copy(crate::common::fixture("segfaults.sh"), &crasher).unwrap();
    let token = token();
    let (congo, daemon) = (congo.display(), daemon.display());
    let players = players_file(
        &dir,
        &[
            ("daemon", format!("{daemon} {congo} {token}")),
            ("steady", format!("{congo} engine --nodes 300")),
            ("crasher", crasher.display().to_string()),
        ],
    );
    let out = dir.join("out");
    // Root runs it as nobody, who owns the folder; anyone else as itself.
    let mut command = match is_root() {
        true => {
            give(&dir, 65534);
            let mut nobody = Command::new("setpriv");
            nobody.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"]);
            nobody.arg(congo.to_string());
            nobody
        }
        false => Command::new(congo.to_string()),
    };
    let output = command
        .args(["tournament", players.to_str().unwrap()])
        .args(["--output", out.to_str().unwrap(), "--movetime", "100"])
        .args(["--memory", "none", "--threads", "none"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = text(&output.stderr);
    assert!(output.status.success(), "{said}");
    if said.contains("lets no ordinary user make a PID namespace") {
        eprintln!("skipped: this kernel lets no ordinary user make a PID namespace");
        fs::remove_dir_all(dir).unwrap();
        return;
    }
    assert!(
        said.contains(
            "; each engine has a PID namespace of its own, so what it starts ends with its game (unless it asks a service outside, such as the TA's tmux or systemd, to start it)\n"
        ),
        "{said}"
    );
    let all = games(&out);
    assert_eq!(all.len(), 6);
    // A crash reads as it does anywhere: the engine is not the first
    // process of its namespace, which would be shielded from it.
    for game in all
        .iter()
        .filter(|game| [&game.white, &game.black].contains(&&"crasher".to_owned()))
    {
        assert!(game.reason.contains(": it crashed: signal 11"), "{game:?}");
    }
    // The daemon of each game died with its engine.
    eventually("the daemons end", || processes_with(&token).is_empty());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_sandbox_whose_cells_run_no_program_stops_before_any_game() {
    if Command::new("bwrap").arg("--version").output().is_err() || !is_root() {
        eprintln!("skipped: needs bubblewrap, and root to mount a file system that runs nothing");
        return;
    }
    // An ordinary user's output, and so its cells, on a file system
    // mounted noexec: the trial's run, copied into its cell, cannot run.
    let dir = scratch("tournament-noexec");
    let congo = dir.join("congo");
    fs::copy(CONGO, &congo).unwrap();
    let noexec = dir.join("noexec");
    fs::create_dir_all(&noexec).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "noexec,size=16m", "tmpfs"])
        .arg(&noexec)
        .status()
        .unwrap();
    assert!(mounted.success());
    let shown = congo.display().to_string();
    let players = players_file(
        &noexec,
        &[
            ("a", format!("{shown} engine")),
            ("b", format!("{shown} engine")),
        ],
    );
    give(&dir, 65534);
    let mut nobody = Command::new("setpriv");
    nobody.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"]);
    nobody.arg(&congo);
    let out = noexec.join("out");
    let output = confined(nobody, &players, &out);
    let said = text(&output.stderr);
    let unmounted = Command::new("umount").arg(&noexec).status().unwrap();
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(
        said.ends_with(&format!(
            "congo: --sandbox: a trial program confined as the engines will be did not run, so no engine would: it exited with status 1, saying \"bwrap: execvp {}: Permission denied\"\n",
            out.join("cells/.trial-source/run").display()
        )),
        "{said}"
    );
    assert!(unmounted.success());
    fs::remove_dir_all(dir).unwrap();
}
