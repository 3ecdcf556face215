//! Which positions congo accepts: those a game can reach (no side with
//! more of a kind than it starts with, lions in their castles, no monkey
//! with millions of jump chains), or with `--any-position` any whose
//! pieces fit the board; and what the rule set adds (no superpawn in
//! 2021, checked by [`RuleSet::check`]). Every position read passes these
//! checks ([`Position::validate`]), so that move generation, perft and the
//! searches only ever see bounded work.

use super::Position;
use super::fen_error::FenError;
use crate::geometry::castle_of;
use crate::rule_set::RuleSet;
use crate::{Bitboard, Color, Kind, Piece, Square, movegen};

/// Which positions a reader accepts.
///
/// ```
/// use congo_rules::{Position, Reach, RuleSet};
///
/// let two_zebras = "3l3/7/7/7/7/7/Z2L2Z w 1";
/// assert!(Position::from_fen(two_zebras, RuleSet::Wits2022, Reach::Game).is_err());
/// assert!(Position::from_fen(two_zebras, RuleSet::Wits2022, Reach::Any).is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Only positions a game can reach: no side with more of a kind than
    /// it starts with, lions in their castles (the default).
    #[default]
    Game,
    /// Any position whose pieces fit the board (`--any-position`), for
    /// boards made up by hand: still one lion a side where the rules let
    /// it stand, and no monkey with more than [`MAX_CHAINS`] chains.
    Any,
}

/// The squares off the board's edge: the only ones a piece can be jumped on.
const INNER: Bitboard = {
    let mut bits = 0u64;
    let mut file = 1;
    while file < Square::SIDE - 1 {
        let mut rank = 1;
        while rank < Square::SIDE - 1 {
            bits |= 1 << (file as u64 * Square::SIDE as u64 + rank as u64);
            rank += 1;
        }
        file += 1;
    }
    Bitboard(bits)
};

/// The most jump chains a monkey may have: far more than real games show
/// (a few dozen), few enough that its move list stays small.
///
/// ```
/// use congo_rules::{FenError, MAX_CHAINS, Position, Reach, RuleSet};
///
/// // A monkey on a1 among enemies with over a million jump chains.
/// let fen = "1s1l3/1mg4/1z1e3/pspss2/1s1c3/ppspps1/Mp1L1e1 w 1";
/// let error = Position::from_fen(fen, RuleSet::Wits2022, Reach::Any).unwrap_err();
/// assert_eq!(error, FenError::TooManyChains { square: "a1".parse()?, max: MAX_CHAINS });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_CHAINS: u32 = 100_000;

/// The most enemy pieces a monkey can have to jump (off the edge squares)
/// and still be sure to stay under [`MAX_CHAINS`] without counting: a
/// chain jumps distinct pieces in an order they fix, so with n of them
/// there are at most n + n(n-1) + ... + n! chains.
const SURELY_FEW_CHAINS: u32 = 7;

/// Whether `squares` holds at most `max` squares: `max` times the lowest
/// square taken away, which is cheaper than a population count where the
/// CPU has no instruction for it (the portable build's baseline).
fn at_most(squares: Bitboard, max: u32) -> bool {
    let mut bits = squares.0;
    for _ in 0..max {
        bits &= bits.wrapping_sub(1);
    }
    bits == 0
}

impl Position {
    /// Checks what no game can reach under any rules: more pieces of a
    /// kind than a side starts with, or a lion outside its castle (a lion
    /// that has taken the enemy lion stands in the enemy castle). Every
    /// parsed position passes this, so move generation, perft and search
    /// only ever see bounded work: a monkey has at most 21 pieces to jump and
    /// at most [`MAX_CHAINS`] chains.
    fn check_reachable(&self) -> Result<(), FenError> {
        if self.plainly_reachable() {
            return Ok(());
        }
        self.find_unreachable()
    }

    /// [`Position::check_reachable`] for [`Reach::Game`]; for
    /// [`Reach::Any`] only the lions' squares and the monkeys' chains are
    /// checked, so that any number of pieces that fits the board passes.
    fn check_reach(&self, reach: Reach) -> Result<(), FenError> {
        match reach {
            Reach::Game => self.check_reachable(),
            Reach::Any => {
                self.check_lions()?;
                self.check_chains()
            }
        }
    }

