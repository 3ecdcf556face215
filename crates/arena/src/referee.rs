//! One game of a match: the referee starts the two engines on the
//! opening, asks each for its moves in turn, checks every move, and ends
//! the game by the rules (or the endgame tables), or when an engine fails.

use std::path::Path;
use std::time::Duration;

use super::engine_process::{Clock, Joined, Seat, ask};
use super::live::LiveLog;
use super::openings::random_plies;
use super::options::MatchOptions;
use super::tally::Overruns;
use congo_kit::rng::Rng;
use congo_rules::endgame::{EndgameTables, Value};
use congo_rules::live::Line;
use congo_rules::record::Record;
use congo_rules::{Ending, Game, Outcome, Position, RuleSet};

/// The command line of an engine, with `--rules` added when it is congo's
/// own engine, so that both sides of a match play by the same rules.
pub(super) fn with_rules(mut command: Vec<String>, rule_set: RuleSet) -> Vec<String> {
    let is_congo = command
        .first()
        .and_then(|program| Path::new(program).file_name())
        .is_some_and(|name| name == "congo");
    let has_rules = command.iter().any(|word| word.starts_with("--rules"));
    if is_congo && !has_rules && command.iter().any(|word| word == "engine") {
        command.splice(1..1, ["--rules".to_owned(), rule_set.to_string()]);
    }
    command
}

/// How one game went: its result, why, the moves, each seat's overruns,
/// and the stderr of an engine that lost by a fault.
pub(super) struct GameEnd {
    pub(super) outcome: Outcome,
    pub(super) reason: String,
    pub(super) moves: Vec<String>,
    pub(super) by_ply_limit: bool,
    pub(super) overruns: [Overruns; 2],
    pub(super) fault: Option<Fault>,
}

/// An engine that lost by a fault, and the last lines of its stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Fault {
    /// Which engine (0 for A).
    pub(super) engine: usize,
    pub(super) stderr: Vec<String>,
}

/// How every game is refereed, in a match or a tournament: its rules, its
/// length, and each engine's time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Refereeing {
    pub(super) rule_set: RuleSet,
    /// The game length, in plies, at which a game is drawn.
    pub(super) max_plies: usize,
    /// Each move's time, for the first seat and the second.
    pub(super) movetime: [Duration; 2],
    pub(super) margin: Duration,
    pub(super) startup: Duration,
    /// Whether each seat's `go` is in whole seconds, rounded up.
    pub(super) go_seconds: [bool; 2],
}

impl MatchOptions {
    /// How the match's games are refereed.
    pub(super) fn refereeing(&self) -> Refereeing {
        Refereeing {
            rule_set: self.rule_set,
            max_plies: self.max_plies,
            movetime: self.movetime,
            margin: self.margin,
            startup: self.startup,
            go_seconds: [self.go_seconds; 2],
        }
    }
}

/// The `go` line each engine gets, and the clock of its moves.
fn asks(options: &Refereeing) -> [(String, Clock); 2] {
    [0, 1].map(|seat| {
        let time = options.movetime[seat];
        // Whole-second engines get the time rounded up, and that long.
        let (go, time) = if options.go_seconds[seat] {
            let seconds = time.as_millis().div_ceil(1000) as u64;
            (format!("go {seconds}"), Duration::from_secs(seconds))
        } else {
            (format!("go {}", time.as_secs_f64()), time)
        };
        let clock = Clock {
            time,
            margin: options.margin,
            startup: options.startup,
        };
        (go, clock)
    })
}

/// Plays one game from `start`: `colours[0]` is the seat that plays white,
/// `colours[1]` black; each ply goes to `on_ply` as it is played. An
/// engine over a limit of its seat loses.
pub(super) fn play_game(
    start: &Position,
    options: &Refereeing,
    tables: Option<&dyn EndgameTables>,
    seats: &mut [Seat],
    colours: [usize; 2],
    on_ply: &dyn Fn(&str),
) -> GameEnd {
    let mut game =
        Game::new(start.clone(), options.rule_set).with_max_plies(Some(options.max_plies));
    let mut moves: Vec<String> = Vec::new();
    let mut overruns = [Overruns::default(); 2];
    let mut joined = [Ok(Joined::Fresh), Ok(Joined::Fresh)];
    let mut moved = [false; 2];
    for &engine in &colours {
        joined[engine] = seats[engine].join(start, &moves);
    }
    let asks = asks(options);
    let end = |outcome, reason, moves, overruns, fault| GameEnd {
        outcome,
        reason,
        moves,
        by_ply_limit: false,
        overruns,
        fault,
    };
    loop {
        let side = game.position().side;
        let mover = side.index();
        if let Some(ending) = game.ending() {
            let mut over = end(ending.outcome(), ending.to_string(), moves, overruns, None);
            over.by_ply_limit = matches!(ending, Ending::PlyLimit { .. });
            return over;
        }
        if let Some(value) = tables
            .filter(|tables| tables.covers(game.position()))
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
            return end(Outcome::won_by(winner), reason, moves, overruns, None);
        }
        let engine = colours[mover];
        let (go, clock) = asks[engine].clone();
        let seat = &mut seats[engine];
        let mut answer = joined[engine].clone().and_then(|_| ask(seat, &go, clock));
        // A process kept from the game before that has exited by its first
        // move here had quit after that game: a fresh one plays this one.
        if answer.is_err()
            && !moved[engine]
            && joined[engine] == Ok(Joined::Kept)
            && !seat.is_running()
        {
            joined[engine] = seat.join(start, &moves);
            answer = joined[engine].clone().and_then(|_| ask(seat, &go, clock));
        }
        moved[engine] = true;
        // An engine over its memory or threads loses, whatever it answered.
        let answer = match seat.breach() {
            Some(over) => Err(over),
            None => answer,
        };
        let played = answer.and_then(|answer| {
            overruns[engine].note(answer.late);
            game.play_text(&answer.line)
                .map(|_| answer.line)
                .map_err(|error| error.to_string())
        });
        let text = match played {
            Ok(text) => text,
            Err(why) => {
                let stderr = seat.stderr_tail();
                seat.end(Duration::ZERO);
                let reason = format!("{side} lost: {why}");
                let fault = Some(Fault { engine, stderr });
                return end(Outcome::won_by(Some(!side)), reason, moves, overruns, fault);
            }
        };
        // An engine that cannot be told the move has died: it is kept, so
        // that when asked for its own it is said how (its exit, its
        // stderr).
        if let Some(process) = seats[colours[1 - mover]].process.as_mut() {
            let _ = process.send(&format!("moves {text}"));
        }
        on_ply(&text);
        moves.push(text);
    }
}

