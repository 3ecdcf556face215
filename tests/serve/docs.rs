//! Every API example in docs/serve.md, sent to a server set up as the page
//! says, and its answer compared with the one shown.

use std::fs;

use super::client::{Reply, Server, strings};
use super::congo_moves;
use crate::common::{congo, scratch, text};
use congo_web::Json;

/// One example: a `curl` line and the JSON shown after it.
struct Example {
    curl: String,
    answer: String,
}

/// The examples of a page: each ```sh block of one `curl` line followed
/// by a ```json block.
fn examples(page: &str) -> Vec<Example> {
    let blocks: Vec<(&str, &str)> = page
        .split("```")
        .skip(1)
        .step_by(2)
        .filter_map(|block| block.split_once('\n'))
        .collect();
    blocks
        .windows(2)
        .filter(|pair| pair[0].0 == "sh" && pair[1].0 == "json")
        .filter(|pair| pair[0].1.trim().starts_with("curl "))
        .map(|pair| Example {
            curl: pair[0].1.trim().to_owned(),
            answer: pair[1].1.trim().to_owned(),
        })
        .collect()
}

/// A shell line's words: plain, in single quotes, or in `$'...'` with its
/// escapes (`\t`, `\n`, `\'`, `\\`).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ' ' {
            chars.next();
            continue;
        }
        let mut word = String::new();
        while let Some(c) = chars.next_if(|&c| c != ' ') {
            match c {
                '\'' => word.extend(chars.by_ref().take_while(|&c| c != '\'')),
                '$' if chars.next_if_eq(&'\'').is_some() => {
                    while let Some(c) = chars.next() {
                        match c {
                            '\'' => break,
                            '\\' => word.push(match chars.next() {
                                Some('t') => '\t',
                                Some('n') => '\n',
                                Some(other) => other,
                                None => panic!("a \\ at the end: {line}"),
                            }),
                            c => word.push(c),
                        }
                    }
                }
                c => word.push(c),
            }
        }
        words.push(word);
    }
    words
}

/// The request a `curl -s URL [-H HEADER] [-d BODY | --data-binary BODY]`
/// line sends: the path, the body if it posts one, and the headers curl
/// adds to a post (a body is a form unless `-H` names its type).
fn request(curl: &str) -> (String, Option<String>, Vec<String>) {
    let words = words(curl);
    let url = words
        .iter()
        .find(|word| word.starts_with("http://127.0.0.1:8049/"))
        .unwrap_or_else(|| panic!("no URL in {curl}"));
    let path = url.trim_start_matches("http://127.0.0.1:8049").to_owned();
    let body = words
        .iter()
        .position(|word| word == "-d" || word == "--data-binary")
        .map(|at| words[at + 1].clone());
    let mut headers: Vec<String> = (words.windows(2))
        .filter(|pair| pair[0] == "-H")
        .map(|pair| pair[1].clone())
        .collect();
    let typed = headers
        .iter()
        .any(|header| header.starts_with("Content-Type:"));
    if body.is_some() && !typed {
        headers.push("Content-Type: application/x-www-form-urlencoded".into());
    }
    (path, body, headers)
}

/// Sends `body` to `path` with `headers`, as curl does.
fn post(server: &Server, path: &str, body: &str, headers: &[String]) -> Reply {
    let mut request = format!("POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for header in headers {
        request.push_str(&format!("{header}\r\n"));
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    server.raw(request.as_bytes())
}

#[test]
fn every_api_example_in_the_docs_answers_as_shown() {
    let page = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/serve.md")).unwrap();
    let examples = examples(&page);
    assert!(examples.len() >= 6, "{} examples", examples.len());
    let dir = scratch("serve-docs");
    let tables = dir.to_str().unwrap();
    let made = congo(&["tb", "generate", tables, "LvL", "LZvL"], b"");
    assert!(made.status.success(), "{}", text(&made.stderr));
    let server = Server::start(&[], &["--tb", tables]);
    // A kept game's id and keys are random: the page writes GAME, KEY and
    // FRIEND for them, as they were in the answer that made the game.
    let mut names: Vec<(String, &str)> = Vec::new();
    for example in &examples {
        let (mut path, mut body, headers) = request(&example.curl);
        for (value, name) in &names {
            path = path.replace(name, value);
            body = body.map(|body| body.replace(name, value));
        }
        let reply = match &body {
            Some(body) => post(&server, &path, body, &headers),
            None => server.get(&path),
        };
        let shown = Json::parse(&example.answer).unwrap();
        let mut got = reply.json();
        if path == "/api/games" {
            let id = got.get("id").and_then(Json::as_str).unwrap().to_owned();
            let key = got.get("key").and_then(Json::as_str).unwrap().to_owned();
            let links = got.get("links").unwrap();
            let friend = links.get("friend").and_then(Json::as_str).unwrap();
            let friend = friend.split("key=").nth(1).unwrap().to_owned();
            names = vec![(id, "GAME"), (key, "KEY"), (friend, "FRIEND")];
        }
        if !names.is_empty() {
            let mut text = got.to_string();
            for (value, name) in &names {
                text = text.replace(value.as_str(), name);
            }
            got = Json::parse(&text).unwrap();
        }
        if path == "/api/best" {
            // The move depends on the machine; the answer's shape and the
            // move's legality do not.
            let Json::Object(members) = &shown else {
                panic!("{shown}")
            };
            for (name, _) in members {
                assert!(got.get(name).is_some(), "{}: no {name}", example.curl);
            }
            let fen = Json::parse(body.as_deref().unwrap()).unwrap();
            let fen = fen.get("fen").and_then(Json::as_str).unwrap();
            let best = strings(got.get("pv").unwrap());
            assert!(congo_moves(fen).contains(&best[0]), "{}", example.curl);
        } else {
            assert_eq!(got, shown, "{}\nthe answer: {got}", example.curl);
        }
    }
    fs::remove_dir_all(dir).unwrap();
}
