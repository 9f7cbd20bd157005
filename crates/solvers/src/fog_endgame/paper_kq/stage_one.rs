//! Stage 1 of the paper's strategy (Lemmas 2–5): bring the king into a
//! corner and the queen next to it — the corner configuration.

use super::super::board::{bits, Board};
use super::{chebyshev, sq, Decision, PaperKq, Rule, Stage};

impl PaperKq {
    pub(super) fn stage_one(&self, king: u8, queen: u8, set: u64) -> Option<Decision> {
        let board = self.board();
        let next_to_king = board.king_steps(1 << king);
        if self.central(king) {
            // Lemmas 3–4, read as: the king steps out of the centre onto
            // the square farthest from every square of S (ties: a square
            // the queen is next to, or can reach a square next to in one
            // move; then the lowest square).
            let mut best: Option<(usize, bool, u8)> = None;
            for t in bits(next_to_king & !(1 << queen)) {
                if self.central(t) || !self.safe_after(t, queen, set) {
                    continue;
                }
                let distance = bits(set).map(|s| chebyshev(s, t)).min().unwrap_or(99);
                let near = board.king_steps(1 << t) & (1 << queen) != 0
                    || self.queen_reach(t, queen) & board.king_steps(1 << t) != 0;
                let better = match best {
                    None => true,
                    Some((d, n, _)) => distance > d || (distance == d && near && !n),
                };
                if better {
                    best = Some((distance, near, t));
                }
            }
            let (_, _, t) = best?;
            return Some(Decision {
                king: t,
                queen,
                stage: Stage::Corner,
                rule: Rule::LeaveCentre,
            });
        }
        // Lemma 2, case 1 puts the queen on the edge two files from the
        // king (A5 for the king on C5) before the king steps to B5: that
        // queen is not next to the king, but Lemma 2 goes on.
        let (g, f, r) = self.lemma_two_frame(king);
        let on_edge_square = f == 2 && board.map_square(g, queen) == sq(0, r);
        if next_to_king & (1 << queen) == 0 && !on_edge_square {
            return self.lemma_five(king, queen, set);
        }
        self.lemma_two(king, queen)
    }

    /// The square Lemma 2 wants the queen on next, for the king on `king`
    /// (real coordinates), if any.
    pub(super) fn lemma_two_frame(&self, king: u8) -> (u8, usize, usize) {
        // The frame: the nearest edge is the a-file, the nearest corner on
        // it a1 (the lowest symmetry among ties).
        let board = self.board();
        let last = board.size() - 1;
        let d = self.edge_distance(king);
        (0..8u8)
            .map(|g| (g, board.map_square(g, king)))
            .find(|&(_, k)| Board::file(k) == d && Board::rank(k) <= last - Board::rank(k))
            .map(|(g, k)| (g, Board::file(k), Board::rank(k)))
            .expect("some symmetry puts the nearest edge on the a-file")
    }

    /// The queen square Lemma 2 aims for from the king's square, in real
    /// coordinates.
    pub(super) fn lemma_two_target(&self, king: u8) -> Option<u8> {
        let (g, f, r) = self.lemma_two_frame(king);
        let t = match f {
            0 if r >= 1 => sq(1, r - 1),
            0 => return None,
            1 => sq(1, r - 1),
            _ => sq(f - 1, r),
        };
        Some(self.board().map_square(Board::inverse(g), t))
    }

