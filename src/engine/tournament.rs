//! `congo match`: two engine programs play games against each other over
//! the Part 7 protocol, like the assignment's tournament.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use crate::random::Rng;
use crate::{Kind, Position, Rules, Status, process};

/// Moves each side may make before a game is called a draw.
const MOVES_EACH: usize = 100;
/// Time an engine may take beyond its move time before it loses.
const GRACE: Duration = Duration::from_millis(250);

/// What `congo match` plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    pub games: usize,
    pub movetime: Duration,
    pub fen: String,
    pub rules: Rules,
    /// Random plies played from `fen` before the engines take over, the
    /// same for both games of a pair (colours swapped), so that
    /// deterministic engines do not replay one game over and over.
    pub opening_plies: usize,
    pub seed: u64,
    /// The two engines' command lines, A first.
    pub engines: [Vec<String>; 2],
}

/// A running engine.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    fn start(command: &[String]) -> io::Result<EngineProcess> {
        let mut child = process::spawn(command, false)?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        process::stop(&mut self.child);
    }
}

/// How a game ended, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Plays the match, writing each game and a summary; returns the exit
/// status (0, or 2 when an engine cannot be started at all).
pub fn play_match(options: &MatchOptions, output: &mut impl Write) -> io::Result<u8> {
    let start: Position = match options.fen.parse() {
        Ok(position) => position,
        Err(error) => {
            writeln!(output, "congo match: bad --fen {:?}: {error}", options.fen)?;
            return Ok(2);
        }
    };
    let names = options.engines.clone().map(|command| command.join(" "));
    let mut engines: [Option<EngineProcess>; 2] = [None, None];
    // Points of engine A: 2 a win, 1 a draw.
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..options.games {
        // A plays white in even games, black in odd ones.
        let white = game % 2;
        let seats = [white, 1 - white];
        for &engine in &seats {
            if engines[engine].is_none() {
                match EngineProcess::start(&options.engines[engine]) {
                    Ok(started) => engines[engine] = Some(started),
                    Err(error) => {
                        writeln!(
                            output,
                            "congo match: cannot start {}: {error}",
                            names[engine]
                        )?;
                        return Ok(2);
                    }
                }
            }
        }
        let opening = random_opening(&start, options, game / 2);
        let (outcome, reason, moves) = play_game(&opening, options, &mut engines, seats);
        let a_result = match (outcome, white) {
            (Outcome::Draw, _) => {
                draws += 1;
                "1/2-1/2"
            }
            (Outcome::WhiteWins, 0) | (Outcome::BlackWins, 1) => {
                wins += 1;
                if white == 0 { "1-0" } else { "0-1" }
            }
            _ => {
                losses += 1;
                if white == 0 { "0-1" } else { "1-0" }
            }
        };
        writeln!(
            output,
            "game {}: {} (white) vs {} (black): {a_result}, {reason}, {} moves",
            game + 1,
            names[seats[0]],
            names[seats[1]],
            moves.len()
        )?;
        writeln!(output, "  {}", moves.join(" "))?;
    }
    let games = wins + draws + losses;
    writeln!(output, "A: {}\nB: {}", names[0], names[1])?;
    writeln!(
        output,
        "games from {} after {} random plies (seed {}), {} ms a move",
        options.fen,
        options.opening_plies,
        options.seed,
        options.movetime.as_millis()
    )?;
    let score = f64::from(wins) + f64::from(draws) / 2.0;
    writeln!(
        output,
        "A wins {wins}, draws {draws}, loses {losses} of {games}: score {score}/{games} ({:.1}%)",
        100.0 * score / f64::from(games.max(1))
    )?;
    writeln!(
        output,
        "Elo difference (A - B): {}",
        elo_summary(wins, draws, losses)
    )?;
    Ok(0)
}

/// The `pair`-th opening: `opening_plies` random legal moves from `start`
/// (fewer if the game ends first).
fn random_opening(start: &Position, options: &MatchOptions, pair: usize) -> Position {
    let mut rng = Rng::new(options.seed.wrapping_add(pair as u64));
    let mut position = start.clone();
    let mut moves = Vec::new();
    for _ in 0..options.opening_plies {
        moves.clear();
        position.legal_moves(&mut moves);
        match rng.pick(&moves) {
            Some(m) => position = position.play(m, options.rules),
            None => break,
        }
    }
    position
}

