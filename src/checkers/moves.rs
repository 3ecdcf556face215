//! Every legal move: captures when there are any (they are compulsory and
//! continue while they can), simple moves otherwise.

use std::fmt;

use super::board::{Board, Piece, Position, Square};
use crate::Color;

const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A move: the squares the piece lands on, starting with its own.
///
/// A capture lands at most 19 times: each jump takes a piece off one of the
/// 18 dark squares away from the edge (an edge piece cannot be jumped).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    path: [Square; 19],
    len: u8,
    capture: bool,
    /// The squares of the captured pieces.
    captured: u64,
    /// The piece ends as a king (it reached the far row on the way).
    crowned: bool,
}

impl Move {
    /// The squares the piece passes through: its start, then each landing.
    pub fn squares(&self) -> &[Square] {
        &self.path[..usize::from(self.len)]
    }

    /// Whether the move takes pieces.
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Appends the text: squares joined by `-` (simple) or `:` (capture).
    pub fn write_to(&self, out: &mut Vec<u8>) {
        let separator = if self.capture { b':' } else { b'-' };
        for (i, square) in self.squares().iter().enumerate() {
            if i > 0 {
                out.push(separator);
            }
            out.extend_from_slice(&square.name());
        }
    }

    fn start(from: Square, capture: bool) -> Move {
        Move {
            path: [from; 19],
            len: 1,
            capture,
            captured: 0,
            crowned: false,
        }
    }

    /// The move extended by one landing, or `None` if it cannot hold more.
    fn then(mut self, to: Square) -> Option<Move> {
        *self.path.get_mut(usize::from(self.len))? = to;
        self.len += 1;
        Some(self)
    }
}

/// Moves sort as their texts do; square names sort by file, then row.
impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.squares().cmp(other.squares())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Vec::new();
        self.write_to(&mut text);
        f.write_str(&String::from_utf8_lossy(&text))
    }
}

/// Appends every legal move of the side to move, sorted as strings.
pub fn legal_moves(position: &Position, moves: &mut Vec<Move>) {
    let first = moves.len();
    let turn = position.turn;
    for from in position.board.squares_of(turn) {
        Capture::new(&position.board, turn, from).extend(Move::start(from, true), from, moves);
    }
    if moves.len() == first {
        for from in position.board.squares_of(turn) {
            simple_moves(&position.board, from, moves);
        }
    }
    moves[first..].sort_unstable();
}

/// The number of move sequences `depth` moves deep.
pub fn perft(position: &Position, depth: u32) -> u64 {
    crate::game::perft(&Checkers, position, depth)
}

/// Russian checkers as a [`Game`](crate::game::Game).
#[derive(Clone, Copy, Debug, Default)]
pub struct Checkers;

impl crate::game::Game for Checkers {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position, moves: &mut Vec<Move>) {
        legal_moves(position, moves);
    }

    fn play(&self, position: &Position, m: &Move) -> Position {
        play(position, m)
    }
}

/// TopCoder's board lines and move texts.
impl crate::game::TextGame for Checkers {
    type Error = super::CheckersError;

    fn read(&self, line: &[u8]) -> Result<Position, Self::Error> {
        crate::judge::text(line)?.parse()
    }

    fn write_move(&self, m: &Move, out: &mut Vec<u8>) {
        m.write_to(out);
    }
}

/// The position after `m`.
pub fn play(position: &Position, m: &Move) -> Position {
    let mut board = position.board.clone();
    let squares = m.squares();
    let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
        return position.clone();
    };
    let piece = board.piece_at(from);
    board.set(from, None);
    for index in 0..64 {
        if m.captured & 1 << index != 0 {
            board.set(
                Square {
                    file: index % 8,
                    row: index / 8,
                },
                None,
            );
        }
    }
    let crowned = m.crowned || to.row == far_row(position.turn);
    board.set(
        to,
        piece.map(|p| Piece {
            king: p.king || crowned,
            ..p
        }),
    );
    Position {
        board,
        turn: !position.turn,
    }
}

/// Row 8 for white, row 1 for black.
fn far_row(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The row step of a man's forward move.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

fn simple_moves(board: &Board, from: Square, moves: &mut Vec<Move>) {
    let Some(piece) = board.piece_at(from) else {
        return;
    };
    for (files, rows) in DIAGONALS {
        if !piece.king && rows != forward(piece.color) {
            continue;
        }
        let reach = if piece.king { 7 } else { 1 };
        let mut at = from;
        for _ in 0..reach {
            match at.offset(files, rows) {
                Some(next) if board.piece_at(next).is_none() => {
                    moves.extend(Move::start(from, false).then(next));
                    at = next;
                }
                _ => break,
            }
        }
    }
}

/// What stays fixed while a capture grows.
struct Capture<'a> {
    board: &'a Board,
    color: Color,
    /// The piece's starting square, empty once it has left.
    from: Square,
    /// The moving piece is a king from the start.
    king: bool,
}

