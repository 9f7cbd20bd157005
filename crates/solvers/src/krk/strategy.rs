//! The infinite-quadrant King+Rook strategy of the KRK write-up (the plan
//! that boxes the lone king in with the rook and brings the king to
//! defend it) as an actual move-choosing policy for White, played out
//! against the exact tables.
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
//! every board checked from 8×8 up, but on 4×4 to 7×7 it fails from many
//! starts (figures in `NOTES.md`).
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
//! (A frame that followed the black king across the board's middle let
//! Black hold the rook off by making it re-target; see `NOTES.md`.)
//!
//! Then, in order:
//!
//! 0. **Mate in one** if there is one.
//!
//! Every other choice is restricted to *sound* moves: after them the black
//! king is not stalemated and cannot take the rook.
//!
//! **Phase 1 — building the defended box (the write-up's steps 1–6).** Used
//! while the black king is not boxed, or the white king is still inside the
//! box:
//! 1. If the black king is not boxed, the rook goes to a boxing square that
//!    is safe for a move, preferring one whose rank or file also separates
//!    the kings, then the write-up's square `(x + 2, m)` (black king on
//!    `(x, y)`, box size `m` from the write-up's formula `6 + x + y − min(p, q)`
//!    in 1-based coordinates, capped at `n − 2` so the rendezvous square
//!    `(m + 1, m + 1)` is on the board), then rank `m`, then the largest box.
//!    If no boxing move is sound, it first moves onto rank `m` without
//!    giving check (the write-up's "two moves").
//! 2. Once a box stands (or no rule-1 move exists), the rook steps
//!    between the kings whenever a sound move puts its rank or file
//!    strictly between them and leaves it safe for a move (king distance
//!    ≥ 3 from the black king, or next to its own king); among those, the
//!    one leaving the black king the fewest ranks (files). Otherwise, if the
//!    black king threatens the rook, the rook steps along its rank toward
//!    file n − 2 (the write-up's move to `(m, m)`); otherwise the white king
//!    walks up and to the right of the black king. The write-up's restart after
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
//! 10×10, 12×12 and 16×16 (figures in `NOTES.md`). It is far from optimal:
//! phase 2 lets the black king walk back and forth along its rank, which
//! costs up to ~16 moves per rank on 8×8.
//!
//! If no rule applies a sound move closest to the goal is played
//! ([`Phase::Fallback`]); the play-outs count how often that happens.
//!
//! Whether this always mates is checked empirically, exhaustively: the
//! one-player search [`exhaustive_worst_case`] follows every Black reply
//! from every White-to-move start, memoised by position, and reports a
//! failure if the strategy ever allows a draw or Black can force a cycle.

//!
//! One file per part: here the pieces, the board geometry the rules read
//! and the move generation; `rules` the policy; `play_out` games against a
//! defence and the comparison row; `worst_case` the exhaustive search.

mod play_out;
mod rules;
mod worst_case;

pub use play_out::{
    against_table, strategy_row, table_defence, AgainstTable, Ending, PlayOut, StrategyRow,
};
pub use worst_case::{exhaustive_worst_case, failing_line, Exhaustive};

use super::geometry::Square;
use super::play::{Move, Piece, Position, Side};
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

impl Strategy {
    fn to_position_unchecked(p: Pieces) -> Option<Position> {
        (p.k != p.r && p.k != p.b && p.r != p.b).then(|| Self::to_position(p, Side::White))
    }
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
