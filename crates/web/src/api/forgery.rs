//! Requests forged by other sites. A page on any site can make a browser
//! send a POST to the server, cookie and all; the server acts only on
//! those its own page sent. A request that carries an `Origin` (every
//! browser's POST does) must name the host it was sent to (`Host`); a
//! script's request, with no `Origin`, is its user's own. A JSON body must
//! say it is JSON, or say nothing: the types an HTML form can send
//! without asking are refused, whatever the origin.

use super::refusal::Refusal;
use crate::http::Request;

/// Whether `request` may change something: `Ok` unless another site sent
/// it, or it sends a JSON route a body that does not say it is JSON.
pub(super) fn vet(request: &Request, json_body: bool) -> Result<(), Refusal> {
    let headers = &request.headers;
    if let Some(origin) = &headers.origin {
        let host = headers.host.as_deref().unwrap_or("");
        if !same_host(origin, host) {
            return Err(Refusal::new(
                403,
                format!(
                    "the request comes from another site ({origin}, not {host}): \
                     only the board's own page acts for its player"
                ),
            ));
        }
    }
    match &headers.content_type {
        Some(given) if json_body && !is_json(given) => Err(Refusal::new(
            415,
            format!(
                "a body of type {given} is not read: send JSON, with Content-Type: application/json"
            ),
        )),
        _ => Ok(()),
    }
}

/// Whether the origin `scheme://authority` names `host`.
fn same_host(origin: &str, host: &str) -> bool {
    let authority = origin.split_once("://").map(|(_, rest)| rest);
    !host.is_empty() && authority.is_some_and(|authority| authority.eq_ignore_ascii_case(host))
}

/// Whether a `Content-Type` names JSON (`application/json`, with or
/// without parameters).
fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::Headers;

    fn request(origin: Option<&str>, host: Option<&str>, content_type: Option<&str>) -> Request {
        Request {
            method: "POST".into(),
            path: "/api/games".into(),
            query: Vec::new(),
            keep_alive: true,
            headers: Headers {
                origin: origin.map(Into::into),
                host: host.map(Into::into),
                content_type: content_type.map(Into::into),
                ..Headers::default()
            },
            body: Vec::new(),
        }
    }

    fn status(origin: Option<&str>, host: Option<&str>, content_type: Option<&str>) -> u16 {
        vet(&request(origin, host, content_type), true)
            .map_or_else(|refusal| refusal.status, |()| 200)
    }

    #[test]
    fn the_boards_own_page_and_a_script_are_served_another_site_is_not() {
        let host = Some("board.example:8049");
        assert_eq!(status(Some("http://board.example:8049"), host, None), 200);
        assert_eq!(status(Some("https://BOARD.example:8049"), host, None), 200);
        assert_eq!(status(None, host, None), 200);
        assert_eq!(status(None, None, None), 200);
        assert_eq!(status(Some("http://evil.example"), host, None), 403);
        assert_eq!(status(Some("http://board.example"), host, None), 403);
        assert_eq!(status(Some("null"), host, None), 403);
        assert_eq!(status(Some("http://board.example:8049"), None, None), 403);
        let refusal = vet(&request(Some("http://evil.example"), host, None), true).unwrap_err();
        assert_eq!(
            refusal.message,
            "the request comes from another site (http://evil.example, not board.example:8049): \
             only the board's own page acts for its player"
        );
    }

    #[test]
    fn a_json_body_says_it_is_json_or_says_nothing() {
        assert_eq!(status(None, None, Some("application/json")), 200);
        assert_eq!(
            status(None, None, Some("Application/JSON; charset=utf-8")),
            200
        );
        for form in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            assert_eq!(status(None, None, Some(form)), 415, "{form}");
        }
        let refusal = vet(&request(None, None, Some("text/plain")), true).unwrap_err();
        assert_eq!(
            refusal.message,
            "a body of type text/plain is not read: send JSON, with Content-Type: application/json"
        );
        // A match record is text.
        assert!(vet(&request(None, None, Some("text/plain")), false).is_ok());
    }
}
