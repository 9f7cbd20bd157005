//! The strategy played out against a defence: one game ([`PlayOut`]),
//! every start against the table's defence ([`against_table`]), and the
//! row that sets it beside the table and the quadrant plan
//! ([`strategy_row`]).

use serde::{Deserialize, Serialize};

use super::super::play::{Position, Side, Value};
use super::super::quadrant::quadrant_worst_case;
use super::super::solver::KrkTable;
use super::{exhaustive_worst_case, Exhaustive, Phase, Status, Strategy};

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

/// One row of the strategy comparison: the played-out strategy beside the
/// table's exact worst case and the quadrant plan's first-phase formula.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategyRow {
    pub size: usize,
    /// The table's longest forced mate with White to move (White moves).
    pub max_dtm_white_to_move: u32,
    /// The quadrant plan's first-phase count `m + 4 − min(p, q)` at its worst over
    /// the n×n corner of the quadrant ([`quadrant_worst_case`]).
    pub quadrant_phase_one_worst: u32,
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
        quadrant_phase_one_worst: quadrant_worst_case(n).white_moves,
        against_table: against_table(&strategy, table, stride),
        exhaustive: exhaustive.then(|| exhaustive_worst_case(&strategy)),
    }
}

impl Strategy {
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
}
