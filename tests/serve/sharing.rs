//! A board a class shares: many browsers behind one address (a lab's NAT,
//! a proxy), each its own visitor by its cookie; a proxy believed only
//! where it is trusted; other sites' pages refused; and two servers side
//! by side on one machine.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::thread;

use congo_web::{
    MAX_GAMES_PER_ADDRESS, MAX_GAMES_PER_VISITOR, MAX_GUESSES, MAX_STREAMS_PER_VISITOR,
};

use super::client::{Connection, Events, Reply, Server, quoted, string};
use super::congo_moves;
use super::kept_games::{FULL_START, moves};
use crate::common::{CONGO, scratch};

/// A browser: its address (`127.0.0.HOST`) and the cookie the server gave
/// it, sent with each request as a browser does.
struct Browser<'a> {
    server: &'a Server,
    host: u8,
    cookie: Option<String>,
    /// A kept-alive connection, as a browser reuses one.
    connection: Option<Connection>,
}

impl<'a> Browser<'a> {
    fn new(server: &'a Server, host: u8) -> Browser<'a> {
        Browser {
            server,
            host,
            cookie: None,
            connection: None,
        }
    }

    fn headers(&self) -> Vec<(&str, &str)> {
        self.cookie
            .iter()
            .map(|cookie| ("Cookie", cookie.as_str()))
            .collect()
    }

    /// Sends a request on its connection, keeps the cookie it is given.
    fn send(&mut self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let mut connection = match self.connection.take() {
            Some(connection) => connection,
            None => self.server.connect_from(self.host),
        };
        let reply = connection.send_with(method, path, &self.headers(), body);
        if reply.header("connection") == Some("keep-alive") {
            self.connection = Some(connection);
        }
        if let Some(set) = reply.header("set-cookie") {
            self.cookie = Some(set.split(';').next().unwrap().to_owned());
        }
        reply
    }

    fn get(&mut self, path: &str) -> Reply {
        self.send("GET", path, None)
    }

    fn post(&mut self, path: &str, body: &str) -> Reply {
        self.send("POST", path, Some(body))
    }

    /// Follows game `id` as the holder of `key`, on a connection of its own.
    fn follow(&self, id: &str, key: &str) -> Result<Events, Reply> {
        let path = format!("/api/games/{id}/events?key={key}");
        (self.server.connect_from(self.host)).events_with(&path, &self.headers())
    }

    /// Makes a game by hand from the start; the answer.
    fn make_game(&mut self) -> Reply {
        let body = format!(
            "{{\"fen\": {}, \"white\": \"me\", \"black\": \"me\"}}",
            quoted(FULL_START)
        );
        self.post("/api/games", &body)
    }
}

#[test]
fn a_browser_is_given_an_identity_by_its_first_request_but_the_pages() {
    let server = Server::start(&[], &[]);
    let mut browser = Browser::new(&server, 2);
    // A link from another site fetches the page without the browser's
    // cookie: the page must not replace it.
    assert_eq!(browser.get("/").header("set-cookie"), None);
    let given = browser.get("/app.js");
    let cookie = given.header("set-cookie").unwrap();
    assert!(cookie.starts_with("congo="), "{cookie}");
    for part in ["Path=/", "HttpOnly", "SameSite=Strict"] {
        assert!(cookie.split("; ").any(|given| given == part), "{cookie}");
    }
    assert_eq!(browser.get("/style.css").header("set-cookie"), None);
    assert_eq!(browser.get("/api/watch").header("set-cookie"), None);
    // A script that keeps no cookie is given one each time.
    assert!(server.get("/api/watch").header("set-cookie").is_some());
}

#[test]
fn forty_browsers_behind_one_address_each_load_the_page_and_play_congo() {
    let server = Server::start(&[], &["--engines", "2"]);
    let first = congo_moves(FULL_START)[0].clone();
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"congo\", \"movetime\": 5}}",
        quoted(FULL_START)
    );
    thread::scope(|scope| {
        let players: Vec<_> = (0..40)
            .map(|_| {
                let (server, body, first) = (&server, &body, &first);
                scope.spawn(move || {
                    let mut browser = Browser::new(server, 9);
                    for asset in ["/", "/app.js", "/style.css"] {
                        assert_eq!(browser.get(asset).status, 200, "{asset}");
                    }
                    let created = browser.post("/api/games", body);
                    assert_eq!(created.status, 200, "{}", created.text());
                    let created = created.json();
                    let id = string(created.get("id").unwrap());
                    let key = string(created.get("key").unwrap());
                    let mut events = browser
                        .follow(&id, &key)
                        .unwrap_or_else(|reply| panic!("{}: {}", reply.status, reply.text()));
                    let path = format!("/api/games/{id}/move");
                    let played =
                        format!("{{\"key\": {}, \"move\": {}}}", quoted(&key), quoted(first));
                    let reply = browser.post(&path, &played);
                    assert_eq!(reply.status, 200, "{}", reply.text());
                    events.until(|view| moves(view).len() == 2);
                })
            })
            .collect();
        for player in players {
            player.join().unwrap();
        }
    });
}

