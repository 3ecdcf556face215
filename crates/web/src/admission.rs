//! Room for something held by someone: at most so many at once, and at
//! most so many by one holder, so that one process opening hundreds of
//! sockets, or uploading many records at once, cannot lock anyone else
//! out. The server's connections are counted so by address
//! ([`MAX_CONNECTIONS`], [`MAX_PER_ADDRESS`]), and the records being read
//! for replay and the event streams by visitor.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// The most connections served at once, unless told fewer or the
/// open-files limit leaves room for fewer (see `room`).
pub const MAX_CONNECTIONS: usize = 1024;

/// The most connections one address holds at once: a ceiling sized for a
/// class behind one address (forty browsers, each with its page's two
/// connections and its event streams), not a share. A trusted proxy is
/// held only by [`MAX_CONNECTIONS`].
pub const MAX_PER_ADDRESS: usize = 256;

/// What is held now, in all and by holder, and the bounds.
pub(super) struct Admission<K = IpAddr> {
    open: Mutex<Open<K>>,
    most: usize,
    most_per_address: usize,
}

struct Open<K> {
    total: usize,
    by_address: HashMap<K, usize>,
}

/// Which bound a refusal met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Full {
    /// As many are held as the server allows.
    Server,
    /// As many are held from the address as one address may hold.
    Address,
}

impl<K: Copy + Eq + Hash> Admission<K> {
    /// At most `most` held at once, `most_per_address` by one holder.
    pub fn new(most: usize, most_per_address: usize) -> Admission<K> {
        Admission {
            open: Mutex::new(Open {
                total: 0,
                by_address: HashMap::new(),
            }),
            most,
            most_per_address,
        }
    }

    /// Room for one more, held only by the bound in all (a trusted proxy,
    /// which holds its visitors' connections).
    pub fn admit_any(self: &Arc<Self>, address: K) -> Option<Admitted<K>> {
        self.take(address, false, true).ok()
    }

    /// Room for one more from `address`, held until the guard is dropped;
    /// or which bound was met.
    pub fn enter(self: &Arc<Self>, address: K) -> Result<Admitted<K>, Full> {
        self.take(address, true, true)
    }

    /// How many `address` holds.
    pub fn held_by(&self, address: K) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.by_address.get(&address).copied().unwrap_or(0)
    }

    /// Room for one more in place of one being let go (whose guard is
    /// dropped a moment later): within the holder's bound if `bounded`,
    /// not the bound in all.
    pub fn in_place_of_one(self: &Arc<Self>, address: K, bounded: bool) -> Option<Admitted<K>> {
        self.take(address, bounded, false).ok()
    }

    /// Room for one more, within the holder's bound if `bounded` and
    /// the bound in all if `in_all`.
    fn take(
        self: &Arc<Self>,
        address: K,
        bounded: bool,
        in_all: bool,
    ) -> Result<Admitted<K>, Full> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let from_address = open.by_address.get(&address).copied().unwrap_or(0);
        if bounded && from_address >= self.most_per_address {
            return Err(Full::Address);
        }
        if in_all && open.total >= self.most {
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
pub(super) struct Admitted<K: Copy + Eq + Hash = IpAddr> {
    admission: Arc<Admission<K>>,
    address: K,
}

impl<K: Copy + Eq + Hash> Drop for Admitted<K> {
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
        let admission = Arc::new(Admission::new(MAX_CONNECTIONS, MAX_PER_ADDRESS));
        let (one, other): (IpAddr, IpAddr) =
            ("127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap());
        let held: Vec<Admitted> = (0..MAX_PER_ADDRESS)
            .map(|_| admission.enter(one).unwrap())
            .collect();
        assert_eq!(admission.enter(one).err(), Some(Full::Address));
        assert!(admission.enter(other).is_ok());
        drop(held);
        assert!(admission.enter(one).is_ok());
        assert!(admission.open.lock().unwrap().by_address.is_empty());
    }

    #[test]
    fn a_refusal_names_the_bound_it_met() {
        let admission = Arc::new(Admission::<IpAddr>::new(3, 2));
        let address = |last: u8| IpAddr::from([127, 0, 0, last]);
        let _held = [2, 2, 3].map(|last| admission.enter(address(last)).unwrap());
        assert_eq!(admission.enter(address(2)).err(), Some(Full::Address));
        assert_eq!(admission.enter(address(4)).err(), Some(Full::Server));
    }
}
