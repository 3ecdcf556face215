//! The command line: usage errors, the help of every subcommand, limits
//! on what may be asked, and a way through for natural first tries.

use crate::common;

use std::process::Command;

use common::{assert_usage_error, congo, text};

#[test]
fn unknown_subcommand_is_a_usage_error() {
    let output = congo(&["king"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "congo: unknown subcommand \"king\"\nRun `congo --help` for usage.\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn missing_subcommand_and_extra_arguments_are_usage_errors() {
    assert_usage_error(&[], "congo: missing subcommand\n");
    assert_usage_error(&["lion", "now"], "congo: unexpected argument \"now\"\n");
}

#[test]
fn help_and_version() {
    let output = congo(&["--help"], b"");
    assert!(output.status.success());
    let help = text(&output.stdout);
    assert!(help.contains("Usage: congo [--rules 2021|2022] [--any-position] <SUBCOMMAND> [ARGS]"));
    assert!(help.contains("superpawn"));
    let output = congo(&["--version"], b"");
    assert!(output.status.success());
    assert_eq!(
        text(&output.stdout),
        format!("congo {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn rules_and_depth_usage_errors() {
    for (args, message) in [
        (
            &["--rules", "2020", "play"][..],
            "congo: rule set \"2020\" is unknown, expected 2021 or 2022\n",
        ),
        (&["--rules"][..], "congo: --rules needs a value\n"),
        (&["perft"][..], "congo: perft needs a depth\n"),
        (
            &["divide", "deep"][..],
            "congo: depth \"deep\" is not a non-negative integer\n",
        ),
        (
            &["--fast", "lion"][..],
            "congo: unknown option \"--fast\"\n",
        ),
    ] {
        assert_usage_error(args, message);
    }
}

/// The subcommands `congo --help` lists, each with whether `--rules`
/// applies to it (the sibling games have one rule set each).
fn listed_subcommands() -> Vec<(String, bool)> {
    let help = text(&congo(&["--help"], b"").stdout);
    help.lines()
        .skip_while(|line| !line.starts_with("Subcommands"))
        .take_while(|line| !line.starts_with("Input:"))
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|rest| !rest.starts_with(' '))
        .filter_map(|rest| rest.split(' ').next())
        .map(|name| (name.to_owned(), !matches!(name, "checkers" | "wildebeest")))
        .collect()
}

#[test]
fn every_subcommand_answers_help_with_its_own_usage() {
    let subcommands = listed_subcommands();
    assert!(subcommands.len() >= 30, "{subcommands:?}");
    for (name, takes_rules) in subcommands {
        for flag in ["--help", "-h"] {
            let output = congo(&[&name, flag], b"");
            assert!(output.status.success(), "{name} {flag}");
            let help = text(&output.stdout);
            let rule_set = if takes_rules {
                "[--rules 2021|2022] "
            } else {
                ""
            };
            assert!(
                help.starts_with(&format!("Usage: congo {rule_set}{name}")),
                "{name}: {help}"
            );
        }
    }
}

#[test]
fn depths_and_sizes_have_limits() {
    assert_usage_error(
        &["perft", "21"],
        "congo: depth 21 is too deep, expected at most 20",
    );
    assert_usage_error(&["divide", "100"], "congo: depth 100 is too deep");
    assert_usage_error(
        &["alphabeta", "--depth", "50"],
        "congo: depth 50 is too deep",
    );
    assert_usage_error(
        &["checkers", "--perft", "99"],
        "congo: depth 99 is too deep",
    );
    assert_usage_error(
        &["wildebeest", "--perft", "99"],
        "congo: depth 99 is too deep",
    );
    assert_usage_error(&["best", "--depth", "64"], "congo: depth 64 is too deep");
    assert_usage_error(
        &["gen", "+5"],
        "congo: gen \"+5\" is not a non-negative integer",
    );
    assert_usage_error(
        &["gen", "5", "--seed", "1", "--seed", "1"],
        "congo: --seed is given more than once",
    );
    assert_usage_error(&["show", "--svg", ""], "congo: --svg needs a path");
}

#[test]
fn numbers_too_large_say_so_with_the_limit() {
    use common::assert_usage_error;
    assert_usage_error(
        &["perft", "99999999999999999999"],
        "congo: depth 99999999999999999999 is too deep, expected at most 20\n",
    );
    assert_usage_error(
        &["gen", "99999999999999999999"],
        &format!(
            "congo: gen 99999999999999999999 is too large, expected at most {}\n",
            u64::MAX
        ),
    );
    assert_usage_error(
        &["gen", "5", "--density", "101"],
        "congo: --density 101 is too large, expected at most 100\n",
    );
    let output = congo(&["lion"], b"99999999999999999999\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!(
            "congo: line 1: the number of positions 99999999999999999999 is too large, expected at most {}\n",
            usize::MAX
        )
    );
}

#[test]
fn options_that_cannot_mean_anything_are_usage_errors() {
    use common::assert_usage_error;
    assert_usage_error(
        &["check", "lion", "--positions", "0", "--", "true"],
        "congo: --positions must be more than 0\n",
    );
    assert_usage_error(
        &["match", "--games", "0", "--", "a", "--", "b"],
        "congo: --games must be more than 0\n",
    );
    for args in [
        &["best", "--depth", "2", "--movetime", "100"][..],
        &["best", "--movetime", "100", "--depth", "2"],
    ] {
        assert_usage_error(
            args,
            "congo: --depth and --movetime cannot be given together; choose one\n",
        );
    }
    for args in [
        &["--rules", "2021", "checkers"][..],
        &["checkers", "--rules", "2022"],
        &["wildebeest", "--rules=2021", "--stdout"],
    ] {
        let name = args
            .iter()
            .find(|word| !word.starts_with('-') && !word.starts_with('2'))
            .unwrap();
        assert_usage_error(
            args,
            &format!(
                "congo: --rules picks a year's Congo rules; {name} has one rule set and takes none\n"
            ),
        );
    }
    // Threads build or check tables, shards only build them, and a set
    // size means nothing beside named materials.
    for (args, option) in [
        (
            &["tb", "summary", "tables", "--threads", "2"][..],
            "--threads",
        ),
        (&["tb", "probe", "tables", "--threads", "2"], "--threads"),
        (&["tb", "verify", "tables", "--shard", "1/2"], "--shard"),
        (
            &["tb", "generate", "tables", "LZvL", "--pieces", "3"],
            "--pieces",
        ),
    ] {
        assert_usage_error(args, &format!("congo: unexpected argument \"{option}\"\n"));
    }
    for sibling in ["checkers", "wildebeest"] {
        let help = text(&congo(&[sibling, "--help"], b"").stdout);
        assert!(
            help.starts_with(&format!("Usage: congo {sibling} ")),
            "{help}"
        );
    }
    let help = text(&congo(&["play", "--help"], b"").stdout);
    assert!(
        help.contains(
            "Input on stdin: a line with N, then N pairs of lines: a FEN, then a move.\n"
        ),
        "{help}"
    );
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
    let dir = common::scratch("people-start");
    let script = dir.join("my_lion.sh");
    std::fs::write(&script, "#!/bin/sh\ncongo lion\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o644)).unwrap();
    let check = |program: &str| {
        let output = Command::new(common::CONGO)
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
