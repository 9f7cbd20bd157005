//! The full-information lower bound: a belief is lost when one of its
//! positions has no mate in the moves left even seen whole. A memoised
//! perfect-information search (one entry per position, by Zobrist hash),
//! used with at most [`FULL_INFO_DEPTH`] moves left (one more in the cook
//! pass, `cooks`), the placement that escaped last tried first. The last
//! move, most of the work, is searched apart: only checks, a small cache
//! instead of the table (figures in SOLVER-NOTES.md).

use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard, Bitboard64, Color, Move, MoveFilter, Role, RuleMode, Square};

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
        if let Some(won) = self.full_known(h, moves) {
            return Ok(won);
        }
        self.mates_searched(pos, h, moves)
    }

    /// What the table knows of the position of hash `h` with `moves` left.
    /// Monotone in the moves: a mate within fewer is a mate within more;
    /// no mate within more is no mate within fewer.
    fn full_known(&self, h: u64, moves: u32) -> Option<bool> {
        let known = self.full.get(&h).copied().unwrap_or_default();
        if known.mate != 0 && u32::from(known.mate) <= moves {
            return Some(true);
        }
        (u32::from(known.none) >= moves).then_some(false)
    }

    /// [`Solver::mates_in_hashed`] for a position the table does not
    /// answer (at least one move left): searched, and the answer kept.
    fn mates_searched(&mut self, pos: &Pos, h: u64, moves: u32) -> Result<bool, Stop> {
        let won = if moves == 1 {
            self.mates_in_one(pos)?
        } else {
            self.stats.full_info_positions += 1;
            let mut buffers = std::mem::take(&mut self.full_buffers[moves as usize]);
            let won = self.mates_within(pos, h, moves, &mut buffers);
            self.full_buffers[moves as usize] = buffers;
            won?
        };
        let e = self.full.entry(h).or_default();
        let n = moves.min(u32::from(u8::MAX)) as u8;
        if won {
            e.mate = if e.mate == 0 { n } else { e.mate.min(n) };
        } else {
            e.none = e.none.max(n);
        }
        Ok(won)
    }

    /// The search of [`Solver::mates_in_hashed`] with at least two moves
    /// left, its vectors lent by the caller (one set per moves left, kept
    /// between calls: no allocation per position).
    fn mates_within(
        &mut self,
        pos: &Pos,
        h: u64,
        moves: u32,
        buffers: &mut FullBuffers,
    ) -> Result<bool, Stop> {
        // Over already (Black's reply ended the game): won only if White won.
        if let Some(o) = pos.decided() {
            return Ok(white_won(Some(o)));
        }
        let FullBuffers {
            list,
            afters,
            order,
            replies,
        } = buffers;
        pos.moves_into(self.mode, list);
        if let Some(o) = pos.outcome_with_moves(self.mode, !list.is_empty()) {
            return Ok(white_won(Some(o)));
        }
        // Each move played once; under orthodox rules checks and captures
        // first.
        let killer = self.full_killers.get(moves as usize).copied().flatten();
        let checks = CheckFilter::of(pos, self.mode);
        afters.clear();
        order.clear();
        // One node per move generated, as the budgets were set by.
        self.ticks(list.len() as u64)?;
        for (i, m) in list.iter().enumerate() {
            let after = pos.after(m);
            let first = killer == Some((m.from, m.to));
            let rank = if first {
                0
            } else if self.mode == RuleMode::Orthodox {
                // A move the filter turns away is no check: not asked.
                let check = checks.as_ref().is_none_or(|c| c.may_check(m)) && after.is_check();
                1 + u8::from(!check) * 2 + u8::from(!m.is_capture())
            } else {
                1
            };
            order.push((rank, i as u16));
            afters.push(after);
        }
        order.sort_by_key(|&(rank, _)| rank);
        'white: for &(_, i) in order.iter() {
            let (m, after) = (&list[usize::from(i)], &afters[usize::from(i)]);
            if let Some(o) = after.decided() {
                if white_won(Some(o)) {
                    self.full_killers[moves as usize] = Some((m.from, m.to));
                    return Ok(true);
                }
                continue;
            }
            let after_hash = pos.zobrist_hash_after(m, h);
            // Black's first replies in the generator's order (the king's
            // steps) are tried before the rest is generated: one that
            // escapes refutes White's move, and the replies are searched
            // in the same order as from the whole list, so the same
            // positions are searched.
            after.first_moves_into(self.mode, replies);
            let first = replies.len();
            if first > 0 {
                // A legal reply: the game goes on unless a draw rule ends it.
                let outcome = after.outcome_with_moves(self.mode, true);
                if white_won(outcome) {
                    self.full_killers[moves as usize] = Some((m.from, m.to));
                    return Ok(true);
                }
                if outcome.is_some() {
                    continue;
                }
                for reply in replies.iter() {
                    if !self.mates_after(after, after_hash, reply, moves)? {
                        continue 'white;
                    }
                }
            }
            // Every reply (they say whether the game is over too); the
            // first ones are known to lose already.
            after.moves_into(self.mode, replies);
            let outcome = after.outcome_with_moves(self.mode, !replies.is_empty());
            if white_won(outcome) {
                self.full_killers[moves as usize] = Some((m.from, m.to));
                return Ok(true);
            }
            if outcome.is_some() {
                continue;
            }
            for reply in &replies[first..] {
                if !self.mates_after(after, after_hash, reply, moves)? {
                    continue 'white;
                }
            }
            self.full_killers[moves as usize] = Some((m.from, m.to));
            return Ok(true);
        }
        Ok(false)
    }

    /// Whether White, having played into `after` (hash `after_hash`) with
    /// `moves` left, still mates within the moves left once Black replies
    /// `reply`. With two moves left the last is searched through the small
    /// cache of mates in one, not the table (its positions are many and a
    /// third of them are met only once).
    fn mates_after(
        &mut self,
        after: &Pos,
        after_hash: u64,
        reply: &Move,
        moves: u32,
    ) -> Result<bool, Stop> {
        // The answer looked up by the hash before the position is built.
        let next_hash = after.zobrist_hash_after(reply, after_hash);
        if moves == 2 {
            if let Some(won) = self.leaf_known(next_hash) {
                return Ok(won);
            }
            let won = self.mates_in_one(&after.after(reply))?;
            self.leaf_store(next_hash, won);
            Ok(won)
        } else {
            if let Some(won) = self.full_known(next_hash, moves - 1) {
                return Ok(won);
            }
            self.mates_searched(&after.after(reply), next_hash, moves - 1)
        }
    }

    /// The answer of [`Solver::mates_in_one`] for the position of hash `h`
    /// if the direct-mapped cache of the last move's answers holds it
    /// (`LEAF_SLOTS` positions by hash, the newest kept): one memory read
    /// where most of the last moves searched were met shortly before. An
    /// answer found there counts no node, as one found in the table.
    fn leaf_known(&mut self, h: u64) -> Option<bool> {
        // The answer is the hash's lowest bit; a hash whose other bits
        // are all 0 would read as an empty slot, so it is not kept.
        let tag = h & !1;
        if tag == 0 {
            return None;
        }
        if self.leaf_cache.is_empty() {
            self.leaf_cache = vec![0; LEAF_SLOTS];
        }
        let entry = self.leaf_cache[(h as usize) & (LEAF_SLOTS - 1)];
        (entry & !1 == tag).then_some(entry & 1 == 1)
    }

    /// Keeps the last move's answer `won` for the position of hash `h` in
    /// the cache of [`Solver::leaf_known`].
    fn leaf_store(&mut self, h: u64, won: bool) {
        let tag = h & !1;
        if tag != 0 {
            self.leaf_cache[(h as usize) & (LEAF_SLOTS - 1)] = tag | u64::from(won);
        }
    }

    /// [`Solver::mates_in`] one move: only checks, each ended or not by
    /// the quick test (no list of Black's replies). Where no man can give
    /// check at all (`CheckFilter::can_check`) no move is generated.
    fn mates_in_one(&mut self, pos: &Pos) -> Result<bool, Stop> {
        self.stats.full_info_positions += 1;
        if let Some(o) = pos.decided() {
            return Ok(white_won(Some(o)));
        }
        let checks = CheckFilter::of(pos, self.mode);
        if checks.as_ref().is_some_and(|c| !c.can_check(pos)) {
            // No check, no mate; and a game that ends here for want of
            // moves, by the 50-move rule or dead material is not White's
            // win with White to move.
            return Ok(false);
        }
        // Only the moves that may check are written; the others are
        // counted (they are no mate in one, but the nodes count them).
        let mut list = std::mem::take(&mut self.full_buffers[0].list);
        let count = match &checks {
            Some(c) => pos.count_moves_keeping(self.mode, &c.moves, &mut list),
            None => {
                pos.moves_into(self.mode, &mut list);
                list.len()
            }
        };
        // One node per two moves generated. The budgets (the umpire's,
        // the composer's allowance per first move, the tree's probes) were
        // set when every position of the last move was searched once and
        // kept in the table, a node per move; searched again where the
        // small cache has lost them, at a node per move the same searches
        // counted 1.45 times as many nodes and the composer's view of the
        // Rotenberg mate in 8 left 1.Nf4 undecided (SOLVER-NOTES.md).
        let ticked = self.ticks(count.div_ceil(2) as u64);
        let won = ticked.map(|()| self.mate_among(pos, &list, count > 0, checks.as_ref()));
        self.full_buffers[0].list = list;
        won
    }

    /// Whether one of `list`, the moves of `pos` (all, or with `checks`
    /// those it lets through; `has_moves`: whether `pos` has any), ends the
    /// game in White's win (under orthodox rules where stalemate draws
    /// only checks are played).
    fn mate_among(
        &mut self,
        pos: &Pos,
        list: &[Move],
        has_moves: bool,
        checks: Option<&CheckFilter>,
    ) -> bool {
        if let Some(o) = pos.outcome_with_moves(self.mode, has_moves) {
            return white_won(Some(o));
        }
        // Where stalemate does not draw, a quiet move may win by it.
        let only_checks = self.mode == RuleMode::Orthodox && pos.variant().draws.stalemate_is_draw;
        let killer = self.full_killers[1];
        let first = list
            .iter()
            .position(|m| killer == Some((m.from, m.to)))
            .unwrap_or(0);
        for i in (first..list.len()).chain(0..first) {
            let m = &list[i];
            if checks.is_some_and(|c| !c.may_check(m)) {
                continue;
            }
            let after = pos.after(m);
            if only_checks && !after.is_check() {
                continue;
            }
            if white_won(after.outcome_quick(self.mode)) {
                self.full_killers[1] = Some((m.from, m.to));
                return true;
            }
        }
        false
    }
}

