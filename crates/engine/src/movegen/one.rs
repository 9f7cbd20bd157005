//! Whether one move is legal without generating the others: the orthodox
//! fast path's rules (king steps to unattacked squares, the single checker
//! captured or blocked, pinned men along their pin line) asked of one man
//! and one square. A search that tries a remembered move before any other
//! (the reply that refuted a sibling) asks this instead of generating the
//! whole list. En passant, castling and every other variant or rule mode
//! ask the generator itself; the tests hold the two to the same answers.

use crate::{Bitboard, Color, Move, MoveKind, Position, Role, RuleMode, Square};

impl<B: Bitboard> Position<B> {
    /// Whether `m` is among the moves of `mode` (the same answer as
    /// `moves(mode).contains(m)`). Under orthodox rules with a king of the
    /// side to move, a normal move or a pawn's double step is tested alone;
    /// anything else is looked for in the generated list.
    pub fn is_move(&self, m: &Move, mode: RuleMode) -> bool {
        let fast = mode == RuleMode::Orthodox
            && self.rules.orthodox
            && matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep);
        match self.king_of(self.turn) {
            Some(king) if fast => self.is_orthodox_move(m, king),
            _ => self.moves(mode).contains(m),
        }
    }

    /// [`Position::is_move`] for a normal move or double step under the
    /// orthodox fast path's conditions (orthodox roles, `king` the side to
    /// move's king): the rules of `generate_orthodox_legal` for one move.
    fn is_orthodox_move(&self, m: &Move, king: Square) -> bool {
        let r = self.rules;
        let on_board = |sq: Square| usize::from(sq.0) < B::CAPACITY && r.all.contains(sq);
        if !on_board(m.from) || !on_board(m.to) {
            return false;
        }
        let us = self.turn;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let kings = self.by_role[Role::King.index()];
        if !(ours & self.by_role[m.role.index()]).contains(m.from)
            || ours.contains(m.to)
            || (theirs & kings).contains(m.to)
        {
            return false;
        }
        let victim = if theirs.contains(m.to) {
            self.orthodox_victim(m.to)
        } else {
            None
        };
        if m.capture != victim {
            return false;
        }
        if m.role == Role::King {
            // The generator moves only this king, to a square not attacked
            // once it has left its own (sliders see through it).
            return m.from == king
                && m.kind == MoveKind::Normal
                && m.promotion.is_none()
                && r.leap_targets(Role::King, king).contains(m.to)
                && !self.is_attacked(m.to, them, occ.without(king));
        }
        let checkers = self.attackers_to(king, them, occ);
        if checkers.more_than_one() {
            return false;
        }
        let mut allowed = match checkers.first() {
            Some(c) => checkers | r.between(king, c),
            None => r.all,
        };
        if self.pinned(king, ours, theirs, occ).contains(m.from) {
            allowed &= self.pin_line(king, m.from);
        }
        if !allowed.contains(m.to) {
            return false;
        }
        if m.role == Role::Pawn {
            return self.is_orthodox_pawn_move(m, occ);
        }
        let reach = match m.role {
            Role::Knight => r.leap_targets(Role::Knight, m.from),
            Role::Bishop => r.bishop_attacks(m.from, occ),
            Role::Rook => r.rook_attacks(m.from, occ),
            Role::Queen => r.bishop_attacks(m.from, occ) | r.rook_attacks(m.from, occ),
            _ => return false,
        };
        m.kind == MoveKind::Normal && m.promotion.is_none() && reach.contains(m.to)
    }

    /// The pawn's part of [`Position::is_orthodox_move`], once the move's
    /// destination is known to be allowed by checks and pins and its capture
    /// to be what stands there: a step or double step onto empty squares, or
    /// a capture; a promotion exactly when it reaches the last rank, to a
    /// role the variant offers.
    fn is_orthodox_pawn_move(&self, m: &Move, occ: B) -> bool {
        let r = self.rules;
        let us = self.turn;
        let variant = self.variant();
        let g = self.geometry();
        let w = g.width() as u32;
        let step = |bb: B| match us {
            Color::White => bb.shift_up(w),
            Color::Black => bb.shift_down(w),
        };
        let from = B::from_square(m.from);
        let one = step(from) & !occ & r.all;
        let reached = match (m.kind, m.capture) {
            (MoveKind::DoubleStep, None) => {
                let second = r.ranks[us.fold(1, g.height() as usize - 2)];
                variant.pawn_double_step
                    && second.contains(m.from)
                    && (step(one) & !occ & r.all).contains(m.to)
            }
            (MoveKind::Normal, None) => one.contains(m.to),
            (MoveKind::Normal, Some(_)) => r.pawn_attacks(us, m.from).contains(m.to),
            _ => false,
        };
        if !reached {
            return false;
        }
        let last = r.ranks[us.fold(g.height() as usize - 1, 0)];
        match m.promotion {
            None => !last.contains(m.to),
            Some(p) => {
                m.kind == MoveKind::Normal
                    && last.contains(m.to)
                    && variant.promotion[us].contains(&p)
                    && !self.promotion_confines_king(m, p, occ)
            }
        }
    }

    /// Whether promoting to `p` by `m` is refused because the new man would
    /// confine the enemy king from its square (as the generator's
    /// `push_pawn` refuses it).
    fn promotion_confines_king(&self, m: &Move, p: Role, occ: B) -> bool {
        if !p.spec().confines_enemy_king {
            return false;
        }
        let theirs = self.by_color[(!self.turn).index()];
        match (theirs & self.by_role[Role::King.index()]).first() {
            Some(ek) => self
                .rules
                .attacks(p, self.turn, m.to, occ.without(m.from).with(m.to))
                .contains(ek),
            None => false,
        }
    }
}
