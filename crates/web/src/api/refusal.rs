//! A request the API cannot answer, and how it is told: a status, a
//! one-line message in `{"error": ...}`, and when to come back.

use crate::http::Response;
use congo_kit::json::object;

/// A request that cannot be answered: its status, the message, and for a
/// 405 the methods its path takes.
pub(super) struct Refusal {
    pub status: u16,
    pub message: String,
    pub allow: Option<&'static str>,
    /// For a 429 or a 503, when to come back, in seconds, if not soon.
    pub retry_after: Option<u32>,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
            allow: None,
            retry_after: None,
        }
    }

    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal::new(400, message)
    }
}

pub(super) type Answer = Result<Response, Refusal>;

/// A refusal's answer; a 405 names the methods its path takes, a 429 or a
/// 503 when to try again.
pub(super) fn refused(refusal: Refusal) -> Response {
    let mut response = error(refusal.status, &refusal.message);
    response.allow = refusal.allow;
    if matches!(refusal.status, 429 | 503) {
        response.retry_after = Some(refusal.retry_after.unwrap_or(RETRY_AFTER));
    }
    response
}

/// How long a client told the server is busy waits, in seconds.
pub(crate) const RETRY_AFTER: u32 = 1;

/// An error's answer: `{"error": message}`.
pub(crate) fn error(status: u16, message: &str) -> Response {
    Response::json(status, object([("error", message.into())]).to_string())
}
