//! The write-up's AI player: FoxBox, the B value, the best B the fox can force,
//! the AI's move weights with a fuzz factor, and the exact probabilities of
//! beating it.
//!
//! * **FoxBox**: the fox is contained by the hounds — with the hounds frozen,
//!   no square the fox can walk to lies outside every hound's forward cone.
//! * **B**: plies the hounds need to force a FoxBox (0 in a FoxBox; the fox
//!   maximises, the hounds minimise; `∞` once the game is over otherwise).
//! * **Forced B**: the largest B the fox can force at some point of the rest
//!   of the game (the fox maximises, the hounds minimise), together with the
//!   plies until it is reached. Scores compare by B first (`∞` above every
//!   finite B), then the sooner the better — the order that reproduces the
//!   write-up's fuzz table to the last digit.
//! * **Perfect policy**: keep the best result; among those moves, when the
//!   result is a fox win prefer the longest win, otherwise the highest forced
//!   B score. With fuzz factor `p` every legal move gets weight `p`, each move
//!   the perfect policy would choose gets `1 − p` more, and the weights are
//!   normalised.

use super::board::{bits, Board};
use super::eval::{is_fox_win, is_terminal, UNREACHED};
use super::games::Directory;
use super::index::HoundSets;
use super::solve::{hound_steps, MAX_HOUND_MOVES};
use super::{Move, Position, PositionError, Side, Solution};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// No FoxBox can be forced.
const INFINITE: u8 = u8::MAX;

/// FoxBox facts about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoxBoxInfo {
    pub fox_box: bool,
    /// Plies the hounds need to force a FoxBox (`None`: they cannot).
    pub b: Option<u8>,
    /// The largest B the fox can force over the rest of the game.
    pub forced_b: Option<u8>,
    /// Plies until the fox can force that B (soonest, against best defence).
    pub forced_in: u8,
}

/// The probabilities of beating the AI with fuzz factor `p`. The *underdog*
/// is the side that loses the initial position under perfect play (the fox
/// on 8×8); it plays to maximise its chances against the AI.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FuzzOdds {
    pub p: f64,
    pub underdog: Side,
    /// The underdog against the AI from the initial position (8×8: an optimal
    /// fox against the hounds AI — the write-up's "Fox wins from initial position").
    pub from_initial: f64,
    /// The other side, which loses the opposite position, against the AI from
    /// there (8×8: optimal hounds against the fox AI — the write-up's "Hounds win
    /// from opposite position"). `None` when there is no opposite position.
    pub from_opposite: Option<f64>,
}

/// Per reachable position (numbered by `directory`): B and the forced-B
/// score.
pub(crate) struct AiTables {
    directory: Directory,
    b: Vec<u8>,
    /// `forced_b << 8 | (255 − plies until reached)`: the natural order of
    /// these numbers is the order of the scores.
    forced: Vec<u16>,
    /// The moves the perfect policy chooses, as a bit mask over the order of
    /// `child_indices` (independent of the fuzz factor).
    chosen: Vec<u16>,
    /// Built on the first fuzz computation.
    graph: OnceLock<DuelGraph>,
}

impl AiTables {
    pub fn bytes(&self) -> usize {
        self.directory.bytes()
            + self.b.len()
            + 2 * self.forced.len()
            + 2 * self.chosen.len()
            + self.graph.get().map_or(0, DuelGraph::bytes)
    }
}

/// The game graph of the reachable positions for the fuzz computations,
/// numbered by the AI directory. Children always have larger table indices
/// than their parents (a fox move keeps the hound set and goes from its
/// fox-to-move half to its hounds-to-move half; a hound move goes to a later
/// layer), so walking the ranks downward visits children first.
struct DuelGraph {
    /// Where a position's children start in `kids`.
    start: Vec<u32>,
    /// `kind | children << 2`, `kind` one of the `KIND_*` constants.
    shape: Vec<u8>,
    /// Child ranks, in `child_indices` order.
    kids: Vec<u32>,
}

const KIND_FOX: u8 = 0;
const KIND_HOUNDS: u8 = 1;
const KIND_FOX_WON: u8 = 2;
const KIND_HOUNDS_WON: u8 = 3;

