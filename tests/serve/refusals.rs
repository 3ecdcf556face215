//! Every refusal the server gives: its status and a message that names
//! what is wrong, as JSON.

use std::io::Write;

use crate::client::{Server, encoded, quoted};

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
        assert!(started.elapsed() < crate::client::PATIENCE, "still busy");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(server.is_running());
}
