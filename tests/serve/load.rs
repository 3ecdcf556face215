//! Clients that stall, trickle or come many at once: each is bounded, and
//! none delays the others.

use std::io::{ErrorKind, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use congo_web::MAX_PER_ADDRESS;

use super::client::{Connection, Events, PATIENCE, Reply, Server, encoded, quoted, string};
use super::kept_games::create;

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
            .map(|client| {
                let (server, fen) = (&server, &fen);
                scope.spawn(move || {
                    let mut connection = server.connect_from(10 + client);
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

/// Whether the server has closed `connection` (without waiting for it
/// to).
fn closed_now(connection: &mut Connection) -> bool {
    connection.stream.set_nonblocking(true).unwrap();
    let read = connection.stream.read(&mut [0]);
    matches!(read, Ok(0)) || read.is_err_and(|error| error.kind() != ErrorKind::WouldBlock)
}

/// Longer than a connection waits before it may give its room away.
const GRACE_PAST: Duration = Duration::from_millis(1500);

/// A refusal for want of room: a whole 503 that says when to come back.
fn assert_busy(reply: &Reply) {
    assert_eq!(reply.error(503), "the server is busy; try again");
    assert_eq!(reply.header("retry-after"), Some("1"));
}

/// Asks `path` from `host` until it is answered with 200.
fn get_when_room(server: &Server, host: u8, path: &str) {
    let started = Instant::now();
    while server.connect_from(host).send("GET", path, None).status != 200 {
        assert!(started.elapsed() < PATIENCE, "still busy");
        thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn one_address_holds_a_few_connections_and_others_are_still_served() {
    let server = Server::start(&[], &[]);
    let mut held = Vec::new();
    for _ in 0..MAX_PER_ADDRESS {
        let mut connection = server.connect_from(2);
        // A request answered proves the connection is counted.
        assert_eq!(connection.send("GET", "/style.css", None).status, 200);
        held.push(connection);
    }
    assert_busy(&server.connect_from(2).send("GET", "/", None));
    assert_eq!(server.connect_from(3).send("GET", "/", None).status, 200);
    drop(held);
    // Once they close, there is room again.
    get_when_room(&server, 2, "/style.css");
}

#[test]
fn connections_past_the_limit_are_told_the_server_is_busy() {
    // Eight connections, none waiting for a request: six event streams (as
    // many as eight connections allow) and two records being read.
    let server = Server::start(&[], &["--connections", "8"]);
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"me\"}}",
        quoted(FEN)
    );
    let id = string(create(&server, 10, &body).get("id").unwrap());
    let streams: Vec<Events> = (0..6).map(|_| server.follow_game(10, &id, None)).collect();
    let uploads: Vec<Connection> = (11..13)
        .map(|host| {
            let mut connection = server.connect_from(host);
            let head = "POST /api/record HTTP/1.1\r\nContent-Length: 100000\r\n\r\n1\t";
            connection.stream.write_all(head.as_bytes()).unwrap();
            connection
        })
        .collect();
    thread::sleep(GRACE_PAST);
    assert_busy(&server.connect_from(200).send("GET", "/", None));
    drop((streams, uploads));
    get_when_room(&server, 200, "/style.css");
}

#[test]
fn a_connection_waiting_longest_gives_its_room_to_a_newcomer() {
    let server = Server::start(&[], &["--connections", "8"]);
    let mut held: Vec<Connection> = (0..8)
        .map(|index| {
            let mut connection = server.connect_from(10 + index % 2);
            assert_eq!(connection.send("GET", "/style.css", None).status, 200);
            connection
        })
        .collect();
    thread::sleep(GRACE_PAST);
    assert_eq!(
        server
            .connect_from(200)
            .send("GET", "/style.css", None)
            .status,
        200
    );
    let closed = held
        .iter_mut()
        .map(closed_now)
        .filter(|&closed| closed)
        .count();
    assert_eq!(closed, 1);
}

#[test]
fn three_hundred_reconnecting_sockets_from_one_address_lock_no_one_out() {
    let server = Server::start(&[], &[]);
    let flooding = AtomicBool::new(true);
    let refused = AtomicUsize::new(0);
    let fen = encoded(FEN);
    // The address holds all the connections it may, so that each of the
    // three hundred is refused.
    let held: Vec<_> = (0..MAX_PER_ADDRESS)
        .map(|_| {
            let mut connection = server.connect_from(2);
            assert_eq!(connection.send("GET", "/style.css", None).status, 200);
            connection
        })
        .collect();
    thread::scope(|scope| {
        for _ in 0..300 {
            let (server, flooding, refused) = (&server, &flooding, &refused);
            scope.spawn(move || {
                while flooding.load(Ordering::Relaxed) {
                    // Every answer, refusal or not, is read whole: a reset
                    // would fail here.
                    let reply = server.connect_from(2).send("GET", "/style.css", None);
                    match reply.status {
                        200 => {}
                        _ => {
                            assert_busy(&reply);
                            refused.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
        // Another client's 50 requests, each on a fresh connection, as a
        // browser would make them.
        while refused.load(Ordering::Relaxed) < 300 {
            thread::sleep(Duration::from_millis(10));
        }
        for _ in 0..50 {
            let reply =
                server
                    .connect_from(3)
                    .send("GET", &format!("/api/position?fen={fen}"), None);
            assert_eq!(string(reply.json().get("fen").unwrap()), FEN);
        }
        flooding.store(false, Ordering::Relaxed);
    });
    assert!(refused.load(Ordering::Relaxed) >= 300);
    drop(held);
}
