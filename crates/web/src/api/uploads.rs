//! How many match records are read at once, in all and for one visitor:
//! each may hold its whole answer.

use super::rooms::Rooms;

/// The most records read at once: each may hold its whole answer, up to
/// 8 MiB.
const MAX_UPLOADS: usize = 8;

/// The most records read at once for one visitor: a page's file and the
/// game it shows, or two tabs'.
const MAX_UPLOADS_PER_VISITOR: usize = 2;

/// The records being read now.
pub(super) fn uploads() -> Rooms {
    Rooms::new(
        MAX_UPLOADS,
        MAX_UPLOADS_PER_VISITOR,
        format!("{MAX_UPLOADS_PER_VISITOR} records of yours are being read already"),
        format!("{MAX_UPLOADS} records are being read already"),
    )
}
