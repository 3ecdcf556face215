//! What happens once a move is made, in the order the rules give:
//! promotion, poison, charged golf carts, transporter pads, Prince Joey's
//! explosion, and poison again.

use super::board::{Board, JET_PACK, PADS};
use super::piece::{Kind, Piece};
use super::square::{SIZE, Square};
use congo_rules::Color;

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
    for (color, row) in [(Color::White, SIZE - 1), (Color::Black, 0)] {
        let pawn = Piece::new(color, Kind::Pawn);
        for at in Square::in_row(row) {
            if board.get(at) == Some(pawn) {
                board.set(at, Some(pawn.becoming(Kind::TimeMachine)));
            }
        }
    }
    if let Some(king) = board.king_on_jet_pack() {
        board.set(JET_PACK, Some(king.becoming(Kind::JetPackKing)));
    }
}

/// A set of squares, one bit each (121 fit in a u128), so that the
/// effects that run after every move allocate nothing.
#[derive(Clone, Copy, Default)]
struct Squares(u128);

impl Squares {
    fn insert(&mut self, at: Square) {
        self.0 |= 1 << at.index();
    }

    fn contains(self, at: Square) -> bool {
        self.0 & (1 << at.index()) != 0
    }

    fn union(self, other: Squares) -> Squares {
        Squares(self.0 | other.0)
    }

    fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn iter(self) -> impl Iterator<Item = Square> {
        Square::all().filter(move |&at| self.contains(at))
    }
}

/// Every serpent and grand empress poisons the opposing biological pieces
/// next to it, all at once. A serpent that poisons a piece standing next
/// to an Old Woman of that piece's side is taken, and the Old Woman
/// becomes a Grand Empress.
fn poison(board: &mut Board) {
    let mut poisoned = Squares::default();
    let mut spent_serpents = Squares::default();
    let mut empresses = Squares::default();
    let poisoners = board.pieces(|p| matches!(p.kind, Kind::Serpent | Kind::GrandEmpress));
    for (at, poisoner) in poisoners {
        for victim_at in at.neighbours() {
            let Some(victim) = board
                .get(victim_at)
                .filter(|p| p.kind.is_biological() && p.color != poisoner.color)
            else {
                continue;
            };
            poisoned.insert(victim_at);
            if poisoner.kind == Kind::Serpent {
                let old_woman = Piece::new(victim.color, Kind::OldWoman);
                for old_woman_at in victim_at.neighbours() {
                    if board.get(old_woman_at) == Some(old_woman) {
                        spent_serpents.insert(at);
                        empresses.insert(old_woman_at);
                    }
                }
            }
        }
    }
    let taken = poisoned.union(spent_serpents);
    if taken.is_empty() && empresses.is_empty() {
        return;
    }
    for at in taken.iter() {
        board.set(at, None);
    }
    for at in empresses.iter() {
        if let Some(old_woman) = board.get(at).filter(|p| p.kind == Kind::OldWoman) {
            board.set(at, Some(old_woman.becoming(Kind::GrandEmpress)));
        }
    }
}

/// A pawn on the middle row charges the opposing side's golf cart; a time
/// machine charges its own side's. A charged cart runs along its column to
/// the far end, taking every piece on the way; two charged carts in one
/// column clear it, themselves included.
fn charge_golf_carts(board: &mut Board) {
    let middle = SIZE / 2;
    let charged = |side: Color| {
        let enemy_pawn = Piece::new(!side, Kind::Pawn);
        let time_machine = Piece::new(side, Kind::TimeMachine);
        board
            .pieces(|p| p == enemy_pawn || p == time_machine)
            .any(|(at, p)| p == time_machine || at.row() == middle)
    };
    let carts: Vec<(Square, Piece)> = board
        .pieces(|p| p.kind == Kind::GolfCart)
        .filter(|&(_, cart)| charged(cart.color))
        .collect();
    let both_in_one_column =
        carts.len() == 2 && carts[0].0.column() == carts[1].0.column() && carts[0].1 != carts[1].1;
    for &(at, cart) in &carts {
        let column = at.column();
        for square in Square::in_column(column) {
            board.set(square, None);
        }
        if !both_in_one_column {
            let far = if at.row() < middle { SIZE - 1 } else { 0 };
            if let Some(far) = Square::new(far, column) {
                board.set(far, Some(cart));
            }
        }
    }
}

/// The pieces on the four transporter pads move round at once:
/// (3,1) to (7,9), (3,9) to (3,1), (7,1) to (3,9), (7,9) to (7,1).
fn transport(board: &mut Board) {
    let [a, b, c, d] = PADS;
    let route = [(a, d), (b, a), (c, b), (d, c)];
    let riders = route.map(|(from, _)| board.get(from));
    for (from, _) in route {
        board.set(from, None);
    }
    for ((_, to), rider) in route.into_iter().zip(riders) {
        if rider.is_some() {
            board.set(to, rider);
        }
    }
}

/// A Prince Joey whose row holds a multiple of 5 pieces explodes, taking
/// every piece next to him; all Joeys are judged before any explodes.
fn explode(board: &mut Board) {
    let mut exploding = Squares::default();
    for (at, _) in board.pieces(|p| p.kind == Kind::PrinceJoey) {
        let row = at.row();
        let pieces = Square::in_row(row)
            .filter(|&square| board.get(square).is_some())
            .count();
        if pieces % 5 == 0 {
            exploding.insert(at);
        }
    }
    for at in exploding.iter() {
        board.set(at, None);
        for near in at.neighbours() {
            board.set(near, None);
        }
    }
}
