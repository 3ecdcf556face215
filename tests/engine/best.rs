//! `congo best`: the same answer at a fixed depth, and threads that search
//! together.

use super::{MIDGAME, START, is_legal};
use crate::common::{assert_usage_error, congo, text};

#[test]
fn best_is_deterministic_at_a_fixed_depth() {
    let input = format!("2\n{START}\n{MIDGAME}\n");
    let first = congo(&["best", "--depth", "4"], input.as_bytes());
    let again = congo(&["best", "--depth", "4"], input.as_bytes());
    assert!(first.status.success());
    assert_eq!(first.stdout, again.stdout);
    let answers = text(&first.stdout);
    for (line, fen) in answers.lines().zip([START, MIDGAME]) {
        let words: Vec<&str> = line.split(' ').collect();
        let [m, score, "depth", "4", "nodes", nodes] = words[..] else {
            panic!("{line}");
        };
        assert!(is_legal(fen, m), "{line}");
        score.parse::<i32>().unwrap();
        assert!(nodes.parse::<u64>().unwrap() > 0, "{line}");
    }
    // By time, the speed is reported too.
    let output = congo(&["best", "--movetime", "50", START], b"");
    let line = text(&output.stdout);
    let words: Vec<&str> = line.split_whitespace().collect();
    let [m, _, "depth", depth, "nodes", nodes, "nps", nps] = words[..] else {
        panic!("{line}");
    };
    assert!(
        is_legal(START, m) && depth.parse::<u32>().unwrap() >= 1,
        "{line}"
    );
    assert!(
        nodes.parse::<u64>().unwrap() > 0 && nps.parse::<u64>().unwrap() > 0,
        "{line}"
    );
    // A FEN on the command line needs no count line.
    let output = congo(&["best", "--depth", "2", "3l3/7/7/7/7/7/3L3 w 1"], b"");
    assert_eq!(text(&output.stdout), "d1d7 100000 depth 1 nodes 0\n");
}

#[test]
fn threads_search_together_and_answer_legally() {
    // Lazy SMP: two threads race, so only legality and the depth reached
    // are fixed, not the move.
    let input = format!("2\n{START}\n{MIDGAME}\n");
    let output = congo(
        &["best", "--threads", "2", "--depth", "5"],
        input.as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let answers = text(&output.stdout);
    for (line, fen) in answers.lines().zip([START, MIDGAME]) {
        let words: Vec<&str> = line.split(' ').collect();
        let [m, _, "depth", "5", "nodes", _] = words[..] else {
            panic!("{line}");
        };
        assert!(is_legal(fen, m), "{line}");
    }
    let session = format!("position {START}\ngo 0.2\nquit\n");
    let output = congo(&["engine", "--threads", "2"], session.as_bytes());
    assert!(
        is_legal(START, text(&output.stdout).trim()),
        "{}",
        text(&output.stdout)
    );
    assert_usage_error(
        &["engine", "--threads", "257"],
        "congo: --threads 257 is too large, expected at most 256",
    );
}
