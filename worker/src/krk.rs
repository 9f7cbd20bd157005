//! The King + Rook vs King domain: solve a board, explore positions of the
//! kept table, draw a start, the longest mates board by board, and the
//! quadrant strategy played out.

use fogbound_solvers::krk::quadrant::{growth_row, GrowthRow};
use fogbound_solvers::krk::strategy::{strategy_row, StrategyRow};
use fogbound_solvers::krk::{self, KrkSummary, KrkTable, Position, ScoredMove, Side, Value};
use serde::{Deserialize, Serialize};

use super::protocol::{Domain, DomainId};
use super::{kept_or_solved, Report};

/// The KRK domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct KrkJobs;

impl Domain for KrkJobs {
    const ID: DomainId = DomainId::Krk;
    type Job = KrkJob;
    type Answer = KrkAnswer;
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum KrkJob {
    /// Solve KRK on a `size`×`size` board; the worker keeps the table for
    /// the jobs below.
    Solve { size: u32 },
    /// The value and scored legal moves of a position (solving first if
    /// the table for `size` is not at hand).
    Explore { size: u32, position: Position },
    /// A random legal position with `side` to move that White wins (any
    /// position if `won_only` is false).
    Random {
        size: u32,
        side: Side,
        seed: u64,
        won_only: bool,
    },
    /// Solve every board from 3×3 to `max_size` and compare the longest
    /// mates with the quadrant strategy.
    Growth { max_size: u32 },
    /// Play the table-free quadrant strategy out on a `size`×`size` board
    /// against the table's defence (every `stride`-th start) and, if
    /// `exhaustive`, against every defence from every start.
    Strategy {
        size: u32,
        stride: u64,
        exhaustive: bool,
    },
}

/// The answer to a [`KrkJob`], one variant per job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum KrkAnswer {
    Solved(KrkSummary),
    Explored {
        position: Position,
        value: Value,
        moves: Vec<ScoredMove>,
    },
    Random(Position),
    Growth(Vec<GrowthRow>),
    Strategy(StrategyRow),
}

/// The largest board offered in the page (tables of 2·n⁶ bytes).
pub const MAX_KRK_SIZE: u32 = 20;

/// The largest board on which the page plays the quadrant strategy out
/// (the exhaustive search keeps a 2·n⁶-byte memo and takes minutes beyond).
pub const MAX_KRK_STRATEGY_SIZE: u32 = 12;

/// The smallest board on which the strategy always mates: below 8×8 its
/// box does not fit and it fails from many starts (`fogbound krk
/// --strategy --sizes 4..8`).
pub const MIN_KRK_STRATEGY_SIZE: u32 = 8;

/// The table the worker keeps between jobs (one board at a time).
pub type KeptTable = Option<KrkTable>;

/// Runs `job`, solving first when the kept table is not the board's.
pub fn run(job: &KrkJob, kept: &mut KeptTable, report: Report<'_>) -> Result<KrkAnswer, String> {
    match *job {
        KrkJob::Solve { size } => {
            let table = table(kept, size, report)?;
            Ok(KrkAnswer::Solved(table.summary().clone()))
        }
        KrkJob::Explore { size, position } => {
            let table = table(kept, size, report)?;
            let value = table.value(&position);
            if value == Value::Illegal {
                return Err(format!(
                    "that is not a legal position on a {size}×{size} board"
                ));
            }
            Ok(KrkAnswer::Explored {
                position,
                value,
                moves: table.moves(&position),
            })
        }
        KrkJob::Random {
            size,
            side,
            seed,
            won_only,
        } => {
            let table = table(kept, size, report)?;
            let wanted =
                |v: Value| !won_only || matches!(v, Value::WhiteWins { moves } if moves > 0);
            table
                .random_position_where(side, seed, wanted)
                .map(KrkAnswer::Random)
                .ok_or_else(|| "no such position exists on this board".to_string())
        }
        KrkJob::Growth { max_size } => {
            if !(krk::MIN_SIZE as u32..=MAX_KRK_SIZE).contains(&max_size) {
                return Err(format!(
                    "the largest board must be between {} and {MAX_KRK_SIZE}",
                    krk::MIN_SIZE
                ));
            }
            let mut rows = Vec::new();
            for size in krk::MIN_SIZE as u32..=max_size {
                let mut pass_report = |pass: &str, done: u64, total: u64| {
                    report(&format!("{size}×{size}: {pass}"), done, total);
                };
                rows.push(growth_row(table(kept, size, &mut pass_report)?));
            }
            Ok(KrkAnswer::Growth(rows))
        }
        KrkJob::Strategy {
            size,
            stride,
            exhaustive,
        } => {
            if !(MIN_KRK_STRATEGY_SIZE..=MAX_KRK_STRATEGY_SIZE).contains(&size) {
                return Err(format!(
                    "the strategy is played out in the page on boards from {MIN_KRK_STRATEGY_SIZE}×{MIN_KRK_STRATEGY_SIZE} \
                     to {MAX_KRK_STRATEGY_SIZE}×{MAX_KRK_STRATEGY_SIZE}"
                ));
            }
            let table = table(kept, size, report)?;
            report("playing the strategy out", 0, 1);
            Ok(KrkAnswer::Strategy(strategy_row(
                table,
                stride.max(1),
                exhaustive,
            )))
        }
    }
}

