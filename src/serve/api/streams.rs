//! How many event streams are open, in all and for one visitor: a stream
//! holds a connection for as long as its page is open, so streams never
//! take every connection (requests keep room to be answered), and one
//! visitor never takes every stream.

use std::sync::Arc;

use super::refusal::{RETRY_AFTER, Refusal};
use crate::serve::MAX_CONNECTIONS;
use crate::serve::admission::{Admission, Admitted, Full};
use crate::serve::visitor::Visitor;

/// The most event streams open at once: three quarters of the
/// connections, so that a quarter are always left to requests.
pub const MAX_STREAMS: usize = MAX_CONNECTIONS / 4 * 3;

/// The most event streams one visitor holds open: a stream for each of
/// many tabs.
pub const MAX_STREAMS_PER_VISITOR: usize = 16;

/// The event streams open now, by visitor.
pub(super) struct Streams(Arc<Admission<Visitor>>);

impl Default for Streams {
    fn default() -> Streams {
        Streams(Arc::new(Admission::new(
            MAX_STREAMS,
            MAX_STREAMS_PER_VISITOR,
        )))
    }
}

impl Streams {
    /// Room for one more stream for `visitor`, held while the guard is,
    /// or the refusal that says when to come back.
    pub fn open(&self, visitor: Visitor) -> Result<Admitted<Visitor>, Refusal> {
        self.0.enter(visitor).map_err(|full| match full {
            Full::Address => Refusal::new(
                429,
                format!(
                    "{MAX_STREAMS_PER_VISITOR} pages of yours follow games already: \
                     close one; try again in {RETRY_AFTER} s"
                ),
            ),
            Full::Server => Refusal::new(
                503,
                format!("{MAX_STREAMS} pages follow games already; try again in {RETRY_AFTER} s"),
            ),
        })
    }
}
