//! The real `congo serve`, started on a free port, and a small HTTP client
//! over `std::net::TcpStream` to speak to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::Duration;

use congo::serve::Json;

use crate::common::CONGO;

/// Long enough for any answer on a loaded machine; only stops a hang.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A running `congo serve --port 0`, killed when dropped.
pub struct Server {
    child: Child,
    /// Held open so that the server never writes into a closed pipe.
    _errors: BufReader<ChildStderr>,
    pub address: SocketAddr,
}

impl Server {
    /// Starts `congo GLOBAL... serve --port 0 ARGS...` and reads the address
    /// it prints.
    pub fn start(global: &[&str], args: &[&str]) -> Server {
        let mut child = Command::new(CONGO)
            .args(global)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("congo serve starts");
        let mut errors = BufReader::new(child.stderr.take().expect("stderr is piped"));
        let mut line = String::new();
        errors.read_line(&mut line).unwrap();
        let address = line
            .strip_prefix("congo serve: http://")
            .and_then(|rest| rest.strip_suffix("/\n"))
            .unwrap_or_else(|| panic!("congo serve said {line:?}"))
            .parse()
            .unwrap();
        Server {
            child,
            _errors: errors,
            address,
        }
    }

    /// A fresh connection.
    pub fn connect(&self) -> Connection {
        Connection::over(TcpStream::connect(self.address).unwrap())
    }

    /// Sends `raw` bytes on a fresh connection and reads one answer.
    pub fn raw(&self, raw: &[u8]) -> Reply {
        let mut connection = self.connect();
        connection.stream.write_all(raw).unwrap();
        connection.reply()
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        self.connect().send("GET", path, None)
    }

    /// `POST path` with `body`.
    pub fn post(&self, path: &str, body: &str) -> Reply {
        self.connect().send("POST", path, Some(body))
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One kept-alive connection to the server.
pub struct Connection {
    pub stream: TcpStream,
    unread: Vec<u8>,
}

impl Connection {
    /// A connection over `stream`, to this server or another.
    pub fn over(stream: TcpStream) -> Connection {
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        Connection {
            stream,
            unread: Vec::new(),
        }
    }

    /// Sends a request and reads its answer, keeping the connection open.
    pub fn send(&mut self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let body = body.unwrap_or("");
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: congo\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.stream.write_all(request.as_bytes()).unwrap();
        self.reply()
    }

    /// Reads one answer: its head, then as many body bytes as it announces.
    pub fn reply(&mut self) -> Reply {
        self.read_reply(true)
    }

    /// Reads the answer to a HEAD request: a head whose length announces a
    /// body that is not sent.
    pub fn reply_head_only(&mut self) -> Reply {
        self.read_reply(false)
    }

    fn read_reply(&mut self, with_body: bool) -> Reply {
        let mut chunk = [0; 8192];
        let head_end = loop {
            if let Some(at) = find(&self.unread, b"\r\n\r\n") {
                break at + 4;
            }
            let read = self.stream.read(&mut chunk).unwrap();
            assert!(
                read > 0,
                "the server closed the connection without an answer"
            );
            self.unread.extend_from_slice(&chunk[..read]);
        };
        let head = String::from_utf8(self.unread[..head_end].to_vec()).unwrap();
        let mut lines = head.lines();
        let status_line = lines.next().unwrap();
        let status = status_line
            .strip_prefix("HTTP/1.1 ")
            .and_then(|rest| rest.get(..3))
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("a status line {status_line:?}"));
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(": "))
            .map(|(name, value)| (name.to_ascii_lowercase(), value.to_owned()))
            .collect();
        let length: usize = headers
            .iter()
            .find(|(name, _)| name == "content-length")
            .map(|(_, value)| value.parse().unwrap())
            .expect("every answer has a Content-Length");
        let length = if with_body { length } else { 0 };
        while self.unread.len() < head_end + length {
            let read = self.stream.read(&mut chunk).unwrap();
            assert!(read > 0, "the server closed the connection inside a body");
            self.unread.extend_from_slice(&chunk[..read]);
        }
        let body = self.unread[head_end..head_end + length].to_vec();
        self.unread.drain(..head_end + length);
        Reply {
            status,
            headers,
            body,
        }
    }

    /// Whether the server has closed the connection (reading nothing more).
    pub fn is_closed(&mut self) -> bool {
        let mut byte = [0];
        matches!(self.stream.read(&mut byte), Ok(0) | Err(_))
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// An answer.
pub struct Reply {
    pub status: u16,
    /// Names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value.as_str())
    }

    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap()
    }

    /// The body as JSON, which every API answer must be.
    pub fn json(&self) -> Json {
        assert_eq!(self.header("content-type"), Some("application/json"));
        self.json_any()
    }

    /// The body as JSON, whatever type it is labelled.
    pub fn json_any(&self) -> Json {
        Json::parse(self.text()).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }

    /// The message of an error answer with `status`.
    pub fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.text());
        string(self.json().get("error").expect("an error names itself"))
    }
}

/// A JSON string's text.
pub fn string(value: &Json) -> String {
    value
        .as_str()
        .unwrap_or_else(|| panic!("{value} is a string"))
        .to_owned()
}

/// A JSON array of strings.
pub fn strings(value: &Json) -> Vec<String> {
    match value {
        Json::Array(items) => items.iter().map(string).collect(),
        other => panic!("{other} is an array"),
    }
}

/// A JSON number that is whole.
pub fn whole(value: &Json) -> i64 {
    match value {
        Json::Number(n) if n.fract() == 0.0 => *n as i64,
        other => panic!("{other} is a whole number"),
    }
}

/// A JSON string for `text`, quoted and escaped.
pub fn quoted(text: &str) -> String {
    Json::from(text).to_string()
}

/// A query value for `text`: percent-encoded.
pub fn encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
