//! The paper's own K+Q strategy (seed 000, section 2) as a deterministic
//! White policy on belief states, and its exact worst case against an
//! omniscient black king.
//!
//! The policy ([`PaperKq::decide`]) sees what White knows: its king, its
//! queen, the set S of squares where the black king may be, and a little
//! memory: the stage (1: reach the corner configuration, 2: push the king
//! back line by line, with the symmetry the push is going in) and, for the
//! `paper` reading, the square where White saw the king right after its
//! last move. It follows the paper's lemmas; where the paper gives one
//! example position and says the other cases are similar, the example is
//! read in a frame of the board's symmetries; where it is silent, a fixed
//! rule is used. Each such reading is listed in `READINGS.md` ("The
//! paper's K+Q strategy against the optimum"); [`Variant`] names the three
//! readings of when the queen's line is raised.
//!
//! The evaluator ([`PaperKq::outcome`]) plays the policy against every
//! answer of Black (the belief sets of [`Game::branches`]), memoised on
//! (White's men, S, memory): a state's worst case is one move more than
//! its worst belief set's (an empty set: the capture, one move). A move that
//! is not a legal move of White's men, a move that leaves a man or the king
//! en prise to a square of S, a state where no rule of the policy applies,
//! and a line that returns to a state already on it (Black can repeat it
//! forever) make the strategy fail from every start that reaches them.

use super::board::{bits, Board};
use super::game::{Game, Reading};
use super::men::{attacks, Man, Material, Placements};
use super::results::starts;
use serde::Serialize;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The policy's memory: which of the paper's two stages it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Stage {
    /// Stage 1 (Lemmas 2–5): bring the king into a corner, the queen next
    /// to it.
    Corner,
    /// Stage 2 (Lemmas 7–11): push the black king back line by line, in
    /// the frame of symmetry `g` (fixed when Stage 2 begins: the queen's
    /// line is a rank of that frame, the black king above it).
    Push { g: u8 },
}

impl Stage {
    fn index(self) -> u32 {
        match self {
            Stage::Corner => 0,
            Stage::Push { g } => 1 + g as u32,
        }
    }
}

/// Which of the paper's rules chose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Rule {
    /// Lemmas 3–4: the king leaves the centre, away from the black king.
    LeaveCentre,
    /// Lemma 5: the queen moves next to her king in one move.
    QueenToKing,
    /// Lemma 5: the queen's first move of two, to a waypoint.
    QueenWaypoint,
    /// Lemma 1: the queen steps around her king towards a wanted square.
    QueenAround,
    /// Lemma 2, case 1: the queen goes between the king and the edge, then
    /// onto the edge.
    QueenToEdge,
    /// Lemma 2, cases 1 and 2: the king steps towards the edge.
    KingToEdge,
    /// Lemma 2, case 3: the king walks along the edge into the corner.
    KingToCorner,
    /// Lemma 7: the queen on the second line, the king on the first, to the
    /// other side (a king on the first line is caught).
    FirstLine,
    /// Lemmas 8–11: the queen and the king move along the line one square
    /// at a time.
    Sweep,
    /// Lemmas 8–10: the king steps up beside the queen …
    RaiseKing,
    /// … and the queen follows one line up.
    RaiseQueen,
    /// Lemma 10: a move after which the black king has no unseen step.
    Stalemate,
    /// Lemma 10: the king up beside the queen, boxing the black king on the
    /// far side of her file.
    BoxKing,
}

/// One decision: White's men after the move, the stage after it, the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub king: u8,
    pub queen: u8,
    pub stage: Stage,
    pub rule: Rule,
}

/// Why the strategy does not win from a start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Failure {
    /// The policy's move is not a move of White's men.
    Illegal,
    /// The policy's move leaves the king or an undefended queen next to a
    /// square where the black king may be.
    Unsafe,
    /// No rule of the policy applies to a state it reached.
    NoRule,
    /// Black can bring the policy back to a state already on the line, so
    /// the king is never caught.
    Loop,
}

