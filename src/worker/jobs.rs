//! The computations the worker runs. Plain functions over the engine and
//! solver crates, so they are tested natively like everything else.
//!
//! Solved tables are kept in [`Tables`] between jobs, so that exploring
//! positions after a solve costs a lookup, not a new solve.

use fogbound_solvers::{fox_hounds as fh, krk, Cancelled};

use fogbound_engine::{Attempt, Told};
use fogbound_players::seat::Seat;
use fogbound_players::trace::belief_trace;
use fogbound_players::{BotLevel, Opponent};

use super::fog_lab;
use super::protocol::{Job, JobResult};

/// The largest KRK board offered in the page (tables of 2·n⁶ bytes).
pub const MAX_KRK_SIZE: u32 = 20;

/// The largest board on which the page plays the quadrant strategy out
/// (the exhaustive search keeps a 2·n⁶-byte memo and takes minutes beyond).
pub const MAX_KRK_STRATEGY_SIZE: u32 = 12;

/// The smallest board on which the strategy always mates: below 8×8 its
/// box does not fit and it fails from many starts (`fogbound krk
/// --strategy --sizes 4..8`).
pub const MIN_KRK_STRATEGY_SIZE: u32 = 8;

/// The node budget of an attempt asked for with "Move now": a glance at
/// a few boards of the belief instead of the level's full search.
pub const HURRIED_NODES: u64 = 2_000;

/// The computer's attempt in a game: the automated player `kind` seeded
/// with `seed`, kept in `seat` between moves and brought up to
/// `transcript` (its own side's views; a seat that does not fit starts over
/// and catches up, see [`Seat`]). `hurry` (the person pressed "Move now")
/// cuts its search to [`HURRIED_NODES`].
pub fn think(
    seat: &mut Option<Seat>,
    kind: &str,
    seed: u64,
    transcript: &[Told],
    hurry: bool,
) -> Result<Attempt, String> {
    let kind =
        Opponent::from_id(kind).ok_or_else(|| format!("no automated player is called '{kind}'"))?;
    let last = their_turn(transcript)?;
    let seat = match seat {
        Some(s) if s.is(kind, seed) => s,
        _ => seat.insert(Seat::new(kind, seed)),
    };
    seat.catch_up(transcript);
    Ok(seat.attempt(&last, hurry.then_some(HURRIED_NODES)))
}

/// What the automated player `kind` would try for a person: a fresh one
/// told the person's own `transcript` (not kept: the person's attempts
/// were not its own).
pub fn hint(kind: &str, seed: u64, transcript: &[Told]) -> Result<Attempt, String> {
    let kind =
        Opponent::from_id(kind).ok_or_else(|| format!("no automated player is called '{kind}'"))?;
    let last = their_turn(transcript)?;
    let mut player = kind.build(seed);
    for told in transcript {
        told.tell(player.as_mut());
    }
    Ok(player.attempt(&last))
}

/// The latest observation of `transcript`, if it is that side's turn.
fn their_turn(transcript: &[Told]) -> Result<fogbound_engine::Observation, String> {
    let last = transcript
        .last()
        .ok_or("the automated player was told nothing")?
        .observation()
        .clone();
    if last.turn != last.player || last.outcome.is_some() {
        return Err("it is not the automated player's turn".into());
    }
    Ok(last)
}

/// Solved tables the worker keeps between jobs (one per solver), and
/// where the endgame lab's files come from.
#[derive(Default)]
pub struct Tables {
    krk: Option<krk::KrkTable>,
    fox: Option<fh::Solution>,
    lab: fog_lab::LabTables,
    files: Option<Box<dyn fog_lab::TableSource>>,
    /// The computer's seat in the game being played.
    seat: Option<Seat>,
}

impl Tables {
    /// Tables whose lab files come from `files` (natively: a directory).
    pub fn with_files(files: Box<dyn fog_lab::TableSource>) -> Tables {
        Tables {
            files: Some(files),
            ..Tables::default()
        }
    }

