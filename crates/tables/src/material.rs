//! A material: which pieces stand beside the two lions, named in a short
//! form like `LZvLP` (white's pieces, `v`, black's), and the numbering of
//! every placement of them.

use std::fmt;
use std::str::FromStr;

use congo_rules::geometry::castle_of;
use congo_rules::{Board, Color, Kind, Piece, Position, Square};

/// The most pieces beside the lions a table may hold: four give 623
/// million numbers, five gigabytes of analysis.
pub const MAX_PIECES: usize = 4;

/// The order of the kinds in a material's name: the lion, then the others
/// roughly by strength, pawns last, as chess names its endings.
const NAME_ORDER: [Kind; 8] = [
    Kind::Lion,
    Kind::Giraffe,
    Kind::Monkey,
    Kind::Crocodile,
    Kind::Zebra,
    Kind::Elephant,
    Kind::Superpawn,
    Kind::Pawn,
];

/// The pieces beside the two lions, white's before black's, each side's in
/// name order: one material is one table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    pieces: Vec<Piece>,
}

/// Why a material's name is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMaterialError {
    /// Not two sides, each starting with its lion, joined by `v`.
    Form(String),
    /// A letter that names no piece.
    Letter(char),
    /// More pieces than a table holds.
    TooMany(usize),
}

impl fmt::Display for ParseMaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMaterialError::Form(text) => write!(
                f,
                "material {text:?} is not of the form LZvLP (white's lion and pieces, v, black's)"
            ),
            ParseMaterialError::Letter(letter) => write!(
                f,
                "material letter {letter:?} names no piece, expected one of G M C Z E S P"
            ),
            ParseMaterialError::TooMany(count) => write!(
                f,
                "material has {count} pieces beside the lions, expected at most {MAX_PIECES}"
            ),
        }
    }
}

impl std::error::Error for ParseMaterialError {}

impl Material {
    /// The material of `pieces` (lions left out), in canonical order.
    pub fn new(mut pieces: Vec<Piece>) -> Material {
        pieces.retain(|piece| piece.kind != Kind::Lion);
        pieces.sort_by_key(|piece| (piece.color.index(), name_rank(piece.kind)));
        Material { pieces }
    }

    /// The material on `board`, whatever its size.
    pub fn of(board: &Board) -> Material {
        let pieces = board
            .occupied()
            .into_iter()
            .filter_map(|square| board.piece_at(square))
            .collect();
        Material::new(pieces)
    }

    /// The material's compact number (see [`Compact`]).
    pub(super) fn compact(&self) -> usize {
        Compact::fold(self.pieces.iter().map(|&piece| piece_code(piece))).number
    }

    /// The pieces beside the lions.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The colour-swapped twin: white's pieces become black's.
    pub fn swapped(&self) -> Material {
        Material::new(
            self.pieces
                .iter()
                .map(|piece| Piece::new(!piece.color, piece.kind))
                .collect(),
        )
    }

    /// Whether this material is the twin whose table is stored: the one
    /// whose white side is the stronger (more pieces, then stronger ones
    /// in name order), or either when the two are alike.
    pub fn is_stored(&self) -> bool {
        self.side_strength(Color::White) >= self.side_strength(Color::Black)
    }

    /// The twin whose table is stored (see [`Material::is_stored`]).
    pub fn stored(&self) -> Material {
        if self.is_stored() {
            self.clone()
        } else {
            self.swapped()
        }
    }

    /// How strong `color`'s side is, for choosing the stored twin: its
    /// number of pieces, then its pieces in name order, strongest first.
    fn side_strength(&self, color: Color) -> (usize, Vec<std::cmp::Reverse<usize>>) {
        let ranks: Vec<_> = self
            .pieces
            .iter()
            .filter(|piece| piece.color == color)
            .map(|piece| std::cmp::Reverse(name_rank(piece.kind)))
            .collect();
        (ranks.len(), ranks)
    }

    /// Whether a pawn stands in it: only then do the two rule sets differ.
    pub fn has_pawns(&self) -> bool {
        self.pieces.iter().any(|piece| piece.kind == Kind::Pawn)
    }