impl<'a> Capture<'a> {
    fn new(board: &'a Board, color: Color, from: Square) -> Capture<'a> {
        let king = board.piece_at(from).is_some_and(|piece| piece.king);
        Capture {
            board,
            color,
            from,
            king,
        }
    }

    fn is_empty(&self, square: Square) -> bool {
        square == self.from || self.board.piece_at(square).is_none()
    }

    fn is_enemy(&self, square: Square, captured: u64) -> bool {
        captured & 1 << square.index() == 0
            && self
                .board
                .piece_at(square)
                .is_some_and(|piece| piece.color != self.color)
    }

    /// The jump available from `at` in one direction, if any: the jumped
    /// square and the set of empty squares the piece may land on beyond it.
    fn jump(
        &self,
        at: Square,
        (files, rows): (i8, i8),
        king: bool,
        captured: u64,
    ) -> Option<(Square, u64)> {
        let mut over = at.offset(files, rows)?;
        if king {
            while self.is_empty(over) {
                over = over.offset(files, rows)?;
            }
        }
        if !self.is_enemy(over, captured) {
            return None;
        }
        let mut landings = 0;
        let mut next = over.offset(files, rows);
        while let Some(square) = next.filter(|&square| self.is_empty(square)) {
            landings |= 1 << square.index();
            next = if king {
                square.offset(files, rows)
            } else {
                None
            };
        }
        (landings != 0).then_some((over, landings))
    }

    fn can_capture(&self, at: Square, king: bool, captured: u64) -> bool {
        DIAGONALS
            .iter()
            .any(|&direction| self.jump(at, direction, king, captured).is_some())
    }

    /// Adds every complete capture continuing `sofar`, which has brought the
    /// piece to `at`; a capture ends only where no further jump exists.
    fn extend(&self, sofar: Move, at: Square, moves: &mut Vec<Move>) {
        let king = self.king || sofar.crowned;
        let mut jumped_any = false;
        for direction in DIAGONALS {
            let Some((over, landings)) = self.jump(at, direction, king, sofar.captured) else {
                continue;
            };
            jumped_any = true;
            let captured = sofar.captured | 1 << over.index();
            // A king must stop where it can capture again, if it can anywhere.
            let onward = squares(landings)
                .filter(|&landing| {
                    let crowned = king || landing.row == far_row(self.color);
                    self.can_capture(landing, crowned, captured)
                })
                .fold(0, |set, landing| set | 1 << landing.index());
            let stops = if onward == 0 { landings } else { onward };
            for landing in squares(stops) {
                let Some(mut next) = sofar.then(landing) else {
                    continue;
                };
                next.captured = captured;
                next.crowned |= landing.row == far_row(self.color);
                self.extend(next, landing, moves);
            }
        }
        if !jumped_any && sofar.len > 1 {
            moves.push(sofar);
        }
    }
}

/// The squares of a set (bit `row * 8 + file`).
fn squares(set: u64) -> impl Iterator<Item = Square> {
    (0..64u8)
        .filter(move |index| set & 1 << index != 0)
        .map(|index| Square {
            file: index % 8,
            row: index / 8,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(line: &str) -> String {
        let position: Position = line.parse().unwrap();
        let mut moves = Vec::new();
        legal_moves(&position, &mut moves);
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_start_position() {
        assert_eq!(
            listed(".b.b.b.b/b.b.b.b./.b.b.b.b/......../......../w.w.w.w./.w.w.w.w/w.w.w.w. WHITE"),
            "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"
        );
    }

    #[test]
    fn men_step_forward_only_kings_slide_any_way() {
        assert_eq!(
            listed("......../......../......../......../...w..../......../......../........ WHITE"),
            "d4-c5 d4-e5"
        );
        assert_eq!(
            listed("......../......../......../......../...b..../......../......../........ BLACK"),
            "d4-c3 d4-e3"
        );
        assert_eq!(
            listed("......../......../......../......../......../......../......../W....... WHITE"),
            "a1-b2 a1-c3 a1-d4 a1-e5 a1-f6 a1-g7 a1-h8"
        );
    }

    #[test]
    fn captures_are_compulsory_and_men_capture_backwards() {
        // The man on d4 must take c3 behind it; the free man on h2 may not move.
        assert_eq!(
            listed("......../......../......../......../...w..../..b...../.......w/........ WHITE"),
            "d4:b2"
        );
    }

    #[test]
    fn a_capture_continues_while_it_can() {
        assert_eq!(
            listed("......../......../...b..../......../...b.b../..w...../.....w../........ WHITE"),
            "c3:e5:c7 c3:e5:g3"
        );
    }

    #[test]
    fn a_piece_is_never_jumped_twice_but_a_square_may_be_visited_twice() {
        assert_eq!(
            listed("......../......b./......../......../...W..../......../.b....../........ WHITE"),
            "d4:a1 d4:h8"
        );
        assert_eq!(
            listed("......../..w.w.../......../....w.../......../..B.w.../......../........ BLACK"),
            "c3:f6:d8:b6:f2 c3:f6:d8:b6:g1"
        );
    }

    #[test]
    fn a_king_stops_where_it_can_capture_again() {
        assert_eq!(
            listed(".......B/......w./......../......../.......W/......../...W.W../........ BLACK"),
            "h8:c3:e1:g3 h8:d4:g1"
        );
    }

    #[test]
    fn a_man_crowned_mid_capture_goes_on_as_a_king() {
        assert_eq!(
            listed("......../..b...../.w....../......B./......../......../......../........ WHITE"),
            "b6:d8:h4"
        );
    }

    #[test]
    fn no_pieces_no_moves() {
        assert_eq!(
            listed("......../......../......../......../......../......../......../w....... BLACK"),
            ""
        );
    }

    #[test]
    fn playing_removes_captured_pieces_and_crowns() {
        let position: Position =
            "......../..b...../.w....../......B./......../......../......../........ WHITE"
                .parse()
                .unwrap();
        let mut moves = Vec::new();
        legal_moves(&position, &mut moves);
        let after = play(&position, &moves[0]);
        assert_eq!(
            after.to_string(),
            "......../......../......../......../.......W/......../......../........ BLACK"
        );
    }
}
