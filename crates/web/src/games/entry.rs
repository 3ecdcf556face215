//! A kept game as the journal's lines: a first line with everything the
//! game was made with (`new {json}`), then one line a change, each saying
//! what happened rather than what was asked, so that a restart replays
//! them without the clocks or the claims' waiting:
//!
//! `move d2d3 59000 60000` (a move, and each side's milliseconds after it
//! when there is a clock), `takeback 4 59000 60000` (the plies left),
//! `offer white` or `offer none` (a draw), `asks white` or `asks none` (a
//! take-back between friends), `stop resigned black` (or `flagged`,
//! `left`, and `aborted`, `agreed` with no side), `rematch ID`.

use std::fmt;
use std::time::{Duration, Instant};

use super::player::{NewGame, Player};
use super::state::State;
use super::stop::Stop;
use crate::clock::{Clocks, TimeControl};
use crate::visitor::Visitor;
use congo_kit::json::{Json, object};
use congo_rules::{ByColor, Color, Game, MAX_PLIES, Position, Reach, RuleSet};

/// What a game's lines are compared against: how it stood before a
/// change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Snapshot {
    plies: usize,
    draw_offer: Option<Color>,
    takeback_asked: Option<Color>,
    stop: Option<Stop>,
    rematch: Option<String>,
}

impl Snapshot {
    /// Whether `state` was ended since: its lines may use the room kept
    /// at the end of a game's file for them.
    pub fn ended_by(&self, state: &State) -> bool {
        state.stop != self.stop
    }
}

/// Why a journal's lines are not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RestoreError {
    /// The first line is not `new {json}` with every member.
    Header(String),
    /// A later line, by number from 1, and what is wrong with it.
    Line(usize, String),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Header(why) => write!(f, "line 1: {why}"),
            RestoreError::Line(number, why) => write!(f, "line {number}: {why}"),
        }
    }
}

/// A game restored from its lines: its state, number and maker.
pub(super) struct Restored {
    pub state: State,
    pub number: u64,
    pub creator: Visitor,
}

impl State {
    /// How the game stands now, to compare with after a change.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            plies: self.game.moves().len(),
            draw_offer: self.draw_offer,
            takeback_asked: self.takeback_asked,
            stop: self.stop,
            rematch: self.rematch.as_ref().map(|(id, _)| id.clone()),
        }
    }

    /// The first line of a new game's journal.
    pub fn header(&self, number: u64, creator: Visitor) -> String {
        let side = |player: Player| Json::from(player.name());
        let key = |side: Color| Json::from(self.secrets[side].clone());
        let clock = self.clock.as_ref().map_or(Json::Null, |clock| {
            let control = clock.control();
            object([
                ("base", (control.base.as_millis() as i64).into()),
                ("increment", (control.increment.as_millis() as i64).into()),
            ])
        });
        let moves = self.game.moves().iter().map(|m| m.to_string().into());
        let header = object([
            ("number", (number as i64).into()),
            ("creator", creator.to_string().into()),
            ("rules", self.game.rule_set().to_string().into()),
            ("start", self.game.start().to_string().into()),
            ("moves", Json::Array(moves.collect())),
            (
                "players",
                Json::Array(vec![
                    side(self.players[Color::White]),
                    side(self.players[Color::Black]),
                ]),
            ),
            (
                "keys",
                Json::Array(vec![key(Color::White), key(Color::Black)]),
            ),
            ("clock", clock),
            ("movetime", (self.movetime.as_millis() as i64).into()),
            ("level", self.level.map(i64::from).into()),
        ]);
        format!("new {header}")
    }

    /// The lines that take the game from `before` to how it stands at
    /// `now`.
    pub fn lines_since(&self, before: &Snapshot, now: Instant) -> Vec<String> {
        let mut lines = Vec::new();
        let plies = self.game.moves().len();
        let clock = self.clock.as_ref().map_or(String::new(), |clock| {
            let ms = |side| clock.left(side, now).as_millis();
            format!(" {} {}", ms(Color::White), ms(Color::Black))
        });
        if plies < before.plies {
            lines.push(format!("takeback {plies}{clock}"));
        }
        for m in &self.game.moves()[before.plies.min(plies)..] {
            lines.push(format!("move {m}{clock}"));
        }
        if self.draw_offer != before.draw_offer {
            lines.push(format!(
                "offer {}",
                self.draw_offer.map_or("none", Color::name)
            ));
        }
        if self.takeback_asked != before.takeback_asked {
            lines.push(format!(
                "asks {}",
                self.takeback_asked.map_or("none", Color::name)
            ));
        }
        if self.stop != before.stop
            && let Some(stop) = self.stop
        {
            lines.push(format!("stop {}", stop_words(stop)));
        }
        if let Some((id, _)) = &self.rematch
            && before.rematch.as_ref() != Some(id)
        {
            lines.push(format!("rematch {id}"));
        }
        lines
    }
}

