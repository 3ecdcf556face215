//! Shrinking a failing case: take pieces away, bring them closer to a1 and
//! lower the move number for as long as the program still fails, so that
//! what is left shows the bug and little else.

use super::trial::{Case, CheckOptions, Verdict, judge, play_move};
use congo_rules::{Kind, Position, Reach, RuleSet, Square};

/// The most times the program is run while shrinking.
const MAX_RUNS: usize = 3000;

/// The smallest case found that still fails, and how it fails. A hang is
/// shrunk as a hang; otherwise a smaller case that only hangs is passed
/// over, since it shows a different problem.
pub(super) fn shrink(case: &Case, verdict: Verdict, options: &CheckOptions) -> (Case, Verdict) {
    let hangs = verdict == Verdict::TimedOut;
    let mut best = (case.clone(), verdict);
    let mut runs = 0;
    'shrinking: loop {
        for candidate in candidates(&best.0, options.rule_set) {
            if runs >= MAX_RUNS {
                break 'shrinking;
            }
            runs += 1;
            let verdict = judge(options, std::slice::from_ref(&candidate));
            let same_kind = (verdict == Verdict::TimedOut) == hangs;
            if verdict.is_failure() && same_kind && verdict != Verdict::ReferenceTimedOut {
                best = (candidate, verdict);
                continue 'shrinking;
            }
        }
        break;
    }
    best
}

/// Smaller cases, each one step from `case`: a piece removed, a move
/// number lowered, a piece moved one square nearer a1. Every candidate is
/// a valid position under `rule_set` (lions stay in their castles, pawns keep
/// off the far rank unless they were allowed there) and keeps a `play`
/// case's move legal.
fn candidates(case: &Case, rule_set: RuleSet) -> Vec<Case> {
    let position = &case.position;
    let board = &position.board;
    let mut found = Vec::new();
    let pieces: Vec<Square> = board
        .occupied()
        .into_iter()
        .filter(|&s| board.piece_at(s).is_some_and(|p| p.kind != Kind::Lion))
        .collect();
    for &square in &pieces {
        let mut smaller = position.clone();
        smaller.board.remove(square);
        found.push(smaller);
    }
    if position.move_number > 0 {
        let mut smaller = position.clone();
        smaller.move_number = 0;
        found.push(smaller);
    }
    for &square in &pieces {
        let Some(piece) = board.piece_at(square) else {
            continue;
        };
        for target in [square.offset(-1, 0), square.offset(0, -1)]
            .into_iter()
            .flatten()
        {
            let far_rank = if piece.color == congo_rules::Color::White {
                6
            } else {
                0
            };
            let pawn_promotes_there = piece.kind == Kind::Pawn && target.rank() == far_rank;
            if board.piece_at(target).is_some() || pawn_promotes_there {
                continue;
            }
            let mut moved = position.clone();
            moved.board.remove(square);
            moved.board.put(target, piece);
            found.push(moved);
        }
    }
    found
        .into_iter()
        .map(|position: Position| Case {
            position,
            play: case.play.clone(),
        })
        .filter(|candidate| candidate.position.validate(rule_set, Reach::Game).is_ok())
        .filter(|candidate| candidate.play.is_none() || play_move(candidate).is_some())
        .collect()
}
