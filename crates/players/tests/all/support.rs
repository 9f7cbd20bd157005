//! What the players' tests share: every model, and a player wrapper that
//! records what the player it wraps tries and checks each attempt.

use fogbound_engine::player::Player;
use fogbound_engine::{Attempt, KriegspielRules, ModelSpec, Observation, Resolution};

/// Open, Fog, Dark and Kriegspiel under every preset.
pub fn models() -> Vec<ModelSpec> {
    let mut out = vec![ModelSpec::Open, ModelSpec::Fog, ModelSpec::Dark];
    for id in KriegspielRules::PRESET_IDS {
        out.push(ModelSpec::parse("kriegspiel", Some(id)).unwrap());
    }
    out
}

/// Records the attempts of the player it wraps and checks each against the
/// observation it was made on.
pub struct Watched {
    inner: Box<dyn Player>,
    /// Every attempt, with the ply it was made at.
    pub tried: Vec<(u32, Attempt)>,
    /// Every refused move, with its ply.
    pub refused: Vec<(u32, Attempt)>,
    /// Attempts the observation did not allow, and refused moves tried
    /// again in the same turn.
    pub faults: Vec<String>,
}

impl Watched {
    pub fn new(inner: Box<dyn Player>) -> Watched {
        Watched {
            inner,
            tried: Vec::new(),
            refused: Vec::new(),
            faults: Vec::new(),
        }
    }
}

/// Whether `a` is an attempt `o` allows: a hinted move or a try the model
/// takes, with a man of the player's, or a question the model offers now.
fn well_formed(o: &Observation, a: &Attempt) -> bool {
    match a {
        Attempt::AskAny => o.actions.ask_any,
        Attempt::AskRebuffs => o.actions.ask_rebuffs,
        Attempt::Move(m) => {
            let hinted = o.try_hints.iter().any(|h| h.from == m.from && h.to == m.to);
            if o.actions.must_try_pawn_capture {
                hinted
            } else {
                hinted || o.may_try(m.from, m.to)
            }
        }
    }
}

impl Player for Watched {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn start(&mut self, o: &Observation) {
        self.inner.start(o)
    }
    fn observe(&mut self, o: &Observation) {
        self.inner.observe(o)
    }
    fn attempt(&mut self, o: &Observation) -> Attempt {
        let a = self.inner.attempt(o);
        if !well_formed(o, &a) {
            self.faults
                .push(format!("ply {}: {a:?} not allowed", o.ply));
        }
        if self.refused.contains(&(o.ply, a)) && a.as_move().is_some() {
            self.faults
                .push(format!("ply {}: {a:?} tried again", o.ply));
        }
        self.tried.push((o.ply, a));
        a
    }
    fn resolved(&mut self, a: &Attempt, r: &Resolution, o: &Observation) {
        if !r.passes_turn() && a.as_move().is_some() {
            self.refused.push((o.ply, *a));
        }
        self.inner.resolved(a, r, o)
    }
}
