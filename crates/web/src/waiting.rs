//! The connections waiting for a request: between requests, or with one
//! trickling in. They are what a slow or silent client hoards, so when
//! the server has no room, the one that has waited longest, from the
//! address with the most waiting, is closed to make room for a newcomer:
//! many slow clients can then delay a newcomer a moment, but never lock
//! out a player whose requests arrive whole at once.

use std::collections::HashMap;
use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long a connection waits before it may be closed for a newcomer:
/// far longer than a request takes to arrive from a client that sends it.
pub(super) const GRACE: Duration = Duration::from_secs(1);

/// The connections waiting now.
#[derive(Default)]
pub(super) struct Waiting {
    held: Mutex<Held>,
}

#[derive(Default)]
struct Held {
    waiters: HashMap<u64, Waiter>,
    next: u64,
}

struct Waiter {
    since: Instant,
    address: IpAddr,
    /// A handle on the connection, to close it.
    stream: Arc<TcpStream>,
}

/// A connection's place among the waiting, left when dropped.
pub(super) struct Mark<'a> {
    waiting: &'a Waiting,
    number: u64,
}

impl Waiting {
    /// Marks the connection of `stream` (a handle on it), from `address`,
    /// waiting from now.
    pub fn mark(&self, stream: Arc<TcpStream>, address: IpAddr) -> Mark<'_> {
        let mut held = self.held();
        let number = held.next;
        held.next += 1;
        let waiter = Waiter {
            since: Instant::now(),
            address,
            stream,
        };
        held.waiters.insert(number, waiter);
        Mark {
            waiting: self,
            number,
        }
    }

    /// Closes a waiting connection at `now` to make room for a newcomer
    /// whose address holds `holds` connections: the longest waiting of
    /// the address with the most waiting, at once if that address has
    /// more waiting than the newcomer's holds in all (a crowd gives way to
    /// a lone player), else only past [`GRACE`]; whether one was closed.
    pub fn close_one(&self, now: Instant, holds: usize) -> bool {
        let mut held = self.held();
        let mut by_address: HashMap<IpAddr, usize> = HashMap::new();
        for waiter in held.waiters.values() {
            *by_address.entry(waiter.address).or_default() += 1;
        }
        let waiting = |waiter: &Waiter| by_address.get(&waiter.address).copied().unwrap_or(0);
        let age = |waiter: &Waiter| now.saturating_duration_since(waiter.since);
        let rank = |(number, waiter): &(&u64, &Waiter)| (waiting(waiter), age(waiter), **number);
        let crowd = (held.waiters.iter())
            .max_by_key(rank)
            .filter(|(_, waiter)| waiting(waiter) > holds);
        let chosen = crowd.or_else(|| {
            (held.waiters.iter())
                .filter(|(_, waiter)| age(waiter) >= GRACE)
                .max_by_key(rank)
        });
        let chosen = chosen.map(|(&number, _)| number);
        let Some(waiter) = chosen.and_then(|number| held.waiters.remove(&number)) else {
            return false;
        };
        // Its thread wakes from its read and lets its room go.
        let _ = waiter.stream.shutdown(Shutdown::Both);
        true
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Mark<'_> {
    fn drop(&mut self) {
        self.waiting.held().waiters.remove(&self.number);
    }
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;

    use super::*;

    /// A connected pair: the server's end and the client's.
    fn pair(listener: &TcpListener) -> (TcpStream, TcpStream) {
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        (listener.accept().unwrap().0, client)
    }

    /// A connection from each of `addresses`, marked waiting in that order:
    /// the pairs of ends, and the marks.
    fn marked<'a>(
        waiting: &'a Waiting,
        addresses: &[IpAddr],
    ) -> (Vec<(TcpStream, TcpStream)>, Vec<Mark<'a>>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let ends: Vec<(TcpStream, TcpStream)> = addresses.iter().map(|_| pair(&listener)).collect();
        let marks = (ends.iter().zip(addresses))
            .map(|((server, _), &address)| {
                waiting.mark(Arc::new(server.try_clone().unwrap()), address)
            })
            .collect();
        (ends, marks)
    }

    fn closed(client: &mut TcpStream) -> bool {
        use std::io::Read;
        client
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        matches!(client.read(&mut [0]), Ok(0) | Err(_))
    }

    #[test]
    fn the_longest_waiting_of_the_address_holding_most_is_closed_past_the_grace() {
        let waiting = Waiting::default();
        let (one, two) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let (ends, marks) = marked(&waiting, &[two, one, one, two]);
        let start = Instant::now();
        // A newcomer whose address holds as many as any has waiting waits
        // out the grace.
        assert!(!waiting.close_one(start, 2));
        let later = start + GRACE + GRACE;
        // Address two's first, then one's first: the most waiting first,
        // the longest waiting of them.
        assert!(waiting.close_one(later, 2));
        assert!(waiting.close_one(later, 2));
        let mut clients: Vec<TcpStream> = ends.into_iter().map(|(_, client)| client).collect();
        assert!(closed(&mut clients[0]) && closed(&mut clients[1]));
        drop(marks);
        assert!(!waiting.close_one(later, 0));
    }

    #[test]
    fn an_address_with_more_waiting_than_a_newcomer_holds_gives_way_at_once() {
        let waiting = Waiting::default();
        let (crowd, lone) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let (ends, _marks) = marked(&waiting, &[crowd, crowd, lone]);
        let now = Instant::now();
        // A newcomer holding two waits; one holding one closes the crowd's
        // first at once.
        assert!(!waiting.close_one(now, 2));
        assert!(waiting.close_one(now, 1));
        let mut first = ends.into_iter().next().unwrap().1;
        assert!(closed(&mut first));
    }
}
