//! The web board's server: `/api/position` requests a second from 50
//! keep-alive clients (each from an address of its own, as the server
//! limits connections by address), how soon a friend's move reaches the
//! other player's page, the journal's bytes a move, the memory of 1,000
//! friend games in progress with 200 watchers, the page's weight, and its
//! first paint in headless Chromium when `chromedriver` is here.
//!
//! Run with `cargo bench --bench serve`. Fixed work: every round of the
//! throughput sends the same 50,000 requests; the best round of three is
//! printed. With `CONGO_BENCH_BASELINE=PATH` (another build of congo) the
//! throughput, the latency and the memory are measured for both, in turns,
//! side by side.

#[path = "../tests/common/mod.rs"]
mod common;

#[allow(dead_code)] // the benchmark uses only its client's basics
#[path = "../tests/serve/client.rs"]
mod client;

#[path = "common/mod.rs"]
mod timing;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use client::{Events, Server, encoded, string};
use congo_web::Json;
use timing::best_of;

const CLIENTS: usize = 50;
const REQUESTS_EACH: usize = 1_000;
const FEN: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
/// Lions facing down an open file with a pawn on each side to move.
const FRIENDLY: &str = "3l3/ppppppp/7/7/7/PPPPPPP/3L3 w 0";
const GAMES: usize = 1_000;
/// Games made from one address: no more than a server lets one address
/// have in progress.
const GAMES_AN_ADDRESS: usize = 16;
const WATCHERS: usize = 200;

fn main() {
    let baseline = std::env::var("CONGO_BENCH_BASELINE").ok();
    let mut builds = vec![("this build", common::CONGO.to_owned())];
    if let Some(path) = &baseline {
        builds.push(("baseline", path.clone()));
    }
    // In turns, so that both see the machine alike.
    let mut rates: Vec<Vec<f64>> = vec![Vec::new(); builds.len()];
    for _ in 0..3 {
        for (index, (_, binary)) in builds.iter().enumerate() {
            let server = Server::start_binary(binary, &[], &[]);
            rates[index].push(throughput(&server));
        }
    }
    for ((name, _), rates) in builds.iter().zip(&rates) {
        let best = rates.iter().cloned().fold(0.0, f64::max);
        let all: Vec<String> = rates.iter().map(|rate| format!("{rate:.0}")).collect();
        println!(
            "serve: /api/position, {CLIENTS} keep-alive clients, {name}: best {best:.0} requests/s (rounds: {})",
            all.join(", ")
        );
    }
    for (name, binary) in &builds {
        let server = Server::start_binary(binary, &[], &[]);
        let latencies = friend_move_latencies(&server, 200);
        println!(
            "serve: a friend's move shown to the other page, {name}: median {:.2} ms, 99th percentile {:.2} ms, worst {:.2} ms ({} moves)",
            latencies[latencies.len() / 2],
            latencies[latencies.len() * 99 / 100],
            latencies[latencies.len() - 1],
            latencies.len()
        );
        if let Some(data) = server.data() {
            let bytes = folder_bytes(&data.join("games"));
            println!(
                "serve: the journal, {name}: {bytes} bytes for {} games and {} moves",
                latencies.len().div_ceil(10),
                latencies.len()
            );
        }
        drop(server);
        let server = Server::start_binary(binary, &[], &[]);
        let before = server.memory();
        let (games, watchers) = games_and_watchers(&server);
        match (before, server.memory()) {
            (Some(before), Some(after)) => println!(
                "serve: {GAMES} friend games in progress with {WATCHERS} watchers, {name}: {:.1} MB resident ({:.1} MB before)",
                after as f64 / 1e6,
                before as f64 / 1e6
            ),
            _ => println!("serve: memory not measured (no /proc)"),
        }
        drop((games, watchers));
    }
    let server = Server::start(&[], &[]);
    println!(
        "serve: the page, every asset included: {} bytes",
        congo_web::page_size()
    );
    match first_paint(&server) {
        Ok(ms) => println!("serve: first paint in headless Chromium: {ms:.1} ms"),
        Err(why) => println!("serve: first paint skipped: {why}"),
    }
}