/// Positions in the cache of mates in one (8 bytes each, 128 KB): on the
/// Rotenberg mate in 8's cook pass 2^12 to 2^20 slots were measured, the
/// larger finding more (half the last moves at 2^14, 60 % at 2^20) but
/// each read dearer; 2^14 and 2^16 were the fastest (SOLVER-NOTES.md).
const LEAF_SLOTS: usize = 1 << 14;

/// The vectors of one level of the full-information search, lent to it
/// by the solver so that no position allocates its own (`list` the moves,
/// `afters` the positions after them, `order` the order they are tried
/// in, `replies` Black's replies to the one being tried; level 0 the
/// last move's list).
#[derive(Default)]
pub(super) struct FullBuffers {
    list: Vec<Move>,
    afters: Vec<Pos>,
    order: Vec<(u8, u16)>,
    replies: Vec<Move>,
}

/// Which moves of a position may give check, without playing them
/// (orthodox chess only): the moved man attacks the enemy king from where
/// it lands, or it uncovers a slider of its own side (it stood between the
/// king and that slider). Every other move is no check, so no mate in one:
/// the last move's search plays only the others instead of playing each to
/// see (SOLVER-NOTES.md).
struct CheckFilter {
    /// The moves that may check: the side to move's men that stand alone
    /// between the enemy king and a slider of their side (`movers`: any
    /// move of one may uncover a check), and by role the squares not the
    /// side to move's own from which a man of that role attacks the enemy
    /// king (`targets`; none for the king, every square for a role that
    /// is not orthodox).
    moves: MoveFilter<Bitboard64>,
}