impl DuelGraph {
    fn new(board: &Board, sets: &HoundSets, values: &[u8], directory: &Directory) -> DuelGraph {
        let count = directory.members();
        let mut start = vec![0u32; count];
        let mut shape = vec![0u8; count];
        let mut kids = Vec::new();
        let mut buffer = Vec::with_capacity(MAX_HOUND_MOVES);
        backward(board, sets, values, |node| {
            let r = directory.rank(node.index);
            let code = values[node.index];
            start[r] = kids.len() as u32;
            shape[r] = if is_terminal(code) {
                if is_fox_win(code) {
                    KIND_FOX_WON
                } else {
                    KIND_HOUNDS_WON
                }
            } else {
                child_indices(board, node, &mut buffer);
                kids.extend(buffer.iter().map(|&k| directory.rank(k) as u32));
                let kind = match node.side {
                    Side::Fox => KIND_FOX,
                    Side::Hounds => KIND_HOUNDS,
                };
                kind | (buffer.len() as u8) << 2
            };
        });
        DuelGraph { start, shape, kids }
    }

    fn bytes(&self) -> usize {
        self.start.len() * 4 + self.shape.len() + self.kids.len() * 4
    }
}

/// The forced-B score of a value reached now.
fn score_now(b: u8) -> u16 {
    (b as u16) << 8 | 0xff
}

/// The same score reached one ply later.
fn score_later(score: u16) -> u16 {
    debug_assert!(score & 0xff > 0);
    score - 1
}

/// The fox is contained: with the hounds frozen it cannot walk to any square
/// outside every hound's forward cone.
pub(crate) fn is_fox_box(board: &Board, hounds: u64, fox: usize) -> bool {
    let outside = !board.cones(hounds) & board.all();
    let free = board.all() & !hounds;
    let mut region = 1u64 << fox;
    loop {
        if region & outside != 0 {
            return false;
        }
        let grown = bits(region).fold(region, |acc, s| acc | board.near[s]) & free;
        if grown == region {
            return true;
        }
        region = grown;
    }
}

/// A reachable position during the backward walks.
struct Node<'a> {
    index: usize,
    side: Side,
    fox: usize,
    hounds: u64,
    slot: usize,
    /// The hound moves from this hound set (shared by its positions).
    steps: &'a [(usize, usize)],
}

/// Visits every reachable position children first: layers from the last,
/// and within a hound set the hounds-to-move positions before the fox's.
fn backward(board: &Board, sets: &HoundSets, values: &[u8], mut visit: impl FnMut(&Node)) {
    let light = board.light_squares();
    let mut steps = [(0usize, 0usize); MAX_HOUND_MOVES];
    for s in (0..sets.layers()).rev() {
        for slot in sets.layer(s) {
            let hounds = sets.mask(slot);
            let n = hound_steps(board, sets, hounds, &mut steps);
            for side in [Side::Hounds, Side::Fox] {
                let base = (slot * 2 + side.index()) * light;
                for fox in bits(board.all() & !hounds) {
                    if values[base + fox] != UNREACHED {
                        visit(&Node {
                            index: base + fox,
                            side,
                            fox,
                            hounds,
                            slot,
                            steps: &steps[..n],
                        });
                    }
                }
            }
        }
    }
}

/// The table indices of the children of a non-terminal position.
fn child_indices(board: &Board, node: &Node, out: &mut Vec<usize>) {
    let light = board.light_squares();
    out.clear();
    match node.side {
        Side::Fox => {
            let base = (node.slot * 2 + 1) * light;
            out.extend(bits(board.near[node.fox] & !node.hounds).map(|g| base + g));
        }
        Side::Hounds => out.extend(
            node.steps
                .iter()
                .filter(|&&(_, t)| t != node.fox)
                .map(|&(slot, _)| slot * 2 * light + node.fox),
        ),
    }
}

