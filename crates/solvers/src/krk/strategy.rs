//! The seed's infinite-quadrant King+Rook strategy as an actual move-choosing
//! policy for White, played out against the exact tables.
//!
//! # The policy ([`Strategy::choose`])
//! A pure function from a White-to-move position to a legal White move. It
//! never reads a table: it only generates legal moves and looks one ply
//! ahead for mate, stalemate and a capturable rook. Coordinates below are
//! from 0 with the quadrant's corner at `(0, 0)` (a1); "the box" is the
//! rectangle `[0, r − 1] × [0, s − 1]` left of and below the rook on
//! `(r, s)`, which the rook's two lines close off as long as the black king
//! is inside it and the white king does not stand on those lines.
//!
//! On an n×n board every board corner is the corner of a quadrant.
//!
//! **Board size.** The strategy needs room for its box: it always mates on
//! every board checked from 8×8 up (exhaustively on 8, 10, 12 and 16; against
//! the table's defence on 9 and 11), but on 4×4 to 7×7 it fails from many
//! starts (`fogbound krk --strategy --sizes 4..11 --stride 3`: 326, 1,474,
//! 7,255 and 5,300 failing starts of the sampled ones on 4, 5, 6 and 7).
//!
//! **The frame.** The policy first **normalises** the position by the
//! reflection (of files, ranks or both) that puts the rook above and to the
//! right of the black king: files are flipped iff the rook's file is left
//! of the black king's, ranks iff the rook's rank is below the black
//! king's. The frame is a function of the rook and the black king alone —
//! not of which board half the black king is in, and not of whether the
//! box is closed yet — so it is stable: while the rook stands still it can
//! only change if the black king steps onto or across one of the rook's
//! lines (behind the white king), which a standing box forbids, and rule 1 builds the box in the corner the rook
//! already faces. Only when the rook shares a file or rank with the black
//! king (possible only with the white king blocking the ray) is the frame
//! the corner nearest the black king (ties: toward a1).
//!
//! (An earlier version used the corner nearest the black king whenever the
//! box was not closed. As the black king crossed the board's middle the
//! frame flipped and the rook kept re-targeting — e.g. `Kc2 Ra2 kc5 w`:
//! Ra2-b2, Rb2-a2, … — and Black could hold it off from 302 of the 175,168
//! starts on 8×8 and 974 of 2,360,160 on 12×12.)
//!
//! Then, in order:
//!
//! 0. **Mate in one** if there is one.
//!
//! Every other choice is restricted to *sound* moves: after them the black
//! king is not stalemated and cannot take the rook.
//!
//! **Phase 1 — building the defended box (the seed's steps 1–6).** Used
//! while the black king is not boxed, or the white king is still inside the
//! box:
//! 1. If the black king is not boxed, the rook goes to a boxing square that
//!    is safe for a move, preferring one whose rank or file also separates
//!    the kings, then the seed's square `(x + 2, m)` (black king on
//!    `(x, y)`, box size `m` from the seed's formula `6 + x + y − min(p, q)`
//!    in 1-based coordinates, capped at `n − 2` so the rendezvous square
//!    `(m + 1, m + 1)` is on the board), then rank `m`, then the largest box.
//!    If no boxing move is sound, it first moves onto rank `m` without
//!    giving check (the seed's "two moves").
//! 2. Once a box stands (or no rule-1 move exists), the rook steps
//!    between the kings whenever a sound move puts its rank or file
//!    strictly between them and leaves it safe for a move (king distance
//!    ≥ 3 from the black king, or next to its own king); among those, the
//!    one leaving the black king the fewest ranks (files). Otherwise, if the
//!    black king threatens the rook, the rook steps along its rank toward
//!    file n − 2 (the seed's move to `(m, m)`); otherwise the white king
//!    walks up and to the right of the black king. The seed's restart after
//!    harassment is rule 1 again: the box is rebuilt whenever it breaks.
//!
//! **Phase 2 — the drive to the edge and the mate (the standard rank
//! technique).** Once the rook's rank separates the kings (the white king
//! above, after normalising; if only its file does, the same rules run with
//! files and ranks swapped). On the n×n board this phase uses the board's
//! side edges as walls, exactly like the 8×8 technique, so it is *not* a
//! quadrant-only technique:
//! 3. A rook within two files of the black king, or not safe for a move,
//!    goes to the far end of its rank (file 0 or n − 1, whichever is
//!    farther from the black king).
//! 4. If the black king is two or more ranks below the rook (`y ≤ s − 2`),
//!    the rook drops down its own file to rank `y + 1`, if safe.
//! 5. **Opposition:** black king on `(x, s − 1)`, white king on `(x, s + 1)`:
//!    the rook checks from `(r, s − 1)`; the black king must go down a rank.
//! 6. **Tempo:** black king on `(x, s − 1)`, white king a knight's move away
//!    on `(x ± 1, s + 1)`: the rook makes a waiting move along its rank
//!    (at least 4 files from the black king if it can, nearest first).
//!    Black steps into the opposition (rule 5 next), retreats down (rule 4)
//!    or walks toward an edge, where it runs out of room.
//! 7. Otherwise the white king walks toward `(x, s + 1)`, staying above the
//!    rook's rank.
//!
//! On the first rank the same rules mate: opposition and a check along it.
//!
//! **Status: it always mates on the boards checked (exhaustively, not a
//! proof for every n).** The one-player search [`exhaustive_worst_case`]
//! follows *every* Black reply from *every* legal White-to-move start and
//! finds no stalemate, no lost rook and no cycle Black can force on 8×8,
//! 10×10, 12×12 and 16×16 (see "Measured" below). It is far from optimal:
//! phase 2 lets the black king walk back and forth along its rank, which
//! costs up to ~16 moves per rank on 8×8.
//!
//! **Measured** (release build, 2 cores; White moves to mate):
//!
//! ```text
//! fogbound krk --strategy --sizes 8,10 --exhaustive
//! fogbound krk --strategy --sizes 12 --stride 7 --exhaustive
//! fogbound krk --strategy --sizes 16 --stride 211 --exhaustive
//!
//!    n  table max  seed phase 1  starts     vs table worst  mean (table mean)  failures  exhaustive worst  failures  seconds
//!    8         16            24     175,168             34     15.9 (  9.9)         0                98         0     17.4
//!   10         21            28     742,080             39     19.2 ( 12.8)         0               121         0    111.7
//!   12         25            32     337,200             44     22.5 ( 15.7)         0               161         0    189.7
//!   16         35            40      67,439             56     30.2 ( 21.3)         0               285         0    401.3
//! ```
//!
//! "vs table" plays every start on 8 and 10 and every 7th / 211th start (in
//! index order) on 12 and 16 against [`table_defence`]; "exhaustive" is
//! always over every start and every defence (14,241,920 starts on 16×16).
//!
//! If no rule applies a sound move closest to the goal is played
//! ([`Phase::Fallback`]); the play-outs count how often that happens.
//!
//! Whether this always mates is checked empirically, exhaustively: the
//! one-player search [`exhaustive_worst_case`] follows every Black reply
//! from every White-to-move start, memoised by position, and reports a
//! failure if the strategy ever allows a draw or Black can force a cycle.

