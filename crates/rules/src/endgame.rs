//! Endgame tables as a player sees them: a position's [`Value`] under
//! perfect play, and [`EndgameTables`], all that the engine, the arena,
//! the judges and the board ask of tables. The tables themselves
//! (`congo-tables`) implement it, so that those crates build without them
//! and their tests can stand in tables of their own.

use std::error::Error;
use std::fmt;
use std::path::Path;
use std::time::Instant;

use crate::{Move, Position};

/// A position's value for the side to move under perfect play.
///
/// ```
/// use congo_rules::endgame::Value;
///
/// assert_eq!(Value::Win(3).to_string(), "win 3");
/// assert_eq!(Value::Draw.to_string(), "draw");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// It captures the enemy lion in this many plies (odd), at the latest.
    Win(u16),
    /// Its lion is captured (or it is left without a move) in this many
    /// plies (even), at the earliest.
    Loss(u16),
    /// Neither side can force a lion capture.
    Draw,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(plies) => write!(f, "win {plies}"),
            Value::Loss(plies) => write!(f, "loss {plies}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// A position's value for the side to move without its distance: all a
/// search needs, and what tables can give quickest. Ordered worst first.
///
/// ```
/// use congo_rules::endgame::{Value, Wdl};
///
/// assert_eq!(Wdl::of(Value::Loss(4)), Wdl::Loss);
/// assert!(Wdl::Loss < Wdl::Draw && Wdl::Draw < Wdl::Win);
/// assert_eq!(Wdl::Win.to_string(), "win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost under perfect play.
    Loss,
    /// Drawn.
    Draw,
    /// Won.
    Win,
}

impl Wdl {
    /// The class of `value`.
    ///
    /// ```
    /// use congo_rules::endgame::{Value, Wdl};
    ///
    /// assert_eq!(Wdl::of(Value::Win(7)), Wdl::Win);
    /// ```
    pub fn of(value: Value) -> Wdl {
        match value {
            Value::Loss(_) => Wdl::Loss,
            Value::Draw => Wdl::Draw,
            Value::Win(_) => Wdl::Win,
        }
    }

    /// The value to the side that moved into a position of this value.
    ///
    /// ```
    /// use congo_rules::endgame::Wdl;
    ///
    /// assert_eq!(Wdl::Loss.for_parent(), Wdl::Win);
    /// assert_eq!(Wdl::Draw.for_parent(), Wdl::Draw);
    /// ```
    pub fn for_parent(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}

/// Why tables gave no value: their own error, shown in their words.
///
/// ```
/// use congo_rules::endgame::ProbeError;
///
/// let error = ProbeError::Tables("missing table LZvLP.2022.ctbw".into());
/// assert_eq!(error.to_string(), "missing table LZvLP.2022.ctbw");
/// ```
#[derive(Debug)]
pub enum ProbeError {
    /// The tables could not answer (too many pieces, a table missing or
    /// unreadable).
    Tables(Box<dyn Error + Send + Sync>),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Tables(error) => error.fmt(f),
        }
    }
}

impl Error for ProbeError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ProbeError::Tables(error) => error.source(),
        }
    }
}

