//! Move generation, one file per piece kind.
//!
//! Every piece but the monkey moves from one square to one other, so its
//! generator is a function returning the set of target squares. Walking the
//! pieces and then their targets in square-index order yields moves already
//! sorted as strings, with no sort and no duplicates.

mod crocodile;
mod elephant;
mod giraffe;
mod lion;
mod monkey;
mod origins;
mod pawn;
mod zebra;

use std::convert::Infallible;
use std::ops::ControlFlow;

use crate::{Bitboard, Board, Color, Kind, Piece, Square};

pub use crate::moves::{Jumps, Move};
pub use monkey::CHAINS_PER_CHECK;
pub(crate) use monkey::chains as monkey_chains;
pub use origins::{may_be_blocked, origins};

/// A `go_on` that always goes on: generation with no deadline.
fn never_stop() -> ControlFlow<Infallible> {
    ControlFlow::Continue(())
}

/// Appends the moves of every `kind` piece of `side`, sorted as strings.
///
/// ```
/// use congo_rules::{movegen, Kind, Position};
///
/// let position: Position = "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23".parse().unwrap();
/// let mut moves = Vec::new();
/// movegen::piece_moves(&position.board, position.side, Kind::Zebra, &mut moves);
/// let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(texts, ["e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6"]);
/// ```
pub fn piece_moves(board: &Board, side: Color, kind: Kind, moves: &mut Vec<Move>) {
    for from in board.pieces(Piece::new(side, kind)) {
        moves_from(board, side, kind, from, moves);
    }
}

/// Appends every move of the `side` pieces, sorted as strings.
///
/// ```
/// use congo_rules::{Position, START, movegen};
///
/// let start: Position = START.parse()?;
/// let mut moves = Vec::new();
/// movegen::all_moves(&start.board, start.side, &mut moves);
/// assert_eq!(moves.len(), 26);
/// assert!(moves.is_sorted());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn all_moves(board: &Board, side: Color, moves: &mut Vec<Move>) {
    for from in board.by_color(side) {
        if let Some(piece) = board.piece_at(from) {
            moves_from(board, side, piece.kind, from, moves);
        }
    }
}

/// Every move of the `side` pieces, like [`all_moves`], for a searcher
/// with a deadline: `go_on` is asked every [`CHAINS_PER_CHECK`] monkey
/// chains whether to go on, since one monkey may have over a million; on
/// `Break` the list is left partial, every move in it legal. A monkey's
/// moves come in the order they are found, not sorted: sorting a million
/// chains as text takes a second, and a searcher orders moves its own way.
///
/// ```
/// use std::ops::ControlFlow;
/// use congo_rules::{Position, movegen};
///
/// // A monkey on b2 with one jump, over c3 to d4: too few chains to ask about.
/// let position: Position = "3l3/7/7/7/2p4/1M5/3L3 w 1".parse()?;
/// let (mut moves, mut asked) = (Vec::new(), 0);
/// let flow = movegen::all_moves_until(&position.board, position.side, &mut moves, &mut || {
///     asked += 1;
///     ControlFlow::Break(())
/// });
/// assert!(flow.is_continue() && asked == 0);
/// assert!(moves.iter().any(|m| m.to_string() == "b2d4"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn all_moves_until<B>(
    board: &Board,
    side: Color,
    moves: &mut Vec<Move>,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B> {
    for from in board.by_color(side) {
        match board.piece_at(from) {
            Some(piece) if piece.kind == Kind::Monkey => {
                monkey::moves(board, side, from, moves, go_on)?;
            }
            Some(piece) => moves_from(board, side, piece.kind, from, moves),
            None => {}
        }
    }
    ControlFlow::Continue(())
}

/// Counts of a side's moves, made without listing them.
///
/// ```
/// use congo_rules::{Position, movegen::{self, Tally}};
///
/// // The white lion's five steps and its flight onto the black lion.
/// let position: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
/// let tally = movegen::tally(&position.board, position.side);
/// assert_eq!(tally, Tally { moves: 6, captures: 1, lion_captures: 1 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Every move.
    pub moves: u32,
    /// Moves that land on an enemy piece.
    pub captures: u32,
    /// Moves that land on the enemy lion.
    pub lion_captures: u32,
}

/// Counts the moves of the `side` pieces. A monkey's moves always land on
/// empty squares (its jumps capture the pieces between), so none of them
/// counts as landing on an enemy piece.
///
/// ```
/// use congo_rules::{Position, START, movegen};
///
/// let start: Position = START.parse()?;
/// let tally = movegen::tally(&start.board, start.side);
/// assert_eq!((tally.moves, tally.captures, tally.lion_captures), (26, 0, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tally(board: &Board, side: Color) -> Tally {
    match tally_until(board, side, &mut never_stop) {
        ControlFlow::Continue(tally) => tally,
        ControlFlow::Break(never) => match never {},
    }
}

