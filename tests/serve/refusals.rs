//! Every refusal the server gives: its status and a message that names
//! what is wrong, as JSON, and for a busy server when to come back.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use congo_web::Json;

use super::client::{Connection, PATIENCE, Reply, Server, encoded, quoted};

#[test]
fn bad_json_bad_fens_and_illegal_moves_are_400s_that_say_why() {
    let server = Server::start(&[], &[]);
    assert_eq!(
        server.post("/api/play", "{\"fen\": ").error(400),
        "the body is not JSON: the end where a value was expected at byte 8"
    );
    assert_eq!(
        server.post("/api/play", "{}").error(400),
        "the body needs \"fen\": a FEN"
    );
    let wide = "gmelecz/ppppppp/8/7/7/PPPPPPP/GMELECZ w 0";
    assert_eq!(
        server
            .get(&format!("/api/position?fen={}", encoded(wide)))
            .error(400),
        "fen: rank 5 has 8 squares, expected 7"
    );
    assert_eq!(
        server.get("/api/position").error(400),
        "the query needs fen=FEN"
    );
    let empty = encoded("7/7/7/7/7/7/7 w 0");
    assert_eq!(
        server.get(&format!("/api/position?fen={empty}")).error(400),
        "fen: neither lion is on the board; no game reaches it"
    );
    let body = format!(
        "{{\"fen\": {}, \"moves\": [\"d1d2\", 7]}}",
        quoted("3l3/7/7/7/7/7/3LZ2 w 1")
    );
    assert_eq!(
        server.post("/api/play", &body).error(400),
        "\"moves\" must be an array of move strings"
    );
    let body = format!(
        "{{\"fen\": {}, \"moves\": [\"d1d9\"]}}",
        quoted("3l3/7/7/7/7/7/3LZ2 w 1")
    );
    let message = server.post("/api/play", &body).error(400);
    assert!(message.starts_with("moves: ply 1: "), "{message}");
    assert!(message.contains("d1d9"), "{message}");
    assert_eq!(
        server.post("/api/play", "\u{1}\u{ff}").error(400),
        "the body is not JSON: a character that starts no value at byte 0"
    );
}

#[test]
fn unknown_paths_are_404s_and_wrong_methods_405s_with_allow() {
    let server = Server::start(&[], &[]);
    assert_eq!(server.get("/nowhere").error(404), "no page /nowhere");
    let reply = server.get("/api/play");
    assert_eq!(reply.error(405), "/api/play takes POST");
    assert_eq!(reply.header("allow"), Some("POST"));
    let reply = server.post("/api/position", "{}");
    assert_eq!(reply.error(405), "/api/position takes GET, HEAD");
    assert_eq!(reply.header("allow"), Some("GET, HEAD"));
    let reply = server.connect().send("DELETE", "/", None);
    assert_eq!(reply.error(405), "method DELETE is not served");
}

#[test]
fn bodies_over_64_kib_are_413s_and_heads_over_16_kib_431s() {
    let server = Server::start(&[], &[]);
    let body = "x".repeat((64 << 10) + 1);
    assert_eq!(
        server.post("/api/play", &body).error(413),
        "the body is longer than 65536 bytes"
    );
    // A record is read as it arrives, up to 16 MiB; past that it is
    // refused as soon as the length is read, before the body is sent.
    let reply = server.raw(b"POST /api/record HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n");
    assert_eq!(reply.error(413), "the body is longer than 16777216 bytes");
    let long = format!(
        "GET / HTTP/1.1\r\nX-Filler: {}\r\n\r\n",
        "y".repeat(16 << 10)
    );
    assert_eq!(
        server.raw(long.as_bytes()).error(431),
        "the request line and headers are longer than 16384 bytes"
    );
    // A head that never ends is refused once it passes the limit too.
    let endless = format!("GET / HTTP/1.1\r\nX-Filler: {}", "z".repeat(20 << 10));
    assert_eq!(server.raw(endless.as_bytes()).status, 431);
}

