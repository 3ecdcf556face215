//! How many match records are read at once, in all and for one visitor:
//! each may hold its whole answer.

use std::sync::Arc;

use super::refusal::{RETRY_AFTER, Refusal};
use crate::serve::admission::{Admission, Admitted, Full};
use crate::serve::visitor::Visitor;

/// The most records read at once: each may hold its whole answer, up to
/// 8 MiB.
const MAX_UPLOADS: usize = 8;

/// The most records read at once for one visitor: a page's file and the
/// game it shows, or two tabs'.
const MAX_UPLOADS_PER_VISITOR: usize = 2;

/// The records being read now, by visitor.
pub(super) struct Uploads(Arc<Admission<Visitor>>);

impl Default for Uploads {
    fn default() -> Uploads {
        Uploads(Arc::new(Admission::new(
            MAX_UPLOADS,
            MAX_UPLOADS_PER_VISITOR,
        )))
    }
}

impl Uploads {
    /// Room to read one more record for `visitor`, or the refusal that
    /// says when to come back.
    pub fn enter(&self, visitor: Visitor) -> Result<Admitted<Visitor>, Refusal> {
        self.0.enter(visitor).map_err(|full| match full {
            Full::Address => Refusal::new(
                429,
                format!(
                    "{MAX_UPLOADS_PER_VISITOR} records of yours are being read already; try again in {RETRY_AFTER} s"
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