    /// Every stored material (one of each pair of colour twins) with at
    /// most `most` pieces beside the lions that the rule set allows (no
    /// superpawns under 2021's), in an order where each comes after every
    /// material it can turn into.
    pub fn all_up_to(most: usize, promotion: bool) -> Vec<Material> {
        let kinds: Vec<Piece> = Color::ALL
            .into_iter()
            .flat_map(|color| {
                NAME_ORDER[1..]
                    .iter()
                    .filter(move |&&kind| promotion || kind != Kind::Superpawn)
                    .map(move |&kind| Piece::new(color, kind))
            })
            .collect();
        let mut all = vec![Material::new(Vec::new())];
        let mut last = vec![Vec::<usize>::new()];
        for _ in 0..most {
            let mut next = Vec::new();
            for chosen in &last {
                let from = chosen.last().copied().unwrap_or(0);
                for index in from..kinds.len() {
                    let mut longer = chosen.clone();
                    longer.push(index);
                    all.push(Material::new(longer.iter().map(|&i| kinds[i]).collect()));
                    next.push(longer);
                }
            }
            last = next;
        }
        all.retain(Material::is_stored);
        all.sort_by_key(Material::generation_order);
        all
    }

    /// Sorts a material after all it converts into: fewer pieces first,
    /// and among as many, fewer pawns (a pawn promotes to a superpawn).
    pub fn generation_order(&self) -> (usize, usize, String) {
        let pawns = self
            .pieces
            .iter()
            .filter(|piece| piece.kind == Kind::Pawn)
            .count();
        (self.pieces.len(), pawns, self.to_string())
    }

    /// Every other stored material a move can turn this one into: pieces
    /// taken or drowned (any number at once: a monkey's chain takes
    /// several) and, with `promotion`, pawns become superpawns.
    pub fn successors(&self, promotion: bool) -> Vec<Material> {
        self.turned_into(if promotion { usize::MAX } else { 0 })
    }

    /// Of [`Material::successors`], those one move reaches: a move
    /// promotes one pawn at most.
    pub(super) fn next(&self, promotion: bool) -> Vec<Material> {
        self.turned_into(usize::from(promotion))
    }

    /// The stored materials left by taking any of the pieces and
    /// promoting at most `promoted` pawns, in generation order.
    fn turned_into(&self, promoted: usize) -> Vec<Material> {
        let count = self.pieces.len();
        let mut found = Vec::new();
        for kept in 0..1u32 << count {
            let pieces: Vec<Piece> = (0..count)
                .filter(|&i| kept & (1 << i) != 0)
                .map(|i| self.pieces[i])
                .collect();
            let pawns: Vec<usize> = (0..pieces.len())
                .filter(|&i| promoted > 0 && pieces[i].kind == Kind::Pawn)
                .collect();
            let ways = (0..1u32 << pawns.len()).filter(|way| way.count_ones() as usize <= promoted);
            for way in ways {
                let mut changed = pieces.clone();
                for (bit, &i) in pawns.iter().enumerate() {
                    if way & (1 << bit) != 0 {
                        changed[i] = Piece::new(changed[i].color, Kind::Superpawn);
                    }
                }
                let material = Material::new(changed).stored();
                if material != self.stored() && !found.contains(&material) {
                    found.push(material);
                }
            }
        }
        found.sort_by_key(Material::generation_order);
        found
    }

    /// How many positions the table numbers: white's lion on the six
    /// squares of its castle's c and d files (a position with it on the e
    /// file is the mirror image, files a to g turned g to a, of one with it
    /// on the c file, and the rules read the same mirrored), black's on its
    /// castle's nine, each other piece on any of the 49 squares (a number
    /// whose squares clash is no position), and the side to move.
    pub fn size(&self) -> usize {
        2 * WHITE_LION_SQUARES * 9 * 49usize.pow(self.pieces.len() as u32)
    }

    /// How many positions number `index` stands for: two when white's
    /// lion is on the c file (the position and its mirror image, whose
    /// lion is on the e file), one when it is on the d file.
    pub fn weight(&self, index: usize) -> usize {
        let white_lion = index / 2 / 49usize.pow(self.pieces.len() as u32) / 9;
        if white_lion < 3 { 2 } else { 1 }
    }

    /// The position numbered `index`, or `None` where two pieces would
    /// share a square, or where alike pieces are not in square order (the
    /// same position has a number with them in order).
    pub fn position(&self, index: usize) -> Option<Position> {
        self.placement(index)
            .and_then(|placement| self.position_of(&placement))
    }

