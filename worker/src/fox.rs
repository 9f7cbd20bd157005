//! The Fox & Hounds domain: solve a board, explore positions of the kept
//! solution with the AI's move drawn for them, the published example
//! positions, the odds against the AI and the fairest fuzz factor — every
//! algorithm the solver's own (`fogbound_solvers::fox_hounds`).

use fogbound_solvers::fox_hounds::{
    self as fh, Evaluation, FoxBoxInfo, FuzzOdds, Move, MoveOutcome, NamedPosition, Position,
    Solution, Summary,
};
use serde::{Deserialize, Serialize};

use super::protocol::{Domain, DomainId};
use super::{kept_or_solved, Report};

/// The Fox & Hounds domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FoxJobs;

impl Domain for FoxJobs {
    const ID: DomainId = DomainId::Fox;
    type Job = FoxJob;
    type Answer = FoxAnswer;
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FoxJob {
    /// Solve a `size`×`size` board; the worker keeps the solution.
    Solve { size: u8 },
    /// A position's evaluation, its scored moves, the AI's weights for
    /// fuzz factor `p` and the AI's move drawn with `seed` (solving first
    /// if needed).
    Explore {
        size: u8,
        position: Position,
        p: f64,
        seed: u64,
    },
    /// One of the published example positions on this board.
    Named { size: u8, name: NamedPosition },
    /// The chances of optimal play against the AI with fuzz factor `p`.
    Fuzz { size: u8, p: f64 },
    /// The fairest fuzz factor by bisection (`steps` halvings of [0, 1]).
    Fairest { size: u8, steps: u32 },
}

/// The answer to a [`FoxJob`], one variant per job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FoxAnswer {
    Solved {
        summary: Summary,
        counts: Vec<(Evaluation, u64)>,
    },
    Explored(Explored),
    Named(Position),
    Fuzz(FuzzOdds),
    /// Each bisection step: (p, the underdog's chance).
    Fairest(Vec<(f64, f64)>),
}

/// A position as the game against the AI needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Explored {
    pub position: Position,
    pub evaluation: Evaluation,
    pub over: bool,
    pub moves: Vec<MoveOutcome>,
    /// The AI's weight for each move of `moves` (same order); empty where
    /// the page offers no AI tables.
    pub weights: Vec<f64>,
    /// The move the AI plays here: drawn by `weights`, or perfect play
    /// where there are none; `None` when the game is over.
    pub ai_move: Option<Move>,
    pub fox_box: Option<FoxBoxInfo>,
}

/// The largest board whose AI tables (FoxBox values, fuzz odds) the page
/// builds: 10×10 needs about 2 GB for them.
pub const MAX_FOX_AI_SIZE: u8 = 9;

/// The most bisection steps a page may ask for (40 reach the crossing).
const MAX_FAIREST_STEPS: u32 = 40;

/// The solution the worker keeps between jobs (one board at a time).
pub type KeptSolution = Option<Solution>;

/// Runs `job`, solving first when the kept solution is not the board's.
pub fn run(job: &FoxJob, kept: &mut KeptSolution, report: Report<'_>) -> Result<FoxAnswer, String> {
    match job {
        FoxJob::Solve { size } => {
            let solution = solution(kept, *size, report)?;
            Ok(FoxAnswer::Solved {
                summary: solution.summary(),
                counts: solution.evaluation_counts(),
            })
        }
        FoxJob::Explore {
            size,
            position,
            p,
            seed,
        } => {
            let solution = solution(kept, *size, report)?;
            let bad = |e: fh::PositionError| format!("that position cannot be reached: {e}");
            let evaluation = solution.evaluate(position).map_err(bad)?;
            let over = solution.is_over(position).map_err(bad)?;
            let moves = solution.moves(position).map_err(bad)?;
            let (weights, ai_move, fox_box) = if *size <= MAX_FOX_AI_SIZE && !over {
                report("AI tables", 0, 1);
                let weights = solution.ai_weights(position, *p).map_err(bad)?;
                let ai_move = solution.ai_move(position, *p, *seed).map_err(bad)?;
                let fox_box = solution.fox_box(position).ok();
                (
                    weights.into_iter().map(|(_, w)| w).collect(),
                    ai_move,
                    fox_box,
                )
            } else {
                // No AI tables: perfect play, the best move first.
                (Vec::new(), moves.first().map(|o| o.mv), None)
            };
            Ok(FoxAnswer::Explored(Explored {
                position: position.clone(),
                evaluation,
                over,
                moves,
                weights,
                ai_move,
                fox_box,
            }))
        }
        FoxJob::Named { size, name } => {
            let solution = solution(kept, *size, report)?;
            solution
                .named(*name)
                .map(FoxAnswer::Named)
                .ok_or_else(|| format!("the {} exists only on the 8×8 board", name.label()))
        }
        FoxJob::Fuzz { size, p } => {
            ai_size(*size)?;
            if !(0.0..=1.0).contains(p) {
                return Err("the fuzz factor must be between 0 and 1".into());
            }
            let solution = solution(kept, *size, report)?;
            report("AI tables and odds", 0, 1);
            Ok(FoxAnswer::Fuzz(solution.fuzz(*p)))
        }
        FoxJob::Fairest { size, steps } => {
            ai_size(*size)?;
            let solution = solution(kept, *size, report)?;
            let steps = (*steps).clamp(1, MAX_FAIREST_STEPS) as usize;
            report("bisection", 0, 1);
            Ok(FoxAnswer::Fairest(solution.fairest_fuzz(steps)))
        }
    }
}