impl AiTables {
    pub fn new(board: &Board, sets: &HoundSets, values: &[u8]) -> AiTables {
        let directory = Directory::new(values.len(), |i| values[i] != UNREACHED);
        let count = directory.members();
        let mut b = vec![INFINITE; count];
        let mut forced = vec![0u16; count];
        let mut kids = Vec::with_capacity(MAX_HOUND_MOVES);
        backward(board, sets, values, |node| {
            let r = directory.rank(node.index);
            let own = if is_fox_box(board, node.hounds, node.fox) {
                0
            } else if is_terminal(values[node.index]) {
                INFINITE
            } else {
                child_indices(board, node, &mut kids);
                let child_b = kids.iter().map(|&k| b[directory.rank(k)]);
                let worst = match node.side {
                    Side::Fox => child_b.max(),
                    Side::Hounds => child_b.min(),
                };
                worst.map_or(INFINITE, |w| w.saturating_add(1))
            };
            b[r] = own;
            forced[r] = if is_terminal(values[node.index]) {
                score_now(own)
            } else {
                child_indices(board, node, &mut kids);
                let child_f = kids.iter().map(|&k| score_later(forced[directory.rank(k)]));
                let later = match node.side {
                    Side::Fox => child_f.max(),
                    Side::Hounds => child_f.min(),
                };
                score_now(own).max(later.unwrap_or(0))
            };
        });
        let mut tables = AiTables {
            directory,
            b,
            forced,
            chosen: Vec::new(),
            graph: OnceLock::new(),
        };
        let mut chosen = vec![0u16; count];
        backward(board, sets, values, |node| {
            if !is_terminal(values[node.index]) {
                child_indices(board, node, &mut kids);
                chosen[tables.directory.rank(node.index)] =
                    choices(values, &tables, &kids, node.side);
            }
        });
        tables.chosen = chosen;
        tables
    }

    fn info(&self, index: usize, fox_box: bool) -> FoxBoxInfo {
        let r = self.directory.rank(index);
        let finite = |v: u8| (v != INFINITE).then_some(v);
        FoxBoxInfo {
            fox_box,
            b: finite(self.b[r]),
            forced_b: finite((self.forced[r] >> 8) as u8),
            forced_in: 0xff - (self.forced[r] & 0xff) as u8,
        }
    }
}

/// How the perfect policy ranks the position a move leads to, for the side
/// that moves: higher is better.
fn policy_key(values: &[u8], ai: &AiTables, child: usize, mover: Side) -> (bool, i32) {
    let code = values[child];
    let wins = is_fox_win(code) == (mover == Side::Fox);
    let tie_break = if is_fox_win(code) {
        // The longest fox win, for either side.
        (255 - code) as i32
    } else {
        // The best forced-B score.
        ai.forced[ai.directory.rank(child)] as i32
    };
    (wins, tie_break)
}

