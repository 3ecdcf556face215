//! `congo datagen` and `congo train` as a user runs them: a small run
//! made, stopped and gone on with, a net trained on it, and the engine
//! playing with that net; and every refusal with its reason.

use std::fs;

use crate::common::{assert_usage_error, congo, congo_in, scratch, text};

/// A datagen run of `chunks` chunks of one short game each, in `dir`.
fn datagen(dir: &std::path::Path, chunks: &str) -> std::process::Output {
    let args = [
        "datagen", "data", "--chunks", chunks, "--games", "1", "--nodes", "200",
    ];
    congo_in(dir, &args, b"")
}

#[test]
fn a_run_goes_on_where_it_stopped_and_its_net_plays() {
    let dir = scratch("learn-run");
    let first = datagen(&dir, "1");
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(
        text(&first.stderr).contains("chunk 0: "),
        "{}",
        text(&first.stderr)
    );
    let chunk_zero = fs::read(dir.join("data/chunk-000000.cdat")).unwrap();

    let second = datagen(&dir, "2");
    let told = text(&second.stderr);
    assert!(
        told.contains("(found)") && told.contains("chunk 1: "),
        "{told}"
    );
    assert!(
        text(&second.stdout).starts_with("2 chunks, "),
        "{}",
        text(&second.stdout)
    );
    assert_eq!(
        fs::read(dir.join("data/chunk-000000.cdat")).unwrap(),
        chunk_zero
    );

    let trained = congo_in(
        &dir,
        &[
            "train", "data", "--output", "my.nnue", "--epochs", "2", "--batch", "32",
        ],
        b"",
    );
    assert!(trained.status.success(), "{}", text(&trained.stderr));
    assert_eq!(text(&trained.stdout), "my.nnue\n");
    let told = text(&trained.stderr);
    assert!(
        told.contains("held out") && told.contains("epoch 2: loss "),
        "{told}"
    );

    let net = dir.join("my.nnue");
    let net = net.to_str().unwrap();
    let best = congo(
        &[
            "best",
            "--depth",
            "3",
            "--net",
            net,
            "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0",
        ],
        b"",
    );
    assert!(best.status.success(), "{}", text(&best.stderr));
    assert!(
        text(&best.stdout).contains(" depth 3 "),
        "{}",
        text(&best.stdout)
    );
    let protocol = congo(
        &["engine", "--net", net],
        b"position g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\ngo 0.1\nquit\n",
    );
    assert!(protocol.status.success(), "{}", text(&protocol.stderr));
    assert_eq!(
        text(&protocol.stdout).lines().count(),
        1,
        "{}",
        text(&protocol.stdout)
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_net_is_written_only_to_a_new_file() {
    let dir = scratch("learn-no-overwrite");
    assert!(datagen(&dir, "1").status.success());
    fs::write(dir.join("mine.nnue"), "my notes").unwrap();
    let refused = congo_in(&dir, &["train", "data", "--output", "mine.nnue"], b"");
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        text(&refused.stderr),
        "congo: mine.nnue: already there; the net is written only to a new file\n"
    );
    assert_eq!(fs::read(dir.join("mine.nnue")).unwrap(), b"my notes");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn what_is_no_net_or_no_chunk_is_refused_with_where_and_why() {
    let dir = scratch("learn-refusals");
    fs::write(dir.join("notes.nnue"), "my notes").unwrap();
    fs::create_dir_all(dir.join("data")).unwrap();
    fs::write(dir.join("data/chunk-000001.cdat"), "my notes").unwrap();
    fs::create_dir_all(dir.join("empty")).unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &["engine", "--net", "notes.nnue"],
            "congo: notes.nnue: a net file is 201504 bytes long, not 8\n",
        ),
        (
            &["best", "--depth", "2", "--net", "absent.nnue"],
            "congo: absent.nnue: No such file or directory (os error 2)\n",
        ),
        (
            &["train", "data", "--output", "new.nnue"],
            "congo: data/chunk-000001.cdat: 8 bytes is too short for a chunk file\n",
        ),
        (
            &[
                "datagen", "data", "--chunks", "2", "--games", "1", "--nodes", "100",
            ],
            "congo: data/chunk-000001.cdat: 8 bytes is too short for a chunk file; it is left \
             as it is (move it away to make this chunk)\n",
        ),
        (
            &["train", "data"],
            "congo: train needs --output FILE\nRun `congo --help` for usage.\n",
        ),
        (
            &["train", "empty", "--output", "new.nnue"],
            "congo: empty: no sample to train on\n",
        ),
    ];
    // What stands where a file is wanted is refused before it is read.
    let fifo = dir.join("data/chunk-000002.cdat");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    fs::write(dir.join("a-file"), "my notes").unwrap();
    let more: [(&[&str], &str); 4] = [
        (&["engine", "--net", "data"], "congo: data: not a file\n"),
        (
            &["best", "--depth", "1", "--net", "data/chunk-000002.cdat"],
            "congo: data/chunk-000002.cdat: not a file\n",
        ),
        (
            &["train", "data/chunk-000002.cdat", "--output", "new.nnue"],
            "congo: data/chunk-000002.cdat: not a file\n",
        ),
        (
            &["datagen", "a-file", "--chunks", "1"],
            "congo: a-file: not a folder\n",
        ),
    ];
    for (args, message) in cases.into_iter().chain(more) {
        let output = congo_in(&dir, args, b"");
        assert_ne!(output.status.code(), Some(0), "{args:?}");
        assert!(
            text(&output.stderr).ends_with(message),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
    assert_eq!(
        fs::read(dir.join("data/chunk-000001.cdat")).unwrap(),
        b"my notes"
    );
    assert!(!dir.join("new.nnue").exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_evaluation_is_the_hand_written_one_or_a_net_not_both() {
    assert_usage_error(&["engine", "--eval", "hand", "--net", "my.nnue"], "congo: ");
    let both = congo(&["engine", "--eval", "hand", "--net", "my.nnue"], b"");
    assert!(
        text(&both.stderr).contains("--eval hand") && text(&both.stderr).contains("--net"),
        "{}",
        text(&both.stderr)
    );
    assert_usage_error(
        &["best", "--depth", "1", "--eval", "neural"],
        "congo: --eval \"neural\": expected hand or net\n",
    );
    for eval in ["hand", "net"] {
        let best = congo(
            &[
                "best",
                "--depth",
                "2",
                "--eval",
                eval,
                "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0",
            ],
            b"",
        );
        assert!(
            best.status.success() && text(&best.stdout).contains(" depth 2 "),
            "{eval}"
        );
    }
}

#[test]
fn train_fails_before_training_where_it_cannot_write_and_datagen_needs_a_real_folder() {
    let dir = scratch("learn-early");
    assert!(datagen(&dir, "1").status.success());
    let refused = congo_in(
        &dir,
        &["train", "data", "--output", "no/such/folder/net.nnue"],
        b"",
    );
    let said = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{said}");
    assert!(!said.contains("epoch"), "{said}");
    assert!(
        said.starts_with("congo: no/such/folder/net.nnue: cannot write: "),
        "{said}"
    );
    assert_usage_error(
        &["datagen", ""],
        "congo: datagen FOLDER needs a path, found \"\"\n",
    );
    assert_usage_error(
        &["datagen", "data", "--tb", "/nowhere/tables"],
        "congo: --tb \"/nowhere/tables\": expected a folder of endgame tables\n",
    );
    fs::remove_dir_all(dir).unwrap();
}
