//! Taking moves back: at once against congo or for one person playing
//! both sides; between friends only when the other player grants it, as
//! on lichess, one request a move.

use std::time::Instant;

use super::bounds::MAX_TAKEBACKS;
use super::error::GameError;
use super::state::{Seat, State};
use congo_rules::Color;

impl State {
    /// Whether `seat` may take back (or ask to) now, and if not, why: never
    /// once the game is over.
    pub(super) fn can_take_back(&self, seat: Seat) -> Result<(), GameError> {
        self.going_on()?;
        let refuse = |why: String| Err(GameError::NotNow(why));
        if self.takebacks >= MAX_TAKEBACKS {
            return refuse(format!(
                "{MAX_TAKEBACKS} moves were taken back in this game already"
            ));
        }
        let side = match seat {
            Seat::Both if self.game.moves().is_empty() => {
                return refuse("no move to take back".to_owned());
            }
            Seat::Both => return Ok(()),
            Seat::One(side) => side,
        };
        let granting = self.between_friends() && self.takeback_asked == Some(!side);
        if self.between_friends() && !granting {
            if self.takeback_asked == Some(side) {
                return refuse("your request to take back stands".to_owned());
            }
            if self.asked_at[side] == Some(self.game.moves().len()) {
                return refuse("you asked already; ask again after your next move".to_owned());
            }
        }
        let asker = if granting { !side } else { side };
        if self.plies_to_take_back(asker) > self.game.moves().len() {
            return refuse("no move of yours to take back".to_owned());
        }
        Ok(())
    }

    /// The plies taken back for `side`: its last move, and the reply to it
    /// if one was made.
    fn plies_to_take_back(&self, side: Color) -> usize {
        if self.game.position().side == side {
            2
        } else {
            1
        }
    }

    /// Takes moves back for `seat`: to its own turn, one ply when one
    /// person plays both sides; between friends, asks the other player,
    /// or grants their request.
    pub fn take_back(&mut self, seat: Seat, now: Instant) -> Result<(), GameError> {
        self.can_take_back(seat)?;
        let side = self.acting_side(seat);
        let friends = self.between_friends();
        if friends && self.takeback_asked != Some(!side) {
            self.takeback_asked = Some(side);
            self.asked_at[side] = Some(self.game.moves().len());
            return Ok(());
        }
        let plies = match seat {
            Seat::Both => 1,
            // Granting the other player's request.
            Seat::One(_) if friends => self.plies_to_take_back(!side),
            Seat::One(_) => self.plies_to_take_back(side),
        };
        self.stop_search();
        self.draw_offer = None;
        self.takeback_asked = None;
        self.takebacks += 1;
        for _ in 0..plies {
            self.game.undo();
        }
        self.resume_clock(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::action::Action;
    use super::super::entry;
    use super::super::player::{NewGame, Player};
    use super::*;
    use congo_rules::{ByColor, Game, Position, Reach, RuleSet, START};

    const WHITE: Seat = Seat::One(Color::White);
    const BLACK: Seat = Seat::One(Color::Black);

    /// A friend game after `moves`.
    fn friends(moves: &[&str]) -> State {
        let start = Position::from_fen(START, RuleSet::default(), Reach::Game).unwrap();
        let new = NewGame {
            game: Game::new(start, RuleSet::default()),
            players: ByColor([Player::Person; 2]),
            one_person: false,
            clock: None,
            movetime: Duration::from_millis(1),
            level: None,
        };
        let secrets = ByColor([Some("w".to_owned()), Some("b".to_owned())]);
        let now = Instant::now();
        let mut state = State::new(new, secrets, now, Duration::from_secs(30));
        for m in moves {
            state.play(m, now).unwrap();
        }
        state
    }

    fn moves(state: &State) -> Vec<String> {
        state.game.moves().iter().map(|m| m.to_string()).collect()
    }

    fn refusal(result: Result<(), GameError>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn a_friend_asks_and_the_other_grants_the_last_move_back() {
        let now = Instant::now();
        let mut state = friends(&["d2d3"]);
        state.take_back(WHITE, now).unwrap();
        assert_eq!(state.takeback_asked, Some(Color::White));
        assert_eq!(moves(&state), ["d2d3"]);
        let stands = refusal(state.take_back(WHITE, now));
        assert_eq!(stands, "your request to take back stands");
        state.take_back(BLACK, now).unwrap();
        assert_eq!(moves(&state), Vec::<String>::new());
        assert_eq!(state.takeback_asked, None);
        assert_eq!(state.takebacks, 1);
    }

    #[test]
    fn a_request_after_the_reply_takes_back_the_reply_too() {
        let now = Instant::now();
        let mut state = friends(&["d2d3", "d6d5"]);
        state.take_back(WHITE, now).unwrap();
        state.take_back(BLACK, now).unwrap();
        assert_eq!(moves(&state), Vec::<String>::new());
    }

    #[test]
    fn a_request_may_be_refused_or_withdrawn_by_a_move_and_comes_once_a_move() {
        let now = Instant::now();
        let mut state = friends(&["d2d3"]);
        let none = refusal(state.act(BLACK, Action::KeepMoves, now));
        assert_eq!(none, "no take-back is asked of you");
        state.take_back(WHITE, now).unwrap();
        state.act(BLACK, Action::KeepMoves, now).unwrap();
        assert_eq!(
            (state.takeback_asked, moves(&state)),
            (None, vec!["d2d3".to_owned()])
        );
        let again = refusal(state.take_back(WHITE, now));
        assert_eq!(again, "you asked already; ask again after your next move");
        state.take_back(BLACK, now).unwrap_err();
        state.play("d6d5", now).unwrap();
        state.take_back(WHITE, now).unwrap();
        state.play("d3d4", now).unwrap();
        assert_eq!(state.takeback_asked, None);
    }

    #[test]
    fn nothing_is_taken_back_or_asked_once_the_game_is_over() {
        let now = Instant::now();
        let mut state = friends(&["d2d3", "d6d5"]);
        state.take_back(BLACK, now).unwrap();
        state.act(WHITE, Action::Resign, now).unwrap();
        let over = "the game is over: white resigned";
        assert_eq!(refusal(state.take_back(WHITE, now)), over);
        assert_eq!(refusal(state.take_back(BLACK, now)), over);
        assert_eq!(moves(&state), ["d2d3", "d6d5"]);
    }

    #[test]
    fn only_a_side_that_moved_asks() {
        let now = Instant::now();
        let mut state = friends(&["d2d3"]);
        let nothing = refusal(state.take_back(BLACK, now));
        assert_eq!(nothing, "no move of yours to take back");
    }

    #[test]
    fn a_request_is_written_and_read_back() {
        let now = Instant::now();
        let mut state = friends(&["d2d3"]);
        let header = state.header(1, "127.0.0.1".parse().unwrap());
        let before = state.snapshot();
        state.take_back(WHITE, now).unwrap();
        let lines = state.lines_since(&before, now);
        assert_eq!(lines, ["asks white"]);
        let all = [header].into_iter().chain(lines).collect::<Vec<_>>();
        let back = entry::restore(&all, RuleSet::default(), Duration::from_secs(30), now);
        assert_eq!(back.unwrap().state.takeback_asked, Some(Color::White));
    }
}