    /// Where the pieces of number `index` stand, whether or not it names
    /// a position; `None` past the end of the table.
    pub(super) fn placement(&self, index: usize) -> Option<Placement> {
        let side = if index.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let mut rest = index / 2;
        let mut squares = [Square::from_index(0)?; 2 + MAX_PIECES];
        for slot in (2..2 + self.pieces.len()).rev() {
            squares[slot] = Square::from_index(rest % 49)?;
            rest /= 49;
        }
        squares[1] = castle_square(Color::Black, rest % 9)?;
        squares[0] =
            castle_square(Color::White, rest / 9).filter(|_| rest / 9 < WHITE_LION_SQUARES)?;
        Some(Placement { side, squares })
    }

    /// The position `placement` describes, or `None` where two pieces
    /// would share a square or alike pieces are not in square order.
    pub(super) fn position_of(&self, placement: &Placement) -> Option<Position> {
        let squares = &placement.squares;
        let mut board = Board::empty();
        board.put(squares[0], Piece::new(Color::White, Kind::Lion));
        board.put(squares[1], Piece::new(Color::Black, Kind::Lion));
        for (slot, &piece) in self.pieces.iter().enumerate() {
            let square = squares[2 + slot];
            let after_alike = slot > 0 && self.pieces[slot - 1] == piece;
            if board.piece_at(square).is_some() || (after_alike && squares[1 + slot] > square) {
                return None;
            }
            board.put(square, piece);
        }
        Some(Position {
            board,
            side: placement.side,
            move_number: 0,
        })
    }

    /// The number of the position `placement` describes, alike pieces in
    /// any order: [`Material::index_of`] without a board, for numbering a
    /// parent that differs from its child by one piece's square.
    pub(super) fn number(&self, placement: &Placement) -> Option<usize> {
        let [white, black, ref pieces @ ..] = placement.squares;
        let view = View::of(white);
        let mut rest = view.lions(white, black)?;
        let count = self.pieces.len();
        let mut squares = [0; MAX_PIECES];
        for (seen, &square) in squares.iter_mut().zip(&pieces[..count]) {
            *seen = view.square(square)?.index();
        }
        // Alike pieces stand next to each other in the material's order:
        // each run of them is put in square order.
        sort_runs(&mut squares[..count], |i| {
            self.pieces[i - 1] == self.pieces[i]
        });
        for &square in &squares[..count] {
            rest = rest * 49 + square;
        }
        Some(rest * 2 + placement.side.index())
    }

    /// The number of `position` in its material's table (both lions on
    /// the board, at most [`MAX_PIECES`] pieces beside them): the lions'
    /// castle squares, then each piece's square in the material's order,
    /// alike pieces in square order, then the side to move; a position
    /// with white's lion on the e file is numbered as its mirror image.
    pub fn index_of(position: &Position) -> Option<usize> {
        let board = &position.board;
        let lion = |color| {
            board
                .pieces(Piece::new(color, Kind::Lion))
                .into_iter()
                .next()
        };
        let (white, black) = (lion(Color::White)?, lion(Color::Black)?);
        let view = View::of(white);
        let mut rest = view.lions(white, black)?;
        // Each piece as one key, its code above its square, so that keys
        // in order put alike pieces in square order.
        let mut keys = [0; MAX_PIECES];
        let mut count = 0;
        for square in board.occupied() & !board.by_kind(Kind::Lion) {
            let piece = board.piece_at(square)?;
            *keys.get_mut(count)? = piece_code(piece) * 64 + view.square(square)?.index();
            count += 1;
        }
        sort_runs(&mut keys[..count], |_| true);
        for key in &keys[..count] {
            rest = rest * 49 + key % 64;
        }
        Some(rest * 2 + position.side.index())
    }
}

/// Where the pieces of a numbered position stand, read from its number
/// without a board: a parent found by un-moving a piece is numbered from
/// its child's placement with that one square changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placement {
    /// The side to move.
    pub(super) side: Color,
    /// White's lion's square, black's, then each piece's in the
    /// material's order.
    pub(super) squares: [Square; 2 + MAX_PIECES],
}