#[test]
fn malformed_requests_are_400s_and_unknown_lengths_411s() {
    let server = Server::start(&[], &[]);
    for (raw, message) in [
        (
            "GET /\r\n\r\n",
            "bad request: the request line is not METHOD TARGET VERSION",
        ),
        (
            "get / HTTP/1.1\r\n\r\n",
            "bad request: the method is not a word in capitals",
        ),
        (
            "GET / HTTP/2.0\r\n\r\n",
            "bad request: the version is not HTTP/1.1 or HTTP/1.0",
        ),
        (
            "GET / HTTP/1.1\r\nno colon\r\n\r\n",
            "bad request: a header without a colon",
        ),
        (
            "GET /%zz HTTP/1.1\r\n\r\n",
            "bad request: a % not followed by two hex digits",
        ),
    ] {
        assert_eq!(server.raw(raw.as_bytes()).error(400), message, "{raw:?}");
    }
    let reply = server.raw(b"POST /api/play HTTP/1.1\r\n\r\n");
    assert_eq!(
        reply.error(411),
        "a body needs a Content-Length (chunked bodies are not read)"
    );
    let chunked =
        b"POST /api/play HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
    assert_eq!(server.raw(chunked).status, 411);
}

#[test]
fn the_server_survives_garbage_and_goes_on_answering() {
    let mut server = Server::start(&[], &[]);
    let mut state: u64 = 0x5eed_c0de;
    for round in 0..40 {
        let mut bytes = Vec::new();
        for _ in 0..(round * 37 % 600) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push(state as u8);
        }
        let mut connection = server.connect();
        let _ = connection.stream.write_all(&bytes);
        let _ = connection.stream.shutdown(std::net::Shutdown::Write);
        // Whatever it answers (or not), the server stays up.
        assert!(server.is_running());
    }
    // The garbage's connections may still hold this address's room for a
    // moment: the server says so, and then answers.
    let started = std::time::Instant::now();
    loop {
        let reply = server.get("/");
        if reply.status == 200 {
            break;
        }
        assert_eq!(reply.status, 503, "{}", reply.text());
        assert!(started.elapsed() < super::client::PATIENCE, "still busy");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(server.is_running());
}

/// A record of one game, one line.
const RECORD_LINE: &str = "1\tA\t3l3/7/7/2p4/7/2p4/2ML3 w 1\td1d7\t1-0\tblack's lion was taken\n";

/// An upload from `host` that stays under way: a long record's head and
/// first line, the rest never sent.
fn upload_under_way(server: &Server, host: u8) -> Connection {
    let mut connection = server.connect_from(host);
    let head = format!(
        "POST /api/record HTTP/1.1\r\nContent-Length: {}\r\n\r\n{RECORD_LINE}",
        1 << 20
    );
    connection.stream.write_all(head.as_bytes()).unwrap();
    connection
}