impl CheckFilter {
    fn of(pos: &Pos, mode: RuleMode) -> Option<CheckFilter> {
        if mode != RuleMode::Orthodox
            || pos.variant().id != "chess"
            || !pos.variant().draws.stalemate_is_draw
        {
            return None;
        }
        let us = pos.turn();
        let king = pos.king_of(!us)?;
        let occupied = pos.occupied();
        let rules = pos.rules();
        let ours = pos.by_color(us);
        let queens = pos.pieces(us, Role::Queen);
        let diagonal = pos.pieces(us, Role::Bishop) | queens;
        let orthogonal = pos.pieces(us, Role::Rook) | queens;
        let mut discoverers = Bitboard64::EMPTY;
        // The king is not in check (the side to move's sliders attack it
        // nowhere), so a slider seen once the first man is lifted is one
        // that man hides.
        for blocker in (rules.bishop_attacks(king, occupied) & ours).squares() {
            if (rules.bishop_attacks(king, occupied.without(blocker)) & diagonal).any() {
                discoverers.add(blocker);
            }
        }
        for blocker in (rules.rook_attacks(king, occupied) & ours).squares() {
            if (rules.rook_attacks(king, occupied.without(blocker)) & orthogonal).any() {
                discoverers.add(blocker);
            }
        }
        let free = !ours;
        let diagonal_checks = rules.bishop_attacks(king, occupied) & free;
        let orthogonal_checks = rules.rook_attacks(king, occupied) & free;
        let mut targets = [!Bitboard64::EMPTY; Role::COUNT];
        targets[Role::Pawn.index()] = rules.pawn_attacks(!us, king) & free;
        targets[Role::Knight.index()] = rules.leap_targets(Role::Knight, king) & free;
        targets[Role::Bishop.index()] = diagonal_checks;
        targets[Role::Rook.index()] = orthogonal_checks;
        targets[Role::Queen.index()] = diagonal_checks | orthogonal_checks;
        targets[Role::King.index()] = Bitboard64::EMPTY;
        Some(CheckFilter {
            moves: MoveFilter {
                movers: discoverers,
                targets,
            },
        })
    }