impl Placement {
    /// The placement after the piece on `from` (one of the lions or the
    /// `pieces` others) steps to `to`, taking nothing: the other side to
    /// move. Numbered by [`Material::number`], it gives a child's number
    /// without a board.
    pub(super) fn after_step(mut self, from: Square, to: Square, pieces: usize) -> Placement {
        if let Some(square) = self.squares[..2 + pieces]
            .iter_mut()
            .find(|square| **square == from)
        {
            *square = to;
        }
        self.side = !self.side;
        self
    }
}

/// How a number sees the board: mirrored when white's lion is on the e
/// file, so that it stands on the c file.
#[derive(Clone, Copy)]
struct View {
    mirrored: bool,
}

impl View {
    fn of(white_lion: Square) -> View {
        View {
            mirrored: white_lion.file() == 4,
        }
    }

    fn square(self, square: Square) -> Option<Square> {
        if self.mirrored {
            Some(square.mirrored())
        } else {
            Some(square)
        }
    }

    /// The number of the lions' squares: white's castle number, then
    /// black's.
    fn lions(self, white: Square, black: Square) -> Option<usize> {
        Some(
            castle_number(Color::White, self.square(white)?)? * 9
                + castle_number(Color::Black, self.square(black)?)?,
        )
    }
}

/// Sorts a handful of keys, letting the key at `i` pass the one before it
/// only where `may_pass(i)`: written out, since the library's sort, called
/// for a handful of keys, was a tenth of the time spent building a table.
fn sort_runs(keys: &mut [usize], may_pass: impl Fn(usize) -> bool) {
    for i in 1..keys.len() {
        let mut j = i;
        while j > 0 && may_pass(j) && keys[j - 1] > keys[j] {
            keys.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The squares white's lion is numbered on: its castle's c and d files.
const WHITE_LION_SQUARES: usize = 6;

/// A material numbered without building it, for probing: at most
/// [`MAX_PIECES`] pieces beside the lions, each coded 1 to 14 (white's in
/// name order, then black's), sorted, and packed four bits each, the
/// first in the lowest (no code is 0, so the count needs no field of its
/// own); and whether it is the stored twin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Compact {
    /// Below [`Compact::COUNT`].
    pub(super) number: usize,
    pub(super) stored: bool,
}

impl Compact {
    /// How many numbers there are: a table of this many entries is
    /// indexed by them (65 536 for four pieces).
    pub(super) const COUNT: usize = 1 << (4 * MAX_PIECES);

    /// The compact number of the material on `board`, or how many pieces
    /// beside the lions it has when they are too many: building a table
    /// asks it of every move out of the material, so it is written out
    /// for a handful of pieces, without a sort call or an allocation.
    pub(super) fn of(board: &Board) -> Result<Compact, usize> {
        let others = board.occupied() & !board.by_kind(Kind::Lion);
        let mut codes = [0; MAX_PIECES];
        let mut count = 0;
        for square in others {
            let Some(slot) = codes.get_mut(count) else {
                return Err(others.count() as usize);
            };
            *slot = board.piece_at(square).map_or(0, piece_code);
            count += 1;
        }
        let codes = &mut codes[..count];
        sort_runs(codes, |_| true);
        let number = codes
            .iter()
            .enumerate()
            .fold(0, |number, (slot, &code)| number | code << (4 * slot));
        // White's codes (1 to 7) come first; black's, less 7, after them.
        let white = codes.iter().take_while(|&&code| code <= 7).count();
        let (whites, blacks) = codes.split_at(white);
        let stored = match white.cmp(&blacks.len()) {
            std::cmp::Ordering::Equal => whites
                .iter()
                .zip(blacks)
                .find(|&(white, black)| *white != black - 7)
                .is_none_or(|(white, black)| *white < black - 7),
            longer => longer == std::cmp::Ordering::Greater,
        };
        Ok(Compact { number, stored })
    }

    /// Packs piece codes, in any order.
    fn fold(codes: impl Iterator<Item = usize>) -> Compact {
        let mut sorted = [0; MAX_PIECES];
        let mut count = 0;
        for code in codes.take(MAX_PIECES) {
            sorted[count] = code;
            count += 1;
        }
        sorted[..count].sort_unstable();
        let number = sorted[..count]
            .iter()
            .enumerate()
            .fold(0, |number, (slot, &code)| number | code << (4 * slot));
        // The stored twin's white side is the stronger: more pieces, then
        // stronger ones (lower codes) first; codes 1 to 7 are white's.
        let side = |white: bool| {
            let mut ranks = [usize::MAX; MAX_PIECES];
            let mut len = 0;
            for &code in &sorted[..count] {
                if (code <= 7) == white {
                    ranks[len] = if white { code } else { code - 7 };
                    len += 1;
                }
            }
            (len, std::cmp::Reverse(ranks))
        };
        Compact {
            number,
            stored: side(true) >= side(false),
        }
    }
}

/// A piece's code in a compact number: 1 to 7 for white's in name order,
/// 8 to 14 for black's.
fn piece_code(piece: Piece) -> usize {
    piece.color.index() * 7 + name_rank(piece.kind)
}

/// Where `kind` comes in a material's name.
fn name_rank(kind: Kind) -> usize {
    NAME_RANKS[kind.index()]
}

/// [`name_rank`] of each kind, by index: numbering positions asks it of
/// every piece.
const NAME_RANKS: [usize; NAME_ORDER.len()] = {
    let mut ranks = [0; NAME_ORDER.len()];
    let mut rank = 0;
    while rank < NAME_ORDER.len() {
        ranks[NAME_ORDER[rank].index()] = rank;
        rank += 1;
    }
    ranks
};

/// Where `square` comes (in index order) in `color`'s castle, if it is
/// in it.
fn castle_number(color: Color, square: Square) -> Option<usize> {
    let number = CASTLE_ORDER.numbers[color.index()][square.index()];
    (number != u8::MAX).then_some(usize::from(number))
}

/// The `n`-th square (in index order) of `color`'s castle.
fn castle_square(color: Color, n: usize) -> Option<Square> {
    CASTLE_ORDER.squares[color.index()]
        .get(n)
        .and_then(|&square| Square::from_index(usize::from(square)))
}

/// Each colour's castle in index order, both ways round: numbering a
/// position and building one from its number ask it of both lions.
struct CastleOrder {
    /// Each square's place in the castle, `u8::MAX` outside it.
    numbers: [[u8; Square::COUNT]; 2],
    /// The castle's squares.
    squares: [[u8; 9]; 2],
}

const CASTLE_ORDER: CastleOrder = {
    let mut order = CastleOrder {
        numbers: [[u8::MAX; Square::COUNT]; 2],
        squares: [[0; 9]; 2],
    };
    let mut color = 0;
    while color < 2 {
        let castle = castle_of(Color::ALL[color]).0;
        let mut next = 0;
        let mut square = 0;
        while square < Square::COUNT {
            if castle >> square & 1 == 1 {
                order.numbers[color][square] = next;
                order.squares[color][next as usize] = square as u8;
                next += 1;
            }
            square += 1;
        }
        color += 1;
    }
    order
};

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            if color == Color::Black {
                f.write_str("v")?;
            }
            f.write_str("L")?;
            for piece in self.pieces.iter().filter(|piece| piece.color == color) {
                write!(
                    f,
                    "{}",
                    char::from(piece.kind.letter().to_ascii_uppercase())
                )?;
            }
        }
        Ok(())
    }
}

