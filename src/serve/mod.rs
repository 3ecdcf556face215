//! `congo serve`: the web board, a second front end over the library. An
//! HTTP/1.1 server on the standard library serves one page (its HTML, CSS
//! and JavaScript built into the binary) and a JSON API that the page and
//! scripts use. The page holds no rules: the moves, the position after
//! them and the end of the game all come from the API.
//!
//! Every byte is treated as hostile: requests are bounded in head and
//! body, a client that stalls is dropped after a few seconds on its own
//! thread, connections and searches are bounded, and nothing answers with
//! a panic.

mod api;
mod assets;
mod http;
mod json;
mod searchers;

pub use api::{App, MAX_MOVETIME};
pub use assets::page_size;
pub use json::{Json, JsonError};

use std::io::{self, Read};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// The most connections served at once; one more is told the server is
/// busy.
pub const MAX_CONNECTIONS: usize = 256;

/// How long a connection may send nothing before it is dropped.
const IDLE: Duration = Duration::from_secs(5);

/// How long a request may take to arrive whole, however it trickles in.
const ARRIVAL: Duration = Duration::from_secs(10);

/// Serves `listener` until the process ends: each connection on a thread
/// of its own, at most [`MAX_CONNECTIONS`] at once.
pub fn serve(listener: TcpListener, app: Arc<App>) -> io::Result<()> {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // A connection that failed before it was accepted harms no one.
            continue;
        };
        if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::AcqRel);
            refuse_busy(stream);
            continue;
        }
        let (app, served) = (Arc::clone(&app), Arc::clone(&open));
        let spawned = thread::Builder::new().spawn(move || {
            serve_connection(stream, &app);
            served.fetch_sub(1, Ordering::AcqRel);
        });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::AcqRel);
        }
    }
    Ok(())
}

/// Tells a connection over the limit that the server is busy.
fn refuse_busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(IDLE));
    let busy = api::error(503, "the server is busy; try again");
    let _ = busy.write(&mut stream, false, false);
}

/// Answers the requests of one connection, in order, until it closes,
/// stalls, or sends what is not a request.
fn serve_connection(mut stream: TcpStream, app: &App) {
    let _ = stream.set_read_timeout(Some(IDLE));
    let _ = stream.set_write_timeout(Some(IDLE));
    let _ = stream.set_nodelay(true);
    let mut buffer: Vec<u8> = Vec::new();
    let mut chunk = [0; 16 << 10];
    // When the first byte of the request under way arrived.
    let mut arriving: Option<Instant> = None;
    loop {
        match http::parse(&buffer) {
            Ok(Some((request, used))) => {
                buffer.drain(..used);
                arriving = (!buffer.is_empty()).then(Instant::now);
                let response = app.respond(&request);
                let head_only = request.method == "HEAD";
                let written = response.write(&mut stream, request.keep_alive, head_only);
                if written.is_err() || !request.keep_alive {
                    return;
                }
                continue;
            }
            Ok(None) => {}
            Err(error) => {
                let response = api::error(error.status(), &error.to_string());
                let _ = response.write(&mut stream, false, false);
                return;
            }
        }
        if arriving.is_some_and(|since| since.elapsed() > ARRIVAL) {
            return;
        }
        match stream.read(&mut chunk) {
            Ok(0) => return,
            Ok(read) => {
                arriving.get_or_insert_with(Instant::now);
                buffer.extend_from_slice(&chunk[..read]);
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            // Stalled past IDLE, or gone.
            Err(_) => return,
        }
    }
}
