//! HTTP/1.1, as much as the web board needs: a request read from the
//! front of a buffer of bytes (a pure function, so that any bytes can be
//! tried on it), bounded in its head and its body, and a response written.

use std::fmt;
use std::io::{self, Write};

/// The most bytes of a request's line and headers, the blank line included.
pub const MAX_HEAD: usize = 16 << 10;

/// The most bytes of a request's body held whole.
pub const MAX_BODY: usize = 64 << 10;

/// The most bytes of a body its handler reads as it arrives (a match
/// record uploaded for replay).
pub const MAX_STREAMED_BODY: usize = 16 << 20;

/// What a request asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The method, as sent (`GET`, `POST`, ...).
    pub method: String,
    /// The path, percent-decoded, without the query.
    pub path: String,
    /// The query's names and values, percent-decoded, in order.
    pub query: Vec<(String, String)>,
    /// Whether the connection stays open after the answer.
    pub keep_alive: bool,
    /// The headers the server reads.
    pub headers: Headers,
    /// The body (empty without a `Content-Length`).
    pub body: Vec<u8>,
}

/// The headers the server reads, as sent; the others are skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    /// `Host`: the name the client used to reach the server.
    pub host: Option<String>,
    /// `Origin`: the site of the page that sent the request.
    pub origin: Option<String>,
    /// `Content-Type`: what the body is.
    pub content_type: Option<String>,
    /// `Cookie`: the browser's identity among others.
    pub cookie: Option<String>,
    /// `X-Forwarded-For`, each one sent joined by `, `.
    pub forwarded_for: Option<String>,
    /// `Forwarded` (RFC 7239), each one sent joined by `, `.
    pub forwarded: Option<String>,
    /// `X-Forwarded-Proto`: the scheme the visitor used with the proxy.
    pub forwarded_proto: Option<String>,
}

impl Headers {
    /// Keeps `value` if `name` is one the server reads: the first of a
    /// header sent twice, or all of one that may be sent as a list.
    fn read(&mut self, name: &str, value: &str) {
        let (slot, joiner) = match name.to_ascii_lowercase().as_str() {
            "host" => (&mut self.host, None),
            "origin" => (&mut self.origin, None),
            "content-type" => (&mut self.content_type, None),
            "cookie" => (&mut self.cookie, Some("; ")),
            "x-forwarded-for" => (&mut self.forwarded_for, Some(", ")),
            "forwarded" => (&mut self.forwarded, Some(", ")),
            "x-forwarded-proto" => (&mut self.forwarded_proto, None),
            _ => return,
        };
        *slot = Some(match (slot.take(), joiner) {
            (Some(before), Some(joiner)) => format!("{before}{joiner}{value}"),
            (Some(before), None) => before,
            (None, _) => value.to_owned(),
        });
    }
}

impl Request {
    /// The value of the query's `name`, the first if given twice.
    pub fn query(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value.as_str())
    }
}

/// A request read from the front of a buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// A whole request, and the bytes it took.
    Whole(Request, usize),
    /// A request whose body is too long to hold and goes to its handler
    /// as it arrives (its `body` is empty): the bytes of its head, and the
    /// body's length.
    Streamed(Request, usize, usize),
}

/// Why bytes are not a request the server reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HttpError {
    /// Malformed: what is wrong.
    Bad(&'static str),
    /// The line and headers pass [`MAX_HEAD`].
    HeadTooLarge,
    /// The body passes [`MAX_BODY`] (or [`MAX_STREAMED_BODY`] where it is
    /// streamed): the most.
    BodyTooLarge(usize),
    /// A body of unknown length (chunked, or a POST without its length).
    LengthRequired,
}

impl HttpError {
    /// The status that answers it.
    pub fn status(self) -> u16 {
        match self {
            HttpError::Bad(_) => 400,
            HttpError::HeadTooLarge => 431,
            HttpError::BodyTooLarge(_) => 413,
            HttpError::LengthRequired => 411,
        }
    }
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpError::Bad(what) => write!(f, "bad request: {what}"),
            HttpError::HeadTooLarge => write!(
                f,
                "the request line and headers are longer than {MAX_HEAD} bytes"
            ),
            HttpError::BodyTooLarge(most) => write!(f, "the body is longer than {most} bytes"),
            HttpError::LengthRequired => {
                f.write_str("a body needs a Content-Length (chunked bodies are not read)")
            }
        }
    }
}

