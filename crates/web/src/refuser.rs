//! Refusing a connection the server has no room for, politely: the
//! request is read (or waited for, briefly), a whole `503` with
//! `Retry-After` is written, and what the client sends after is drained
//! before the socket closes, so that it reads the answer instead of a
//! reset. One thread refuses every such connection at once, each socket
//! non-blocking, so a flood of them costs no thread each.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::http::{MAX_HEAD, Response};

/// How long a refused client has to send its request, and then to close
/// after reading the answer.
const PATIENCE: Duration = Duration::from_millis(1500);

/// How long the thread sleeps when no socket has anything for it.
const IDLE_STEP: Duration = Duration::from_millis(2);

/// Hands connections to the refusing thread.
#[derive(Clone)]
pub(super) struct Refuser {
    sender: SyncSender<TcpStream>,
}

impl Refuser {
    /// Starts the refusing thread, which answers every connection given to
    /// it with `answer`, `most` at once: a connection past them is closed
    /// at once.
    pub fn start(answer: Response, most: usize) -> io::Result<Refuser> {
        let (sender, connections) = mpsc::sync_channel(most);
        let mut head = Vec::new();
        answer.write(&mut head, false, false)?;
        thread::Builder::new()
            .name("refuser".into())
            .spawn(move || refuse_all(&connections, &head, most))?;
        Ok(Refuser { sender })
    }

    /// Refuses `stream`.
    pub fn refuse(&self, stream: TcpStream) {
        // Past the bound, the connection is simply closed.
        let _ = self.sender.try_send(stream);
    }
}

/// A connection being refused.
struct Refusal {
    stream: TcpStream,
    /// The request's head so far, while it is awaited.
    head: Vec<u8>,
    /// Whether the answer has been written.
    answered: bool,
    deadline: Instant,
}

/// Refuses the connections that come, `most` at once; the rest wait.
fn refuse_all(connections: &Receiver<TcpStream>, answer: &[u8], most: usize) {
    let mut pending: Vec<Refusal> = Vec::new();
    let mut chunk = [0; 4096];
    loop {
        // Take in new connections; with none under way, wait for one.
        while pending.len() < most {
            let next = if pending.is_empty() {
                connections.recv().map_err(|_| TryRecvError::Disconnected)
            } else {
                connections.try_recv()
            };
            match next {
                Ok(stream) if stream.set_nonblocking(true).is_ok() => pending.push(Refusal {
                    stream,
                    head: Vec::new(),
                    answered: false,
                    deadline: Instant::now() + PATIENCE,
                }),
                Ok(_) => {}
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) if pending.is_empty() => return,
                Err(TryRecvError::Disconnected) => break,
            }
        }
        let mut busy = false;
        pending.retain_mut(|refusal| {
            let (going_on, moved) = step(refusal, answer, &mut chunk);
            busy |= moved;
            going_on
        });
        if !busy {
            thread::sleep(IDLE_STEP);
        }
    }
}

/// One look at a refusal: whether it goes on, and whether anything moved.
fn step(refusal: &mut Refusal, answer: &[u8], chunk: &mut [u8]) -> (bool, bool) {
    let now = Instant::now();
    let read = match refusal.stream.read(chunk) {
        Ok(0) => return (false, true),
        Ok(read) => Some(read),
        Err(error) if error.kind() == io::ErrorKind::WouldBlock => None,
        Err(_) => return (false, true),
    };
    if !refusal.answered {
        if let Some(read) = read {
            refusal.head.extend_from_slice(&chunk[..read]);
        }
        let arrived = refusal.head.windows(4).any(|w| w == b"\r\n\r\n")
            || refusal.head.windows(2).any(|w| w == b"\n\n")
            || refusal.head.len() > MAX_HEAD;
        if arrived || now >= refusal.deadline {
            refusal.answered = true;
            refusal.head = Vec::new();
            refusal.deadline = now + PATIENCE;
            // A blocking write of a few hundred bytes: a fresh socket's
            // buffer always has room.
            let _ = refusal.stream.set_nonblocking(false);
            let _ = refusal.stream.set_write_timeout(Some(PATIENCE));
            let written = refusal.stream.write_all(answer);
            let _ = refusal.stream.shutdown(Shutdown::Write);
            let _ = refusal.stream.set_nonblocking(true);
            return (written.is_ok(), true);
        }
        return (true, read.is_some());
    }
    // Answered: drain what the client still sends until it closes.
    (now < refusal.deadline, read.is_some())
}
