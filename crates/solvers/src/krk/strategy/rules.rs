//! The policy's rules ([`Strategy::choose`]): the frame the position is
//! read in, then mate in one, phase 1 (the defended box) and phase 2 (the
//! rank technique), in the order the module docs of [`super`] give them.

use super::super::geometry::Square;
use super::super::play::{Move, Piece, Position, Side};
use super::super::quadrant::quadrant_plan;
use super::{
    cheb, fallback_key, is_boxed, rook_attacks, safe, separating_lines, Choice, Frame, Phase,
    Pieces, Status, Strategy, Xy,
};

impl Strategy {
    /// The strategy's move in a legal White-to-move position (`None` if the
    /// position is not legal). Never consults a table.
    pub fn choose(&self, position: &Position) -> Option<Choice> {
        if !self.is_legal_white_to_move(position) {
            return None;
        }
        let p = Self::to_pieces(position);
        let (q, phase) = self.choose_pieces(p);
        let sq = |c: Xy| Square::new(c.0 as usize, c.1 as usize).expect("on the board");
        let (piece, from, to) = if q.k != p.k {
            (Piece::WhiteKing, p.k, q.k)
        } else {
            (Piece::WhiteRook, p.r, q.r)
        };
        Some(Choice {
            mv: Move {
                piece,
                from: sq(from),
                to: sq(to),
                captures_rook: false,
            },
            after: Self::to_position(q, Side::Black),
            phase,
        })
    }

    pub(super) fn choose_pieces(&self, p: Pieces) -> (Pieces, Phase) {
        let moves = self.white_moves(p);
        if let Some(&(_, q)) = moves.iter().find(|(_, q)| self.status(*q) == Status::Mate) {
            return (q, Phase::Mate);
        }
        let sound: Vec<Pieces> = moves
            .iter()
            .map(|&(_, q)| q)
            .filter(|&q| self.status(q) == Status::Ongoing)
            .collect();
        let frame = self.frame(p);
        let norm = |q: Pieces| frame.apply(q, self.n);
        let np = norm(p);
        let nsound: Vec<Pieces> = sound.iter().map(|&q| norm(q)).collect();
        let (choice, phase) = self.rules(np, &nsound);
        let chosen = choice.unwrap_or_else(|| {
            // Fallback: the sound move that keeps the best box, nearest the goal.
            *nsound
                .iter()
                .min_by_key(|q| fallback_key(**q))
                .unwrap_or(&norm(moves[0].1))
        });
        // Undo the normalisation (every frame is its own inverse).
        let q = frame.apply(chosen, self.n);
        (
            q,
            if choice.is_some() {
                phase
            } else {
                Phase::Fallback
            },
        )
    }

    /// The normalising reflection (see the module docs, "The frame"): a
    /// function of the rook and the black king only, so it never changes
    /// while the rook stands still unless the black king crosses one of the
    /// rook's lines — which a standing box forbids.
    pub(super) fn frame(&self, p: Pieces) -> Frame {
        let dx = p.r.0 - p.b.0;
        let dy = p.r.1 - p.b.1;
        if dx != 0 && dy != 0 {
            return Frame {
                flip_x: dx < 0,
                flip_y: dy < 0,
                swap: false,
            };
        }
        let n = self.n;
        Frame {
            flip_x: 2 * p.b.0 > n - 1,
            flip_y: 2 * p.b.1 > n - 1,
            swap: false,
        }
    }

    /// Rules 1–7 on a normalised position; `sound` are the normalised sound moves.
    pub(super) fn rules(&self, p: Pieces, sound: &[Pieces]) -> (Option<Pieces>, Phase) {
        let boxed = is_boxed(p);
        if boxed && p.k.1 > p.r.1 {
            return self.rank_technique(p, sound);
        }
        if boxed && p.k.0 > p.r.0 {
            let t = |q: Pieces| Pieces {
                k: (q.k.1, q.k.0),
                r: (q.r.1, q.r.0),
                b: (q.b.1, q.b.0),
            };
            let ts: Vec<Pieces> = sound.iter().map(|&q| t(q)).collect();
            let (q, phase) = self.rank_technique(t(p), &ts);
            return (q.map(t), phase);
        }
        if boxed {
            return (self.rendezvous(p, sound), Phase::Rendezvous);
        }
        if let Some(q) = self.build_box(p, sound) {
            return (Some(q), Phase::Box);
        }
        (self.rendezvous(p, sound), Phase::Rendezvous)
    }