    /// Whether any move of the side to move may give check: a man that
    /// reaches a square from which it would attack the king, a man that
    /// may uncover a check, or a pawn about to promote; castling and en
    /// passant are not looked into (any may check then). An
    /// over-estimate: when false no move checks, so none mates in one.
    fn can_check(&self, pos: &Pos) -> bool {
        let us = pos.turn();
        if self.moves.movers.any()
            || pos.castling_rooks().intersects(pos.by_color(us))
            || pos.ep_square().is_some()
        {
            return true;
        }
        let occupied = pos.occupied();
        let reaches = |role: Role| {
            let checks = self.moves.targets[role.index()];
            checks.any()
                && pos
                    .pieces(us, role)
                    .squares()
                    .any(|from| (attacks(pos, role, from, occupied) & checks).any())
        };
        if reaches(Role::Knight)
            || reaches(Role::Bishop)
            || reaches(Role::Rook)
            || reaches(Role::Queen)
        {
            return true;
        }
        // A pawn's steps (one and two) and captures; a pawn a step from
        // promoting.
        let pawns = pos.pieces(us, Role::Pawn);
        let step = |bb: Bitboard64| us.fold(bb.shift_up(8), bb.shift_down(8));
        let pawn_checks = self.moves.targets[Role::Pawn.index()];
        let steps = step(pawns);
        (steps & pos.back_rank(!us)).any()
            || ((steps | step(steps)) & pawn_checks).any()
            || reaches(Role::Pawn)
    }

    /// Whether `m` may give check. A man that does not uncover one checks
    /// only from a square of its role's `targets`, even though it leaves
    /// its own square: were that square between its new one and the king,
    /// it would have stood first on that line, a check already. Castling,
    /// en passant and promotions are let through.
    fn may_check(&self, m: &Move) -> bool {
        self.moves.keeps(m)
    }
}

