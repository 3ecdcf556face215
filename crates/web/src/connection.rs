//! One connection's life: its requests read in order and each answered,
//! with a whole body, a body read as it arrives, or an event stream that
//! stays open; dropped when it closes, stalls, or sends what is not a
//! request.

use std::io::{self, BufRead, BufReader, Cursor, Read, Write};
use std::net::{IpAddr, TcpStream};
use std::time::{Duration, Instant};

use super::api::{App, Reply, error};
use super::client::Client;
use super::feed::{Feed, Next};
use super::http::{self, Headers, Incoming, Request};
use super::visitor::{self, Visitor};
use super::waiting::{Mark, Waiting};

/// How long a connection may send nothing before it is dropped.
pub(super) const IDLE: Duration = Duration::from_secs(5);

/// How long a request may take to arrive whole, however it trickles in.
const ARRIVAL: Duration = Duration::from_secs(10);

/// How long a streamed body may take to arrive whole.
const STREAMED_ARRIVAL: Duration = Duration::from_secs(120);

/// How often an event stream looks whether its client is still there.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// How long an event stream stays silent before it says it is alive.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// Answers the requests of one connection, in order, until it closes,
/// stalls, or sends what is not a request.
pub(super) fn serve_connection(mut stream: TcpStream, peer: IpAddr, app: &App, waiting: &Waiting) {
    let _ = stream.set_read_timeout(Some(IDLE));
    let _ = stream.set_write_timeout(Some(IDLE));
    let _ = stream.set_nodelay(true);
    let mut client = Client::of(&stream, app.visitor(peer, &Headers::default()));
    let mut buffer: Vec<u8> = Vec::new();
    let mut chunk = [0; 16 << 10];
    // When the first byte of the request under way arrived.
    let mut arriving: Option<Instant> = None;
    // Its place among the connections waiting for a request.
    let mut mark: Option<Mark> = None;
    loop {
        let parsed = http::parse(&buffer, App::streams_body);
        if !matches!(parsed, Ok(None)) {
            mark = None;
        }
        match parsed {
            Ok(Some(Incoming::Whole(request, used))) => {
                buffer.drain(..used);
                arriving = (!buffer.is_empty()).then(Instant::now);
                let head_only = request.method == "HEAD";
                client.visitor = app.visitor(peer, &request.headers);
                let kept = match app.respond(&request, &client) {
                    Reply::Response(mut response) => {
                        let secure = app.https(peer, &request.headers);
                        response.cookie = identity(&request, &client, secure);
                        (response.write(&mut stream, request.keep_alive, head_only)).is_ok()
                    }
                    Reply::Events(feed, _room) => {
                        stream_events(&mut stream, feed, &client);
                        false
                    }
                };
                if !kept || !request.keep_alive {
                    return;
                }
                continue;
            }
            Ok(Some(Incoming::Streamed(request, head, length))) => {
                client.visitor = app.visitor(peer, &request.headers);
                let kept = answer_streamed(&mut stream, &mut buffer, head, length, |body| {
                    app.respond_streamed(&request, &client, body)
                });
                if !kept || !request.keep_alive {
                    return;
                }
                arriving = (!buffer.is_empty()).then(Instant::now);
                continue;
            }
            Ok(None) => {
                if mark.is_none() {
                    let address = visitor::share(peer);
                    mark = client.handle().map(|handle| waiting.mark(handle, address));
                }
            }
            Err(refused) => {
                let response = error(refused.status(), &refused.to_string());
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

/// The identity to give a browser whose request came without one (sent
/// back over HTTPS only if it came by it, `secure`): on
/// every answer but the page's own (which a link from another site
/// fetches without the browser's cookie, and would otherwise replace it).
fn identity(request: &Request, client: &Client, secure: bool) -> Option<String> {
    let page = matches!(request.path.as_str(), "/" | "/index.html");
    (client.visitor.browser.is_none() && !page).then(|| Visitor::new_cookie(secure))
}

/// Hands a streamed body, the bytes of it already in `buffer` and then the
/// rest as it arrives, to `handle`; reads what it leaves of the body, so
/// that the answer is read rather than reset, and writes the answer. An
/// answer that says when to come back (the server had no room to read it)
/// is written at once, so that the client need not send the body first,
/// and the connection then closes. Whether the connection can go on.
fn answer_streamed(
    stream: &mut TcpStream,
    buffer: &mut Vec<u8>,
    head: usize,
    length: usize,
    handle: impl FnOnce(&mut dyn BufRead) -> http::Response,
) -> bool {
    let held = buffer.len().saturating_sub(head).min(length);
    let early: Vec<u8> = buffer.drain(..head + held).skip(head).collect();
    let _ = stream.set_read_timeout(Some(STREAMED_ARRIVAL));
    let Ok(reader) = stream.try_clone() else {
        return false;
    };
    let rest = reader.take((length - held) as u64);
    let mut body = BufReader::new(Cursor::new(early).chain(rest));
    let response = handle(&mut body);
    let at_once = response.retry_after.is_some();
    if at_once && response.write(stream, false, false).is_err() {
        return false;
    }
    let drained = io::copy(&mut body, &mut io::sink());
    let _ = stream.set_read_timeout(Some(IDLE));
    let whole = drained.is_ok() && body.into_inner().get_ref().1.limit() == 0;
    !at_once && response.write(stream, whole, false).is_ok() && whole
}

/// Writes `feed`'s events to `stream` as they come, until the client
/// leaves, a write fails or the feed ends.
fn stream_events(stream: &mut TcpStream, mut feed: Box<dyn Feed + '_>, client: &Client) {
    let _ = stream.set_write_timeout(Some(IDLE));
    if http::write_event_stream_head(stream).is_err() {
        return;
    }
    let mut said = Instant::now();
    loop {
        let written = match feed.next(LOOK_EVERY) {
            Next::Event(data) => {
                said = Instant::now();
                write_event(stream, &data)
            }
            Next::Quiet if said.elapsed() >= HEARTBEAT => {
                said = Instant::now();
                stream
                    .write_all(b": alive\n\n")
                    .and_then(|()| stream.flush())
            }
            Next::Quiet => Ok(()),
        };
        if written.is_err() || client.gone() {
            return;
        }
    }
}

/// One event: its data on `data:` lines, then a blank line.
fn write_event(stream: &mut TcpStream, data: &str) -> io::Result<()> {
    let mut event = String::with_capacity(data.len() + 16);
    for line in data.split('\n') {
        event.push_str("data: ");
        event.push_str(line);
        event.push('\n');
    }
    event.push('\n');
    stream.write_all(event.as_bytes())?;
    stream.flush()
}