    /// The common case, checked with no branch per kind: every count in
    /// bounds, every lion where it may stand, and no monkey with enough
    /// enemies to jump that its chains need counting.
    fn plainly_reachable(&self) -> bool {
        let board = &self.board;
        let mut fits = true;
        for kind in Kind::ALL {
            let max = kind.most_per_side();
            for color in Color::ALL {
                fits &= at_most(board.pieces(Piece::new(color, kind)), max);
            }
        }
        for color in Color::ALL {
            let lions = board.pieces(Piece::new(color, Kind::Lion));
            let enemy_lion_gone = board.pieces(Piece::new(!color, Kind::Lion)).is_empty();
            let allowed = if enemy_lion_gone {
                Bitboard(castle_of(color).0 | castle_of(!color).0)
            } else {
                castle_of(color)
            };
            fits &= (lions & !allowed).is_empty();
            let monkeys = board.pieces(Piece::new(color, Kind::Monkey));
            fits &=
                monkeys.is_empty() || at_most(board.by_color(!color) & INNER, SURELY_FEW_CHAINS);
        }
        fits
    }

    /// The first reason the position is unreachable, if there is one; the
    /// slow path of [`Position::check_reachable`].
    fn find_unreachable(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let count = |kind| self.board.pieces(Piece::new(color, kind)).count();
            for kind in Kind::ALL {
                let (count, max) = (count(kind), kind.most_per_side());
                if count > max {
                    let piece = Piece::new(color, kind);
                    return Err(FenError::TooMany { piece, count, max });
                }
            }
        }
        self.check_lions()?;
        // Rare, but a monkey among many enemies can have millions of
        // chains: more than a move list (or a judge's line) should hold.
        // Checked last, as the counts above already rule out the worst.
        self.check_chains()
    }

    /// At most one lion a side, in its castle, or in the enemy castle once
    /// it has taken the enemy lion.
    fn check_lions(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let lion = Piece::new(color, Kind::Lion);
            let lions = self.board.pieces(lion);
            if lions.count() > 1 {
                let (count, max) = (lions.count(), Kind::Lion.most_per_side());
                return Err(FenError::TooMany {
                    piece: lion,
                    count,
                    max,
                });
            }
            let enemy_lion_gone = self.board.pieces(Piece::new(!color, Kind::Lion)).is_empty();
            for square in lions {
                let home = castle_of(color).contains(square);
                let took_the_enemy = enemy_lion_gone && castle_of(!color).contains(square);
                if !home && !took_the_enemy {
                    return Err(FenError::LionOutsideCastle { color, square });
                }
            }
        }
        Ok(())
    }

    /// No monkey with more than [`MAX_CHAINS`] jump chains.
    fn check_chains(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            // Most positions need no counting.
            let jumpable = (self.board.by_color(!color) & INNER).count();
            if jumpable <= SURELY_FEW_CHAINS {
                continue;
            }
            for square in self.board.pieces(Piece::new(color, Kind::Monkey)) {
                if movegen::monkey_has_more_chains_than(&self.board, color, square, MAX_CHAINS) {
                    return Err(FenError::TooManyChains {
                        square,
                        max: MAX_CHAINS,
                    });
                }
            }
        }
        Ok(())
    }

    /// Checks that `reach` accepts the position and `rule_set` allows it:
    /// what [`Position::read_fen`] checks of every position it reads, and
    /// what a position built by hand must pass before it is played.
    ///
    /// ```
    /// use congo_rules::{Color, Kind, Piece, Position, Reach, RuleSet};
    ///
    /// let mut position: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
    /// position.board.put("a1".parse()?, Piece::new(Color::White, Kind::Superpawn));
    /// assert_eq!(position.validate(RuleSet::Wits2022, Reach::Game), Ok(()));
    /// assert!(position.validate(RuleSet::Wits2021, Reach::Game).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, rule_set: RuleSet, reach: Reach) -> Result<(), FenError> {
        self.check_reach(reach)?;
        rule_set.check(&self.board).map_err(FenError::RuleSet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn the_quick_check_never_passes_what_the_full_one_rejects() {
        let mut rng = crate::random::Rng::new(41);
        let (mut rejected, mut accepted) = (0, 0);
        for round in 0..20_000 {
            let mut board = Board::empty();
            for square in Square::all() {
                if rng.percent(3 + round % 30) {
                    let color = if rng.percent(50) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = Kind::ALL[rng.below(8) as usize];
                    board.put(square, Piece::new(color, kind));
                }
            }
            let position = Position {
                board,
                side: Color::White,
                move_number: 0,
            };
            let full = position.find_unreachable();
            if position.plainly_reachable() {
                assert_eq!(full, Ok(()), "{position}");
            }
            assert_eq!(position.check_reachable(), full, "{position}");
            rejected += usize::from(full.is_err());
            accepted += usize::from(full.is_ok());
        }
        assert!(rejected > 1000 && accepted > 1000, "{rejected} {accepted}");
    }

    #[test]
    fn only_squares_off_the_edge_can_be_jumped_on() {
        assert_eq!(INNER.count(), 25);
        for square in Square::all() {
            let edge = [square.file(), square.rank()]
                .iter()
                .any(|&line| line == 0 || line == Square::SIDE - 1);
            assert_eq!(INNER.contains(square), !edge, "{square}");
        }
    }
}
