//! The write-up's infinite-quadrant strategy, compared with the tables.
//!
//! The write-up plays on the quadrant of squares `(x, y)` with `x, y ≥ 1` and the
//! single corner `(1, 1)`. With the lone king on `(x, y)` and the white king
//! on `(p, q)`, White picks a box size `m ≥ 6 + x + y − min(p, q)`: the rook
//! goes to `(x + 2, m)` in two moves, boxing the lone king in; when the lone
//! king reaches `(x + 1, m − 1)` to attack it, the rook goes to `(m, m)`, and
//! meanwhile the white king walks the diagonal to `(m + 1, m + 1)`, arriving
//! in time to defend the rook when the lone king reaches `(m − 1, m − 1)`.
//! White spends `m + 4 − min(p, q)` moves to reach that defended box; the
//! lone king is then driven to the corner "with a technique similar to 8×8".
//!
//! What is compared ([`growth_row`]): for each n, the tables' exact worst
//! case (the longest forced mate) against the number of White moves the
//! strategy spends *only on its first phase* (setting up the defended box),
//! evaluated (a) for the table's own worst position, placed in whichever
//! corner of the board helps the strategy most, and (b) for the worst start
//! anywhere inside the n×n corner of the quadrant. The first phase alone
//! already grows like `2n`, about as fast as the exact depth to mate, and
//! its box usually no longer fits on the n×n board; the driving phase comes
//! on top. So the strategy proves a win but is far from optimal.

use super::play::{Position, Side};
use super::solver::KrkTable;
use super::Square;
use serde::{Deserialize, Serialize};

/// The first phase of the write-up's strategy from one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuadrantPlan {
    /// The box size `m`: the rook ends on `(m, m)`, the white king on `(m + 1, m + 1)`.
    pub box_size: u32,
    /// White moves to reach the defended box: `m + 4 − min(p, q)`.
    pub white_moves: u32,
    /// Lone-king moves in the write-up's line: `2m − (x + y + 2)`.
    pub lone_king_moves: u32,
}

/// The write-up's plan for the lone king on `(x, y)` and the white king on
/// `(p, q)`, coordinates from 1 with the corner at `(1, 1)`. The box size is
/// the smallest the write-up allows, `6 + x + y − min(p, q)`, raised if needed so
/// that the white king's rendezvous square `(m + 1, m + 1)` lies up and right
/// of it (`m + 1 ≥ max(p, q)`) and the rook's first square `(x + 2, m)` lies
/// beyond the lone king (`m ≥ y + 2`).
pub fn quadrant_plan(lone_king: (u32, u32), white_king: (u32, u32)) -> QuadrantPlan {
    let (x, y) = lone_king;
    let (p, q) = white_king;
    let near = p.min(q);
    let m = (6 + x + y)
        .saturating_sub(near)
        .max(p.max(q).saturating_sub(1))
        .max(y + 2)
        .max(x + 2);
    QuadrantPlan {
        box_size: m,
        white_moves: m + 4 - near,
        lone_king_moves: (2 * m).saturating_sub(x + y + 2),
    }
}

/// The plan for a board position read in the quadrant whose corner is the
/// board corner that gives White the fewest moves (the rook's square does
/// not enter the write-up's count).
pub fn best_corner_plan(size: usize, lone_king: Square, white_king: Square) -> QuadrantPlan {
    let n = size as u32;
    let coords = |s: Square, flip_file: bool, flip_rank: bool| {
        let f = s.file() as u32;
        let r = s.rank() as u32;
        (
            if flip_file { n - f } else { f + 1 },
            if flip_rank { n - r } else { r + 1 },
        )
    };
    [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .map(|(ff, fr)| quadrant_plan(coords(lone_king, ff, fr), coords(white_king, ff, fr)))
        .min_by_key(|plan| (plan.white_moves, plan.box_size))
        .expect("four corners")
}

/// The worst first-phase cost over every start inside the n×n corner of the
/// quadrant (`1 ≤ x, y, p, q ≤ n`, kings apart), with the quadrant's corner
/// fixed at `(1, 1)`.
pub fn quadrant_worst_case(size: usize) -> QuadrantPlan {
    let n = size as u32;
    let mut worst = quadrant_plan((1, 1), (1, 1));
    for x in 1..=n {
        for y in 1..=n {
            for p in 1..=n {
                for q in 1..=n {
                    if x.abs_diff(p) <= 1 && y.abs_diff(q) <= 1 {
                        continue;
                    }
                    let plan = quadrant_plan((x, y), (p, q));
                    if (plan.white_moves, plan.box_size) > (worst.white_moves, worst.box_size) {
                        worst = plan;
                    }
                }
            }
        }
    }
    worst
}

/// One row of the growth table: the exact worst case on an n×n board beside
/// the quadrant strategy's first-phase move counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrowthRow {
    pub size: usize,
    /// Longest forced mate with White to move (White moves).
    pub max_dtm_white_to_move: u32,
    /// Longest forced mate with Black to move (White moves after Black's reply).
    pub max_dtm_black_to_move: u32,
    /// A White-to-move position with the longest forced mate (the first in index order).
    pub worst_position: Position,
    /// The strategy's first phase from that position, best corner.
    pub plan_for_worst_position: QuadrantPlan,
    /// Whether that plan's box (up to the white king on `(m + 1, m + 1)`) fits on the board.
    pub plan_fits_on_board: bool,
    /// The strategy's first phase from the worst start in the n×n corner.
    pub quadrant_worst_case: QuadrantPlan,
}

/// The growth-table row of a solved board.
pub fn growth_row(table: &KrkTable) -> GrowthRow {
    let summary = table.summary();
    let n = table.size();
    let target = summary.max_dtm_white_to_move as u8;
    let worst_position = first_with(table, target);
    let plan = best_corner_plan(n, worst_position.black_king, worst_position.white_king);
    GrowthRow {
        size: n,
        max_dtm_white_to_move: summary.max_dtm_white_to_move,
        max_dtm_black_to_move: summary.max_dtm_black_to_move,
        worst_position,
        plan_for_worst_position: plan,
        plan_fits_on_board: plan.box_size < n as u32,
        quadrant_worst_case: quadrant_worst_case(n),
    }
}

/// The first White-to-move position in index order whose DTM is `dtm`.
fn first_with(table: &KrkTable, dtm: u8) -> Position {
    let n = table.size();
    let i = table
        .white_to_move
        .iter()
        .position(|&v| v == dtm)
        .expect("the maximum is attained");
    let (wk, wr, bk) = table.squares_at(i);
    Position {
        white_king: Square::from_index(wk, n),
        white_rook: Square::from_index(wr, n),
        black_king: Square::from_index(bk, n),
        to_move: Side::White,
    }
}
