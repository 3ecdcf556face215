//! Every legal move: captures when there are any (they are compulsory and
//! continue while they can), simple moves otherwise.

use std::fmt;

use super::board::{Board, Piece, Position, Square, squares};
use congo_rules::Color;

/// The four diagonals, as (file step, row step).
const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// For each diagonal and square, the squares beyond it along that
/// diagonal, to the edge.
const RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0; 64]; 4];
    let mut direction = 0;
    while direction < 4 {
        let (files, rows) = DIAGONALS[direction];
        let mut index = 0;
        while index < 64 {
            let (mut file, mut row) = ((index % 8) as i8, (index / 8) as i8);
            loop {
                file += files;
                row += rows;
                if file < 0 || file > 7 || row < 0 || row > 7 {
                    break;
                }
                rays[direction][index] |= 1 << (row * 8 + file);
            }
            index += 1;
        }
        direction += 1;
    }
    rays
};

/// The square of `set` nearest the start of a ray along `direction`, as a
/// one-square set (empty if `set` is): the rays of the diagonals going up
/// the board run up the bit order, the others down it.
#[inline(always)]
fn nearest(set: u64, direction: usize) -> u64 {
    if DIAGONALS[direction].1 > 0 {
        set & set.wrapping_neg()
    } else if set == 0 {
        0
    } else {
        1 << (63 - set.leading_zeros())
    }
}

/// The squares one step along `direction` from those of `set`.
fn step(set: u64, direction: usize) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let (files, rows) = DIAGONALS[direction];
    // Pieces on the edge the step leaves by do not wrap round.
    let set = set & if files > 0 { !FILE_H } else { !FILE_A };
    let shift = (rows * 8 + files).unsigned_abs();
    if rows > 0 { set << shift } else { set >> shift }
}

/// The diagonal opposite `direction`.
fn opposite(direction: usize) -> usize {
    DIAGONALS.len() - 1 - direction
}

/// The index of a one-square set.
fn index_of(square: u64) -> usize {
    square.trailing_zeros() as usize
}

/// A move: the squares the piece lands on, starting with its own.
///
/// A capture lands at most 19 times: each jump takes a piece off one of the
/// 18 dark squares away from the edge (an edge piece cannot be jumped).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Each square as `file * 8 + row + 1`, then zeros: paths compare
    /// as the move texts do, byte by byte.
    path: [u8; 19],
    len: u8,
    capture: bool,
    /// The squares of the captured pieces.
    captured: u64,
    /// The piece ends as a king (it reached the far row on the way).
    crowned: bool,
}

impl Move {
    /// The squares the piece passes through: its start, then each landing.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path[..usize::from(self.len)]
            .iter()
            .map(|&code| Move::square(code))
    }

    /// The square it starts on.
    pub fn from(&self) -> Square {
        Move::square(self.path[0])
    }

    /// The square it ends on (a move has at least its start).
    pub fn to(&self) -> Square {
        Move::square(self.path[usize::from(self.len.max(1) - 1)])
    }

    /// Whether the move takes pieces.
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Appends the text: squares joined by `-` (simple) or `:` (capture).
    pub fn write_to(&self, out: &mut Vec<u8>) {
        let separator = if self.capture { b':' } else { b'-' };
        for (i, square) in self.squares().enumerate() {
            if i > 0 {
                out.push(separator);
            }
            out.extend_from_slice(&square.name());
        }
    }

    /// A square's code in the path.
    fn code(square: Square) -> u8 {
        square.file() * 8 + square.row() + 1
    }

    /// The square a code in the path stands for.
    fn square(code: u8) -> Square {
        let code = code.saturating_sub(1);
        Square::from_index((code % 8) * 8 + code / 8)
    }

    /// The path as two numbers that order moves as their texts: no
    /// comparison of slices in the sort.
    fn order_key(&self) -> (u128, u32) {
        let [head @ .., a, b, c] = self.path;
        (u128::from_be_bytes(head), u32::from_be_bytes([a, b, c, 0]))
    }

    fn start(from: Square, capture: bool) -> Move {
        let mut path = [0; 19];
        path[0] = Move::code(from);
        Move {
            path,
            len: 1,
            capture,
            captured: 0,
            crowned: false,
        }
    }

    /// The move extended by one landing, or `None` if it cannot hold more.
    fn then(mut self, to: Square) -> Option<Move> {
        self.push(to).then_some(self)
    }

    /// Adds a landing in place; false if the move cannot hold more.
    fn push(&mut self, to: Square) -> bool {
        let Some(slot) = self.path.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = Move::code(to);
        self.len += 1;
        true
    }
}

