//! [`Position`]: the board, the side to move and the move number, with
//! its operations grouped by concern, a file each: reading and writing
//! FENs (`fen.rs`, errors in `fen_error.rs`), which positions are accepted
//! (`acceptance.rs`), the legal moves and a move's text (`legal.rs`),
//! the moves that change the material, for endgame tables (`leaving.rs`),
//! playing a move with its captures, promotion and drowning (`play.rs`),
//! and the mirror images (`symmetry.rs`). How a game stands and ends is
//! above, in `outcome.rs`.

mod acceptance;
mod fen;
mod fen_error;
mod leaving;
mod legal;
mod play;
mod symmetry;

pub use acceptance::{MAX_CHAINS, Reach};
pub use fen_error::FenError;
pub use legal::MoveError;
pub use play::MoveEffects;
pub use play::drownable;

use crate::{Board, Color, Kind, Piece};

/// Everything a FEN says: `<pieces> <side> <move number>`.
///
/// Read by [`Position::read_fen`] (or [`Position::from_fen`], or
/// [`str::parse`] with the defaults), which also checks that the position
/// is one the rule set allows and the reader accepts; written back in its
/// canonical form by `Display`.
///
/// ```
/// use congo_rules::{Color, Position};
///
/// let position: Position = "2l4/7/4z2/4c2/PP2EP1/3L2p/7 B 23".parse().unwrap();
/// assert_eq!(position.side, Color::Black);
/// assert_eq!(position.to_string(), "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23");
/// assert!("3l3/7/7/7/7/7/L6 w 1".parse::<Position>().is_err()); // a lion astray
/// ```
///
/// Aligned to a cache line: perft and the searches copy a position per
/// move, and a copy to a place that straddles lines ran perft a fifth
/// slower (which place the stack gave it changed with unrelated code).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[repr(align(64))]
pub struct Position {
    /// Where the pieces stand.
    pub board: Board,
    /// The side whose turn it is.
    pub side: Color,
    /// How many moves black has made (it grows after each black move).
    pub move_number: u32,
}

impl Position {
    /// Whether `color`'s lion is on the board.
    ///
    /// ```
    /// use congo_rules::{Color, Position};
    ///
    /// // White's lion has flown onto black's.
    /// let position: Position = "3L3/7/7/7/7/7/7 b 1".parse()?;
    /// assert!(position.has_lion(Color::White));
    /// assert!(!position.has_lion(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_lion(&self, color: Color) -> bool {
        !self.board.pieces(Piece::new(color, Kind::Lion)).is_empty()
    }

    /// Whether both lions are on the board: until one is taken, the
    /// side to move has moves to play.
    ///
    /// ```
    /// use congo_rules::{Position, START};
    ///
    /// assert!(START.parse::<Position>()?.both_lions());
    /// let won: Position = "3L3/7/7/7/7/7/7 b 1".parse()?;
    /// assert!(!won.both_lions());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn both_lions(&self) -> bool {
        self.has_lion(Color::White) && self.has_lion(Color::Black)
    }

    /// Whether the two lions are all that is left: a draw by the
    /// assignment's evaluation, whatever the lions can do (for play, see
    /// [`Position::is_bare_lions_draw`]).
    ///
    /// ```
    /// use congo_rules::Position;
    ///
    /// let bare: Position = "3l3/7/7/7/7/7/3L3 w 1".parse()?;
    /// assert!(bare.only_lions_left());
    /// assert!(!bare.is_bare_lions_draw()); // white flies onto the black lion
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn only_lions_left(&self) -> bool {
        let lions = self.board.by_kind(Kind::Lion);
        lions == self.board.occupied() && lions.count() == 2
    }
}
