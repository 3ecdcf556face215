//! Each endpoint of the JSON API, against the command line's answers.

use super::client::{Server, encoded, quoted, string, strings, whole};
use super::{congo_moves, congo_play};
use crate::common::{congo, fixed_nodes_match, scratch, text};
use congo_web::Json;

const CHAIN: &str = "3l3/7/7/2p4/7/2p4/2ML3 w 1";
const LION_TAKES: &str = "3l3/7/7/7/7/7/3LZ2 w 1";

/// `count` random positions from `congo gen`.
fn generated(count: usize, seed: &str) -> Vec<String> {
    let output = congo(&["gen", &count.to_string(), "--seed", seed], b"");
    assert!(output.status.success());
    text(&output.stdout)
        .lines()
        .skip(1)
        .map(str::to_owned)
        .collect()
}

fn position(server: &Server, fen: &str) -> Json {
    let reply = server.get(&format!("/api/position?fen={}", encoded(fen)));
    assert_eq!(reply.status, 200, "{fen}: {}", reply.text());
    reply.json()
}

fn play_body(fen: &str, moves: &[&str]) -> String {
    let moves: Vec<String> = moves.iter().map(|m| quoted(m)).collect();
    format!(
        "{{\"fen\": {}, \"moves\": [{}]}}",
        quoted(fen),
        moves.join(", ")
    )
}

#[test]
fn position_lists_exactly_the_moves_congo_moves_lists() {
    let server = Server::start(&[], &[]);
    let mut fens = generated(40, "32");
    fens.push(CHAIN.to_owned());
    fens.push("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0".to_owned());
    for fen in &fens {
        let answer = position(&server, fen);
        assert_eq!(string(answer.get("fen").unwrap()), *fen);
        assert_eq!(
            strings(answer.get("moves").unwrap()),
            congo_moves(fen),
            "{fen}"
        );
        let side = if fen.contains(" w ") {
            "white"
        } else {
            "black"
        };
        assert_eq!(string(answer.get("side").unwrap()), side);
        assert_eq!(answer.get("result"), Some(&Json::Null), "{fen}");
        assert_eq!(strings(answer.get("board").unwrap()).len(), 7);
    }
}

#[test]
fn position_says_who_won_and_why_and_lists_no_moves() {
    let server = Server::start(&[], &[]);
    // Black's lion is gone: White has won.
    let taken = position(&server, "3L3/7/7/7/7/7/4Z2 b 1");
    assert_eq!(string(taken.get("result").unwrap()), "white wins");
    assert!(string(taken.get("reason").unwrap()).contains("lion"));
    assert!(strings(taken.get("moves").unwrap()).is_empty());
    // Two bare lions: a draw.
    let bare = position(&server, "2l4/7/7/7/7/7/4L2 w 5");
    assert_eq!(string(bare.get("result").unwrap()), "draw");
    assert!(strings(bare.get("moves").unwrap()).is_empty());
}

#[test]
fn play_answers_the_position_congo_play_reaches() {
    let server = Server::start(&[], &[]);
    let reply = server.post("/api/play", &play_body(CHAIN, &["c1c3c5"]));
    let answer = reply.json();
    let expected = congo_play(&[(CHAIN.to_owned(), "c1c3c5".to_owned())]);
    assert_eq!(string(answer.get("fen").unwrap()), expected[0].0);
    let Some(Json::Array(plies)) = answer.get("plies") else {
        panic!("plies: {answer}");
    };
    let [last] = &plies[..] else {
        panic!("one ply: {answer}")
    };
    assert_eq!(string(last.get("move").unwrap()), "c1c3c5");
    assert_eq!(strings(last.get("captured").unwrap()), ["c2", "c4"]);
    assert_eq!(string(last.get("fen").unwrap()), expected[0].0);
    assert_eq!(whole(answer.get("ply").unwrap()), 1);

    let won = server
        .post("/api/play", &play_body(LION_TAKES, &["d1d7"]))
        .json();
    assert_eq!(string(won.get("result").unwrap()), "white wins");
    assert_eq!(
        congo_play(&[(LION_TAKES.to_owned(), "d1d7".to_owned())])[0].1,
        "White wins"
    );
}