    pub(super) fn lemma_five(&self, king: u8, queen: u8, set: u64) -> Option<Decision> {
        let board = self.board();
        let next_to_king = board.king_steps(1 << king) & !(1 << queen);
        let reach = self.queen_reach(king, queen);
        let one_move = reach & next_to_king;
        if one_move != 0 {
            // Paper: any such square. Read: the one Lemma 2 wants next if
            // the queen reaches it, else the lowest.
            let t = self
                .lemma_two_target(king)
                .filter(|&t| one_move & (1 << t) != 0)
                .unwrap_or(one_move.trailing_zeros() as u8);
            return Some(Decision {
                king,
                queen: t,
                stage: Stage::Corner,
                rule: Rule::QueenToKing,
            });
        }
        // Two moves: the paper's waypoints (a rook move to the file or the
        // rank of the target square T, the square next to the king towards
        // the queen), the one not next to S first; failing both, any
        // square the queen reaches, not next to S, from which she reaches
        // a square next to the king (the lowest).
        let (kf, kr) = (Board::file(king) as i32, Board::rank(king) as i32);
        let (qf, qr) = (Board::file(queen) as i32, Board::rank(queen) as i32);
        let tf = kf + (qf - kf).signum();
        let tr = kr + (qr - kr).signum();
        let mut candidates: Vec<u8> = Vec::new();
        let n = board.size() as i32;
        for (f, r) in [(tf, qr), (qf, tr)] {
            if (0..n).contains(&f) && (0..n).contains(&r) {
                candidates.push(sq(f as usize, r as usize));
            }
        }
        candidates.extend(bits(reach));
        for w in candidates {
            if reach & (1 << w) == 0 || board.king_steps(1 << w) & set != 0 {
                continue;
            }
            if self.queen_reach(king, w) & next_to_king & !(1 << w) != 0 {
                return Some(Decision {
                    king,
                    queen: w,
                    stage: Stage::Corner,
                    rule: Rule::QueenWaypoint,
                });
            }
        }
        None
    }

    /// The queen next to her king, towards `target` (a square next to the
    /// king): there at once if she reaches it, else (Lemma 1) first onto
    /// another square next to the king from which she does (the lowest).
    pub(super) fn queen_around(
        &self,
        king: u8,
        queen: u8,
        target: u8,
        rule: Rule,
    ) -> Option<Decision> {
        let reach = self.queen_reach(king, queen);
        let to = if reach & (1 << target) != 0 {
            target
        } else {
            let ring = self.board().king_steps(1 << king) & reach;
            bits(ring).find(|&x| self.queen_reach(king, x) & (1 << target) != 0)?
        };
        let rule = if to == target {
            rule
        } else {
            Rule::QueenAround
        };
        Some(Decision {
            king,
            queen: to,
            stage: Stage::Corner,
            rule,
        })
    }

    pub(super) fn lemma_two(&self, king: u8, queen: u8) -> Option<Decision> {
        let board = self.board();
        let (g, f, r) = self.lemma_two_frame(king);
        let q = board.map_square(g, queen);
        let inv = Board::inverse(g);
        let real = |s: u8| board.map_square(inv, s);
        let king_to = |s: u8, rule| {
            Some(Decision {
                king: real(s),
                queen,
                stage: Stage::Corner,
                rule,
            })
        };
        match f {
            // Case 1 (C5): the queen to B5, then to A5, then the king to
            // B5.
            2.. => {
                if q == sq(f - 2, r) {
                    king_to(sq(f - 1, r), Rule::KingToEdge)
                } else if q == sq(f - 1, r) {
                    Some(Decision {
                        king,
                        queen: real(sq(f - 2, r)),
                        stage: Stage::Corner,
                        rule: Rule::QueenToEdge,
                    })
                } else {
                    self.queen_around(king, queen, real(sq(f - 1, r)), Rule::QueenToEdge)
                }
            }
            // Case 2 (B5): the king steps onto the edge; a queen on the
            // edge square first moves to B4 (read: the square Case 3
            // wants next, towards the nearer corner).
            1 => {
                if q == sq(0, r) {
                    self.queen_around(king, queen, real(sq(1, r - 1)), Rule::QueenAround)
                } else {
                    king_to(sq(0, r), Rule::KingToEdge)
                }
            }
            // Case 3 (A4): queen to B3, king to A3, … the king from A2 to
            // A1 with the queen on B2 (or B1).
            _ => {
                let down = sq(0, r - 1);
                if q == sq(1, r - 1) || (r == 1 && q == sq(1, 1)) {
                    king_to(down, Rule::KingToCorner)
                } else {
                    self.queen_around(king, queen, real(sq(1, r - 1)), Rule::KingToCorner)
                }
            }
        }
    }
}
