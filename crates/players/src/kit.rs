//! The player kit: what every automated player of this crate shares — a
//! small seeded generator ([`SplitMix`]), the tries refused this turn
//! ([`Refused`]), everything a player may try on its own board
//! ([`candidates`]) and what to do when nothing is left ([`fallback`]).

use fogbound_engine::{Attempt, Geometry, MoveAttempt, Observation, Resolution};

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

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