#[test]
fn each_browser_has_its_own_share_of_games_and_an_address_a_ceiling() {
    let server = Server::start(&[], &[]);
    let mut browsers: Vec<Browser> = Vec::new();
    // A page on each game, so that each counts however long the making
    // takes on a busy machine.
    let mut pages: Vec<Events> = Vec::new();
    let mut made = 0;
    while made < MAX_GAMES_PER_ADDRESS {
        let mut browser = Browser::new(&server, 3);
        browser.get("/app.js");
        for _ in 0..MAX_GAMES_PER_VISITOR.min(MAX_GAMES_PER_ADDRESS - made) {
            let reply = browser.make_game();
            assert_eq!(reply.status, 200, "{}", reply.text());
            let game = reply.json();
            let (id, key) = (
                string(game.get("id").unwrap()),
                string(game.get("key").unwrap()),
            );
            pages.push(
                browser
                    .follow(&id, &key)
                    .unwrap_or_else(|reply| panic!("{}", reply.text())),
            );
            made += 1;
        }
        browsers.push(browser);
    }
    assert_eq!(
        browsers[0].make_game().error(429),
        format!(
            "{MAX_GAMES_PER_VISITOR} games of yours are in progress already: \
             end one (resign or abort it) or close its page"
        )
    );
    let mut newcomer = Browser::new(&server, 3);
    newcomer.get("/app.js");
    let refused = newcomer.make_game();
    assert_eq!(refused.header("retry-after"), Some("30"));
    assert_eq!(
        refused.error(429),
        format!(
            "{MAX_GAMES_PER_ADDRESS} games in progress from your address (all its browsers \
             together) already; try again in 30 s"
        )
    );
    // Another address is not held back by this one's class.
    assert_eq!(Browser::new(&server, 4).make_game().status, 200);
    drop(pages);
}

#[test]
fn each_browser_holds_its_own_share_of_event_streams() {
    let server = Server::start(&[], &[]);
    let mut one = Browser::new(&server, 5);
    one.get("/app.js");
    let created = one.make_game().json();
    let id = string(created.get("id").unwrap());
    let key = string(created.get("key").unwrap());
    let held: Vec<Events> = (0..MAX_STREAMS_PER_VISITOR)
        .map(|_| {
            one.follow(&id, &key)
                .unwrap_or_else(|reply| panic!("{}", reply.text()))
        })
        .collect();
    let refused = one.follow(&id, &key).err().expect("a refusal");
    assert_eq!(
        refused.error(429),
        format!(
            "{MAX_STREAMS_PER_VISITOR} pages of yours follow games already: close one; try again in 1 s"
        )
    );
    let mut other = Browser::new(&server, 5);
    other.get("/app.js");
    assert!(other.follow(&id, &key).is_ok());
    drop(held);
}

/// Makes games from `127.0.0.HOST` with `headers` (no cookie) until one
/// is refused: how many were made, and a page from `127.0.0.WATCHER`
/// that follows them all. Followed, the games count for their maker for
/// as long as the page is held, however long their making took on a busy
/// machine (a game no page follows counts only while new).
fn games_made_until_refused(
    server: &Server,
    host: u8,
    headers: &[(&str, &str)],
    watcher: u8,
) -> (usize, Option<Events>) {
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"me\"}}",
        quoted(FULL_START)
    );
    let mut connection = server.connect_from(host);
    let mut ids = Vec::new();
    let mut page = None;
    for made in 0..=MAX_GAMES_PER_VISITOR {
        let reply = connection.send_with("POST", "/api/games", headers, Some(&body));
        if reply.status != 200 {
            assert_eq!(reply.status, 429, "{}", reply.text());
            return (made, page);
        }
        ids.push(string(reply.json().get("id").unwrap()));
        // The new page is open before the one it replaces closes.
        let path = format!("/api/events?games={}", ids.join(","));
        let next = server.connect_from(watcher).events(&path);
        page = Some(next.unwrap_or_else(|reply| panic!("{path}: {}", reply.text())));
    }
    panic!("no game was refused")
}

#[test]
fn a_trusted_proxy_is_believed_and_a_client_is_not() {
    let server = Server::start(&[], &["--trusted-proxy", "127.0.0.1"]);
    let forwarded = |address| [("X-Forwarded-For", address)];
    let mut pages = Vec::new();
    let mut made = |host, headers: &[(&str, &str)]| {
        let (made, page) = games_made_until_refused(&server, host, headers, 50 + pages.len() as u8);
        pages.push(page);
        made
    };
    // Through the proxy (127.0.0.1), each forwarded address is its own.
    assert_eq!(made(1, &forwarded("203.0.113.1")), MAX_GAMES_PER_VISITOR);
    assert_eq!(made(1, &forwarded("203.0.113.2")), MAX_GAMES_PER_VISITOR);
    let rfc = [("Forwarded", "for=\"[2001:db8::5]:4711\";proto=https")];
    assert_eq!(made(1, &rfc), MAX_GAMES_PER_VISITOR);
    // What a client wrote before the proxy is not believed.
    let spoofed = [("X-Forwarded-For", "203.0.113.3, 203.0.113.1")];
    assert_eq!(made(1, &spoofed), 0);
    // A client that is no proxy is itself, whatever it writes.
    assert_eq!(made(2, &forwarded("203.0.113.4")), MAX_GAMES_PER_VISITOR);
    assert_eq!(made(2, &forwarded("203.0.113.5")), 0);
    assert_eq!(made(2, &[]), 0);
}