    /// The lab's tables and its file source: the folder `url` in the
    /// worker unless another source was given.
    fn lab(
        &mut self,
        url: &str,
    ) -> Result<(&mut fog_lab::LabTables, &mut dyn fog_lab::TableSource), String> {
        #[cfg(target_arch = "wasm32")]
        if self.files.is_none() {
            self.files = Some(Box::new(fog_lab::PageFiles::new(url)));
        }
        let _ = url;
        let files = self
            .files
            .as_deref_mut()
            .ok_or("the endgame files are not at hand here")?;
        Ok((&mut self.lab, files))
    }
}

/// The largest Fox & Hounds board whose AI tables (FoxBox values, fuzz
/// odds) the page builds: 10×10 needs about 2 GB for them.
pub const MAX_FOX_AI_SIZE: u8 = 9;

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
        Job::KrkGrowth { max_size } => {
            if !(krk::MIN_SIZE as u32..=MAX_KRK_SIZE).contains(max_size) {
                return Err(format!(
                    "the largest board must be between {} and {MAX_KRK_SIZE}",
                    krk::MIN_SIZE
                ));
            }
            let mut rows = Vec::new();
            for size in krk::MIN_SIZE as u32..=*max_size {
                let mut pass_report = |pass: &str, done: u64, total: u64| {
                    report(&format!("{size}×{size}: {pass}"), done, total);
                };
                let table = krk_table(tables, size, &mut pass_report)?;
                rows.push(krk::quadrant::growth_row(table));
            }
            Ok(JobResult::KrkGrowth(rows))
        }
        Job::KrkStrategy {
            size,
            stride,
            exhaustive,
        } => {
            if !(MIN_KRK_STRATEGY_SIZE..=MAX_KRK_STRATEGY_SIZE).contains(size) {
                return Err(format!(
                    "the strategy is played out in the page on boards from {MIN_KRK_STRATEGY_SIZE}×{MIN_KRK_STRATEGY_SIZE} \
                     to {MAX_KRK_STRATEGY_SIZE}×{MAX_KRK_STRATEGY_SIZE}"
                ));
            }
            let table = krk_table(tables, *size, report)?;
            report("playing the strategy out", 0, 1);
            Ok(JobResult::KrkStrategy(krk::strategy::strategy_row(
                table,
                (*stride).max(1),
                *exhaustive,
            )))
        }
        Job::PuzzleTurn {
            puzzle,
            steps,
            attempt,
        } => super::puzzle::turn(puzzle, steps, attempt.as_deref(), report)
            .map(|t| JobResult::PuzzleTurn(Box::new(t))),
        Job::PuzzleSolve {
            puzzle,
            max_nodes,
            cooks,
        } => super::puzzle::solve(puzzle, *max_nodes, *cooks, report)
            .map(|s| JobResult::PuzzleSolved(Box::new(s))),
        Job::Think {
            kind,
            seed,
            transcript,
            hurry,
        } => think(&mut tables.seat, kind, *seed, transcript, *hurry).map(JobResult::Attempt),
        Job::Hint {
            kind,
            seed,
            transcript,
        } => hint(kind, *seed, transcript).map(JobResult::Attempt),
        Job::Beliefs {
            level,
            seed,
            transcript,
        } => {
            let level = BotLevel::from_id(level)
                .ok_or_else(|| format!("the bot has no level called '{level}'"))?;
            let frames = belief_trace(level, *seed, transcript, &mut |done, total| {
                report("what the computer believed", done, total)
            });
            Ok(JobResult::Beliefs(frames))
        }
        Job::FoxSolve { size } => {
            let solution = fox_solution(tables, *size, report)?;
            Ok(JobResult::FoxSolved {
                summary: solution.summary(),
                counts: solution.evaluation_counts(),
            })
        }
        Job::FoxExplore { size, position, p } => {
            let solution = fox_solution(tables, *size, report)?;
            let bad = |e: fh::PositionError| format!("that position cannot be reached: {e}");
            let evaluation = solution.evaluate(position).map_err(bad)?;
            let over = solution.is_over(position).map_err(bad)?;
            let moves = solution.moves(position).map_err(bad)?;
            let (weights, fox_box) = if *size <= MAX_FOX_AI_SIZE && !over {
                report("AI tables", 0, 1);
                let weights = solution.ai_weights(position, *p).map_err(bad)?;
                let fox_box = solution.fox_box(position).ok();
                (weights.into_iter().map(|(_, w)| w).collect(), fox_box)
            } else {
                (Vec::new(), None)
            };
            Ok(JobResult::FoxExplored {
                position: position.clone(),
                evaluation,
                over,
                moves,
                weights,
                fox_box,
            })
        }
        Job::FogLabFigures {
            reading,
            size,
            files,
        } => {
            let (lab, files) = tables.lab(files)?;
            fog_lab::figures(lab, files, reading, *size, report).map(JobResult::FogLabFigures)
        }
        Job::FogLabVerdict {
            material,
            men,
            king,
            files,
        } => {
            let (lab, files) = tables.lab(files)?;
            fog_lab::verdict(lab, files, material, men, *king, report).map(JobResult::FogLabVerdict)
        }
        Job::FogLabExplain {
            material,
            men,
            set,
            files,
        } => {
            let (lab, files) = tables.lab(files)?;
            fog_lab::explain(lab, files, material, men, *set, report)
                .map(JobResult::FogLabExplained)
        }
        Job::FoxNamed { size, name } => {
            let solution = fox_solution(tables, *size, report)?;
            solution
                .named(*name)
                .map(JobResult::FoxNamed)
                .ok_or_else(|| format!("the {} exists only on the 8×8 board", name.label()))
        }
        Job::FoxFuzz { size, p } => {
            fox_ai_size(*size)?;
            if !(0.0..=1.0).contains(p) {
                return Err("the fuzz factor must be between 0 and 1".into());
            }
            let solution = fox_solution(tables, *size, report)?;
            report("AI tables and odds", 0, 1);
            Ok(JobResult::FoxFuzz(solution.fuzz(*p)))
        }
        Job::FoxFairest { size, steps } => {
            fox_ai_size(*size)?;
            let solution = fox_solution(tables, *size, report)?;
            let steps = (*steps).clamp(1, 40) as usize;
            // One bisection step at a time, so progress can be shown.
            let (mut lo, mut hi) = (0.0f64, 1.0f64);
            let mut tried = Vec::with_capacity(steps);
            for step in 0..steps {
                report("bisection", step as u64, steps as u64);
                let mid = (lo + hi) / 2.0;
                let chance = solution.underdog_chances(mid);
                tried.push((mid, chance));
                if chance < 0.5 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            Ok(JobResult::FoxFairest(tried))
        }
    }
}

