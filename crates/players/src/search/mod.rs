//! The full-information search the bot runs on each board of its belief:
//! principal variation search (alpha-beta with null windows after the first
//! move) under iterative deepening, quiescence on captures (and on every
//! move when the side to move's king stands attacked), a transposition
//! table, move ordering (the table's move, captures by victim then
//! attacker, killers, history), null-move pruning, late-move reductions and
//! futility pruning near the leaves.
//!
//! It plays by the model's rule mode: under Fog of War
//! ([`RuleMode::CaptureKing`]) there is no check, every move the men allow
//! is searched, and a side that can take the enemy king wins on the spot —
//! so a move that leaves the king to a man on this board is scored as lost.
//! Under the orthodox mode (Dark Chess, Kriegspiel, the open board) moves
//! are legal ones, and mate and stalemate end the line.
//!
//! The caller drives the depth ([`Searcher::root_scores`]: every root move
//! of one board scored at one depth, each exactly within a margin of the
//! best, so the aggregation over boards sees how much worse each move is)
//! and the budget ([`crate::budget::Control`], polled every few thousand
//! nodes).

mod order;
pub mod tt;

use fogbound_engine::{Bitboard, Color, Move, MoveKind, Position, Role, RuleMode};

use crate::budget::Control;
use crate::eval::Evaluator;
use order::{History, Killers};
use tt::{Bound, PackedMove, Table, NO_MOVE};

/// The value of taking the enemy's last royal man now (less the plies it
/// takes to get there).
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
/// Deepest line searched (plies).
const MAX_PLY: usize = 48;
/// Quiescence plies that search every move when the king stands attacked.
const EVASION_PLIES: i32 = 2;
/// Root moves worse than the best by more than this are only bounded.
const ROOT_MARGIN: i32 = 400;
/// Nodes between polls of the budget.
const POLL: u64 = 2_048;

/// A move packed for the table: from, to, promotion, a castling rook's
/// landing square.
fn pack(m: &Move) -> PackedMove {
    let promo = m.promotion.map_or(0, |r| r.index() as u32 + 1);
    let rook = match m.kind {
        MoveKind::Castle { rook_to, .. } => u32::from(rook_to.0),
        _ => 0,
    };
    (1 << 28) | u32::from(m.from.0) | (u32::from(m.to.0) << 8) | (promo << 16) | (rook << 20)
}

/// See the module docs. Keeps its table, killers and history between
/// searches (boards of one belief share most of their lines).
pub struct Searcher<B: Bitboard> {
    mode: RuleMode,
    eval: Evaluator<B>,
    tt: Table,
    killers: Killers,
    history: History,
    /// Nodes searched since the last new search.
    nodes: u64,
    stopped: bool,
    /// Hashes along the current line, for repetitions.
    path: Vec<u64>,
    /// Move lists per ply, reused.
    lists: Vec<Vec<Move>>,
    /// Ordering scores per ply, reused.
    keys: Vec<Vec<(i32, u32)>>,
}

impl<B: Bitboard> Searcher<B> {
    /// A searcher for boards like `pos` under `mode`, with a table of
    /// `2^tt_bits` entries.
    pub fn new(pos: &Position<B>, mode: RuleMode, tt_bits: u32) -> Searcher<B> {
        let n = pos.geometry().square_count();
        Searcher {
            mode,
            eval: Evaluator::new(pos, mode),
            tt: Table::new(tt_bits),
            killers: Killers::new(MAX_PLY + 1),
            history: History::new(n),
            nodes: 0,
            stopped: false,
            path: vec![0; MAX_PLY + 2],
            lists: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
        }
    }

    /// The rule mode searched.
    pub fn mode(&self) -> RuleMode {
        self.mode
    }

    /// Nodes searched since the last [`Searcher::new_search`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A new attempt: the node count starts again and the table, killers
    /// and history are forgotten, so that an attempt depends on its own
    /// boards and budget only (a seat that caught up without searching
    /// finds what the one that searched every move found).
    pub fn new_search(&mut self) {
        self.nodes = 0;
        self.tt.clear();
        self.killers.clear();
        self.history.clear();
        self.stopped = false;
    }

    /// The static value of `pos` for its side to move.
    pub fn evaluate(&self, pos: &Position<B>) -> i32 {
        self.eval.evaluate(pos)
    }

