//! One event stream that follows many games: a browser's tabs share it, so
//! that however many games it shows it holds one of the few connections a
//! browser keeps to a server. Each event names the game it is for (the
//! `ID` or `ID:KEY` its page asked with) and carries its view; the games
//! take turns, so a busy one never holds back another.

use std::sync::Arc;
use std::time::Duration;

use super::feed::{Changes, Feed, Next};
use congo_kit::json::Json;

/// The games of one stream, each its name and its feed.
pub(super) struct Merged {
    games: Vec<(String, Box<dyn Feed>)>,
    /// Bumped at each change of any game followed.
    any: Arc<Changes>,
    /// The game whose feed is read first next time.
    turn: usize,
}

impl Merged {
    /// A stream of `games`, whose feeds bump `any` at each change.
    pub fn new(games: Vec<(String, Box<dyn Feed>)>, any: Arc<Changes>) -> Merged {
        Merged {
            games,
            any,
            turn: 0,
        }
    }

    /// The next event of any game, the games taking turns.
    fn poll(&mut self) -> Option<Next> {
        let count = self.games.len();
        for step in 0..count {
            let at = (self.turn + step) % count;
            let (name, feed) = &mut self.games[at];
            if let Next::Event(view) = feed.next(Duration::ZERO) {
                self.turn = at + 1;
                let name = Json::from(name.as_str());
                return Some(Next::Event(format!(
                    "{{\"follow\":{name},\"view\":{view}}}"
                )));
            }
        }
        None
    }
}

impl Feed for Merged {
    fn next(&mut self, wait: Duration) -> Next {
        let before = self.any.now();
        if let Some(event) = self.poll() {
            return event;
        }
        self.any.wait_past(before, wait);
        self.poll().unwrap_or(Next::Quiet)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::thread;

    use super::*;
    use crate::feed::Seen;

    /// A feed that sends its count of changes at each change.
    struct Counting {
        changes: Arc<Changes>,
        seen: Seen,
    }

    impl Feed for Counting {
        fn next(&mut self, wait: Duration) -> Next {
            let changes = Arc::clone(&self.changes);
            self.seen.next(&changes, wait, || changes.now().to_string())
        }
    }

    fn counting(name: &str, changes: &Arc<Changes>, any: &Arc<Changes>) -> (String, Box<dyn Feed>) {
        changes.tell(any);
        let feed = Counting {
            changes: Arc::clone(changes),
            seen: Seen::default(),
        };
        (name.to_owned(), Box::new(feed))
    }

    fn event(next: Next) -> String {
        match next {
            Next::Event(data) => data,
            Next::Quiet => "quiet".to_owned(),
        }
    }

    #[test]
    fn each_game_is_told_at_once_then_at_each_of_its_changes() {
        let any = Arc::new(Changes::default());
        let (one, two) = (Arc::new(Changes::default()), Arc::new(Changes::default()));
        let games = vec![counting("a", &one, &any), counting("b:k", &two, &any)];
        let mut merged = Merged::new(games, Arc::clone(&any));
        let mut next = || event(merged.next(Duration::from_millis(1)));
        assert_eq!(next(), r#"{"follow":"a","view":0}"#);
        assert_eq!(next(), r#"{"follow":"b:k","view":0}"#);
        assert_eq!(next(), "quiet");
        two.bump();
        assert_eq!(next(), r#"{"follow":"b:k","view":1}"#);
        assert_eq!(next(), "quiet");
    }

    #[test]
    fn a_change_of_any_game_wakes_the_waiting_stream() {
        let any = Arc::new(Changes::default());
        let two = Arc::new(Changes::default());
        let games = vec![
            counting("a", &Arc::default(), &any),
            counting("b", &two, &any),
        ];
        let mut merged = Merged::new(games, Arc::clone(&any));
        merged.next(Duration::ZERO);
        merged.next(Duration::ZERO);
        let (said, heard) = mpsc::channel();
        thread::scope(|scope| {
            scope.spawn(move || said.send(event(merged.next(Duration::from_secs(3600)))));
            two.bump();
            // Far longer than a wake takes; only a stream never woken
            // would wait it out.
            let woken = heard.recv_timeout(Duration::from_secs(60));
            assert_eq!(woken.as_deref(), Ok(r#"{"follow":"b","view":1}"#));
        });
    }
}