/// A stop as a line writes it.
fn stop_words(stop: Stop) -> String {
    match stop {
        Stop::Flagged(side) => format!("flagged {side}"),
        Stop::Resigned(side) => format!("resigned {side}"),
        Stop::Left(side) => format!("left {side}"),
        Stop::Aborted => "aborted".to_owned(),
        Stop::Agreed => "agreed".to_owned(),
    }
}

/// The game `lines` describe, under `rule_set`, as of `now`; its clocks
/// stopped as they stood at the last line.
pub(super) fn restore(
    lines: &[String],
    rule_set: RuleSet,
    claim_after: Duration,
    now: Instant,
) -> Result<Restored, RestoreError> {
    let first = lines
        .first()
        .ok_or_else(|| RestoreError::Header("no lines".to_owned()))?;
    let (new, secrets, number, creator) = header(first, rule_set).map_err(RestoreError::Header)?;
    let mut state = State::new(new, secrets, now, claim_after);
    for (at, line) in lines.iter().enumerate().skip(1) {
        replay(&mut state, line).map_err(|why| RestoreError::Line(at + 1, why))?;
    }
    Ok(Restored {
        state,
        number,
        creator,
    })
}

type Header = (NewGame, ByColor<Option<String>>, u64, Visitor);

/// A first line's game, secrets, number and maker.
fn header(line: &str, rule_set: RuleSet) -> Result<Header, String> {
    let text = line
        .strip_prefix("new ")
        .ok_or("it does not start with \"new \"")?;
    let json = Json::parse(text).map_err(|error| error.to_string())?;
    let text_of = |name: &str| {
        json.get(name)
            .and_then(Json::as_str)
            .ok_or_else(|| format!("\"{name}\" is missing"))
    };
    let number_of = |value: Option<&Json>, name: &str| match value {
        Some(Json::Number(n)) if n.fract() == 0.0 && *n >= 0.0 => Ok(*n as u64),
        _ => Err(format!("\"{name}\" is not a whole number")),
    };
    let rules = text_of("rules")?;
    if rules != rule_set.to_string() {
        return Err(format!(
            "the game is played by the {rules} rules, the server by {rule_set}'s"
        ));
    }
    let start = Position::from_fen(text_of("start")?, rule_set, Reach::Game)
        .map_err(|error| format!("start: {error}"))?;
    let mut game = Game::new(start, rule_set).with_max_plies(Some(MAX_PLIES));
    for m in list(&json, "moves")? {
        let m = m.as_str().ok_or("\"moves\" holds a non-string")?;
        game.play_text(m)
            .map_err(|error| format!("moves: {m}: {error}"))?;
    }
    let players = pair(&json, "players", |value| match value.as_str() {
        Some("person") => Ok(Player::Person),
        Some("engine") => Ok(Player::Engine),
        _ => Err("\"players\" holds neither \"person\" nor \"engine\"".to_owned()),
    })?;
    let secrets = pair(&json, "keys", |value| match value {
        Json::Null => Ok(None),
        Json::String(key) => Ok(Some(key.clone())),
        _ => Err("\"keys\" holds a non-string".to_owned()),
    })?;
    let clock = match json.get("clock") {
        None | Some(Json::Null) => None,
        Some(clock) => Some(TimeControl {
            base: Duration::from_millis(number_of(clock.get("base"), "base")?),
            increment: Duration::from_millis(number_of(clock.get("increment"), "increment")?),
        }),
    };
    let level = match json.get("level") {
        None | Some(Json::Null) => None,
        level => Some(number_of(level, "level")?.min(8) as u8),
    };
    let new = NewGame {
        game,
        players,
        one_person: secrets[Color::White] == secrets[Color::Black],
        clock,
        movetime: Duration::from_millis(number_of(json.get("movetime"), "movetime")?),
        level,
    };
    let creator = text_of("creator")?
        .parse()
        .map_err(|_| "\"creator\" is not an address, or an address#browser".to_owned())?;
    Ok((
        new,
        secrets,
        number_of(json.get("number"), "number")?,
        creator,
    ))
}