/// The perfect policy's choices among `children` (table indices) as a bit
/// mask: the moves with the best key.
fn choices(values: &[u8], ai: &AiTables, children: &[usize], mover: Side) -> u16 {
    let keys = children.iter().map(|&c| policy_key(values, ai, c, mover));
    let best = keys.clone().max();
    keys.enumerate()
        .filter(|&(_, k)| Some(k) == best)
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The AI's probability of each of `count` moves when `chosen` (a bit mask)
/// are its perfect policy's moves: weight `p` each, `1 − p` more for the
/// chosen ones, normalised.
fn weight(chosen: u16, count: usize, p: f64, i: usize) -> f64 {
    let best = chosen.count_ones() as f64;
    let total = count as f64 * p + best * (1.0 - p);
    if chosen >> i & 1 == 1 {
        1.0 / total
    } else {
        p / total
    }
}

impl Solution {
    fn ai_tables(&self) -> &AiTables {
        self.ai
            .get_or_init(|| AiTables::new(&self.board, &self.sets, &self.values))
    }

    /// Bytes of the AI tables (built on the first call that needs them).
    pub fn ai_bytes(&self) -> usize {
        self.ai_tables().bytes()
    }

    /// FoxBox, B and forced B of a reachable position.
    pub fn fox_box(&self, position: &Position) -> Result<FoxBoxInfo, PositionError> {
        let index = self.index(position)?;
        let (fox, hounds) = self.board.encode(position)?;
        let fox_box = is_fox_box(&self.board, hounds, fox as usize);
        Ok(self.ai_tables().info(index, fox_box))
    }

    /// The AI's probability of playing each legal move with fuzz factor `p`
    /// (`0 ≤ p ≤ 1`), in the order of [`Solution::moves`]. Empty when the game
    /// is over.
    pub fn ai_weights(
        &self,
        position: &Position,
        p: f64,
    ) -> Result<Vec<(Move, f64)>, PositionError> {
        let moves = self.moves(position)?;
        let children: Vec<usize> = moves
            .iter()
            .map(|o| self.index(&o.position))
            .collect::<Result<_, _>>()?;
        let chosen = choices(
            &self.values,
            self.ai_tables(),
            &children,
            position.to_move(),
        );
        let p = p.clamp(0.0, 1.0);
        Ok(moves
            .iter()
            .enumerate()
            .map(|(i, o)| (o.mv, weight(chosen, moves.len(), p, i)))
            .collect())
    }

    /// For every reachable position, the probability that the side other than
    /// `ai` wins when it plays to maximise that probability and `ai` plays
    /// the AI's policy with fuzz factor `p`. Indexed by the AI directory.
    fn duel(&self, ai: Side, p: f64) -> Vec<f64> {
        let tables = self.ai_tables();
        let graph = tables.graph.get_or_init(|| {
            DuelGraph::new(&self.board, &self.sets, &self.values, &tables.directory)
        });
        let player_kind = match ai {
            Side::Hounds => KIND_FOX,
            Side::Fox => KIND_HOUNDS,
        };
        let player_won = match ai {
            Side::Hounds => KIND_FOX_WON,
            Side::Fox => KIND_HOUNDS_WON,
        };
        let mut win = vec![0.0f64; graph.shape.len()];
        // Plain loops: this runs dozens of times per table or bisection.
        for r in (0..win.len()).rev() {
            let shape = graph.shape[r];
            let kind = shape & 3;
            let first = graph.start[r] as usize;
            let kids = &graph.kids[first..first + (shape >> 2) as usize];
            debug_assert!(kids.iter().all(|&k| k as usize > r));
            win[r] = if kind >= KIND_FOX_WON {
                (kind == player_won) as u8 as f64
            } else if kind == player_kind {
                let mut best = 0.0f64;
                for &k in kids {
                    best = best.max(win[k as usize]);
                }
                best
            } else {
                // Weight p each, 1 for the perfect policy's moves, normalised.
                let chosen = tables.chosen[r];
                let mut sum = 0.0;
                for (i, &k) in kids.iter().enumerate() {
                    let w = if chosen >> i & 1 == 1 { 1.0 } else { p };
                    sum += w * win[k as usize];
                }
                let total = kids.len() as f64 * p + chosen.count_ones() as f64 * (1.0 - p);
                sum / total
            };
        }
        win
    }

    /// The side that loses the initial position under perfect play.
    pub fn underdog(&self) -> Side {
        self.initial_evaluation().winner().other()
    }

    /// The write-up's fuzz table row for `p` (see [`FuzzOdds`]).
    ///
    /// The first call builds the AI tables and the game graph (about 17 MB
    /// on 8×8, a few ms per later call; on 10×10 roughly 2 GB, so the page
    /// should offer the fuzz figures up to 9×9).
    pub fn fuzz(&self, p: f64) -> FuzzOdds {
        let p = p.clamp(0.0, 1.0);
        let underdog = self.underdog();
        let from_opposite = self.named(super::NamedPosition::Opposite).map(|o| {
            let win = self.duel(underdog, p);
            let index = self.index(&o).expect("the opposite position is reachable");
            win[self.ai_tables().directory.rank(index)]
        });
        FuzzOdds {
            p,
            underdog,
            from_initial: self.underdog_chances(p),
            from_opposite,
        }
    }

    /// The probability that the underdog beats the AI with fuzz factor `p`
    /// from the initial position (`FuzzOdds::from_initial` alone).
    pub fn underdog_chances(&self, p: f64) -> f64 {
        let win = self.duel(self.underdog().other(), p.clamp(0.0, 1.0));
        win[self
            .ai_tables()
            .directory
            .rank(self.board.fox_start as usize)]
    }

    /// Bisection for the fuzz factor that gives the underdog (an optimal fox
    /// on 8×8) even chances from the initial position: starting from `[0, 1]`, `steps` midpoints
    /// are tried, each replacing the bound on its side of ½. Returns every
    /// midpoint tried with the fox's chances; the last one is the answer.
    /// The write-up's figure p = 0.006935 is its 17th midpoint on 8×8, and its
    /// table rows are these midpoints; 40 steps give the crossing itself.
    pub fn fairest_fuzz(&self, steps: usize) -> Vec<(f64, f64)> {
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        let mut tried = Vec::with_capacity(steps);
        for _ in 0..steps {
            let mid = (lo + hi) / 2.0;
            let chances = self.underdog_chances(mid);
            tried.push((mid, chances));
            if chances < 0.5 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        tried
    }
}
