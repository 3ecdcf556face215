//! Who a request comes from: the visitor, by which the server shares
//! itself fairly, and whether it is still there, so that work done for a
//! client that has left stops.

use std::io;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::visitor::Visitor;

/// The client at the other end of a connection: the visitor of its
/// request now, and a way to tell whether it has gone while its request
/// is being worked on.
pub(super) struct Client {
    pub visitor: Visitor,
    /// One handle on the connection, shared by whatever looks at it from
    /// aside: each handle is an open file, and the files a process may
    /// open bound its connections.
    stream: Option<Arc<TcpStream>>,
}

impl Client {
    /// The client of `stream`, first taken for `visitor`.
    pub fn of(stream: &TcpStream, visitor: Visitor) -> Client {
        Client {
            visitor,
            stream: stream.try_clone().ok().map(Arc::new),
        }
    }

    /// The handle on its connection, to close it from aside.
    pub fn handle(&self) -> Option<Arc<TcpStream>> {
        self.stream.clone()
    }

    /// Whether the client has closed its connection. Only to be asked
    /// while nothing else reads or writes it: it looks without waiting.
    pub fn gone(&self) -> bool {
        let Some(stream) = &self.stream else {
            return false;
        };
        if stream.set_nonblocking(true).is_err() {
            return true;
        }
        let looked = stream.peek(&mut [0]);
        let _ = stream.set_nonblocking(false);
        match looked {
            Ok(0) => true,
            Ok(_) => false,
            Err(error) => error.kind() != io::ErrorKind::WouldBlock,
        }
    }

    /// Raises `stop` if the client leaves before the guard is dropped, so
    /// that work done for it stops within a few milliseconds of its going.
    pub fn on_leaving(&self, stop: Arc<AtomicBool>) -> LeavingWatch {
        let (done, finished) = mpsc::channel::<()>();
        let client = Client {
            visitor: self.visitor,
            stream: self.handle(),
        };
        let watcher = thread::Builder::new()
            .name("client watch".into())
            .stack_size(WATCHER_STACK)
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(LOOK_EVERY_WORK) {
                    if client.gone() {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            })
            .ok();
        LeavingWatch {
            done: Some(done),
            watcher,
        }
    }
}

/// How often work for a client looks whether it has gone.
const LOOK_EVERY_WORK: Duration = Duration::from_millis(5);

/// The stack of a thread that only watches a socket.
const WATCHER_STACK: usize = 64 << 10;

/// Watches a client while work is done for it (see
/// [`Client::on_leaving`]); dropping it ends the watch, and waits for it,
/// so that the connection is the caller's alone again.
pub(super) struct LeavingWatch {
    done: Option<mpsc::Sender<()>>,
    watcher: Option<thread::JoinHandle<()>>,
}

impl Drop for LeavingWatch {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}
