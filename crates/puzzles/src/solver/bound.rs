//! The full-information lower bound: a belief is lost when one of its
//! positions has no mate in the moves left even seen whole. A memoised
//! perfect-information search (one entry per position, by Zobrist hash),
//! used with at most [`FULL_INFO_DEPTH`] moves left (one more in the cook
//! pass, `cooks`), the placement that escaped last tried first.

use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard, Bitboard64, Color, Move, MoveKind, RuleMode, Square};

use super::{white_won, Pos, Solver, Stop, Witness};

/// The perfect-information lower bound is used with at most this many
/// moves left: a belief is lost if one of its positions has no mate even
/// seen whole. 3 was the fastest on the Rotenberg mate in 8: fewer moves
/// search many more beliefs, more make each bound dearer (figures in
/// SOLVER-NOTES.md).
pub const FULL_INFO_DEPTH: u32 = 3;

/// What the full-information search knows of one position: White mates
/// within `mate` moves (0: not known), and not within `none` moves.
#[derive(Clone, Copy, Default)]
pub(super) struct FullInfo {
    pub(super) mate: u8,
    pub(super) none: u8,
}

impl Solver<'_> {
    /// The full-information lower bound: a position of `belief` with no
    /// mate within `moves` even seen whole (its hash, as a witness). Only
    /// with at most the solver's bound depth left ([`FULL_INFO_DEPTH`], or
    /// the cook pass's).
    pub(super) fn bound(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<Witness>, Stop> {
        if moves > self.bound_depth {
            return Ok(None);
        }
        // A position already known to escape decides without a search.
        if let Some(h) = self.escaping_known(belief, moves) {
            return Ok(Some(vec![h]));
        }
        let mut order: Vec<usize> = (0..belief.len()).collect();
        if let Some(hint) = self.escape_hint {
            // First the position whose Black men stand as where a belief
            // last escaped: the others' mates need not be proved then.
            order.sort_by_key(|&i| belief.positions()[i].by_color(Color::Black) != hint);
        }
        for i in order {
            let pos = &belief.positions()[i];
            if !self.mates_in_hashed(pos, belief.key()[i], moves)? {
                self.escape_hint = Some(pos.by_color(Color::Black));
                return Ok(Some(vec![belief.key()[i]]));
            }
        }
        Ok(None)
    }

    /// A position of `belief` the full-information search already found
    /// without a mate within `moves` (its hash).
    pub(super) fn escaping_known(&self, belief: &Belief<Bitboard64>, moves: u32) -> Option<u64> {
        belief.key().iter().copied().find(|h| {
            self.full
                .get(h)
                .is_some_and(|known| u32::from(known.none) >= moves)
        })
    }

    /// Whether White, to move in `pos` and seeing everything, forces the
    /// goal within `moves` moves (Black replies with every legal move).
    pub fn mates_in(&mut self, pos: &Pos, moves: u32) -> Result<bool, Stop> {
        self.mates_in_hashed(pos, pos.zobrist_hash(), moves)
    }

    /// [`Solver::mates_in`] for a position whose hash `h` is known (each
    /// next position's hash is then found from its parent's).
    fn mates_in_hashed(&mut self, pos: &Pos, h: u64, moves: u32) -> Result<bool, Stop> {
        if moves == 0 {
            return Ok(false);
        }
        let known = self.full.get(&h).copied().unwrap_or_default();
        // Monotone in the moves: a mate within fewer is a mate within
        // more; no mate within more is no mate within fewer.
        if known.mate != 0 && u32::from(known.mate) <= moves {
            return Ok(true);
        }
        if u32::from(known.none) >= moves {
            return Ok(false);
        }
        self.stats.full_info_positions += 1;
        if moves == 1 {
            let won = self.mates_in_one(pos)?;
            let e = self.full.entry(h).or_default();
            if won {
                e.mate = 1;
            } else {
                e.none = e.none.max(1);
            }
            return Ok(won);
        }
        // Over already (Black's reply ended the game): won only if White won.
        if let Some(o) = pos.decided() {
            return Ok(white_won(Some(o)));
        }
        let list = pos.moves(self.mode);
        if let Some(o) = pos.outcome_with_moves(self.mode, !list.is_empty()) {
            return Ok(white_won(Some(o)));
        }
        // Each move played once; under orthodox rules checks and captures
        // first.
        let killer = self.full_killers.get(moves as usize).copied().flatten();
        let checks = CheckFilter::of(pos, self.mode);
        let mut afters: Vec<Pos> = Vec::with_capacity(list.len());
        let mut order: Vec<(u8, u16)> = Vec::with_capacity(list.len());
        for (i, m) in list.iter().enumerate() {
            // One node per move generated, as the budgets were set by.
            self.tick()?;
            let after = pos.after(m);
            let first = killer == Some((m.from, m.to));
            let rank = if first {
                0
            } else if self.mode == RuleMode::Orthodox {
                // A move the filter turns away is no check: not asked.
                let check = checks.as_ref().is_none_or(|c| c.may_check(pos, m)) && after.is_check();
                1 + u8::from(!check) * 2 + u8::from(!m.is_capture())
            } else {
                1
            };
            order.push((rank, i as u16));
            afters.push(after);
        }
        order.sort_by_key(|&(rank, _)| rank);
        let mut won = false;
        let mut replies = Vec::new();
        'white: for &(_, i) in &order {
            let (m, after) = (&list[usize::from(i)], &afters[usize::from(i)]);
            // The replies once: they say whether the game is over too.
            if let Some(o) = after.decided() {
                if white_won(Some(o)) {
                    won = true;
                    self.full_killers[moves as usize] = Some((m.from, m.to));
                    break;
                }
                continue;
            }
            replies.clear();
            after.moves_into(self.mode, &mut replies);
            let outcome = after.outcome_with_moves(self.mode, !replies.is_empty());
            if white_won(outcome) {
                won = true;
                self.full_killers[moves as usize] = Some((m.from, m.to));
                break;
            }
            if outcome.is_some() {
                continue;
            }
            let after_hash = after.zobrist_hash_from(pos, h);
            for reply in &replies {
                let next = after.after(reply);
                let next_hash = next.zobrist_hash_from(after, after_hash);
                if !self.mates_in_hashed(&next, next_hash, moves - 1)? {
                    continue 'white;
                }
            }
            won = true;
            self.full_killers[moves as usize] = Some((m.from, m.to));
            break;
        }
        let e = self.full.entry(h).or_default();
        let n = moves.min(u32::from(u8::MAX)) as u8;
        if won {
            e.mate = if e.mate == 0 { n } else { e.mate.min(n) };
        } else {
            e.none = e.none.max(n);
        }
        Ok(won)
    }

    /// [`Solver::mates_in`] one move: only checks, each ended or not by
    /// the quick test (no list of Black's replies).
    fn mates_in_one(&mut self, pos: &Pos) -> Result<bool, Stop> {
        if let Some(o) = pos.decided() {
            return Ok(white_won(Some(o)));
        }
        let list = pos.moves(self.mode);
        if let Some(o) = pos.outcome_with_moves(self.mode, !list.is_empty()) {
            return Ok(white_won(Some(o)));
        }
        let checks = CheckFilter::of(pos, self.mode);
        let killer = self.full_killers[1];
        let first = list
            .iter()
            .position(|m| killer == Some((m.from, m.to)))
            .unwrap_or(0);
        for i in (first..list.len()).chain(0..first) {
            // One node per move generated, as the budgets were set by.
            self.tick()?;
            let m = &list[i];
            if checks.as_ref().is_some_and(|c| !c.may_check(pos, m)) {
                continue;
            }
            let after = pos.after(m);
            if self.mode == RuleMode::Orthodox && !after.is_check() {
                continue;
            }
            if white_won(after.outcome_quick(self.mode)) {
                self.full_killers[1] = Some((m.from, m.to));
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Which moves of a position may give check, without playing them
/// (orthodox chess only): the moved man attacks the enemy king from where
/// it lands, or it stood first on a line from that king (a line it may
/// open). Every other move is no check, so no mate in one: the last
/// move's search plays only the others instead of playing each to see
/// (about a twentieth of the cook pass's CPU on the Rotenberg mate in 8;
/// SOLVER-NOTES.md).
struct CheckFilter {
    king: Square,
    occupied: Bitboard64,
    /// The first man on each line from the enemy king.
    lines: Bitboard64,
}

impl CheckFilter {
    fn of(pos: &Pos, mode: RuleMode) -> Option<CheckFilter> {
        if mode != RuleMode::Orthodox || pos.variant().id != "chess" {
            return None;
        }
        let king = pos.king_of(!pos.turn())?;
        let occupied = pos.occupied();
        let rules = pos.rules();
        let lines = rules.bishop_attacks(king, occupied) | rules.rook_attacks(king, occupied);
        Some(CheckFilter {
            king,
            occupied,
            lines,
        })
    }

    fn may_check(&self, pos: &Pos, m: &Move) -> bool {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep) || self.lines.contains(m.from)
        {
            return true;
        }
        let occupied = self.occupied.without(m.from).with(m.to);
        let role = m.promotion.unwrap_or(m.role);
        pos.rules()
            .attacks(role, pos.turn(), m.to, occupied)
            .contains(self.king)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::Variant;

    /// Every move that checks, in positions reached by random play from
    /// openings, middlegames and endgames with discovered checks,
    /// promotions, castling and en passant about: the filter lets it
    /// through, and it turns most other moves away.
    #[test]
    fn the_check_filter_never_turns_a_check_away() {
        let fens = [
            "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
            "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
            "2r1k3/8/8/1B6/3N4/8/8/4K2R b K - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ];
        let variant = Variant::chess();
        let mode = RuleMode::Orthodox;
        let (mut checks, mut turned_away, mut moves) = (0, 0, 0);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for fen in fens {
            for _ in 0..40 {
                let mut pos = Pos::from_fen(&variant, fen).unwrap();
                for _ in 0..30 {
                    let list = pos.moves(mode);
                    if list.is_empty() {
                        break;
                    }
                    let filter = CheckFilter::of(&pos, mode).expect("orthodox chess");
                    for m in &list {
                        moves += 1;
                        let check = pos.after(m).is_check();
                        checks += usize::from(check);
                        if !filter.may_check(&pos, m) {
                            assert!(!check, "{m:?} checks in {pos:?}");
                            turned_away += 1;
                        }
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.after(&list[(seed % list.len() as u64) as usize]);
                }
            }
        }
        assert!(checks > 100, "{checks} checks in {moves} moves");
        assert!(turned_away * 2 > moves, "{turned_away} of {moves}");
    }
}
