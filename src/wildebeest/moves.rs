//! Every legal move, each turned at once into its successor board.

use super::board::{Board, EMPTY, JET_PACK, SIZE, owner};
use super::effects::after_move;
use crate::Color;
use crate::tables::{DIRECTIONS, KNIGHT_OFFSETS};

const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const STRAIGHT: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The square `step` (rows, columns) away from `at`.
pub(super) fn add((row, column): (i32, i32), (rows, columns): (i8, i8)) -> (i32, i32) {
    (row + i32::from(rows), column + i32::from(columns))
}

fn on_board((row, column): (i32, i32)) -> bool {
    (0..SIZE).contains(&row) && (0..SIZE).contains(&column)
}

/// Whether `piece` (a board letter) is of kind `kind` (uppercase letter).
pub(super) fn is(piece: u8, kind: u8) -> bool {
    piece.to_ascii_uppercase() == kind
}

/// The golf cart and the time machine are machines: they cannot be
/// poisoned or paralyzed.
pub(super) fn is_biological(piece: u8) -> bool {
    piece != EMPTY && !is(piece, b'X') && !is(piece, b'H')
}

/// Whether the piece on `at` is paralyzed: next to an enemy beekeeper.
fn paralyzed(board: &Board, at: (i32, i32), piece: u8) -> bool {
    let side = owner(piece);
    is_biological(piece)
        && DIRECTIONS.iter().any(|&step| {
            board.get(add(at, step)).is_some_and(|other| {
                is(other, b'Z') && owner(other) != side && owner(other).is_some()
            })
        })
}

/// All successor boards of `board`, one per legal move (two moves may give
/// the same board), sorted by their one-line form.
pub fn successors(board: &Board) -> Vec<Board> {
    let mut boards = Vec::new();
    unsorted_successors(board, &mut boards);
    boards.sort_by_cached_key(Board::line);
    boards
}

/// Appends the successor boards of `board` in the order they are found:
/// what perft needs, with no text made.
fn unsorted_successors(board: &Board, boards: &mut Vec<Board>) {
    let first = boards.len();
    let side = board.side;
    moved_boards(board, boards);
    for next in &mut boards[first..] {
        after_move(next);
        next.side = !side;
    }
}

/// Where the moves of a position go: listed as boards, or only counted.
trait Sink {
    /// Takes one move, whose board `make` would build.
    fn add(&mut self, make: impl FnOnce() -> Board);
}

impl Sink for Vec<Board> {
    fn add(&mut self, make: impl FnOnce() -> Board) {
        self.push(make());
    }
}

/// Counts moves without building their boards.
struct Counter(u64);

impl Sink for Counter {
    fn add(&mut self, _make: impl FnOnce() -> Board) {
        self.0 += 1;
    }
}

/// Hands each legal move to `found`, as the board with the piece moved but
/// no after effect applied yet (they change no count: one board a move).
fn moved_boards(board: &Board, found: &mut impl Sink) {
    let side = board.side;
    for at in board.squares_holding(|p| owner(p) == Some(side)) {
        let Some(piece) = board.get(at) else {
            continue;
        };
        if !paralyzed(board, at, piece) {
            piece_moves(board, at, piece, found);
        }
    }
}

/// Two-player Wildebeest as a [`Game`](crate::game::Game): a move is named
/// by the board it leads to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wildebeest;

impl crate::game::Game for Wildebeest {
    type Position = Board;
    type Move = Board;

    fn moves(&self, board: &Board, moves: &mut Vec<Board>) {
        unsorted_successors(board, moves);
    }

    fn play(&self, _board: &Board, next: &Board) -> Board {
        next.clone()
    }

    /// The moves counted before their after effects, which only the
    /// boards that are expanded further need.
    fn count_moves(&self, board: &Board, _scratch: &mut Vec<Board>) -> u64 {
        let mut counter = Counter(0);
        moved_boards(board, &mut counter);
        counter.0
    }
}

/// The number of move sequences `depth` moves deep, each move counted once
/// even where two give the same board. As in the course programs, whose
/// numbers this matches, a board without a king is expanded like any other.
pub fn perft(board: &Board, depth: u32) -> u64 {
    crate::game::perft(&Wildebeest, board, depth)
}

/// What may stand on a square a piece moves to: nothing, or an enemy that
/// can be taken (a gorilla cannot).
fn takeable(board: &Board, at: (i32, i32), side: Color) -> bool {
    match board.get(at) {
        Some(EMPTY) => true,
        Some(piece) => owner(piece) == Some(!side) && !is(piece, b'G'),
        None => false,
    }
}

/// The board after the piece on `from` moves to `to` (taking what is there).
fn moved(board: &Board, from: (i32, i32), to: (i32, i32)) -> Board {
    let mut next = board.clone();
    let piece = board.get(from).unwrap_or(EMPTY);
    next.set(from, EMPTY);
    next.set(to, piece);
    next
}

