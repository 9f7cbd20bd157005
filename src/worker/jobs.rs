//! The computations the worker runs. Plain functions over the engine and
//! solver crates, so they are tested natively like everything else.
//!
//! Solved tables are kept in [`Tables`] between jobs, so that exploring
//! positions after a solve costs a lookup, not a new solve.

use fogbound_solvers::{krk, Cancelled};

use super::protocol::{Job, JobResult};

/// The largest KRK board offered in the page (tables of 2·n⁶ bytes).
pub const MAX_KRK_SIZE: u32 = 20;

/// Solved tables the worker keeps between jobs (one per solver).
#[derive(Default)]
pub struct Tables {
    krk: Option<krk::KrkTable>,
}

/// Runs `job`, calling `report(pass, done, total)` as it goes. Bad input
/// (an unknown variant, a malformed FEN, an absurd depth) is an `Err` with a
/// message for the page, never a panic.
pub fn run(
    job: &Job,
    tables: &mut Tables,
    report: &mut dyn FnMut(&str, u64, u64),
) -> Result<JobResult, String> {
    match job {
        Job::Perft {
            variant,
            fen,
            depth,
        } => perft(variant, fen.as_deref(), *depth, report),
        Job::KrkSolve { size } => {
            let table = krk_table(tables, *size, report)?;
            Ok(JobResult::KrkSolved(table.summary().clone()))
        }
        Job::KrkExplore { size, position } => {
            let table = krk_table(tables, *size, report)?;
            let value = table.value(position);
            if value == krk::Value::Illegal {
                return Err(format!(
                    "that is not a legal position on a {size}×{size} board"
                ));
            }
            Ok(JobResult::KrkExplored {
                position: *position,
                value,
                moves: table.moves(position),
            })
        }
        Job::KrkRandom {
            size,
            side,
            seed,
            won_only,
        } => {
            let table = krk_table(tables, *size, report)?;
            let wanted = |v: krk::Value| {
                !won_only || matches!(v, krk::Value::WhiteWins { moves } if moves > 0)
            };
            table
                .random_position_where(*side, *seed, wanted)
                .map(JobResult::KrkRandom)
                .ok_or_else(|| "no such position exists on this board".to_string())
        }
    }
}

fn krk_table<'t>(
    tables: &'t mut Tables,
    size: u32,
    report: &mut dyn FnMut(&str, u64, u64),
) -> Result<&'t krk::KrkTable, String> {
    if !(krk::MIN_SIZE as u32..=MAX_KRK_SIZE).contains(&size) {
        return Err(format!(
            "the board size must be between {} and {MAX_KRK_SIZE}",
            krk::MIN_SIZE
        ));
    }
    let size = size as usize;
    if tables.krk.as_ref().map(|t| t.size()) != Some(size) {
        tables.krk = None; // free the old table before building the new one
        let mut progress = |pass: &str, done: u64, total: u64| -> Result<(), Cancelled> {
            report(pass, done, total);
            Ok(())
        };
        let table = krk::solve(size, &mut progress).map_err(|e| e.to_string())?;
        tables.krk = Some(table);
    }
    tables
        .krk
        .as_ref()
        .ok_or_else(|| "the table was not built".to_string())
}

/// The deepest perft the page offers; deeper trees take hours.
pub const MAX_PERFT_DEPTH: u32 = 7;

