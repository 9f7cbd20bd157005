//! Move generation for every variant and both rule modes.
//!
//! One generator serves play, puzzles, bots and solvers. In
//! [`RuleMode::Orthodox`] it generates legal moves directly (check evasions,
//! pins, king safety; en passant and castling destinations are verified by
//! copy-make). In [`RuleMode::CaptureKing`] every move that follows the men's
//! movement is generated: moves into or staying in check, castling out of,
//! through or into attacks, and king captures (Fog of War, chess.com). The
//! movement rules that are not about check (a fool's confinement of the enemy
//! king, who may capture a fool, hunters' stops) hold in both modes.

use serde::{Deserialize, Serialize};

mod one;
mod orthodox;
mod sink;

pub use sink::MoveFilter;
use sink::MoveSink;

use crate::{Bitboard, CastlingRule, Color, Move, MoveKind, Position, Role, Square};

/// Which moves are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum RuleMode {
    /// Orthodox: a king may not be left attacked; checkmate and stalemate.
    #[default]
    Orthodox,
    /// Capture-the-king (Fog of War): no check rules; capturing the king wins.
    CaptureKing,
}

impl RuleMode {
    /// `orthodox` or `capture-king`.
    pub fn id(self) -> &'static str {
        match self {
            RuleMode::Orthodox => "orthodox",
            RuleMode::CaptureKing => "capture-king",
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// Legal moves in the orthodox rule mode.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.generate::<true>(&mut out);
        out
    }

