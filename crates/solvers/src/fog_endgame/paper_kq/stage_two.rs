//! Stage 2 of the paper's strategy (Lemmas 7–11): push the black king
//! back line by line, in a frame of the board's symmetries where the
//! queen's line is a rank and the black king above it; the three readings
//! of when the line is raised ([`RaiseRule`]).

use super::super::board::Board;
use super::super::game::Game;
use super::{file_mask, row, rows_upto, sq, Decision, Frame, PaperKq, RaiseRule, Rule, Stage};

impl PaperKq {
    /// The frame of Stage 2 under symmetry `g`: the queen on line `line` ≥
    /// 1, the king on the line below or beside her, next to her, and S
    /// above her line — or (Lemma 7) the king on the first line, the queen
    /// on the second, S above and on the first line to one side.
    pub(super) fn frame(&self, g: u8, king: u8, queen: u8, set: u64) -> Option<Frame> {
        let board = self.board();
        let (k, q) = (board.map_square(g, king), board.map_square(g, queen));
        let s = board.map_set(g, set);
        let (kf, kr, qf, qr) = (
            Board::file(k),
            Board::rank(k),
            Board::file(q),
            Board::rank(q),
        );
        if qr == 0 || kf.abs_diff(qf) > 1 || !(kr + 1 == qr || kr == qr || kr + 2 == qr) {
            return None;
        }
        let above = s & rows_upto(qr) == 0;
        let first_line = !above && qr == 1 && kr == 0 && s & row(1) == 0 && {
            let low = s & row(0);
            let left = (0..qf).fold(0, |m, f| m | file_mask(f));
            low & left == 0 || low & !left == 0
        };
        (above || first_line).then_some(Frame {
            g,
            king: k,
            queen: q,
            set: s,
            first_line,
        })
    }

    /// The frames to push in, best first: the most lines behind the queen
    /// first (the paper turns the board when the king is left fewer files
    /// than ranks, Lemmas 8 and 10), the current symmetry first among
    /// equals, then the lowest.
    pub(super) fn frames(&self, g: u8, king: u8, queen: u8, set: u64) -> Vec<Frame> {
        let progress = |f: &Frame| 2 * Board::rank(f.queen) - f.first_line as usize;
        let mut frames: Vec<Frame> = (0..8u8)
            .filter_map(|h| self.frame(h, king, queen, set))
            .collect();
        if self.raise_rule == RaiseRule::Paper {
            // As written: the push goes on in its frame while that holds.
            frames.sort_by_key(|f| (f.g != g, std::cmp::Reverse(progress(f)), f.g));
        } else {
            frames.sort_by_key(|f| (std::cmp::Reverse(progress(f)), f.g != g, f.g));
        }
        frames
    }

