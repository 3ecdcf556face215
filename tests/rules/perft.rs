//! Perft counts from `tests/perft.txt`: data, not code, carries the cases.

use congo_rules::{Position, RuleSet, perft};

use crate::common;

struct Case {
    rule_set: RuleSet,
    position: Position,
    depth: u32,
    count: u64,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../perft.txt");
    let mut current: Option<(RuleSet, Position)> = None;
    let mut cases = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (word, rest) = line.split_once(' ').expect("a keyword and its values");
        if word == "position" {
            let (rule_set, fen) = rest.split_once(' ').expect("rules and a FEN");
            current = Some((
                rule_set.parse().expect("a rule set"),
                fen.parse().expect("a FEN"),
            ));
            continue;
        }
        assert_eq!(word, "perft", "a position or perft line");
        let (rule_set, position) = current.clone().expect("a position line first");
        let (depth, count) = rest.split_once(' ').expect("depth and count");
        cases.push(Case {
            rule_set,
            position,
            depth: depth.parse().expect("a depth"),
            count: count.parse().expect("a count"),
        });
    }
    cases
}

#[test]
fn perft_matches_the_fixtures() {
    let cases = cases();
    assert!(cases.len() >= 12);
    for case in &cases {
        let found = perft::perft(&case.position, case.depth, case.rule_set);
        assert_eq!(found, case.count, "{} depth {}", case.position, case.depth);
    }
}

#[test]
fn threads_split_the_count_without_changing_it() {
    for case in cases().iter().filter(|case| case.depth <= 4) {
        for threads in [2, 3, 8] {
            let found = perft::perft_threads(&case.position, case.depth, case.rule_set, threads);
            assert_eq!(found, case.count, "{} depth {}", case.position, case.depth);
        }
    }
    let output = common::congo(
        &["perft", "4", "--threads", "2"],
        b"1\ng2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\n",
    );
    assert_eq!(common::text(&output.stdout), "433025\n");
}

#[test]
fn counting_the_last_ply_agrees_with_playing_it() {
    for case in cases().iter().filter(|case| case.depth <= 3) {
        let played = perft::perft_by_playing(&case.position, case.depth, case.rule_set);
        assert_eq!(played, case.count, "{} depth {}", case.position, case.depth);
    }
}

#[test]
fn divide_adds_up_to_perft() {
    for case in cases().iter().filter(|case| case.depth == 3) {
        let split = perft::divide(&case.position, case.depth, case.rule_set);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), case.count);
    }
}

#[test]
fn the_binary_prints_perft_and_divide() {
    let input =
        b"2\ng2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\n2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0\n";
    let output = common::congo(&["perft", "3"], input);
    assert_eq!(common::text(&output.stdout), "17112\n15354\n");
    let output = common::congo(&["--rules", "2021", "perft", "2"], input);
    assert_eq!(common::text(&output.stdout), "676\n625\n");

    let output = common::congo(&["divide", "2"], b"1\n3l3/7/7/7/7/7/3L3 w 0\n");
    assert!(output.status.success());
    // Six lion moves; after d1d7 the game is over (no moves), the others
    // leave black five replies, or six after d1d2 (d7d2 down the open file).
    assert_eq!(
        common::text(&output.stdout),
        "d1c1 5\nd1c2 5\nd1d2 6\nd1d7 0\nd1e1 5\nd1e2 5\ntotal 26\n"
    );
}

#[test]
fn counting_through_a_table_of_positions_agrees_with_counting_every_one() {
    for case in cases().iter().filter(|case| case.depth <= 4) {
        for threads in [1, 2] {
            let hashed = perft::perft_hashed(&case.position, case.depth, case.rule_set, threads, 1);
            assert_eq!(hashed, case.count, "{} depth {}", case.position, case.depth);
        }
    }
    // Random positions, 4 deep: a table so small that entries are written
    // over all the time still gives the same counts.
    let output = common::congo(&["gen", "20", "--seed", "34"], b"");
    let positions = common::text(&output.stdout);
    let plain = common::congo(&["perft", "4"], positions.as_bytes());
    let hashed = common::congo(
        &["perft", "4", "--hash", "1", "--threads", "2"],
        positions.as_bytes(),
    );
    assert!(plain.status.success() && hashed.status.success());
    assert_eq!(common::text(&hashed.stdout), common::text(&plain.stdout));
    assert_eq!(common::text(&plain.stdout).lines().count(), 20);
}

#[test]
fn divide_on_threads_and_through_a_table_prints_the_same_split() {
    let input = b"1\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";
    let plain = common::congo(&["divide", "4"], input);
    let spread = common::congo(&["divide", "4", "--threads", "2", "--hash", "8"], input);
    let shown = common::text(&plain.stdout);
    assert_eq!(common::text(&spread.stdout), shown);
    assert!(shown.ends_with("total 356456\n"), "{shown}");
    assert_eq!(shown.lines().count(), 24 + 1);
}