/// Plays one game; the outcome, why it ended, and the moves.
fn play_game(
    start: &Position,
    options: &MatchOptions,
    engines: &mut [Option<EngineProcess>; 2],
    seats: [usize; 2],
) -> (Outcome, String, Vec<String>) {
    let mut position = start.clone();
    let mut moves = Vec::new();
    let setup = ["newgame".to_owned(), format!("position {start}")];
    for &engine in &seats {
        if let Some(process) = engines[engine].as_mut()
            && setup
                .iter()
                .try_for_each(|line| process.send(line))
                .is_err()
        {
            engines[engine] = None;
        }
    }
    let seconds = options.movetime.as_secs_f64();
    let mut scratch = Vec::new();
    loop {
        let mover = if position.side == crate::Color::White {
            0
        } else {
            1
        };
        let loses = |reason: String| {
            let outcome = if mover == 0 {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            };
            (outcome, reason)
        };
        let finished = match position.status() {
            Status::WhiteWins => Some((Outcome::WhiteWins, "black's lion was taken".to_owned())),
            Status::BlackWins => Some((Outcome::BlackWins, "white's lion was taken".to_owned())),
            Status::Ongoing if moves.len() >= 2 * MOVES_EACH => {
                Some((Outcome::Draw, format!("draw after {MOVES_EACH} moves each")))
            }
            Status::Ongoing if position.board.by_kind(Kind::Lion) == position.board.occupied() => {
                Some((Outcome::Draw, "draw, only the lions are left".to_owned()))
            }
            Status::Ongoing => {
                scratch.clear();
                position.legal_moves(&mut scratch);
                scratch
                    .is_empty()
                    .then(|| loses(format!("{} has no legal move", position.side)))
            }
        };
        if let Some((outcome, reason)) = finished {
            return (outcome, reason, moves);
        }
        let engine = seats[mover];
        let answer = match engines[engine].as_mut() {
            None => Err("it could not be restarted".to_owned()),
            Some(process) => ask(process, seconds, options.movetime + GRACE),
        };
        let played = answer.and_then(|text| {
            position
                .parse_move(&text, &mut scratch)
                .map_err(|error| error.to_string())
                .map(|m| (m, text))
        });
        let (m, text) = match played {
            Ok(found) => found,
            Err(why) => {
                // The engine is not trusted again: a fresh one plays on.
                engines[engine] = None;
                let (outcome, reason) = loses(format!("{} lost: {why}", position.side));
                return (outcome, reason, moves);
            }
        };
        position = position.play(m, options.rules);
        moves.push(text.clone());
        let other = seats[1 - mover];
        if let Some(process) = engines[other].as_mut()
            && process.send(&format!("moves {text}")).is_err()
        {
            engines[other] = None;
        }
    }
}

/// Sends `go` and waits for a move line.
fn ask(process: &mut EngineProcess, seconds: f64, wait: Duration) -> Result<String, String> {
    process
        .send(&format!("go {seconds}"))
        .map_err(|_| "it stopped reading (crashed)".to_owned())?;
    loop {
        match process.lines.recv_timeout(wait) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => return Ok(line.trim().to_owned()),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("it gave no move within {} ms", wait.as_millis()));
            }
            Err(RecvTimeoutError::Disconnected) => return Err("it exited (crashed)".to_owned()),
        }
    }
}

/// `+E (95%: L to H)`: the Elo difference the score implies, and the
/// interval the spread of the results allows (open-ended when the score is
/// so lopsided that the upper or lower end reaches 100% or 0%).
fn elo_summary(wins: u32, draws: u32, losses: u32) -> String {
    let games = f64::from(wins + draws + losses);
    if games == 0.0 {
        return "no games".into();
    }
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    let spread = (f64::from(wins) * (1.0 - score).powi(2)
        + f64::from(draws) * (0.5 - score).powi(2)
        + f64::from(losses) * score.powi(2))
        / games;
    let error = (spread / games).sqrt() * 1.96;
    let elo = |p: f64| -> String {
        if p >= 1.0 {
            "+inf".into()
        } else if p <= 0.0 {
            "-inf".into()
        } else {
            // Adding 0.0 turns a rounding residue of -0 into +0.
            format!("{:+.0}", (-400.0 * (1.0 / p - 1.0).log10()).round() + 0.0)
        }
    };
    format!(
        "{} (95%: {} to {})",
        elo(score),
        elo(score - error),
        elo(score + error)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_from_scores() {
        // An even score: per-game spread 0.25, so the interval spans the
        // scores 0.5 ± 1.96 * sqrt(0.25 / 20), 0.281 to 0.719.
        assert_eq!(elo_summary(10, 0, 10), "+0 (95%: -163 to +163)");
        // 75%: +191.
        assert!(
            elo_summary(30, 0, 10).starts_with("+191 (95%: +"),
            "{}",
            elo_summary(30, 0, 10)
        );
        // A clean sweep has no upper end.
        assert_eq!(elo_summary(5, 0, 0), "+inf (95%: +inf to +inf)");
        assert!(
            elo_summary(57, 3, 0).ends_with("to +inf)"),
            "{}",
            elo_summary(57, 3, 0)
        );
        assert_eq!(elo_summary(0, 0, 0), "no games");
    }
}
