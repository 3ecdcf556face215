//! A tournament game's reason, as its record keeps it: the referee's, then
//! the last lines a faulted engine wrote on stderr (what a teaching
//! assistant needs to see why), then the moves each side answered past
//! its time but within the margin. The record is the tournament's only
//! state, so everything counted of a game is read back from this text.

use crate::referee::GameEnd;
use congo_rules::Color;

/// How many of a faulted engine's last stderr lines the reason keeps.
const STDERR_LINES: usize = 3;

/// The most characters kept of each of those lines.
const STDERR_WIDTH: usize = 100;

/// What comes before the overruns at a reason's end.
const LATE: &str = "; late within the margin: ";

/// The reason of the game that ended as `end`, where seat `white_seat`
/// (0 for the pair's first) played white.
pub fn game_reason(end: &GameEnd, white_seat: usize) -> String {
    let mut reason = end.reason.clone();
    if let Some(fault) = &end.fault {
        let tail = stderr_tail(&fault.stderr);
        if !tail.is_empty() {
            reason.push_str(&format!("; its stderr ended: \"{tail}\""));
        }
    }
    let late = [white_seat, 1 - white_seat].map(|seat| end.overruns[seat].count);
    let said: Vec<String> = Color::ALL
        .iter()
        .filter(|color| late[color.index()] > 0)
        .map(|color| format!("{color} {}", late[color.index()]))
        .collect();
    if !said.is_empty() {
        reason.push_str(LATE);
        reason.push_str(&said.join(", "));
    }
    reason
}

/// The last non-blank lines of `stderr`, each made one plain line and cut
/// short, joined by ` | `.
fn stderr_tail(stderr: &[String]) -> String {
    let plain: Vec<String> = stderr
        .iter()
        .map(|line| {
            let line: String = line
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            let line = line.trim();
            match line.char_indices().nth(STDERR_WIDTH) {
                Some((at, _)) => format!("{}...", &line[..at]),
                None => line.to_owned(),
            }
        })
        .filter(|line| !line.is_empty())
        .collect();
    plain[plain.len().saturating_sub(STDERR_LINES)..].join(" | ")
}

/// The moves each side answered late but within the margin, white's
/// first, as a reason says (none where it says nothing of them).
pub fn late_moves(reason: &str) -> [usize; 2] {
    let mut late = [0; 2];
    let Some((_, said)) = reason.rsplit_once(LATE) else {
        return late;
    };
    for part in said.split(", ") {
        let counted = part.split_once(' ').and_then(|(color, count)| {
            let color = Color::ALL.into_iter().find(|known| known.name() == color)?;
            Some((color, count.parse().ok()?))
        });
        match counted {
            Some((color, count)) => late[color.index()] = count,
            None => return [0; 2],
        }
    }
    late
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Fault;
    use crate::tally::Overruns;
    use congo_rules::Outcome;

    fn end(stderr: &[&str], late: [usize; 2]) -> GameEnd {
        GameEnd {
            outcome: Outcome::BlackWins,
            reason: "white lost: it crashed: signal 11".to_owned(),
            moves: Vec::new(),
            by_ply_limit: false,
            overruns: late.map(|count| Overruns {
                count,
                ..Overruns::default()
            }),
            fault: Some(Fault {
                engine: 1,
                stderr: stderr.iter().map(|line| line.to_string()).collect(),
            }),
        }
    }

    #[test]
    fn a_reason_keeps_the_last_stderr_lines_and_the_late_moves() {
        let long = "x".repeat(150);
        let stderr = [
            "first",
            "",
            "Traceback\t(most recent call last):",
            &long,
            "  Error ",
        ];
        // Seat 1 played white: its 2 late moves are white's.
        let reason = game_reason(&end(&stderr, [0, 2]), 1);
        assert_eq!(
            reason,
            format!(
                "white lost: it crashed: signal 11; its stderr ended: \"Traceback (most recent call last): | {}... | Error\"; late within the margin: white 2",
                "x".repeat(100)
            )
        );
        assert_eq!(late_moves(&reason), [2, 0]);
        let quiet = game_reason(&end(&[], [3, 1]), 0);
        assert_eq!(
            quiet,
            "white lost: it crashed: signal 11; late within the margin: white 3, black 1"
        );
        assert_eq!(late_moves(&quiet), [3, 1]);
        assert_eq!(late_moves("black's lion was taken"), [0, 0]);
        // A stderr line that looks like the ending is not read as one.
        let sly = game_reason(&end(&["; late within the margin: white 9"], [0, 0]), 0);
        assert_eq!(late_moves(&sly), [0, 0]);
    }
}
