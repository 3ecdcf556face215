//! What happens once a move is made, in the order the rules give:
//! promotion, poison, charged golf carts, transporter pads, Prince Joey's
//! explosion, and poison again.

use super::board::{Board, EMPTY, JET_PACK, PADS, SIZE, owner};
use super::moves::{add, is, is_biological, on_jet_pack};
use crate::Color;
use crate::tables::DIRECTIONS;

/// The eight squares around `at` (some maybe off the board).
fn around(at: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
    DIRECTIONS.iter().map(move |&step| add(at, step))
}

/// Applies every after effect of the move just made on `board`.
pub(super) fn after_move(board: &mut Board) {
    promote(board);
    poison(board);
    charge_golf_carts(board);
    transport(board);
    explode(board);
    poison(board);
}

/// A pawn on the far row becomes a time machine; a king on the jet pack a
/// king with a jet pack.
fn promote(board: &mut Board) {
    for column in 0..SIZE {
        if board.get((SIZE - 1, column)) == Some(b'P') {
            board.set((SIZE - 1, column), b'H');
        }
        if board.get((0, column)) == Some(b'p') {
            board.set((0, column), b'h');
        }
    }
    if let Some(king) = on_jet_pack(board) {
        board.set(JET_PACK, if king == b'K' { b'W' } else { b'w' });
    }
}

/// The serpents and grand empresses of either side, by letter.
const POISONERS: [bool; 256] = {
    let mut table = [false; 256];
    table[b'S' as usize] = true;
    table[b's' as usize] = true;
    table[b'E' as usize] = true;
    table[b'e' as usize] = true;
    table
};

/// Every serpent and grand empress poisons the opposing biological pieces
/// next to it, all at once. A serpent that poisons a piece standing next
/// to an Old Woman of that piece's side is taken, and the Old Woman
/// becomes a Grand Empress.
fn poison(board: &mut Board) {
    // Squares as bits (row * 11 + column < 128), so that nothing is
    // allocated: this runs twice after every move.
    let bit = |(row, column): (i32, i32)| 1u128 << (row * SIZE + column);
    let (mut poisoned, mut spent_serpents, mut empresses) = (0u128, 0u128, 0u128);
    let poisoners = board.squares_holding(|p| POISONERS[usize::from(p)]);
    for at in poisoners {
        let Some(poisoner) = board.get(at) else {
            continue;
        };
        let enemy = owner(poisoner).map(|side: Color| !side);
        for victim_at in around(at) {
            let Some(victim) = board
                .get(victim_at)
                .filter(|&p| is_biological(p) && owner(p) == enemy)
            else {
                continue;
            };
            poisoned |= bit(victim_at);
            if is(poisoner, b'S') {
                for old_woman_at in around(victim_at) {
                    if board
                        .get(old_woman_at)
                        .is_some_and(|p| is(p, b'O') && owner(p) == owner(victim))
                    {
                        spent_serpents |= bit(at);
                        empresses |= bit(old_woman_at);
                    }
                }
            }
        }
    }
    if poisoned | spent_serpents | empresses == 0 {
        return;
    }
    let squares_of = |bits: u128| Board::squares().filter(move |&at| bits & bit(at) != 0);
    for at in squares_of(poisoned | spent_serpents) {
        board.set(at, EMPTY);
    }
    for at in squares_of(empresses) {
        if let Some(old_woman) = board.get(at).filter(|&p| is(p, b'O')) {
            board.set(at, if old_woman == b'O' { b'E' } else { b'e' });
        }
    }
}

/// A pawn on the middle row charges the opposing side's golf cart; a time
/// machine charges its own side's. A charged cart runs along its column to
/// the far end, taking every piece on the way; two charged carts in one
/// column clear it, themselves included.
fn charge_golf_carts(board: &mut Board) {
    let middle = SIZE / 2;
    let has = |board: &Board, piece: u8, row: Option<i32>| {
        Board::squares().any(|at| row.is_none_or(|r| at.0 == r) && board.get(at) == Some(piece))
    };
    let charged = |side: Color| {
        let (enemy_pawn, time_machine) = match side {
            Color::White => (b'p', b'H'),
            Color::Black => (b'P', b'h'),
        };
        has(board, enemy_pawn, Some(middle)) || has(board, time_machine, None)
    };
    let carts: Vec<((i32, i32), u8)> = Board::squares()
        .filter_map(|at| board.get(at).filter(|&p| is(p, b'X')).map(|p| (at, p)))
        .filter(|&(_, cart)| owner(cart).is_some_and(charged))
        .collect();
    let both_in_one_column =
        carts.len() == 2 && carts[0].0.1 == carts[1].0.1 && carts[0].1 != carts[1].1;
    for &((row, column), cart) in &carts {
        for r in 0..SIZE {
            board.set((r, column), EMPTY);
        }
        if !both_in_one_column {
            let far = if row < middle { SIZE - 1 } else { 0 };
            board.set((far, column), cart);
        }
    }
}

/// The pieces on the four transporter pads move round at once:
/// (3,1) to (7,9), (3,9) to (3,1), (7,1) to (3,9), (7,9) to (7,1).
fn transport(board: &mut Board) {
    let [a, b, c, d] = PADS;
    let route = [(a, d), (b, a), (c, b), (d, c)];
    let riders: Vec<u8> = route
        .iter()
        .map(|&(from, _)| board.get(from).unwrap_or(EMPTY))
        .collect();
    for &(from, _) in &route {
        board.set(from, EMPTY);
    }
    for (&(_, to), &rider) in route.iter().zip(&riders) {
        if rider != EMPTY {
            board.set(to, rider);
        }
    }
}

/// A Prince Joey whose row holds a multiple of 5 pieces explodes, taking
/// every piece next to him; all Joeys are judged before any explodes.
fn explode(board: &mut Board) {
    let exploding: Vec<(i32, i32)> = Board::squares()
        .filter(|&at| board.get(at).is_some_and(|p| is(p, b'J')))
        .filter(|&(row, _)| {
            (0..SIZE)
                .filter(|&c| board.get((row, c)) != Some(EMPTY))
                .count()
                % 5
                == 0
        })
        .collect();
    for at in exploding {
        board.set(at, EMPTY);
        for near in around(at) {
            board.set(near, EMPTY);
        }
    }
}