/// The letter of engine `engine` (0 for A).
pub(super) fn letter(engine: usize) -> char {
    if engine == 0 { 'A' } else { 'B' }
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
    /// Whether the game was drawn at the ply limit.
    pub(super) by_ply_limit: bool,
    /// Each engine's overruns in the game, A's first.
    pub(super) overruns: [Overruns; 2],
    /// The engine that lost by a fault, if one did.
    pub(super) fault: Option<Fault>,
}

/// The opening of game number `game` (from 0) from `start`: the random
/// plies, the same for both games of a pair, and the position they reach.
pub(super) fn opening_of(
    game: usize,
    start: &Position,
    options: &MatchOptions,
) -> (Position, Vec<String>) {
    let mut rng = Rng::new(options.seed.wrapping_add((game / 2) as u64));
    random_plies(start, options.opening_plies, options.rule_set, &mut rng)
}

/// Plays game number `game` (from 0) of the match on `seats`: A has white
/// in even games, and each pair of games starts from the same opening.
/// Its start and plies go to `live` as they happen.
pub(super) fn play_numbered(
    game: usize,
    start: &Position,
    options: &MatchOptions,
    tables: Option<&dyn EndgameTables>,
    seats: &mut [Seat],
    live: Option<&LiveLog>,
) -> Played {
    let white = game % 2;
    let (opening, plies) = opening_of(game, start, options);
    // The companion is for watching: a failed write costs the game nothing.
    let tell = |line: Line| {
        if let Some(live) = live {
            let _ = live.write(&line);
        }
    };
    tell(Line::Start(game + 1, letter(white), opening.to_string()));
    let on_ply = |m: &str| tell(Line::Ply(game + 1, m.to_owned()));
    let over = play_game(
        &opening,
        &options.refereeing(),
        tables,
        seats,
        [white, 1 - white],
        &on_ply,
    );
    Played {
        white,
        outcome: over.outcome,
        reason: over.reason,
        moves: over.moves,
        plies,
        opening,
        by_ply_limit: over.by_ply_limit,
        overruns: over.overruns,
        fault: over.fault,
    }
}

impl Played {
    /// A game read back from a match's record, for `--resume`: checked to
    /// be the game this match would have played there (its opening and
    /// colours) and replayed move by move.
    pub(super) fn from_record(
        record: &Record,
        game: usize,
        start: &Position,
        options: &MatchOptions,
    ) -> Result<Played, String> {
        let white = game % 2;
        let letter = letter(white);
        if record.game != game + 1 {
            return Err(format!(
                "game {} where this match plays game {} next",
                record.game,
                game + 1
            ));
        }
        if record.white != letter {
            return Err(format!(
                "game {} has {} as white, where this match gives white to {letter}",
                record.game, record.white
            ));
        }
        let (opening, plies) = opening_of(game, start, options);
        if record.start != opening.to_string() {
            return Err(format!(
                "game {} starts from {}, where this match starts it from {opening} (were the openings, the seed and --opening-plies the same?)",
                record.game, record.start
            ));
        }
        let replayed = record
            .replay(options.rule_set, None)
            .map_err(|error| error.to_string())?
            .with_max_plies(Some(options.max_plies));
        let by_ply_limit = matches!(replayed.ending(), Some(Ending::PlyLimit { .. }));
        Ok(Played {
            white,
            outcome: record.outcome,
            reason: record.reason.clone(),
            moves: record.moves.clone(),
            plies,
            opening,
            by_ply_limit,
            overruns: [Overruns::default(); 2],
            fault: None,
        })
    }

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
            white: letter(self.white),
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
            with_rules(
                words(&["/bin/congo", "engine", "--weak"]),
                RuleSet::Wits2021
            ),
            words(&["/bin/congo", "--rules", "2021", "engine", "--weak"])
        );
        // Another program, or one that names its rules, is left alone.
        let other = words(&["./my-engine", "engine"]);
        assert_eq!(with_rules(other.clone(), RuleSet::Wits2021), other);
        let named = words(&["congo", "--rules", "2022", "engine"]);
        assert_eq!(with_rules(named.clone(), RuleSet::Wits2021), named);
    }
}
