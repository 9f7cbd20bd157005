//! The Fischer clock of a hot-seat game.
//!
//! Two people share one device, so between turns the device is handed over
//! behind the privacy curtain. [`Handoff`] decides whose time that costs:
//! - [`Handoff::Paused`] (the default): the clock stops when a move is made
//!   and starts for the next player only when they lift the curtain. Fair
//!   for friends passing a tablet; a player cannot be flagged while the
//!   other fumbles with the device.
//! - [`Handoff::Running`]: the next player's clock starts as soon as the
//!   move is made, curtain or not, as in over-the-board play.
//!
//! Times are in milliseconds and supplied by the caller (`now`), so the
//! clock is plain data: tested natively, saved and restored exactly.

use serde::{Deserialize, Serialize};

/// Which side a clock entry belongs to (index 0 = White, 1 = Black).
pub type SideIndex = usize;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Handoff {
    #[default]
    Paused,
    Running,
}

impl Handoff {
    pub const ALL: [Handoff; 2] = [Handoff::Paused, Handoff::Running];

    /// The id used in links (`handoff=paused`).
    pub fn id(self) -> &'static str {
        match self {
            Handoff::Paused => "paused",
            Handoff::Running => "running",
        }
    }

    pub fn from_id(id: &str) -> Option<Handoff> {
        Handoff::ALL.into_iter().find(|h| h.id() == id)
    }

    /// The choice as the new-game form names it.
    pub fn label(self) -> &'static str {
        match self {
            Handoff::Paused => "Paused during the hand-off",
            Handoff::Running => "Running during the hand-off",
        }
    }

    /// One sentence saying what the choice means.
    pub fn explain(self) -> &'static str {
        match self {
            Handoff::Paused => {
                "The clock stops when a move is made and starts for the next player \
                 when they lift the curtain: passing the device costs nobody time."
            }
            Handoff::Running => {
                "The next player's clock starts as soon as the move is made, as over \
                 the board: the hand-off is part of their thinking time."
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    /// Time left for White and Black.
    pub remaining_ms: [u64; 2],
    pub increment_ms: u64,
    pub handoff: Handoff,
    /// The side whose time is running, and since when.
    running: Option<(SideIndex, f64)>,
    /// The side to move (whose clock runs once it is started).
    to_move: SideIndex,
    /// A side whose time ran out.
    flagged: Option<SideIndex>,
}

impl Clock {
    pub fn new(minutes: u32, increment_seconds: u32, handoff: Handoff) -> Clock {
        let base = u64::from(minutes) * 60_000;
        Clock {
            remaining_ms: [base, base],
            increment_ms: u64::from(increment_seconds) * 1000,
            handoff,
            running: None,
            to_move: 0,
            flagged: None,
        }
    }

    /// Time left for `side` at `now`, counting the time running.
    pub fn remaining(&self, side: SideIndex, now: f64) -> u64 {
        let left = self.remaining_ms[side];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub((now - since).max(0.0) as u64)
            }
            _ => left,
        }
    }

    /// The side whose time is running, if any.
    pub fn running(&self) -> Option<SideIndex> {
        self.running.map(|(side, _)| side)
    }

    /// The side that lost on time, if one did.
    pub fn flagged(&self) -> Option<SideIndex> {
        self.flagged
    }

    /// The player to move lifted the curtain: their time starts (if it was
    /// paused for the hand-off, or at the very first move).
    pub fn reveal(&mut self, now: f64) {
        if self.flagged.is_none() && self.running.is_none() {
            self.running = Some((self.to_move, now));
        }
    }

    /// The side to move completed a move at `now`: its time stops, the
    /// increment is added, and the turn passes (with [`Handoff::Running`]
    /// the opponent's time starts at once). Returns the flagged side if the
    /// mover's time had already run out.
    pub fn moved(&mut self, now: f64) -> Option<SideIndex> {
        if let Some(side) = self.check_flag(now) {
            return Some(side);
        }
        let mover = self.to_move;
        self.remaining_ms[mover] = self.remaining(mover, now) + self.increment_ms;
        self.to_move = 1 - mover;
        self.running = match self.handoff {
            Handoff::Running => Some((self.to_move, now)),
            Handoff::Paused => None,
        };
        None
    }

    /// A failed attempt (an illegal Kriegspiel try, a Dark Chess move into
    /// check) does not touch the clock: time simply keeps running.
    ///
    /// Checks whether the running side's time is out at `now`; if so, the
    /// clock stops with that side flagged.
    pub fn check_flag(&mut self, now: f64) -> Option<SideIndex> {
        if let Some((side, _)) = self.running {
            if self.remaining(side, now) == 0 {
                self.remaining_ms[side] = 0;
                self.running = None;
                self.flagged = Some(side);
            }
        }
        self.flagged
    }

    /// Stops the clock for good (the game ended), keeping the times shown.
    pub fn stop(&mut self, now: f64) {
        if let Some((side, _)) = self.running {
            self.remaining_ms[side] = self.remaining(side, now);
        }
        self.running = None;
    }

    /// Pauses a running clock (the page was hidden or closed); [`Clock::reveal`]
    /// or [`Clock::resume`] continues it.
    pub fn pause(&mut self, now: f64) {
        self.stop(now);
    }

    /// Continues after a reload: the side to move's time runs from `now`.
    pub fn resume(&mut self, now: f64) {
        self.reveal(now);
    }
}

/// `m:ss`, or `s.t` under ten seconds.
pub fn format_ms(ms: u64) -> String {
    if ms < 10_000 {
        format!("{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let seconds = ms / 1000;
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paused_handoff_does_not_charge_the_handover() {
        let mut clock = Clock::new(3, 2, Handoff::Paused);
        clock.reveal(0.0); // White lifts the curtain
        clock.moved(10_000.0); // and moves after 10 s
        assert_eq!(clock.remaining(0, 10_000.0), 180_000 - 10_000 + 2_000);
        // 30 s of hand-off: Black's clock has not moved.
        assert_eq!(clock.remaining(1, 40_000.0), 180_000);
        assert_eq!(clock.running(), None);
        clock.reveal(40_000.0);
        assert_eq!(clock.remaining(1, 45_000.0), 175_000);
    }

    #[test]
    fn running_handoff_charges_the_next_player() {
        let mut clock = Clock::new(1, 0, Handoff::Running);
        clock.reveal(0.0);
        clock.moved(5_000.0);
        assert_eq!(clock.running(), Some(1));
        assert_eq!(clock.remaining(1, 35_000.0), 30_000);
        clock.reveal(35_000.0); // no effect: already running
        assert_eq!(clock.remaining(1, 35_000.0), 30_000);
    }

    #[test]
    fn flag_fall() {
        let mut clock = Clock::new(1, 0, Handoff::Running);
        clock.reveal(0.0);
        assert_eq!(clock.check_flag(59_999.0), None);
        assert_eq!(clock.check_flag(60_000.0), Some(0));
        assert_eq!(clock.moved(61_000.0), Some(0));
        assert_eq!(clock.remaining(0, 99_000.0), 0);
    }

    #[test]
    fn formats() {
        assert_eq!(format_ms(180_000), "3:00");
        assert_eq!(format_ms(61_500), "1:01");
        assert_eq!(format_ms(9_950), "9.9");
        assert_eq!(format_ms(0), "0.0");
    }
}
