//! The playing engine's search: iterative deepening with aspiration
//! windows over a principal variation search with late-move reductions
//! and reverse futility pruning;
//! a transposition table shared by lazy SMP helper threads; move ordering
//! by the table's move, captures by victim value, killer moves and the
//! history of quiet cut-offs; a quiescence search on captures;
//! repetitions scored as draws with a contempt; the evaluation shrunk as
//! quiet plies pile up ([`crate::quiet`]); endgame tables where they
//! cover a position; and a clock read by work done, under a depth, node
//! or time limit.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use super::eval::{
    Assessment, ENGINE_WIN, WON_BY_EVALUATION, Weights, assess_until, evaluate_until,
};
use crate::net::{Network, UnitStack};
use crate::quiet::damped;
use crate::transposition::SharedTable;
use congo_rules::endgame::{EndgameTables, Value, Wdl};
use congo_rules::move_lists::MoveLists;
use congo_rules::{
    Color, History, Kind, Move, Position, RuleSet, Square, Status, movegen, zobrist,
};

/// The deepest the search goes, in plies.
const MAX_PLY: usize = 64;

/// Work (nodes visited plus moves generated) between two readings of the
/// clock. Counting work rather than nodes keeps the readings frequent in a
/// position with a million monkey moves, where a node is a million times
/// dearer; generation itself asks the clock too, every
/// [`movegen::CHAINS_PER_CHECK`] chains.
const WORK_PER_CHECK: u64 = 4_096;

/// The most plies left at which a node may be cut off by its static
/// evaluation alone, and the margin above `beta` it needs for each ply.
const REVERSE_FUTILITY_DEPTH: u32 = 6;
const REVERSE_FUTILITY_MARGIN: i32 = 90;

/// How long or deep to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many plies (deterministic).
    Depth(u32),
    /// Deepen until this much time has gone.
    Time(Duration),
    /// Deepen until exactly this many nodes have been visited: the same
    /// work, and so the same move, however loaded the machine.
    Nodes(u64),
}

/// The chosen move and its score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The last depth searched to the end.
    pub depth: u32,
    /// The endgame tables' value, when the move came from them.
    pub tablebase: Option<Value>,
}

/// The engine's search state; keep one for a game.
#[derive(Clone)]
pub struct Engine {
    rule_set: RuleSet,
    weights: Weights,
    /// The transposition table, shared with the helper threads of a lazy
    /// SMP search (a clone of the engine gets its own).
    transpositions: SharedTable,
    /// Threads searching each move: this one and `threads - 1` helpers.
    threads: usize,
    /// Set when the search is to stop: for a helper thread, once the main
    /// search is done; for the main search, when whoever asked for it no
    /// longer wants it ([`Engine::stop_when`]).
    halt: Option<Arc<AtomicBool>>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// How often each quiet move (by side, from, to) cut the search off,
    /// weighted by depth: the order of the moves neither the table nor
    /// the killers rank.
    cutoffs: CutoffHistory,
    lists: MoveLists,
    deadline: Option<Instant>,
    /// The nodes a [`Limit::Nodes`] search may visit.
    node_limit: Option<u64>,
    /// Every `go` searches this many nodes instead of its time.
    fixed_nodes: Option<u64>,
    stopped: bool,
    /// Work done in this search, and when the clock is next read.
    work: u64,
    next_check: u64,
    /// The keys of the positions before this one in the game, and of
    /// those on the path being searched: meeting one again is a draw.
    path_keys: Vec<u64>,
    /// The quiet plies ([`History::quiet_plies`]) before the position
    /// each ply down the path being searched: its evaluation is
    /// [`damped`] by them.
    quiet_plies: [u32; MAX_PLY + 1],
    /// The positions the last search visited.
    pub nodes: u64,
    /// Endgame tables to play perfectly from, and to score with, inside.
    endgame_tables: Option<Arc<dyn EndgameTables>>,
    /// The most pieces of a position they hold (0 without tables): every
    /// node is counted against it before the tables are asked.
    table_pieces: usize,
    /// What a draw (a repeated position, the bare lions) costs the side
    /// the engine plays: a draw is worth less than an even position, so
    /// that the engine looks for a way on.
    contempt: i32,
    /// The learned evaluation and its units along the path, when it
    /// scores positions instead of the weights.
    net: Option<UnitStack>,
}

impl Engine {
    /// 2^18 entries of 40 bytes, 10 MB: ample for searches of a second or so.
    const TABLE_BITS: u32 = 18;

    /// The default cost of a draw, in centipawns: against `engine --weak`
    /// it turned 7 ply-limit draws in 200 games into none (50 left one);
    /// in self-play at fixed nodes it measured +17 (95%: -18 to +51).
    pub const CONTEMPT: i32 = 100;

    /// An engine playing by `rule_set` and evaluating with `weights`.
    pub fn new(rule_set: RuleSet, weights: Weights) -> Engine {
        Engine::with_transpositions(rule_set, weights, SharedTable::new(Self::TABLE_BITS))
    }

    /// The engine as congo plays by default: scoring with the shipped
    /// net, its weights ordering captures.
    pub fn shipped(rule_set: RuleSet) -> Engine {
        Engine::new(rule_set, Weights::TUNED).with_net(Some(crate::net::shipped()))
    }