fn fox_ai_size(size: u8) -> Result<(), String> {
    if size > MAX_FOX_AI_SIZE {
        return Err(format!(
            "the AI's tables for {size}×{size} need about 2 GB; the page offers them up to {MAX_FOX_AI_SIZE}×{MAX_FOX_AI_SIZE}"
        ));
    }
    Ok(())
}

fn fox_solution<'t>(
    tables: &'t mut Tables,
    size: u8,
    report: &mut dyn FnMut(&str, u64, u64),
) -> Result<&'t fh::Solution, String> {
    let board = fh::BoardSize::new(size).map_err(|e| e.to_string())?;
    if tables.fox.as_ref().map(|s| s.size()) != Some(board) {
        tables.fox = None; // free the old tables first
        let mut progress = |pass: &str, done: u64, total: u64| -> Result<(), Cancelled> {
            report(pass, done, total);
            Ok(())
        };
        tables.fox = Some(fh::solve(board, &mut progress).map_err(|e| e.to_string())?);
    }
    tables
        .fox
        .as_ref()
        .ok_or_else(|| "the table was not built".to_string())
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
    fn fox_hounds_solve_explore_and_fuzz() {
        let mut tables = Tables::default();
        let JobResult::FoxSolved { summary, counts } =
            run(&Job::FoxSolve { size: 8 }, &mut tables, &mut quiet()).unwrap()
        else {
            panic!("wrong result kind");
        };
        assert_eq!(summary.positions, 709_868);
        assert_eq!(summary.evaluation, "Hounds win in 44");
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 709_868);

        let JobResult::FoxNamed(opposite) = run(
            &Job::FoxNamed {
                size: 8,
                name: fh::NamedPosition::Opposite,
            },
            &mut tables,
            &mut quiet(),
        )
        .unwrap() else {
            panic!("wrong result kind");
        };
        let job = Job::FoxExplore {
            size: 8,
            position: opposite,
            p: 0.0,
        };
        let JobResult::FoxExplored {
            evaluation,
            moves,
            weights,
            ..
        } = run(&job, &mut tables, &mut quiet()).unwrap()
        else {
            panic!("wrong result kind");
        };
        assert_eq!(evaluation.to_string(), "Fox win in 29");
        assert_eq!(weights.len(), moves.len());

        let JobResult::FoxFuzz(odds) = run(
            &Job::FoxFuzz {
                size: 8,
                p: 0.006935,
            },
            &mut tables,
            &mut quiet(),
        )
        .unwrap() else {
            panic!("wrong result kind");
        };
        assert!((odds.from_initial - 0.5).abs() < 0.001, "{odds:?}");
    }

    #[test]
    fn bad_fox_input_is_an_error_not_a_panic() {
        let mut tables = Tables::default();
        assert!(run(&Job::FoxSolve { size: 11 }, &mut tables, &mut quiet()).is_err());
        assert!(run(&Job::FoxSolve { size: 0 }, &mut tables, &mut quiet()).is_err());
        assert!(run(
            &Job::FoxFuzz { size: 10, p: 0.01 },
            &mut tables,
            &mut quiet()
        )
        .is_err());
        assert!(run(&Job::FoxFuzz { size: 4, p: 2.0 }, &mut tables, &mut quiet()).is_err());
        let named = Job::FoxNamed {
            size: 4,
            name: fh::NamedPosition::FoxBox1,
        };
        assert!(run(&named, &mut tables, &mut quiet()).is_err());
    }

    #[test]
    fn krk_growth_rows_grow() {
        let JobResult::KrkGrowth(rows) = run(
            &Job::KrkGrowth { max_size: 8 },
            &mut Tables::default(),
            &mut quiet(),
        )
        .unwrap() else {
            panic!("wrong result kind");
        };
        assert_eq!(rows.len(), 6);
        assert_eq!(rows.last().map(|r| r.max_dtm_white_to_move), Some(16));
        assert!(rows
            .windows(2)
            .all(|w| w[0].max_dtm_white_to_move <= w[1].max_dtm_white_to_move));
    }

    #[test]
    fn the_strategy_is_played_out_on_8x8() {
        // The solver crate's tests cover every start exhaustively; here the
        // job's plumbing, on a sample.
        let job = Job::KrkStrategy {
            size: 8,
            stride: 97,
            exhaustive: false,
        };
        let JobResult::KrkStrategy(row) = run(&job, &mut Tables::default(), &mut quiet()).unwrap()
        else {
            panic!("wrong result kind");
        };
        assert_eq!(row.against_table.failures, 0);
        assert!(row.against_table.starts > 1000);
        assert!(row.against_table.worst_moves >= row.max_dtm_white_to_move);
        assert!(row.exhaustive.is_none());
        for size in [6, 20] {
            let job = Job::KrkStrategy {
                size,
                stride: 1,
                exhaustive: false,
            };
            assert!(run(&job, &mut Tables::default(), &mut quiet()).is_err());
        }
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