/// The answer to the first of `requests` the server answers: of requests
/// sent together, the one refused while the others stay under way (which
/// one depends on the order the server reads them in; that it is one does
/// not).
pub fn first_answered(requests: &mut [Connection]) -> Reply {
    let started = Instant::now();
    loop {
        for request in requests.iter_mut() {
            request.stream.set_nonblocking(true).unwrap();
            let answered = request.stream.peek(&mut [0]).is_ok();
            request.stream.set_nonblocking(false).unwrap();
            if answered {
                return request.reply();
            }
        }
        assert!(started.elapsed() < PATIENCE, "none answered");
        thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn uploads_past_two_from_an_address_or_eight_in_all_say_when_to_come_back() {
    let server = Server::start(&[], &[]);
    let mut from_one: Vec<Connection> = (0..3).map(|_| upload_under_way(&server, 2)).collect();
    let refusal = first_answered(&mut from_one);
    assert_eq!(
        refusal.error(429),
        "2 records of yours are being read already; try again in 1 s"
    );
    assert_eq!(refusal.header("retry-after"), Some("1"));
    // Two are under way; seven from as many others make one too many.
    let mut from_others: Vec<Connection> = (3..10)
        .map(|host| upload_under_way(&server, host))
        .collect();
    let refusal = first_answered(&mut from_others);
    assert_eq!(
        refusal.error(503),
        "8 records are being read already; try again in 1 s"
    );
    assert_eq!(refusal.header("retry-after"), Some("1"));
    // Once they end, there is room again.
    drop((from_one, from_others));
    let started = Instant::now();
    while server
        .connect_from(2)
        .send("POST", "/api/record", Some(RECORD_LINE))
        .status
        != 200
    {
        assert!(started.elapsed() < PATIENCE, "still refused");
        thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_answer_past_8_mib_is_refused_at_the_game_that_passes_it() {
    let server = Server::start(&[], &[]);
    // About 5 MB of one-move games; their summaries take about 8.5 MB.
    let record = RECORD_LINE.repeat(80_000);
    let message = server.post("/api/record?summary=1", &record).error(413);
    let game: usize = message
        .strip_prefix("the answer would pass 8388608 bytes at game ")
        .and_then(|rest| rest.strip_suffix("; send the games in parts"))
        .and_then(|game| game.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    // One game fewer is answered.
    let fewer = RECORD_LINE.repeat(game - 1);
    let answer = server.post("/api/record?summary=1", &fewer).json();
    let Some(Json::Array(games)) = answer.get("games") else {
        panic!("games")
    };
    assert_eq!(games.len(), game - 1);
}

#[test]
fn a_pgn_game_past_1_mib_is_refused_at_the_line_that_passes_it() {
    let server = Server::start(&[], &[]);
    let mut lines = vec!["[Event \"long\"]", "[Result \"1-0\"]", "", "1. d1d7 {"];
    let comment = "z".repeat(100);
    lines.extend(std::iter::repeat_n(comment.as_str(), 11_000));
    lines.push("} 1-0");
    let mut read = 0;
    let passing = 1 + lines
        .iter()
        .position(|line| {
            read += line.len() + 1;
            read > 1 << 20
        })
        .unwrap();
    let pgn = format!("{}\n", lines.join("\n"));
    assert_eq!(
        server.post("/api/record?summary=1", &pgn).error(413),
        format!("PGN game 1: longer than 1048576 bytes at line {passing}")
    );
}

#[test]
fn thirty_two_uploads_at_once_hold_little_memory() {
    let server = Server::start(&[], &[]);
    // Just under 1 MiB, answered in full: about 5.5 MB of answer each.
    let record = RECORD_LINE.repeat((1 << 20) / RECORD_LINE.len());
    let uploading = AtomicBool::new(true);
    let most = thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut most = 0;
            while uploading.load(Ordering::Relaxed) {
                most = most.max(server.memory().unwrap_or(0));
                thread::sleep(Duration::from_millis(5));
            }
            most
        });
        let uploads: Vec<_> = (0..32)
            .map(|client| {
                let (server, record) = (&server, &record);
                scope.spawn(move || {
                    let reply =
                        server
                            .connect_from(10 + client)
                            .send("POST", "/api/record", Some(record));
                    // Answered, or told to come back: never cut off.
                    assert!(matches!(reply.status, 200 | 503), "{}", reply.status);
                })
            })
            .collect();
        for upload in uploads {
            upload.join().unwrap();
        }
        uploading.store(false, Ordering::Relaxed);
        watcher.join().unwrap()
    });
    // Each upload once held its answer as a tree of values: 1.2 GB in all.
    assert!(most < 300 << 20, "{} MB resident", most >> 20);
}

#[test]
fn a_search_past_its_share_of_the_queue_is_told_when_to_come_back() {
    let server = Server::start(&[], &["--engines", "1"]);
    let search = |host: u8, settings: &str| {
        let body =
            format!("{{\"fen\": \"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\", {settings}}}");
        server.send_only(host, "POST", "/api/best", &body)
    };
    // One address's four ten-second searches: one runs, two wait, and one
    // is refused at once.
    let mut long: Vec<Connection> = (0..4).map(|_| search(2, "\"movetime\": 10000")).collect();
    let crowded = first_answered(&mut long);
    assert_eq!(
        crowded.error(503),
        "too many searches wait already, from you or from everyone; try again in 1 s"
    );
    assert_eq!(crowded.header("retry-after"), Some("1"));
    let busy = search(3, "\"movetime\": 1, \"wait\": 0").reply();
    assert_eq!(
        busy.error(503),
        "every engine is searching; try again in 1 s"
    );
    assert_eq!(busy.header("retry-after"), Some("1"));
}
