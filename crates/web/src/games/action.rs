//! What a player may do to a kept game besides moving, and when: each
//! action checked in one place, so that the buttons a page shows (the
//! view's `can`) and the requests the server takes always agree.

use std::time::Instant;

use super::error::GameError;
use super::state::{Seat, State};
use super::stop::Stop;
use congo_rules::Color;

/// A player's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    Resign,
    Abort,
    /// Offer a draw, or accept the one offered.
    Draw,
    Accept,
    Decline,
    Claim,
    /// Take back a move, ask a friend to, or grant a friend's request.
    TakeBack,
    /// Refuse a friend's request to take back.
    KeepMoves,
    Rematch,
}

impl Action {
    pub const ALL: [Action; 9] = [
        Action::Resign,
        Action::Abort,
        Action::Draw,
        Action::Accept,
        Action::Decline,
        Action::Claim,
        Action::TakeBack,
        Action::KeepMoves,
        Action::Rematch,
    ];

    /// The action a request's path names.
    pub fn named(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|action| action.name() == name)
    }

    /// Its name in a view's `can` and in its request's path.
    pub fn name(self) -> &'static str {
        match self {
            Action::Resign => "resign",
            Action::Abort => "abort",
            Action::Draw => "draw",
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Claim => "claim",
            Action::TakeBack => "takeback",
            Action::KeepMoves => "keepmoves",
            Action::Rematch => "rematch",
        }
    }
}

impl State {
    /// Whether `seat` may take `action` at `now`, and if not, why.
    pub fn allowed(&self, seat: Seat, action: Action, now: Instant) -> Result<(), GameError> {
        let refuse = |why: &str| Err(GameError::NotNow(why.to_owned()));
        if action == Action::Rematch {
            return match (self.is_over(), &self.rematch) {
                (false, _) => refuse("a rematch is made once the game is over"),
                (true, Some(_)) => refuse("the rematch is made already"),
                (true, None) => Ok(()),
            };
        }
        if action == Action::TakeBack {
            return self.can_take_back(seat);
        }
        self.going_on()?;
        let side = self.acting_side(seat);
        match action {
            Action::Resign => Ok(()),
            Action::Abort if self.game.moves().len() >= self.plies_at_start + 2 => {
                refuse("a game is aborted only before both sides have moved; resign instead")
            }
            Action::Abort => Ok(()),
            Action::Draw | Action::Accept | Action::Decline if !self.between_friends() => {
                refuse("draws are offered only between friends")
            }
            Action::Draw if self.draw_offer == Some(side) => refuse("your draw offer stands"),
            Action::Draw
                if self.draw_offer.is_none()
                    && self.offered_at[side] == Some(self.game.moves().len()) =>
            {
                refuse("you offered a draw already; offer again after your next move")
            }
            Action::Draw => Ok(()),
            Action::Accept | Action::Decline if self.draw_offer != Some(!side) => {
                refuse("no draw is offered to you")
            }
            Action::Accept | Action::Decline => Ok(()),
            Action::Claim => self.claimable(side, now),
            Action::KeepMoves if self.takeback_asked != Some(!side) => {
                refuse("no take-back is asked of you")
            }
            Action::KeepMoves | Action::TakeBack | Action::Rematch => Ok(()),
        }
    }

    /// The side a seat acts for: its own, or the side to move when one
    /// person plays both.
    pub(super) fn acting_side(&self, seat: Seat) -> Color {
        match seat {
            Seat::One(side) => side,
            Seat::Both => self.game.position().side,
        }
    }

    fn claimable(&self, side: Color, now: Instant) -> Result<(), GameError> {
        if !self.between_friends() {
            return Err(GameError::NotNow(
                "a win is claimed only from a friend who left".to_owned(),
            ));
        }
        match self.gone(!side, now) {
            None => Err(GameError::NotNow(format!(
                "{} is here: no win to claim",
                !side
            ))),
            Some(since) => {
                let wait = self
                    .claim_after
                    .saturating_sub(now.saturating_duration_since(since));
                if wait.is_zero() {
                    Ok(())
                } else {
                    Err(GameError::NotNow(format!(
                        "{} left; the win may be claimed in {} s",
                        !side,
                        wait.as_secs() + 1
                    )))
                }
            }
        }
    }

    /// Takes `action` (all but a take-back and a rematch, which change
    /// more) for `seat` at `now`.
    pub fn act(&mut self, seat: Seat, action: Action, now: Instant) -> Result<(), GameError> {
        self.allowed(seat, action, now)?;
        let side = self.acting_side(seat);
        match action {
            Action::Resign => self.end(Stop::Resigned(side), now),
            Action::Abort => self.end(Stop::Aborted, now),
            Action::Draw if self.draw_offer == Some(!side) => self.end(Stop::Agreed, now),
            Action::Draw => {
                self.draw_offer = Some(side);
                self.offered_at[side] = Some(self.game.moves().len());
            }
            Action::Accept => self.end(Stop::Agreed, now),
            Action::Decline => self.draw_offer = None,
            Action::Claim => self.end(Stop::Left(!side), now),
            Action::KeepMoves => self.takeback_asked = None,
            Action::TakeBack | Action::Rematch => {}
        }
        Ok(())
    }
}