/// The array `name` of `json`.
fn list<'a>(json: &'a Json, name: &str) -> Result<&'a [Json], String> {
    match json.get(name) {
        Some(Json::Array(items)) => Ok(items),
        _ => Err(format!("\"{name}\" is not an array")),
    }
}

/// The two-item array `name` of `json`, white's then black's, each read
/// by `read`.
fn pair<T>(
    json: &Json,
    name: &str,
    read: impl Fn(&Json) -> Result<T, String>,
) -> Result<ByColor<T>, String> {
    match list(json, name)? {
        [white, black] => Ok(ByColor([read(white)?, read(black)?])),
        _ => Err(format!("\"{name}\" does not hold two items")),
    }
}

/// Applies one line after the first to `state`.
fn replay(state: &mut State, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split(' ').collect();
    match words.as_slice() {
        ["move", m, clock @ ..] => {
            state
                .game
                .play_text(m)
                .map_err(|error| format!("{m}: {error}"))?;
            set_clock(state, clock)
        }
        ["takeback", plies, clock @ ..] => {
            let plies: usize = plies
                .parse()
                .map_err(|_| format!("{plies:?} is not a count"))?;
            while state.game.moves().len() > plies {
                state.game.undo();
            }
            state.takebacks += 1;
            set_clock(state, clock)
        }
        ["offer", side] => {
            state.draw_offer = side_or_none(side)?;
            Ok(())
        }
        ["asks", side] => {
            state.takeback_asked = side_or_none(side)?;
            Ok(())
        }
        ["stop", words @ ..] => {
            state.stop = Some(stop(words)?);
            state.draw_offer = None;
            state.takeback_asked = None;
            Ok(())
        }
        ["rematch", id] => {
            // Its links' secrets are the rematch's own; they are found
            // once every game is read.
            state.rematch = Some(((*id).to_owned(), ByColor([None, None])));
            Ok(())
        }
        _ => Err(format!("{line:?} is not a change congo writes")),
    }
}

fn set_clock(state: &mut State, words: &[&str]) -> Result<(), String> {
    let (Some(clock), [white, black]) = (&mut state.clock, words) else {
        return match words {
            [] => Ok(()),
            _ => Err("a clock's times in an untimed game".to_owned()),
        };
    };
    let ms = |text: &str| {
        text.parse::<u64>()
            .map(Duration::from_millis)
            .map_err(|_| format!("{text:?} is not milliseconds"))
    };
    *clock = Clocks::restored(clock.control(), ByColor([ms(white)?, ms(black)?]));
    Ok(())
}

fn side_or_none(word: &str) -> Result<Option<Color>, String> {
    match word {
        "none" => Ok(None),
        side => color(side).map(Some),
    }
}

fn color(word: &str) -> Result<Color, String> {
    match word {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(format!("{word:?} is not a side")),
    }
}

fn stop(words: &[&str]) -> Result<Stop, String> {
    match words {
        ["aborted"] => Ok(Stop::Aborted),
        ["agreed"] => Ok(Stop::Agreed),
        ["flagged", side] => Ok(Stop::Flagged(color(side)?)),
        ["resigned", side] => Ok(Stop::Resigned(color(side)?)),
        ["left", side] => Ok(Stop::Left(color(side)?)),
        _ => Err(format!(
            "\"stop {}\" is no way a game ends",
            words.join(" ")
        )),
    }
}
