//! Keeping the sound map of where hidden enemy pawns may stand
//! ([`PawnReach`]) from what the player is told, beside the sampled boards.
//! Kept under an umpire on 8×8 boards only.

use fogbound_engine::observation::Message;
use fogbound_engine::{Attempt, Bitboard, Geometry, Observation, Resolution, Square, Variant};

use super::Brain;
use crate::danger::PawnReach;

/// The map for a new game of `variant` seen first in `first` (`None`
/// when it is not kept: no umpire, or another board than 8×8).
pub(super) fn start<B: Bitboard>(
    variant: &Variant,
    has_umpire: bool,
    homes: &[(Square, fogbound_engine::Piece)],
    first: &Observation,
) -> Option<PawnReach> {
    let g = variant.geometry();
    if !has_umpire || g.width() != 8 || g.height() != 8 {
        return None;
    }
    let them = !first.player;
    if first.ply == 0 && !homes.is_empty() {
        let pawns = homes
            .iter()
            .filter(|(_, p)| p.color == them && p.role.spec().pawn)
            .map(|(s, _)| *s);
        Some(PawnReach::at(g, them, pawns))
    } else {
        Some(PawnReach::anywhere(g, them, &mine(first)))
    }
}

/// The player's men's squares in `obs`.
fn mine(obs: &Observation) -> Vec<Square> {
    obs.men()
        .into_iter()
        .filter(|(_, p)| p.color == obs.player)
        .map(|(s, _)| s)
        .collect()
}

/// Whether `obs` may say the player is in check (any check heard since
/// the previous ply: erring towards "in check" keeps the map sound).
fn in_check(obs: &Observation) -> bool {
    obs.announcements
        .iter()
        .any(|a| matches!(a.message, Message::Check { .. }))
}

/// The squares strictly between `from` and `to` on a line (none for a leap).
fn between(g: Geometry, from: Square, to: Square) -> Vec<Square> {
    let (f0, r0) = g.coords(from);
    let (f1, r1) = g.coords(to);
    let (df, dr) = (f1 - f0, r1 - r0);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let steps = df.abs().max(dr.abs());
    (1..steps)
        .filter_map(|k| g.square_at(f0 + k * df.signum(), r0 + k * dr.signum()))
        .collect()
}

impl<B: Bitboard> Brain<B> {
    /// The opponent's ply was played (`obs` is the player's view after
    /// it), or the player lost track of the plies (`track` false).
    pub(super) fn reach_after_enemy(&mut self, obs: &Observation, track: bool) {
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        let mine = mine(obs);
        if track {
            let taken = obs
                .last_move
                .filter(|l| l.by == Some(!self.me))
                .and_then(|l| l.capture_at);
            reach.enemy_moved(taken, &mine);
        } else {
            *reach = PawnReach::anywhere(self.variant.geometry(), !self.me, &mine);
        }
        self.reach_facts(obs);
    }

    /// The player's own attempt `attempt` came to `resolution`.
    pub(super) fn reach_after_own(
        &mut self,
        attempt: &Attempt,
        resolution: &Resolution,
        obs: &Observation,
    ) {
        let g = self.variant.geometry();
        let was_in_check = in_check(&self.last_seen_before(obs));
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        match resolution {
            Resolution::Played => {
                if let Some(m) = attempt.as_move() {
                    // The line it crossed was empty and the square it left
                    // is now.
                    reach.clear(between(g, m.from, m.to));
                    reach.clear([m.from]);
                }
            }
            Resolution::AnyAnswer { yes: false } if !was_in_check => {
                // No pawn capture is legal: out of check, an enemy man on a
                // square one of its pawns attacks would be one, unless the
                // pawn is pinned (on a line through its king).
                let me = self.me;
                let king = obs
                    .men()
                    .into_iter()
                    .find(|(_, p)| p.color == me && p.role.spec().royal)
                    .map(|(s, _)| s);
                let fwd = if me == fogbound_engine::Color::White {
                    1
                } else {
                    -1
                };
                for (sq, p) in obs.men() {
                    if p.color != me || !p.role.spec().pawn {
                        continue;
                    }
                    if king.is_some_and(|k| aligned(g, k, sq)) {
                        continue;
                    }
                    let (f, r) = g.coords(sq);
                    reach.clear(
                        [g.square_at(f - 1, r + fwd), g.square_at(f + 1, r + fwd)]
                            .into_iter()
                            .flatten(),
                    );
                }
            }
            _ => {}
        }
        self.reach_facts(obs);
    }

    /// What every observation tells for certain: the player's men stand on
    /// their squares; no enemy pawn attacks its king after its own move
    /// (the umpire refuses a move into check) or at its turn without a
    /// check announced.
    fn reach_facts(&mut self, obs: &Observation) {
        let Some(reach) = self.reach.as_mut() else {
            return;
        };
        reach.clear(mine(obs));
        let me = self.me;
        let king_safe = obs.turn != me || !in_check(obs);
        if king_safe {
            for (sq, p) in obs.men() {
                if p.color == me && p.role.spec().royal {
                    let attackers = reach.attackers_of(sq);
                    reach.clear(attackers.into_iter().flatten());
                }
            }
        }
    }

    /// The observation the player answered from: the last one kept, or
    /// `obs` itself.
    fn last_seen_before(&self, obs: &Observation) -> Observation {
        self.last.clone().unwrap_or_else(|| obs.clone())
    }
}

/// Whether `a` and `b` share a rank, file or diagonal.
fn aligned(g: Geometry, a: Square, b: Square) -> bool {
    let (fa, ra) = g.coords(a);
    let (fb, rb) = g.coords(b);
    fa == fb || ra == rb || (fa - fb).abs() == (ra - rb).abs()
}