    /// Rule 1.
    pub(super) fn build_box(&self, p: Pieces, sound: &[Pieces]) -> Option<Pieces> {
        let (x, y) = p.b;
        let plan = quadrant_plan(
            (x as u32 + 1, y as u32 + 1),
            (p.k.0 as u32 + 1, p.k.1 as u32 + 1),
        );
        let m = (plan.box_size as i32 - 1).min(self.n - 2);
        let target = (x + 2, m);
        let rook_moves = || sound.iter().copied().filter(move |q| q.k == p.k);
        // The write-up's square, else any boxing square (nearest its row,
        // then the largest box), else first onto row m.
        if let Some(q) = rook_moves()
            .filter(|q| is_boxed(*q) && safe(*q))
            .min_by_key(|q| {
                (
                    separating_lines(*q, self.n).is_none(),
                    q.r != target,
                    (q.r.1 - m).abs(),
                    -q.r.0.min(q.r.1),
                )
            })
        {
            return Some(q);
        }
        if m > y && target.0 < self.n {
            if let Some(q) = rook_moves()
                .filter(|q| q.r.1 == m && safe(*q) && !rook_attacks(q.r, q.b, q.k))
                .min_by_key(|q| cheb(q.r, target))
            {
                return Some(q);
            }
        }
        None
    }

    /// Rule 2: the box stands, the white king is inside it or on no side yet.
    pub(super) fn rendezvous(&self, p: Pieces, sound: &[Pieces]) -> Option<Pieces> {
        // The rook steps between the kings: its rank (or file) then
        // separates them, which is where phase 2 starts.
        let n = self.n;
        if let Some(q) = sound
            .iter()
            .copied()
            .filter(|q| q.k == p.k && safe(*q) && separating_lines(*q, n).is_some())
            .min_by_key(|q| separating_lines(*q, n))
        {
            return Some(q);
        }
        if !safe(p) {
            if let Some(q) = self.step_rook_along_rank(p, sound) {
                return Some(q);
            }
        }
        // The white king walks up and to the right of the black king.
        let goal = (
            (p.b.0 + 2).min(p.r.0 - 1).max(0),
            (p.b.1 + 2).min(p.r.1 - 1).max(0),
        );
        sound
            .iter()
            .copied()
            .filter(|q| q.r == p.r && safe(*q) && is_boxed(*q))
            .min_by_key(|q| {
                (
                    cheb(q.k, goal),
                    (q.k.0 - goal.0).abs() + (q.k.1 - goal.1).abs(),
                )
            })
    }

    /// Rule 2's rook step: along the rank toward file n − 2 (nearest the
    /// target first), keeping the box and safe for a move.
    pub(super) fn step_rook_along_rank(&self, p: Pieces, sound: &[Pieces]) -> Option<Pieces> {
        let edge = self.n - 2;
        let want = edge;
        sound
            .iter()
            .copied()
            .filter(|q| q.k == p.k && q.r.1 == p.r.1 && q.r != p.r && is_boxed(*q) && safe(*q))
            .min_by_key(|q| (q.r.0 > edge, (q.r.0 - want).abs(), -q.r.0))
    }

    /// Rules 3–7 (phase 2) with the white king above the rook's rank.
    pub(super) fn rank_technique(&self, p: Pieces, sound: &[Pieces]) -> (Option<Pieces>, Phase) {
        let (r, s) = p.r;
        let (x, y) = p.b;
        let (kx, ky) = p.k;
        let rook_to = |want: Xy| sound.iter().copied().find(|q| q.k == p.k && q.r == want);
        let far = |q: &Pieces| (q.r.0 - x).abs() >= 3;
        // Rule 3: a rook within two files of the black king goes to the far
        // end of its rank (the first or last file, whichever is farther).
        if !far(&p) || !safe(p) {
            let end = if x >= self.n - 1 - x { 0 } else { self.n - 1 };
            if let Some(q) = rook_to((end, s)).filter(|q| far(q) && safe(*q)) {
                return (Some(q), Phase::Rescue);
            }
            if let Some(q) = sound
                .iter()
                .copied()
                .filter(|q| q.k == p.k && q.r.1 == s && far(q) && safe(*q))
                .max_by_key(|q| (q.r.0 - x).abs())
            {
                return (Some(q), Phase::Rescue);
            }
        }
        // Rule 4.
        if y <= s - 2 {
            if let Some(q) = rook_to((r, y + 1)).filter(|q| safe(*q)) {
                return (Some(q), Phase::Shrink);
            }
        }
        // Rule 5.
        if y == s - 1 && (kx, ky) == (x, s + 1) {
            if let Some(q) = rook_to((r, s - 1)) {
                return (Some(q), Phase::Opposition);
            }
        }
        // Rule 6.
        if y == s - 1 && ky == s + 1 && (kx - x).abs() == 1 {
            if let Some(q) = sound
                .iter()
                .copied()
                .filter(|q| q.k == p.k && q.r.1 == s && q.r != p.r && far(q) && safe(*q))
                .min_by_key(|q| ((q.r.0 - x).abs() < 4, (q.r.0 - r).abs()))
            {
                return (Some(q), Phase::Tempo);
            }
        }
        // Rule 7.
        let goal = (x, s + 1);
        let approach = sound
            .iter()
            .copied()
            .filter(|q| q.r == p.r && q.k.1 > s)
            .min_by_key(|q| {
                (
                    !safe(*q),
                    cheb(q.k, goal),
                    (q.k.0 - goal.0).abs() + (q.k.1 - goal.1).abs(),
                )
            });
        (approach, Phase::Approach)
    }
}
