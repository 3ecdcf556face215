//! A whole game through the API: the engine plays itself by `/api/best`,
//! each move applied by `/api/play`, every position checked against
//! `congo play` and every move list against `congo moves`.

use super::client::{Server, quoted, string, strings};
use super::{congo_moves, congo_play};

#[test]
fn the_engine_plays_itself_to_the_end_as_congo_play_would() {
    let server = Server::start(&[], &[]);
    let start = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";
    let mut moves: Vec<String> = Vec::new();
    let mut fens = vec![start.to_owned()];
    let result = loop {
        let listed: Vec<String> = moves.iter().map(|m| quoted(m)).collect();
        let body = format!(
            "{{\"fen\": {}, \"moves\": [{}]}}",
            quoted(start),
            listed.join(",")
        );
        let now = server.post("/api/play", &body).json();
        let fen = string(now.get("fen").unwrap());
        assert_eq!(&fen, fens.last().unwrap());
        if let Some(result) = now.get("result").and_then(|r| r.as_str()) {
            assert!(strings(now.get("moves").unwrap()).is_empty());
            break (result.to_owned(), string(now.get("reason").unwrap()));
        }
        assert_eq!(
            strings(now.get("moves").unwrap()),
            congo_moves(&fen),
            "{fen}"
        );
        let body = format!(
            "{{\"fen\": {}, \"moves\": [{}], \"movetime\": 20}}",
            quoted(start),
            listed.join(",")
        );
        let best = server.post("/api/best", &body).json();
        let m = string(best.get("move").unwrap());
        let after = congo_play(&[(fen, m.clone())]);
        moves.push(m);
        fens.push(after[0].0.clone());
    };
    assert!(moves.len() <= congo_rules::MAX_PLIES, "{}", moves.len());
    let verdict = congo_play(&[(fens[fens.len() - 2].clone(), moves.last().unwrap().clone())]);
    match result.0.as_str() {
        "white wins" => assert_eq!(verdict[0].1, "White wins", "{result:?}"),
        "black wins" => assert_eq!(verdict[0].1, "Black wins", "{result:?}"),
        "draw" => assert_eq!(verdict[0].1, "Continue", "{result:?}"),
        other => panic!("a result {other}"),
    }
}