#[test]
fn a_cookie_is_sent_back_over_https_only_where_a_trusted_proxy_says_so() {
    let server = Server::start(&[], &["--trusted-proxy", "127.0.0.1"]);
    let cookie = |host: u8| {
        let reply = server.connect_from(host).send_with(
            "GET",
            "/style.css",
            &[("X-Forwarded-Proto", "https")],
            None,
        );
        reply.header("set-cookie").unwrap().to_owned()
    };
    assert!(cookie(1).ends_with("; Secure"), "{}", cookie(1));
    assert!(!cookie(2).contains("Secure"), "{}", cookie(2));
}

#[test]
fn ids_and_keys_cannot_be_found_by_trying() {
    let server = Server::start(&[], &[]);
    let mut guesser = Browser::new(&server, 6);
    let mine = guesser.make_game().json();
    let id = string(mine.get("id").unwrap());
    for guess in 0..MAX_GUESSES {
        let missed = if guess % 2 == 0 {
            guesser.get(&format!("/api/games/{guess:012x}"))
        } else {
            let wrong = format!("{{\"key\": \"{guess:032x}\", \"move\": \"a2a3\"}}");
            guesser.post(&format!("/api/games/{id}/move"), &wrong)
        };
        assert!([403, 404].contains(&missed.status), "{}", missed.text());
    }
    let refused = guesser.get(&format!("/api/games/{id}"));
    assert!(refused.header("retry-after").is_some());
    let message = refused.error(429);
    let prefix = format!(
        "{MAX_GUESSES} games asked for in the last minute were not there or not yours; try again in "
    );
    assert!(message.starts_with(&prefix), "{message}");
    // Another visitor, even at the same address, finds the game.
    assert_eq!(
        Browser::new(&server, 6)
            .get(&format!("/api/games/{id}"))
            .status,
        200
    );
}

#[test]
fn a_bad_trusted_proxy_is_refused_with_what_it_takes() {
    let output = Command::new(CONGO)
        .args(["serve", "--port", "0", "--trusted-proxy", "nginx"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("--trusted-proxy"), "{said}");
    assert!(said.contains("nginx"), "{said}");
    assert!(
        said.contains("an IP address, such as 127.0.0.1 or ::1"),
        "{said}"
    );
}

#[test]
fn another_sites_page_cannot_act_for_the_player_nor_frame_the_board() {
    let server = Server::start(&[], &[]);
    let body = format!(
        "{{\"fen\": {}, \"white\": \"me\", \"black\": \"me\"}}",
        quoted(FULL_START)
    );
    let mut connection = server.connect();
    let mut send =
        |headers: &[(&str, &str)]| connection.send_with("POST", "/api/games", headers, Some(&body));
    assert_eq!(
        send(&[("Origin", "https://evil.example")]).error(403),
        "the request comes from another site (https://evil.example, not congo): \
         only the board's own page acts for its player"
    );
    assert_eq!(send(&[("Origin", "null")]).status, 403);
    assert_eq!(
        send(&[("Content-Type", "text/plain")]).error(415),
        "a body of type text/plain is not read: send JSON, with Content-Type: application/json"
    );
    assert_eq!(
        send(&[("Content-Type", "application/x-www-form-urlencoded")]).status,
        415
    );
    let games = server.data().unwrap().join("games");
    assert_eq!(
        std::fs::read_dir(&games).unwrap().count(),
        0,
        "a refused request made a game"
    );
    // The board's own page, and a script with no Origin, are served.
    let own = [
        ("Origin", "http://congo"),
        ("Content-Type", "application/json"),
    ];
    assert_eq!(send(&own).status, 200);
    assert_eq!(send(&[]).status, 200);
    let page = server.get("/");
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert_eq!(page.header("x-frame-options"), Some("DENY"));
}

#[test]
fn a_second_server_without_a_data_folder_starts_beside_the_first_and_says_where() {
    let state = scratch("serve-two");
    let start = || {
        let mut child = Command::new(CONGO)
            .args(["serve", "--port", "0"])
            .env("XDG_STATE_HOME", &state)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut said = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        said.read_line(&mut first).unwrap();
        assert!(first.starts_with("congo serve: http://"), "{first}");
        (child, said)
    };
    let (mut board, _) = start();
    let (mut watcher, mut said) = start();
    let mut line = String::new();
    said.read_line(&mut line).unwrap();
    let default = state.join("congo/serve");
    assert_eq!(
        line.trim_end(),
        format!(
            "congo serve: {} is used by another congo serve: this one keeps its games in {}",
            default.display(),
            state.join("congo/serve-2").display()
        )
    );
    for child in [&mut board, &mut watcher] {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    std::fs::remove_dir_all(state).unwrap();
}