impl std::error::Error for HttpError {}

/// Reads one request from the front of `buffer`, or `None` while its end
/// has not arrived yet. A body past [`MAX_BODY`] is refused unless
/// `streamed(method, path)` says its handler reads it as it arrives.
pub fn parse(
    buffer: &[u8],
    streamed: impl Fn(&str, &str) -> bool,
) -> Result<Option<Incoming>, HttpError> {
    let Some(head_end) = head_end(buffer) else {
        return if buffer.len() > MAX_HEAD {
            Err(HttpError::HeadTooLarge)
        } else {
            Ok(None)
        };
    };
    if head_end > MAX_HEAD {
        return Err(HttpError::HeadTooLarge);
    }
    let head = std::str::from_utf8(&buffer[..head_end])
        .map_err(|_| HttpError::Bad("the head is not UTF-8"))?;
    let mut lines = head.split('\n').map(|line| line.trim_end_matches('\r'));
    let (method, target, keep_alive) = request_line(lines.next().unwrap_or_default())?;
    let fields = Fields::read(lines, keep_alive)?;
    let length = match fields.length {
        Some(length) => length,
        None if method == "POST" || method == "PUT" => return Err(HttpError::LengthRequired),
        None => 0,
    };
    let (path, query) = decode_target(target)?;
    let request = Request {
        method: method.to_owned(),
        path,
        query,
        keep_alive: fields.keep_alive,
        headers: fields.headers,
        body: Vec::new(),
    };
    with_body(buffer, request, head_end, length, streamed)
}

/// The method and the target of a request line, checked, and whether
/// its version keeps the connection open unless told otherwise.
fn request_line(line: &str) -> Result<(&str, &str, bool), HttpError> {
    let mut words = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(HttpError::Bad(
            "the request line is not METHOD TARGET VERSION",
        ));
    };
    if method.is_empty() || !method.bytes().all(|byte| byte.is_ascii_uppercase()) {
        return Err(HttpError::Bad("the method is not a word in capitals"));
    }
    let keep_alive = match version {
        "HTTP/1.1" => true,
        "HTTP/1.0" => false,
        _ => return Err(HttpError::Bad("the version is not HTTP/1.1 or HTTP/1.0")),
    };
    if !target.starts_with('/') {
        return Err(HttpError::Bad("the target is not a path"));
    }
    Ok((method, target, keep_alive))
}

/// What a request's header lines say: the headers the server reads, the
/// body's length if given, and whether the connection stays open.
struct Fields {
    headers: Headers,
    length: Option<usize>,
    keep_alive: bool,
}

impl Fields {
    /// Reads the header `lines`, each checked, the connection staying
    /// open by default where `keep_alive`.
    fn read<'a>(
        lines: impl Iterator<Item = &'a str>,
        keep_alive: bool,
    ) -> Result<Fields, HttpError> {
        let mut fields = Fields {
            headers: Headers::default(),
            length: None,
            keep_alive,
        };
        for line in lines.filter(|line| !line.is_empty()) {
            let (name, value) = line
                .split_once(':')
                .ok_or(HttpError::Bad("a header without a colon"))?;
            if name.is_empty() || !name.bytes().all(is_token) {
                return Err(HttpError::Bad("a header name that is not a token"));
            }
            fields.take(name, value.trim())?;
        }
        Ok(fields)
    }

    /// Takes in one header: kept if the server reads it; a length, which
    /// must be a number and the same each time it is sent; a refused
    /// `Transfer-Encoding`; the options of `Connection`.
    fn take(&mut self, name: &str, value: &str) -> Result<(), HttpError> {
        self.headers.read(name, value);
        if name.eq_ignore_ascii_case("content-length") {
            let given: usize = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
                .then(|| value.parse().ok())
                .flatten()
                .ok_or(HttpError::Bad("a Content-Length that is not a number"))?;
            if self.length.is_some_and(|length| length != given) {
                return Err(HttpError::Bad("two different Content-Lengths"));
            }
            self.length = Some(given);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(HttpError::LengthRequired);
        } else if name.eq_ignore_ascii_case("connection") {
            for option in value.split(',').map(str::trim) {
                if option.eq_ignore_ascii_case("close") {
                    self.keep_alive = false;
                } else if option.eq_ignore_ascii_case("keep-alive") {
                    self.keep_alive = true;
                }
            }
        }
        Ok(())
    }
}

