//! The Part 7 protocol: `newgame`, `position <fen>`, `moves m1 m2 ...`,
//! `go <seconds>` (answered with one move, which the engine also plays),
//! `quit`. A bad command gets `error: ...` on stderr and changes nothing.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::START;
use super::search::{Engine, Limit};
use crate::search::Searcher;
use crate::{Move, Position, Rules, zobrist};

/// The share of `go`'s time the engine spends: it always answers well
/// inside the time it is given.
const TIME_SHARE: f64 = 0.4;

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
            Player::Strong(engine) => engine
                .choose(position, Limit::Time(time), history)
                .map(|choice| choice.best),
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
    for line in input.lines() {
        let line = line?;
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
                    next = next.play(m, rules);
                    Ok::<(), String>(())
                });
                played.map(|()| {
                    position = next;
                    history.extend(keys);
                })
            }
            "go" => match rest.parse::<f64>() {
                Ok(seconds) if seconds.is_finite() && seconds > 0.0 => {
                    let time = Duration::from_secs_f64(seconds * TIME_SHARE);
                    match player.choose(&position, time, &history) {
                        Some(m) => {
                            writeln!(output, "{m}")?;
                            output.flush()?;
                            history.push(key(&position));
                            position = position.play(m, rules);
                            Ok(())
                        }
                        None => Err("no legal move: the game is over".into()),
                    }
                }
                _ => Err(format!(
                    "go needs a positive number of seconds, found {rest:?}"
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
