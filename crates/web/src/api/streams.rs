//! How many event streams are open, in all and for one visitor: a stream
//! holds a connection for as long as its page is open, so streams never
//! take every connection (requests keep room to be answered), and one
//! visitor never takes every stream.

use super::rooms::Rooms;
use crate::MAX_CONNECTIONS;

/// The most event streams open at once: three quarters of the
/// connections, so that a quarter are always left to requests.
pub const MAX_STREAMS: usize = MAX_CONNECTIONS / 4 * 3;

/// The most event streams one visitor holds open: a stream for each of
/// many tabs.
pub const MAX_STREAMS_PER_VISITOR: usize = 16;

/// The event streams open now, of a server holding `connections` at once
/// (three quarters of them at most, [`MAX_STREAMS`] with the most).
pub(super) fn streams(connections: usize) -> Rooms {
    let most = (connections / 4 * 3).max(1);
    Rooms::new(
        most,
        MAX_STREAMS_PER_VISITOR,
        format!("{MAX_STREAMS_PER_VISITOR} pages of yours follow games already: close one"),
        format!("{most} pages follow games already"),
    )
}