    /// Every move in the capture-the-king rule mode (pseudo-legal moves in
    /// orthodox terms, with castling not restricted by attacks).
    pub fn pseudo_legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.generate::<false>(&mut out);
        out
    }

    /// The moves of `mode`.
    pub fn moves(&self, mode: RuleMode) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.moves_into(mode, &mut out);
        out
    }

    /// The moves of `mode`, written into `out` (cleared first) so callers
    /// can reuse the buffer.
    pub fn moves_into(&self, mode: RuleMode, out: &mut Vec<Move>) {
        out.clear();
        match mode {
            RuleMode::Orthodox => self.generate::<true>(out),
            RuleMode::CaptureKing => self.generate::<false>(out),
        }
    }

    /// Whether the side to move has any move in `mode`. A piece's move or
    /// a king step to a safe square answers it without generating the rest
    /// (the common case when a game's end is looked for after every move);
    /// pawns, castling and en passant are left to the whole list. Pieces
    /// first: on the puzzle solver's 15-mover that order was a few per cent
    /// faster than the king first.
    pub fn has_moves(&self, mode: RuleMode) -> bool {
        if mode == RuleMode::Orthodox && self.rules.orthodox {
            if let Some(king) = self.king_of(self.turn) {
                if self.has_piece_move(king) || self.safe_king_steps(king).any() {
                    return true;
                }
            }
        }
        !self.moves(mode).is_empty()
    }

    /// Every square `color`'s men could move to in capture-the-king terms
    /// (moves into check included; castling counts the king's destination),
    /// whoever is to move. This is what Fog of War shows a player.
    pub fn pseudo_legal_destinations(&self, color: Color) -> B {
        let mut p = self.clone();
        p.set_turn(color);
        let mut bb = B::EMPTY;
        for m in p.pseudo_legal_moves() {
            bb.add(m.to);
            if m.kind == MoveKind::EnPassant {
                bb.add(p.ep_victim(m.to));
            }
        }
        bb
    }

    /// The empty squares `color`'s pawns could advance to (one step, or two
    /// from their second rank), whoever is to move.
    pub fn pawn_advance_squares(&self, color: Color) -> B {
        let r = self.rules;
        let w = self.geometry().width() as u32;
        let occ = self.occupied();
        let pawns = self.pieces(color, Role::Pawn);
        let step = |bb: B| match color {
            Color::White => bb.shift_up(w),
            Color::Black => bb.shift_down(w),
        };
        let one = step(pawns) & !occ & r.all;
        let mut bb = one;
        if self.variant().pawn_double_step {
            let second = step(self.back_rank(color));
            let third_reached = one & step(second);
            bb |= step(third_reached) & !occ & r.all;
        }
        bb
    }

    /// The square of the pawn an en passant capture onto `to` removes.
    #[inline]
    pub fn ep_victim(&self, to: Square) -> Square {
        let w = self.geometry().width();
        match self.turn {
            Color::White => Square(to.0.wrapping_sub(w)),
            Color::Black => Square(to.0.wrapping_add(w)),
        }
    }

    /// The enemy men that a man of `role` may not capture.
    #[inline]
    fn immune_to(&self, role: Role, theirs: B) -> B {
        let mut bb = B::EMPTY;
        for &v in &self.rules.immune[role.index()] {
            bb |= self.by_role[v.index()];
        }
        bb & theirs
    }

    /// Squares reached by `color`'s confining men (fools).
    fn confined_by(&self, color: Color, occ: B) -> B {
        let mut bb = B::EMPTY;
        for &role in &self.rules.confiners {
            for sq in self.pieces(color, role).squares() {
                bb |= self.rules.attacks(role, color, sq, occ);
            }
        }
        bb
    }

    #[inline]
    fn push_targets(&self, out: &mut Vec<Move>, role: Role, from: Square, targets: B, theirs: B) {
        let mut push = |to: Square, capture: Option<Role>| {
            out.push(Move {
                role,
                from,
                to,
                capture,
                promotion: None,
                kind: MoveKind::Normal,
            })
        };
        for to in (targets & !theirs).squares() {
            push(to, None);
        }
        let mut captures = targets & theirs;
        for &victim in &self.rules.variant().roles {
            if captures.is_empty() {
                break;
            }
            let hit = captures & self.by_role[victim.index()];
            captures ^= hit;
            for to in hit.squares() {
                push(to, Some(victim));
            }
        }
    }

    /// Pinned men of the side to move and the king square.
    #[inline]
    fn pinned(&self, king: Square, ours: B, theirs: B, occ: B) -> B {
        let r = self.rules;
        let (diag, orth) = self.slider_groups(king);
        let lines = r.lines[king.index()];
        let snipers = ((lines[0] & diag) | (lines[1] & orth)) & theirs;
        let mut pinned = B::EMPTY;
        for s in snipers.squares() {
            let b = r.between(king, s) & occ;
            if let Some(p) = b.single_square() {
                if ours.contains(p) {
                    pinned.add(p);
                }
            }
        }
        pinned
    }

    /// The line through the king and a pinned man (from the king outwards).
    #[inline]
    fn pin_line(&self, king: Square, pinned: Square) -> B {
        match self.rules.direction(king, pinned) {
            Some(d) => self.rules.rays[king.index()][d],
            None => B::EMPTY,
        }
    }

    /// Whether the side that just moved (the opponent of `self.turn` after
    /// the move) left its own king attacked; used to verify rare moves.
    #[inline]
    fn leaves_king_safe(&self, m: &Move) -> bool {
        let us = self.turn;
        let after = self.after(m);
        !after.is_king_attacked(us)
    }

    pub(crate) fn generate<const LEGAL: bool>(&self, out: &mut Vec<Move>) {
        let r = self.rules;
        if LEGAL && r.orthodox {
            if let Some(k) = self.king_of(self.turn) {
                self.generate_orthodox_legal(out, k);
                return;
            }
        }
        let us = self.turn;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let their_kings = self.checkables(them);
        let capturable = if LEGAL { theirs & !their_kings } else { theirs };

        // Check information (orthodox mode with a king only).
        let king = if LEGAL { self.king_of(us) } else { None };
        let mut evasion = r.all;
        let mut pinned = B::EMPTY;
        let mut in_check = false;
        if let Some(k) = king {
            let checkers = self.attackers_to(k, them, occ);
            if checkers.any() {
                in_check = true;
                if checkers.more_than_one() {
                    evasion = B::EMPTY;
                } else {
                    let c = checkers.first().unwrap_or(k);
                    let role = self.role_at(c).unwrap_or(Role::Pawn);
                    let slides_to_king = {
                        let spec = role.spec();
                        !spec.pawn
                            && r.between(k, c).any()
                            && (r.attacks(role, them, c, occ) & !r.leap_targets(role, c))
                                .contains(k)
                    };
                    evasion = checkers;
                    if slides_to_king {
                        evasion |= r.between(k, c);
                    }
                }
            }
            pinned = self.pinned(k, ours, theirs, occ);
        }

        // Confinement by fools.
        let confined = if r.confiners.is_empty() {
            B::EMPTY
        } else {
            self.confined_by(them, occ)
        };
        let enemy_king = their_kings.first();

        // Non-pawn men.
        for &role in &r.pieces {
            let men = self.by_role[role.index()] & ours;
            if men.is_empty() {
                continue;
            }
            let spec = role.spec();
            let mut base = if spec.can_capture {
                !occ | (capturable & !self.immune_to(role, theirs))
            } else {
                !occ
            };
            base &= r.all;
            if spec.confines_enemy_king {
                if let Some(ek) = enemy_king {
                    base &= !r.attacks(role, us, ek, occ);
                }
            }
            let is_king = spec.subject_to_check;
            if is_king {
                base &= !confined;
            }
            for from in men.squares() {
                let mut t = r.attacks(role, us, from, occ) & base;
                if LEGAL {
                    if is_king && Some(from) == king {
                        let occ_wo = occ.without(from);
                        for to in t.squares() {
                            if !self.is_attacked(to, them, occ_wo) {
                                let capture = if theirs.contains(to) {
                                    self.role_at(to)
                                } else {
                                    None
                                };
                                out.push(Move {
                                    role,
                                    from,
                                    to,
                                    capture,
                                    promotion: None,
                                    kind: MoveKind::Normal,
                                });
                            }
                        }
                        continue;
                    }
                    t &= evasion;
                    if pinned.contains(from) {
                        if let Some(k) = king {
                            t &= self.pin_line(k, from);
                        }
                    }
                }
                self.push_targets(out, role, from, t, theirs);
            }
        }

        // Pawns.
        let pawns = self.by_role[Role::Pawn.index()] & ours;
        if pawns.any() {
            let variant = self.variant();
            let w = self.geometry().width() as i32;
            let fwd = us.fold(w, -w);
            let h = self.geometry().height() as usize;
            let last = r.ranks[us.fold(h - 1, 0)];
            let second = r.ranks[us.fold(1, h - 2)];
            let pawn_caps = capturable & !self.immune_to(Role::Pawn, theirs);
            let promos = &variant.promotion[us];
            for from in pawns.squares() {
                let mut allowed = r.all;
                if LEGAL {
                    allowed = evasion;
                    if pinned.contains(from) {
                        if let Some(k) = king {
                            allowed &= self.pin_line(k, from);
                        }
                    }
                }
                let one = Square((from.0 as i32 + fwd) as u8);
                if !occ.contains(one) {
                    if allowed.contains(one) {
                        self.push_pawn(out, from, one, None, last, promos, enemy_king, occ);
                    }
                    if variant.pawn_double_step && second.contains(from) {
                        let two = Square((one.0 as i32 + fwd) as u8);
                        if !occ.contains(two) && allowed.contains(two) {
                            out.push(Move {
                                role: Role::Pawn,
                                from,
                                to: two,
                                capture: None,
                                promotion: None,
                                kind: MoveKind::DoubleStep,
                            });
                        }
                    }
                }
                let attacks = r.pawn_attacks(us, from);
                for to in (attacks & pawn_caps & allowed).squares() {
                    let cap = self.role_at(to);
                    self.push_pawn(out, from, to, cap, last, promos, enemy_king, occ);
                }
                if let Some(ep) = self.ep {
                    if variant.en_passant && attacks.contains(ep) {
                        let m = Move {
                            role: Role::Pawn,
                            from,
                            to: ep,
                            capture: Some(Role::Pawn),
                            promotion: None,
                            kind: MoveKind::EnPassant,
                        };
                        if !LEGAL || king.is_none() || self.leaves_king_safe(&m) {
                            out.push(m);
                        }
                    }
                }
            }
        }

        // Castling.
        if self.castling.intersects(ours) && !(LEGAL && in_check) {
            self.generate_castling::<LEGAL>(out, occ, confined);
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn push_pawn(
        &self,
        out: &mut impl MoveSink<B>,
        from: Square,
        to: Square,
        capture: Option<Role>,
        last: B,
        promos: &[Role],
        enemy_king: Option<Square>,
        occ: B,
    ) {
        if last.contains(to) {
            for &p in promos {
                if p.spec().confines_enemy_king {
                    if let Some(ek) = enemy_king {
                        let occ_after = occ.without(from).with(to);
                        if self.rules.attacks(p, self.turn, to, occ_after).contains(ek) {
                            continue;
                        }
                    }
                }
                out.push(Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: Some(p),
                    kind: MoveKind::Normal,
                });
            }
        } else {
            out.push(Move {
                role: Role::Pawn,
                from,
                to,
                capture,
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }

    fn generate_castling<const LEGAL: bool>(&self, out: &mut Vec<Move>, occ: B, confined: B) {
        let r = self.rules;
        let us = self.turn;
        let them = !us;
        let rule = self.variant().castling;
        if rule == CastlingRule::None {
            return;
        }
        let Some(k) = self.castling_king(us) else {
            return;
        };
        let king_role = self.role_at(k).unwrap_or(Role::King);
        let g = self.geometry();
        let (kf, kr) = r.coords(k);
        let occ_wo_king = occ.without(k);
        let rooks = self.castling & self.pieces(us, Role::Rook) & self.back_rank(us);
        for rook in rooks.squares() {
            let (rf, _) = r.coords(rook);
            let dir = (rf - kf).signum();
            let dist = (rf - kf).abs();
            if (r.between(k, rook) & occ).any() {
                continue;
            }
            let at = |d: i32| g.square_at(kf + d * dir, kr);
            // (king distance, rook distance) from the king's square.
            let (min_kd, max_kd) = match rule {
                CastlingRule::None => continue,
                CastlingRule::Standard => (2, 2),
                CastlingRule::Free { .. } => (1, dist),
            };
            if dist < min_kd {
                continue;
            }
            // In orthodox mode the king may not cross an attacked square:
            // find how far it may go (squares strictly before its destination).
            let mut safe_upto = dist; // largest kd whose transit squares are safe
            if LEGAL {
                for d in 1..dist {
                    match at(d) {
                        Some(s) if !self.is_attacked(s, them, occ_wo_king) => {}
                        _ => {
                            safe_upto = d;
                            break;
                        }
                    }
                }
            }
            let candidates = (min_kd..=max_kd.min(safe_upto)).flat_map(|kd| {
                let rds = match rule {
                    CastlingRule::Free { .. } => 0..kd,
                    _ => 1..2,
                };
                rds.map(move |rd| (kd, rd))
            });
            for (kd, rd) in candidates {
                let (Some(king_to), Some(rook_to)) = (at(kd), at(rd)) else {
                    continue;
                };
                if confined.contains(king_to) {
                    continue;
                }
                let m = Move {
                    role: king_role,
                    from: k,
                    to: king_to,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Castle {
                        rook_from: rook,
                        rook_to,
                    },
                };
                if LEGAL {
                    let after = self.after(&m);
                    if after.is_king_attacked(us) {
                        continue;
                    }
                    if let CastlingRule::Free {
                        may_give_check: false,
                    } = rule
                    {
                        if after.is_king_attacked(them) {
                            continue;
                        }
                    }
                }
                out.push(m);
            }
        }
    }

    /// The squares a move passes, in order, for path-based visibility (Dark
    /// Chess): pawns every square stepped on (both squares of a double step,
    /// plus the captured pawn's square for en passant); sliders every square
    /// from start to end inclusive; kings and leapers start and end; castling
    /// the king's and the rook's full paths. For a knight-like leap use
    /// [`leap_routes`](Position::leap_routes) to add the chosen L route.
    pub fn move_path(&self, m: &Move) -> Vec<Square> {
        let r = self.rules;
        let mut path = vec![m.from];
        match m.kind {
            MoveKind::Castle { rook_from, rook_to } => {
                path.extend(r.between(m.from, m.to).squares());
                path.push(m.to);
                path.push(rook_from);
                path.extend(r.between(rook_from, rook_to).squares());
                path.push(rook_to);
            }
            MoveKind::EnPassant => {
                path.push(m.to);
                path.push(self.ep_victim(m.to));
            }
            MoveKind::DoubleStep | MoveKind::Normal => {
                let spec = m.role.spec();
                let is_leap = r.leap_targets(m.role, m.from).contains(m.to);
                if spec.pawn || !is_leap {
                    // Slides and pawn steps: every square in between.
                    let mut between: Vec<Square> = r.between(m.from, m.to).squares().collect();
                    if m.to < m.from {
                        between.reverse();
                    }
                    path.extend(between);
                }
                path.push(m.to);
            }
        }
        path
    }

    /// For a knight's leap, the routes a piece could be said to travel
    /// ([`Geometry::leap_routes`](crate::Geometry::leap_routes)).
    pub fn leap_routes(&self, from: Square, to: Square) -> Vec<[Square; 2]> {
        self.geometry().leap_routes(from, to)
    }
}
