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

use serde::{Deserialize, Serialize};

use crate::{
    AnyMatch, Attempt, KriegspielRules, ModelSpec, Observation, Resolution, Told, Variant,
};

/// The public rules of a game, told to every player at its start (as
/// reconchess tells a player the game's setup): the variant and the
/// information model, with its Kriegspiel preset. Nothing in it is hidden
/// from either side, so a player need not guess the model from what it
/// sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRules {
    pub variant: Variant,
    #[serde(with = "model_by_variant")]
    pub model: ModelSpec,
}

/// A [`ModelSpec`] written as an externally tagged enum. Its own form is
/// internally tagged (`{"model": "fog"}`, for saves and links), which a
/// binary format without field names cannot read back — and the page's
/// worker gets a player's transcript, rules included, as bincode.
mod model_by_variant {
    use super::*;
    use serde::{Deserializer, Serializer};

    #[derive(Serialize, Deserialize)]
    enum Model {
        Open,
        Fog,
        Dark,
        Kriegspiel(KriegspielRules),
    }

    pub fn serialize<S: Serializer>(model: &ModelSpec, s: S) -> Result<S::Ok, S::Error> {
        match model {
            ModelSpec::Open => Model::Open,
            ModelSpec::Fog => Model::Fog,
            ModelSpec::Dark => Model::Dark,
            ModelSpec::Kriegspiel { rules } => Model::Kriegspiel(rules.clone()),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ModelSpec, D::Error> {
        Ok(match Model::deserialize(d)? {
            Model::Open => ModelSpec::Open,
            Model::Fog => ModelSpec::Fog,
            Model::Dark => ModelSpec::Dark,
            Model::Kriegspiel(rules) => ModelSpec::Kriegspiel { rules },
        })
    }
}

impl AnyMatch {
    /// The rules this match is played by, as its players are told them.
    pub fn rules(&self) -> GameRules {
        GameRules {
            variant: self.variant().clone(),
            model: self.spec().clone(),
        }
    }
}

/// An automated player. See the module docs.
pub trait Player: Send {
    /// What the player is called.
    fn name(&self) -> String;
    /// The game begins: its public rules and the player's first
    /// observation (it may not be to move).
    fn start(&mut self, rules: &GameRules, observation: &Observation);
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
            Told::Start { rules, observation } => player.start(rules, observation),
            Told::Observed(o) => player.observe(o),
            Told::Resolved {
                attempt,
                resolution,
                observation,
            } => player.resolved(attempt, resolution, observation),
        }
    }
}
