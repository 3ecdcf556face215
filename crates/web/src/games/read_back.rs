//! Games read back from the journal: each when its link is first used,
//! and all of them, one by one, by a thread after the start, so that the
//! server answers at once however many games its folder holds.

use std::sync::{Arc, PoisonError};
use std::time::Instant;

use super::entry::{self, RestoreError, Restored};
use super::state::State;
use super::{GameError, Games, LiveGame};
use crate::journal::{JournalError, Kept};

/// What reading back the journal's games found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadBack {
    /// The games read back since the start, by their links or all at once.
    pub games: usize,
    /// Those of them in progress when read back.
    pub in_progress: usize,
}

impl Games {
    /// Reads back every game of the journal not read back yet, keeping
    /// those in progress in memory (their clocks run again) and marking
    /// the others ended for the disk budget; and how many were read back
    /// since the start.
    pub fn read_back_all(&self) -> Result<ReadBack, JournalError> {
        let mut problems = Vec::new();
        let ids = self.journal.ids(&mut problems);
        self.tell(&problems);
        for id in ids? {
            let _one = self
                .recovering
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let Some(game) = self.recover(&id) else {
                continue;
            };
            if !game.lock().is_over() {
                self.lock().insert(id, Arc::new(game));
            }
        }
        Ok(*self
            .read_back
            .lock()
            .unwrap_or_else(PoisonError::into_inner))
    }

    /// Game `id` from its file, the first time it is asked for since the
    /// start (the caller holds `recovering`).
    pub(super) fn recover(&self, id: &str) -> Option<LiveGame> {
        let mut problems = Vec::new();
        let kept = self.journal.recover(id, &mut problems);
        self.tell(&problems);
        let game = self.take_in(kept?)?;
        let mut read = self
            .read_back
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        read.games += 1;
        read.in_progress += usize::from(!game.lock().is_over());
        Some(game)
    }

    /// Game `id` as its file holds it now: a finished game let go from
    /// memory.
    pub(super) fn bring_back(&self, id: &str) -> Result<LiveGame, GameError> {
        let lines = self.journal.read(id).map_err(|_| GameError::Unknown)?;
        let read_only = self.journal.log(id).is_err();
        let kept = Kept {
            id: id.to_owned(),
            lines,
            read_only,
            // Counted when it was made or first read back.
            bytes: 0,
        };
        self.take_in(kept).ok_or(GameError::Unknown)
    }

    /// The game `kept` as a restart leaves it, with its persons away,
    /// marked ended for the disk budget if it is.
    fn take_in(&self, kept: Kept) -> Option<LiveGame> {
        let mut problems = Vec::new();
        let restored = self.restore_kept(&kept, &mut problems);
        self.tell(&problems);
        let (restored, read_only) = restored?;
        let mut state = restored.state.after_a_restart(read_only, Instant::now());
        self.link_rematch(&mut state);
        if state.is_over() {
            let evicted = self.journal.ended(&kept.id);
            let mut games = self.lock();
            for gone in &evicted {
                games.remove(gone);
            }
        }
        let log = (!read_only)
            .then(|| self.journal.log(&kept.id).ok())
            .flatten();
        Some(LiveGame::new(
            (kept.id, restored.number, restored.creator),
            &self.searchers,
            (state, self.restored_version),
            log,
        ))
    }

    /// Game `id` restored from its file as it is now.
    fn restore_file(&self, id: &str) -> Result<Restored, GameError> {
        let lines = self.journal.read(id).map_err(|_| GameError::Unknown)?;
        entry::restore(&lines, self.rule_set, self.claim_after, Instant::now())
            .map_err(|_| GameError::Unknown)
    }

    /// Gives a game whose rematch was made the rematch's links' secrets,
    /// from memory or its file; a rematch that cannot be found is
    /// forgotten.
    fn link_rematch(&self, state: &mut State) {
        let Some((rematch, _)) = state.rematch.take() else {
            return;
        };
        let secrets = match self.lock().get(&rematch) {
            Some(game) => Some(game.lock().secrets.clone()),
            None => (self.restore_file(&rematch).ok()).map(|other| other.state.secrets),
        };
        state.rematch = secrets.map(|secrets| (rematch, secrets));
    }

    /// The game `kept` restored, and whether it is read only: a line congo
    /// would not write keeps the game as it stood before it, read only; a
    /// game that cannot be restored at all is left out. Each goes into
    /// `problems`.
    fn restore_kept(&self, kept: &Kept, problems: &mut Vec<String>) -> Option<(Restored, bool)> {
        let restore = |lines: &[String]| {
            entry::restore(lines, self.rule_set, self.claim_after, Instant::now())
        };
        match restore(&kept.lines) {
            Ok(restored) => Some((restored, kept.read_only)),
            Err(error @ RestoreError::Line(line, _))
                if let Ok(restored) = restore(&before_and_ending(&kept.lines, line)) =>
            {
                problems.push(format!(
                    "game {}: {error}; kept to read only before it",
                    kept.id
                ));
                Some((restored, true))
            }
            Err(error) => {
                problems.push(format!("game {}: {error}; it is left out", kept.id));
                None
            }
        }
    }

    /// Says each of `problems`.
    fn tell(&self, problems: &[String]) {
        for problem in problems {
            (self.report)(problem);
        }
    }
}

/// The lines before line `line` (from 1), which congo would not have
/// written, and the last `stop` line after it: how the game ended is kept
/// whatever was lost before it.
fn before_and_ending(lines: &[String], line: usize) -> Vec<String> {
    let (before, after) = lines.split_at(line - 1);
    let ending = after.iter().rev().find(|line| line.starts_with("stop "));
    before.iter().chain(ending).cloned().collect()
}