/// The squares an orthodox man of the side to move attacks from `from`:
/// `Rules::attacks` for the six orthodox roles, each a table look-up the
/// compiler can inline (the general one reads the role's movement
/// description first).
#[inline]
fn attacks(pos: &Pos, role: Role, from: Square, occupied: Bitboard64) -> Bitboard64 {
    let rules = pos.rules();
    match role {
        Role::Pawn => rules.pawn_attacks(pos.turn(), from),
        Role::Knight | Role::King => rules.leap_targets(role, from),
        Role::Bishop => rules.bishop_attacks(from, occupied),
        Role::Rook => rules.rook_attacks(from, occupied),
        Role::Queen => rules.bishop_attacks(from, occupied) | rules.rook_attacks(from, occupied),
        _ => rules.attacks(role, pos.turn(), from, occupied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::Variant;

    /// Random play (a fixed xorshift) from each of `fens` under orthodox
    /// rules: `games` games of up to `plies` plies each, every position
    /// with a move shown to `visit` before its move is chosen.
    fn random_play(fens: &[&str], games: usize, plies: usize, mut visit: impl FnMut(&Pos)) {
        let variant = Variant::chess();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for fen in fens {
            for _ in 0..games {
                let mut pos = Pos::from_fen(&variant, fen).unwrap();
                for _ in 0..plies {
                    let list = pos.moves(RuleMode::Orthodox);
                    if list.is_empty() {
                        break;
                    }
                    visit(&pos);
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.after(&list[(seed % list.len() as u64) as usize]);
                }
            }
        }
    }

    /// Every move that checks, in positions reached by random play from
    /// openings, middlegames and endgames with discovered checks,
    /// promotions, castling and en passant about: the filter lets it
    /// through, and it turns most other moves away; where it says no man
    /// can check, none does.
    #[test]
    fn the_check_filter_never_turns_a_check_away() {
        let fens = [
            "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
            "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
            "2r1k3/8/8/1B6/3N4/8/8/4K2R b K - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Uncovered checks (a knight before a bishop, a pawn before a
            // rook) and a promotion that checks through the square its
            // pawn left (fxg8=B+).
            "7k/8/8/4N3/8/2B5/P7/R3K3 w Q - 0 1",
            "6n1/5P2/4k3/8/8/8/8/K7 w - - 0 1",
        ];
        let mode = RuleMode::Orthodox;
        let (mut checks, mut turned_away, mut moves, mut checkless) = (0, 0, 0, 0);
        random_play(&fens, 40, 30, |pos| {
            let filter = CheckFilter::of(pos, mode).expect("orthodox chess");
            let can_check = filter.can_check(pos);
            checkless += usize::from(!can_check);
            for m in &pos.moves(mode) {
                moves += 1;
                let check = pos.after(m).is_check();
                checks += usize::from(check);
                if !filter.may_check(m) {
                    assert!(!check, "{m:?} checks in {pos:?}");
                    turned_away += 1;
                }
                assert!(can_check || !check, "{m:?} checks in {pos:?}");
            }
        });
        assert!(checks > 100, "{checks} checks in {moves} moves");
        assert!(turned_away * 2 > moves, "{turned_away} of {moves}");
        assert!(checkless > 100, "{checkless} positions with no check");
    }

    /// White mates within `moves` by the rules alone: every move played,
    /// every reply, no table, cache or filter (the oracle below).
    fn plain_mates_in(pos: &Pos, moves: u32, mode: RuleMode) -> bool {
        moves > 0
            && pos.moves(mode).iter().any(|m| {
                let after = pos.after(m);
                match after.outcome(mode) {
                    Some(o) => white_won(Some(o)),
                    None => after
                        .moves(mode)
                        .iter()
                        .all(|r| plain_mates_in(&after.after(r), moves - 1, mode)),
                }
            })
    }

    /// The full-information search (its table, the last move's cache and
    /// check filter, the vectors it keeps) answers as the plain search
    /// does, within one and two moves, in positions reached by random play
    /// from mating endgames; one solver for all, so the table and the cache
    /// carry answers from position to position as in a pass.
    #[test]
    fn the_full_information_search_answers_as_the_rules_do() {
        let fens = [
            "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            "7k/5K2/8/8/8/8/1Q6/8 w - - 0 1",
            "k7/8/1K6/8/8/8/6B1/5N2 w - - 0 1",
            "4k3/8/4K3/8/8/8/8/R6R w - - 0 1",
        ];
        let mode = RuleMode::Orthodox;
        let mut solver = Solver::new(&fogbound_engine::ModelSpec::Open, u64::MAX, None);
        let (mut mates, mut tried) = (0, 0);
        random_play(&fens, 12, 6, |pos| {
            if pos.turn() == Color::White {
                for moves in 1..=2 {
                    let plain = plain_mates_in(pos, moves, mode);
                    assert_eq!(solver.mates_in(pos, moves), Ok(plain), "{pos:?} {moves}");
                    mates += usize::from(plain);
                    tried += 1;
                }
            }
        });
        assert!(mates > 10 && tried - mates > 10, "{mates} mates in {tried}");
    }
}
