//! The store's own bounds, which a test over TCP cannot reach in
//! reasonable time: a finished game let go from memory comes back from
//! the journal, and games left behind past a bound are aborted oldest
//! first.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::bounds::HERE_FOR;
use super::state::Seat;
use super::*;
use crate::journal::scratch::Scratch;
use congo_kit::json::Json;
use congo_rules::{Game, Position, Reach, START};

/// A store on a fresh journal in `scratch`.
fn store(scratch: &Scratch) -> Arc<Games> {
    let (games, problems) = store_with_problems(scratch);
    assert_eq!(problems, Vec::<String>::new());
    games
}

/// A store on the journal in `scratch`, its games read back, and what it
/// says of them.
fn store_with_problems(scratch: &Scratch) -> (Arc<Games>, Vec<String>) {
    store_of(scratch, crate::journal::BUDGET)
}

/// A store on the journal in `scratch` whose games may weigh `budget`, its
/// games read back, and what it says of them.
fn store_of(scratch: &Scratch, budget: u64) -> (Arc<Games>, Vec<String>) {
    let (games, said) = unread_store(scratch, budget);
    games.read_back_all().unwrap();
    let problems = said.lock().unwrap().clone();
    (games, problems)
}

/// A store on the journal in `scratch`, none of its games read back yet,
/// and where it says what it finds of them.
fn unread_store(scratch: &Scratch, budget: u64) -> (Arc<Games>, Arc<Mutex<Vec<String>>>) {
    let journal = Journal::open(scratch.path(), budget).unwrap();
    let searchers = Arc::new(super::super::searchers::Searchers::new(
        1,
        RuleSet::default(),
        None,
    ));
    let said = Arc::new(Mutex::new(Vec::new()));
    let heard = Arc::clone(&said);
    let report = move |line: &str| heard.lock().unwrap().push(line.to_owned());
    let games = Games::new(
        searchers,
        Duration::from_secs(30),
        RuleSet::default(),
        journal,
        Box::new(report),
    );
    (games, said)
}

/// A friend game from the start, made at `host`.
fn friends(games: &Games, host: u8) -> Created {
    start(games, visitor(host, None), false).unwrap()
}

/// A game from the start between two persons, made by `visitor`: one
/// person playing both sides if `one_person`, else two friends.
fn start(games: &Games, visitor: Visitor, one_person: bool) -> Result<Created, GameError> {
    let start = Position::from_fen(START, RuleSet::default(), Reach::Game).unwrap();
    let new = NewGame {
        game: Game::new(start, RuleSet::default()),
        players: ByColor([Player::Person; 2]),
        one_person,
        clock: None,
        movetime: Duration::from_millis(1),
        level: None,
    };
    games.create(new, visitor)
}

/// A friend game made at 127.0.0.2 after White's first move: it, its id
/// and White's key.
fn friends_after_a_move(games: &Games) -> (Created, String, Option<String>) {
    let created = friends(games, 2);
    let id = created.game.id.clone();
    let white = created.secrets[Color::White].clone();
    created.game.play(white.as_deref(), "d2d3").unwrap();
    (created, id, white)
}

#[test]
fn a_finished_game_let_go_from_memory_comes_back_by_its_link() {
    let scratch = Scratch::new("games-read-back");
    let games = store(&scratch);
    let (created, id, white) = friends_after_a_move(&games);
    created.game.act(white.as_deref(), Action::Resign).unwrap();
    let shown = created.game.view(white.as_deref()).to_string();
    games.lock().remove(&id);
    let back = games.find(&id).unwrap();
    let again = back.view(white.as_deref()).to_string();
    // The same game, but for its version, a count of this server's
    // changes to it.
    let unversioned = |view: &str| view.split_once(",\"you\"").map(|(_, rest)| rest.to_owned());
    assert_eq!(unversioned(&again), unversioned(&shown));
    assert!(matches!(
        games.find("0123456789ab"),
        Err(GameError::Unknown)
    ));
    assert!(matches!(games.find("../../etc"), Err(GameError::Unknown)));
}