#[test]
fn play_applies_all_the_moves_or_none_and_names_the_one_refused() {
    let server = Server::start(&[], &[]);
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    let refused = server.post("/api/play", &play_body(start, &["a2a3", "a6a5", "a3a3"]));
    assert_eq!(
        refused.error(400),
        "moves: ply 3: move \"a3a3\" is not legal in this position"
    );
    let twice = server
        .post("/api/play", &play_body(start, &["a2a3", "a6a5"]))
        .json();
    let after_one = congo_play(&[(start.to_owned(), "a2a3".to_owned())]);
    let after_two = congo_play(&[(after_one[0].0.clone(), "a6a5".to_owned())]);
    assert_eq!(string(twice.get("fen").unwrap()), after_two[0].0);
    assert_eq!(whole(twice.get("ply").unwrap()), 2);
}

#[test]
fn best_answers_a_legal_move_with_its_line() {
    let server = Server::start(&[], &[]);
    let body = format!(
        "{{\"fen\": {}, \"movetime\": 100}}",
        quoted("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0")
    );
    let answer = server.post("/api/best", &body).json();
    let best = string(answer.get("move").unwrap());
    assert!(congo_moves("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0").contains(&best));
    let pv = strings(answer.get("pv").unwrap());
    assert_eq!(pv.first(), Some(&best));
    assert!(whole(answer.get("depth").unwrap()) >= 1);
    assert!(whole(answer.get("nodes").unwrap()) > 0);
    whole(answer.get("score").unwrap());
    // A capture of the lion is always found.
    let body = format!("{{\"fen\": {}, \"movetime\": 50}}", quoted(LION_TAKES));
    let answer = server.post("/api/best", &body).json();
    assert_eq!(string(answer.get("move").unwrap()), "d1d7");
}

#[test]
fn best_refuses_bad_times_and_ended_games() {
    let server = Server::start(&[], &[]);
    let fen = quoted(LION_TAKES);
    for movetime in ["0", "10001", "1.5", "\"fast\"", "-3"] {
        let body = format!("{{\"fen\": {fen}, \"movetime\": {movetime}}}");
        let message = server.post("/api/best", &body).error(400);
        assert_eq!(
            message,
            "\"movetime\" must be a whole number of milliseconds from 1 to 10000"
        );
    }
    let body = format!("{{\"fen\": {fen}, \"movetime\": 10, \"moves\": [\"d1d7\"]}}");
    let message = server.post("/api/best", &body).error(400);
    assert!(
        message.starts_with("no move: the game is over"),
        "{message}"
    );
}

