//! Clients that stall, trickle or come many at once: each is bounded, and
//! none delays the others.

use std::io::Write;
use std::thread;
use std::time::{Duration, Instant};

use crate::client::{PATIENCE, Server, encoded, string};

const FEN: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

#[test]
fn a_stalled_client_is_dropped_without_delaying_anyone() {
    let server = Server::start(&[], &[]);
    let mut stalled = server.connect();
    stalled.stream.write_all(b"GET /api/position?fen=").unwrap();
    // Others are answered while it stalls.
    for _ in 0..20 {
        let reply = server.get(&format!("/api/position?fen={}", encoded(FEN)));
        assert_eq!(reply.status, 200);
    }
    // And the stalled one is let go: the server closes it with no answer.
    let waited = Instant::now();
    assert!(stalled.is_closed());
    assert!(waited.elapsed() < PATIENCE);
}

#[test]
fn a_request_that_trickles_in_forever_is_dropped() {
    let server = Server::start(&[], &[]);
    let mut trickle = server.connect();
    trickle.stream.write_all(b"GET / HTTP/1.1\r\n").unwrap();
    let started = Instant::now();
    let mut cut = false;
    // One header byte a second, each within the idle limit; the request as
    // a whole must still arrive in time.
    while started.elapsed() < PATIENCE {
        if trickle.stream.write_all(b"X").is_err() {
            cut = true;
            break;
        }
        thread::sleep(Duration::from_secs(1));
    }
    assert!(cut, "the server kept a trickling request for {PATIENCE:?}");
}

#[test]
fn fifty_clients_at_once_are_all_answered() {
    let server = Server::start(&[], &[]);
    let fen = encoded(FEN);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|_| {
                let (server, fen) = (&server, &fen);
                scope.spawn(move || {
                    let mut connection = server.connect();
                    for _ in 0..20 {
                        let reply =
                            connection.send("GET", &format!("/api/position?fen={fen}"), None);
                        assert_eq!(string(reply.json().get("fen").unwrap()), FEN);
                    }
                })
            })
            .collect();
        for handle in handles {
            handle.join().unwrap();
        }
    });
}

#[test]
fn connections_past_the_limit_are_told_the_server_is_busy() {
    let server = Server::start(&[], &[]);
    let mut held = Vec::new();
    for _ in 0..congo::serve::MAX_CONNECTIONS {
        let mut connection = server.connect();
        // A request answered proves the connection is counted.
        assert_eq!(connection.send("GET", "/favicon.svg", None).status, 200);
        held.push(connection);
    }
    let busy = server.get("/");
    assert_eq!(busy.error(503), "the server is busy; try again");
    drop(held);
    // Once they close, there is room again.
    let started = Instant::now();
    loop {
        let reply = server.get("/favicon.svg");
        if reply.status == 200 {
            break;
        }
        assert!(started.elapsed() < PATIENCE, "still busy");
        thread::sleep(Duration::from_millis(50));
    }
}
