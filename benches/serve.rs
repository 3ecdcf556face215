//! The web board's server: `/api/position` requests a second from 50
//! keep-alive clients against the real `congo serve`, the page's weight,
//! and its first paint in headless Chromium when `chromedriver` is here.
//!
//! Run with `cargo bench --bench serve`. Fixed work: every round sends the
//! same 50,000 requests; the best round of three is printed.

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

use client::{Server, encoded};
use congo::serve::Json;
use timing::best_of;

const CLIENTS: usize = 50;
const REQUESTS_EACH: usize = 1_000;
const FEN: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

fn main() {
    let server = Server::start(&[], &[]);
    let path = format!("/api/position?fen={}", encoded(FEN));
    let (timing, answered) = best_of(3, || {
        thread::scope(|scope| {
            let clients: Vec<_> = (0..CLIENTS)
                .map(|_| {
                    let (server, path) = (&server, &path);
                    scope.spawn(move || {
                        let mut connection = server.connect();
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
    println!(
        "serve: /api/position, {CLIENTS} keep-alive clients: {answered} requests in {:.3} s: {:.0} requests/s",
        timing.wall,
        answered as f64 / timing.wall
    );
    println!(
        "serve: the page, every asset included: {} bytes",
        congo::serve::page_size()
    );
    match first_paint(&server) {
        Ok(ms) => println!("serve: first paint in headless Chromium: {ms:.1} ms"),
        Err(why) => println!("serve: first paint skipped: {why}"),
    }
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