    /// Squares the black king can reach from `set` while White's men stand
    /// still (through squares they neither see nor occupy).
    pub fn region(&self, king: u8, queen: u8, set: u64) -> u64 {
        let info = self.table.get(self.table.code(&[king, queen, 0]));
        let open = self.board().mask() & !info.seen & !info.occupied;
        let mut region = set & open;
        loop {
            let next = region | self.board().king_steps(region) & open;
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// Lemma 10's stalemate, read generally: a safe move after which every
    /// step of the black king is seen (the capture follows). The first in
    /// the table's order of moves.
    pub(super) fn stalemate(&self, king: u8, queen: u8, set: u64) -> Option<(u8, u8)> {
        let code = self.table.code(&[king, queen, 0]);
        let game = self.game();
        self.table.moves_of(code).iter().find_map(|&to| {
            let after = self.table.get(to);
            if !Game::safe(after, set) {
                return None;
            }
            let mut empty = true;
            game.branches(after, set, |b| empty &= b == 0);
            let p = self.table.placement(to);
            empty.then_some((p[0], p[1]))
        })
    }

    pub(super) fn stage_two(
        &self,
        g: u8,
        king: u8,
        queen: u8,
        set: u64,
        seen: Option<u8>,
    ) -> Option<Decision> {
        if let Some((k, q)) = self.stalemate(king, queen, set) {
            return Some(Decision {
                king: k,
                queen: q,
                stage: Stage::Push { g },
                rule: Rule::Stalemate,
            });
        }
        self.frames(g, king, queen, set).into_iter().find_map(|fr| {
            if self.raise_rule == RaiseRule::Paper {
                self.push_literally(&fr, seen)
            } else {
                self.push_in(&fr)
            }
        })
    }

    /// `paper`'s move in one frame (Lemma 8 as written).
    pub(super) fn push_literally(&self, fr: &Frame, seen: Option<u8>) -> Option<Decision> {
        let g = fr.g;
        let board = self.board();
        let n = board.size();
        let (kf, kr) = (Board::file(fr.king), Board::rank(fr.king));
        let (qf, qr) = (Board::file(fr.queen), Board::rank(fr.queen));
        let go = |k: u8, q: u8, rule| self.decision(g, k, q, Stage::Push { g }, rule);
        if fr.first_line {
            return self.push_in(fr);
        }
        if kr == qr {
            // Lemma 8: "then follow with the queen one square up".
            return (qr + 1 < n).then(|| go(fr.king, sq(qf, qr + 1), Rule::RaiseQueen))?;
        }
        if kr + 2 == qr {
            return go(sq(qf, qr - 1), fr.queen, Rule::RaiseKing);
        }
        // Lemma 8: the queen has seen the king on her file above her: the
        // king diagonally up-right (up-left from the sixth file of eight,
        // read: from the third file before the right edge), the queen up
        // next move.
        let sighted = seen.map(|s| board.map_square(g, s));
        if sighted.is_some_and(|s| Board::file(s) == qf && Board::rank(s) > qr) {
            let first: i32 = if qf + 3 < n { 1 } else { -1 };
            for d in [first, -first] {
                let tf = qf as i32 + d;
                if (0..n as i32).contains(&tf) && (tf - kf as i32).abs() <= 1 && qr + 1 < n {
                    return go(sq(tf as usize, qr), fr.queen, Rule::RaiseKing);
                }
            }
        }
        // Otherwise the sweep, as in the careful readings.
        self.sweep(fr)
    }

    /// Stage 2's move in one frame, `None` when the frame gives none.
    pub(super) fn push_in(&self, fr: &Frame) -> Option<Decision> {
        let g = fr.g;
        let n = self.board().size();
        let (kf, kr) = (Board::file(fr.king), Board::rank(fr.king));
        let (qf, qr) = (Board::file(fr.queen), Board::rank(fr.queen));
        let go = |k: u8, q: u8, rule| self.decision(fr.g, k, q, Stage::Push { g }, rule);
        if fr.first_line {
            // Lemma 7: towards the black-king squares on the first line:
            // the queen one square along the second line, the king under
            // her.
            let low = fr.set & row(0);
            let d: i32 = if low.trailing_zeros() as usize % 8 > qf {
                1
            } else {
                -1
            };
            let ahead = (qf as i32 + d) as usize;
            if kf as i32 == qf as i32 - d {
                return go(sq(qf, 0), fr.queen, Rule::FirstLine);
            }
            return go(fr.king, sq(ahead, 1), Rule::FirstLine);
        }
        if kr == qr {
            // The second half of a raise: the queen one line up.
            // Read: only when every answer of Black leaves the king above
            // her new line (Lemma 10: "we do not move the queen up!");
            // otherwise this frame gives no move and the next is tried.
            let q2 = sq(qf, qr + 1);
            if qr + 1 >= n || !self.queen_up_ok(fr, q2) {
                return None;
            }
            return go(fr.king, q2, Rule::RaiseQueen);
        }
        if kr + 2 == qr {
            // The second half of a raise led by the queen: the king under
            // her.
            return go(sq(qf, qr - 1), fr.queen, Rule::RaiseKing);
        }
        // Lemmas 8–9: the king up beside the queen, then the queen one line
        // up. The paper raises when the queen has seen the king; read: when
        // the raise is sure to keep the king above the new line (its first
        // move safe, and after each answer of Black the queen's step safe
        // and every belief set above her). The right side first.
        if qr + 1 < n {
            for d in [1i32, -1] {
                let tf = qf as i32 + d;
                if !(0..n as i32).contains(&tf) || (tf - kf as i32).abs() > 1 {
                    continue;
                }
                let k2 = sq(tf as usize, qr);
                if self.clean_raise(fr, k2, sq(qf, qr + 1)) {
                    return go(k2, fr.queen, Rule::RaiseKing);
                }
            }
            // Lemma 10 (case D8; two lines left): the king steps up beside
            // the queen and she stays, when after every answer of Black the
            // king is either caught or boxed on the far side of her file,
            // with fewer squares to reach than before.
            for d in [1i32, -1] {
                if qr + 3 != n {
                    break;
                }
                let tf = qf as i32 + d;
                if !(0..n as i32).contains(&tf) || (tf - kf as i32).abs() > 1 {
                    continue;
                }
                let k2 = sq(tf as usize, qr);
                let far: u64 = (0..n)
                    .filter(|&f| (f as i32 - qf as i32) * d < 0)
                    .fold(0, |m, f| m | file_mask(f));
                if self.boxed(fr, k2, far) {
                    return go(k2, fr.queen, Rule::BoxKing);
                }
            }
            // The queen leads the raise (as in Lemma 2, case 1, and Lemma
            // 10, case 3: "move the queen to B5 and follow with the king")
            // when no square of S is on the line she moves to and none is
            // next to her new square: the black king cannot cross her new
            // line, and the king follows under her next move.
            let q2 = sq(qf, qr + 1);
            let near = self.board().king_steps(1 << q2);
            if fr.set & (row(qr + 1) | near) == 0 {
                return go(fr.king, q2, Rule::RaiseQueen);
            }
        }
        self.sweep(fr)
    }

    /// The sweep in one frame (no raise).
    pub(super) fn sweep(&self, fr: &Frame) -> Option<Decision> {
        let g = fr.g;
        let n = self.board().size();
        let (kf, kr) = (Board::file(fr.king), Board::rank(fr.king));
        let (qf, qr) = (Board::file(fr.queen), Board::rank(fr.queen));
        let go = |k: u8, q: u8, rule| self.decision(g, k, q, Stage::Push { g }, rule);
        // The sweep (Lemmas 7–11: the queen one square along her line,
        // then the king after her). The queen's file splits S in two (the
        // king cannot cross it unseen). Read: a king diagonally behind the
        // queen keeps the direction (it steps under her) while S lies
        // ahead; otherwise towards the only side holding S, or, when both
        // do, towards the nearer edge (ties: the right), which stays the
        // nearer one until that side is empty. At the edge, back.
        let left_files = (0..qf).fold(0, |m, f| m | file_mask(f));
        let right = fr.set & !left_files & !file_mask(qf);
        let left = fr.set & left_files;
        let towards_s: i32 = if right == 0 {
            -1
        } else if left == 0 || n - 1 - qf <= qf {
            1
        } else {
            -1
        };
        let behind = qf as i32 - kf as i32;
        let mut d = if behind == 1 && right != 0 || behind == -1 && left != 0 {
            behind
        } else {
            towards_s
        };
        if !(0..n as i32).contains(&(qf as i32 + d)) {
            d = -d;
        }
        let ahead = qf as i32 + d;
        if !(0..n as i32).contains(&ahead) {
            return None;
        }
        if kf as i32 == qf as i32 - d {
            return go(sq(qf, kr), fr.queen, Rule::Sweep);
        }
        go(fr.king, sq(ahead as usize, qr), Rule::Sweep)
    }

    /// Whether a belief set `b` after White's men move to `k2`, `q2` (real
    /// squares) counts as progress: the king caught, or above the queen's
    /// new line in the frame; for `paper-careful-turning` (Lemmas 8–9: "he has only two files
    /// left"), also inside a frame of another symmetry with fewer lines
    /// left than now.
    pub(super) fn progress(&self, fr: &Frame, k2: u8, q2: u8, b: u64) -> bool {
        let board = self.board();
        let limit = rows_upto(Board::rank(board.map_square(fr.g, q2)));
        if board.map_set(fr.g, b) & limit == 0 {
            return true;
        }
        let left = |f: &Frame| board.size() - 1 - Board::rank(f.queen);
        self.raise_rule == RaiseRule::CarefulTurning
            && (0..8u8).any(|h| {
                self.frame(h, k2, q2, b)
                    .is_some_and(|f| !f.first_line && left(&f) < left(fr))
            })
    }

    /// Whether the queen's step to `q2` (frame) is safe and every answer
    /// of Black is progress ([`PaperKq::progress`]).
    pub(super) fn queen_up_ok(&self, fr: &Frame, q2: u8) -> bool {
        let board = self.board();
        let inv = Board::inverse(fr.g);
        let (k, q2) = (board.map_square(inv, fr.king), board.map_square(inv, q2));
        let set = board.map_set(inv, fr.set);
        if !self.safe_after(k, q2, set) {
            return false;
        }
        let after = self.table.get(self.table.code(&[k, q2, 0]));
        let mut ok = true;
        self.game().branches(after, set, |b| {
            ok &= self.progress(fr, k, q2, b);
        });
        ok
    }

    /// Whether the king's step to `k2` (frame), the queen staying, is safe
    /// and leaves every belief set inside `far` (frame squares).
    pub(super) fn boxed(&self, fr: &Frame, k2: u8, far: u64) -> bool {
        let board = self.board();
        let inv = Board::inverse(fr.g);
        let (k2, q) = (board.map_square(inv, k2), board.map_square(inv, fr.queen));
        let set = board.map_set(inv, fr.set);
        if !self.safe_after(k2, q, set) {
            return false;
        }
        let king = board.map_square(inv, fr.king);
        let before = self.region(king, q, set).count_ones();
        let after = self.table.get(self.table.code(&[k2, q, 0]));
        let mut ok = true;
        self.game().branches(after, set, |b| {
            ok &= b == 0
                || board.map_set(fr.g, b) & !far == 0
                    && self.region(k2, q, b).count_ones() < before;
        });
        ok
    }

    /// Whether the king's step to `k2` (frame), then the queen's to `q2`
    /// (frame), are safe whatever Black does and leave every belief set
    /// above the queen's new line.
    pub(super) fn clean_raise(&self, fr: &Frame, k2: u8, q2: u8) -> bool {
        let board = self.board();
        let inv = Board::inverse(fr.g);
        let (k2, q1, q2) = (
            board.map_square(inv, k2),
            board.map_square(inv, fr.queen),
            board.map_square(inv, q2),
        );
        let set = board.map_set(inv, fr.set);
        if !self.safe_after(k2, q1, set) || !self.table.valid(&[k2, q2, 0]) {
            return false;
        }
        let game = self.game();
        let first = self.table.get(self.table.code(&[k2, q1, 0]));
        let second = self.table.get(self.table.code(&[k2, q2, 0]));
        let mut ok = true;
        game.branches(first, set, |b1| {
            if !ok || b1 == 0 {
                return;
            }
            if !Game::safe(second, b1) {
                ok = false;
                return;
            }
            game.branches(second, b1, |b2| {
                ok &= self.progress(fr, k2, q2, b2);
            });
        });
        ok
    }
}