impl FromStr for Material {
    type Err = ParseMaterialError;

    fn from_str(text: &str) -> Result<Material, ParseMaterialError> {
        let form = || ParseMaterialError::Form(text.to_owned());
        let (white, black) = text.split_once('v').ok_or_else(form)?;
        let mut pieces = Vec::new();
        for (color, side) in [(Color::White, white), (Color::Black, black)] {
            let letters = side.strip_prefix('L').ok_or_else(form)?;
            for letter in letters.chars() {
                let kind = Kind::ALL
                    .into_iter()
                    .find(|kind| char::from(kind.letter().to_ascii_uppercase()) == letter)
                    .filter(|&kind| kind != Kind::Lion)
                    .ok_or(ParseMaterialError::Letter(letter))?;
                pieces.push(Piece::new(color, kind));
            }
        }
        if pieces.len() > MAX_PIECES {
            return Err(ParseMaterialError::TooMany(pieces.len()));
        }
        Ok(Material::new(pieces))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_rules::Bitboard;

    #[test]
    fn four_piece_numbers_round_trip_through_their_positions() {
        // Alike pieces in threes, pairs and fours, and pawns, sampled.
        let mut rng = congo_rules::random::Rng::new(44);
        for name in [
            "LZZvLZ", "LGGGvL", "LZZvLZZ", "LGZvLSP", "LCCCCvL", "LPPvLPP",
        ] {
            let material: Material = name.parse().unwrap();
            let mut named = 0;
            for _ in 0..40_000 {
                let index = rng.below(material.size() as u64) as usize;
                let Some(position) = material.position(index) else {
                    continue;
                };
                named += 1;
                assert_eq!(Material::of(&position.board), material, "{name}");
                assert_eq!(
                    Material::index_of(&position),
                    Some(index),
                    "{name}: {position}"
                );
                // Mirrored, white's lion on the e file, the same number.
                let mirrored = position.mirrored();
                let lion = Piece::new(Color::White, Kind::Lion);
                if position
                    .board
                    .pieces(lion)
                    .into_iter()
                    .any(|s| s.file() == 2)
                {
                    assert_eq!(
                        Material::index_of(&mirrored),
                        Some(index),
                        "{name}: {mirrored}"
                    );
                }
                let placement = material.placement(index).unwrap();
                assert_eq!(material.number(&placement), Some(index), "{name}");
            }
            // Four alike pieces are in square order in one number of 24.
            assert!(named > 1_000, "{name}: {named}");
        }
        // Past the end, no placement.
        let four: Material = "LGZvLSP".parse().unwrap();
        assert_eq!(four.size(), 2 * 6 * 9 * 49usize.pow(4));
        assert!(four.placement(four.size()).is_none());
        assert!(four.placement(four.size() - 1).is_some());
    }

    #[test]
    fn a_placement_is_numbered_as_its_board_is() {
        // Alike pieces in either order, and white's lion on any of its
        // castle's squares, the e file (numbered mirrored) included.
        let mut rng = congo_rules::random::Rng::new(34);
        for name in [
            "LCCvL", "LZZZvL", "LPvLPP", "LGZvLS", "LZZvLZZ", "LGGGvL", "LGZvLSP",
        ] {
            let material: Material = name.parse().unwrap();
            for _ in 0..2_000 {
                let mut squares = [Square::from_index(0).unwrap(); 2 + MAX_PIECES];
                let mut taken = Bitboard::EMPTY;
                for (slot, square) in squares[..2 + material.pieces.len()].iter_mut().enumerate() {
                    let choices: Vec<Square> = match slot {
                        0 => castle_of(Color::White).into_iter().collect(),
                        1 => castle_of(Color::Black).into_iter().collect(),
                        _ => Square::all()
                            .filter(|&square| !taken.contains(square))
                            .collect(),
                    };
                    *square = rng.pick(&choices).unwrap();
                    taken = taken.with(*square);
                }
                let side = if rng.percent(50) {
                    Color::White
                } else {
                    Color::Black
                };
                let placement = Placement { side, squares };
                let mut board = Board::empty();
                board.put(squares[0], Piece::new(Color::White, Kind::Lion));
                board.put(squares[1], Piece::new(Color::Black, Kind::Lion));
                for (&piece, &square) in material.pieces.iter().zip(&squares[2..]) {
                    board.put(square, piece);
                }
                let position = Position {
                    board,
                    side,
                    move_number: 0,
                };
                assert_eq!(
                    material.number(&placement),
                    Material::index_of(&position),
                    "{name}: {position}"
                );
            }
            // Read back from its own number, a placement gives that number.
            for index in (0..material.size()).step_by(material.size() / 100_000 + 1) {
                if let Some(placement) = material
                    .placement(index)
                    .filter(|placement| material.position_of(placement).is_some())
                {
                    assert_eq!(material.number(&placement), Some(index), "{name}");
                }
            }
        }
    }

    #[test]
    fn names_are_canonical_and_round_trip() {
        let material: Material = "LPGvLE".parse().unwrap();
        assert_eq!(material.to_string(), "LGPvLE");
        assert_eq!(
            "LvL".parse::<Material>().unwrap(),
            Material::new(Vec::new())
        );
        for bad in ["LZ", "ZvL", "LXvL", "LZvZ", ""] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
        assert_eq!(
            "LZZZvLPP".parse::<Material>(),
            Err(ParseMaterialError::TooMany(5))
        );
        assert_eq!(
            ParseMaterialError::TooMany(5).to_string(),
            "material has 5 pieces beside the lions, expected at most 4"
        );
        assert_eq!(
            "LZZvLPP".parse::<Material>().unwrap().to_string(),
            "LZZvLPP"
        );
    }

    #[test]
    fn every_index_round_trips_through_its_position() {
        let material: Material = "LZvLP".parse().unwrap();
        let mut valid = 0;
        for index in 0..material.size() {
            if let Some(position) = material.position(index) {
                valid += 1;
                assert_eq!(Material::of(&position.board), material);
                assert_eq!(Material::index_of(&position), Some(index));
            }
        }
        // Both lions (white's on its c and d files), then the zebra and
        // the pawn on the 47 and 46 squares left.
        assert_eq!(valid, 2 * 54 * 47 * 46);
        // A position with white's lion on the e file is its mirror image's.
        let right: Position = "3l3/7/7/7/7/5Z1/4L1p w 0".parse().unwrap();
        let left: Position = "3l3/7/7/7/7/1Z5/p1L4 w 0".parse().unwrap();
        assert_eq!(Material::index_of(&right), Material::index_of(&left));
        assert!(Material::index_of(&left).is_some());
        // Two zebras: each pair of squares once.
        let zebras: Material = "LZZvL".parse().unwrap();
        let numbered = (0..zebras.size())
            .filter(|&index| zebras.position(index).is_some())
            .count();
        assert_eq!(numbered, 2 * 54 * 47 * 46 / 2);
    }

    #[test]
    fn successors_take_and_promote() {
        let material: Material = "LPvLZ".parse().unwrap();
        let names = |promotion| -> Vec<String> {
            material
                .successors(promotion)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        // Named by their stored twins: a black zebra alone is LZvL turned.
        assert_eq!(names(false), ["LvL", "LZvL", "LPvL"]);
        assert_eq!(names(true), ["LvL", "LSvL", "LZvL", "LPvL", "LZvLS"]);
    }

    #[test]
    fn numbered_positions_are_what_their_fen_text_reads_back_as() {
        // What lets `tb verify` check the numbered positions themselves.
        use congo_rules::{Reach, RuleSet};
        let mut rng = congo_rules::random::Rng::new(47);
        let (wits2021, wits2022) = (RuleSet::Wits2021, RuleSet::Wits2022);
        for (name, rule_set) in [
            ("LZPvLPP", wits2021),
            ("LZPvLPP", wits2022),
            ("LGZvLZS", wits2022),
            ("LGZvLGZ", wits2021),
            ("LMCvLP", wits2021),
            ("LPPPvLP", wits2022),
        ] {
            let material: Material = name.parse().unwrap();
            let (mut numbered, mut read) = (0, 0);
            for _ in 0..20_000 {
                let index = rng.below(material.size() as u64) as usize;
                let Some(position) = material.position(index) else {
                    continue;
                };
                numbered += 1;
                // A few unreachable ones are refused; verify checks them
                // as numbered.
                let text = position.to_string();
                if let Ok(back) = Position::from_fen(&text, rule_set, Reach::Game) {
                    assert_eq!(back, position, "{text}");
                    read += 1;
                }
            }
            assert!(read * 50 > numbered * 49, "{name}: {read} of {numbered}");
        }
    }

    #[test]
    fn successors_hold_their_own_and_come_after_them() {
        // What reading a table whole relies on: read in this order, every
        // table finds those it turns into read already.
        for name in ["LZPvLPP", "LPPvLPP", "LGZvLZP", "LMCvLP"] {
            let material: Material = name.parse().unwrap();
            for promotion in [false, true] {
                let order = material.successors(promotion);
                for (at, successor) in order.iter().enumerate() {
                    for below in successor.successors(promotion) {
                        let before = order.iter().position(|m| *m == below);
                        assert!(
                            before.is_some_and(|before| before < at),
                            "{below} after {successor} in {name}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn all_materials_come_after_what_they_turn_into() {
        let all = Material::all_up_to(2, true);
        // LvL, 7 kinds of one white piece, then 28 pairs for white and 28
        // one against one (each pair of colour twins stored once).
        assert_eq!(all.len(), 1 + 7 + 28 + 28);
        for (at, material) in all.iter().enumerate() {
            for successor in material.successors(true) {
                let before = all.iter().position(|m| *m == successor).unwrap();
                assert!(before < at, "{successor} after {material}");
            }
        }
        assert_eq!(Material::all_up_to(2, false).len(), 1 + 6 + 21 + 21);
        // Up to four: of the multisets of 4 from the 14 pieces, 28 are
        // their own twins (the same pair on each side); the rest pair up.
        let all = Material::all_up_to(MAX_PIECES, true);
        assert_eq!(all.len(), 1 + 7 + 56 + 280 + (2380 + 28) / 2);
        let at: std::collections::HashMap<&Material, usize> =
            all.iter().enumerate().map(|(at, m)| (m, at)).collect();
        for (place, material) in all.iter().enumerate() {
            for successor in material.successors(true) {
                assert!(at[&successor] < place, "{successor} after {material}");
            }
        }
        assert_eq!(
            Material::all_up_to(MAX_PIECES, false).len(),
            1 + 6 + 42 + 182 + (1365 + 21) / 2
        );
    }

    #[test]
    fn compact_numbers_tell_materials_and_stored_twins_apart() {
        let mut seen = std::collections::HashMap::new();
        for material in Material::all_up_to(MAX_PIECES, true) {
            for twin in [material.clone(), material.swapped()] {
                let number = twin.compact();
                assert!(number < Compact::COUNT);
                let position = (0..twin.size())
                    .find_map(|index| twin.position(index))
                    .unwrap();
                let compact = Compact::of(&position.board).unwrap();
                assert_eq!(compact.number, number, "{twin}");
                assert_eq!(compact.stored, twin.is_stored(), "{twin}");
                if let Some(other) = seen.insert(number, twin.clone()) {
                    assert_eq!(other, twin);
                }
            }
        }
        let crowded: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0".parse().unwrap();
        assert_eq!(Compact::of(&crowded.board), Err(26));
        let five: Position = "3l3/7/7/7/7/GMCZE2/3L3 w 0".parse().unwrap();
        assert_eq!(Compact::of(&five.board), Err(5));
    }

    #[test]
    fn compact_numbers_agree_with_materials_on_random_boards() {
        // Boards of none to four pieces beside the lions, of any kinds and
        // colours: the compact number and stored twin are the material's,
        // and two materials never share a number.
        let mut rng = congo_rules::random::Rng::new(404);
        let kinds: Vec<Kind> = NAME_ORDER[1..].to_vec();
        let mut seen = std::collections::HashMap::new();
        for _ in 0..20_000 {
            let mut board = Board::empty();
            for color in Color::ALL {
                let castle: Vec<Square> = castle_of(color).into_iter().collect();
                board.put(rng.pick(&castle).unwrap(), Piece::new(color, Kind::Lion));
            }
            for _ in 0..rng.below(MAX_PIECES as u64 + 1) {
                let empty: Vec<Square> = Square::all()
                    .filter(|&square| board.piece_at(square).is_none())
                    .collect();
                let color = if rng.percent(50) {
                    Color::White
                } else {
                    Color::Black
                };
                let piece = Piece::new(color, rng.pick(&kinds).unwrap());
                board.put(rng.pick(&empty).unwrap(), piece);
            }
            let material = Material::of(&board);
            let compact = Compact::of(&board).unwrap();
            assert_eq!(compact.number, material.compact(), "{material}");
            assert!(compact.number < Compact::COUNT);
            assert_eq!(compact.stored, material.is_stored(), "{material}");
            if let Some(other) = seen.insert(compact.number, material.clone()) {
                assert_eq!(other, material);
            }
        }
        assert!(seen.len() > 2_000, "{}", seen.len());
    }

    #[test]
    fn one_of_each_pair_of_colour_twins_is_stored() {
        for (name, stored) in [
            ("LPvLZ", "LZvLP"),
            ("LZvLP", "LZvLP"),
            ("LvLGZ", "LGZvL"),
            ("LSvLSP", "LSPvLS"),
            ("LZvLZ", "LZvLZ"),
            ("LvL", "LvL"),
        ] {
            let material: Material = name.parse().unwrap();
            assert_eq!(material.stored().to_string(), stored, "{name}");
            assert_eq!(material.swapped().swapped(), material);
            assert_eq!(material.swapped().stored(), material.stored());
        }
    }
}
