//! How long the bot thinks, and who may stop it.
//!
//! Two budgets. A **node budget** counts search nodes: the same seed and
//! transcript give the same attempt, natively and in wasm (tests, replays,
//! `fogbound match` without `--ms`). A **clock budget** gives the search
//! milliseconds of a [`Clock`] the caller supplies — the crates never call
//! `std::time`, which panics on wasm32: the command line implements the
//! clock with `Instant`, the page's worker with `performance.now()`.
//!
//! Either way the search is anytime: it deepens until the budget is spent,
//! tells a [`Listener`] its best attempt so far after every board it
//! finishes, and stops at once when the listener says so (the page's "Move
//! now" takes the last attempt reported).

use fogbound_engine::Attempt;

/// Milliseconds since some fixed moment, from the caller.
pub trait Clock: Send {
    fn now_ms(&self) -> f64;
}

/// The search's progress, reported after each board it finishes at a
/// depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The attempt it would make now.
    pub best: Attempt,
    /// The depth (plies, captures searched beyond) every board searched so
    /// far reached at least.
    pub depth: u32,
    /// Boards of the belief searched at the deepest depth so far.
    pub boards: u32,
    /// Boards searched per depth.
    pub sample: u32,
    /// Search nodes so far.
    pub nodes: u64,
}

/// Told each [`Thought`]; returns `false` to stop the search now (its best
/// attempt so far is played).
pub type Listener<'a> = &'a mut dyn FnMut(&Thought) -> bool;

/// The search's stop rule for one attempt: a node cap, a deadline on the
/// clock, and a stop asked by the listener.
pub struct Control<'a> {
    node_cap: u64,
    clock: Option<&'a dyn Clock>,
    deadline: f64,
    stopped: bool,
}

impl<'a> Control<'a> {
    /// Stops after `node_cap` nodes, and, with a clock, at `deadline` (in
    /// the clock's milliseconds).
    pub fn new(node_cap: u64, clock: Option<&'a dyn Clock>, deadline: f64) -> Control<'a> {
        Control {
            node_cap,
            clock,
            deadline,
            stopped: false,
        }
    }

    /// Whether to stop, after `nodes` nodes in all; once true, always true.
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if !self.stopped {
            self.stopped =
                nodes >= self.node_cap || self.clock.is_some_and(|c| c.now_ms() >= self.deadline);
        }
        self.stopped
    }

    /// Stops from now on (the listener asked).
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// Whether the search was stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A clock that moves one millisecond each time it is read.
    struct Ticking(AtomicU64);

    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            self.0.fetch_add(1, Ordering::Relaxed) as f64
        }
    }

    #[test]
    fn the_node_cap_stops_without_a_clock() {
        let mut c = Control::new(100, None, 0.0);
        assert!(!c.should_stop(99));
        assert!(c.should_stop(100));
        assert!(c.should_stop(0), "once stopped, stopped");
    }

    #[test]
    fn the_clock_stops_at_the_deadline() {
        let clock = Ticking(AtomicU64::new(0));
        let mut c = Control::new(u64::MAX, Some(&clock), 5.0);
        let mut reads = 0;
        while !c.should_stop(0) {
            reads += 1;
        }
        assert_eq!(reads, 5);
    }
}
