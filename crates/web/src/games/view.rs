//! How each viewer sees a kept game: the game, its clocks, how it ended,
//! the offers and claims open to them, and what they may do.

use std::time::{Duration, Instant};

use super::action::Action;
use super::state::{Search, Seat, State};
use crate::views::{plies_json, position_json, texts};
use congo_kit::json::{Json, object};
use congo_rules::Color;

impl State {
    /// The game as `seat` sees it, at `version` (the game's count of
    /// changes, which a page compares to never show an older state).
    pub fn view(&self, id: &str, seat: Option<Seat>, now: Instant, version: u64) -> Json {
        let you = match seat {
            None => Json::Null,
            Some(Seat::Both) => "both".into(),
            Some(Seat::One(side)) => side.name().into(),
        };
        let moves: Vec<Json> = self
            .game
            .moves()
            .iter()
            .map(|m| m.to_string().into())
            .collect();
        let over = self.over();
        object([
            ("id", id.into()),
            ("version", (version as i64).into()),
            ("you", you),
            (
                "players",
                object([
                    ("white", self.players[Color::White].name().into()),
                    ("black", self.players[Color::Black].name().into()),
                ]),
            ),
            ("level", self.level.map(i64::from).into()),
            ("start", self.game.start().to_string().into()),
            ("moves", Json::Array(moves)),
            ("plies", plies_json(&self.game)),
            ("position", position_json(&self.game, over.clone())),
            ("premoves", self.premoves(seat, over.is_some())),
            ("clock", self.clock_json(now)),
            ("congo", self.search.as_ref().map(Search::state).into()),
            (
                "result",
                over.as_ref().and_then(|verdict| verdict.result).into(),
            ),
            ("ended", over.map(|verdict| verdict.reason).into()),
            ("draw", self.draw_offer.map(Color::name).into()),
            ("takeback", self.takeback_asked.map(Color::name).into()),
            ("gone", self.gone_json(now)),
            ("rematch", self.rematch_link(seat).into()),
            ("can", self.can_json(seat, now)),
        ])
    }

    /// The moves `seat`'s player may premove while the other side is to
    /// move: their legal moves on the same board, so that a page offers a
    /// premove the moment a view arrives (null when they are to move).
    fn premoves(&self, seat: Option<Seat>, over: bool) -> Json {
        let position = self.game.position();
        match seat {
            Some(Seat::One(side)) if side != position.side && !over => {
                let mut ahead = position.clone();
                ahead.side = side;
                let mut moves = Vec::new();
                ahead.legal_moves(&mut moves);
                texts(&moves)
            }
            _ => Json::Null,
        }
    }

    fn clock_json(&self, now: Instant) -> Json {
        let Some(clock) = &self.clock else {
            return Json::Null;
        };
        let ms = |time: Duration| (time.as_millis() as i64).into();
        let control = clock.control();
        object([
            ("base", ms(control.base)),
            ("increment", ms(control.increment)),
            ("white", ms(clock.left(Color::White, now))),
            ("black", ms(clock.left(Color::Black, now))),
            ("running", clock.running().map(Color::name).into()),
        ])
    }

    /// The side of a friend game whose pages are all closed, and in how
    /// many milliseconds its opponent may claim the win.
    fn gone_json(&self, now: Instant) -> Json {
        if !self.between_friends() || self.is_over() {
            return Json::Null;
        }
        let gone = [Color::White, Color::Black]
            .into_iter()
            .find_map(|side| self.gone(side, now).map(|since| (side, since)));
        match gone {
            None => Json::Null,
            Some((side, since)) => {
                let claim_in = self
                    .claim_after
                    .saturating_sub(now.saturating_duration_since(since));
                object([
                    ("side", side.name().into()),
                    ("claim_in", (claim_in.as_millis() as i64).into()),
                ])
            }
        }
    }

    /// The rematch's link for `seat`'s holder: with their new key, or to
    /// watch it.
    fn rematch_link(&self, seat: Option<Seat>) -> Option<String> {
        let (rematch, secrets) = self.rematch.as_ref()?;
        // Colours are swapped: the side this seat played is the other one now.
        let key = match seat {
            Some(Seat::One(side)) => secrets[!side].clone(),
            Some(Seat::Both) => secrets[Color::White].clone(),
            None => None,
        };
        Some(match key {
            Some(key) => format!("/?game={rematch}&key={key}"),
            None => format!("/?game={rematch}"),
        })
    }

    fn can_json(&self, seat: Option<Seat>, now: Instant) -> Json {
        object(Action::ALL.map(|action| {
            let can = seat.is_some_and(|seat| self.allowed(seat, action, now).is_ok());
            (action.name(), Json::Bool(can))
        }))
    }
}
