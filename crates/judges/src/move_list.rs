//! The judges any [`Notation`] gets: `moves` (every legal move of each
//! position, one line), `perft D` and `divide D`. Congo and Russian
//! checkers both answer through them, and Two-player Wildebeest's lines.

use std::fmt;
use std::io::Write;
use std::sync::Arc;

use super::reader::Reader;
use super::{AnswerKind, Case, CaseError, Judge, Listing, Shape};
use congo_kit::text::write_spaced;
use congo_rules::board_game::Notation;
use congo_rules::perft::{self, PerftCache};
use congo_rules::random::PieceSet;
use congo_rules::{CongoRules, KindsSeen};

pub(super) const MOVES: Listing = Listing::new(
    "moves",
    "every legal move of the side to move (none once a lion is taken)",
    |rules| Box::new(MoveList::new(rules)),
)
.taking_fen();

/// `perft D`: its listing, with the options the command line declares.
pub const PERFT: Listing = Listing::with_options(
    "perft",
    "the number of positions D moves deep (D at most 20)",
);

/// `divide D`: its listing, with the options the command line declares.
pub const DIVIDE: Listing = Listing::with_options(
    "divide",
    "each legal move with its perft count D-1 deeper, then the total",
);

/// `checkers`: its listing, with the options the command line declares.
pub const CHECKERS: Listing = Listing::with_options(
    "checkers",
    "Russian checkers: every legal move of each position, given as \
     <row 8>/.../<row 1> <WHITE|BLACK>",
);

/// What a game must be for these judges: its positions and moves can be
/// copied to other threads.
pub trait Listable:
    Notation<Position: Clone + fmt::Debug + Send + Sync, Move: Clone + fmt::Debug + Send + Sync>
    + Clone
    + fmt::Debug
    + Send
    + Sync
    + 'static
{
    /// The random positions `check` tries these judges on, if any.
    fn checked_on(&self) -> Option<PieceSet> {
        None
    }
}

/// Congo's are checked on positions of the full game.
impl Listable for CongoRules {
    fn checked_on(&self) -> Option<PieceSet> {
        Some(PieceSet::Full)
    }
}

impl Listable for congo_checkers::Checkers {}
impl Listable for congo_wildebeest::Wildebeest {}

/// One line per position: every legal move, in the game's order (sorted
/// as strings), separated by spaces.
#[derive(Clone, Debug)]
pub struct MoveList<G: Listable> {
    reader: Reader<G>,
    /// Reused from line to line, so answering allocates nothing.
    moves: Vec<G::Move>,
}

impl<G: Listable> MoveList<G> {
    /// The judge of `rules`'s moves.
    pub fn new(rules: G) -> MoveList<G> {
        MoveList {
            reader: Reader::new(rules),
            moves: Vec::new(),
        }
    }
}

impl<G: Listable> Judge for MoveList<G> {
    fn shape(&self) -> Shape {
        Shape::line_per_position(AnswerKind::Moves)
    }

    fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let (rules, position) = self.reader.read(case.lines)?;
        self.moves.clear();
        rules.moves(position, &mut self.moves);
        rules.in_text_order(&mut self.moves);
        write_spaced(&self.moves, out, |m, out| rules.write_move(m, out));
        Ok(())
    }

    fn take_kinds(&mut self) -> KindsSeen {
        self.reader.take_kinds()
    }

    fn checked_on(&self) -> Option<PieceSet> {
        self.reader.rules().checked_on()
    }
}

/// How a perft is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    /// Moves deep.
    pub depth: u32,
    /// Threads counting each position (1: this one alone).
    pub threads: usize,
    /// The MiB of a table of counts already made ([`PerftCache`]), if one
    /// is used: the second way of counting.
    pub hash: Option<usize>,
}

impl Counting {
    /// `depth` deep on this thread alone, with no table.
    pub fn plain(depth: u32) -> Counting {
        Counting {
            depth,
            threads: 1,
            hash: None,
        }
    }

    /// The table this counting asks for, shared by every worker.
    fn cache(self) -> Option<Arc<PerftCache>> {
        self.hash
            .map(|mebibytes| Arc::new(PerftCache::new(mebibytes)))
    }
}

/// One line per position: the number of move sequences `depth` deep.
#[derive(Clone)]
pub struct Perft<G: Listable> {
    reader: Reader<G>,
    counting: Counting,
    cache: Option<Arc<PerftCache>>,
}

impl<G: Listable> Perft<G> {
    /// The judge counting `rules`'s move tree as `counting` says.
    pub fn new(rules: G, counting: Counting) -> Perft<G> {
        Perft {
            reader: Reader::new(rules),
            cache: counting.cache(),
            counting,
        }
    }
}

impl<G: Listable> fmt::Debug for Perft<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Perft")
            .field("game", self.reader.rules())
            .field("counting", &self.counting)
            .finish()
    }
}

impl<G: Listable> Judge for Perft<G> {
    fn shape(&self) -> Shape {
        Shape::line_per_position(AnswerKind::Number)
    }

    fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let (rules, position) = self.reader.read(case.lines)?;
        let Counting { depth, threads, .. } = self.counting;
        let cache = self.cache.as_deref();
        let leaves = perft::count_threads(rules, position, depth, threads, cache);
        let _ = writeln!(out, "{leaves}");
        Ok(())
    }

    fn take_kinds(&mut self) -> KindsSeen {
        self.reader.take_kinds()
    }

    fn checked_on(&self) -> Option<PieceSet> {
        self.reader.rules().checked_on()
    }
}

/// A block per position: `<move> <count>` for each legal move, then
/// `total <count>`; blocks are separated by a blank line.
#[derive(Clone)]
pub struct Divide<G: Listable> {
    perft: Perft<G>,
}

impl<G: Listable> Divide<G> {
    /// The judge splitting `rules`'s move tree by the first move.
    pub fn new(rules: G, counting: Counting) -> Divide<G> {
        Divide {
            perft: Perft::new(rules, counting),
        }
    }
}

impl<G: Listable> fmt::Debug for Divide<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Divide")
            .field("game", self.perft.reader.rules())
            .field("counting", &self.perft.counting)
            .finish()
    }
}

impl<G: Listable> Judge for Divide<G> {
    fn shape(&self) -> Shape {
        Shape::block_per_position()
    }

    fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let Perft {
            reader,
            counting,
            cache,
        } = &mut self.perft;
        let (rules, position) = reader.read(case.lines)?;
        let mut total = 0;
        let Counting { depth, threads, .. } = *counting;
        let split = perft::split(rules, position, depth, threads, cache.as_deref(), |moves| {
            rules.in_text_order(moves)
        });
        for (m, leaves) in split {
            rules.write_move(&m, out);
            let _ = writeln!(out, " {leaves}");
            total += leaves;
        }
        // Zero moves deep, the position itself is the one leaf, as in perft.
        if depth == 0 {
            total = 1;
        }
        let _ = writeln!(out, "total {total}");
        Ok(())
    }

    fn take_kinds(&mut self) -> KindsSeen {
        self.perft.reader.take_kinds()
    }

    fn checked_on(&self) -> Option<PieceSet> {
        self.perft.checked_on()
    }
}
