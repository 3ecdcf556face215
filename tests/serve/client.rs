//! The real `congo serve`, started on a free port, and a small HTTP client
//! over `std::net::TcpStream` to speak to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use congo_web::Json;

use crate::common::CONGO;

/// Long enough for any answer on a loaded machine; only stops a hang.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A running `congo serve --port 0`, killed when dropped; its games kept
/// in a data folder of its own (made here, removed when dropped) unless
/// its arguments name one.
pub struct Server {
    child: Child,
    /// Held open so that the server never writes into a closed pipe, and
    /// read for what it says after its address.
    errors: BufReader<ChildStderr>,
    pub address: SocketAddr,
    /// How it was started, to start it again.
    command: Vec<String>,
    /// The data folder this value made.
    own_data: Option<PathBuf>,
}

impl Server {
    /// Starts `congo GLOBAL... serve --port 0 ARGS...` and reads the address
    /// it prints.
    pub fn start(global: &[&str], args: &[&str]) -> Server {
        Server::start_binary(CONGO, global, args)
    }

    /// [`Server::start`] with another build of congo, `binary`.
    pub fn start_binary(binary: &str, global: &[&str], args: &[&str]) -> Server {
        let mut command: Vec<String> = [binary]
            .iter()
            .chain(global)
            .chain(&["serve", "--port", "0"])
            .chain(args)
            .map(|word| word.to_string())
            .collect();
        let own_data = (!args.contains(&"--data") && keeps_data(binary)).then(fresh_data);
        if let Some(data) = &own_data {
            command.extend(["--data".to_owned(), data.display().to_string()]);
        }
        let (child, errors, address) = spawn(&command);
        Server {
            child,
            errors,
            address,
            command,
            own_data,
        }
    }

    /// Kills the server with SIGKILL and starts it again on the same data
    /// (on a new port).
    pub fn kill_and_restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, errors, address) = spawn(&self.command);
        (self.child, self.errors, self.address) = (child, errors, address);
    }

    /// The next line the server writes on stderr.
    pub fn said(&mut self) -> String {
        let mut line = String::new();
        self.errors.read_line(&mut line).unwrap();
        line
    }

    /// The data folder the server keeps its games in (none for a build
    /// from before the journal).
    pub fn data(&self) -> Option<PathBuf> {
        let at = self.command.iter().rposition(|word| word == "--data")?;
        Some(PathBuf::from(&self.command[at + 1]))
    }

    /// Sends `method path` with `body` from `127.0.0.{host}` without
    /// reading the answer, which the connection returned may read later.
    pub fn send_only(&self, host: u8, method: &str, path: &str, body: &str) -> Connection {
        let mut connection = self.connect_from(host);
        let request = format!(
            "{method} {path} HTTP/1.1\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        connection.stream.write_all(request.as_bytes()).unwrap();
        connection
    }

    /// A fresh connection.
    pub fn connect(&self) -> Connection {
        Connection::over(TcpStream::connect(self.address).unwrap())
    }

    /// A fresh connection from the loopback address `127.0.0.{host}`, so
    /// that the server tells this client from the others.
    pub fn connect_from(&self, host: u8) -> Connection {
        Connection::over(connect_from(host, self.address).unwrap())
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

    /// The server's resident memory, in bytes, from `/proc` (Linux).
    #[allow(dead_code)] // measured by the benchmark, never asserted by a test
    pub fn memory(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// Follows kept game `id` from `127.0.0.{host}` as the holder of `key`
    /// (a watcher without one).
    pub fn follow_game(&self, host: u8, id: &str, key: Option<&str>) -> Events {
        let query = key.map_or(String::new(), |key| format!("?key={key}"));
        self.connect_from(host)
            .events(&format!("/api/games/{id}/events{query}"))
            .unwrap_or_else(|reply| panic!("{}", reply.text()))
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
        // A failed test shows what the server said since its address.
        if std::thread::panicking() {
            let mut said = String::new();
            let _ = self.errors.read_to_string(&mut said);
            eprintln!("congo serve said:\n{said}");
        }
        if let Some(data) = &self.own_data {
            let _ = std::fs::remove_dir_all(data);
        }
    }
}

/// Starts `command` and reads the address it prints first.
fn spawn(command: &[String]) -> (Child, BufReader<ChildStderr>, SocketAddr) {
    let mut child = Command::new(&command[0])
        .args(&command[1..])
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
    (child, errors, address)
}

/// Whether `binary`'s `serve` takes `--data` (a build from before the
/// journal, compared by a benchmark, does not).
fn keeps_data(binary: &str) -> bool {
    Command::new(binary)
        .args(["serve", "--help"])
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).contains("--data"))
}