/// The outcome of the strategy from one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Won within this many White moves against any defence (the capture
    /// counted).
    Won(u16),
    Failed(Failure),
}

/// A multiply-and-fold hasher for the memo's packed keys.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let x = self.0;
        (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (x >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
}

type Memo = HashMap<(u64, u32), Entry, BuildHasherDefault<KeyHasher>>;

#[derive(Clone, Copy)]
enum Entry {
    OnLine,
    Done(Outcome),
}

/// The paper's strategy on one board, for K+Q.
pub struct PaperKq {
    pub table: Placements,
    pub reading: Reading,
    memo: Memo,
    /// Every state where a failure starts (not where it is passed on): a
    /// move that fails there, or the state a loop returns to.
    pub origins: Vec<(Failure, [u8; 2], u64, Stage)>,
    corner_memo: CornerMemo,
    /// Which reading of Stage 2 ([`Variant`]).
    pub variant: Variant,
}

type CornerMemo = HashMap<(u64, u32), Option<u16>, BuildHasherDefault<KeyHasher>>;

/// Rows 0..=r (in a frame) as a mask.
fn rows_upto(r: usize) -> u64 {
    if r >= 7 {
        u64::MAX
    } else {
        (1u64 << (8 * (r + 1))) - 1
    }
}

fn row(r: usize) -> u64 {
    0xffu64 << (8 * r)
}

fn file_mask(f: usize) -> u64 {
    0x0101_0101_0101_0101u64 << f
}

fn sq(f: usize, r: usize) -> u8 {
    (r * 8 + f) as u8
}

fn chebyshev(a: u8, b: u8) -> usize {
    Board::file(a)
        .abs_diff(Board::file(b))
        .max(Board::rank(a).abs_diff(Board::rank(b)))
}

/// Where a frame puts White's men and S, and what kind of frame it is.
#[derive(Clone, Copy, Debug)]
struct Frame {
    g: u8,
    king: u8,
    queen: u8,
    set: u64,
    /// Lemma 7: black-king squares remain on the first line.
    first_line: bool,
}

impl PaperKq {
    /// The strategy on the n×n board (4 ≤ n ≤ 8).
    pub fn new(n: usize, reading: Reading) -> Result<PaperKq, String> {
        let board = Board::new(n)?;
        Ok(PaperKq {
            table: Placements::new(board, Material::KQ),
            reading,
            memo: Memo::default(),
            corner_memo: CornerMemo::default(),
            variant: Variant::Paper,
            origins: Vec::new(),
        })
    }

    pub fn board(&self) -> Board {
        self.table.board
    }

    fn game(&self) -> Game<'_> {
        Game {
            table: &self.table,
            reading: self.reading,
        }
    }

    /// States the evaluator has valued so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Every state the evaluator has valued: White's men (king, queen), the
    /// belief set, the stage, the square where White last saw the king
    /// (`paper` only).
    pub fn visited(&self) -> Vec<([u8; 2], u64, Stage, Option<u8>)> {
        self.memo
            .keys()
            .map(|&(set, packed)| {
                let p = self.table.placement(packed & ((1 << 20) - 1));
                let stage = match (packed >> 20) & 15 {
                    0 => Stage::Corner,
                    i => Stage::Push { g: (i - 1) as u8 },
                };
                let seen = (packed >> 24).checked_sub(1).map(|s| s as u8);
                ([p[0], p[1]], set, stage, seen)
            })
            .collect()
    }

    /// The squares a queen on `queen` reaches with the king on `king`.
    fn queen_reach(&self, king: u8, queen: u8) -> u64 {
        let occupied = 1u64 << king | 1u64 << queen;
        attacks(self.board(), Some(Man::Queen), queen, occupied) & !occupied
    }

    /// The paper's corner configuration: the king in a corner, the queen
    /// next to it.
    pub fn corner_configuration(&self, king: u8, queen: u8) -> bool {
        let last = self.board().size() - 1;
        let (f, r) = (Board::file(king), Board::rank(king));
        (f == 0 || f == last)
            && (r == 0 || r == last)
            && self.board().king_steps(1 << king) & (1 << queen) != 0
    }

    /// The central squares (the paper's D4, D5, E4, E5 on 8×8): at least
    /// ⌈n/2⌉ − 1 squares from every edge.
    pub fn central(&self, s: u8) -> bool {
        let n = self.board().size();
        self.edge_distance(s) + 1 >= n.div_ceil(2)
    }

    fn edge_distance(&self, s: u8) -> usize {
        let last = self.board().size() - 1;
        let (f, r) = (Board::file(s), Board::rank(s));
        f.min(r).min(last - f).min(last - r)
    }

    /// Whether White's men after a move leave nothing en prise to `set`.
    fn safe_after(&self, king: u8, queen: u8, set: u64) -> bool {
        let p = [king, queen, 0];
        if !self.table.valid(&p) {
            return false;
        }
        Game::safe(self.table.get(self.table.code(&p)), set)
    }

    fn decision(&self, g: u8, king: u8, queen: u8, stage: Stage, rule: Rule) -> Option<Decision> {
        let inv = Board::inverse(g);
        Some(Decision {
            king: self.board().map_square(inv, king),
            queen: self.board().map_square(inv, queen),
            stage,
            rule,
        })
    }

    /// White's move from its king, queen and the belief set S (White to
    /// move, S unseen and not empty), in the given stage; `None` when no
    /// rule applies.
    pub fn decide(&self, king: u8, queen: u8, set: u64, stage: Stage) -> Option<Decision> {
        self.decide_seen(king, queen, set, stage, None)
    }

    /// As [`PaperKq::decide`], White also remembering the square where it
    /// saw the black king right after its last move (`paper` uses
    /// it; the other readings do not).
    pub fn decide_seen(
        &self,
        king: u8,
        queen: u8,
        set: u64,
        stage: Stage,
        seen: Option<u8>,
    ) -> Option<Decision> {
        let stage = if stage == Stage::Corner && self.corner_configuration(king, queen) {
            // Stage 2 begins: the lowest symmetry that makes a frame.
            let g = (0..8u8).find(|&g| self.frame(g, king, queen, set).is_some())?;
            Stage::Push { g }
        } else {
            stage
        };
        match stage {
            Stage::Corner => self.stage_one(king, queen, set),
            Stage::Push { g } => self.stage_two(g, king, queen, set, seen),
        }
    }

    // ---------------------------------------------------------------
    // Stage 1: the corner configuration (Lemmas 2–5).

    fn stage_one(&self, king: u8, queen: u8, set: u64) -> Option<Decision> {
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
    fn lemma_two_frame(&self, king: u8) -> (u8, usize, usize) {
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
    fn lemma_two_target(&self, king: u8) -> Option<u8> {
        let (g, f, r) = self.lemma_two_frame(king);
        let t = match f {
            0 if r >= 1 => sq(1, r - 1),
            0 => return None,
            1 => sq(1, r - 1),
            _ => sq(f - 1, r),
        };
        Some(self.board().map_square(Board::inverse(g), t))
    }

    fn lemma_five(&self, king: u8, queen: u8, set: u64) -> Option<Decision> {
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
    fn queen_around(&self, king: u8, queen: u8, target: u8, rule: Rule) -> Option<Decision> {
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

    fn lemma_two(&self, king: u8, queen: u8) -> Option<Decision> {
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

    // ---------------------------------------------------------------
    // Stage 2: line by line (Lemmas 7–11).

    /// The frame of Stage 2 under symmetry `g`: the queen on line `line` ≥
    /// 1, the king on the line below or beside her, next to her, and S
    /// above her line — or (Lemma 7) the king on the first line, the queen
    /// on the second, S above and on the first line to one side.
    fn frame(&self, g: u8, king: u8, queen: u8, set: u64) -> Option<Frame> {
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
    fn frames(&self, g: u8, king: u8, queen: u8, set: u64) -> Vec<Frame> {
        let progress = |f: &Frame| 2 * Board::rank(f.queen) - f.first_line as usize;
        let mut frames: Vec<Frame> = (0..8u8)
            .filter_map(|h| self.frame(h, king, queen, set))
            .collect();
        if self.variant == Variant::Paper {
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
    fn stalemate(&self, king: u8, queen: u8, set: u64) -> Option<(u8, u8)> {
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

    fn stage_two(
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
            if self.variant == Variant::Paper {
                self.push_literally(&fr, seen)
            } else {
                self.push_in(&fr)
            }
        })
    }

    /// `paper`'s move in one frame (Lemma 8 as written).
    fn push_literally(&self, fr: &Frame, seen: Option<u8>) -> Option<Decision> {
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
    fn push_in(&self, fr: &Frame) -> Option<Decision> {
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
    fn sweep(&self, fr: &Frame) -> Option<Decision> {
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
    fn progress(&self, fr: &Frame, k2: u8, q2: u8, b: u64) -> bool {
        let board = self.board();
        let limit = rows_upto(Board::rank(board.map_square(fr.g, q2)));
        if board.map_set(fr.g, b) & limit == 0 {
            return true;
        }
        let left = |f: &Frame| board.size() - 1 - Board::rank(f.queen);
        self.variant == Variant::CarefulTurning
            && (0..8u8).any(|h| {
                self.frame(h, k2, q2, b)
                    .is_some_and(|f| !f.first_line && left(&f) < left(fr))
            })
    }

    /// Whether the queen's step to `q2` (frame) is safe and every answer
    /// of Black is progress ([`PaperKq::progress`]).
    fn queen_up_ok(&self, fr: &Frame, q2: u8) -> bool {
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
    fn boxed(&self, fr: &Frame, k2: u8, far: u64) -> bool {
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
    fn clean_raise(&self, fr: &Frame, k2: u8, q2: u8) -> bool {
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

    // ---------------------------------------------------------------
    // The evaluator.

    fn key(code: u32, set: u64, stage: Stage, seen: Option<u8>) -> (u64, u32) {
        let seen = seen.map_or(0, |s| s as u32 + 1);
        (set, code | stage.index() << 20 | seen << 24)
    }

    /// The belief sets after White's move to `after`, as
    /// [`Game::branches`], each with the square where White saw the king
    /// right after the move (`None`: unseen) — kept only for
    /// `paper`, the one reading that uses it.
    fn sighted_branches(&self, after: &super::men::Info, set: u64) -> Vec<(u64, Option<u8>)> {
        let mut out = Vec::with_capacity(8);
        if self.variant != Variant::Paper || self.reading != Reading::Sighted {
            self.game().branches(after, set, |b| out.push((b, None)));
            return out;
        }
        let board = self.board();
        let visible = after.seen | after.occupied;
        let unseen = set & !after.seen;
        if unseen != 0 {
            out.push((board.king_steps(unseen) & !visible, None));
        }
        for sq in bits(set & after.seen) {
            out.push((board.king_steps(1 << sq) & !visible, Some(sq)));
        }
        out
    }

    /// The strategy's outcome from White's men `code` and belief set `set`
    /// (White to move, S unseen, not empty) in `stage`.
    pub fn outcome(&mut self, code: u32, set: u64, stage: Stage) -> Outcome {
        self.outcome_seen(code, set, stage, None)
    }

    /// As [`PaperKq::outcome`], White having seen the king on `seen` right
    /// after its last move.
    pub fn outcome_seen(&mut self, code: u32, set: u64, stage: Stage, seen: Option<u8>) -> Outcome {
        let key = Self::key(code, set, stage, seen);
        match self.memo.get(&key) {
            Some(Entry::Done(o)) => return *o,
            Some(Entry::OnLine) => {
                let p = self.table.placement(code);
                self.origins.push((Failure::Loop, [p[0], p[1]], set, stage));
                return Outcome::Failed(Failure::Loop);
            }
            None => {}
        }
        self.memo.insert(key, Entry::OnLine);
        let outcome = self.play(code, set, stage, seen);
        self.memo.insert(key, Entry::Done(outcome));
        outcome
    }

    fn play(&mut self, code: u32, set: u64, stage: Stage, seen: Option<u8>) -> Outcome {
        let p = self.table.placement(code);
        let Some(d) = self.decide_seen(p[0], p[1], set, stage, seen) else {
            self.origins
                .push((Failure::NoRule, [p[0], p[1]], set, stage));
            return Outcome::Failed(Failure::NoRule);
        };
        let next = [d.king, d.queen, 0];
        if !self.table.valid(&next) {
            return Outcome::Failed(Failure::Illegal);
        }
        let to = self.table.code(&next);
        if !self.table.moves_of(code).contains(&to) {
            return Outcome::Failed(Failure::Illegal);
        }
        let after = *self.table.get(to);
        if !Game::safe(&after, set) {
            self.origins
                .push((Failure::Unsafe, [p[0], p[1]], set, stage));
            return Outcome::Failed(Failure::Unsafe);
        }
        let mut worst = 1u16;
        for (b, sight) in self.sighted_branches(&after, set) {
            if b == 0 {
                continue;
            }
            match self.outcome_seen(to, b, d.stage, sight) {
                Outcome::Won(v) => worst = worst.max(v),
                failed => return failed,
            }
        }
        Outcome::Won(worst + 1)
    }

    /// Stage 1 alone: the most White moves, against any defence, until
    /// the corner configuration stands (or the king is captured, the
    /// capture counted), from men `code` and belief set `set`; `None` when
    /// Stage 1 fails (a loop, no rule, an unsafe or illegal move).
    pub fn corner_moves(&mut self, code: u32, set: u64) -> Option<u16> {
        let p = self.table.placement(code);
        if self.corner_configuration(p[0], p[1]) {
            return Some(0);
        }
        let key = (set, code);
        if let Some(v) = self.corner_memo.get(&key) {
            return *v;
        }
        self.corner_memo.insert(key, None);
        let value = (|| {
            let d = self.decide(p[0], p[1], set, Stage::Corner)?;
            let to = self.table.code(&[d.king, d.queen, 0]);
            let after = *self.table.get(to);
            if !self.table.moves_of(code).contains(&to) || !Game::safe(&after, set) {
                return None;
            }
            let mut branches: Vec<u64> = Vec::with_capacity(8);
            self.game().branches(&after, set, |b| branches.push(b));
            let mut worst = 0u16;
            for b in branches {
                let v = if b == 0 { 1 } else { self.corner_moves(to, b)? };
                worst = worst.max(v);
            }
            Some(worst + 1)
        })();
        self.corner_memo.insert(key, value);
        value
    }

    /// The strategy's outcome from a start (men, the black king's square).
    pub fn start_outcome(&mut self, code: u32, king: u8) -> Outcome {
        self.outcome(code, 1 << king, Stage::Corner)
    }

    /// The strategy's line from a start against the worst-case black king
    /// (the longest answer where the start is won; where it fails, an
    /// answer that keeps it failing), up to the capture, the failing move,
    /// or the return to a state already on the line.
    pub fn line(&mut self, code: u32, king: u8) -> StrategyLine {
        let outcome = self.start_outcome(code, king);
        let start = format!(
            "{} k{}",
            self.table.describe_placement(&self.table.placement(code)),
            Board::name(king)
        );
        let mut steps = Vec::new();
        let mut seen_states: Vec<(u32, u64, Stage, Option<u8>)> = Vec::new();
        let (mut code, mut set, mut stage, mut sight) = (code, 1u64 << king, Stage::Corner, None);
        let mut loops_to = None;
        while set != 0 {
            if let Some(i) = seen_states
                .iter()
                .position(|&x| x == (code, set, stage, sight))
            {
                loops_to = Some(i);
                break;
            }
            seen_states.push((code, set, stage, sight));
            let p = self.table.placement(code);
            let Some(d) = self.decide_seen(p[0], p[1], set, stage, sight) else {
                break;
            };
            let to = self.table.code(&[d.king, d.queen, 0]);
            let after = *self.table.get(to);
            let safe = Game::safe(&after, set);
            let branches = if safe {
                self.sighted_branches(&after, set)
            } else {
                Vec::new()
            };
            // Black's answer: a failing one first, else the longest.
            let mut worst = (0u16, 0u64, None);
            for (b, at) in branches {
                let v = if b == 0 {
                    1
                } else {
                    match self.outcome_seen(to, b, d.stage, at) {
                        Outcome::Won(v) => v,
                        Outcome::Failed(_) => u16::MAX,
                    }
                };
                if v > worst.0 {
                    worst = (v, b, at);
                }
            }
            steps.push(StrategyStep {
                rule: d.rule,
                white_move: format!(
                    "{}{}",
                    if d.king != p[0] { 'K' } else { 'Q' },
                    Board::name(if d.king != p[0] { d.king } else { d.queen })
                ),
                men: self.table.describe_placement(&[d.king, d.queen, 0]),
                belief: bits(worst.1).map(Board::name).collect(),
                safe,
            });
            if !safe {
                break;
            }
            code = to;
            set = worst.1;
            sight = worst.2;
            stage = d.stage;
        }
        StrategyLine {
            start,
            outcome,
            steps,
            loops_to,
        }
    }

    /// Plays the strategy from every start of the board (as the solver
    /// counts them) and compares it with the optimum.
    pub fn evaluate(&mut self, optimum: impl Fn(u32, u8) -> u16) -> StrategyReport {
        let table_starts = starts(&self.table);
        let n = self.board().size();
        let mut report = StrategyReport {
            strategy: self.variant.name(),
            material: Material::KQ,
            size: self.board().size(),
            reading: self.reading,
            starts: table_starts.len() as u64,
            won: 0,
            failed: 0,
            failed_by_reason: FailureCounts::default(),
            max_moves: 0,
            histogram: Vec::new(),
            optimum_max_moves: 0,
            optimum_histogram: Vec::new(),
            mean_excess: 0.0,
            max_excess: 0,
            excess_histogram: Vec::new(),
            within_50: 0,
            worst_start: None,
            most_excess_start: None,
            policy_states: 0,
            below_optimum: 0,
            stage_one_max_moves: 0,
            stage_one_failed: 0,
            failure_origins: Vec::new(),
            failed_starts: Vec::new(),
            starts_by_square: vec![0; n * n],
            won_by_square: vec![0; n * n],
        };
        let mut excess_sum = 0u64;
        for &(code, king) in &table_starts {
            report.starts_by_square[self.board().engine_index(king)] += 1;
            match self.corner_moves(code, 1 << king) {
                Some(v) => report.stage_one_max_moves = report.stage_one_max_moves.max(v),
                None => report.stage_one_failed += 1,
            }
            let best = optimum(code, king);
            bump(&mut report.optimum_histogram, best as usize);
            report.optimum_max_moves = report.optimum_max_moves.max(best);
            let describe = |t: &Placements| {
                format!(
                    "{} k{}",
                    t.describe_placement(&t.placement(code)),
                    Board::name(king)
                )
            };
            match self.start_outcome(code, king) {
                Outcome::Won(v) => {
                    report.won += 1;
                    report.won_by_square[self.board().engine_index(king)] += 1;
                    bump(&mut report.histogram, v as usize);
                    if v > report.max_moves {
                        report.max_moves = v;
                        report.worst_start = Some(describe(&self.table));
                    }
                    if v <= 50 {
                        report.within_50 += 1;
                    }
                    if best != 0 {
                        if v < best {
                            report.below_optimum += 1;
                        }
                        let excess = v.saturating_sub(best);
                        excess_sum += excess as u64;
                        bump(&mut report.excess_histogram, excess as usize);
                        if excess > report.max_excess || report.most_excess_start.is_none() {
                            report.max_excess = excess;
                            report.most_excess_start = Some(describe(&self.table));
                        }
                    }
                }
                Outcome::Failed(f) => {
                    report.failed += 1;
                    if report.failed_starts.len() < 20 {
                        report.failed_starts.push(describe(&self.table));
                    }
                    let c = &mut report.failed_by_reason;
                    match f {
                        Failure::Illegal => c.illegal += 1,
                        Failure::Unsafe => c.unsafe_move += 1,
                        Failure::NoRule => c.no_rule += 1,
                        Failure::Loop => c.looping += 1,
                    }
                }
            }
        }
        if report.won > 0 {
            report.mean_excess = excess_sum as f64 / report.won as f64;
        }
        report.policy_states = self.memo.len() as u64;
        report.failure_origins = self
            .origins
            .iter()
            .take(20)
            .map(|(f, men, set, stage)| {
                format!(
                    "{f:?}: K{} Q{} king on {} ({})",
                    Board::name(men[0]),
                    Board::name(men[1]),
                    bits(*set).map(Board::name).collect::<Vec<_>>().join(","),
                    match stage {
                        Stage::Corner => "stage 1".to_string(),
                        Stage::Push { g } => format!("stage 2, frame {g}"),
                    }
                )
            })
            .collect();
        report
    }
}

fn bump(h: &mut Vec<u64>, k: usize) {
    if h.len() <= k {
        h.resize(k + 1, 0);
    }
    h[k] += 1;
}

/// One White move of the strategy's line: the rule, the move, White's men
/// after it, and the belief set Black's answer leaves (empty: every step
/// of the king is seen, the capture follows).
#[derive(Clone, Debug, Serialize)]
pub struct StrategyStep {
    pub rule: Rule,
    pub white_move: String,
    pub men: String,
    pub belief: Vec<String>,
    /// False for a move that leaves a man en prise (the line stops).
    pub safe: bool,
}

/// The strategy played from one start.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyLine {
    pub start: String,
    pub outcome: Outcome,
    pub steps: Vec<StrategyStep>,
    /// For a loop: the step (0-based: the state before it) the line
    /// returns to after its last step.
    pub loops_to: Option<usize>,
}

/// Failed starts by the first failure met on Black's best line.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FailureCounts {
    pub illegal: u64,
    #[serde(rename = "unsafe")]
    pub unsafe_move: u64,
    pub no_rule: u64,
    #[serde(rename = "loop")]
    pub looping: u64,
}

/// The paper's strategy against the optimum, over every start.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyReport {
    pub strategy: &'static str,
    pub material: Material,
    pub size: usize,
    pub reading: Reading,
    pub starts: u64,
    /// Starts the strategy wins against every defence.
    pub won: u64,
    pub failed: u64,
    pub failed_by_reason: FailureCounts,
    /// The strategy's longest worst case over the won starts (the capture
    /// counted).
    pub max_moves: u16,
    /// `histogram[k]`: won starts the strategy takes exactly k moves on.
    pub histogram: Vec<u64>,
    /// The optimum over the same starts (the solver's values).
    pub optimum_max_moves: u16,
    pub optimum_histogram: Vec<u64>,
    /// Over the starts the strategy wins: its moves minus the optimum's.
    pub mean_excess: f64,
    pub max_excess: u16,
    pub excess_histogram: Vec<u64>,
    /// Won starts taking at most 50 moves.
    pub within_50: u64,
    pub worst_start: Option<String>,
    pub most_excess_start: Option<String>,
    /// Belief states (men, S, stage) the evaluation valued.
    pub policy_states: u64,
    /// Starts where the strategy's count is below the optimum (must be 0:
    /// the optimum is a lower bound).
    pub below_optimum: u64,
    /// Stage 1 alone: the most moves until the corner configuration (or
    /// the capture) over the starts, and the starts where Stage 1 fails.
    pub stage_one_max_moves: u16,
    pub stage_one_failed: u64,
    /// The states where the failures begin (a loop's return, a move that
    /// fails): reason, men, belief set, stage — the first 20.
    pub failure_origins: Vec<String>,
    /// The first 20 starts the strategy fails from (the solver's order).
    pub failed_starts: Vec<String>,
    /// Per black-king square, in the engine's order (`rank * n + file`):
    /// starts, and starts the strategy wins.
    pub starts_by_square: Vec<u64>,
    pub won_by_square: Vec<u64>,
}

/// The readings of the paper's Stage 2 (see `READINGS.md`). They differ
/// only in when the queen's line is raised; Stage 1, the sweep, Lemma 7 and
/// Lemma 10's stalemate are common.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Variant {
    /// `paper`: Lemma 8 as written: as soon as the queen has seen the king
    /// on her file above her, the king diagonally up beside her, and the
    /// queen one line up next move, whatever Black may answer; no other
    /// raise. (Needs White to remember where it saw the king.)
    Paper,
    /// `paper-careful`: a raise only when every answer of Black keeps the
    /// king above the queen's new line: the king first (Lemmas 8–9), the
    /// queen first (Lemma 10, case C8), or the king alone boxing the king
    /// on two lines (Lemma 10, case D8).
    Careful,
    /// `paper-careful-turning`: as `paper-careful`, an answer that leaves
    /// the king in the frame of the board turned with fewer lines left
    /// also counting (Lemmas 8–9: "he has only two files left").
    CarefulTurning,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Paper, Variant::Careful, Variant::CarefulTurning];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Paper => "paper",
            Variant::Careful => "paper-careful",
            Variant::CarefulTurning => "paper-careful-turning",
        }
    }

    /// `paper`, `paper-careful`, `paper-careful-turning`; `None` for
    /// anything else.
    pub fn parse(text: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// The paper's K+Q strategy on the n×n board against the optimum (the
/// rounds search on up to `threads` threads), sighted or blind. Runs on a
/// thread of its own with a large stack (the evaluator recurses once per
/// move of the longest line).
pub fn evaluate(
    n: usize,
    reading: Reading,
    threads: usize,
    variant: Variant,
) -> Result<StrategyReport, String> {
    with_stack(|| {
        let mut strategy = PaperKq::new(n, reading)?;
        strategy.variant = variant;
        let values = super::rounds::solve(
            &strategy.table,
            reading,
            255,
            threads.max(1),
            false,
            &mut crate::progress::Silent,
        )
        .map_err(|_| "cancelled".to_string())?;
        let table = Placements::new(strategy.board(), Material::KQ);
        Ok(strategy.evaluate(|code, king| values.value(&table, code, king)))
    })
}

/// The strategy's line from one start (men, the black king's square) on
/// the n×n board.
pub fn strategy_line(
    n: usize,
    reading: Reading,
    variant: Variant,
    king: u8,
    queen: u8,
    black_king: u8,
) -> Result<StrategyLine, String> {
    with_stack(|| {
        let mut strategy = PaperKq::new(n, reading)?;
        strategy.variant = variant;
        let p = [king, queen, 0];
        if !strategy.table.valid(&p) || p[..2].contains(&black_king) {
            return Err("not a position of K+Q".into());
        }
        let code = strategy.table.code(&p);
        let info = strategy.table.get(code);
        if info.seen & (1 << black_king) != 0 {
            return Err("the black king is attacked (not a start)".into());
        }
        Ok(strategy.line(code, black_king))
    })
}

/// Runs `f` on a thread with a large stack (the evaluator recurses once
/// per move of the longest line).
pub fn with_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .expect("the evaluation does not panic")
    })
}
