//! Automated players: seats at the game table that are told what their
//! side may know and answer with attempts.
//!
//! A [`Player`] receives [`Observation`]s, its own [`Attempt`]s back with
//! their [`Resolution`]s, and nothing else: none of these types holds a
//! position, and no method of the trait takes a match, so the type system
//! keeps the true position away from every player. The page's worker, the
//! command line and the tests drive players the same way (see
//! [`Told::tell`], and the referee of the `fogbound-players` crate).
//!
//! The players themselves (a random mover, the one-ply baseline, the bot)
//! and their catalogue live in `fogbound-players`.

use crate::{Attempt, Observation, Resolution, Told};

/// An automated player. See the module docs.
pub trait Player: Send {
    /// What the player is called.
    fn name(&self) -> String;
    /// The game begins: the player's first observation (it may not be to
    /// move).
    fn start(&mut self, observation: &Observation);
    /// A later observation: after the opponent's ply or a try of theirs
    /// that the player heard of.
    fn observe(&mut self, observation: &Observation);
    /// The player's turn: what it tries. Called again after a refused try.
    fn attempt(&mut self, observation: &Observation) -> Attempt;
    /// What the player's own attempt led to, and what it sees after.
    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation);
}

impl Told {
    /// Tells `player` this entry.
    pub fn tell(&self, player: &mut dyn Player) {
        match self {
            Told::Start(o) => player.start(o),
            Told::Observed(o) => player.observe(o),
            Told::Resolved {
                attempt,
                resolution,
                observation,
            } => player.resolved(attempt, resolution, observation),
        }
    }
}