use super::geometry::Square;
use super::play::{Move, Piece, Position, Side, Value};
use super::quadrant::quadrant_plan;
use super::solver::KrkTable;
use serde::{Deserialize, Serialize};

type Xy = (i32, i32);

/// The three pieces as coordinates (White to move unless stated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pieces {
    k: Xy,
    r: Xy,
    b: Xy,
}

/// Which rule chose a move (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Rule 0: mate in one.
    Mate,
    /// Rule 1: the rook builds the box.
    Box,
    /// Rule 2: the white king walks to the rendezvous behind the rook.
    Rendezvous,
    /// Rule 4: the rook drops to just above the black king.
    Shrink,
    /// Rule 3: the rook goes to the far end of its rank.
    Rescue,
    /// Rule 5: a check in opposition.
    Opposition,
    /// Rule 6: a rook waiting move.
    Tempo,
    /// Rule 7: the white king approaches.
    Approach,
    /// No rule applied: the soundest move nearest the goal.
    Fallback,
}

impl Phase {
    /// Whether the rule belongs to phase 1 (building the defended box).
    pub fn is_phase_one(self) -> bool {
        matches!(self, Phase::Box | Phase::Rendezvous)
    }
}

/// A move chosen by the strategy and the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    /// The position after the move, Black to move.
    pub after: Position,
    pub phase: Phase,
}