/// `/api/position` requests a second, the best of three rounds of 50
/// clients' 1,000 requests each.
fn throughput(server: &Server) -> f64 {
    let path = format!("/api/position?fen={}", encoded(FEN));
    let (timing, answered) = best_of(1, || {
        thread::scope(|scope| {
            let clients: Vec<_> = (0..CLIENTS)
                .map(|client| {
                    let (server, path) = (server, &path);
                    scope.spawn(move || {
                        let mut connection = server.connect_from(10 + client as u8);
                        (0..REQUESTS_EACH)
                            .filter(|_| connection.send("GET", path, None).status == 200)
                            .count()
                    })
                })
                .collect();
            clients
                .into_iter()
                .map(|client| client.join().unwrap_or(0))
                .sum::<usize>()
        })
    });
    assert_eq!(answered, CLIENTS * REQUESTS_EACH, "every request answered");
    answered as f64 / timing.wall
}

/// A new friend game made from `host`: its id and the two players' keys.
fn friend_game(server: &Server, host: u8) -> (String, String, String) {
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"friend\"}}",
        Json::from(FRIENDLY)
    );
    let created = server
        .connect_from(host)
        .send("POST", "/api/games", Some(&body))
        .json();
    let key = |link: &str| {
        let link = string(created.get("links").unwrap().get(link).unwrap());
        link.split("key=").nth(1).unwrap().to_owned()
    };
    (string(created.get("id").unwrap()), key("me"), key("friend"))
}

