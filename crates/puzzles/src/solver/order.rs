//! The order White's attempts are tried in (it breaks the proof numbers'
//! ties, and the depth-first search stops at the first that wins): killers
//! and history first, then checks, captures, exposure and tries that split
//! the belief, each weighed by the share of the belief where it holds.

use fogbound_engine::belief::Belief;
use fogbound_engine::model::find_in;
use fogbound_engine::{Bitboard, Bitboard64, Move, MoveAttempt, Role, RuleMode};

use super::{Pos, Solver};

// Attempt ordering weights (per cent of the belief where it holds): a
// check, a capture, the moved man left where Black takes it with profit
// ([`en_prise`]), a try that some positions refuse (it shrinks the belief).
const W_CHECK: i64 = 100;
const W_CAPTURE: i64 = 0;
const W_EXPOSED: i64 = 60;

const W_SPLIT: i64 = 30;

/// Checks and exposure are scored on the first this many positions where
/// an attempt is played: playing every attempt in every position was a
/// tenth of the search, and 8 orders as well as all (SOLVER-NOTES.md).
const ORDER_SAMPLE: i64 = 8;

/// Whether the man `mv` moved can be taken with profit where it landed:
/// attacked and not defended, or attacked by a cheaper man than itself (a
/// king takes only what is not defended). Counting every attacked square
/// instead put the Rotenberg key 1.Rg2 last (the rook stands next to the
/// black king, but the white king guards it), almost doubling the search.
fn en_prise(after: &Pos, mv: &Move) -> bool {
    let occupied = after.occupied();
    let mover = !after.turn();
    let attackers = after.attackers_to(mv.to, after.turn(), occupied);
    if attackers.is_empty() {
        return false;
    }
    if !after.is_attacked(mv.to, mover, occupied) {
        return true;
    }
    let worth = mv.promotion.unwrap_or(mv.role).value();
    attackers.squares().any(|s| {
        after
            .role_at(s)
            .is_some_and(|r| r != Role::King && r.value() < worth)
    })
}

/// Per position, the squares the men of each square can move to: past
/// [`ORDER_SAMPLE`] the ordering only asks where an attempt is played, and
/// scanning every move list for every attempt was most of its cost.
struct Reach(Vec<[u64; 64]>);

impl Reach {
    fn of(legal: &[Vec<Move>]) -> Reach {
        Reach(
            legal
                .iter()
                .map(|list| {
                    let mut to = [0u64; 64];
                    for m in list.iter().filter(|m| m.from.0 < 64 && m.to.0 < 64) {
                        to[usize::from(m.from.0)] |= 1 << m.to.0;
                    }
                    to
                })
                .collect(),
        )
    }

    /// Whether `a` is played in position `i` (as [`find_in`] finds it),
    /// when a look-up tells: a plain move's two squares (`None` for a
    /// promotion's piece or a castling's rook, left to [`find_in`]).
    fn plays(&self, i: usize, a: &MoveAttempt) -> Option<bool> {
        if a.promotion.is_some() || a.rook_to.is_some() || a.from.0 >= 64 || a.to.0 >= 64 {
            return None;
        }
        Some(self.0[i][usize::from(a.from.0)] & (1 << a.to.0) != 0)
    }
}

impl Solver<'_> {
    /// White's attempts in `belief`, best first.
    pub fn attempts(&mut self, belief: &Belief<Bitboard64>) -> Vec<MoveAttempt> {
        let moves = self.stats.depth;
        let legal = self.legal(belief);
        self.ordered(belief, &legal, moves)
    }

    pub(super) fn ordered(
        &self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
        moves: u32,
    ) -> Vec<MoveAttempt> {
        let all = self.observer.attempts(belief);
        let n = belief.len() as i64;
        let reach = Reach::of(legal);
        let killers = self.killers.get(&moves);
        let mut scored: Vec<(i64, MoveAttempt)> = Vec::with_capacity(all.len());
        for a in all {
            let (mut played, mut checks, mut captures, mut exposed) = (0i64, 0i64, 0i64, 0i64);
            for (i, (pos, list)) in belief.positions().iter().zip(legal).enumerate() {
                if played >= ORDER_SAMPLE {
                    // Past the sample only where it is played counts.
                    if let Some(here) = reach.plays(i, &a) {
                        played += i64::from(here);
                        continue;
                    }
                }
                if let Some(mv) = find_in(list, &a) {
                    played += 1;
                    if played > ORDER_SAMPLE {
                        continue;
                    }
                    captures += i64::from(mv.is_capture());
                    let after = pos.after(&mv);
                    if self.mode == RuleMode::Orthodox && after.is_check() {
                        checks += 1;
                    }
                    exposed += i64::from(en_prise(&after, &mv));
                }
            }
            if played == 0 {
                // Refused everywhere: tells nothing.
                continue;
            }
            let mut score = 0;
            if let Some(k) = killers.and_then(|k| k.iter().position(|x| *x == a)) {
                score += 10_000 - 100 * k as i64;
            }
            score += i64::from(self.history.get(&a).copied().unwrap_or(0)).min(50);
            let m = played.min(ORDER_SAMPLE);
            score += checks * W_CHECK / m + captures * W_CAPTURE / m - exposed * W_EXPOSED / m;
            if played < n {
                // Refused in some positions: the answer shrinks the belief,
                // best when it halves it.
                score += W_SPLIT * played.min(n - played) * 2 / n + W_SPLIT / 2;
            }
            scored.push((score, a));
        }
        // Stable: equal scores keep the model's order.
        scored.sort_by_key(|(s, _)| -*s);
        scored.into_iter().map(|(_, a)| a).collect()
    }
}
