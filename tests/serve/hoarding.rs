//! Connections hoarded from many addresses: event streams never read and
//! requests that trickle in for ever. A newcomer may wait a moment, but a
//! player in a game goes on moving and seeing the replies.

use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use super::client::{Server, connect_from, quoted};
use super::kept_games::{FULL_START, friend_game, moves};

/// The addresses that hoard.
const ADDRESSES: u8 = 70;

/// The streams and the trickling requests each address holds: 15 and 5,
/// or fewer where this process may not open files for them all (the
/// server's own limit is what it is sized by).
fn hoard_size() -> (usize, usize) {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let files = (limits.lines())
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3)?.parse::<usize>().ok())
        .unwrap_or(1024);
    let each = files.saturating_sub(200) / usize::from(ADDRESSES);
    if each < 20 {
        eprintln!("hoarding: {files} open files allowed, so {each} connections an address");
    }
    ((each * 3 / 4).min(15), (each / 4).min(5))
}

/// Holds `count` requests from `127.0.0.{host}` that trickle in a byte a
/// second, each opened again once the server closes it, until `going`
/// is false.
fn trickle(server: &Server, host: u8, count: usize, going: &AtomicBool) {
    let mut open: Vec<TcpStream> = Vec::new();
    while going.load(Ordering::Relaxed) {
        while open.len() < count {
            let Ok(mut stream) = connect_from(host, server.address) else {
                break;
            };
            let _ = stream.write_all(b"GET / HTTP/1.1\r\nX-Slow: ");
            open.push(stream);
        }
        open.retain_mut(|stream| stream.write_all(b"a").is_ok());
        thread::sleep(Duration::from_secs(1));
    }
}

/// Sets its flag false when dropped, a panic included.
struct Stop<'a>(&'a AtomicBool);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// Posts `body` to `path` from `127.0.0.{host}`: answered at once, never
/// refused for want of room.
fn post(server: &Server, host: u8, path: &str, body: &str) {
    let reply = server.connect_from(host).send("POST", path, Some(body));
    assert_eq!(reply.status, 200, "{path}: {}", reply.text());
}

#[test]
fn a_player_finishes_a_game_while_seventy_addresses_hoard_streams_and_trickle() {
    let server = Server::start(&[], &[]);
    let (id, white, black) = friend_game(&server, 2, FULL_START);
    let mut seen = server.follow_game(3, &id, Some(&black));
    let (streams, slow) = hoard_size();
    let mut hoarded = Vec::new();
    for host in 100..100 + ADDRESSES {
        for _ in 0..streams {
            let Ok(mut stream) = connect_from(host, server.address) else {
                continue;
            };
            let request = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: congo\r\n\r\n");
            let _ = stream.write_all(request.as_bytes());
            hoarded.push(stream);
        }
    }
    let going = AtomicBool::new(true);
    thread::scope(|scope| {
        for host in 100..100 + ADDRESSES {
            let (server, going) = (&server, &going);
            scope.spawn(move || trickle(server, host, slow, going));
        }
        // The trickling stops however the game goes.
        let _stop = Stop(&going);
        // The hoard holds every room it can, as it would have long before
        // a player's move.
        thread::sleep(Duration::from_secs(2));
        let game = [
            (2, &white, "d2d3"),
            (3, &black, "d6d5"),
            (2, &white, "c2c3"),
        ];
        for (played, (host, key, m)) in game.into_iter().enumerate() {
            let body = format!("{{\"key\": {}, \"move\": {}}}", quoted(key), quoted(m));
            post(&server, host, &format!("/api/games/{id}/move"), &body);
            seen.until(|view| moves(view).len() == played + 1);
        }
        let resign = format!("{{\"key\": {}}}", quoted(&white));
        post(&server, 2, &format!("/api/games/{id}/resign"), &resign);
        let ended = seen.until(|view| {
            view.get("ended")
                .is_some_and(|ended| ended.as_str().is_some())
        });
        assert_eq!(moves(&ended), ["d2d3", "d6d5", "c2c3"]);
    });
    drop(hoarded);
}

#[test]
fn a_low_open_files_limit_bounds_the_connections_and_is_said() {
    let data = std::env::temp_dir().join(format!("congo-serve-files-{}", std::process::id()));
    let script = format!(
        "ulimit -Sn 256 && exec \"$0\" serve --port 0 --data '{}'",
        data.display()
    );
    let mut child = std::process::Command::new("sh")
        .args(["-c", &script, crate::common::CONGO])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut lines = [String::new(), String::new()];
    for line in &mut lines {
        std::io::BufRead::read_line(&mut said, line).unwrap();
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&data);
    assert!(lines[0].starts_with("congo serve: http://"), "{lines:?}");
    assert_eq!(
        lines[1],
        "congo serve: at most 72 connections at once, as 256 open files allow \
         (raise the limit with `ulimit -n` or systemd's LimitNOFILE=)\n"
    );
}