    /// A new engine keeping its entries in `transpositions`.
    fn with_transpositions(
        rule_set: RuleSet,
        weights: Weights,
        transpositions: SharedTable,
    ) -> Engine {
        Engine {
            rule_set,
            weights,
            transpositions,
            threads: 1,
            halt: None,
            killers: [[None; 2]; MAX_PLY],
            cutoffs: CutoffHistory::default(),
            lists: MoveLists::default(),
            deadline: None,
            node_limit: None,
            fixed_nodes: None,
            stopped: false,
            work: 0,
            next_check: 0,
            path_keys: Vec::new(),
            quiet_plies: [0; MAX_PLY + 1],
            nodes: 0,
            endgame_tables: None,
            table_pieces: 0,
            contempt: Self::CONTEMPT,
            net: None,
        }
    }

    /// The engine scoring positions with `network` instead of its
    /// weights (which still order its captures), when one is given.
    pub fn with_net(mut self, network: Option<Arc<Network>>) -> Engine {
        self.net = network.map(|network| UnitStack::new(network, MAX_PLY));
        self
    }

    /// The engine valuing a draw at `contempt` less than an even position
    /// for itself.
    pub fn with_contempt(mut self, contempt: i32) -> Engine {
        self.contempt = contempt;
        self
    }

    /// The value of a draw `ply` plies below the root, for the side to
    /// move there.
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// The engine searching exactly `nodes` nodes for every move asked of
    /// it by time (`engine --nodes N`), when `nodes` is given.
    pub fn with_fixed_nodes(mut self, nodes: Option<u64>) -> Engine {
        self.fixed_nodes = nodes;
        self
    }

    /// The engine searching each move with `threads` threads (lazy SMP;
    /// at least one). Searches by depth or nodes are then no longer
    /// repeatable: the threads race.
    pub fn with_threads(mut self, threads: usize) -> Engine {
        self.threads = threads.max(1);
        self
    }

    /// The limit a move asked for with `time` gets: the time, or the fixed
    /// number of nodes.
    pub fn limit_for(&self, time: Duration) -> Limit {
        self.fixed_nodes.map_or(Limit::Time(time), Limit::Nodes)
    }

    /// The engine playing from `tables` wherever they cover the position.
    pub fn with_endgame_tables(mut self, tables: Option<Arc<dyn EndgameTables>>) -> Engine {
        self.table_pieces = tables.as_ref().map_or(0, |tables| tables.most_pieces());
        self.endgame_tables = tables;
        self
    }

