//! Each engine's faults over a tournament, so that a teaching assistant
//! sees at a glance whose engine is broken and how: games lost by time,
//! by a crash, by an illegal move, over the memory or the threads limit,
//! and moves answered past their time but within the margin. All are
//! read from the records' reasons, so a resumed tournament counts them as
//! an uncut one would.

use std::fmt::Write as _;

use super::folder::Finished;
use super::reason::late_moves;
use congo_kit::json::Json;
use congo_rules::Color;

/// One engine's faults: games lost each way, and moves late within the
/// margin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    pub time: usize,
    pub crash: usize,
    pub illegal: usize,
    pub memory: usize,
    pub threads: usize,
    pub late: usize,
}

/// How an engine lost a game other than over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Time,
    Crash,
    Illegal,
    Memory,
    Threads,
}

impl Fault {
    /// The side that lost a game ended for `reason` by a fault, and the
    /// fault, read from the referee's words.
    pub fn of(reason: &str) -> Option<(Color, Fault)> {
        let (color, why) = Color::ALL.into_iter().find_map(|color| {
            let why = reason.strip_prefix(&format!("{color} lost: "))?;
            Some((color, why))
        })?;
        let why = why.strip_prefix("it did not start: ").unwrap_or(why);
        let fault = if why.starts_with("it gave no move within") {
            Fault::Time
        } else if why.starts_with("over ") {
            let threads = why
                .split(';')
                .next()
                .is_some_and(|why| why.ends_with(" threads"));
            if threads {
                Fault::Threads
            } else {
                Fault::Memory
            }
        } else if why.starts_with("it ") {
            // It crashed, exited, closed its output or could not start.
            Fault::Crash
        } else {
            Fault::Illegal
        };
        Some((color, fault))
    }
}

/// The columns, as the text and the JSON name them.
const NAMES: [&str; 6] = ["time", "crash", "illegal", "memory", "threads", "late"];

impl Faults {
    /// The counts in the order of [`NAMES`].
    fn counts(&self) -> [usize; 6] {
        [
            self.time,
            self.crash,
            self.illegal,
            self.memory,
            self.threads,
            self.late,
        ]
    }

    /// Counts one fault.
    fn add(&mut self, fault: Fault) {
        let count = match fault {
            Fault::Time => &mut self.time,
            Fault::Crash => &mut self.crash,
            Fault::Illegal => &mut self.illegal,
            Fault::Memory => &mut self.memory,
            Fault::Threads => &mut self.threads,
        };
        *count += 1;
    }

    /// The faults as a JSON object, a count a kind.
    fn json(&self) -> Json {
        let fields = NAMES.iter().zip(self.counts());
        let fields = fields.map(|(name, count)| ((*name).to_owned(), Json::Number(count as f64)));
        Json::Object(fields.collect())
    }
}

/// Each player's faults over the games `finished`, in roster order.
pub fn count_faults(players: usize, finished: &Finished) -> Vec<Faults> {
    let mut faults = vec![Faults::default(); players];
    for (&((first, second), _), record) in finished {
        let (white, black) = if record.white == 'A' {
            (first, second)
        } else {
            (second, first)
        };
        let late = late_moves(&record.reason);
        faults[white].late += late[Color::White.index()];
        faults[black].late += late[Color::Black.index()];
        if let Some((color, fault)) = Fault::of(&record.reason) {
            let player = if color == Color::White { white } else { black };
            faults[player].add(fault);
        }
    }
    faults
}

/// Each engine's faults as a JSON object, by name.
pub fn faults_json(names: &[String], faults: &[Faults]) -> Json {
    let each = names.iter().zip(faults);
    Json::Object(
        each.map(|(name, faults)| (name.clone(), faults.json()))
            .collect(),
    )
}

/// The faults as a short table, a row an engine that has any.
pub fn faults_text(names: &[String], faults: &[Faults]) -> String {
    let width = names.iter().map(String::len).max().unwrap_or(0).max(6);
    let mut text = format!("{:<width$}", "faults");
    for name in NAMES {
        let _ = write!(text, "  {name:>7}");
    }
    text.push('\n');
    let faulty = names
        .iter()
        .zip(faults)
        .filter(|(_, f)| **f != Faults::default());
    let mut rows = 0;
    for (name, faults) in faulty {
        let _ = write!(text, "{name:<width$}");
        for count in faults.counts() {
            let _ = write!(text, "  {count:>7}");
        }
        text.push('\n');
        rows += 1;
    }
    if rows == 0 {
        text.push_str("(none)\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_rules::Outcome;
    use congo_rules::record::Record;

    fn game(white: char, outcome: Outcome, reason: &str) -> Record {
        Record {
            game: 1,
            white,
            start: String::new(),
            moves: Vec::new(),
            outcome,
            reason: reason.to_owned(),
        }
    }

    #[test]
    fn each_loss_counts_as_its_fault_against_its_engine() {
        let reasons = [
            (
                'A',
                "white lost: it gave no move within 1200 ms (1000 ms and a margin of 200 ms)",
            ),
            (
                'A',
                "black lost: it did not start: it gave no move within 6100 ms (a start-up of 5000 ms, 1000 ms and a margin of 100 ms)",
            ),
            (
                'A',
                "black lost: it crashed: signal 11; its stderr ended: \"Segmentation fault\"",
            ),
            ('A', "white lost: it exited with status 3"),
            (
                'B',
                "white lost: move \"a1a1\" is not legal in this position",
            ),
            ('A', "white lost: over 6 GB"),
            ('A', "black lost: over 8 threads"),
            (
                'A',
                "black's lion was taken; late within the margin: white 2, black 1",
            ),
        ];
        let mut finished = Finished::new();
        for (number, (white, reason)) in reasons.into_iter().enumerate() {
            finished.insert(((0, 1), number), game(white, Outcome::Draw, reason));
        }
        let faults = count_faults(2, &finished);
        let first = Faults {
            time: 1,
            crash: 1,
            memory: 1,
            late: 2,
            ..Faults::default()
        };
        let second = Faults {
            time: 1,
            crash: 1,
            illegal: 1,
            threads: 1,
            late: 1,
            ..Faults::default()
        };
        assert_eq!(faults, [first, second]);
        let names = ["alice".to_owned(), "bob".to_owned(), "carol".to_owned()];
        assert_eq!(
            faults_text(&names, &[first, second, Faults::default()]),
            "faults     time    crash  illegal   memory  threads     late\n\
             alice         1        1        0        1        0        2\n\
             bob           1        1        1        0        1        1\n"
        );
        assert_eq!(
            faults_text(&names, &[Faults::default(); 3]),
            "faults     time    crash  illegal   memory  threads     late\n(none)\n"
        );
        assert_eq!(
            first.json().to_string(),
            r#"{"time":1,"crash":1,"illegal":0,"memory":1,"threads":0,"late":2}"#
        );
    }
}
