//! Choosing the hunter's move: a small search over the king's possible
//! squares, not over boards.
//!
//! After a move of the hunter's the umpire's words split the king's squares
//! into groups, and in each the next set of squares is known exactly
//! ([`Army::outcome`]), so the game seen from the hunter's side is a tree of
//! (army, squares) states with the hunter choosing moves and the king
//! (through where it stands) choosing the group. The search takes the
//! hunter's best move against the worst group, a few moves deep, with moves
//! that leave a man to the king or stalemate on any square left out; at the
//! leaves it scores the fence ([`pressure`]).

use super::army::{around, distance, flood, squares, Army, Squares, Step};

/// A mate on every square left: better than any fence.
const MATED: f64 = 1.0e6;
/// A square mated while others are not, in the mean over the squares: a
/// little better than the best fence, not a mate.
const MATED_HERE: f64 = 200.0;
/// Per move of the hunter's before the mate (a quicker mate is better).
const PER_MOVE: f64 = 1.0e3;
/// A try refused: the umpire's "illegal" costs the hunter nothing on the
/// board, but the presets count refusals.
const REFUSAL: f64 = 20.0;
/// The weight of the mean over the umpire's groups (by the squares each is
/// heard on) against the worst group.
const MEAN: f64 = 0.7;
/// No move that does not stalemate.
const NOWHERE: f64 = -1.0e15;
/// A man left to the king on every square: the win thrown away. A move is
/// marked by the share of the squares on which it is (when the king's
/// squares are many, every move may leave the rook next to one of them).
const HANGING: f64 = 1.0e10;
/// A pawn left to the king, against a piece.
const PAWN_RISK: f64 = 0.2;

/// The leaf's score of a fence (higher is better for the hunter): the
/// squares the king could ever reach while the hunter's men other than the
/// king stand still, the squares it may stand on now, and the hunter's
/// king's mean distance to them.
pub fn pressure(army: &Army, s: Squares) -> f64 {
    if s == 0 {
        return MATED;
    }
    let walls = army.occupied() | army.foes;
    let region = flood(s, army.fence() | walls).count_ones()
        + flood(s, army.attacked() | walls).count_ones();
    let n = f64::from(s.count_ones());
    let k = army.king();
    let dist: f64 = squares(s).map(|q| f64::from(distance(k, q))).sum::<f64>() / n;
    // A king boxed into few squares near an edge, known closely, with the
    // hunter's king beside it.
    -(5.0 * f64::from(region) + 4.0 * n + 6.0 * dist)
}

/// The hunter's value of a move's outcome: the worst group's value, with
/// a little for the share of `s` mated at once.
fn value_of(next: &Army, s: Squares, depth: u32) -> Option<f64> {
    let mut out = next.outcome(s);
    if out.stalemated != 0 {
        return None;
    }
    let total = f64::from(s.count_ones().max(1));
    // A pawn left to the king weighs a fifth of a piece: a blocker of the
    // king's frozen pawn often cannot be kept, and losing it throws away
    // less than the win.
    let pawn_only = out.hanging & !out.hanging_piece;
    let risk = (f64::from(out.hanging_piece.count_ones())
        + PAWN_RISK * f64::from(pawn_only.count_ones()))
        / total;
    if out.hanging != 0 {
        // Scored where the king cannot take: where it can, the risk says it.
        out = next.outcome(s & !out.hanging);
    }
    let mated = f64::from(out.mated.count_ones()) / total;
    if out.groups.is_empty() {
        return Some(MATED - HANGING * risk);
    }
    let mut mean = f64::from(out.mated.count_ones()) * MATED_HERE;
    let mut worst = MATED;
    for &(_, heard, flights) in &out.groups {
        let v = value(next, flights, depth);
        mean += f64::from(heard.count_ones()) * v;
        worst = worst.min(v);
    }
    let mean = mean / f64::from((s & !out.hanging).count_ones().max(1));
    Some(MEAN * mean + (1.0 - MEAN) * worst + 50.0 * mated - HANGING * risk)
}

/// The hunter's value of a king's try that the boards next to its square
/// refuse: the mean of the move played (where legal) and of knowing the
/// king is near (where refused), less a refusal's cost, mixed with the
/// worse of the two.
fn value_of_try(army: &Army, step: Step, s: Squares, depth: u32) -> Option<f64> {
    let refused = s & around(step.to);
    let played = s & !refused;
    let v_played = value_of(&army.after(step), played, depth)?;
    let v_refused = value(army, refused, depth) - REFUSAL;
    let mean = (f64::from(played.count_ones()) * v_played
        + f64::from(refused.count_ones()) * v_refused)
        / f64::from(s.count_ones());
    Some(MEAN * mean + (1.0 - MEAN) * v_played.min(v_refused))
}

/// Every move and try of the hunter's with its value `depth` moves deep.
fn scored(army: &Army, s: Squares, depth: u32) -> Vec<(Step, f64)> {
    let moves = army
        .steps(s)
        .into_iter()
        .filter_map(|step| value_of(&army.after(step), s, depth).map(|v| (step, v)));
    let tries = army
        .king_tries(s)
        .into_iter()
        .filter_map(|step| value_of_try(army, step, s, depth).map(|v| (step, v)));
    moves.chain(tries).collect()
}

/// The value of the state (`army` to move, the king on one of `s`) searched
/// `depth` more moves of the hunter's.
fn value(army: &Army, s: Squares, depth: u32) -> f64 {
    if s == 0 {
        return MATED;
    }
    if depth == 0 {
        return pressure(army, s);
    }
    let best = scored(army, s, depth - 1)
        .into_iter()
        .map(|(_, v)| v)
        .fold(NOWHERE, f64::max);
    if best >= MATED - 100.0 * PER_MOVE {
        best - PER_MOVE
    } else {
        best
    }
}

/// A move back to where the hunter's men stood before, per time they did:
/// the fence's score alone lets it shuffle.
pub const REPEAT: f64 = 60.0;

/// The hunter's moves with the king on one of `s`, each with its value
/// searched `depth` moves deep (1: this move and the leaf's score after
/// it), those that stalemate on any square left out, marked by
/// [`REPEAT`] per time the men stood where it puts them (`seen`, keys of
/// [`Army::placement`]); best first. Its king's tries next to the king's
/// possible squares are among them.
pub fn ranked(army: &Army, s: Squares, depth: u32, seen: &[u64]) -> Vec<(Step, f64)> {
    let mut out = scored(army, s, depth.saturating_sub(1));
    for (step, v) in &mut out {
        let key = army.after(*step).placement();
        *v -= REPEAT * seen.iter().filter(|k| **k == key).count() as f64;
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}
