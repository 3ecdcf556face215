//! Who gets a connection: at most [`MAX_CONNECTIONS`] at once, and at most
//! [`MAX_PER_ADDRESS`] from one address, so that one process opening
//! hundreds of sockets cannot lock anyone else out.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// The most connections served at once.
pub const MAX_CONNECTIONS: usize = 1024;

/// The most connections one address holds at once: a browser's handful of
/// requests and an event stream or two, for each of a few tabs.
pub const MAX_PER_ADDRESS: usize = 16;

/// The connections open now, in all and by address.
#[derive(Default)]
pub(super) struct Admission {
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

impl Admission {
    /// Room for one more connection from `address`, held until the guard
    /// is dropped; `None` when the server or that address is at its limit.
    pub fn admit(self: &Arc<Admission>, address: IpAddr) -> Option<Admitted> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let from_address = open.by_address.get(&address).copied().unwrap_or(0);
        if open.total >= MAX_CONNECTIONS || from_address >= MAX_PER_ADDRESS {
            return None;
        }
        open.total += 1;
        open.by_address.insert(address, from_address + 1);
        Some(Admitted {
            admission: Arc::clone(self),
            address,
        })
    }
}

/// One admitted connection; it leaves the count when dropped.
pub(super) struct Admitted {
    admission: Arc<Admission>,
    address: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self
            .admission
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.total -= 1;
        if let Some(count) = open.by_address.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.by_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_is_held_to_its_share_and_gets_it_back() {
        let admission = Arc::new(Admission::default());
        let (one, other): (IpAddr, IpAddr) =
            ("127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap());
        let held: Vec<Admitted> = (0..MAX_PER_ADDRESS)
            .map(|_| admission.admit(one).unwrap())
            .collect();
        assert!(admission.admit(one).is_none());
        assert!(admission.admit(other).is_some());
        drop(held);
        assert!(admission.admit(one).is_some());
        assert!(admission.open.lock().unwrap().by_address.is_empty());
    }
}
