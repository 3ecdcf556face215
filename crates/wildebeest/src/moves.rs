//! Every legal move, each turned at once into its successor board.

use super::board::Board;
use super::effects::after_move;
use super::piece::{Kind, Piece};
use super::square::{SIZE, Square};
use congo_rules::Color;
use congo_rules::geometry::{DIRECTIONS, KNIGHT_OFFSETS};

const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const STRAIGHT: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Whether `piece` is paralyzed: next to an enemy beekeeper.
fn paralyzed(board: &Board, at: Square, piece: Piece) -> bool {
    piece.kind.is_biological()
        && at.neighbours().any(|near| {
            board
                .get(near)
                .is_some_and(|other| other.kind == Kind::Beekeeper && other.color != piece.color)
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
    for (at, piece) in board.pieces(|piece| piece.color == side) {
        if !paralyzed(board, at, piece) {
            piece_moves(board, at, piece, found);
        }
    }
}

/// Two-player Wildebeest as [`BoardGame`](congo_rules::board_game::BoardGame): a move is named
/// by the board it leads to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wildebeest;

impl congo_rules::board_game::BoardGame for Wildebeest {
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

/// Boards on lines, in the one-line form; a move is written as the rows
/// of the board it leads to.
impl congo_rules::board_game::Notation for Wildebeest {
    type Error = super::LineError;

    fn read(&self, line: &[u8]) -> Result<Board, Self::Error> {
        Board::from_line(congo_kit::text::utf8(line)?)
    }

    fn write_move(&self, next: &Board, out: &mut Vec<u8>) {
        out.extend_from_slice(next.rows().as_bytes());
    }

    fn in_text_order(&self, moves: &mut [Board]) {
        moves.sort_by_cached_key(Board::rows);
    }
}

/// The number of move sequences `depth` moves deep, each move counted once
/// even where two give the same board. As in the course programs, whose
/// numbers this matches, a board without a king is expanded like any other.
pub fn perft(board: &Board, depth: u32) -> u64 {
    congo_rules::perft::count(&Wildebeest, board, depth)
}

/// Whether a piece of `side` may move to `at`: it is empty, or holds an
/// enemy that can be taken (a gorilla cannot).
fn takeable(board: &Board, at: Square, side: Color) -> bool {
    board
        .get(at)
        .is_none_or(|piece| piece.color != side && piece.kind != Kind::Gorilla)
}

/// The board after `piece` moves from `from` to `to` (taking what is there).
fn moved(board: &Board, from: Square, to: Square, piece: Piece) -> Board {
    let mut next = board.clone();
    next.set(from, None);
    next.set(to, Some(piece));
    next
}

fn piece_moves<S: Sink>(board: &Board, at: Square, piece: Piece, found: &mut S) {
    let side = piece.color;
    // A move to the square `step` away, where there is one to take.
    let step = |step: (i8, i8), found: &mut S| {
        if let Some(to) = at.offset(step).filter(|&to| takeable(board, to, side)) {
            found.add(|| moved(board, at, to, piece));
        }
    };
    match piece.kind {
        Kind::OldWoman | Kind::PrinceJoey | Kind::Beekeeper | Kind::King => {
            DIRECTIONS.iter().for_each(|&d| step(d, found));
        }
        Kind::Serpent | Kind::Catapult => {
            for to in at.neighbours().filter(|&to| board.get(to).is_none()) {
                found.add(|| moved(board, at, to, piece));
            }
            if piece.kind == Kind::Catapult {
                flings(board, at, side, found);
            }
        }
        Kind::Gorilla => gorilla(board, at, piece, found),
        // The golf cart moves only along the first and last rows.
        Kind::GolfCart if at.row() == 0 || at.row() == SIZE - 1 => {
            [(0, -1), (0, 1)].iter().for_each(|&d| step(d, found));
        }
        Kind::Knight => KNIGHT_OFFSETS.iter().for_each(|&d| step(d, found)),
        Kind::Bishop | Kind::JetPackKing => slides(board, at, piece, &DIAGONALS, found),
        Kind::Rook => slides(board, at, piece, &STRAIGHT, found),
        Kind::GrandEmpress => {
            slides(board, at, piece, &DIAGONALS, found);
            slides(board, at, piece, &STRAIGHT, found);
            KNIGHT_OFFSETS.iter().for_each(|&d| step(d, found));
        }
        Kind::Pawn => pawn(board, at, piece, found),
        // The time machine never moves, nor a cart off its rows.
        Kind::TimeMachine | Kind::GolfCart => {}
    }
}

/// The squares from `at` outwards in direction `step`, to the edge.
fn ray(at: Square, step: (i8, i8)) -> impl Iterator<Item = Square> {
    std::iter::successors(at.offset(step), move |square| square.offset(step))
}

/// Rook, bishop, queen: along each direction over empty squares, ending on
/// an empty square or an enemy that can be taken. The one ray walk every
/// slider shares.
fn slides(board: &Board, at: Square, piece: Piece, directions: &[(i8, i8)], found: &mut impl Sink) {
    for &d in directions {
        for to in ray(at, d) {
            let empty = board.get(to).is_none();
            if takeable(board, to, piece.color) {
                found.add(|| moved(board, at, to, piece));
            }
            if !empty {
                break;
            }
        }
    }
}

fn pawn(board: &Board, at: Square, piece: Piece, found: &mut impl Sink) {
    let side = piece.color;
    let forward = side.forward();
    let empty = |to: &Square| board.get(*to).is_none();
    if let Some(one) = at.offset((forward, 0)).filter(empty) {
        found.add(|| moved(board, at, one, piece));
        let start_row = if side == Color::White { 1 } else { SIZE - 2 };
        if at.row() == start_row
            && let Some(two) = one.offset((forward, 0)).filter(empty)
        {
            found.add(|| moved(board, at, two, piece));
        }
    }
    for column in [-1, 1] {
        if let Some(to) = at.offset((forward, column))
            && !empty(&to)
            && takeable(board, to, side)
        {
            found.add(|| moved(board, at, to, piece));
        }
    }
}

/// The gorilla steps onto an empty square, or pushes the (non-gorilla)
/// piece next to it one square on, taking whatever stood there; nothing is
/// pushed off the board.
fn gorilla(board: &Board, at: Square, gorilla: Piece, found: &mut impl Sink) {
    for d in DIRECTIONS {
        let Some(to) = at.offset(d) else {
            continue;
        };
        match board.get(to) {
            None => found.add(|| moved(board, at, to, gorilla)),
            Some(pushed) if pushed.kind != Kind::Gorilla => {
                if let Some(beyond) = to.offset(d)
                    && board.get(beyond).is_none_or(|p| p.kind != Kind::Gorilla)
                {
                    found.add(|| {
                        let mut next = moved(board, to, beyond, pushed);
                        next.set(to, Some(gorilla));
                        next.set(at, None);
                        next
                    });
                }
            }
            Some(_) => {}
        }
    }
}

/// A catapult flings a friend next to it (not the time machine) over
/// itself, any distance along the same line, onto an empty square or an
/// enemy other than a king or a gorilla.
fn flings(board: &Board, at: Square, side: Color, found: &mut impl Sink) {
    for d in DIRECTIONS {
        let Some((from, friend)) = at.offset(d).and_then(|from| {
            board
                .get(from)
                .filter(|p| p.color == side && p.kind != Kind::TimeMachine)
                .map(|friend| (from, friend))
        }) else {
            continue;
        };
        for to in ray(at, (-d.0, -d.1)) {
            let lands = board.get(to).is_none_or(|target| {
                target.color != side && !target.kind.is_king() && target.kind != Kind::Gorilla
            });
            if lands {
                found.add(|| moved(board, from, to, friend));
            }
        }
    }
}
