//! The strategy set beside the optimum, start by start ([`StrategyReport`]),
//! and one start's line ([`StrategyLine`]); [`evaluate`] and
//! [`strategy_line`] run them on a thread with a large stack.

use serde::Serialize;

use super::super::board::{bits, Board};
use super::super::game::Reading;
use super::super::men::{Material, Placements};
use super::super::results::starts;
use super::{Failure, Outcome, PaperKq, RaiseRule, Rule, Stage};

pub(super) fn bump(h: &mut Vec<u64>, k: usize) {
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

/// The paper's K+Q strategy on the n×n board against the optimum (the
/// rounds search on up to `threads` threads), sighted or blind. Runs on a
/// thread of its own with a large stack (the evaluator recurses once per
/// move of the longest line).
pub fn evaluate(
    n: usize,
    reading: Reading,
    threads: usize,
    raise_rule: RaiseRule,
) -> Result<StrategyReport, String> {
    with_stack(|| {
        let mut strategy = PaperKq::new(n, reading)?;
        strategy.raise_rule = raise_rule;
        let values = super::super::rounds::solve(
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
    raise_rule: RaiseRule,
    king: u8,
    queen: u8,
    black_king: u8,
) -> Result<StrategyLine, String> {
    with_stack(|| {
        let mut strategy = PaperKq::new(n, reading)?;
        strategy.raise_rule = raise_rule;
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

impl PaperKq {
    /// Plays the strategy from every start of the board (as the solver
    /// counts them) and compares it with the optimum.
    pub fn evaluate(&mut self, optimum: impl Fn(u32, u8) -> u16) -> StrategyReport {
        let table_starts = starts(&self.table);
        let n = self.board().size();
        let mut report = StrategyReport {
            strategy: self.raise_rule.name(),
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