/// Two friend games kept in `scratch` by a store now gone: the id of one
/// in progress, and the id and White's key of one White resigned.
fn one_playing_one_resigned(scratch: &Scratch) -> (String, String, Option<String>) {
    let games = store(scratch);
    let (_, playing, _) = friends_after_a_move(&games);
    let (ended, over, white) = friends_after_a_move(&games);
    ended.game.act(white.as_deref(), Action::Resign).unwrap();
    (playing, over, white)
}

#[test]
fn a_games_link_reads_it_back_before_the_others_are_read() {
    let scratch = Scratch::new("games-read-on-demand");
    let (id, over, over_white) = one_playing_one_resigned(&scratch);
    let (games, said) = unread_store(&scratch, crate::journal::BUDGET);
    assert!(games.lock().is_empty());
    let found = games.find(&id).unwrap();
    let black = found.lock().secrets[Color::Black].clone();
    found.play(black.as_deref(), "d6d5").unwrap();
    let read = games.read_back_all().unwrap();
    assert_eq!(
        read,
        ReadBack {
            games: 2,
            in_progress: 1
        }
    );
    assert!(Arc::ptr_eq(&found, &games.find(&id).unwrap()));
    assert!(!games.lock().contains_key(&over));
    let view = games.find(&over).unwrap().view(over_white.as_deref());
    assert!(view.get("ended").and_then(Json::as_str).is_some(), "{view}");
    assert!(said.lock().unwrap().is_empty());
}

#[test]
fn reading_back_keeps_the_games_in_progress_and_lets_the_ended_be() {
    let scratch = Scratch::new("games-read-all");
    let (id, over, _) = one_playing_one_resigned(&scratch);
    let (games, said) = unread_store(&scratch, crate::journal::BUDGET);
    let read = games.read_back_all().unwrap();
    assert_eq!(
        read,
        ReadBack {
            games: 2,
            in_progress: 1
        }
    );
    assert!(games.lock().contains_key(&id) && !games.lock().contains_key(&over));
    assert!(said.lock().unwrap().is_empty());
}

/// The visitor of browser `browser` at `127.0.0.{host}`.
fn visitor(host: u8, browser: Option<u128>) -> Visitor {
    Visitor {
        address: IpAddr::from([127, 0, 0, host]),
        browser,
    }
}

/// A game by hand from the start, made by `visitor`: it and its key.
fn by_hand(games: &Games, visitor: Visitor) -> Result<(Created, Option<String>), GameError> {
    let created = start(games, visitor, true)?;
    let key = created.secrets[Color::White].clone();
    Ok((created, key))
}

#[test]
fn a_visitor_past_its_share_makes_no_game_and_writes_only_what_ends_one() {
    let scratch = Scratch::new("games-share");
    // A visitor's share is 2 KiB, an address's 8 KiB; they hold once the
    // files weigh 8 KiB.
    let (games, _) = store_of(&scratch, 16 << 10);
    // Others' games weigh most of it.
    for host in 10..20 {
        by_hand(&games, visitor(host, None)).unwrap();
    }
    let (game, key) = by_hand(&games, visitor(2, Some(1))).unwrap();
    let refused = loop {
        let played = game.game.play(key.as_deref(), "d2d3");
        let taken = played.and_then(|_| game.game.take_back(key.as_deref()));
        if let Err(error) = taken {
            break error;
        }
    };
    assert_eq!(refused.status(), 429);
    assert_eq!(
        refused.to_string(),
        "the games you made (with the others from your address) hold 2 KiB of the server's \
         disk, as much as it keeps for them; finish a game, or play on once old games are let go"
    );
    assert!(matches!(
        by_hand(&games, visitor(2, Some(1))),
        Err(GameError::ShareFull(2048))
    ));
    // Another browser of the address, and another address, play on; the
    // game past its share can still be ended.
    assert!(by_hand(&games, visitor(2, Some(2))).is_ok());
    assert!(by_hand(&games, visitor(3, Some(1))).is_ok());
    game.game.act(key.as_deref(), Action::Resign).unwrap();
}

