//! Room for something held by address: at most so many at once, and at
//! most so many from one address, so that one process opening hundreds of
//! sockets, or uploading many records at once, cannot lock anyone else
//! out. The server's connections are counted so ([`MAX_CONNECTIONS`],
//! [`MAX_PER_ADDRESS`]), and so are the records being read for replay.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// The most connections served at once.
pub const MAX_CONNECTIONS: usize = 1024;

/// The most connections one address holds at once: a browser's handful of
/// requests and an event stream or two, for each of a few tabs.
pub const MAX_PER_ADDRESS: usize = 16;

/// What is held now, in all and by address, and the bounds.
pub(super) struct Admission {
    open: Mutex<Open>,
    most: usize,
    most_per_address: usize,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Which bound a refusal met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Full {
    /// As many are held as the server allows.
    Server,
    /// As many are held from the address as one address may hold.
    Address,
}

impl Default for Admission {
    /// The server's connections.
    fn default() -> Admission {
        Admission::new(MAX_CONNECTIONS, MAX_PER_ADDRESS)
    }
}

impl Admission {
    /// At most `most` held at once, `most_per_address` from one address.
    pub fn new(most: usize, most_per_address: usize) -> Admission {
        Admission {
            open: Mutex::default(),
            most,
            most_per_address,
        }
    }

    /// Room for one more from `address`, held until the guard is dropped;
    /// `None` when the server or that address is at its bound.
    pub fn admit(self: &Arc<Admission>, address: IpAddr) -> Option<Admitted> {
        self.enter(address).ok()
    }

    /// [`Admission::admit`], saying which bound was met.
    pub fn enter(self: &Arc<Admission>, address: IpAddr) -> Result<Admitted, Full> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let from_address = open.by_address.get(&address).copied().unwrap_or(0);
        if from_address >= self.most_per_address {
            return Err(Full::Address);
        }
        if open.total >= self.most {
            return Err(Full::Server);
        }
        open.total += 1;
        open.by_address.insert(address, from_address + 1);
        Ok(Admitted {
            admission: Arc::clone(self),
            address,
        })
    }
}

/// One admitted; it leaves the count when dropped.
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

    #[test]
    fn a_refusal_names_the_bound_it_met() {
        let admission = Arc::new(Admission::new(3, 2));
        let address = |last: u8| IpAddr::from([127, 0, 0, last]);
        let _held = [2, 2, 3].map(|last| admission.enter(address(last)).unwrap());
        assert_eq!(admission.enter(address(2)).err(), Some(Full::Address));
        assert_eq!(admission.enter(address(4)).err(), Some(Full::Server));
    }
}
