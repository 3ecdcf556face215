//! How many match records are read at once, in all and from one address:
//! each may hold its whole answer.

use std::net::IpAddr;
use std::sync::Arc;

use super::refusal::{RETRY_AFTER, Refusal};
use crate::serve::admission::{Admission, Admitted, Full};

/// The most records read at once: each may hold its whole answer, up to
/// 8 MiB.
const MAX_UPLOADS: usize = 8;

/// The most records read at once from one address: a page's file and the
/// game it shows, or two tabs'.
const MAX_UPLOADS_PER_ADDRESS: usize = 2;

/// The records being read now, by address.
pub(super) struct Uploads(Arc<Admission>);

impl Default for Uploads {
    fn default() -> Uploads {
        Uploads(Arc::new(Admission::new(
            MAX_UPLOADS,
            MAX_UPLOADS_PER_ADDRESS,
        )))
    }
}

impl Uploads {
    /// Room to read one more record from `address`, or the refusal that
    /// says when to come back.
    pub fn enter(&self, address: IpAddr) -> Result<Admitted, Refusal> {
        self.0.enter(address).map_err(|full| match full {
            Full::Address => Refusal::new(
                429,
                format!(
                    "{MAX_UPLOADS_PER_ADDRESS} records from your address are being read already; try again in {RETRY_AFTER} s"
                ),
            ),
            Full::Server => Refusal::new(
                503,
                format!(
                    "{MAX_UPLOADS} records are being read already; try again in {RETRY_AFTER} s"
                ),
            ),
        })
    }
}