/// The time from sending a move to the other player's page hearing of
/// it, for `plies` moves of friend games, in milliseconds, sorted.
fn friend_move_latencies(server: &Server, plies: usize) -> Vec<f64> {
    let mut latencies = Vec::new();
    let moves = [
        "a2a3", "a6a5", "b2b3", "b6b5", "c2c3", "c6c5", "e2e3", "e6e5", "f2f3", "f6f5",
    ];
    for game in 0.. {
        if latencies.len() >= plies {
            break;
        }
        // Each player from an address of their own, as two browsers are;
        // the last game's connections may not have been let go yet.
        let hosts = [20 + 2 * game as u8, 21 + 2 * game as u8];
        let (id, white, black) = friend_game(server, hosts[0]);
        let keys = [white, black];
        let mut sees = [
            server.follow_game(hosts[0], &id, Some(&keys[0])),
            server.follow_game(hosts[1], &id, Some(&keys[1])),
        ];
        for event in &mut sees {
            event.next();
        }
        let mut players = hosts.map(|host| server.connect_from(host));
        for (ply, m) in moves.iter().enumerate() {
            let (mover, other) = (ply % 2, 1 - ply % 2);
            let body = format!("{{\"key\": \"{}\", \"move\": \"{m}\"}}", keys[mover]);
            let sent = Instant::now();
            let path = format!("/api/games/{id}/move");
            let request = format!(
                "POST {path} HTTP/1.1\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            players[mover].stream.write_all(request.as_bytes()).unwrap();
            sees[other].until(|view| match view.get("moves") {
                Some(Json::Array(moves)) => moves.len() == ply + 1,
                _ => false,
            });
            latencies.push(sent.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(players[mover].reply().status, 200);
            sees[mover].until(|view| match view.get("moves") {
                Some(Json::Array(moves)) => moves.len() == ply + 1,
                _ => false,
            });
        }
    }
    latencies.sort_by(f64::total_cmp);
    latencies
}

/// 1,000 friend games, each with a move played, and 200 watchers
/// following the first of them, held open; what must be kept for them to
/// stay.
fn games_and_watchers(server: &Server) -> (Vec<String>, Vec<Events>) {
    let mut games = Vec::new();
    for game in 0..GAMES {
        let host = 100 + (game / GAMES_AN_ADDRESS) as u8;
        let (id, white, _) = friend_game(server, host);
        let body = format!("{{\"key\": \"{white}\", \"move\": \"a2a3\"}}");
        let reply =
            server
                .connect_from(host)
                .send("POST", &format!("/api/games/{id}/move"), Some(&body));
        assert_eq!(reply.status, 200, "{}", reply.text());
        games.push(id);
    }
    let mut watchers = Vec::new();
    for watcher in 0..WATCHERS {
        // At most 16 connections an address.
        let host = 170 + (watcher / 15) as u8;
        let mut events = server.follow_game(host, &games[watcher % GAMES], None);
        events.next();
        watchers.push(events);
    }
    // Settled: every stream open and answered.
    thread::sleep(Duration::from_millis(500));
    (games, watchers)
}

/// The bytes of the files in `folder`.
fn folder_bytes(folder: &std::path::Path) -> u64 {
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| entry.metadata().ok())
        .map(|meta| meta.len())
        .sum()
}

/// The page's first contentful paint after navigation, in milliseconds, as
/// Chromium's own performance entries time it, spoken to over WebDriver.
fn first_paint(server: &Server) -> Result<f64, String> {
    let mut driver = Command::new("chromedriver")
        .arg("--port=0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|error| format!("chromedriver: {error}"))?;
    let mut said = BufReader::new(driver.stdout.take().ok_or("no stdout")?);
    let port = loop {
        let mut line = String::new();
        if said.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            break None;
        }
        if let Some(rest) = line.split("successfully on port ").nth(1) {
            break rest.trim().trim_end_matches('.').parse::<u16>().ok();
        }
    };
    let result = port
        .ok_or_else(|| "chromedriver named no port".to_owned())
        .and_then(|port| paint_through(port, server));
    let _ = driver.kill();
    let _ = driver.wait();
    result
}

fn paint_through(port: u16, server: &Server) -> Result<f64, String> {
    let capabilities = r#"{"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]}}}}"#;
    let session = webdriver(port, "POST", "/session", capabilities)?;
    let id = session
        .get("value")
        .and_then(|value| value.get("sessionId"))
        .and_then(Json::as_str)
        .ok_or_else(|| format!("no session: {session}"))?
        .to_owned();
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let url = format!("{{\"url\": \"http://{}/\"}}", server.address);
        webdriver(port, "POST", &format!("/session/{id}/url"), &url)?;
        let script = r#"{"script": "const paint = performance.getEntriesByName('first-contentful-paint')[0]; return paint ? paint.startTime : -1;", "args": []}"#;
        let answer = webdriver(port, "POST", &format!("/session/{id}/execute/sync"), script)?;
        if let Some(Json::Number(ms)) = answer.get("value")
            && *ms >= 0.0
        {
            best = best.min(*ms);
        }
    }
    webdriver(port, "DELETE", &format!("/session/{id}"), "")?;
    best.is_finite()
        .then_some(best)
        .ok_or_else(|| "Chromium reported no paint".to_owned())
}

/// One WebDriver command on a connection of its own, and its JSON answer.
fn webdriver(port: u16, method: &str, path: &str, body: &str) -> Result<Json, String> {
    let failed = |error: std::io::Error| format!("chromedriver: {error}");
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(failed)?;
    // chromedriver answers only requests addressed to the local host.
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(failed)?;
    let mut answer = BufReader::new(stream);
    let mut length = 0;
    loop {
        let mut line = String::new();
        answer.read_line(&mut line).map_err(failed)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().map_err(|_| "a bad Content-Length")?;
        }
    }
    let mut body = vec![0; length];
    answer.read_exact(&mut body).map_err(failed)?;
    let text = String::from_utf8(body).map_err(|_| "an answer not in UTF-8")?;
    Json::parse(&text).map_err(|error| format!("chromedriver: {error}"))
}
