//! Room held by visitors, in all and each, refused in words that say
//! which bound was met and when to come back: the records read at once
//! ([`uploads`](super::uploads)) and the event streams open
//! ([`streams`](super::streams)).

use std::sync::Arc;

use super::refusal::{RETRY_AFTER, Refusal};
use crate::admission::{Admission, Admitted, Full};
use crate::visitor::Visitor;

/// At most so many held in all and by one visitor, and what a refusal
/// says at each bound (before "; try again in N s").
pub(super) struct Rooms {
    admission: Arc<Admission<Visitor>>,
    yours: String,
    all: String,
}

impl Rooms {
    /// `most` in all, `each` a visitor; `yours` and `all` say what is
    /// full.
    pub fn new(most: usize, each: usize, yours: String, all: String) -> Rooms {
        Rooms {
            admission: Arc::new(Admission::new(most, each)),
            yours,
            all,
        }
    }

    /// Room for one more for `visitor`, held while the guard is, or the
    /// refusal that says when to come back: a 429 at the visitor's bound,
    /// a 503 at the bound in all.
    pub fn enter(&self, visitor: Visitor) -> Result<Admitted<Visitor>, Refusal> {
        self.admission.enter(visitor).map_err(|full| {
            let (status, words) = match full {
                Full::Address => (429, &self.yours),
                Full::Server => (503, &self.all),
            };
            Refusal::new(status, format!("{words}; try again in {RETRY_AFTER} s"))
        })
    }
}
