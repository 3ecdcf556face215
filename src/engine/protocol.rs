//! The Part 7 protocol: `newgame`, `position <fen>`, `moves m1 m2 ...`,
//! `go <seconds>` (answered with one move, which the engine also plays),
//! `quit`. A bad command gets `error: ...` on stderr and changes nothing;
//! a move that ends the game is followed by `info game over: ...` on stderr.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::search::Engine;
use super::{BARE_LIONS, START};
use crate::wits::search::Searcher;
use crate::{Move, Position, Rules, Status, process, zobrist};

/// The share of `go`'s time the engine spends: it always answers well
/// inside the time it is given.
const TIME_SHARE: f64 = 0.4;

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

    fn choose(&mut self, position: &Position, time: Duration, history: &[u64]) -> Option<Move> {
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
    rules: Rules,
    input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
) -> io::Result<()> {
    let start: Position = START.parse().map_err(io::Error::other)?;
    let mut position = start.clone();
    // The keys of the game's positions before the current one.
    let mut history: Vec<u64> = Vec::new();
    let key = |position: &Position| zobrist::hash(&position.board, position.side);
    let mut scratch = Vec::new();
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
                position = start.clone();
                history.clear();
                player.clear();
                Ok(())
            }
            "position" => rest
                .parse()
                .map(|parsed| {
                    position = parsed;
                    history.clear();
                })
                .map_err(|error| format!("bad FEN {rest:?}: {error}")),
            "moves" => {
                // All or nothing: the moves are checked before any is kept.
                let mut next = position.clone();
                let mut keys = Vec::new();
                let played = rest.split_whitespace().try_for_each(|text| {
                    let m = next
                        .parse_move(text, &mut scratch)
                        .map_err(|error| error.to_string())?;
                    keys.push(key(&next));
                    next = next.play_unchecked(m, rules);
                    Ok::<(), String>(())
                });
                played.map(|()| {
                    position = next;
                    history.extend(keys);
                })
            }
            "go" => match rest.parse::<f64>() {
                Ok(seconds) if seconds > 0.0 && seconds <= MAX_GO_SECONDS => {
                    let time = Duration::from_secs_f64(seconds * TIME_SHARE);
                    match player.choose(&position, time, &history) {
                        Some(m) => {
                            writeln!(output, "{m}")?;
                            output.flush()?;
                            history.push(key(&position));
                            position = position.play_unchecked(m, rules);
                            // On stderr, so that a harness reading one move
                            // per `go` from stdout is not confused.
                            if position.status() != Status::Ongoing {
                                let outcome = position.status().describe();
                                writeln!(errors, "info game over: {outcome}")?;
                            } else if position.is_bare_lions_draw() {
                                writeln!(errors, "info game over: {BARE_LIONS}")?;
                            }
                            Ok(())
                        }
                        None => Err(format!(
                            "no legal move: the game is over, {}",
                            position.status().describe()
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