/// A data folder no other server of this run uses, not yet made: one
/// that a killed run of the same process number left is cleared first,
/// or the server would read its games back as its own.
fn fresh_data() -> PathBuf {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let count = MADE.fetch_add(1, Ordering::Relaxed);
    let data =
        std::env::temp_dir().join(format!("congo-serve-data-{}-{count}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    data
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
        self.send_with(method, path, &[], body)
    }

    /// [`Connection::send`] with `headers` besides `Host: congo` and the
    /// length.
    pub fn send_with(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> Reply {
        let body = body.unwrap_or("");
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: congo\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
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

    /// Reads until an answer's head has arrived whole: where it ends.
    fn read_head(&mut self) -> usize {
        let mut chunk = [0; 8192];
        loop {
            if let Some(at) = find(&self.unread, b"\r\n\r\n") {
                return at + 4;
            }
            let read = read_some(&mut self.stream, &mut chunk);
            assert!(
                read > 0,
                "the server closed the connection without an answer"
            );
            self.unread.extend_from_slice(&chunk[..read]);
        }
    }

    fn read_reply(&mut self, with_body: bool) -> Reply {
        let mut chunk = [0; 8192];
        let head_end = self.read_head();
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
            let read = read_some(&mut self.stream, &mut chunk);
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

    /// Asks for the event stream at `path`: the stream, or the answer
    /// that refused it.
    pub fn events(self, path: &str) -> Result<Events, Reply> {
        self.events_with(path, &[])
    }

    /// [`Connection::events`] with `headers`.
    pub fn events_with(mut self, path: &str, headers: &[(&str, &str)]) -> Result<Events, Reply> {
        let mut request = format!("GET {path} HTTP/1.1\r\nHost: congo\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        self.stream.write_all(request.as_bytes()).unwrap();
        let head_end = self.read_head();
        let head = String::from_utf8_lossy(&self.unread[..head_end]).into_owned();
        if !head.starts_with("HTTP/1.1 200") {
            return Err(self.reply());
        }
        assert!(head.contains("Content-Type: text/event-stream"), "{head}");
        self.unread.drain(..head_end);
        Ok(Events { connection: self })
    }

    /// Whether the server has closed the connection (reading nothing more).
    pub fn is_closed(&mut self) -> bool {
        let mut byte = [0];
        matches!(self.stream.read(&mut byte), Ok(0) | Err(_))
    }
}

/// An event stream: server-sent events, read one at a time.
pub struct Events {
    pub connection: Connection,
}

impl Events {
    /// The next event's data, as JSON; comments (the server's "alive")
    /// are passed over.
    pub fn next(&mut self) -> Json {
        self.next_before(std::time::Instant::now() + PATIENCE)
    }

    /// [`Events::next`], failing once `deadline` passes: the server's
    /// comments keep a stream alive, so they alone would never end a
    /// wait for an event that does not come.
    fn next_before(&mut self, deadline: std::time::Instant) -> Json {
        let connection = &mut self.connection;
        let mut chunk = [0; 8192];
        loop {
            if let Some(at) = find(&connection.unread, b"\n\n") {
                let block: Vec<u8> = connection.unread.drain(..at + 2).collect();
                let block = String::from_utf8(block).unwrap();
                let data: Vec<&str> = block
                    .lines()
                    .filter_map(|line| line.strip_prefix("data: "))
                    .collect();
                if data.is_empty() {
                    assert!(
                        std::time::Instant::now() < deadline,
                        "no event came in time"
                    );
                    continue;
                }
                let data = data.join("\n");
                return Json::parse(&data).unwrap_or_else(|e| panic!("{e}: {data}"));
            }
            let read = read_some(&mut connection.stream, &mut chunk);
            assert!(read > 0, "the server closed the event stream");
            connection.unread.extend_from_slice(&chunk[..read]);
        }
    }

    /// The first event from now on that `wanted` accepts, within
    /// [`PATIENCE`] (a hang guard).
    pub fn until(&mut self, wanted: impl Fn(&Json) -> bool) -> Json {
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            let event = self.next_before(deadline);
            if wanted(&event) {
                return event;
            }
        }
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

/// A TCP connection to `to` from `127.0.0.{host}`. The standard library
/// cannot choose a client's address, so the socket is made, bound and
/// connected by the system's own calls (Linux).
#[allow(unsafe_code)]
pub fn connect_from(host: u8, to: SocketAddr) -> std::io::Result<TcpStream> {
    use std::io::Error;
    use std::os::fd::{FromRawFd, OwnedFd};

    #[repr(C)]
    struct SockaddrIn {
        family: u16,
        port: u16,
        address: [u8; 4],
        zero: [u8; 8],
    }
    unsafe extern "C" {
        fn socket(domain: i32, kind: i32, protocol: i32) -> i32;
        fn bind(fd: i32, address: *const SockaddrIn, length: u32) -> i32;
        fn connect(fd: i32, address: *const SockaddrIn, length: u32) -> i32;
    }
    const AF_INET: u16 = 2;
    const SOCK_STREAM: i32 = 1;
    const SOCK_CLOEXEC: i32 = 0o2000000;
    let SocketAddr::V4(to) = to else {
        return Err(Error::other("the server listens on IPv4"));
    };
    let sockaddr = |address: [u8; 4], port: u16| SockaddrIn {
        family: AF_INET,
        port: port.to_be(),
        address,
        zero: [0; 8],
    };
    let (from, to) = (
        sockaddr([127, 0, 0, host], 0),
        sockaddr(to.ip().octets(), to.port()),
    );
    let length = std::mem::size_of::<SockaddrIn>() as u32;
    // SAFETY: a plain socket, owned at once so that it is closed on every
    // path; the addresses live across the calls that read them.
    let fd = unsafe { socket(i32::from(AF_INET), SOCK_STREAM | SOCK_CLOEXEC, 0) };
    if fd < 0 {
        return Err(Error::last_os_error());
    }
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    if unsafe { bind(fd, &from, length) } != 0 || unsafe { connect(fd, &to, length) } != 0 {
        return Err(Error::last_os_error());
    }
    Ok(TcpStream::from(owned))
}

/// Reads what `stream` has, up to `buffer`'s length, waiting for some:
/// a read that a signal interrupted is tried again.
fn read_some(stream: &mut TcpStream, buffer: &mut [u8]) -> usize {
    loop {
        match stream.read(buffer) {
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            read => return read.unwrap(),
        }
    }
}