/// [`tally`] for a caller with a deadline, asking `go_on` as
/// [`all_moves_until`] does.
///
/// ```
/// use std::ops::ControlFlow;
/// use congo_rules::{Position, START, movegen};
///
/// let start: Position = START.parse()?;
/// let mut go_on = || ControlFlow::<()>::Continue(());
/// let tally = movegen::tally_until(&start.board, start.side, &mut go_on);
/// assert_eq!(tally, ControlFlow::Continue(movegen::tally(&start.board, start.side)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tally_until<B>(
    board: &Board,
    side: Color,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
) -> ControlFlow<B, Tally> {
    let enemies = board.by_color(!side);
    let enemy_lions = board.pieces(Piece::new(!side, Kind::Lion));
    let mut tally = Tally::default();
    for_each_target_set(board, side, Kind::ALL, go_on, |targets, chains| {
        tally.moves += targets.count() + chains;
        tally.captures += (targets & enemies).count();
        tally.lion_captures += (targets & enemy_lions).count();
    })?;
    ControlFlow::Continue(tally)
}

/// Whether a `side` piece can land on `square`: [`tally`]'s test for a
/// capture there, without counting every move (a monkey's steps land
/// only on empty squares, and its jumps on none).
///
/// ```
/// use congo_rules::{Color, Position, movegen};
///
/// // The black zebra on c3 leaps onto the white lion.
/// let position: Position = "4l2/7/7/7/2z4/7/3L3 w 1".parse()?;
/// let d1 = "d1".parse()?;
/// assert!(movegen::lands_on(&position.board, Color::Black, d1));
/// assert!(!movegen::lands_on(&position.board, Color::Black, "a1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn lands_on(board: &Board, side: Color, square: Square) -> bool {
    Kind::ALL
        .into_iter()
        .filter(|&kind| kind != Kind::Monkey)
        .any(|kind| {
            board
                .pieces(Piece::new(side, kind))
                .into_iter()
                .any(|from| targets(board, side, kind, from).contains(square))
        })
}

/// Whether a piece of the other side can land on `side`'s lion: it may
/// be taken at the next move.
///
/// ```
/// use congo_rules::{Color, Position, movegen};
///
/// let position: Position = "4l2/7/7/7/2z4/7/3L3 w 1".parse()?;
/// assert!(movegen::lion_attacked(&position.board, Color::White));
/// assert!(!movegen::lion_attacked(&position.board, Color::Black));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn lion_attacked(board: &Board, side: Color) -> bool {
    board
        .pieces(Piece::new(side, Kind::Lion))
        .into_iter()
        .any(|lion| lands_on(board, !side, lion))
}

/// The number of moves of the `side` pieces: [`tally`]'s first count
/// alone, what perft's last ply needs. The pawns, often the most pieces,
/// are counted all together.
///
/// ```
/// use congo_rules::{Position, START, movegen};
///
/// let start: Position = START.parse()?;
/// assert_eq!(movegen::move_count(&start.board, start.side), 26);
/// assert_eq!(movegen::move_count(&start.board, !start.side), 26);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_count(board: &Board, side: Color) -> u32 {
    let mut moves = pawn::pawn_move_count(board, side);
    let others = Kind::ALL.into_iter().filter(|&kind| kind != Kind::Pawn);
    let _ = for_each_target_set(board, side, others, &mut never_stop, |targets, chains| {
        moves += targets.count() + chains;
    });
    moves
}

/// Hands `found` the target squares of each `side` piece of `kinds`, with
/// the number of jump chains for a monkey (0 for the others), while
/// `go_on` lets the chain counting go on.
fn for_each_target_set<B>(
    board: &Board,
    side: Color,
    kinds: impl IntoIterator<Item = Kind>,
    go_on: &mut impl FnMut() -> ControlFlow<B>,
    mut found: impl FnMut(Bitboard, u32),
) -> ControlFlow<B> {
    for kind in kinds {
        for from in board.pieces(Piece::new(side, kind)) {
            let chains = match kind {
                Kind::Monkey => monkey::chain_count(board, side, from, go_on)?,
                _ => 0,
            };
            found(targets(board, side, kind, from), chains);
        }
    }
    ControlFlow::Continue(())
}

/// Whether a monkey of `side` has an enemy beside it: only then can it
/// have jump chains, and only then can listing or counting its moves take
/// long (see [`all_moves_until`]).
///
/// ```
/// use congo_rules::{Color, Position, START, movegen};
///
/// let position: Position = "3l3/7/7/7/2p4/1M5/3L3 w 1".parse()?;
/// assert!(movegen::monkeys_may_jump(&position.board, Color::White));
/// let start: Position = START.parse()?; // no monkey at all
/// assert!(!movegen::monkeys_may_jump(&start.board, Color::White));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn monkeys_may_jump(board: &Board, side: Color) -> bool {
    let enemies = board.by_color(!side);
    board
        .pieces(Piece::new(side, Kind::Monkey))
        .into_iter()
        .any(|from| !(crate::geometry::KING_STEPS[from.index()] & enemies).is_empty())
}