fn perft(
    variant: &str,
    fen: Option<&str>,
    depth: u32,
    report: &mut dyn FnMut(&str, u64, u64),
) -> Result<JobResult, String> {
    use fogbound_engine::{Bitboard128, Bitboard256, Bitboard64, Variant};
    if depth == 0 || depth > MAX_PERFT_DEPTH {
        return Err(format!("depth must be between 1 and {MAX_PERFT_DEPTH}"));
    }
    let variant = Variant::by_id(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    let geometry = variant.geometry();
    let squares = usize::from(geometry.width()) * usize::from(geometry.height());
    if squares <= 64 {
        perft_on::<Bitboard64>(&variant, fen, depth, report)
    } else if squares <= 128 {
        perft_on::<Bitboard128>(&variant, fen, depth, report)
    } else {
        perft_on::<Bitboard256>(&variant, fen, depth, report)
    }
}

/// Perft split by first move, reporting after each first move.
fn perft_on<B: fogbound_engine::Bitboard>(
    variant: &fogbound_engine::Variant,
    fen: Option<&str>,
    depth: u32,
    report: &mut dyn FnMut(&str, u64, u64),
) -> Result<JobResult, String> {
    use fogbound_engine::{perft, Position, RuleMode};
    let position = match fen {
        Some(fen) => Position::<B>::from_fen(variant, fen),
        None => Position::<B>::start(variant),
    }
    .map_err(|e| format!("that position cannot be read: {e}"))?;
    let mode = RuleMode::Orthodox;
    let moves = position.moves(mode);
    let total = moves.len() as u64;
    let mut divide = Vec::with_capacity(moves.len());
    for (done, m) in moves.iter().enumerate() {
        report("counting", done as u64, total);
        let nodes = perft(&position.after(m), depth - 1, mode);
        divide.push((position.to_coord(m), nodes));
    }
    report("counting", total, total);
    let nodes = divide.iter().map(|(_, n)| n).sum();
    Ok(JobResult::Perft { nodes, divide })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet() -> impl FnMut(&str, u64, u64) {
        |_, _, _| {}
    }

    #[test]
    fn perft_counts_and_divides() {
        let job = Job::Perft {
            variant: "chess".into(),
            fen: None,
            depth: 3,
        };
        let mut reports = 0;
        let mut report = |_: &str, _: u64, _: u64| reports += 1;
        let JobResult::Perft { nodes, divide } =
            run(&job, &mut Tables::default(), &mut report).unwrap()
        else {
            panic!("wrong result kind");
        };
        assert_eq!(nodes, 8_902);
        assert_eq!(divide.len(), 20);
        assert!(reports >= 20);
        let job = Job::Perft {
            variant: "foolish-king".into(),
            fen: None,
            depth: 1,
        };
        assert!(run(&job, &mut Tables::default(), &mut quiet()).is_ok());
    }

    #[test]
    fn bad_perft_input_is_an_error_not_a_panic() {
        let bad = [
            Job::Perft {
                variant: "chess".into(),
                fen: Some("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
                depth: 2,
            },
            Job::Perft {
                variant: "chess".into(),
                fen: Some("".into()),
                depth: 2,
            },
            Job::Perft {
                variant: "checkers".into(),
                fen: None,
                depth: 2,
            },
            Job::Perft {
                variant: "chess".into(),
                fen: None,
                depth: 0,
            },
            Job::Perft {
                variant: "chess".into(),
                fen: None,
                depth: 99,
            },
        ];
        for job in bad {
            let error = run(&job, &mut Tables::default(), &mut quiet()).unwrap_err();
            assert!(!error.is_empty());
        }
    }

    #[test]
    fn krk_solve_then_explore_uses_the_kept_table() {
        let mut tables = Tables::default();
        let mut passes = Vec::new();
        let mut report = |pass: &str, _: u64, _: u64| passes.push(pass.to_string());
        let JobResult::KrkSolved(summary) =
            run(&Job::KrkSolve { size: 8 }, &mut tables, &mut report).unwrap()
        else {
            panic!("wrong result kind");
        };
        assert_eq!(summary.white_to_move_positions, 175_168);
        assert!(!passes.is_empty(), "progress was reported");

        let position = krk::Position::parse("Ke1 Ra1 ke8 w", 8).unwrap();
        let mut no_solve = |pass: &str, _: u64, _: u64| panic!("solved again ({pass})");
        let JobResult::KrkExplored { value, moves, .. } = run(
            &Job::KrkExplore { size: 8, position },
            &mut tables,
            &mut no_solve,
        )
        .unwrap() else {
            panic!("wrong result kind");
        };
        assert!(matches!(value, krk::Value::WhiteWins { .. }));
        assert!(!moves.is_empty());
    }

    #[test]
    fn bad_krk_input_is_an_error_not_a_panic() {
        let mut tables = Tables::default();
        assert!(run(&Job::KrkSolve { size: 2 }, &mut tables, &mut quiet()).is_err());
        assert!(run(&Job::KrkSolve { size: 1000 }, &mut tables, &mut quiet()).is_err());
        // Kings side by side: illegal.
        let position = krk::Position::parse("Ke1 Ra8 kd1 w", 4)
            .unwrap_or_else(|_| krk::Position::parse("Ka1 Rc3 kb1 w", 4).unwrap());
        assert!(run(
            &Job::KrkExplore { size: 4, position },
            &mut tables,
            &mut quiet()
        )
        .is_err());
    }

    #[test]
    fn random_won_positions_are_won() {
        let mut tables = Tables::default();
        for seed in 0..20 {
            let job = Job::KrkRandom {
                size: 6,
                side: krk::Side::Black,
                seed,
                won_only: true,
            };
            let JobResult::KrkRandom(position) = run(&job, &mut tables, &mut quiet()).unwrap()
            else {
                panic!("wrong result kind");
            };
            let table = tables.krk.as_ref().unwrap();
            assert!(matches!(table.value(&position), krk::Value::WhiteWins { moves } if moves > 0));
        }
    }
}