/// Moves sort as their texts do; square names sort by file, then row.
impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.order_key().cmp(&other.order_key())
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
    let (board, color) = (&position.board, position.turn);
    let capturers = men_that_can_capture(board, color)
        | squares(board.pieces(color) & board.kings())
            .filter(|&king| Capture::new(board, color, king).can_capture(king.index(), true, 0))
            .fold(0, |set, king| set | 1 << king.index());
    if capturers != 0 {
        for from in squares(capturers) {
            Capture::new(board, color, from).extend(&mut Move::start(from, true), from, moves);
        }
    } else {
        simple_moves(board, color, moves);
    }
    moves[first..].sort_unstable_by_key(Move::order_key);
}

/// The men of `color` with an enemy next to them and an empty square
/// beyond it, all directions at once.
fn men_that_can_capture(board: &Board, color: Color) -> u64 {
    let men = board.pieces(color) & !board.kings();
    let empty = !board.occupied();
    (0..DIAGONALS.len())
        .map(|direction| {
            let back = opposite(direction);
            let jumpable = board.pieces(!color) & step(empty, back);
            men & step(jumpable, back)
        })
        .fold(0, |set, from| set | from)
}

/// The number of move sequences `depth` moves deep.
pub fn perft(position: &Position, depth: u32) -> u64 {
    congo_rules::perft::count(&Checkers, position, depth)
}

/// Russian checkers as [`BoardGame`](congo_rules::board_game::BoardGame).
#[derive(Clone, Copy, Debug, Default)]
pub struct Checkers;

impl congo_rules::board_game::BoardGame for Checkers {
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
impl congo_rules::board_game::Notation for Checkers {
    type Error = super::CheckersError;

    fn read(&self, line: &[u8]) -> Result<Position, Self::Error> {
        match Position::read_plain(line) {
            Some(position) => Ok(position),
            None => congo_kit::text::utf8(line)?.parse(),
        }
    }

