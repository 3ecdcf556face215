//! Openings for matches: random plies from a start, and `congo openings`,
//! which keeps only the balanced ones, so that a match between engines
//! measures their play rather than the luck of the draw.
//!
//! The judge of balance is the assignment's alpha-beta on Part 5's
//! evaluation, not the playing engine: engine changes never touch it, so
//! a shipped suite stays what its command writes while the engine grows.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::Path;

use congo_engine::assignment::evaluation::Evaluation;
use congo_engine::assignment::search::Searcher;
use congo_kit::rng::Rng;
use congo_rules::{FenError, Position, Reach, RuleSet, Status};

/// `plies` random legal moves from `start` (fewer if the game ends first),
/// as played and the position they lead to.
///
/// A move that would decide the game (or leave the other side no move) is
/// never drawn: the engines must get a game to play. The opening stops
/// early if every move would.
pub fn random_plies(
    start: &Position,
    plies: usize,
    rule_set: RuleSet,
    rng: &mut Rng,
) -> (Position, Vec<String>) {
    let mut position = start.clone();
    let mut played = Vec::new();
    let mut moves = Vec::new();
    let mut replies = Vec::new();
    for _ in 0..plies {
        moves.clear();
        position.legal_moves(&mut moves);
        moves.retain(|&m| {
            let next = position.play_unchecked(m, rule_set);
            replies.clear();
            next.legal_moves(&mut replies);
            !replies.is_empty()
        });
        match rng.pick(&moves) {
            Some(m) => {
                played.push(m.to_string());
                position = position.play_unchecked(m, rule_set);
            }
            None => break,
        }
    }
    (position, played)
}

/// What `congo openings` makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningOptions {
    /// How many openings to write.
    pub count: usize,
    /// The position the random plies start from.
    pub start: Position,
    /// The rule set the plies and the search follow.
    pub rule_set: RuleSet,
    /// Random plies from the start.
    pub plies: usize,
    /// The depth of the search that judges an opening.
    pub depth: u32,
    /// The most the search may score an opening for either side.
    pub margin: i32,
    /// The seed of the random plies: the same seed, the same file.
    pub seed: u64,
}

/// Tries this many candidates per opening asked for before giving up: a
/// margin that almost nothing meets must not loop for ever.
const TRIES_PER_OPENING: usize = 50;

/// Writes a `#` line with the command that writes the same file again,
/// then `options.count` distinct openings, one FEN a line: random plies
/// from the start, kept when the assignment's alpha-beta scores
/// them within the margin. Returns how many were written and how many
/// candidates were tried; fewer openings than asked are written only when
/// the tries ran out.
pub fn write_openings(
    options: &OpeningOptions,
    output: &mut impl Write,
) -> io::Result<(usize, usize)> {
    let rule_set = if options.rule_set == RuleSet::default() {
        String::new()
    } else {
        format!("--rules {} ", options.rule_set)
    };
    writeln!(
        output,
        "# congo {rule_set}openings {} --fen \"{}\" --plies {} --depth {} --margin {} --seed {}",
        options.count, options.start, options.plies, options.depth, options.margin, options.seed
    )?;
    let mut rng = Rng::new(options.seed);
    let mut judge = Searcher::new(options.rule_set, Evaluation::Advanced);
    let mut kept = HashSet::new();
    let mut tried = 0;
    while kept.len() < options.count && tried < options.count * TRIES_PER_OPENING {
        tried += 1;
        let (position, _) = random_plies(&options.start, options.plies, options.rule_set, &mut rng);
        if position.status() != Status::Ongoing || kept.contains(&position.to_string()) {
            continue;
        }
        if judge.value(&position, options.depth).abs() <= options.margin {
            writeln!(output, "{position}")?;
            kept.insert(position.to_string());
        }
    }
    Ok((kept.len(), tried))
}

/// What is wrong with an openings file.
#[derive(Debug)]
pub enum OpeningsError {
    /// It cannot be read.
    Read(io::Error),
    /// A line, from 1, is no position.
    Line(usize, FenError),
    /// It holds no opening.
    Empty,
}

impl OpeningsError {
    /// The error, said of the openings file `path`.
    pub fn of_file(&self, path: &Path) -> String {
        match self {
            OpeningsError::Read(error) => format!("cannot read {}: {error}", path.display()),
            OpeningsError::Line(line, error) => format!("{} line {line}: {error}", path.display()),
            OpeningsError::Empty => format!("{} holds no opening", path.display()),
        }
    }
}

/// The start positions of an openings file: one FEN a line, blank lines
/// and lines starting with `#` passed over; or why it cannot be used.
pub(super) fn read_openings(
    path: &Path,
    rule_set: RuleSet,
) -> Result<Vec<Position>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(OpeningsError::Read)?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = Position::from_fen(line, rule_set, Reach::Game)
            .map_err(|error| OpeningsError::Line(number + 1, error))?;
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_plies_never_decide_the_game() {
        // White's lion can take black's at once: no opening may do it.
        let start: Position = "3l3/7/7/7/7/P6/3L3 w 0".parse().unwrap();
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let (position, plies) = random_plies(&start, 3, RuleSet::default(), &mut rng);
            assert_eq!(position.status(), Status::Ongoing, "{plies:?}");
            assert!(!plies.contains(&"d1d7".to_owned()), "{plies:?}");
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "{plies:?}");
        }
    }

    fn options(count: usize, margin: i32) -> OpeningOptions {
        OpeningOptions {
            count,
            start: congo_rules::START.parse().unwrap(),
            rule_set: RuleSet::default(),
            plies: 6,
            depth: 2,
            margin,
            seed: 7,
        }
    }

    #[test]
    fn openings_are_distinct_balanced_and_reproducible() {
        let mut text = Vec::new();
        write_openings(&options(20, 100), &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.remove(0),
            "# congo openings 20 --fen \"g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0\" --plies 6 --depth 2 --margin 100 --seed 7"
        );
        assert_eq!(lines.len(), 20);
        assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 20);
        for line in &lines {
            let position: Position = line.parse().unwrap();
            // Six plies from the start: white to move, move 3.
            assert!(line.ends_with(" w 3"), "{line}");
            let value = congo_engine::assignment::search::negamax(
                &position,
                2,
                RuleSet::default(),
                Evaluation::Advanced,
            );
            assert!(value.abs() <= 100, "{line}: {value}");
        }
        let mut again = Vec::new();
        write_openings(&options(20, 100), &mut again).unwrap();
        assert_eq!(String::from_utf8(again).unwrap(), text);
    }

    #[test]
    fn an_unmeetable_margin_gives_up_after_its_tries() {
        // No score meets a negative margin: nothing is written, and the
        // tries stop.
        let mut text = Vec::new();
        let written = write_openings(&options(3, -1), &mut text).unwrap();
        assert_eq!(text.iter().filter(|&&byte| byte == b'\n').count(), 1);
        assert_eq!(written, (0, 3 * TRIES_PER_OPENING));
    }
}