    /// Each of `moves` (moves of `pos`) scored for `pos`'s side to move by
    /// a search of `depth` plies (≥ 1), in the order given by `order`
    /// (indices into `moves`, best guess first). A move worse than the best
    /// by more than [`ROOT_MARGIN`] gets an upper bound of its value, which
    /// is exact when it loses the king. `None` when the budget ran out.
    pub fn root_scores(
        &mut self,
        pos: &Position<B>,
        moves: &[Move],
        order: &[usize],
        depth: i32,
        ctl: &mut Control<'_>,
    ) -> Option<Vec<i32>> {
        let hash = pos.zobrist_hash();
        self.path[0] = hash;
        let mut out = vec![-INF; moves.len()];
        let mut best = -INF;
        for &i in order {
            let m = &moves[i];
            let child = pos.after(m);
            let child_hash = child.zobrist_hash_from(pos, hash);
            let alpha = if best == -INF {
                -INF
            } else {
                (best - ROOT_MARGIN).max(-INF)
            };
            let v = -self.pvs(&child, child_hash, depth - 1, -INF, -alpha, 1, true, ctl);
            if self.stopped {
                return None;
            }
            out[i] = v;
            best = best.max(v);
        }
        Some(out)
    }

    fn poll(&mut self, ctl: &mut Control<'_>) {
        if self.nodes.is_multiple_of(POLL) && ctl.should_stop(self.nodes) {
            self.stopped = true;
        }
    }

    /// Whether `color`'s royal man stands attacked.
    fn royal_attacked(&self, pos: &Position<B>, color: Color) -> bool {
        match self.mode {
            RuleMode::Orthodox if pos.turn() == color => pos.is_check(),
            _ => {
                let occ = pos.occupied();
                pos.royals(color)
                    .squares()
                    .any(|k| pos.is_attacked(k, !color, occ))
            }
        }
    }

    /// The value of a decided board for its side to move.
    fn decided_value(pos: &Position<B>, ply: i32) -> Option<i32> {
        let o = pos.decided()?;
        Some(match o.winner {
            Some(w) if w == pos.turn() => MATE - ply,
            Some(_) => -MATE + ply,
            None => 0,
        })
    }

    /// Whether one of `moves` takes the enemy's last royal man.
    fn takes_last_royal(pos: &Position<B>, moves: &[Move]) -> bool {
        let them = !pos.turn();
        pos.royals(them).count() == 1
            && moves
                .iter()
                .any(|m| m.capture.is_some_and(|r| r.spec().royal))
    }

    /// Whether the line repeats a position of the side to move.
    fn repeats(&self, pos: &Position<B>, hash: u64, ply: usize) -> bool {
        let back = (pos.halfmoves() as usize).min(ply);
        (4..=back).step_by(2).any(|k| self.path[ply - k] == hash)
    }