#[test]
fn probe_needs_tables_and_then_agrees_with_tb_probe() {
    let without = Server::start(&[], &[]);
    let reply = without.get(&format!("/api/probe?fen={}", encoded(LION_TAKES)));
    assert_eq!(
        reply.error(404),
        "no endgame tables: start congo serve with --tb DIR"
    );

    let dir = scratch("serve-probe");
    let tables = dir.to_str().unwrap();
    let made = congo(&["tb", "generate", tables, "LvL", "LZvL"], b"");
    assert!(made.status.success(), "{}", text(&made.stderr));
    let server = Server::start(&[], &["--tb", tables]);
    let fens = [
        LION_TAKES,
        "7/7/3l3/7/3Z3/7/3L3 w 0",
        "7/7/3l3/7/3Z3/7/3L3 b 0",
    ];
    let input = format!("{}\n{}\n", fens.len(), fens.join("\n"));
    let probed = text(&congo(&["tb", "probe", tables], input.as_bytes()).stdout);
    for (fen, line) in fens.iter().zip(probed.lines()) {
        let answer = server
            .get(&format!("/api/probe?fen={}", encoded(fen)))
            .json();
        let value = string(answer.get("value").unwrap());
        let plies = whole(answer.get("plies").unwrap());
        let moves = strings(answer.get("moves").unwrap());
        let mut words = line.split(' ');
        assert_eq!(words.next(), Some(value.as_str()), "{fen}: {line}");
        assert_eq!(words.next(), Some(plies.to_string().as_str()), "{fen}");
        assert!(moves.contains(&words.next().unwrap().to_owned()), "{fen}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn record_gives_each_game_with_its_positions() {
    let server = Server::start(&[], &[]);
    let dir = scratch("serve-record");
    let record = dir.join("games.tsv");
    let path = record.to_str().unwrap();
    fixed_nodes_match(&["--movetime", "1000", "--games", "2", "--record", path]);
    let answer = server
        .post("/api/record", &std::fs::read_to_string(&record).unwrap())
        .json();
    let Some(Json::Array(games)) = answer.get("games") else {
        panic!("games: {answer}");
    };
    assert_eq!(games.len(), 2);
    for game in games {
        let moves = strings(game.get("moves").unwrap());
        let positions = strings(game.get("positions").unwrap());
        assert_eq!(positions.len(), moves.len() + 1);
        assert_eq!(positions[0], string(game.get("start").unwrap()));
        let cases: Vec<(String, String)> = positions.iter().cloned().zip(moves).collect();
        let played = congo_play(&cases);
        for (after, (fen, _)) in positions[1..].iter().zip(&played) {
            assert_eq!(after, fen);
        }
        string(game.get("result").unwrap());
    }
    let bad = server.post("/api/record", "1\twhite\tnot a fen\n");
    assert_eq!(
        bad.error(400),
        "record line 1: expected 6 tab-separated fields (game, white, start, moves, result, reason), found 3"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_of_megabytes_is_read_as_it_arrives_and_summed_up() {
    let server = Server::start(&[], &[]);
    let line = "1\tA\t3l3/7/7/2p4/7/2p4/2ML3 w 1\td1d7\t1-0\tblack's lion was taken\n";
    // About 2.4 MB: past the 1 MiB answered in full.
    let record = line.repeat(40_000);
    let summary = server.post("/api/record?summary=1", &record).json();
    let Some(Json::Array(games)) = summary.get("games") else {
        panic!("games")
    };
    assert_eq!(games.len(), 40_000);
    assert_eq!(whole(games[39_999].get("line").unwrap()), 40_000);
    assert_eq!(whole(games[0].get("length").unwrap()), 1);
    assert!(games[0].get("positions").is_none());
    assert_eq!(
        server.post("/api/record", &record).error(413),
        "a record over 1048576 bytes is answered with ?summary=1 only"
    );
    // A bad line far down is named by its number.
    let bad = format!("{}1\tA\tnot a fen\t\t1-0\tr\n", line.repeat(20_000));
    assert!(
        server
            .post("/api/record?summary=1", &bad)
            .error(400)
            .starts_with("record line 20001: game 1: bad start"),
    );
}

#[test]
fn the_rule_set_is_the_servers() {
    // A pawn reaching the last rank is promoted under 2022, not under 2021.
    let fen = "3l3/5P1/7/7/7/7/3L3 w 1";
    let promoted = Server::start(&[], &[])
        .post("/api/play", &play_body(fen, &["f6f7"]))
        .json();
    assert_eq!(
        string(promoted.get("fen").unwrap()),
        "3l1S1/7/7/7/7/7/3L3 b 1"
    );
    let plain = Server::start(&["--rules", "2021"], &[])
        .post("/api/play", &play_body(fen, &["f6f7"]))
        .json();
    assert_eq!(string(plain.get("fen").unwrap()), "3l1P1/7/7/7/7/7/3L3 b 1");
}

#[test]
fn head_answers_the_length_without_the_body() {
    let server = Server::start(&[], &[]);
    let mut connection = server.connect();
    let path = format!("/api/position?fen={}", encoded(CHAIN));
    let got = connection.send("GET", &path, None);
    use std::io::Write;
    connection
        .stream
        .write_all(format!("HEAD {path} HTTP/1.1\r\n\r\nGET {path} HTTP/1.1\r\n\r\n").as_bytes())
        .unwrap();
    // The HEAD answer has the GET's length but no body: the next answer
    // read must be the GET's, whole.
    let mut head = connection.reply_head_only();
    assert_eq!(head.status, 200);
    assert_eq!(
        head.header("content-length"),
        Some(got.body.len().to_string().as_str())
    );
    head = connection.reply();
    assert_eq!(head.body, got.body);
}

#[test]
fn queries_are_percent_and_plus_decoded_and_requests_pipelined() {
    let server = Server::start(&[], &[]);
    let plus = CHAIN.replace(' ', "+");
    let answer = server.get(&format!("/api/position?fen={plus}")).json();
    assert_eq!(string(answer.get("fen").unwrap()), CHAIN);
    let mut connection = server.connect();
    use std::io::Write;
    let one = format!("GET /api/position?fen={} HTTP/1.1\r\n\r\n", encoded(CHAIN));
    let two = format!(
        "POST /api/play HTTP/1.1\r\nContent-Length: {}\r\n\r\n{}",
        play_body(CHAIN, &["c1c3c5"]).len(),
        play_body(CHAIN, &["c1c3c5"])
    );
    connection
        .stream
        .write_all(format!("{one}{two}{one}").as_bytes())
        .unwrap();
    let first = connection.reply().json();
    let second = connection.reply().json();
    let third = connection.reply().json();
    assert_eq!(first, third);
    assert_eq!(whole(second.get("ply").unwrap()), 1);
}
