//! The player kit: what every automated player of this crate shares — a
//! small seeded generator ([`SplitMix`]), the tries refused this turn
//! ([`Refused`]), everything a player may try on its own board
//! ([`candidates`]) and what to do when nothing is left ([`fallback`]).

use fogbound_engine::{Attempt, Geometry, MoveAttempt, Observation, Resolution};

pub use fogbound_engine::SplitMix;

/// The tries the umpire refused in the current turn: an automated player
/// never repeats one.
#[derive(Clone, Debug, Default)]
pub struct Refused {
    attempts: Vec<Attempt>,
    /// The ply of the turn they belong to.
    ply: Option<u32>,
}

impl Refused {
    fn turn(&mut self, observation: &Observation) -> &mut Vec<Attempt> {
        if self.ply != Some(observation.ply) {
            self.ply = Some(observation.ply);
            self.attempts.clear();
        }
        &mut self.attempts
    }

    /// Notes the outcome of the player's own attempt.
    pub fn resolved(
        &mut self,
        attempt: &Attempt,
        resolution: &Resolution,
        observation: &Observation,
    ) {
        let turn = self.turn(observation);
        if !resolution.passes_turn() {
            turn.push(*attempt);
        }
    }

    /// Whether `attempt` was refused this turn.
    pub fn contains(&mut self, observation: &Observation, attempt: &Attempt) -> bool {
        self.turn(observation).contains(attempt)
    }
}

/// Everything a player may try now as far as its own board shows (hinted
/// moves, a knight route picked by `rng` where the model asks for one, and
/// the model's tries), without the ones refused this turn. Under a duty to
/// try a pawn capture, only the tries.
pub fn candidates(obs: &Observation, refused: &mut Refused, rng: &mut SplitMix) -> Vec<Attempt> {
    let g = match Geometry::new(usize::from(obs.width), usize::from(obs.height)) {
        Ok(g) => g,
        Err(_) => return Vec::new(),
    };
    let tries = obs
        .try_hints
        .iter()
        .map(|h| Attempt::Move(MoveAttempt::plain(h.from, h.to)));
    let mut out: Vec<Attempt> = Vec::new();
    if obs.actions.must_try_pawn_capture {
        out.extend(tries);
    } else {
        for h in &obs.hints {
            let mut m = MoveAttempt::plain(h.from, h.to);
            if obs.actions.choose_route {
                let routes = g.leap_routes(h.from, h.to);
                if routes.len() >= 2 {
                    m.route = Some(routes[rng.below(routes.len())]);
                }
            }
            out.push(Attempt::Move(m));
        }
        // The moves the model says the player may try without knowing
        // whether they are possible (Kriegspiel's pawn captures).
        out.extend(tries);
    }
    out.retain(|a| !refused.contains(obs, a));
    out.dedup();
    out
}

/// What a player does with nothing left to try on its own board (a live
/// game always has a move): ask a question if one is offered, else the
/// first hint.
pub fn fallback(obs: &Observation) -> Attempt {
    if obs.actions.ask_any {
        return Attempt::AskAny;
    }
    obs.hints
        .first()
        .map(|h| Attempt::of(h.from, h.to))
        .unwrap_or(Attempt::AskAny)
}
