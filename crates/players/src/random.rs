//! [`RandomPlayer`]: picks uniformly among the attempts its own board
//! allows, never repeating a try refused this turn. A sparring partner, and
//! the simplest proof that any [`Player`] can take a seat.

use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{Attempt, Observation, Resolution};

use crate::kit::{candidates, fallback, Refused, SplitMix};

/// See the module docs.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SplitMix,
    refused: Refused,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SplitMix::new(seed),
            refused: Refused::default(),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "Random mover".into()
    }

    fn start(&mut self, _rules: &GameRules, _observation: &Observation) {}

    fn observe(&mut self, _observation: &Observation) {}

    fn attempt(&mut self, observation: &Observation) -> Attempt {
        let candidates = candidates(observation, &mut self.refused, &mut self.rng);
        match candidates.len() {
            0 => fallback(observation),
            n => candidates[self.rng.below(n)],
        }
    }

    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation) {
        self.refused.resolved(attempt, resolution, observation);
    }
}