/// Whether the monkey of `side` on `from` has more than `limit` jump
/// chains (counting stops past the limit).
///
/// ```
/// use congo_rules::{Position, Square, movegen};
///
/// // b3 over c4 to d5, then over e4 to f3: two chains, b3d5 and b3d5f3.
/// let position: Position = "3l3/7/7/2p1p2/1M5/7/3L3 w 1".parse()?;
/// let b3: Square = "b3".parse()?;
/// assert!(movegen::monkey_has_more_chains_than(&position.board, position.side, b3, 1));
/// assert!(!movegen::monkey_has_more_chains_than(&position.board, position.side, b3, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn monkey_has_more_chains_than(board: &Board, side: Color, from: Square, limit: u32) -> bool {
    monkey::has_more_chains_than(board, side, from, limit)
}

/// Appends the moves of the `kind` piece of `side` on `from`, sorted as strings.
///
/// ```
/// use congo_rules::{Kind, Position, movegen};
///
/// let position: Position = "3l3/7/7/7/7/7/C2L3 w 1".parse()?;
/// let mut moves = Vec::new();
/// movegen::moves_from(&position.board, position.side, Kind::Crocodile, "a1".parse()?, &mut moves);
/// let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(texts, ["a1a2", "a1a3", "a1a4", "a1b1", "a1b2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn moves_from(board: &Board, side: Color, kind: Kind, from: Square, moves: &mut Vec<Move>) {
    if kind == Kind::Monkey {
        let first = moves.len();
        let _ = monkey::moves(board, side, from, moves, &mut never_stop);
        moves[first..].sort_unstable();
        return;
    }
    moves.extend(
        targets(board, side, kind, from)
            .into_iter()
            .map(|to| Move::new(from, to)),
    );
}

/// The target squares of the `kind` piece of `side` on `from`; a monkey's
/// are its quiet steps only (its jumps are chains, see [`moves_from`]).
/// Always inlined: in the counting loops `kind` is then known and the
/// match goes away; as a call, it was a fifth of perft's time.
///
/// ```
/// use congo_rules::{Board, Color, Kind, movegen};
///
/// // The zebra on e1 takes the pawn on f3; d1 holds its own lion.
/// let board: Board = "3l3/7/7/7/5p1/7/3LZ2".parse()?;
/// let targets = movegen::targets(&board, Color::White, Kind::Zebra, "e1".parse()?);
/// let names: Vec<String> = targets.into_iter().map(|square| square.to_string()).collect();
/// assert_eq!(names, ["c2", "d3", "f3", "g2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline(always)]
pub fn targets(board: &Board, side: Color, kind: Kind, from: Square) -> Bitboard {
    match kind {
        Kind::Monkey => monkey::steps(board, from),
        Kind::Lion => lion::targets(board, side, from),
        Kind::Zebra => zebra::targets(board, side, from),
        Kind::Giraffe => giraffe::targets(board, side, from),
        Kind::Elephant => elephant::targets(board, side, from),
        Kind::Crocodile => crocodile::targets(board, side, from),
        Kind::Pawn => pawn::pawn_targets(board, side, from),
        Kind::Superpawn => pawn::superpawn_targets(board, side, from),
    }
}

#[cfg(test)]
mod testing {
    use crate::{Board, Color, Kind};

    /// The judge's line for `kind` in the position `fen`. Only the board
    /// and the side are read, so that a generator can be tried on boards
    /// no game reaches (two zebras, a lion astray).
    pub(super) fn listed(fen: &str, kind: Kind) -> String {
        let mut fields = fen.split(' ');
        let board: Board = fields.next().unwrap_or_default().parse().unwrap();
        let side = match fields.next() {
            Some("b") => Color::Black,
            _ => Color::White,
        };
        let mut moves = Vec::new();
        super::piece_moves(&board, side, kind, &mut moves);
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{PositionShape, Rng, random_position};

    #[test]
    fn a_side_lands_on_the_enemy_lion_exactly_when_its_tally_counts_a_lion_capture() {
        let mut rng = Rng::new(11);
        let (mut attacked, mut safe) = (0, 0);
        for _ in 0..3000 {
            let position = random_position(&mut rng, &PositionShape::FULL);
            for side in Color::ALL {
                let lions = position.board.pieces(Piece::new(!side, Kind::Lion));
                let lands = lions
                    .into_iter()
                    .any(|lion| lands_on(&position.board, side, lion));
                assert_eq!(
                    lands,
                    tally(&position.board, side).lion_captures > 0,
                    "{position}"
                );
                *(if lands { &mut attacked } else { &mut safe }) += 1;
            }
        }
        assert!(attacked > 100 && safe > 100, "{attacked} {safe}");
    }
}