/// The kept table when it is `size`'s, else a new one solved in its place.
fn table<'t>(
    kept: &'t mut KeptTable,
    size: u32,
    report: Report<'_>,
) -> Result<&'t KrkTable, String> {
    if !(krk::MIN_SIZE as u32..=MAX_KRK_SIZE).contains(&size) {
        return Err(format!(
            "the board size must be between {} and {MAX_KRK_SIZE}",
            krk::MIN_SIZE
        ));
    }
    let size = size as usize;
    kept_or_solved(
        kept,
        |t| t.size() == size,
        report,
        |progress| krk::solve(size, progress),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiet;

    #[test]
    fn a_solve_then_an_exploration_uses_the_kept_table() {
        let mut kept = None;
        let mut passes = Vec::new();
        let mut report = |pass: &str, _: u64, _: u64| passes.push(pass.to_string());
        let KrkAnswer::Solved(summary) =
            run(&KrkJob::Solve { size: 8 }, &mut kept, &mut report).unwrap()
        else {
            panic!("a solve answers with its summary");
        };
        assert_eq!(summary.white_to_move_positions, 175_168);
        assert!(!passes.is_empty(), "progress was reported");

        let position = Position::parse("Ke1 Ra1 ke8 w", 8).unwrap();
        let mut no_solve = |pass: &str, _: u64, _: u64| panic!("solved again ({pass})");
        let KrkAnswer::Explored { value, moves, .. } = run(
            &KrkJob::Explore { size: 8, position },
            &mut kept,
            &mut no_solve,
        )
        .unwrap() else {
            panic!("an exploration answers with the position's moves");
        };
        assert!(matches!(value, Value::WhiteWins { .. }));
        assert!(!moves.is_empty());
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut kept = None;
        assert!(run(&KrkJob::Solve { size: 2 }, &mut kept, &mut quiet()).is_err());
        assert!(run(&KrkJob::Solve { size: 1000 }, &mut kept, &mut quiet()).is_err());
        // Kings side by side: illegal.
        let position = Position::parse("Ka1 Rc3 kb1 w", 4).unwrap();
        let job = KrkJob::Explore { size: 4, position };
        assert!(run(&job, &mut kept, &mut quiet()).is_err());
    }

    #[test]
    fn the_longest_mates_grow_with_the_board() {
        let KrkAnswer::Growth(rows) =
            run(&KrkJob::Growth { max_size: 8 }, &mut None, &mut quiet()).unwrap()
        else {
            panic!("growth answers with its rows");
        };
        assert_eq!(rows.len(), 6);
        assert_eq!(rows.last().map(|r| r.max_dtm_white_to_move), Some(16));
        assert!(rows
            .windows(2)
            .all(|w| w[0].max_dtm_white_to_move <= w[1].max_dtm_white_to_move));
    }

    #[test]
    fn the_strategy_is_played_out_on_8x8_only_within_the_offered_boards() {
        // The solver crate's tests cover every start exhaustively; here the
        // job's plumbing, on a sample.
        let job = KrkJob::Strategy {
            size: 8,
            stride: 97,
            exhaustive: false,
        };
        let KrkAnswer::Strategy(row) = run(&job, &mut None, &mut quiet()).unwrap() else {
            panic!("the strategy answers with its row");
        };
        assert_eq!(row.against_table.failures, 0);
        assert!(row.against_table.starts > 1000);
        assert!(row.against_table.worst_moves >= row.max_dtm_white_to_move);
        assert!(row.exhaustive.is_none());
        for size in [6, 20] {
            let job = KrkJob::Strategy {
                size,
                stride: 1,
                exhaustive: false,
            };
            assert!(run(&job, &mut None, &mut quiet()).is_err());
        }
    }

    #[test]
    fn random_won_positions_are_won() {
        let mut kept = None;
        for seed in 0..20 {
            let job = KrkJob::Random {
                size: 6,
                side: Side::Black,
                seed,
                won_only: true,
            };
            let KrkAnswer::Random(position) = run(&job, &mut kept, &mut quiet()).unwrap() else {
                panic!("a draw answers with a position");
            };
            let table = kept.as_ref().unwrap();
            assert!(matches!(table.value(&position), Value::WhiteWins { moves } if moves > 0));
        }
    }
}