/// A target's path and its query's names and values, percent-decoded.
fn decode_target(target: &str) -> Result<(String, Vec<(String, String)>), HttpError> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = decode(path, false)?;
    let query = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            Ok((decode(name, true)?, decode(value, true)?))
        })
        .collect::<Result<_, HttpError>>()?;
    Ok((path, query))
}

/// `request` with its body, the `length` bytes after the head's
/// `head_end` of `buffer`: held whole, or left to stream where it is too
/// long to hold and `streamed` says its handler reads it so; `None`
/// while it has not all arrived.
fn with_body(
    buffer: &[u8],
    mut request: Request,
    head_end: usize,
    length: usize,
    streamed: impl Fn(&str, &str) -> bool,
) -> Result<Option<Incoming>, HttpError> {
    if length > MAX_BODY {
        return match streamed(&request.method, &request.path) {
            true if length <= MAX_STREAMED_BODY => {
                Ok(Some(Incoming::Streamed(request, head_end, length)))
            }
            true => Err(HttpError::BodyTooLarge(MAX_STREAMED_BODY)),
            false => Err(HttpError::BodyTooLarge(MAX_BODY)),
        };
    }
    let Some(body) = buffer.get(head_end..head_end + length) else {
        return Ok(None);
    };
    request.body = body.to_vec();
    Ok(Some(Incoming::Whole(request, head_end + length)))
}

/// Where the head ends: just past the blank line (CRLF CRLF, or bare LFs).
fn head_end(buffer: &[u8]) -> Option<usize> {
    let mut previous_newline: Option<usize> = None;
    for (at, &byte) in buffer.iter().enumerate() {
        if byte != b'\n' {
            if byte != b'\r' {
                previous_newline = None;
            }
            continue;
        }
        if previous_newline.is_some() {
            return Some(at + 1);
        }
        previous_newline = Some(at);
    }
    None
}

/// Whether a byte may stand in a header's name.
fn is_token(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&byte)
}

/// Percent-decoded text (`+` a blank in a query), which must be UTF-8.
fn decode(text: &str, query: bool) -> Result<String, HttpError> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'%' => {
                let hex = bytes
                    .get(at + 1..at + 3)
                    .and_then(|hex| std::str::from_utf8(hex).ok())
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                    .ok_or(HttpError::Bad("a % not followed by two hex digits"))?;
                decoded.push(hex);
                at += 3;
            }
            b'+' if query => {
                decoded.push(b' ');
                at += 1;
            }
            byte => {
                decoded.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8(decoded).map_err(|_| HttpError::Bad("a target that is not UTF-8"))
}

/// An answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// The methods a path takes, for a 405.
    pub allow: Option<&'static str>,
    /// When to try again, in seconds, for a 429 or a 503.
    pub retry_after: Option<u32>,
    /// A cookie to set (a browser's identity, on its first requests).
    pub cookie: Option<String>,
}