fn ai_size(size: u8) -> Result<(), String> {
    if size > MAX_FOX_AI_SIZE {
        return Err(format!(
            "the AI's tables for {size}×{size} need about 2 GB; the page offers them up to {MAX_FOX_AI_SIZE}×{MAX_FOX_AI_SIZE}"
        ));
    }
    Ok(())
}

/// The kept solution when it is `size`'s, else a new one solved in its place.
fn solution<'t>(
    kept: &'t mut KeptSolution,
    size: u8,
    report: Report<'_>,
) -> Result<&'t Solution, String> {
    let board = fh::BoardSize::new(size).map_err(|e| e.to_string())?;
    kept_or_solved(
        kept,
        |s| s.size() == board,
        report,
        |progress| fh::solve(board, progress),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiet;

    #[test]
    fn solve_explore_and_fuzz_on_8x8() {
        let mut kept = None;
        let FoxAnswer::Solved { summary, counts } =
            run(&FoxJob::Solve { size: 8 }, &mut kept, &mut quiet()).unwrap()
        else {
            panic!("a solve answers with its summary");
        };
        assert_eq!(summary.positions, 709_868);
        assert_eq!(summary.evaluation, "Hounds win in 44");
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 709_868);

        let named = FoxJob::Named {
            size: 8,
            name: NamedPosition::Opposite,
        };
        let FoxAnswer::Named(opposite) = run(&named, &mut kept, &mut quiet()).unwrap() else {
            panic!("a named position answers with the position");
        };
        let explore = FoxJob::Explore {
            size: 8,
            position: opposite.clone(),
            p: 0.0,
            seed: 7,
        };
        let FoxAnswer::Explored(explored) = run(&explore, &mut kept, &mut quiet()).unwrap() else {
            panic!("an exploration answers with the position's moves");
        };
        assert_eq!(explored.evaluation.to_string(), "Fox win in 29");
        assert_eq!(explored.weights.len(), explored.moves.len());
        // The AI's move is one its weights allow, drawn by the solver.
        let solution = kept.as_ref().unwrap();
        assert_eq!(
            explored.ai_move,
            solution.ai_move(&opposite, 0.0, 7).unwrap()
        );
        let chosen = explored.ai_move.unwrap();
        let i = explored.moves.iter().position(|o| o.mv == chosen).unwrap();
        assert!(explored.weights[i] > 0.0);

        let fuzz = FoxJob::Fuzz {
            size: 8,
            p: 0.006935,
        };
        let FoxAnswer::Fuzz(odds) = run(&fuzz, &mut kept, &mut quiet()).unwrap() else {
            panic!("the odds answer with the odds");
        };
        assert!((odds.from_initial - 0.5).abs() < 0.001, "{odds:?}");

        // The solver's bisection, as many steps as asked (within reason).
        let fairest = FoxJob::Fairest { size: 8, steps: 3 };
        let FoxAnswer::Fairest(steps) = run(&fairest, &mut kept, &mut quiet()).unwrap() else {
            panic!("the bisection answers with its steps");
        };
        assert_eq!(steps, kept.as_ref().unwrap().fairest_fuzz(3));
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut kept = None;
        assert!(run(&FoxJob::Solve { size: 11 }, &mut kept, &mut quiet()).is_err());
        assert!(run(&FoxJob::Solve { size: 0 }, &mut kept, &mut quiet()).is_err());
        let too_big = FoxJob::Fuzz { size: 10, p: 0.01 };
        assert!(run(&too_big, &mut kept, &mut quiet()).is_err());
        let bad_p = FoxJob::Fuzz { size: 4, p: 2.0 };
        assert!(run(&bad_p, &mut kept, &mut quiet()).is_err());
        let named = FoxJob::Named {
            size: 4,
            name: NamedPosition::FoxBox1,
        };
        assert!(run(&named, &mut kept, &mut quiet()).is_err());
    }
}
