//! [`RandomPlayer`]: picks uniformly among the attempts its own board
//! allows, never repeating a try refused this turn. A sparring partner, and
//! the simplest proof that any [`Player`] can take a seat.

use crate::observation::Tries;
use crate::player::Player;
use crate::{Attempt, Cell, Geometry, MoveAttempt, Observation, Resolution, Square};

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

/// See the module docs.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SplitMix,
    /// Tries refused in the current turn, and the ply of that turn.
    refused: Vec<Attempt>,
    turn_ply: Option<u32>,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SplitMix::new(seed),
            refused: Vec::new(),
            turn_ply: None,
        }
    }

    fn new_turn_check(&mut self, observation: &Observation) {
        if self.turn_ply != Some(observation.ply) {
            self.turn_ply = Some(observation.ply);
            self.refused.clear();
        }
    }

    /// Everything the player may try now, as far as its own board shows.
    fn candidates(&mut self, obs: &Observation) -> Vec<Attempt> {
        let g = match Geometry::new(usize::from(obs.width), usize::from(obs.height)) {
            Ok(g) => g,
            Err(_) => return Vec::new(),
        };
        let mut out: Vec<Attempt> = Vec::new();
        if obs.actions.must_try_pawn_capture {
            out.extend(pawn_captures(obs, g));
        } else {
            for h in &obs.hints {
                let mut m = MoveAttempt::plain(h.from, h.to);
                if obs.actions.choose_route {
                    let routes = g.leap_routes(h.from, h.to);
                    if routes.len() >= 2 {
                        m.route = Some(routes[self.rng.below(routes.len())]);
                    }
                }
                out.push(Attempt::Move(m));
            }
            // Where the model judges tries the player cannot check, pawn
            // captures onto unseen squares are tries too.
            if obs.actions.tries == Tries::AnyFromOwnMen {
                out.extend(pawn_captures(obs, g));
            }
        }
        out.retain(|a| !self.refused.contains(a));
        out.dedup();
        out
    }
}

/// Each own pawn's forward diagonals onto squares without an own man.
fn pawn_captures(obs: &Observation, g: Geometry) -> Vec<Attempt> {
    let mut out = Vec::new();
    for (from, piece) in obs.men() {
        if piece.color != obs.player || !piece.role.spec().pawn {
            continue;
        }
        let forward: i32 = if obs.player == crate::Color::White {
            1
        } else {
            -1
        };
        let (file, rank) = (g.file(from).0 as i32, g.rank(from).0 as i32);
        for df in [-1, 1] {
            let (f, r) = (file + df, rank + forward);
            if f < 0 || r < 0 || f >= i32::from(obs.width) || r >= i32::from(obs.height) {
                continue;
            }
            let to = Square((r * i32::from(obs.width) + f) as u8);
            if !matches!(obs.cell(to), Cell::Man(p) if p.color == obs.player) {
                out.push(Attempt::Move(MoveAttempt::plain(from, to)));
            }
        }
    }
    out
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "Random mover".into()
    }

    fn start(&mut self, _observation: &Observation) {}

    fn observe(&mut self, _observation: &Observation) {}

    fn attempt(&mut self, observation: &Observation) -> Attempt {
        self.new_turn_check(observation);
        let candidates = self.candidates(observation);
        match candidates.len() {
            // Nothing left on its own board (a live game always has a
            // move): ask a question if one is offered, else the first hint.
            0 if observation.actions.ask_any => Attempt::AskAny,
            0 => observation
                .hints
                .first()
                .map(|h| Attempt::of(h.from, h.to))
                .unwrap_or(Attempt::AskAny),
            n => candidates[self.rng.below(n)],
        }
    }

    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation) {
        self.new_turn_check(observation);
        if !resolution.passes_turn() {
            self.refused.push(*attempt);
        }
    }
}
