//! The engine's clock among a million monkey chains, through the binary:
//! every `go` is answered with a legal move (how little work a search
//! does once its time is up is a unit test of the search, by nodes).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::common::{CONGO, congo, text};

/// The positions of `crates/engine/tests/heavy_monkeys.txt`.
fn heavy_monkeys() -> Vec<String> {
    include_str!("../../crates/engine/tests/heavy_monkeys.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_million_monkey_chains_still_get_a_legal_move() {
    for fen in heavy_monkeys() {
        let position: congo_rules::Position = fen.parse().unwrap();
        for seconds in ["0.01", "0.2"] {
            let mut engine = Command::new(CONGO)
                .arg("engine")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut input = engine.stdin.take().unwrap();
            writeln!(input, "position {fen}\ngo {seconds}").unwrap();
            input.flush().unwrap();
            let mut answer = String::new();
            BufReader::new(engine.stdout.take().unwrap())
                .read_line(&mut answer)
                .unwrap();
            drop(input);
            engine.wait().unwrap();
            assert!(
                position.parse_move(answer.trim(), &mut Vec::new()).is_ok(),
                "{fen}: go {seconds}: {answer:?}"
            );
        }
    }
    // `best --movetime` answers too.
    let fen = &heavy_monkeys()[0];
    let output = congo(
        &["best", "--movetime", "100"],
        format!("1\n{fen}\n").as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let best = text(&output.stdout);
    let position: congo_rules::Position = fen.parse().unwrap();
    let chosen = best.split(' ').next().unwrap_or_default();
    assert!(
        position.parse_move(chosen, &mut Vec::new()).is_ok(),
        "{best}"
    );
}
