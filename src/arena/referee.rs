//! One game of a match: the referee starts the two engines on the
//! opening, asks each for its moves in turn, checks every move, and ends
//! the game by the rules (or the endgame tables), or when an engine fails.

use std::path::Path;
use std::time::Duration;

use super::engine_process::{Joined, Seat, ask};
use super::openings::random_plies;
use super::options::MatchOptions;
use crate::random::Rng;
use crate::record::Record;
use crate::tablebase::{Tablebase, Value};
use crate::{Game, MAX_PLIES, Outcome, Position, Rules};

/// Time an engine may take beyond its move time before it loses.
const GRACE: Duration = Duration::from_millis(250);

/// The command line of an engine, with `--rules` added when it is congo's
/// own engine, so that both sides of a match play by the same rules.
pub(super) fn with_rules(mut command: Vec<String>, rules: Rules) -> Vec<String> {
    let is_congo = command
        .first()
        .and_then(|program| Path::new(program).file_name())
        .is_some_and(|name| name == "congo");
    let has_rules = command.iter().any(|word| word.starts_with("--rules"));
    if is_congo && !has_rules && command.iter().any(|word| word == "engine") {
        command.splice(1..1, ["--rules".to_owned(), rules.to_string()]);
    }
    command
}

/// Plays one game; the outcome, why it ended, and the moves.
fn play_game(
    start: &Position,
    options: &MatchOptions,
    tables: &Option<Tablebase>,
    seats: &mut [Seat],
    colours: [usize; 2],
) -> (Outcome, String, Vec<String>) {
    let mut game = Game::new(start.clone(), options.rules).with_max_plies(Some(MAX_PLIES));
    let mut moves: Vec<String> = Vec::new();
    let mut joined = [Ok(Joined::Fresh), Ok(Joined::Fresh)];
    let mut moved = [false; 2];
    for &engine in &colours {
        joined[engine] = seats[engine].join(start, &moves);
    }
    // Whole-second engines get the time rounded up, and that long to answer.
    let asks = options.movetime.map(|time| {
        if options.go_seconds {
            let seconds = time.as_millis().div_ceil(1000) as u64;
            (format!("go {seconds}"), Duration::from_secs(seconds))
        } else {
            (format!("go {}", time.as_secs_f64()), time)
        }
    });
    loop {
        let side = game.position().side;
        let mover = side.index();
        if let Some(ending) = game.ending() {
            return (ending.outcome(), ending.to_string(), moves);
        }
        if let Some(value) = tables
            .as_ref()
            .filter(|_| Tablebase::covers(game.position()))
            .and_then(|tables| tables.probe(game.position()).ok())
        {
            let (winner, reason) = match value {
                Value::Win(_) => (
                    Some(side),
                    format!("{side} wins by the endgame tables ({value})"),
                ),
                Value::Loss(_) => (
                    Some(!side),
                    format!("{side} loses by the endgame tables ({value})"),
                ),
                Value::Draw => (None, "draw by the endgame tables".to_owned()),
            };
            return (Outcome::won_by(winner), reason, moves);
        }
        let engine = colours[mover];
        let (go, allowed) = &asks[engine];
        let (go, allowed) = (go.as_str(), *allowed);
        let seat = &mut seats[engine];
        let mut answer = joined[engine]
            .clone()
            .and_then(|_| ask(seat, go, allowed + GRACE));
        // A process kept from the game before that has exited by its first
        // move here had quit after that game: a fresh one plays this one.
        if answer.is_err()
            && !moved[engine]
            && joined[engine] == Ok(Joined::Kept)
            && !seat.is_running()
        {
            joined[engine] = seat.join(start, &moves);
            answer = joined[engine]
                .clone()
                .and_then(|_| ask(seat, go, allowed + GRACE));
        }
        moved[engine] = true;
        let played = answer.and_then(|text| {
            game.play_text(&text)
                .map(|_| text)
                .map_err(|error| error.to_string())
        });
        let text = match played {
            Ok(text) => text,
            Err(why) => {
                seat.end(Duration::ZERO);
                let reason = format!("{side} lost: {why}");
                return (Outcome::won_by(Some(!side)), reason, moves);
            }
        };
        let other = &mut seats[colours[1 - mover]];
        if let Some(process) = other.process.as_mut()
            && process.send(&format!("moves {text}")).is_err()
        {
            other.end(Duration::ZERO);
        }
        moves.push(text);
    }
}

/// One game as played: the colours, how it ended, and its moves.
pub(super) struct Played {
    /// Which engine (0 for A) played white.
    pub(super) white: usize,
    pub(super) outcome: Outcome,
    pub(super) reason: String,
    pub(super) moves: Vec<String>,
    /// The random plies played first, and the position they led to.
    pub(super) plies: Vec<String>,
    pub(super) opening: Position,
}

/// Plays game number `game` (from 0) of the match on `seats`: A has white
/// in even games, and each pair of games starts from the same opening.
pub(super) fn play_numbered(
    game: usize,
    start: &Position,
    options: &MatchOptions,
    tables: &Option<Tablebase>,
    seats: &mut [Seat],
) -> Played {
    let white = game % 2;
    let mut rng = Rng::new(options.seed.wrapping_add((game / 2) as u64));
    let (opening, plies) = random_plies(start, options.opening_plies, options.rules, &mut rng);
    let (outcome, reason, moves) = play_game(&opening, options, tables, seats, [white, 1 - white]);
    Played {
        white,
        outcome,
        reason,
        moves,
        plies,
        opening,
    }
}

impl Played {
    /// Engine A's half-points in the game: 2 a win, 1 a draw.
    pub(super) fn a_half_points(&self) -> usize {
        match self.outcome {
            Outcome::Draw => 1,
            Outcome::WhiteWins if self.white == 0 => 2,
            Outcome::BlackWins if self.white == 1 => 2,
            _ => 0,
        }
    }

    /// The game's line in a record file.
    pub(super) fn record(&self, game: usize) -> Record {
        Record {
            game: game + 1,
            white: if self.white == 0 { 'A' } else { 'B' },
            start: self.opening.to_string(),
            moves: self.moves.clone(),
            outcome: self.outcome,
            reason: self.reason.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn congo_engines_get_the_match_rules() {
        let words = |list: &[&str]| list.iter().map(|word| word.to_string()).collect::<Vec<_>>();
        assert_eq!(
            with_rules(words(&["/bin/congo", "engine", "--weak"]), Rules::Wits2021),
            words(&["/bin/congo", "--rules", "2021", "engine", "--weak"])
        );
        // Another program, or one that names its rules, is left alone.
        let other = words(&["./my-engine", "engine"]);
        assert_eq!(with_rules(other.clone(), Rules::Wits2021), other);
        let named = words(&["congo", "--rules", "2022", "engine"]);
        assert_eq!(with_rules(named.clone(), Rules::Wits2021), named);
    }
}
