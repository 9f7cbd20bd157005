//! Keeping the belief alive when the news kills every board.
//!
//! The pool is a sample once the true set is large, and a sharp piece of
//! news (a check from a knight, a capture on a square no board had a man
//! on) can leave no board of the sample standing. Guessing every hidden man
//! afresh forgets everything learnt so far; instead the boards that agreed
//! until this news are nudged: one or two hidden enemy men are moved to
//! other squares the player cannot see, and the nudged boards that agree
//! with the news are kept. What the boards knew of the rest (the pawn
//! structure, where the king was hemmed in) survives.

use fogbound_engine::{Bitboard, Observation, Piece, Position, RuleMode, Square};
use rand_chacha::ChaCha8Rng;

use super::{below, Brain};

/// Nudges tried per board wanted.
const TRIES_PER_BOARD: usize = 16;

impl<B: Bitboard> Brain<B> {
    /// Boards near `before` (the pool before the news in `obs`) that agree
    /// with `obs`: up to `want`.
    pub(super) fn nudged(
        &mut self,
        before: &[Position<B>],
        obs: &Observation,
        want: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Position<B>> {
        let starts: Vec<&Position<B>> = before.iter().filter(|p| p.turn() == obs.turn).collect();
        self.nudged_from(&starts, obs, want, rng, |brain, pos| {
            if brain.mode == RuleMode::Orthodox && pos.is_king_attacked(!obs.turn) {
                return Vec::new();
            }
            if brain.consistent(&pos, obs) {
                vec![pos]
            } else {
                Vec::new()
            }
        })
    }

    /// Up to `want` boards, without repeats: boards of `starts` drawn at
    /// random and nudged ([`Brain::nudge`]), each turned by `keep` into the
    /// boards it yields (none when it does not fit).
    fn nudged_from(
        &mut self,
        starts: &[&Position<B>],
        obs: &Observation,
        want: usize,
        rng: &mut ChaCha8Rng,
        mut keep: impl FnMut(&mut Self, Position<B>) -> Vec<Position<B>>,
    ) -> Vec<Position<B>> {
        let mut out: Vec<Position<B>> = Vec::new();
        let mut keys: Vec<u64> = Vec::new();
        if starts.is_empty() {
            return out;
        }
        let fog: Vec<Square> = obs.fogged();
        let height = usize::from(obs.height);
        let width = usize::from(obs.width);
        for _ in 0..want * TRIES_PER_BOARD {
            if out.len() >= want {
                break;
            }
            let from = starts[below(rng, starts.len())];
            let Some(pos) = self.nudge(from, &fog, width, height, rng) else {
                continue;
            };
            for c in keep(self, pos) {
                let k = c.zobrist_hash();
                if !keys.contains(&k) {
                    keys.push(k);
                    out.push(c);
                }
            }
        }
        out
    }

    /// `from` with one or two hidden enemy men moved to empty squares of
    /// `fog` (a pawn never to the first or last rank), or `None`.
    fn nudge(
        &self,
        from: &Position<B>,
        fog: &[Square],
        width: usize,
        height: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<Position<B>> {
        let mut setup = from.to_setup();
        let moves = 1 + below(rng, 2);
        let mut moved = 0;
        for _ in 0..moves {
            // A hidden enemy man, to an empty square the player cannot see.
            let hidden: Vec<Square> = fog
                .iter()
                .copied()
                .filter(|s| setup.board[s.index()].is_some_and(|p: Piece| p.color != self.me))
                .collect();
            let empty: Vec<Square> = fog
                .iter()
                .copied()
                .filter(|s| setup.board[s.index()].is_none())
                .collect();
            if hidden.is_empty() || empty.is_empty() {
                break;
            }
            let sq = hidden[below(rng, hidden.len())];
            let man = setup.board[sq.index()].expect("hidden man");
            let fits: Vec<Square> = empty
                .iter()
                .copied()
                .filter(|s| {
                    let rank = s.index() / width;
                    !man.role.spec().pawn || (rank != 0 && rank + 1 != height)
                })
                .collect();
            if fits.is_empty() {
                break;
            }
            let to = fits[below(rng, fits.len())];
            setup.board[sq.index()] = None;
            setup.board[to.index()] = Some(man);
            moved += 1;
        }
        if moved == 0 {
            return None;
        }
        setup.en_passant = None;
        Position::<B>::from_setup(&self.variant, &setup)
            .or_else(|_| {
                setup.castling.clear();
                Position::<B>::from_setup(&self.variant, &setup)
            })
            .ok()
    }

    /// Under an umpire, when the opponent's ply left no board: the boards
    /// it moved from (`parents`), nudged, and their successors that agree
    /// with `obs` (a capture or a check no kept board allowed); up to
    /// `want`.
    pub(super) fn nudged_successors(
        &mut self,
        parents: &[Position<B>],
        obs: &Observation,
        level: &crate::Level,
        want: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Position<B>> {
        let starts: Vec<&Position<B>> = parents.iter().filter(|p| p.turn() != obs.turn).collect();
        self.nudged_from(&starts, obs, want, rng, |brain, pos| {
            // The side that moved never leaves the other side's king
            // attacked in the orthodox models.
            if brain.mode == RuleMode::Orthodox && pos.is_king_attacked(obs.turn) {
                return Vec::new();
            }
            brain
                .successors(std::slice::from_ref(&pos), obs, level, false)
                .0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brain::Brain;
    use fogbound_engine::{AnyMatch, Bitboard64, Cell, Color, ModelSpec, Variant};
    use rand_core::SeedableRng;

    #[test]
    fn nudged_boards_agree_with_the_news_and_keep_the_seen_men() {
        let variant = Variant::chess();
        let spec = ModelSpec::parse("kriegspiel", Some("english")).unwrap();
        let game = AnyMatch::new(&variant, spec.clone(), None).unwrap();
        let obs = game.observation(Color::White);
        let mut brain: Brain<Bitboard64> = Brain::new(variant, spec, &obs);
        let start = Position::<Bitboard64>::start(&Variant::chess()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let boards = brain.nudged(std::slice::from_ref(&start), &obs, 20, &mut rng);
        assert!(!boards.is_empty());
        for b in &boards {
            assert_ne!(b.to_fen(), start.to_fen());
            // White's men, which White sees, never move.
            for (sq, pc) in start.men().filter(|(_, pc)| pc.color == Color::White) {
                assert_eq!(b.piece_at(sq), Some(pc));
            }
            // Black's men stay on squares White cannot see.
            for (sq, pc) in b.men().filter(|(_, pc)| pc.color == Color::Black) {
                assert_eq!(obs.squares[sq.index()], Cell::Fog, "{pc:?} on {sq:?}");
            }
        }
    }
}
