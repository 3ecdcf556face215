//! The crosstable: what each pair scored against each other. A cell is
//! written score against score (`2-0`, `1½-½`, `1-1`), so that no cell
//! reads as a single game's result: `1/2` would pass for a draw.

use super::ratings::Result;

/// Each pair's points and games.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    /// `pairs[a][b]`: what `a` scored against `b`, and over how many games.
    pairs: Vec<Vec<(f64, usize)>>,
}

impl Crosstable {
    /// The crosstable of `players` after `games`.
    pub fn of(players: usize, games: &[Result]) -> Crosstable {
        let mut pairs = vec![vec![(0.0, 0); players]; players];
        for game in games {
            let (first, second) = (game.first, game.second);
            pairs[first][second].0 += game.first_points;
            pairs[first][second].1 += 1;
            pairs[second][first].0 += 1.0 - game.first_points;
            pairs[second][first].1 += 1;
        }
        Crosstable { pairs }
    }

    /// What `a` scored against `b`, what `b` scored against `a`, and
    /// their games.
    pub fn pair(&self, a: usize, b: usize) -> (f64, f64, usize) {
        let (points, games) = self.pairs[a][b];
        (points, games as f64 - points, games)
    }

    /// The cell of `a` against `b`: `1½-½`; `None` if they have not met.
    pub fn cell(&self, a: usize, b: usize) -> Option<String> {
        let (mine, theirs, games) = self.pair(a, b);
        (a != b && games > 0).then(|| format!("{}-{}", as_written(mine), as_written(theirs)))
    }
}

/// Points as players write them: `3`, `2½`, `½`; a Sonneborn-Berger
/// score may end in a quarter (`10¾`).
pub fn as_written(points: f64) -> String {
    let whole = points.trunc();
    let quarters = ((points - whole) * 4.0).round() as usize;
    let fraction = ["", "¼", "½", "¾"].get(quarters).copied().unwrap_or("");
    match (whole, fraction) {
        (0.0, "") => "0".to_owned(),
        (0.0, _) => fraction.to_owned(),
        _ => format!("{whole:.0}{fraction}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_score_against_score() {
        let game = |first, first_points| Result::new(first, 1 - first, first_points);
        let table = Crosstable::of(3, &[game(0, 1.0), game(1, 0.5)]);
        assert_eq!(table.cell(0, 1).as_deref(), Some("1½-½"));
        assert_eq!(table.cell(1, 0).as_deref(), Some("½-1½"));
        assert_eq!(table.cell(0, 2), None);
        assert_eq!(table.cell(0, 0), None);
        let even = Crosstable::of(2, &[game(0, 0.0), game(1, 0.0)]);
        assert_eq!(even.cell(0, 1).as_deref(), Some("1-1"));
        assert_eq!(as_written(2.0), "2");
        assert_eq!(as_written(0.0), "0");
        assert_eq!(as_written(10.75), "10¾");
        assert_eq!(as_written(0.25), "¼");
    }
}