    /// The net the engine scores with, if not its weights.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref().map(UnitStack::network)
    }

    /// The most pieces of a position the engine's tables hold (0 without).
    pub fn table_pieces(&self) -> usize {
        self.table_pieces
    }

    /// The tables' win, draw or loss for `position`, if they cover it
    /// and are there: a search needs no distance (the root plays the
    /// tables' best move, which has it), and the file that holds it is a
    /// fifth the size.
    fn probe(&self, position: &Position) -> Option<Wdl> {
        if position.board.occupied().count() as usize > self.table_pieces {
            return None;
        }
        let tables = self.endgame_tables.as_ref()?;
        match self.deadline {
            Some(deadline) => tables.wdl_by(position, deadline),
            None => tables.wdl(position),
        }
    }

    /// The engine stopping its searches, at its next reading of the clock,
    /// once `halt` is set (`None`: only its limit stops it). A stopped
    /// search still returns a legal move, the best found so far.
    pub fn stop_when(&mut self, halt: Option<Arc<AtomicBool>>) {
        self.halt = halt;
    }

    /// Forgets everything learnt, as for a new game.
    pub fn clear(&mut self) {
        self.transpositions.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.cutoffs = CutoffHistory::default();
    }

    /// The move to play, or `None` when there is none (the game is over).
    /// A move that takes the enemy lion is always chosen at once.
    /// Steering back into a position of `history` counts as a draw, and
    /// its quiet plies shrink the evaluation toward 0, so that an engine
    /// that is ahead looks for progress instead of shuffling.
    pub fn choose(
        &mut self,
        position: &Position,
        limit: Limit,
        history: &History,
    ) -> Option<Choice> {
        if position.status() != Status::Ongoing {
            return None;
        }
        let start = Instant::now();
        let max_depth = self.set_limits(limit, start);
        if let Some(choice) = self.table_choice(position, start) {
            return Some(choice);
        }
        let first = match self.first_move(position)? {
            ControlFlow::Continue(first) => first,
            ControlFlow::Break(choice) => return Some(choice),
        };
        self.path_keys.clear();
        self.path_keys.extend_from_slice(&history.keys);
        self.quiet_plies[0] = history.quiet_plies;
        self.cutoffs.age();
        if let Some(net) = &mut self.net {
            net.root(&position.board);
        }
        let key = zobrist::hash(&position.board, position.side);
        let choice = Choice {
            best: first,
            score: 0,
            depth: 0,
            tablebase: None,
        };
        Some(self.deepen_in_threads(position, key, 1..=max_depth, limit, start, choice))
    }

    /// Sets the clock, the node limit and the counters for a search under
    /// `limit` begun at `start`; the deepest iteration it may start.
    fn set_limits(&mut self, limit: Limit, start: Instant) -> u32 {
        let (max_depth, deadline) = match limit {
            Limit::Depth(depth) => (depth.max(1), None),
            Limit::Time(time) => (MAX_PLY as u32 - 1, Some(start + time)),
            Limit::Nodes(_) => (MAX_PLY as u32 - 1, None),
        };
        self.deadline = deadline;
        self.node_limit = match limit {
            Limit::Nodes(nodes) => Some(nodes.max(1)),
            _ => None,
        };
        self.stopped = false;
        self.nodes = 0;
        self.work = 0;
        self.next_check = WORK_PER_CHECK;
        max_depth
    }

    /// The tables' best move, where they cover `position` and give it
    /// within half the time of a search begun at `start`: the other half
    /// is left to the search when they do not.
    fn table_choice(&self, position: &Position, start: Instant) -> Option<Choice> {
        let tables = self.endgame_tables.as_ref()?;
        if !tables.covers(position) {
            return None;
        }
        let found = match self.deadline {
            Some(deadline) => tables.best_by(position, start + (deadline - start) / 2),
            None => tables.best(position).map(Some),
        };
        if let Ok(Some((value, Some(best)))) = found {
            return Some(Choice {
                best,
                score: table_score(value, 0),
                depth: 0,
                tablebase: Some(value),
            });
        }
        None
    }

    /// The root's first move, for a search to start from; or the choice
    /// made without a search: out of time while listing the moves, the
    /// first listed; a move that takes the enemy lion, at once. `None`
    /// when there is no move.
    fn first_move(&mut self, position: &Position) -> Option<ControlFlow<Choice, Move>> {
        // Even the root's moves are listed against the clock: out of time,
        // any move of the partial list is legal.
        let mut moves = Vec::new();
        let listed = movegen::all_moves_until(
            &position.board,
            position.side,
            &mut moves,
            &mut self.clock(),
        );
        let first = *moves.first()?;
        if listed.is_break() {
            return Some(ControlFlow::Break(Choice {
                best: first,
                score: 0,
                depth: 0,
                tablebase: None,
            }));
        }
        if let Some(&win) = moves.iter().find(|&&m| takes_lion(position, m)) {
            return Some(ControlFlow::Break(Choice {
                best: win,
                score: ENGINE_WIN,
                depth: 1,
                tablebase: None,
            }));
        }
        Some(ControlFlow::Continue(first))
    }

    /// Iterative deepening over `depths` on this thread and `threads - 1`
    /// others (lazy SMP): this one's choice, or a deeper one that another
    /// finished, unless the depth was asked for.
    fn deepen_in_threads(
        &mut self,
        position: &Position,
        key: u64,
        depths: std::ops::RangeInclusive<u32>,
        limit: Limit,
        start: Instant,
        mut choice: Choice,
    ) -> Choice {
        // Lazy SMP: helpers search the same root on their own, one depth
        // ahead every other helper, until the main search is done; what
        // they find reaches it through the shared table.
        let halt = Arc::new(AtomicBool::new(false));
        let helpers: Vec<Engine> = (1..self.threads).map(|_| self.helper(&halt)).collect();
        thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .enumerate()
                .map(|(index, mut helper)| {
                    let first = 1 + (index as u32 + 1) % 2;
                    scope.spawn(move || {
                        let found = helper.deepen(
                            position,
                            key,
                            first..=MAX_PLY as u32 - 1,
                            None,
                            start,
                            choice,
                        );
                        (found, helper.nodes)
                    })
                })
                .collect();
            choice = self.deepen(position, key, depths, Some(limit), start, choice);
            halt.store(true, Ordering::Relaxed);
            // A helper that finished a deeper iteration than the main
            // search knows better, unless the depth was asked for.
            for helper in running {
                if let Ok((found, nodes)) = helper.join() {
                    self.nodes += nodes;
                    if found.depth > choice.depth && !matches!(limit, Limit::Depth(_)) {
                        choice = found;
                    }
                }
            }
        });
        choice
    }

    /// The line the last search expects from `position` after `first`
    /// (its chosen move): the table's best move in each position after,
    /// while it is legal and leads nowhere already on the line, at most
    /// `most` moves in all.
    pub fn principal_variation(&self, position: &Position, first: Move, most: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut keys = vec![zobrist::hash(&position.board, position.side)];
        let mut current = position.clone();
        let mut next_move = Some(first);
        while let Some(m) = next_move.filter(|_| line.len() < most) {
            let Ok(next) = current.play(m, self.rule_set) else {
                break;
            };
            let key = zobrist::hash(&next.board, next.side);
            if keys.contains(&key) {
                break;
            }
            keys.push(key);
            line.push(m);
            next_move = self.transpositions.probe(key).and_then(|entry| entry.best);
            current = next;
        }
        line
    }

    /// A helper for a lazy SMP search: this engine's knowledge and its
    /// table, shared, searching until `halt` is set. Built around the
    /// shared table, since a clone would allocate a table of its own
    /// (10 MB, a noticeable part of a short move's time) only to drop it.
    fn helper(&self, halt: &Arc<AtomicBool>) -> Engine {
        Engine {
            halt: Some(Arc::clone(halt)),
            killers: self.killers,
            cutoffs: self.cutoffs.clone(),
            path_keys: self.path_keys.clone(),
            quiet_plies: self.quiet_plies,
            endgame_tables: self.endgame_tables.clone(),
            table_pieces: self.table_pieces,
            contempt: self.contempt,
            net: self.net.clone(),
            ..Engine::with_transpositions(self.rule_set, self.weights, self.transpositions.share())
        }
    }

    /// Iterative deepening over `depths`: the choice after the last depth
    /// searched to the end (`choice` until one is). With a time `limit`,
    /// no depth starts past half the time.
    fn deepen(
        &mut self,
        position: &Position,
        key: u64,
        depths: std::ops::RangeInclusive<u32>,
        limit: Option<Limit>,
        start: Instant,
        mut choice: Choice,
    ) -> Choice {
        for depth in depths {
            let score = self.aspire(position, key, depth, choice.score);
            if self.stopped {
                break;
            }
            if let Some(best) = self.transpositions.probe(key).and_then(|entry| entry.best) {
                choice = Choice {
                    best,
                    score,
                    depth,
                    tablebase: None,
                };
            }
            // A found win needs no deeper look; and the next iteration takes
            // longer than all before it, so past half the time it would not end.
            let half_spent =
                matches!(limit, Some(Limit::Time(time)) if start.elapsed() * 2 >= time);
            if score.abs() > ENGINE_WIN - MAX_PLY as i32 || half_spent {
                break;
            }
        }
        choice
    }

    /// The root searched to `depth` with an aspiration window: first a
    /// narrow window around the last iteration's score, widened on the
    /// side it fails on until the score falls inside.
    fn aspire(&mut self, position: &Position, key: u64, depth: u32, last: i32) -> i32 {
        const FULL: (i32, i32) = (-ENGINE_WIN - 1, ENGINE_WIN + 1);
        const FIRST_DEPTH: u32 = 4;
        let mut margin = 40;
        let (mut alpha, mut beta) = if depth < FIRST_DEPTH {
            FULL
        } else {
            (last - margin, last + margin)
        };
        loop {
            let score = self.search(position, key, depth, 0, alpha, beta);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            margin *= 4;
            if score <= alpha {
                alpha = (score - margin).max(FULL.0);
            } else {
                beta = (score + margin).min(FULL.1);
            }
        }
    }

    /// Counts a node, and reads the clock when enough work has been done
    /// since the last reading; true once the search is to stop.
    fn out_of_time(&mut self) -> bool {
        if self.node_limit.is_some_and(|limit| self.nodes >= limit) {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        self.work += 1;
        if self.work >= self.next_check {
            self.next_check = self.work + WORK_PER_CHECK;
            self.stopped |= self.clock()().is_break()
                || self
                    .halt
                    .as_ref()
                    .is_some_and(|halt| halt.load(Ordering::Relaxed));
        }
        self.stopped
    }

    /// The clock as a generator's `go_on`: breaks once the deadline has
    /// passed (never without one).
    fn clock(&self) -> impl FnMut() -> ControlFlow<()> + use<> {
        let deadline = self.deadline;
        move || match deadline {
            Some(deadline) if Instant::now() >= deadline => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    /// Lists the moves of `position` into `moves` against the clock,
    /// counting them as work; false (and the search stopped) when the
    /// clock ran out first.
    fn list_moves(&mut self, position: &Position, moves: &mut Vec<Move>) -> bool {
        if !movegen::monkeys_may_jump(&position.board, position.side) {
            movegen::all_moves(&position.board, position.side, moves);
            self.work += moves.len() as u64;
            return true;
        }
        let listed =
            movegen::all_moves_until(&position.board, position.side, moves, &mut self.clock());
        self.work += moves.len() as u64;
        self.stopped |= listed.is_break();
        !self.stopped
    }

    /// The score of `position` for the side to move, `ply` plies below
    /// the root with `depth` plies left, within (`alpha`, `beta`): settled
    /// without its moves where it can be, else by the table's entry, else
    /// by its moves searched in order, the best kept in the table.
    fn search(
        &mut self,
        position: &Position,
        key: u64,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let node = Node {
            key,
            depth,
            ply,
            beta,
        };
        if let Some(score) = self.settled(position, node, alpha) {
            return score;
        }
        let entry = self.transpositions.probe(key);
        if let Some(entry) = entry
            && u32::from(entry.depth) >= depth
            && ply > 0
            && entry.bound.settles(entry.value, alpha, beta)
        {
            return entry.value;
        }
        if let Some(score) = self.reverse_futility(position, node, alpha) {
            return score;
        }
        let hint = entry.and_then(|entry| entry.best);
        let moves = match self.node_moves(position, hint, ply) {
            Ok(moves) => moves,
            Err(score) => return score,
        };
        self.path_keys.push(key);
        let searched = self.search_moves(position, &moves, node, alpha);
        self.path_keys.pop();
        self.lists.give(moves);
        let Some((best_score, best)) = searched else {
            return 0;
        };
        self.transpositions
            .store(key, depth, best_score, (alpha, beta), best);
        best_score
    }

    /// The best score of a node's `moves` and the move that has it, its
    /// window's lower end raised as they are searched until one cuts the
    /// search off; `None` when the search stopped on the way.
    #[inline]
    fn search_moves(
        &mut self,
        position: &Position,
        moves: &[Move],
        node: Node,
        mut alpha: i32,
    ) -> Option<(i32, Option<Move>)> {
        let mut best_score = -ENGINE_WIN - 1;
        let mut best = None;
        for (index, &m) in moves.iter().enumerate() {
            let score = self.search_move(position, m, index, node, alpha);
            if self.stopped {
                return None;
            }
            if score > best_score {
                best_score = score;
                best = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= node.beta {
                self.remember_cutoff(position, m, node);
                break;
            }
        }
        Some((best_score, best))
    }

    /// The score of a node settled before its moves are listed: a search
    /// out of time, a lost lion, the bare lions, the tables' verdict, a
    /// repetition; or, at the horizon, the quiescence search's.
    #[inline]
    fn settled(&mut self, position: &Position, node: Node, alpha: i32) -> Option<i32> {
        let ply = node.ply;
        if self.out_of_time() {
            return Some(0);
        }
        if position.status() != Status::Ongoing {
            // The side to move has lost its lion: sooner losses are worse.
            return Some(-ENGINE_WIN + ply as i32);
        }
        if position.is_bare_lions_draw() {
            return Some(self.draw_score(ply));
        }
        if ply > 0
            && let Some(wdl) = self.probe(position)
        {
            return Some(wdl_score(wdl, ply));
        }
        if ply > 0 && self.path_keys.contains(&node.key) {
            return Some(self.draw_score(ply));
        }
        if node.depth == 0 || ply + 1 >= MAX_PLY {
            return Some(self.quiesce(position, ply, alpha, node.beta));
        }
        None
    }

    /// The static evaluation of a node off the principal variation, near
    /// the horizon, when it stands so far above `beta` that no move is
    /// likely to bring it back below (reverse futility pruning); `None`
    /// where the search must look, or where the lion of the side to move
    /// is attacked and the evaluation says nothing.
    fn reverse_futility(&mut self, position: &Position, node: Node, alpha: i32) -> Option<i32> {
        if node.beta - alpha > 1 || node.ply == 0 || node.depth > REVERSE_FUTILITY_DEPTH {
            return None;
        }
        let ControlFlow::Continue(assessment) = self.assess(position, node.ply) else {
            self.stopped = true;
            return Some(0);
        };
        let margin = REVERSE_FUTILITY_MARGIN * node.depth as i32;
        let score = assessment.score;
        (!assessment.lion_attacked && score - margin >= node.beta && score < WON_BY_EVALUATION)
            .then_some(score)
    }

    /// A node's moves in a list from the pool, in the order to search
    /// them (`hint`, the table's move, first); or, with none to search,
    /// the node's score: 0 out of time, a loss for a side that cannot move.
    #[inline]
    fn node_moves(
        &mut self,
        position: &Position,
        hint: Option<Move>,
        ply: usize,
    ) -> Result<Vec<Move>, i32> {
        let mut moves = self.lists.take();
        if !self.list_moves(position, &mut moves) {
            self.lists.give(moves);
            return Err(0);
        }
        if moves.is_empty() {
            self.lists.give(moves);
            // A side that cannot move loses.
            return Err(-ENGINE_WIN + ply as i32);
        }
        self.order(position, &mut moves, hint, ply);
        if ply == 0 && self.halt.is_some() && moves.len() > 2 {
            // A helper takes the root's other moves from the last: what it
            // learns of them is in the table when the main search, which
            // takes them from the first, gets there.
            moves[1..].reverse();
        }
        Ok(moves)
    }

    /// The score of `m`, the `index`-th move of `node` in order, for the
    /// side to move there, its window's lower end `alpha`.
    #[inline]
    fn search_move(
        &mut self,
        position: &Position,
        m: Move,
        index: usize,
        node: Node,
        alpha: i32,
    ) -> i32 {
        let Node {
            key,
            depth,
            ply,
            beta,
        } = node;
        let child = self.play(position, m, ply);
        let child_key = key ^ zobrist::delta(&position.board, &child.board);
        // Principal variation search: the first move gets the whole
        // window; the others only have to be shown no better, with a
        // null window, and are searched again if one is.
        // Late quiet moves, ordered after the ones likely to be best,
        // are first searched less deep (late-move reductions).
        let reduction = if index >= 3 && depth >= 3 && !is_capture(position, m) {
            late_move_reduction(depth, index)
        } else {
            0
        };
        let mut score = if index == 0 {
            alpha - 1
        } else {
            -self.search(
                &child,
                child_key,
                depth - 1 - reduction,
                ply + 1,
                -alpha - 1,
                -alpha,
            )
        };
        if reduction > 0 && score > alpha {
            score = -self.search(&child, child_key, depth - 1, ply + 1, -alpha - 1, -alpha);
        }
        if index == 0 || (score > alpha && score < beta) {
            score = -self.search(&child, child_key, depth - 1, ply + 1, -beta, -alpha);
        }
        score
    }

    /// Remembers that `m` cut `node`'s search off: a quiet move becomes
    /// the ply's first killer and gains in the history.
    #[inline]
    fn remember_cutoff(&mut self, position: &Position, m: Move, node: Node) {
        if !is_capture(position, m) {
            let killers = &mut self.killers[node.ply];
            if killers[0] != Some(m) {
                killers[1] = killers[0];
                killers[0] = Some(m);
            }
            self.cutoffs.reward(position.side, m, node.depth);
        }
    }

    /// The position after `m` from `position`, `ply` plies down, the
    /// net's units for it and its quiet plies.
    #[inline]
    fn play(&mut self, position: &Position, m: Move, ply: usize) -> Position {
        let child = position.play_unchecked(m, self.rule_set);
        self.quiet_plies[ply + 1] = if position.is_irreversible(m, &child) {
            0
        } else {
            self.quiet_plies[ply].saturating_add(1)
        };
        if let Some(net) = &mut self.net {
            net.child(ply, &position.board, &child.board);
        }
        child
    }

    /// The static evaluation of `position`, `ply` plies down, and whether
    /// its lion is attacked; broken off when the clock runs out.
    fn assess(&mut self, position: &Position, ply: usize) -> ControlFlow<(), Assessment> {
        let assessment = match &self.net {
            None => assess_until(position, &self.weights, &mut self.clock())?,
            Some(net) => Assessment {
                score: net.score(ply, position.side),
                lion_attacked: movegen::lion_attacked(&position.board, position.side),
            },
        };
        ControlFlow::Continue(Assessment {
            score: damped(assessment.score, self.quiet_plies[ply]),
            ..assessment
        })
    }

    /// The static evaluation of `position`, `ply` plies down, that a
    /// quiescence search stands on.
    fn stand_pat(&mut self, position: &Position, ply: usize) -> ControlFlow<(), i32> {
        let score = match &self.net {
            Some(_) if position.is_bare_lions_draw() => 0,
            Some(net) => net.score(ply, position.side),
            None => evaluate_until(position, &self.weights, &mut self.clock())?,
        };
        ControlFlow::Continue(damped(score, self.quiet_plies[ply]))
    }

    /// Searches captures only, so that no exchange is cut off half way.
    fn quiesce(&mut self, position: &Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        if position.status() != Status::Ongoing {
            return -ENGINE_WIN + ply as i32;
        }
        let ControlFlow::Continue(stand_pat) = self.stand_pat(position, ply) else {
            self.stopped = true;
            return 0;
        };
        if stand_pat >= beta || ply + 1 >= MAX_PLY {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut moves = self.lists.take();
        if !self.list_moves(position, &mut moves) {
            self.lists.give(moves);
            return 0;
        }
        moves.retain(|&m| is_capture(position, m));
        self.order(position, &mut moves, None, ply);
        let mut best = stand_pat;
        for &m in &moves {
            let child = self.play(position, m, ply);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.lists.give(moves);
        best
    }

    /// The table's move first, then captures of the most valuable victims,
    /// then this ply's killer moves, then the rest by their history.
    fn order(&self, position: &Position, moves: &mut [Move], hint: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        moves.sort_by_cached_key(|m| {
            if Some(*m) == hint {
                return i32::MIN;
            }
            let victims = victim_value(position, *m, &self.weights);
            if victims > 0 {
                return -2 * CutoffHistory::MAX - victims;
            }
            if killers.contains(&Some(*m)) {
                return -CutoffHistory::MAX - 1;
            }
            -self.cutoffs.score(position.side, *m)
        });
    }
}

/// Where a node of the search stands, as the steps of its search share
/// it: its key, the plies left and below the root, and the upper end of
/// its window.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    depth: u32,
    ply: usize,
    beta: i32,
}

/// The history of quiet moves that cut the search off, by side, from and
/// to square.
#[derive(Clone)]
struct CutoffHistory(Box<[[[i32; Square::COUNT]; Square::COUNT]; 2]>);

impl Default for CutoffHistory {
    fn default() -> CutoffHistory {
        CutoffHistory(Box::new([[[0; Square::COUNT]; Square::COUNT]; 2]))
    }
}

impl CutoffHistory {
    /// No score reaches this: the scores stay below the killers'.
    const MAX: i32 = 1 << 20;

    fn score(&self, side: Color, m: Move) -> i32 {
        self.0[side as usize][m.from().index()][m.to().index()]
    }

    /// Counts a cut-off by `m` at `depth`: deeper cuts weigh more. All
    /// scores are halved when one would pass [`CutoffHistory::MAX`].
    fn reward(&mut self, side: Color, m: Move, depth: u32) {
        let bonus = (depth * depth).min(400) as i32;
        let entry = &mut self.0[side as usize][m.from().index()][m.to().index()];
        *entry += bonus;
        if *entry >= Self::MAX {
            self.age();
        }
    }

    /// Halves every score, so that what the last searches learnt weighs most.
    fn age(&mut self) {
        self.0
            .iter_mut()
            .flatten()
            .flatten()
            .for_each(|score| *score /= 2);
    }
}

/// How many plies less a late quiet move is first searched: growing with
/// the depth left and the move's place in the order (logarithmically, as
/// in the strongest chess engines), at least 1, and never to below 1 ply.
fn late_move_reduction(depth: u32, index: usize) -> u32 {
    let grown = (f64::from(depth).ln() * (index as f64).ln() / 2.0 + 0.5) as u32;
    grown.clamp(1, depth.saturating_sub(2).max(1))
}

/// The search score of a table value `ply` plies from the root: a lion
/// captured sooner is worth more, as in the search.
fn table_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(plies) => ENGINE_WIN - (ply as i32 + i32::from(plies)),
        Value::Loss(plies) => -ENGINE_WIN + ply as i32 + i32::from(plies),
        Value::Draw => 0,
    }
}

/// The score of a position the tables call won, drawn or lost, `ply`
/// plies from the root: past every evaluation, short of any lion capture
/// found by search or a distance the tables give, sooner wins higher.
fn wdl_score(wdl: Wdl, ply: usize) -> i32 {
    let won = ENGINE_WIN - 2 * MAX_PLY as i32 - ply as i32;
    match wdl {
        Wdl::Win => won,
        Wdl::Draw => 0,
        Wdl::Loss => -won,
    }
}

/// What a move captures ([`Position::captures`]), in value (the lion
/// above everything).
fn victim_value(position: &Position, m: Move, weights: &Weights) -> i32 {
    let board = &position.board;
    position
        .captures(m)
        .into_iter()
        .filter_map(|square| board.piece_at(square))
        .map(|piece| {
            if piece.kind == Kind::Lion {
                ENGINE_WIN
            } else {
                weights.values[piece.kind] + 1
            }
        })
        .sum()
}

fn is_capture(position: &Position, m: Move) -> bool {
    !position.captures(m).is_empty()
}

fn takes_lion(position: &Position, m: Move) -> bool {
    !(position.captures(m) & position.board.by_kind(Kind::Lion)).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_moves_are_reduced_more_the_later_and_deeper_they_are() {
        assert_eq!(late_move_reduction(3, 3), 1);
        assert_eq!(late_move_reduction(10, 30), 4);
        for depth in 3..30 {
            for index in 3..60 {
                let reduction = late_move_reduction(depth, index);
                // Always some reduction, and always a ply left to search.
                assert!(reduction >= 1 && reduction < depth, "{depth} {index}");
                assert!(late_move_reduction(depth + 1, index) >= reduction);
                assert!(late_move_reduction(depth, index + 1) >= reduction);
            }
        }
    }

    #[test]
    fn clones_keep_their_own_table_and_helpers_share_one() {
        let start: Position = congo_rules::START.parse().unwrap();
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
        engine.choose(&start, Limit::Depth(3), &History::default());
        let key = zobrist::hash(&start.board, start.side);
        assert!(engine.transpositions.probe(key).is_some());
        // A judge's threads each get a clone: it starts empty.
        assert!(engine.clone().transpositions.probe(key).is_none());
        assert!(engine.transpositions.share().probe(key).is_some());
        // A helper shares it, and stops when told.
        let halt = Arc::new(AtomicBool::new(true));
        let mut helper = engine.helper(&halt);
        assert!(helper.transpositions.probe(key).is_some());
        assert!(helper.out_of_time());
    }

    #[test]
    fn a_node_far_above_beta_near_the_horizon_is_cut_off_unless_its_lion_is_attacked() {
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
        let node = |depth, ply| Node {
            key: 0,
            depth,
            ply,
            beta: 100,
        };
        // White, to move, has a crocodile, an elephant and a giraffe more.
        let ahead: Position = "4l2/7/7/7/7/7/CEGL3 w 1".parse().unwrap();
        let cut = engine.reverse_futility(&ahead, node(1, 1), 99);
        assert!(cut.is_some_and(|score| score >= 100 + REVERSE_FUTILITY_MARGIN));
        // Not on the principal variation, at the root or far from the horizon.
        assert_eq!(engine.reverse_futility(&ahead, node(1, 1), 0), None);
        assert_eq!(engine.reverse_futility(&ahead, node(1, 0), 99), None);
        let deep = REVERSE_FUTILITY_DEPTH + 1;
        assert_eq!(engine.reverse_futility(&ahead, node(deep, 1), 99), None);
        // A black zebra on c3 attacks the white lion on d1.
        let attacked: Position = "4l2/7/7/7/2z4/7/CEGL3 w 1".parse().unwrap();
        assert_eq!(engine.reverse_futility(&attacked, node(1, 1), 99), None);
        // An even position stands below beta.
        let even: Position = "4l2/7/7/7/7/7/3L3 w 1".parse().unwrap();
        assert_eq!(engine.reverse_futility(&even, node(1, 1), 99), None);
    }

    #[test]
    fn a_draw_costs_the_engine_its_contempt() {
        let position: Position = "2l4/7/7/7/7/7/P2L3 w 1".parse().unwrap();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        // Every move leads back into the game's history: each is a draw.
        let keys = moves
            .iter()
            .map(|&m| {
                let child = position.play_unchecked(m, RuleSet::default());
                zobrist::hash(&child.board, child.side)
            })
            .collect();
        let history = History {
            keys,
            quiet_plies: 0,
        };
        for contempt in [0, 35, Engine::CONTEMPT] {
            let mut engine =
                Engine::new(RuleSet::default(), Weights::TUNED).with_contempt(contempt);
            let choice = engine.choose(&position, Limit::Depth(3), &history).unwrap();
            assert_eq!(choice.score, -contempt);
        }
        // Without that history the engine sees its extra pawn.
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
        assert!(
            engine
                .choose(&position, Limit::Depth(3), &History::default())
                .unwrap()
                .score
                > 0
        );
    }

    #[test]
    fn quiet_plies_count_down_the_search_and_start_again_at_an_irreversible_move() {
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
        let position: Position = "3l3/7/7/7/2p4/P6/2CL3 w 1".parse().unwrap();
        engine.quiet_plies[3] = 40;
        let mut play = |text| {
            let m = position.parse_move(text, &mut Vec::new()).unwrap();
            engine.play(&position, m, 3);
            engine.quiet_plies[4]
        };
        assert_eq!(play("d1d2"), 41);
        assert_eq!(play("a2a3"), 0, "a pawn's advance");
        assert_eq!(play("c1c3"), 0, "a capture");
    }

    #[test]
    fn a_long_quiet_stretch_shrinks_the_score_toward_the_draw() {
        let ahead: Position = "4l2/7/7/7/7/7/CEGL3 w 1".parse().unwrap();
        let score = |quiet_plies| {
            let history = History {
                keys: Vec::new(),
                quiet_plies,
            };
            let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
            engine
                .choose(&ahead, Limit::Depth(3), &history)
                .unwrap()
                .score
        };
        let (fresh, stale) = (score(0), score(1_000));
        assert!(fresh > 500, "{fresh}");
        assert!(
            stale > 0 && stale * 10 < fresh * 6,
            "{stale} against {fresh}"
        );
    }

    #[test]
    fn a_search_with_helpers_ends_with_the_main_one() {
        let start: Position = congo_rules::START.parse().unwrap();
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED).with_threads(3);
        let choice = engine
            .choose(&start, Limit::Depth(4), &History::default())
            .unwrap();
        assert_eq!(choice.depth, 4);
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        assert!(moves.contains(&choice.best));
    }

    #[test]
    fn a_search_told_to_stop_stops_within_one_check_of_work() {
        let start: Position = congo_rules::START.parse().unwrap();
        let limit = Limit::Time(Duration::from_secs(3600));
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
        engine.stop_when(Some(Arc::new(AtomicBool::new(true))));
        let choice = engine.choose(&start, limit, &History::default()).unwrap();
        assert!(start.play(choice.best, RuleSet::default()).is_ok());
        assert!(engine.nodes <= WORK_PER_CHECK, "{}", engine.nodes);
        // A helper searches until the main search ends, however long the
        // machine keeps that one waiting: its nodes have no bound, but the
        // search still ends with a legal move.
        let mut engine = engine.with_threads(2);
        let choice = engine.choose(&start, limit, &History::default()).unwrap();
        assert!(start.play(choice.best, RuleSet::default()).is_ok());
        engine.stop_when(None);
        let choice = engine
            .choose(&start, Limit::Depth(3), &History::default())
            .unwrap();
        assert_eq!(choice.depth, 3);
    }

    /// The positions of `crates/engine/tests/heavy_monkeys.txt`: one move gives a monkey
    /// about a million jump chains.
    fn heavy_monkeys() -> impl Iterator<Item = Position> {
        include_str!("../tests/heavy_monkeys.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| line.parse().unwrap())
    }

    #[test]
    fn out_of_time_the_search_stops_within_one_check_of_work_among_a_million_chains() {
        for position in heavy_monkeys() {
            let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
            let limit = Limit::Time(Duration::ZERO);
            let choice = engine
                .choose(&position, limit, &History::default())
                .unwrap();
            assert!(
                position.play(choice.best, RuleSet::default()).is_ok(),
                "{position}"
            );
            // Stopped inside the first iteration, after at most one
            // reading's worth of work, however many chains a node has.
            assert_eq!(choice.depth, 0, "{position}");
            assert!(
                engine.nodes <= WORK_PER_CHECK,
                "{position}: {}",
                engine.nodes
            );
        }
    }

    #[test]
    fn the_principal_variation_starts_with_the_choice_and_is_legal() {
        let start: Position = congo_rules::START.parse().unwrap();
        let mut engine = Engine::new(RuleSet::default(), Weights::TUNED);
        let choice = engine
            .choose(&start, Limit::Depth(5), &History::default())
            .unwrap();
        let line = engine.principal_variation(&start, choice.best, 5);
        assert_eq!(line.first(), Some(&choice.best));
        assert!(line.len() > 1 && line.len() <= 5, "{line:?}");
        let mut position = start;
        for m in line {
            position = position.play(m, RuleSet::default()).unwrap();
        }
    }
}
