//! A game's clocks, kept by the server: a base time and an increment a
//! move, each side's time charged when its move arrives. A clock runs from
//! the first move on (the first move is free, as on most servers: the
//! players may not both be there yet), and the side whose time runs out
//! loses.

use std::time::{Duration, Instant};

use congo_rules::{ByColor, Color};

/// A time control: the time each side starts with, and what each move
/// adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

/// The most time a control may give a side: a day.
pub(super) const MAX_BASE: Duration = Duration::from_secs(24 * 60 * 60);

/// The most a move may add: an hour.
pub(super) const MAX_INCREMENT: Duration = Duration::from_secs(60 * 60);

/// Both sides' clocks.
#[derive(Clone, Debug)]
pub(super) struct Clocks {
    control: TimeControl,
    /// Each side's time when its clock last stopped.
    left: ByColor<Duration>,
    /// The side whose clock runs, and since when.
    running: Option<(Color, Instant)>,
}

impl Clocks {
    /// Clocks at the start of a game, not running.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: ByColor([control.base; 2]),
            running: None,
        }
    }

    /// Clocks as a journal left them: each side's time, not running (the
    /// time the server was down is no one's).
    pub fn restored(control: TimeControl, left: ByColor<Duration>) -> Clocks {
        Clocks {
            control,
            left,
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs, if one does.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s time left at `now`.
    pub fn left(&self, side: Color, now: Instant) -> Duration {
        match self.running {
            Some((running, since)) if running == side => {
                self.left[side].saturating_sub(now.saturating_duration_since(since))
            }
            _ => self.left[side],
        }
    }

    /// The side whose time has run out at `now`, if one has.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        let (side, _) = self.running?;
        self.left(side, now).is_zero().then_some(side)
    }

    /// `mover` moved at `now`: its time is charged and the increment added,
    /// and the other side's clock starts; `Err` if its time had run out.
    /// A first move is free.
    pub fn moved(&mut self, mover: Color, now: Instant) -> Result<(), Color> {
        if let Some((running, _)) = self.running {
            let left = self.left(running, now);
            if running == mover && left.is_zero() {
                self.stop(now);
                return Err(mover);
            }
            self.left[running] = left;
            if running == mover {
                self.left[mover] = (left + self.control.increment).min(MAX_BASE);
            }
        }
        self.running = Some((!mover, now));
        Ok(())
    }

    /// Stops both clocks, as they are at `now`.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            let spent = now.saturating_duration_since(since);
            self.left[side] = self.left[side].saturating_sub(spent);
        }
    }

    /// After a take-back, the clock of `to_move` runs again (if any ran),
    /// each side keeping the time it has.
    pub fn resume(&mut self, to_move: Color, now: Instant, any_move: bool) {
        self.stop(now);
        if any_move {
            self.running = Some((to_move, now));
        }
    }

    /// The time an engine playing `side` takes for its move: a twentieth
    /// of what it has left and most of the increment, at least a tenth of
    /// a second (where it has that), and never so much that its time runs
    /// out.
    pub fn engine_share(&self, side: Color, now: Instant) -> Duration {
        let left = self.left(side, now);
        let share = left / 20 + self.control.increment * 3 / 4;
        let room = left.saturating_sub(Duration::from_millis(50)) / 2;
        share
            .max(Duration::from_millis(100))
            .min(room.max(Duration::from_millis(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTROL: TimeControl = TimeControl {
        base: Duration::from_secs(60),
        increment: Duration::from_secs(2),
    };

    #[test]
    fn the_first_move_is_free_then_the_side_to_move_pays() {
        let start = Instant::now();
        let at = |seconds: u64| start + Duration::from_secs(seconds);
        let mut clocks = Clocks::new(CONTROL);
        assert_eq!(clocks.running(), None);
        // White's first move, ten seconds in: free, and black's clock runs.
        clocks.moved(Color::White, at(10)).unwrap();
        assert_eq!(clocks.left(Color::White, at(10)), CONTROL.base);
        assert_eq!(clocks.running(), Some(Color::Black));
        assert_eq!(clocks.left(Color::Black, at(25)), Duration::from_secs(45));
        // Black moves at 25 s: 15 s charged, 2 s added.
        clocks.moved(Color::Black, at(25)).unwrap();
        assert_eq!(clocks.left(Color::Black, at(100)), Duration::from_secs(47));
        assert_eq!(clocks.flagged(at(84)), None);
        assert_eq!(clocks.flagged(at(85)), Some(Color::White));
        // A move that comes after the time ran out loses.
        assert_eq!(clocks.moved(Color::White, at(90)), Err(Color::White));
        assert_eq!(clocks.running(), None);
        assert_eq!(clocks.left(Color::White, at(200)), Duration::ZERO);
    }

    #[test]
    fn an_engine_takes_a_share_that_never_runs_its_time_out() {
        let now = Instant::now();
        let mut clocks = Clocks::new(CONTROL);
        clocks.moved(Color::White, now).unwrap();
        let share = clocks.engine_share(Color::Black, now);
        assert_eq!(share, Duration::from_millis(4500));
        let short = Clocks::new(TimeControl {
            base: Duration::from_millis(120),
            increment: Duration::ZERO,
        });
        assert!(short.engine_share(Color::White, now) <= Duration::from_millis(35));
    }
}