fn piece_moves<S: Sink>(board: &Board, at: (i32, i32), piece: u8, found: &mut S) {
    let side = board.side;
    let step = |to: (i32, i32), found: &mut S| {
        if takeable(board, to, side) {
            found.add(|| moved(board, at, to));
        }
    };
    match piece.to_ascii_uppercase() {
        b'O' | b'J' | b'Z' | b'K' => DIRECTIONS.iter().for_each(|&d| step(add(at, d), found)),
        b'S' | b'C' => {
            for d in DIRECTIONS {
                if board.get(add(at, d)) == Some(EMPTY) {
                    found.add(|| moved(board, at, add(at, d)));
                }
            }
            if is(piece, b'C') {
                flings(board, at, found);
            }
        }
        b'G' => gorilla(board, at, found),
        // The golf cart moves only along the first and last rows.
        b'X' if at.0 == 0 || at.0 == SIZE - 1 => {
            [(0, -1), (0, 1)]
                .iter()
                .for_each(|&d| step(add(at, d), found));
        }
        b'N' => KNIGHT_OFFSETS.iter().for_each(|&d| step(add(at, d), found)),
        b'B' | b'W' => slides(board, at, &DIAGONALS, found),
        b'R' => slides(board, at, &STRAIGHT, found),
        b'E' => {
            slides(board, at, &DIAGONALS, found);
            slides(board, at, &STRAIGHT, found);
            KNIGHT_OFFSETS.iter().for_each(|&d| step(add(at, d), found));
        }
        b'P' => pawn(board, at, found),
        _ => {} // The time machine never moves, nor a cart off its rows.
    }
}

/// Rook, bishop, queen: along each direction over empty squares, ending on
/// an empty square or an enemy that can be taken. The one ray walk every
/// slider shares.
fn slides(board: &Board, at: (i32, i32), directions: &[(i8, i8)], found: &mut impl Sink) {
    for &d in directions {
        let mut to = add(at, d);
        while let Some(square) = board.get(to) {
            if square == EMPTY {
                found.add(|| moved(board, at, to));
            } else {
                if takeable(board, to, board.side) {
                    found.add(|| moved(board, at, to));
                }
                break;
            }
            to = add(to, d);
        }
    }
}

fn pawn(board: &Board, at: (i32, i32), found: &mut impl Sink) {
    let side = board.side;
    let forward = side.forward();
    let one = add(at, (forward, 0));
    if board.get(one) == Some(EMPTY) {
        found.add(|| moved(board, at, one));
        let start_row = if side == Color::White { 1 } else { SIZE - 2 };
        let two = add(at, (2 * forward, 0));
        if at.0 == start_row && board.get(two) == Some(EMPTY) {
            found.add(|| moved(board, at, two));
        }
    }
    for column in [-1, 1] {
        let to = add(at, (forward, column));
        if board.get(to).is_some_and(|p| p != EMPTY) && takeable(board, to, side) {
            found.add(|| moved(board, at, to));
        }
    }
}

/// The gorilla steps onto an empty square, or pushes the (non-gorilla)
/// piece next to it one square on, taking whatever stood there; nothing is
/// pushed off the board.
fn gorilla(board: &Board, at: (i32, i32), found: &mut impl Sink) {
    for d in DIRECTIONS {
        let to = add(at, d);
        match board.get(to) {
            Some(EMPTY) => found.add(|| moved(board, at, to)),
            Some(pushed) if !is(pushed, b'G') => {
                let beyond = add(to, d);
                if on_board(beyond) && !board.get(beyond).is_some_and(|p| is(p, b'G')) {
                    let mut next = moved(board, to, beyond);
                    next.set(to, board.get(at).unwrap_or(EMPTY));
                    next.set(at, EMPTY);
                    found.add(|| next);
                }
            }
            _ => {}
        }
    }
}

/// A catapult flings a friend next to it (not the time machine) over
/// itself, any distance along the same line, onto an empty square or an
/// enemy other than a king or a gorilla.
fn flings(board: &Board, at: (i32, i32), found: &mut impl Sink) {
    let side = board.side;
    for d in DIRECTIONS {
        let from = add(at, d);
        let Some(friend) = board
            .get(from)
            .filter(|&p| owner(p) == Some(side) && !is(p, b'H'))
        else {
            continue;
        };
        let back = (-d.0, -d.1);
        let mut to = add(at, back);
        while let Some(square) = board.get(to) {
            let lands = square == EMPTY
                || (owner(square) == Some(!side)
                    && !is(square, b'K')
                    && !is(square, b'W')
                    && !is(square, b'G'));
            if lands {
                let mut next = board.clone();
                next.set(from, EMPTY);
                next.set(to, friend);
                found.add(|| next);
            }
            to = add(to, back);
        }
    }
}

/// Whether a king stands on the jet pack (it becomes a king with a jet pack).
pub(super) fn on_jet_pack(board: &Board) -> Option<u8> {
    board.get(JET_PACK).filter(|&p| p == b'K' || p == b'k')
}