impl Response {
    /// A JSON answer.
    pub fn json(status: u16, body: String) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: body.into_bytes(),
            allow: None,
            retry_after: None,
            cookie: None,
        }
    }

    /// A `200` answer of `content_type`.
    pub fn ok(content_type: &'static str, body: Vec<u8>) -> Response {
        Response {
            content_type,
            body,
            ..Response::json(200, String::new())
        }
    }

    /// Writes the response; `keep_alive` says whether the connection stays
    /// open, and a `HEAD` request gets the head alone.
    pub fn write(&self, out: &mut impl Write, keep_alive: bool, head_only: bool) -> io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             Content-Security-Policy: default-src 'self'; img-src 'self' data:; \
             frame-ancestors 'none'\r\nX-Frame-Options: DENY\r\n\
             Referrer-Policy: no-referrer\r\nConnection: {}\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len(),
            if keep_alive { "keep-alive" } else { "close" }
        );
        if let Some(allow) = self.allow {
            head.push_str(&format!("Allow: {allow}\r\n"));
        }
        if let Some(seconds) = self.retry_after {
            head.push_str(&format!("Retry-After: {seconds}\r\n"));
        }
        if let Some(cookie) = &self.cookie {
            head.push_str(&format!("Set-Cookie: {cookie}\r\n"));
        }
        head.push_str("\r\n");
        out.write_all(head.as_bytes())?;
        if !head_only {
            out.write_all(&self.body)?;
        }
        out.flush()
    }
}

/// Writes the head of an event stream (server-sent events): it stays open,
/// each event written as it happens, until either side closes it.
pub fn write_event_stream_head(out: &mut impl Write) -> io::Result<()> {
    out.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\
          Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
          Connection: close\r\n\r\n",
    )?;
    out.flush()
}

