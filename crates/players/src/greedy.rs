//! [`GreedyPlayer`]: the one-ply baseline. On its own picture of the board
//! (its men and the enemy men it sees) it scores each move it may make by
//! the material it gains and loses at once — the value of a visible man it
//! takes, less the value of its man if the square it lands on is visibly
//! attacked, plus that value if the man leaves a visibly attacked square
//! for a safe one; leaving its own king where a visible man could take it
//! costs the game — and plays the best, ties broken at random. A try the
//! umpire judges (a Kriegspiel pawn capture) scores a little above a quiet
//! move: refused tries cost nothing. It remembers nothing and imagines no
//! hidden man: the yardstick a player that keeps a belief must beat.

use fogbound_engine::model::find_in;
use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{
    Attempt, Bitboard, Bitboard128, Bitboard256, Bitboard64, Observation, Position, Resolution,
    Role, RuleMode,
};

use crate::kit::{candidates, fallback, Refused, SplitMix};

/// What a man is worth to the baseline (a royal man: the game).
pub fn man_value(role: Role) -> i32 {
    if role.spec().royal {
        return 1000;
    }
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Hunter => 4,
        Role::Rook => 5,
        Role::Archbishop => 7,
        Role::Queen => 9,
        Role::King | Role::Fool => 1000,
    }
}

/// A try's score: above a quiet move, below any real gain.
const TRY_SCORE: i32 = 1;

/// See the module docs.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: SplitMix,
    refused: Refused,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: SplitMix::new(seed),
            refused: Refused::default(),
        }
    }
}

/// Each candidate's score on the picture (see the module docs).
fn scores<B: Bitboard>(obs: &Observation, candidates: &[Attempt]) -> Vec<i32> {
    let Some(pos) = obs.as_position::<B>() else {
        return vec![0; candidates.len()];
    };
    let us = obs.player;
    let them = !us;
    let moves = pos.moves(RuleMode::CaptureKing);
    let attacked = |p: &Position<B>, sq| p.is_attacked(sq, them, p.occupied());
    candidates
        .iter()
        .map(|attempt| {
            let Attempt::Move(a) = attempt else {
                return 0;
            };
            let tried = obs
                .try_hints
                .iter()
                .any(|h| h.from == a.from && h.to == a.to);
            let Some(mv) = find_in(&moves, a) else {
                return if tried { TRY_SCORE } else { 0 };
            };
            let mover = pos.piece_at(mv.from).map_or(0, |p| man_value(p.role));
            let gain = match pos.piece_at(mv.to) {
                Some(p) if p.color == them => man_value(p.role),
                _ => 0,
            };
            let after = pos.after(&mv);
            let landed = after.piece_at(mv.to).map_or(mover, |p| man_value(p.role));
            let mut score = gain;
            if attacked(&after, mv.to) {
                score -= landed;
            } else if attacked(&pos, mv.from) {
                score += mover;
            }
            if after.royals(us).squares().any(|k| attacked(&after, k)) {
                score -= 1000;
            }
            score.max(if tried { TRY_SCORE } else { i32::MIN })
        })
        .collect()
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "Greedy".into()
    }

    fn start(&mut self, _rules: &GameRules, _observation: &Observation) {}

    fn observe(&mut self, _observation: &Observation) {}

    fn attempt(&mut self, observation: &Observation) -> Attempt {
        let candidates = candidates(observation, &mut self.refused, &mut self.rng);
        if candidates.is_empty() {
            return fallback(observation);
        }
        let squares = usize::from(observation.width) * usize::from(observation.height);
        let scores = if squares <= 64 {
            scores::<Bitboard64>(observation, &candidates)
        } else if squares <= 128 {
            scores::<Bitboard128>(observation, &candidates)
        } else {
            scores::<Bitboard256>(observation, &candidates)
        };
        let best = scores.iter().copied().max().unwrap_or(0);
        let top: Vec<Attempt> = candidates
            .iter()
            .zip(&scores)
            .filter(|(_, &s)| s == best)
            .map(|(a, _)| *a)
            .collect();
        top[self.rng.below(top.len())]
    }

    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation) {
        self.refused.resolved(attempt, resolution, observation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::{AnyMatch, Geometry, ModelSpec, Variant};

    fn choices(fen: &str, moves: &[&str]) -> Vec<String> {
        let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, Some(fen)).unwrap();
        for text in moves {
            let a = Attempt::parse(text, m.geometry()).unwrap();
            let player = m.turn();
            m.attempt(player, a).unwrap();
        }
        let obs = m.observation(m.turn());
        let mut out: Vec<String> = (0..12)
            .map(|seed| {
                GreedyPlayer::new(seed)
                    .attempt(&obs)
                    .to_text(Geometry::CHESS)
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn takes_a_king_it_sees() {
        // 1. e4 f6 2. Qh5 a6: the queen sees e8.
        assert_eq!(choices(START, &["e2e4", "f7f6", "d1h5", "a7a6"]), ["h5e8"]);
    }

    #[test]
    fn takes_the_most_valuable_man_it_sees() {
        // The queen sees the knight on b3 and the pawn on d4.
        assert_eq!(choices("4k3/8/8/8/3p4/1n6/8/3QK3 w - - 0 1", &[]), ["d1b3"]);
    }

    #[test]
    fn never_leaves_its_king_to_a_man_it_sees() {
        // The black queen on e2 attacks the king: take it.
        assert_eq!(choices("4k3/8/8/8/8/8/4q3/R3K3 w - - 0 1", &[]), ["e1e2"]);
    }

    #[test]
    fn keeps_a_man_off_a_square_it_sees_attacked() {
        // The queen and the knight both see the pawn on c4, which the pawn on
        // b5 (seen by the knight) guards; the knight may also take b5, which
        // nothing it sees guards. Taking on c4 would lose the taker.
        assert_eq!(
            choices("7k/8/8/1p6/2p5/N7/4Q3/4K3 w - - 0 1", &[]),
            ["a3b5"]
        );
    }
}
