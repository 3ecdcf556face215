//! The engine plays from whatever endgame tables it is given: a stand-in
//! that knows one position, to show that the engine asks the tables at
//! the root and inside its search, and trusts their answers; on a clock,
//! it gives them half its time and searches in the rest.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use congo_engine::{Engine, Limit, Weights};
use congo_rules::endgame::{EndgameTables, ProbeError, Value};
use congo_rules::{History, Move, Position, RuleSet, START};

/// Tables that call the position `marked` lost for its side to move and
/// every other a draw, and name no best move (so the root is searched).
struct OneLoss {
    marked: Position,
}

impl OneLoss {
    fn is_marked(&self, position: &Position) -> bool {
        position.board == self.marked.board && position.side == self.marked.side
    }
}

impl EndgameTables for OneLoss {
    fn folder(&self) -> &Path {
        Path::new("one-loss")
    }

    fn most_pieces(&self) -> usize {
        49
    }

    fn probe(&self, position: &Position) -> Result<Value, ProbeError> {
        Ok(if self.is_marked(position) {
            Value::Loss(2)
        } else {
            Value::Draw
        })
    }

    fn best(&self, _: &Position) -> Result<(Value, Option<Move>), ProbeError> {
        Err(ProbeError::Tables("the stand-in names no moves".into()))
    }

    fn keeping_moves(&self, _: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
        Err(ProbeError::Tables("the stand-in names no moves".into()))
    }
}

fn start() -> Position {
    START.parse().unwrap()
}

/// Each legal move at `position` and the position it leads to.
fn children(position: &Position) -> Vec<(Move, Position)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let children = moves
        .iter()
        .map(|&m| position.play(m, RuleSet::default()).unwrap());
    moves.iter().copied().zip(children).collect()
}

#[test]
fn inside_its_search_the_engine_plays_into_the_position_the_tables_call_lost() {
    let root = start();
    // Every move in turn, so that the engine's own liking cannot pass for
    // the tables' word.
    for (chosen, child) in children(&root) {
        let tables = OneLoss { marked: child };
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED)
            .with_endgame_tables(Some(Arc::new(tables)));
        let choice = engine
            .choose(&root, Limit::Depth(2), &History::default())
            .unwrap();
        assert_eq!(choice.best, chosen);
        assert_eq!(choice.tablebase, None, "the root is searched");
    }
}

#[test]
fn at_a_covered_root_the_engine_plays_the_tables_best_move() {
    /// Tables whose best move is the last legal one, won in 3.
    struct LastWins;
    impl EndgameTables for LastWins {
        fn folder(&self) -> &Path {
            Path::new("last-wins")
        }
        fn most_pieces(&self) -> usize {
            49
        }
        fn probe(&self, _: &Position) -> Result<Value, ProbeError> {
            Ok(Value::Win(3))
        }
        fn best(&self, position: &Position) -> Result<(Value, Option<Move>), ProbeError> {
            Ok((Value::Win(3), children(position).last().map(|&(m, _)| m)))
        }
        fn keeping_moves(&self, _: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
            Ok((Value::Win(3), Vec::new()))
        }
    }
    let root = start();
    let last = children(&root).last().unwrap().0;
    let mut engine = Engine::new(RuleSet::default(), Weights::TUNED)
        .with_endgame_tables(Some(Arc::new(LastWins)));
    let choice = engine
        .choose(&root, Limit::Depth(4), &History::default())
        .unwrap();
    assert_eq!((choice.best, choice.tablebase), (last, Some(Value::Win(3))));
}

/// Tables as slow as a cold disk: past the deadline they are given,
/// they give up; they note when they were asked, and until when.
struct Slow {
    asked: Mutex<Vec<(Instant, Instant)>>,
}

impl EndgameTables for Slow {
    fn folder(&self) -> &Path {
        Path::new("slow")
    }
    fn most_pieces(&self) -> usize {
        49
    }
    fn probe(&self, _: &Position) -> Result<Value, ProbeError> {
        Err(ProbeError::Tables(
            "the stand-in only answers the root".into(),
        ))
    }
    fn best(&self, _: &Position) -> Result<(Value, Option<Move>), ProbeError> {
        panic!("asked without a deadline on a clock")
    }
    fn best_by(
        &self,
        _: &Position,
        deadline: Instant,
    ) -> Result<Option<(Value, Option<Move>)>, ProbeError> {
        self.asked.lock().unwrap().push((Instant::now(), deadline));
        std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
        Ok(None)
    }
    fn keeping_moves(&self, _: &Position) -> Result<(Value, Vec<Move>), ProbeError> {
        Ok((Value::Draw, Vec::new()))
    }
}

#[test]
fn on_a_clock_the_tables_get_half_the_time_and_the_search_the_rest() {
    let tables = Arc::new(Slow {
        asked: Mutex::new(Vec::new()),
    });
    let mut engine =
        Engine::new(RuleSet::default(), Weights::TUNED).with_endgame_tables(Some(tables.clone()));
    let root = start();
    let time = Duration::from_millis(200);
    let before = Instant::now();
    let choice = engine
        .choose(&root, Limit::Time(time), &History::default())
        .unwrap();
    let asked = tables.asked.lock().unwrap().clone();
    // Half the time from when the engine began, which was after `before`
    // and before it asked the tables.
    let [(at, deadline)] = asked[..] else {
        panic!("asked {} times", asked.len());
    };
    assert!(before + time / 2 <= deadline && deadline <= at + time / 2);
    // The search had the rest: a move of its own, not the tables'.
    assert_eq!(choice.tablebase, None);
    assert!(children(&root).iter().any(|&(m, _)| m == choice.best));
}