/// The quadrant strategy for one board size. See the module docs.
#[derive(Debug, Clone)]
pub struct Strategy {
    n: i32,
}

fn cheb(a: Xy, b: Xy) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

fn touching(a: Xy, b: Xy) -> bool {
    a != b && cheb(a, b) <= 1
}

/// Whether a rook on `r` attacks `t`, the white king on `k` possibly in between.
fn rook_attacks(r: Xy, t: Xy, k: Xy) -> bool {
    let between = |x: i32, a: i32, b: i32| (a < x && x < b) || (b < x && x < a);
    if r == t {
        false
    } else if r.0 == t.0 {
        !(k.0 == r.0 && between(k.1, r.1, t.1))
    } else if r.1 == t.1 {
        !(k.1 == r.1 && between(k.0, r.0, t.0))
    } else {
        false
    }
}

/// What Black faces after a White move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Mate,
    Stalemate,
    RookHangs,
    Ongoing,
}

impl Strategy {
    /// The strategy on the n×n board (3 ≤ n ≤ 26).
    pub fn new(size: usize) -> Strategy {
        Strategy { n: size as i32 }
    }

    pub fn size(&self) -> usize {
        self.n as usize
    }

    fn on(&self, s: Xy) -> bool {
        s.0 >= 0 && s.1 >= 0 && s.0 < self.n && s.1 < self.n
    }

    /// Black's legal non-capturing moves and whether it can take the rook.
    fn black_moves(&self, p: Pieces) -> (Vec<Xy>, bool) {
        let mut moves = Vec::with_capacity(8);
        let mut capture = false;
        for dx in -1..=1 {
            for dy in -1..=1 {
                let t = (p.b.0 + dx, p.b.1 + dy);
                if (dx, dy) == (0, 0) || !self.on(t) {
                    continue;
                }
                if t == p.r {
                    capture |= !touching(p.k, p.r);
                } else if !touching(t, p.k) && !rook_attacks(p.r, t, p.k) {
                    moves.push(t);
                }
            }
        }
        (moves, capture)
    }

    fn status(&self, p: Pieces) -> Status {
        let (moves, capture) = self.black_moves(p);
        if capture {
            Status::RookHangs
        } else if !moves.is_empty() {
            Status::Ongoing
        } else if rook_attacks(p.r, p.b, p.k) {
            Status::Mate
        } else {
            Status::Stalemate
        }
    }

    /// Every legal White move as (piece, resulting pieces).
    fn white_moves(&self, p: Pieces) -> Vec<(Piece, Pieces)> {
        let mut out = Vec::with_capacity(40);
        for dx in -1..=1 {
            for dy in -1..=1 {
                let t = (p.k.0 + dx, p.k.1 + dy);
                if (dx, dy) != (0, 0) && self.on(t) && t != p.r && !touching(t, p.b) {
                    out.push((Piece::WhiteKing, Pieces { k: t, ..p }));
                }
            }
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let mut t = p.r;
            loop {
                t = (t.0 + dx, t.1 + dy);
                if !self.on(t) || t == p.k || t == p.b {
                    break;
                }
                out.push((Piece::WhiteRook, Pieces { r: t, ..p }));
            }
        }
        out
    }

    fn to_pieces(p: &Position) -> Pieces {
        let xy = |s: Square| (s.file() as i32, s.rank() as i32);
        Pieces {
            k: xy(p.white_king),
            r: xy(p.white_rook),
            b: xy(p.black_king),
        }
    }