    fn write_move(&self, m: &Move, out: &mut Vec<u8>) {
        m.write_to(out);
    }
}

/// The position after `m`.
pub fn play(position: &Position, m: &Move) -> Position {
    let mut board = position.board;
    let (from, to) = (m.from(), m.to());
    let piece = board.piece_at(from);
    board.set(from, None);
    board.take(m.captured);
    let crowned = m.crowned || to.row() == far_row(position.turn);
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

/// The squares a piece on `from` reaches along `direction` before the
/// first piece in `occupied`, or the edge.
fn open_ray(from: usize, direction: usize, occupied: u64) -> u64 {
    let ray = RAYS[direction][from];
    let blocker = nearest(ray & occupied, direction);
    if blocker == 0 {
        ray
    } else {
        ray & !(blocker | RAYS[direction][index_of(blocker)])
    }
}

/// The moves without a capture: a man one square forward, a king any
/// distance along a free diagonal.
fn simple_moves(board: &Board, color: Color, moves: &mut Vec<Move>) {
    let own = board.pieces(color);
    let men = own & !board.kings();
    let empty = !board.occupied();
    for (direction, &(files, rows)) in DIAGONALS.iter().enumerate() {
        if rows == color.forward() {
            for to in squares(step(men, direction) & empty) {
                if let Some(from) = to.offset(-files, -rows) {
                    moves.extend(Move::start(from, false).then(to));
                }
            }
        }
        for from in squares(own & board.kings()) {
            for to in squares(open_ray(from.index(), direction, board.occupied())) {
                moves.extend(Move::start(from, false).then(to));
            }
        }
    }
}

/// What stays fixed while a capture grows.
struct Capture {
    /// The squares holding pieces, the moving piece's start left out: it
    /// is empty once the piece has left. Captured pieces stay until the
    /// move ends, and block.
    occupied: u64,
    /// The opponent's pieces.
    enemies: u64,
    color: Color,
    /// The moving piece is a king from the start.
    king: bool,
}

impl Capture {
    fn new(board: &Board, color: Color, from: Square) -> Capture {
        let start = 1 << from.index();
        Capture {
            occupied: board.occupied() & !start,
            enemies: board.pieces(!color),
            color,
            king: board.kings() & start != 0,
        }
    }

    /// The jump available from `at` along `direction`, if any: the jumped
    /// square and the set of empty squares the piece may land on beyond it.
    #[inline(always)]
    fn jump(&self, at: usize, direction: usize, king: bool, captured: u64) -> Option<(usize, u64)> {
        let ray = RAYS[direction][at];
        let over = nearest(ray & self.occupied, direction);
        if over & self.enemies & !captured == 0 || (!king && over != nearest(ray, direction)) {
            return None;
        }
        let over = index_of(over);
        let mut landings = open_ray(over, direction, self.occupied);
        if !king {
            landings &= nearest(RAYS[direction][over], direction);
        }
        (landings != 0).then_some((over, landings))
    }

    fn can_capture(&self, at: usize, king: bool, captured: u64) -> bool {
        (0..DIAGONALS.len()).any(|direction| self.jump(at, direction, king, captured).is_some())
    }

    /// Adds every complete capture continuing `sofar`, which has brought the
    /// piece to `at`; a capture ends only where no further jump exists.
    /// `sofar` grows and shrinks back in place as the search goes down and
    /// up: a move is copied only when it is complete.
    fn extend(&self, sofar: &mut Move, at: Square, moves: &mut Vec<Move>) {
        let king = self.king || sofar.crowned;
        let mut jumped_any = false;
        for direction in 0..DIAGONALS.len() {
            let Some((over, landings)) = self.jump(at.index(), direction, king, sofar.captured)
            else {
                continue;
            };
            jumped_any = true;
            let captured = sofar.captured | 1 << over;
            // A king must stop where it can capture again, if it can
            // anywhere; with one landing square there is no choice.
            let stops = if landings & (landings - 1) == 0 {
                landings
            } else {
                let onward = squares(landings)
                    .filter(|&landing| {
                        let crowned = king || landing.row() == far_row(self.color);
                        self.can_capture(landing.index(), crowned, captured)
                    })
                    .fold(0, |set, landing| set | 1 << landing.index());
                if onward == 0 { landings } else { onward }
            };
            let (before_captured, before_crowned) = (sofar.captured, sofar.crowned);
            for landing in squares(stops) {
                if !sofar.push(landing) {
                    continue;
                }
                sofar.captured = captured;
                sofar.crowned |= landing.row() == far_row(self.color);
                self.extend(sofar, landing, moves);
                sofar.len -= 1;
                (sofar.captured, sofar.crowned) = (before_captured, before_crowned);
            }
        }
        if !jumped_any && sofar.len > 1 {
            moves.push(*sofar);
        }
    }
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
    fn perft_from_the_start_matches_the_published_russian_counts() {
        let start: Position =
            ".b.b.b.b/b.b.b.b./.b.b.b.b/......../......../w.w.w.w./.w.w.w.w/w.w.w.w. WHITE"
                .parse()
                .unwrap();
        let counts: Vec<u64> = (1..=6).map(|depth| perft(&start, depth)).collect();
        assert_eq!(counts, [7, 49, 302, 1469, 7482, 37986]);
    }

    #[test]
    fn a_king_slides_until_blocked_and_men_step_only_onto_empty_squares() {
        assert_eq!(
            listed("......../......../.....b../....b.../......../......../.W...w../w.w..... WHITE"),
            "b2-a3 b2-c3 b2-d4 c1-d2 f2-e3 f2-g3"
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
