//! The orthodox fast path: legal moves for variants with only the orthodox
//! roles (chess, the endgames) and a king of the side to move — no role
//! loops, king moves checked square by square with the king lifted (no
//! copy-make), check evasions limited to capturing the single checker or
//! blocking between it and the king, pinned men limited to their pin line,
//! pawn pushes of unpinned pawns generated set-wise, and standard castling
//! checked on its two king squares. The general generator of [`super`]
//! gives the same moves, slower.

use super::sink::MoveSink;
use crate::{Bitboard, CastlingRule, Color, Move, MoveKind, Position, Role, RuleMode, Square};

/// What limits the side to move's men other than its king, when at most
/// one man checks it.
struct Limits<B> {
    /// The man checking the king, if any.
    checkers: B,
    /// The checker and the squares between it and the king under a check;
    /// every square without one.
    evasion: B,
    /// The men pinned to the king.
    pinned: B,
    /// Where a piece may go: an empty square or an enemy man other than a
    /// king, among `evasion`.
    target: B,
}

impl<B: Bitboard> Position<B> {
    /// The role of the enemy man on `sq` (orthodox roles, not the king).
    #[inline]
    pub(super) fn orthodox_victim(&self, sq: Square) -> Option<Role> {
        [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]
        .into_iter()
        .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// Pushes a move of `role` from `from` to every square of `targets`
    /// (orthodox roles only: captures look their victim up among five roles;
    /// all counted, the sink's kept ones written).
    #[inline]
    fn push_orthodox(
        &self,
        out: &mut impl MoveSink<B>,
        role: Role,
        from: Square,
        targets: B,
        theirs: B,
    ) {
        let targets = out.kept_targets(role, from, targets);
        for to in (targets & !theirs).squares() {
            out.write(Move {
                role,
                from,
                to,
                capture: None,
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
        for to in (targets & theirs).squares() {
            out.write(Move {
                role,
                from,
                to,
                capture: self.orthodox_victim(to),
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }

    /// What limits the side to move's men other than its king (on
    /// `king`); `None` when two men check the king and only it may move.
    #[inline]
    fn limits(&self, king: Square) -> Option<Limits<B>> {
        let r = self.rules;
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occ = ours | theirs;
        let checkers = self.attackers_to(king, !us, occ);
        if checkers.more_than_one() {
            return None;
        }
        // A single checker: capture it or block (`between` is empty for
        // knights, pawns and adjacent men).
        let evasion = match checkers.first() {
            Some(c) => checkers | r.between(king, c),
            None => r.all,
        };
        let capturable = theirs & !self.by_role[Role::King.index()];
        Some(Limits {
            checkers,
            evasion,
            pinned: self.pinned(king, ours, theirs, occ),
            target: (!occ | capturable) & evasion & r.all,
        })
    }

    /// Whether a knight, bishop, rook or queen of the side to move (its
    /// king on `king`) has a legal move: the moves
    /// [`Position::generate_orthodox_legal`] writes for them, found without
    /// writing any. Asking whether a game has ended after every move (the
    /// puzzle solver plays millions) mostly ends here, not in a whole move
    /// list.
    pub(super) fn has_piece_move(&self, king: Square) -> bool {
        let Some(Limits { pinned, target, .. }) = self.limits(king) else {
            return false;
        };
        let r = self.rules;
        let ours = self.by_color[self.turn.index()];
        let occ = self.occupied();
        let knights = self.by_role[Role::Knight.index()] & ours & !pinned;
        if knights
            .squares()
            .any(|from| (r.leap_targets(Role::Knight, from) & target).any())
        {
            return true;
        }
        let bishops = self.by_role[Role::Bishop.index()];
        let rooks = self.by_role[Role::Rook.index()];
        let queens = self.by_role[Role::Queen.index()];
        ((bishops | rooks | queens) & ours).squares().any(|from| {
            let mut t = B::EMPTY;
            if (bishops | queens).contains(from) {
                t |= r.bishop_attacks(from, occ);
            }
            if (rooks | queens).contains(from) {
                t |= r.rook_attacks(from, occ);
            }
            t &= target;
            if pinned.contains(from) {
                t &= self.pin_line(king, from);
            }
            t.any()
        })
    }

    /// Legal moves for variants with only the orthodox roles and a king of
    /// the side to move: no role loops, king moves checked square by square
    /// without copy-make, check evasions restricted to the checker and the
    /// squares between it and the king, pinned men restricted to their pin
    /// line, and pawn pushes generated for all unpinned pawns at once. En
    /// passant and castling are verified by copy-make as in the general path.
    /// The moves go to `out`, a list or a counting sink (`sink.rs`).
    pub(super) fn generate_orthodox_legal(&self, out: &mut impl MoveSink<B>, king: Square) {
        let r = self.rules;
        let us = self.turn;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let kings = self.by_role[Role::King.index()];
        let capturable = theirs & !kings;

        self.push_king_steps(out, king);
        let Some(Limits {
            checkers,
            evasion,
            pinned,
            target,
        }) = self.limits(king)
        else {
            return;
        };

        let knights = self.by_role[Role::Knight.index()] & ours & !pinned;
        for from in knights.squares() {
            let t = r.leap_targets(Role::Knight, from) & target;
            self.push_orthodox(out, Role::Knight, from, t, theirs);
        }
        let queens = self.by_role[Role::Queen.index()];
        for (role, men) in [
            (Role::Bishop, self.by_role[Role::Bishop.index()]),
            (Role::Rook, self.by_role[Role::Rook.index()]),
            (Role::Queen, queens),
        ] {
            for from in (men & ours).squares() {
                let mut t = match role {
                    Role::Bishop => r.bishop_attacks(from, occ),
                    Role::Rook => r.rook_attacks(from, occ),
                    _ => r.bishop_attacks(from, occ) | r.rook_attacks(from, occ),
                } & target;
                if pinned.contains(from) {
                    t &= self.pin_line(king, from);
                }
                self.push_orthodox(out, role, from, t, theirs);
            }
        }

        // Pawns.
        let pawns = self.by_role[Role::Pawn.index()] & ours;
        if pawns.any() {
            let variant = self.variant();
            let g = self.geometry();
            let w = g.width() as u32;
            let h = g.height() as usize;
            let last = r.ranks[us.fold(h - 1, 0)];
            let second = r.ranks[us.fold(1, h - 2)];
            let promos = &variant.promotion[us];
            let enemy_king = (theirs & kings).first();
            let step = |bb: B, n: u32| match us {
                Color::White => bb.shift_up(n),
                Color::Black => bb.shift_down(n),
            };
            let back = |sq: Square, n: u32| match us {
                Color::White => Square(sq.0.wrapping_sub(n as u8)),
                Color::Black => Square(sq.0.wrapping_add(n as u8)),
            };
            let free = pawns & !pinned;
            // Pushes of unpinned pawns, all at once.
            let one = step(free, w) & !occ & r.all;
            if variant.pawn_double_step {
                let two = step(one & step(second, w), w) & !occ & evasion & r.all;
                for to in two.squares() {
                    out.push(Move {
                        role: Role::Pawn,
                        from: back(to, 2 * w),
                        to,
                        capture: None,
                        promotion: None,
                        kind: MoveKind::DoubleStep,
                    });
                }
            }
            let one = one & evasion;
            for to in (one & !last).squares() {
                out.push(Move {
                    role: Role::Pawn,
                    from: back(to, w),
                    to,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
            for to in (one & last).squares() {
                self.push_pawn(out, back(to, w), to, None, last, promos, enemy_king, occ);
            }
            // Captures of unpinned pawns, towards each side. Towards the
            // higher file the step is `w + 1` up (White) or `w - 1` down
            // (Black); towards the lower file the other way round.
            let first_file = r.files[0];
            let last_file = r.files[w as usize - 1];
            let caps = capturable & evasion;
            let (east, west) = us.fold((w + 1, w - 1), (w - 1, w + 1));
            for (from_set, n) in [(free & !last_file, east), (free & !first_file, west)] {
                for to in (step(from_set, n) & caps).squares() {
                    let cap = self.orthodox_victim(to);
                    if last.contains(to) {
                        self.push_pawn(out, back(to, n), to, cap, last, promos, enemy_king, occ);
                    } else {
                        out.push(Move {
                            role: Role::Pawn,
                            from: back(to, n),
                            to,
                            capture: cap,
                            promotion: None,
                            kind: MoveKind::Normal,
                        });
                    }
                }
            }
            // Pinned pawns, one by one, along their pin line.
            let fwd = us.fold(w as i32, -(w as i32));
            for from in (pawns & pinned).squares() {
                let allowed = evasion & self.pin_line(king, from);
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
                for to in (r.pawn_attacks(us, from) & capturable & allowed).squares() {
                    let cap = self.orthodox_victim(to);
                    self.push_pawn(out, from, to, cap, last, promos, enemy_king, occ);
                }
            }
            // En passant (any of our pawns), verified by copy-make.
            if let Some(ep) = self.ep {
                if variant.en_passant {
                    for from in (r.pawn_attacks(them, ep) & pawns).squares() {
                        let m = Move {
                            role: Role::Pawn,
                            from,
                            to: ep,
                            capture: Some(Role::Pawn),
                            promotion: None,
                            kind: MoveKind::EnPassant,
                        };
                        if self.leaves_king_safe(&m) {
                            out.push(m);
                        }
                    }
                }
            }
        }

        // Castling, when some rook with rights has nothing between it and
        // the king (the full check is in `generate_castling`).
        if checkers.is_empty()
            && (self.castling & ours)
                .squares()
                .any(|rook| (r.between(king, rook) & occ).is_empty())
        {
            if self.variant().castling == CastlingRule::Standard {
                self.castle_standard(out, king, occ);
            } else {
                out.push_listed(|list| self.generate_castling::<true>(list, occ, B::EMPTY));
            }
        }
    }

    /// The king's steps of the fast path, the first moves it lists.
    #[inline]
    fn push_king_steps(&self, out: &mut impl MoveSink<B>, king: Square) {
        let theirs = self.by_color[(!self.turn).index()];
        let steps = out.kept_targets(Role::King, king, self.safe_king_steps(king));
        for to in steps.squares() {
            let capture = if theirs.contains(to) {
                self.orthodox_victim(to)
            } else {
                None
            };
            out.write(Move {
                role: Role::King,
                from: king,
                to,
                capture,
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }

    /// The squares the side to move's `king` may step to: not its own
    /// men's, not the enemy king's, and not attacked once the king has left
    /// its square (so sliders see through it).
    #[inline]
    pub(super) fn safe_king_steps(&self, king: Square) -> B {
        let r = self.rules;
        let them = !self.turn;
        let ours = self.by_color[self.turn.index()];
        let theirs = self.by_color[them.index()];
        let occ_wo = (ours | theirs).without(king);
        let kt =
            r.leap_targets(Role::King, king) & !ours & !(theirs & self.by_role[Role::King.index()]);
        // Several targets and few enemy men: every square the enemy attacks
        // at once (a table look-up per man) instead of each target asked
        // apart (five look-ups each).
        if theirs.count() < 5 * kt.count() {
            kt & !self.orthodox_attacks_by(them, occ_wo)
        } else {
            let mut safe = B::EMPTY;
            for to in kt.squares() {
                if !self.is_attacked(to, them, occ_wo) {
                    safe.add(to);
                }
            }
            safe
        }
    }

    /// Every square `by`'s men attack with `occupied` as the blockers
    /// (orthodox roles): `is_attacked` for all squares at once.
    fn orthodox_attacks_by(&self, by: Color, occupied: B) -> B {
        let r = self.rules;
        let theirs = self.by_color[by.index()];
        let role = |role: Role| self.by_role[role.index()] & theirs;
        let queens = role(Role::Queen);
        let mut bb = B::EMPTY;
        for sq in role(Role::Pawn).squares() {
            bb |= r.pawn_attacks(by, sq);
        }
        for leaper in [Role::Knight, Role::King] {
            for sq in role(leaper).squares() {
                bb |= r.leap_targets(leaper, sq);
            }
        }
        for sq in (role(Role::Bishop) | queens).squares() {
            bb |= r.bishop_attacks(sq, occupied);
        }
        for sq in (role(Role::Rook) | queens).squares() {
            bb |= r.rook_attacks(sq, occupied);
        }
        bb
    }

    /// The first moves of [`Position::moves`] in `mode`, in its order,
    /// without the others: under orthodox rules with the orthodox roles
    /// and a king to move, the king's steps (written into `out`, cleared
    /// first; `true`). Elsewhere the list is not known to begin with any
    /// move: `out` is left empty and the answer is `false`. A search that
    /// stops at the first reply of a kind (one that escapes a mate) tries
    /// these before generating the rest.
    pub fn first_moves_into(&self, mode: RuleMode, out: &mut Vec<Move>) -> bool {
        out.clear();
        if mode != RuleMode::Orthodox || !self.rules.orthodox {
            return false;
        }
        match self.king_of(self.turn) {
            Some(king) => {
                self.push_king_steps(out, king);
                true
            }
            None => false,
        }
    }

    /// Legal standard castling (king two squares towards the rook, the rook
    /// onto the square the king crosses) for the orthodox fast path, with the
    /// king not in check: the crossed square must not be attacked (king
    /// lifted) and the king's destination not attacked after the move; no
    /// copy-make. Same moves as `generate_castling::<true>` for this rule.
    fn castle_standard(&self, out: &mut impl MoveSink<B>, king: Square, occ: B) {
        let r = self.rules;
        let us = self.turn;
        let them = !us;
        let back = self.back_rank(us);
        if !back.contains(king) {
            return;
        }
        let g = self.geometry();
        let (kf, kr) = r.coords(king);
        let occ_wo_king = occ.without(king);
        for rook in (self.castling & self.pieces(us, Role::Rook) & back).squares() {
            if (r.between(king, rook) & occ).any() {
                continue;
            }
            let (rf, _) = r.coords(rook);
            if (rf - kf).abs() < 2 {
                continue;
            }
            let dir = (rf - kf).signum();
            let (Some(via), Some(king_to)) =
                (g.square_at(kf + dir, kr), g.square_at(kf + 2 * dir, kr))
            else {
                continue;
            };
            if self.is_attacked(via, them, occ_wo_king) {
                continue;
            }
            let occ_after = occ_wo_king.without(rook).with(via).with(king_to);
            if self.is_attacked(king_to, them, occ_after) {
                continue;
            }
            out.push(Move {
                role: Role::King,
                from: king,
                to: king_to,
                capture: None,
                promotion: None,
                kind: MoveKind::Castle {
                    rook_from: rook,
                    rook_to: via,
                },
            });
        }
    }
}