    fn to_position(p: Pieces, to_move: Side) -> Position {
        let sq = |c: Xy| Square::new(c.0 as usize, c.1 as usize).expect("on the board");
        Position {
            white_king: sq(p.k),
            white_rook: sq(p.r),
            black_king: sq(p.b),
            to_move,
        }
    }

    /// Whether a White-to-move position is legal on this board.
    pub fn is_legal_white_to_move(&self, position: &Position) -> bool {
        let n = self.size();
        if position.to_move != Side::White
            || ![
                position.white_king,
                position.white_rook,
                position.black_king,
            ]
            .iter()
            .all(|s| s.is_on(n))
        {
            return false;
        }
        let p = Self::to_pieces(position);
        p.k != p.r
            && p.k != p.b
            && p.r != p.b
            && !touching(p.k, p.b)
            && !rook_attacks(p.r, p.b, p.k)
    }

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

    fn choose_pieces(&self, p: Pieces) -> (Pieces, Phase) {
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
    fn frame(&self, p: Pieces) -> Frame {
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
    fn rules(&self, p: Pieces, sound: &[Pieces]) -> (Option<Pieces>, Phase) {
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
    fn build_box(&self, p: Pieces, sound: &[Pieces]) -> Option<Pieces> {
        let (x, y) = p.b;
        let plan = quadrant_plan(
            (x as u32 + 1, y as u32 + 1),
            (p.k.0 as u32 + 1, p.k.1 as u32 + 1),
        );
        let m = (plan.box_size as i32 - 1).min(self.n - 2);
        let target = (x + 2, m);
        let rook_moves = || sound.iter().copied().filter(move |q| q.k == p.k);
        // The seed's square, else any boxing square (nearest the seed's row,
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
    fn rendezvous(&self, p: Pieces, sound: &[Pieces]) -> Option<Pieces> {
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
    fn step_rook_along_rank(&self, p: Pieces, sound: &[Pieces]) -> Option<Pieces> {
        let edge = self.n - 2;
        let want = edge;
        sound
            .iter()
            .copied()
            .filter(|q| q.k == p.k && q.r.1 == p.r.1 && q.r != p.r && is_boxed(*q) && safe(*q))
            .min_by_key(|q| (q.r.0 > edge, (q.r.0 - want).abs(), -q.r.0))
    }

    /// Rules 3–7 (phase 2) with the white king above the rook's rank.
    fn rank_technique(&self, p: Pieces, sound: &[Pieces]) -> (Option<Pieces>, Phase) {
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

    /// Plays the strategy for White from `start` (either side to move)
    /// against `defence`, which picks Black's move. Stops at mate, at a
    /// draw (stalemate or the rook taken: the strategy failed), at a
    /// repeated position (Black forced a cycle) or after `limit` White moves.
    pub fn play_out(
        &self,
        start: &Position,
        limit: u32,
        mut defence: impl FnMut(&Position) -> Option<Position>,
    ) -> PlayOut {
        let mut seen = std::collections::HashSet::new();
        let mut position = *start;
        let mut white_moves = 0;
        let mut phase_one_moves = 0;
        let mut fallback_moves = 0;
        loop {
            match position.to_move {
                Side::White => {
                    if !seen.insert(position) {
                        return PlayOut::failed(white_moves, Ending::Cycle);
                    }
                    if white_moves >= limit {
                        return PlayOut::failed(white_moves, Ending::Limit);
                    }
                    let Some(choice) = self.choose(&position) else {
                        return PlayOut::failed(white_moves, Ending::Illegal);
                    };
                    white_moves += 1;
                    phase_one_moves += u32::from(choice.phase.is_phase_one());
                    fallback_moves += u32::from(choice.phase == Phase::Fallback);
                    position = choice.after;
                }
                Side::Black => {
                    let p = Self::to_pieces(&position);
                    let ending = match self.status(p) {
                        Status::Mate => Some(Ending::Mate),
                        Status::Stalemate => Some(Ending::Stalemate),
                        Status::RookHangs => Some(Ending::RookLost),
                        Status::Ongoing => None,
                    };
                    if let Some(ending) = ending {
                        return PlayOut {
                            white_moves,
                            phase_one_moves,
                            fallback_moves,
                            ending,
                        };
                    }
                    let Some(next) = defence(&position) else {
                        return PlayOut::failed(white_moves, Ending::Illegal);
                    };
                    let legal = self
                        .black_moves(p)
                        .0
                        .contains(&(next.black_king.file() as i32, next.black_king.rank() as i32));
                    if !legal
                        || next.white_king != position.white_king
                        || next.white_rook != position.white_rook
                    {
                        return PlayOut::failed(white_moves, Ending::Illegal);
                    }
                    position = next;
                }
            }
        }
    }

    /// Black's legal replies in a Black-to-move position (not taking the rook).
    pub fn black_replies(&self, position: &Position) -> Vec<Position> {
        let p = Self::to_pieces(position);
        self.black_moves(p)
            .0
            .into_iter()
            .map(|b| Self::to_position(Pieces { b, ..p }, Side::White))
            .collect()
    }

    /// The dense index of a White-to-move position (as in [`KrkTable`]).
    fn index(&self, p: Pieces) -> usize {
        let n = self.n as usize;
        let sq = |c: Xy| c.1 as usize * n + c.0 as usize;
        (sq(p.k) * n * n + sq(p.b)) * n * n + sq(p.r)
    }

    fn unindex(&self, i: usize) -> Pieces {
        let n = self.n as usize;
        let s = n * n;
        let xy = |q: usize| ((q % n) as i32, (q / n) as i32);
        Pieces {
            k: xy(i / (s * s)),
            b: xy(i / s % s),
            r: xy(i % s),
        }
    }
}

/// The rook is safe for one Black move: the black king cannot reach a
/// square next to it, or the white king guards it.
fn safe(p: Pieces) -> bool {
    cheb(p.b, p.r) >= 3 || touching(p.k, p.r)
}

/// If the rook's rank or file lies strictly between the two kings: how
/// many ranks (or files) the black king keeps on its side (the fewest of
/// the two). `None` if neither separates them.
fn separating_lines(p: Pieces, n: i32) -> Option<i32> {
    let side = |b: i32, r: i32, k: i32| {
        if b < r && r < k {
            Some(r)
        } else if k < r && r < b {
            Some(n - 1 - r)
        } else {
            None
        }
    };
    match (side(p.b.1, p.r.1, p.k.1), side(p.b.0, p.r.0, p.k.0)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The black king is inside the rook's box (left of and below it, in the
/// normalised frame) and the white king does not stand on the box's sides.
fn is_boxed(p: Pieces) -> bool {
    p.b.0 < p.r.0
        && p.b.1 < p.r.1
        && !(p.k.1 == p.r.1 && p.k.0 < p.r.0)
        && !(p.k.0 == p.r.0 && p.k.1 < p.r.1)
}

fn fallback_key(q: Pieces) -> (bool, bool, i32, i32) {
    let area = if is_boxed(q) { q.r.0 * q.r.1 } else { i32::MAX };
    (!safe(q), !is_boxed(q), area, cheb(q.k, q.b))
}

/// A reflection of the board: flip files, flip ranks, then swap them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    flip_x: bool,
    flip_y: bool,
    swap: bool,
}

impl Frame {
    fn apply(self, p: Pieces, n: i32) -> Pieces {
        let f = |c: Xy| {
            let x = if self.flip_x { n - 1 - c.0 } else { c.0 };
            let y = if self.flip_y { n - 1 - c.1 } else { c.1 };
            if self.swap {
                (y, x)
            } else {
                (x, y)
            }
        };
        Pieces {
            k: f(p.k),
            r: f(p.r),
            b: f(p.b),
        }
    }
}

/// How a play-out ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// White mated.
    Mate,
    /// The strategy stalemated Black (a failure).
    Stalemate,
    /// The strategy left the rook to be taken (a failure).
    RookLost,
    /// Black repeated a position: the strategy can be held off forever.
    Cycle,
    /// The move limit was reached.
    Limit,
    /// An illegal position or move (a bug).
    Illegal,
}

/// The result of one play-out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayOut {
    /// White moves played (the mating move included).
    pub white_moves: u32,
    /// Of those, chosen by phase-1 rules (building the defended box).
    pub phase_one_moves: u32,
    /// Of those, chosen by the fallback.
    pub fallback_moves: u32,
    pub ending: Ending,
}

impl PlayOut {
    fn failed(white_moves: u32, ending: Ending) -> PlayOut {
        PlayOut {
            white_moves,
            phase_one_moves: 0,
            fallback_moves: 0,
            ending,
        }
    }

    pub fn mated(&self) -> bool {
        self.ending == Ending::Mate
    }
}

/// The table's best defence: Black plays the legal king move (not a rook
/// capture) after which the table's distance to mate, White to move, is
/// largest; ties go to the first in the order of [`Strategy::black_replies`]
/// (by file step −1, 0, 1, then by rank step −1, 0, 1). A heuristic adversary for
/// a non-optimal White. Reads one table cell per reply and sorts nothing, so
/// it is cheap enough for millions of play-outs.
pub fn table_defence(table: &KrkTable) -> impl FnMut(&Position) -> Option<Position> + '_ {
    let strategy = Strategy::new(table.size());
    move |position| {
        let mut best: Option<(u8, Position)> = None;
        for reply in strategy.black_replies(position) {
            let dtm = match table.value(&reply) {
                Value::WhiteWins { moves } => moves,
                // Never for a legal White-to-move KRK position; rank it first.
                _ => u8::MAX,
            };
            if best.is_none_or(|(b, _)| dtm > b) {
                best = Some((dtm, reply));
            }
        }
        best.map(|(_, reply)| reply)
    }
}

/// The exact worst case of the fixed strategy over all White-to-move starts
/// of the n×n board: a one-player search over Black's replies only, memoised
/// by White-to-move position (the policy is memoryless, so each position's
/// worst case is a number). Uses `2·n⁶` bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exhaustive {
    pub size: usize,
    /// White-to-move legal starts examined.
    pub starts: u64,
    /// Starts from which Black can hold the strategy off (stalemate, rook
    /// capture or a forced cycle). 0 means the strategy always mates.
    pub failures: u64,
    /// The most White moves the strategy needs against Black's best resistance.
    pub worst_moves: u32,
    /// A start attaining `worst_moves`.
    pub worst_start: Option<Position>,
    /// A failing start, if any.
    pub failing_start: Option<Position>,
}

const UNKNOWN: u16 = 0;
const ON_STACK: u16 = 1;
const FAILED: u16 = u16::MAX;

/// Runs the one-player search (see [`Exhaustive`]).
pub fn exhaustive_worst_case(strategy: &Strategy) -> Exhaustive {
    let n = strategy.size();
    let total = n.pow(6);
    // memo: 0 unknown, 1 on the stack, FAILED, else worst White moves + 2.
    let mut memo = vec![UNKNOWN; total];
    let mut result = Exhaustive {
        size: n,
        starts: 0,
        failures: 0,
        worst_moves: 0,
        worst_start: None,
        failing_start: None,
    };
    for i in 0..total {
        let p = strategy.unindex(i);
        let pos = Strategy::to_position_unchecked(p);
        let Some(pos) = pos.filter(|q| strategy.is_legal_white_to_move(q)) else {
            continue;
        };
        result.starts += 1;
        let v = worst_from(strategy, &mut memo, p);
        if v == FAILED {
            result.failures += 1;
            result.failing_start.get_or_insert(pos);
        } else if u32::from(v - 2) > result.worst_moves {
            result.worst_moves = u32::from(v - 2);
            result.worst_start = Some(pos);
        }
    }
    result
}

impl Strategy {
    fn to_position_unchecked(p: Pieces) -> Option<Position> {
        (p.k != p.r && p.k != p.b && p.r != p.b).then(|| Self::to_position(p, Side::White))
    }
}

/// The worst case from a legal White-to-move position, memoised, iterative.
fn worst_from(strategy: &Strategy, memo: &mut [u16], start: Pieces) -> u16 {
    struct Frame {
        index: usize,
        replies: Vec<Pieces>,
        next: usize,
        worst: u16,
    }
    let mut stack: Vec<Frame> = Vec::new();
    // Enter a White-to-move position: either it is known, or push a frame.
    // Returns Some(value) if known immediately.
    let enter = |p: Pieces, memo: &mut [u16], stack: &mut Vec<Frame>| -> Option<u16> {
        let index = strategy.index(p);
        match memo[index] {
            UNKNOWN => {}
            ON_STACK => return Some(FAILED),
            v => return Some(v),
        }
        let (q, _) = strategy.choose_pieces(p);
        let value = match strategy.status(q) {
            Status::Mate => Some(3),
            Status::Stalemate | Status::RookHangs => Some(FAILED),
            Status::Ongoing => None,
        };
        if let Some(v) = value {
            memo[index] = v;
            return Some(v);
        }
        memo[index] = ON_STACK;
        let replies = strategy
            .black_moves(q)
            .0
            .into_iter()
            .map(|b| Pieces { b, ..q })
            .collect();
        stack.push(Frame {
            index,
            replies,
            next: 0,
            worst: 0,
        });
        None
    };
    if let Some(v) = enter(start, memo, &mut stack) {
        return v;
    }
    let mut carried: Option<u16> = None;
    loop {
        let top = stack.last_mut().expect("a frame");
        if let Some(v) = carried.take() {
            top.worst = if v == FAILED || top.worst == FAILED {
                FAILED
            } else {
                top.worst.max(v)
            };
        }
        if top.worst != FAILED && top.next < top.replies.len() {
            let child = top.replies[top.next];
            top.next += 1;
            if let Some(v) = enter(child, memo, &mut stack) {
                carried = Some(v);
            }
            continue;
        }
        let frame = stack.pop().expect("a frame");
        let value = if frame.worst == FAILED {
            FAILED
        } else {
            frame.worst.saturating_add(1).min(FAILED - 1)
        };
        memo[frame.index] = value;
        if stack.is_empty() {
            return value;
        }
        carried = Some(value);
    }
}

/// A line of play (White-to-move positions, the start first) along which
/// Black holds the strategy off from `start`: it ends in a position where
/// the strategy's move stalemates or loses the rook, or in a position that
/// already occurred (a cycle Black can force). `None` if the strategy
/// mates against every defence from `start`.
pub fn failing_line(strategy: &Strategy, start: &Position) -> Option<Vec<Position>> {
    fn go(
        s: &Strategy,
        p: Pieces,
        path: &mut Vec<Pieces>,
        good: &mut std::collections::HashSet<Pieces>,
    ) -> bool {
        if good.contains(&p) {
            return false;
        }
        if path.contains(&p) {
            path.push(p);
            return true;
        }
        path.push(p);
        let (q, _) = s.choose_pieces(p);
        let failed = match s.status(q) {
            Status::Mate => false,
            Status::Stalemate | Status::RookHangs => true,
            Status::Ongoing => s
                .black_moves(q)
                .0
                .into_iter()
                .any(|b| go(s, Pieces { b, ..q }, path, good)),
        };
        if !failed {
            path.pop();
            good.insert(p);
        }
        failed
    }
    if !strategy.is_legal_white_to_move(start) {
        return None;
    }
    let mut path = Vec::new();
    let mut good = std::collections::HashSet::new();
    go(strategy, Strategy::to_pieces(start), &mut path, &mut good).then(|| {
        path.into_iter()
            .map(|p| Strategy::to_position(p, Side::White))
            .collect()
    })
}

/// Plays the strategy against the table's best defence from every legal
/// White-to-move start (every `stride`-th in index order; 1 = all).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgainstTable {
    pub size: usize,
    pub starts: u64,
    /// Whether every start was played (`stride == 1`) or a sample.
    pub stride: u64,
    pub failures: u64,
    pub worst_moves: u32,
    pub worst_start: Option<Position>,
    /// The largest excess of the strategy's moves over the table's DTM.
    pub worst_excess: u32,
    /// The mean number of White moves over the mated starts.
    pub mean_moves: f64,
    /// The mean table DTM over the same starts.
    pub mean_dtm: f64,
    /// Starts where the strategy needed fewer moves than the table's DTM
    /// (impossible if both are right: always 0).
    pub below_dtm: u64,
}

/// See [`AgainstTable`].
pub fn against_table(strategy: &Strategy, table: &KrkTable, stride: u64) -> AgainstTable {
    let n = table.size();
    let limit = 50 * n as u32 + 200;
    let mut out = AgainstTable {
        size: n,
        starts: 0,
        stride: stride.max(1),
        failures: 0,
        worst_moves: 0,
        worst_start: None,
        worst_excess: 0,
        mean_moves: 0.0,
        mean_dtm: 0.0,
        below_dtm: 0,
    };
    let (mut sum_moves, mut sum_dtm, mut mated) = (0u64, 0u64, 0u64);
    let total = n.pow(6);
    let mut i = 0usize;
    while i < total {
        let p = strategy.unindex(i);
        i += out.stride as usize;
        let Some(pos) = Strategy::to_position_unchecked(p) else {
            continue;
        };
        let Value::WhiteWins { moves: dtm } = table.value(&pos) else {
            continue;
        };
        out.starts += 1;
        let result = strategy.play_out(&pos, limit, table_defence(table));
        if !result.mated() {
            out.failures += 1;
            continue;
        }
        mated += 1;
        sum_moves += u64::from(result.white_moves);
        sum_dtm += u64::from(dtm);
        if result.white_moves < u32::from(dtm) {
            out.below_dtm += 1;
        }
        out.worst_excess = out
            .worst_excess
            .max(result.white_moves.saturating_sub(u32::from(dtm)));
        if result.white_moves > out.worst_moves || out.worst_start.is_none() {
            out.worst_moves = result.white_moves;
            out.worst_start = Some(pos);
        }
    }
    if mated > 0 {
        out.mean_moves = sum_moves as f64 / mated as f64;
        out.mean_dtm = sum_dtm as f64 / mated as f64;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_generation_matches_the_board() {
        let s = Strategy::new(5);
        let p = Pieces {
            k: (0, 0),
            r: (4, 4),
            b: (2, 2),
        };
        // Ka1: a2 and b1 (b2 touches the black king); Re5: four squares
        // along the rank and four down the file.
        assert_eq!(s.white_moves(p).len(), 2 + 8);
        // kc3: every neighbour except b2, which touches the white king.
        assert_eq!(s.black_moves(p).0.len(), 7);
    }
}

/// One row of the strategy comparison: the played-out strategy beside the
/// table's exact worst case and the seed's first-phase formula.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategyRow {
    pub size: usize,
    /// The table's longest forced mate with White to move (White moves).
    pub max_dtm_white_to_move: u32,
    /// The seed's first-phase count `m + 4 − min(p, q)` at its worst over
    /// the n×n corner of the quadrant ([`super::quadrant::quadrant_worst_case`]).
    pub seed_phase_one_worst: u32,
    /// The strategy against the table's best defence.
    pub against_table: AgainstTable,
    /// The strategy against every defence (exhaustive one-player search),
    /// if it was run.
    pub exhaustive: Option<Exhaustive>,
}

/// The comparison row of a solved board: the strategy against the table's
/// defence from every `stride`-th White-to-move start (1 = all), and, if
/// `exhaustive`, against every defence from every start.
pub fn strategy_row(table: &KrkTable, stride: u64, exhaustive: bool) -> StrategyRow {
    let n = table.size();
    let strategy = Strategy::new(n);
    StrategyRow {
        size: n,
        max_dtm_white_to_move: table.summary().max_dtm_white_to_move,
        seed_phase_one_worst: super::quadrant::quadrant_worst_case(n).white_moves,
        against_table: against_table(&strategy, table, stride),
        exhaustive: exhaustive.then(|| exhaustive_worst_case(&strategy)),
    }
}