    #[allow(clippy::too_many_arguments)]
    fn pvs(
        &mut self,
        pos: &Position<B>,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
        ctl: &mut Control<'_>,
    ) -> i32 {
        self.nodes += 1;
        self.poll(ctl);
        if self.stopped {
            return 0;
        }
        let p = ply as i32;
        if let Some(v) = Self::decided_value(pos, p) {
            return v;
        }
        self.path[ply] = hash;
        if ply >= 2 && self.repeats(pos, hash, ply) {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        if depth <= 0 {
            return self.quiesce(pos, hash, alpha, beta, ply, 0, ctl);
        }
        let pv = beta - alpha > 1;
        let mut tt_move = NO_MOVE;
        if let Some(hit) = self.tt.probe(hash, p) {
            tt_move = hit.mv;
            if !pv && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.moves_into(self.mode, &mut moves);
        let result = self.pvs_moves(
            pos, hash, &moves, tt_move, depth, alpha, beta, ply, allow_null, ctl,
        );
        self.lists[ply] = moves;
        let (value, best_move) = match result {
            Some(r) => r,
            None => return 0,
        };
        let bound = if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, best_move, value, depth, bound, p);
        value
    }

    /// The body of [`Searcher::pvs`] once the moves are generated: `None`
    /// when stopped.
    #[allow(clippy::too_many_arguments)]
    fn pvs_moves(
        &mut self,
        pos: &Position<B>,
        hash: u64,
        moves: &[Move],
        tt_move: PackedMove,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
        ctl: &mut Control<'_>,
    ) -> Option<(i32, PackedMove)> {
        let p = ply as i32;
        let us = pos.turn();
        if self.mode == RuleMode::CaptureKing && Self::takes_last_royal(pos, moves) {
            return Some((MATE - p - 1, NO_MOVE));
        }
        let in_check = self.royal_attacked(pos, us);
        if moves.is_empty() {
            let v = if self.mode == RuleMode::Orthodox && in_check {
                -MATE + p
            } else {
                0
            };
            return Some((v, NO_MOVE));
        }
        if in_check {
            depth += 1;
        }
        let pv = beta - alpha > 1;
        let stand = if in_check { -INF } else { self.evaluate(pos) };
        if !pv && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves.
            if depth <= 3 && stand - 110 * depth >= beta {
                return Some((stand, NO_MOVE));
            }
            // Null move: passing still holds beta, so a real move will.
            if allow_null && depth >= 3 && stand >= beta && has_pieces(pos, us) {
                let mut null = pos.clone();
                null.set_turn(!us);
                let null_hash = null.zobrist_hash_from(pos, hash);
                let r = 2 + depth / 6;
                let v = -self.pvs(
                    &null,
                    null_hash,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    ctl,
                );
                if self.stopped {
                    return None;
                }
                if v >= beta && v < MATE_BOUND {
                    return Some((v, NO_MOVE));
                }
            }
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        order::score_moves(
            moves,
            tt_move,
            &self.killers,
            &self.history,
            ply,
            us,
            &mut keys,
        );
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let mut searched = 0;
        let futile = !pv && !in_check && depth <= 2 && stand + 120 + 100 * depth <= alpha;
        for k in 0..keys.len() {
            let i = order::pick(&mut keys, k);
            let m = &moves[i];
            let quiet = m.capture.is_none() && m.promotion.is_none();
            if futile && quiet && searched > 0 {
                continue;
            }
            let child = pos.after(m);
            let child_hash = child.zobrist_hash_from(pos, hash);
            let v = if searched == 0 {
                -self.pvs(
                    &child,
                    child_hash,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    true,
                    ctl,
                )
            } else {
                let reduce = if quiet && !in_check && depth >= 3 && searched >= 3 {
                    1 + i32::from(depth >= 6 && searched >= 8) + i32::from(!pv && searched >= 12)
                } else {
                    0
                };
                let mut v = -self.pvs(
                    &child,
                    child_hash,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                    ctl,
                );
                if v > alpha && reduce > 0 {
                    v = -self.pvs(
                        &child,
                        child_hash,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        true,
                        ctl,
                    );
                }
                if v > alpha && v < beta {
                    v = -self.pvs(
                        &child,
                        child_hash,
                        depth - 1,
                        -beta,
                        -alpha,
                        ply + 1,
                        true,
                        ctl,
                    );
                }
                v
            };
            if self.stopped {
                self.keys[ply] = keys;
                return None;
            }
            searched += 1;
            if v > best {
                best = v;
                best_move = pack(m);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if quiet {
                    self.killers.add(ply, pack(m));
                    self.history.reward(us, m, depth);
                }
                break;
            }
        }
        self.keys[ply] = keys;
        if searched == 0 {
            // Every move was futile: the standing value bounds them.
            return Some((stand.max(alpha), NO_MOVE));
        }
        Some((best, best_move))
    }

    /// Captures (and promotions) until the board is quiet; every move while
    /// the king stands attacked, for the first [`EVASION_PLIES`].
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &Position<B>,
        hash: u64,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: i32,
        ctl: &mut Control<'_>,
    ) -> i32 {
        self.nodes += 1;
        self.poll(ctl);
        if self.stopped {
            return 0;
        }
        let p = ply as i32;
        if let Some(v) = Self::decided_value(pos, p) {
            return v;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.moves_into(self.mode, &mut moves);
        let v = self.quiesce_moves(pos, hash, &moves, alpha, beta, ply, qply, ctl);
        self.lists[ply] = moves;
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        pos: &Position<B>,
        hash: u64,
        moves: &[Move],
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: i32,
        ctl: &mut Control<'_>,
    ) -> i32 {
        let p = ply as i32;
        let us = pos.turn();
        if self.mode == RuleMode::CaptureKing && Self::takes_last_royal(pos, moves) {
            return MATE - p - 1;
        }
        let in_check = self.royal_attacked(pos, us);
        if moves.is_empty() {
            return if self.mode == RuleMode::Orthodox && in_check {
                -MATE + p
            } else {
                0
            };
        }
        let evading = in_check && qply < EVASION_PLIES;
        let mut best = -INF;
        let mut stand = -INF;
        if !evading {
            stand = self.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        for (i, m) in moves.iter().enumerate() {
            let tactical = m.capture.is_some() || m.promotion == Some(Role::Queen);
            if evading || tactical {
                keys.push((order::capture_key(m), i as u32));
            }
        }
        for k in 0..keys.len() {
            let i = order::pick(&mut keys, k);
            let m = &moves[i];
            // Delta pruning: even the victim cannot lift the value to alpha.
            if !evading {
                let gain =
                    m.capture.map_or(0, |r| r.value()) + m.promotion.map_or(0, |r| r.value() - 100);
                if stand + gain + 200 <= alpha {
                    continue;
                }
            }
            let child = pos.after(m);
            let child_hash = child.zobrist_hash_from(pos, hash);
            let v = -self.quiesce(&child, child_hash, -beta, -alpha, ply + 1, qply + 1, ctl);
            if self.stopped {
                self.keys[ply] = keys;
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.keys[ply] = keys;
        best
    }
}

/// Whether `color` has a man besides pawns and royal men (null-move pruning
/// is unsafe in pawn endings, where passing would be a privilege).
fn has_pieces<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    let pawns = pos.pieces(color, Role::Pawn);
    (pos.by_color(color) & !pawns & !pos.royals(color)).any()
}

#[cfg(test)]
mod tests;