/// Perfect play in positions of few pieces, as endgame tables give it,
/// shared by the threads of a search.
///
/// ```
/// use std::path::Path;
/// use congo_rules::endgame::{EndgameTables, ProbeError, Value, Wdl};
/// use congo_rules::{Move, Position};
///
/// /// Tables that know only that two bare lions draw.
/// struct BareLions;
///
/// impl EndgameTables for BareLions {
///     fn folder(&self) -> &Path {
///         Path::new("bare")
///     }
///     fn most_pieces(&self) -> usize {
///         2
///     }
///     fn probe(&self, _: &Position) -> Result<Value, ProbeError> {
///         Ok(Value::Draw)
///     }
///     fn best(&self, position: &Position) -> Result<(Value, Option<Move>), ProbeError> {
///         let (value, moves) = self.keeping_moves(position)?;
///         Ok((value, moves.first().copied()))
///     }
///     fn keeping_moves(&self, position: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
///         let mut moves = Vec::new();
///         position.legal_moves(&mut moves);
///         Ok((Value::Draw, moves))
///     }
/// }
///
/// let position: Position = "2l4/7/7/7/7/7/3L3 w 1".parse()?;
/// assert!(BareLions.covers(&position));
/// assert_eq!(BareLions.wdl(&position), Some(Wdl::Draw));
/// assert_eq!(BareLions.best(&position)?.1.map(|m| m.to_string()), Some("d1c1".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait EndgameTables: Send + Sync {
    /// Where the tables are read from, as a match's conditions name them.
    fn folder(&self) -> &Path;

    /// The most pieces, both lions counted, of a position the tables
    /// hold: a search compares a node's count with it before it asks
    /// anything more.
    fn most_pieces(&self) -> usize;

    /// Whether `position` has few enough pieces for the tables (whether
    /// its table is there is another matter).
    fn covers(&self, position: &Position) -> bool {
        position.board.occupied().count() as usize <= self.most_pieces()
    }

    /// The value of `position`, which must have both lions, with its
    /// distance.
    fn probe(&self, position: &Position) -> Result<Value, ProbeError>;

    /// Win, draw or loss for the side to move in `position`, none where
    /// the tables cannot say: what a search asks at every node it covers,
    /// so tables may answer more cheaply than [`probe`], and no error is
    /// made only to be dropped.
    ///
    /// [`probe`]: EndgameTables::probe
    fn wdl(&self, position: &Position) -> Option<Wdl> {
        self.probe(position).ok().map(Wdl::of)
    }

    /// [`wdl`], none if answering would read past `deadline`: what a
    /// search on a clock asks, so that a slow disk costs it the tables'
    /// answer, not its move. The default, for tables that answer at once,
    /// does not look at the clock.
    ///
    /// ```
    /// # use std::path::Path;
    /// # use std::time::{Duration, Instant};
    /// # use congo_rules::endgame::{EndgameTables, ProbeError, Value, Wdl};
    /// # use congo_rules::{Move, Position};
    /// # struct BareLions;
    /// # impl EndgameTables for BareLions {
    /// #     fn folder(&self) -> &Path { Path::new("bare") }
    /// #     fn most_pieces(&self) -> usize { 2 }
    /// #     fn probe(&self, _: &Position) -> Result<Value, ProbeError> { Ok(Value::Draw) }
    /// #     fn best(&self, _: &Position) -> Result<(Value, Option<Move>), ProbeError> {
    /// #         Ok((Value::Draw, None))
    /// #     }
    /// #     fn keeping_moves(&self, _: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
    /// #         Ok((Value::Draw, Vec::new()))
    /// #     }
    /// # }
    /// let position: Position = "2l4/7/7/7/7/7/3L3 w 1".parse()?;
    /// let deadline = Instant::now() + Duration::from_millis(100);
    /// assert_eq!(BareLions.wdl_by(&position, deadline), Some(Wdl::Draw));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`wdl`]: EndgameTables::wdl
    fn wdl_by(&self, position: &Position, deadline: Instant) -> Option<Wdl> {
        let _ = deadline;
        self.wdl(position)
    }

    /// The value of `position` and a best move (none when it has no legal
    /// move): the quickest win, or a draw, or the slowest loss.
    fn best(&self, position: &Position) -> Result<(Value, Option<Move>), ProbeError>;

    /// [`best`], given up (`None`) once `deadline` has passed, so that a
    /// player on a clock can search instead: tables that read their files
    /// check the clock before each lookup; the default, for tables that
    /// answer at once, does not.
    ///
    /// ```
    /// # use std::path::Path;
    /// # use std::time::{Duration, Instant};
    /// # use congo_rules::endgame::{EndgameTables, ProbeError, Value};
    /// # use congo_rules::{Move, Position};
    /// # struct BareLions;
    /// # impl EndgameTables for BareLions {
    /// #     fn folder(&self) -> &Path { Path::new("bare") }
    /// #     fn most_pieces(&self) -> usize { 2 }
    /// #     fn probe(&self, _: &Position) -> Result<Value, ProbeError> { Ok(Value::Draw) }
    /// #     fn best(&self, _: &Position) -> Result<(Value, Option<Move>), ProbeError> {
    /// #         Ok((Value::Draw, None))
    /// #     }
    /// #     fn keeping_moves(&self, _: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
    /// #         Ok((Value::Draw, Vec::new()))
    /// #     }
    /// # }
    /// let position: Position = "2l4/7/7/7/7/7/3L3 w 1".parse()?;
    /// let deadline = Instant::now() + Duration::from_millis(100);
    /// assert_eq!(BareLions.best_by(&position, deadline)?, Some((Value::Draw, None)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`best`]: EndgameTables::best
    fn best_by(
        &self,
        position: &Position,
        _deadline: Instant,
    ) -> Result<Option<(Value, Option<Move>)>, ProbeError> {
        self.best(position).map(Some)
    }

    /// The value of `position` and every move that keeps it, sorted as
    /// strings.
    fn keeping_moves(&self, position: &Position) -> Result<(Value, Vec<Move>), ProbeError>;
}

/// Tables are told apart by their folder, as options name them.
impl fmt::Debug for dyn EndgameTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EndgameTables({})", self.folder().display())
    }
}

/// Two tables read from one folder are the same tables.
impl PartialEq for dyn EndgameTables {
    fn eq(&self, other: &Self) -> bool {
        self.folder() == other.folder()
    }
}