#[test]
fn games_left_behind_past_the_bound_are_aborted_from_the_address_that_left_most() {
    let scratch = Scratch::new("games-abandoned");
    let games = store(&scratch);
    // Another visitor's game, left first; then one address's flood.
    let theirs = friends(&games, 5).game;
    let flood: Vec<Arc<LiveGame>> = (0..3).map(|_| friends(&games, 2).game).collect();
    let later = Instant::now() + Duration::from_secs(60);
    let mut left: Vec<(Instant, Arc<LiveGame>)> = std::iter::once(&theirs)
        .chain(&flood)
        .map(|game| (game.lock().touched, Arc::clone(game)))
        .collect();
    abort_the_oldest_abandoned(&mut left, 2, later);
    let ended = |game: &Arc<LiveGame>| game.lock().over().map(|verdict| verdict.reason);
    assert_eq!(ended(&theirs), None);
    let flooded: Vec<Option<String>> = flood.iter().map(ended).collect();
    assert_eq!(
        flooded,
        [Some("aborted".to_owned()), Some("aborted".to_owned()), None]
    );
}

#[test]
fn a_line_congo_would_not_write_keeps_the_game_before_it_to_read_only() {
    let scratch = Scratch::new("games-bad-line");
    let games = store(&scratch);
    let (created, id, white) = friends_after_a_move(&games);
    // Framed and checked, but no move of the game.
    games
        .journal
        .log(&id)
        .unwrap()
        .append("move a1a1", false)
        .unwrap();
    drop((created, games));
    let (games, problems) = store_with_problems(&scratch);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with(&format!("game {id}: line 3: a1a1: ")),
        "{problems:?}"
    );
    assert!(
        problems[0].ends_with("; kept to read only before it"),
        "{problems:?}"
    );
    let game = games.find(&id).unwrap();
    let view = game.view(white.as_deref());
    assert_eq!(view.get("moves"), Some(&Json::Array(vec!["d2d3".into()])));
    assert!(matches!(
        game.act(white.as_deref(), Action::Resign),
        Err(GameError::Over(_))
    ));
}

#[test]
fn a_resignation_after_a_line_congo_would_not_write_stays_a_resignation() {
    let scratch = Scratch::new("games-bad-line-resigned");
    let games = store(&scratch);
    let (created, id, white) = friends_after_a_move(&games);
    let log = games.journal.log(&id).unwrap();
    log.append("move a1a1", false).unwrap();
    log.append("stop resigned white", true).unwrap();
    drop((created, log, games));
    let (games, problems) = store_with_problems(&scratch);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let view = games.find(&id).unwrap().view(white.as_deref());
    assert_eq!(view.get("result"), Some(&Json::from("black wins")));
    assert_eq!(view.get("moves"), Some(&Json::Array(vec!["d2d3".into()])));
}

#[test]
fn a_new_game_is_refused_while_the_disk_holds_only_games_kept_yet() {
    let scratch = Scratch::new("disk full");
    let (games, _) = store_of(&scratch, 0);
    let (created, key) = by_hand(&games, visitor(2, None)).unwrap();
    created.game.act(key.as_deref(), Action::Abort).unwrap();
    // Ended a moment ago: kept, however far over the budget.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !games.journal.full() {
        assert!(Instant::now() < deadline, "the ending was never written");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(games.find(&created.game.id).is_ok());
    let refused = by_hand(&games, visitor(9, None)).err().unwrap();
    assert_eq!(refused.status(), 503);
    assert_eq!(
        refused.to_string(),
        "the server keeps as many games as its disk allows, each ended game for a week at least; try again later"
    );
}

#[test]
fn a_hidden_pages_word_lapses_and_the_player_is_gone_from_then() {
    let scratch = Scratch::new("here lapses");
    let games = store(&scratch);
    let (created, _, _) = friends_after_a_move(&games);
    let mut state = created.game.lock();
    let black = Seat::One(Color::Black);
    let now = Instant::now();
    state.arrived(Some(black));
    state.here(black, now);
    state.left(Some(black), now);
    assert_eq!(state.gone(Color::Black, now), None);
    assert!(!state.here_lapsed(now));
    let later = now + HERE_FOR;
    assert!(state.here_lapsed(later));
    assert_eq!(state.gone(Color::Black, later), Some(later));
    assert!(!state.here_lapsed(later + HERE_FOR));
}