/// The reason phrase of a status.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        409 => "Conflict",
        410 => "Gone",
        405 => "Method Not Allowed",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;

    const GET: &[u8] =
        b"GET /api/position?fen=3l3%2F7%2F7%2F7%2F7%2F7%2F3L3+w+1&x HTTP/1.1\r\nHost: a\r\n\r\n";

    /// A request read whole, where no body is streamed.
    fn whole(bytes: &[u8]) -> Result<Option<(Request, usize)>, HttpError> {
        parse(bytes, |_, _| false).map(|read| {
            read.map(|incoming| match incoming {
                Incoming::Whole(request, used) => (request, used),
                Incoming::Streamed(..) => panic!("a streamed body"),
            })
        })
    }

    #[test]
    fn a_request_is_read_with_its_query_decoded() {
        let (request, used) = whole(GET).unwrap().unwrap();
        assert_eq!(used, GET.len());
        assert_eq!(request.method, "GET");
        assert_eq!(request.path, "/api/position");
        assert_eq!(request.query("fen"), Some("3l3/7/7/7/7/7/3L3 w 1"));
        assert_eq!(request.query("x"), Some(""));
        assert!(request.keep_alive && request.body.is_empty());
        let post = b"POST /api/play HTTP/1.0\nContent-Length: 2\nConnection: keep-alive\n\n{}GET";
        let (request, used) = whole(post).unwrap().unwrap();
        assert_eq!(
            (request.body.as_slice(), used),
            (&b"{}"[..], post.len() - 3)
        );
        assert!(request.keep_alive);
    }

    #[test]
    fn the_headers_read_are_kept_lists_joined_and_a_second_single_one_skipped() {
        let bytes = b"GET / HTTP/1.1\r\nHOST: a:1\r\nHost: b\r\nOrigin: http://a:1\r\n\
            Cookie: x=1\r\ncookie: congo=ff\r\nX-Forwarded-For: 10.0.0.1\r\n\
            x-forwarded-for: 10.0.0.2\r\nForwarded: for=1.2.3.4\r\n\
            Content-Type: application/json\r\nX-Other: 1\r\n\r\n";
        let (request, _) = whole(bytes).unwrap().unwrap();
        let headers = request.headers;
        assert_eq!(headers.host.as_deref(), Some("a:1"));
        assert_eq!(headers.origin.as_deref(), Some("http://a:1"));
        assert_eq!(headers.cookie.as_deref(), Some("x=1; congo=ff"));
        assert_eq!(headers.forwarded_for.as_deref(), Some("10.0.0.1, 10.0.0.2"));
        assert_eq!(headers.forwarded.as_deref(), Some("for=1.2.3.4"));
        assert_eq!(headers.content_type.as_deref(), Some("application/json"));
    }

    #[test]
    fn a_request_cut_short_waits_for_more() {
        for end in 0..GET.len() {
            assert_eq!(whole(&GET[..end]), Ok(None), "{end}");
        }
        let post = b"POST /api/play HTTP/1.1\r\nContent-Length: 10\r\n\r\n{\"fen\":";
        assert_eq!(whole(post), Ok(None));
    }

    #[test]
    fn each_refusal_has_its_status() {
        let status = |bytes: &[u8]| whole(bytes).map_err(HttpError::status);
        assert_eq!(status(b"GET /\r\n\r\n"), Err(400));
        assert_eq!(status(b"get / HTTP/1.1\r\n\r\n"), Err(400));
        assert_eq!(status(b"GET / HTTP/2\r\n\r\n"), Err(400));
        assert_eq!(status(b"GET x HTTP/1.1\r\n\r\n"), Err(400));
        assert_eq!(status(b"GET /%zz HTTP/1.1\r\n\r\n"), Err(400));
        assert_eq!(status(b"GET / HTTP/1.1\r\nno colon\r\n\r\n"), Err(400));
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n"),
            Err(400)
        );
        assert_eq!(status(b"POST / HTTP/1.1\r\n\r\n"), Err(411));
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Err(411)
        );
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n"),
            Err(413)
        );
        let mut long = b"GET / HTTP/1.1\r\nX: ".to_vec();
        long.resize(MAX_HEAD + 10, b'a');
        assert_eq!(status(&long), Err(431));
        long.extend_from_slice(b"\r\n\r\n");
        assert_eq!(status(&long), Err(431));
    }

    #[test]
    fn a_long_body_is_streamed_only_where_its_handler_reads_it_so() {
        let head = b"POST /api/record?summary=1 HTTP/1.1\r\nContent-Length: 100000\r\n\r\n";
        let streamed = |_: &str, path: &str| path == "/api/record";
        match parse(head, streamed) {
            Ok(Some(Incoming::Streamed(request, used, length))) => {
                assert_eq!(
                    (request.path.as_str(), used, length),
                    ("/api/record", head.len(), 100_000)
                );
                assert_eq!(request.query("summary"), Some("1"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            parse(head, |_, _| false),
            Err(HttpError::BodyTooLarge(MAX_BODY))
        );
        let huge = b"POST /api/record HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n";
        assert_eq!(
            parse(huge, streamed),
            Err(HttpError::BodyTooLarge(MAX_STREAMED_BODY))
        );
    }

    #[test]
    fn random_and_cut_bytes_never_panic() {
        let mut rng = Rng::new(9);
        let pieces: [&[u8]; 12] = [
            b"GET ",
            b"POST ",
            b"/api/play",
            b"?fen=",
            b"%2",
            b" HTTP/1.1",
            b"\r\n",
            b"\n",
            b"Content-Length: ",
            b"12",
            b"Connection: close",
            b"{\"fen\":1}",
        ];
        for round in 0..30_000 {
            let mut bytes = Vec::new();
            for _ in 0..rng.below(12) {
                if round % 4 == 0 {
                    bytes.push(rng.below(256) as u8);
                } else {
                    bytes.extend_from_slice(pieces[rng.below(pieces.len() as u64) as usize]);
                }
            }
            let cut = rng.below(bytes.len() as u64 + 1) as usize;
            if let Ok(Some((_, used))) = whole(&bytes[..cut]) {
                assert!(used <= cut);
            }
        }
    }

    #[test]
    fn a_response_says_its_length_and_whether_the_connection_stays() {
        let mut out = Vec::new();
        Response::json(404, "{}".into())
            .write(&mut out, false, false)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 404 Not Found\r\n"), "{text}");
        assert!(text.contains("Content-Length: 2\r\n") && text.contains("Connection: close\r\n"));
        assert!(text.ends_with("\r\n\r\n{}"));
        let mut out = Vec::new();
        let busy = Response {
            retry_after: Some(1),
            ..Response::json(503, "{}".into())
        };
        busy.write(&mut out, false, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Retry-After: 1\r\n"), "{text}");
    }
}
