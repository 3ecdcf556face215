//! The Part 7 protocol: `newgame`, `position <fen>`, `moves m1 m2 ...`,
//! `go <seconds>` (answered with one move, which the engine also plays),
//! `quit`. A bad command gets `error: ...` on stderr and changes nothing;
//! a move that ends the game is followed by `info game over: ...` on stderr.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use super::search::Engine;
use crate::assignment::search::Searcher;
use congo_kit::process;
use congo_rules::START;
use congo_rules::{Game, History, Move, Position, RuleSet};

/// What the engine keeps back of `go`'s time for the harness: a share,
/// and a fixed part for the scheduling of a busy machine, reading the
/// command and writing the move (measured in `docs/engine.md`).
const KEPT_SHARE: f64 = 0.1;
const KEPT: Duration = Duration::from_millis(15);

/// The time a search may take of `go`'s `seconds`: all but what is kept
/// back, and never less than a quarter of it. The search stops there, and
/// starts no depth past half of it (see `Engine::choose`).
fn thinking_time(seconds: f64) -> Duration {
    let given = Duration::from_secs_f64(seconds);
    given
        .mul_f64(1.0 - KEPT_SHARE)
        .saturating_sub(KEPT)
        .max(given / 4)
}

/// The longest a search's ended helper threads are waited for.
const SETTLE: Duration = Duration::from_millis(100);

/// The threads of this process, where Linux's `/proc` counts them.
fn threads_now() -> Option<usize> {
    std::fs::read_dir("/proc/self/task")
        .ok()
        .map(Iterator::count)
}

/// Waits, for at most [`SETTLE`], until this process has no more threads
/// than `at_rest` had before its search. A search's helpers, though
/// joined, still count against a limit of tasks (a tournament's
/// `--threads`, held by the pids controller) until the kernel releases
/// them a moment later; the next search starting its own before then
/// could be refused one. Done once the move is sent, on the opponent's
/// time.
fn settle_threads(at_rest: Option<usize>) {
    let Some(at_rest) = at_rest else {
        return;
    };
    let deadline = Instant::now() + SETTLE;
    while threads_now().is_some_and(|now| now > at_rest) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The longest `go` accepted, in seconds: a day.
const MAX_GO_SECONDS: f64 = 86_400.0;

/// The longest command line read; the rest of a longer one is skipped and
/// the line is an error. (A `moves` line of a whole game is far shorter.)
pub const MAX_COMMAND_LINE: usize = 65_536;

/// Who picks the moves.
#[derive(Clone)]
pub enum Player {
    /// The full engine.
    Strong(Box<Engine>),
    /// The assignment's plain Part 5 alpha-beta, 4 plies deep, as a
    /// yardstick.
    Weak(Searcher),
}

impl Player {
    fn clear(&mut self) {
        if let Player::Strong(engine) = self {
            engine.clear();
        }
    }

    fn choose(&mut self, position: &Position, time: Duration, history: &History) -> Option<Move> {
        match self {
            Player::Strong(engine) => {
                let limit = engine.limit_for(time);
                engine
                    .choose(position, limit, history)
                    .map(|choice| choice.best)
            }
            Player::Weak(searcher) => searcher.best_move(position, 4).map(|(best, _)| best),
        }
    }
}

/// Answers protocol commands from `input` until `quit` or its end.
pub fn play_protocol(
    player: &mut Player,
    rule_set: RuleSet,
    input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
) -> io::Result<()> {
    let start: Position = START.parse().map_err(io::Error::other)?;
    let mut game = Game::new(start.clone(), rule_set);
    let mut input = input;
    let mut bytes = Vec::new();
    while let Some(cut) = process::read_bounded_line(&mut input, &mut bytes, MAX_COMMAND_LINE)? {
        let line = match std::str::from_utf8(&bytes) {
            _ if cut => Err(format!("line is longer than {MAX_COMMAND_LINE} bytes")),
            Ok(line) => Ok(line),
            Err(_) => Err("line is not valid UTF-8".to_owned()),
        };
        let line = match line {
            Ok(line) => line,
            Err(message) => {
                writeln!(errors, "error: {message}")?;
                continue;
            }
        };
        let (command, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let rest = rest.trim();
        let outcome: Result<(), String> = match command {
            "" => Ok(()),
            "quit" => break,
            "newgame" => {
                game = Game::new(start.clone(), rule_set);
                player.clear();
                Ok(())
            }
            "position" => rest
                .parse()
                .map(|parsed| game = Game::new(parsed, rule_set))
                .map_err(|error| format!("bad FEN {rest:?}: {error}")),
            "moves" => {
                // All or nothing: the moves are checked before any is kept.
                let mut next = game.clone();
                rest.split_whitespace()
                    .try_for_each(|text| next.play_text(text).map(|_| ()))
                    .map(|()| game = next)
                    .map_err(|error| error.to_string())
            }
            "go" => match rest.parse::<f64>() {
                Ok(seconds) if seconds > 0.0 && seconds <= MAX_GO_SECONDS => {
                    let time = thinking_time(seconds);
                    let at_rest = threads_now();
                    let chosen = match game.ending() {
                        Some(ending) => Err(ending),
                        None => Ok(player.choose(game.position(), time, &game.history())),
                    };
                    match chosen {
                        Ok(Some(m)) => {
                            writeln!(output, "{m}")?;
                            output.flush()?;
                            settle_threads(at_rest);
                            // A move the engine chose is legal in a game that goes on.
                            let _ = game.play(m);
                            // On stderr, so that a harness reading one move
                            // per `go` from stdout is not confused.
                            if let Some(ending) = game.ending() {
                                writeln!(errors, "info game over: {}", ending.describe())?;
                            }
                            Ok(())
                        }
                        Ok(None) => Err("no legal move".to_owned()),
                        Err(ending) => Err(format!(
                            "no legal move: the game is over, {}",
                            ending.describe()
                        )),
                    }
                }
                _ => Err(format!(
                    "go needs a number of seconds above 0 and at most {MAX_GO_SECONDS}, found {rest:?}"
                )),
            },
            _ => Err(format!("unknown command {command:?}")),
        };
        if let Err(message) = outcome {
            writeln!(errors, "error: {message}")?;
        }
    }
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn millis(time: Duration) -> f64 {
        (time.as_secs_f64() * 1e6).round() / 1e3
    }

    #[test]
    fn go_time_is_spent_but_for_what_the_harness_needs() {
        assert_eq!(millis(thinking_time(1.0)), 885.0);
        assert_eq!(millis(thinking_time(0.05)), 30.0);
        // Where the fixed part would leave less than a quarter.
        assert_eq!(millis(thinking_time(0.02)), 5.0);
        let mut last = Duration::ZERO;
        for step in 1..=2000 {
            let seconds = f64::from(step) / 1000.0;
            let time = thinking_time(seconds);
            assert!(
                time >= last && time < Duration::from_secs_f64(seconds),
                "{seconds}"
            );
            last = time;
        }
    }
}
