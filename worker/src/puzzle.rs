//! The puzzle page's questions, answered in the worker: a person's attempt
//! against the umpire that fights back, and the solver.
//!
//! The page keeps no game: it holds the steps so far and sends them with
//! each attempt; the worker rebuilds the umpire's games from them without
//! searching ([`UmpireGame::replay`]), then searches for the umpire's
//! answer. So a reload, or a worker ended by "Stop", loses nothing.

use fogbound_engine::{Geometry, Observation};
use fogbound_puzzles::proof::Proof;
use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::{compose_with, solve_with, Options, Plan, Solution, PASS};
use fogbound_puzzles::umpire::{Status, Step, Story, Told, UmpireGame};
use fogbound_solvers::Cancelled;
use serde::{Deserialize, Serialize};

use super::protocol::{Domain, DomainId};
use super::Report;

/// The puzzle domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PuzzleJobs;

impl Domain for PuzzleJobs {
    const ID: DomainId = DomainId::Puzzle;
    type Job = PuzzleJob;
    type Answer = PuzzleAnswer;
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PuzzleJob {
    /// A fog puzzle (its JSON) rebuilt from the person's `steps` so far,
    /// then `attempt` (attempt text) answered by the umpire that fights
    /// back.
    Turn {
        puzzle: String,
        steps: Vec<Step>,
        attempt: Option<String>,
    },
    /// The solver on a fog puzzle (its JSON), within `max_nodes`: the key
    /// and the proof as a tree; with `cooks`, the key and every other
    /// first move tested instead (no tree). The puzzle page asks for the
    /// first, then the second, so the proof shows while cooks are looked
    /// for.
    Solve {
        puzzle: String,
        max_nodes: u64,
        cooks: bool,
    },
    /// The composer's view of a fog puzzle (its JSON), within
    /// `max_nodes`: the key, the cook pass, every first move classified
    /// and the tree's duals ([`compose_with`]); no proof file.
    Compose { puzzle: String, max_nodes: u64 },
    /// The game after `steps` (the umpire has answered the last one)
    /// judged again within [`JUDGE_NODES`], while the person thinks: its
    /// picture, lost if the longer search proves that White can no longer
    /// force the goal.
    Judge { puzzle: String, steps: Vec<Step> },
}

/// The answer to a [`PuzzleJob`], one variant per job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PuzzleAnswer {
    Turn(Box<PuzzleTurn>),
    /// The solution, and with a tree its proof file (or why there is
    /// none), written here so that the study module carries no writer.
    Solved {
        solution: Box<Solution>,
        proof: Option<Result<String, String>>,
    },
}

/// Runs `job`.
pub fn run(job: &PuzzleJob, report: Report<'_>) -> Result<PuzzleAnswer, String> {
    match job {
        PuzzleJob::Turn {
            puzzle,
            steps,
            attempt,
        } => {
            turn(puzzle, steps, attempt.as_deref(), report).map(|t| PuzzleAnswer::Turn(Box::new(t)))
        }
        PuzzleJob::Judge { puzzle, steps } => {
            judge(puzzle, steps, report).map(|t| PuzzleAnswer::Turn(Box::new(t)))
        }
        PuzzleJob::Solve {
            puzzle,
            max_nodes,
            cooks,
        } => {
            let solution = solve(puzzle, *max_nodes, *cooks, report)?;
            let proof = solution
                .tree
                .as_ref()
                .map(|tree| proof_text(&read(puzzle)?, tree, solution.tree_cut));
            Ok(PuzzleAnswer::Solved {
                solution: Box::new(solution),
                proof,
            })
        }
        PuzzleJob::Compose { puzzle, max_nodes } => {
            let solution = compose(puzzle, *max_nodes, report)?;
            Ok(PuzzleAnswer::Solved {
                solution: Box::new(solution),
                proof: None,
            })
        }
    }
}

/// The proof file's text (`fogbound puzzle solve --proof`'s, PROOFS.md)
/// for `puzzle` solved by `tree` (`cut`: the tree was cut), or why there
/// is none.
pub fn proof_text(puzzle: &Puzzle, tree: &Plan, cut: bool) -> Result<String, String> {
    Proof::from_tree(puzzle, tree, cut)
        .map(|p| p.to_json() + "\n")
        .map_err(|e| e.to_string())
}

/// The umpire's search budget for one answer (nodes): a fraction of a
/// second in the worker. Past it the umpire answers with the answer the
/// search could not decide, the largest first.
pub const UMPIRE_NODES: u64 = 3_000_000;

/// The budget for judging the game again after the umpire's answer
/// (nodes; a few seconds in the worker): enough to prove Rotenberg's
/// 1.Ke1 lost at its first answer, which needs about 20 M.
pub const JUDGE_NODES: u64 = 40_000_000;

/// The solver's budget when the page asks for a key and its proof
/// (nodes; the Rotenberg mate in 8 takes under 5 M).
pub const SOLVE_NODES: u64 = 60_000_000;

/// The budget for testing every other first move (nodes): refuting all of
/// the Rotenberg mate in 8's wrong first moves takes about 155 M, some
/// 20 s in the worker (the pass's full-information bound reaches 4 moves,
/// and its moves count as nodes: a node costs about a third of what it
/// did when this budget was 250 M, so it grew with it); the page shows the
/// first move being tested and how many are decided
/// ([`fogbound_puzzles::solver::CookProgress`]), with a Stop that keeps
/// what was decided.
pub const COOKS_NODES: u64 = 700_000_000;

/// The budget for the composer's view (nodes): the cook pass's, and the
/// classification of each refuted first move and the search for duals,
/// each with an allowance of its own
/// ([`fogbound_puzzles::solver::CLASSIFY_NODES`],
/// [`fogbound_puzzles::solver::DUALS_NODES`]).
pub const COMPOSER_NODES: u64 = 400_000_000;

/// Where a person's solving stands, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleTurn {
    /// The steps so far, to send with the next attempt.
    pub steps: Vec<Step>,
    /// What White was told, attempt by attempt.
    pub told: Vec<Told>,
    /// White's observation now.
    pub observation: Observation,
    pub moves_left: u32,
    /// Placements of the hidden men still possible.
    pub placements: u32,
    /// Positions still possible (placements and Black's silent moves).
    pub positions: u32,
    /// Where each placement still possible put the hidden men (`b2`,
    /// `d2 and h6` for two men), at most [`MAX_STARTS_LISTED`].
    pub starts: Vec<String>,
    /// Per square, the share of possible positions with a black man there
    /// (per cent; 0 on squares White sees).
    pub heat: Vec<u8>,
    pub status: Status,
    /// When it is over: one of the games the umpire kept, told concretely.
    pub story: Option<Story>,
}

/// The most placements a turn lists by square.
pub const MAX_STARTS_LISTED: usize = 64;

fn read(puzzle: &str) -> Result<Puzzle, String> {
    Puzzle::from_json(puzzle).map_err(|e| e.to_string())
}

/// The game after `steps`, then `attempt` answered by the umpire when one
/// is given.
pub fn turn(
    puzzle: &str,
    steps: &[Step],
    attempt: Option<&str>,
    report: Report<'_>,
) -> Result<PuzzleTurn, String> {
    let puzzle = read(puzzle)?;
    let mut game = UmpireGame::replay(&puzzle, steps).map_err(|e| e.to_string())?;
    if let Some(text) = attempt {
        let mut progress = |_: &str, nodes, _| {
            report("the umpire looks for the worst answer", nodes, UMPIRE_NODES);
            Ok::<(), Cancelled>(())
        };
        game.play(text, UMPIRE_NODES, Some(&mut progress))
            .map_err(|e| e.to_string())?;
    }
    Ok(picture(&game))
}

/// The game after `steps`, judged again within [`JUDGE_NODES`].
pub fn judge(puzzle: &str, steps: &[Step], report: Report<'_>) -> Result<PuzzleTurn, String> {
    let puzzle = read(puzzle)?;
    let mut game = UmpireGame::replay(&puzzle, steps).map_err(|e| e.to_string())?;
    let mut progress = |_: &str, nodes, _| {
        report("the umpire judges its answer", nodes, JUDGE_NODES);
        Ok::<(), Cancelled>(())
    };
    game.judge(JUDGE_NODES, Some(&mut progress));
    Ok(picture(&game))
}

/// The page's picture of `game`.
fn picture(game: &UmpireGame) -> PuzzleTurn {
    let g = Geometry::CHESS;
    // Read like a board: a1, a3, …, b2, … (file by file).
    let mut placements = game.start_squares();
    placements.sort_by_key(|p| {
        p.iter()
            .map(|(sq, _)| (g.file(*sq).0, g.rank(*sq).0))
            .collect::<Vec<_>>()
    });
    let starts = placements
        .iter()
        .take(MAX_STARTS_LISTED)
        .map(|placement| {
            placement
                .iter()
                .map(|(sq, _)| g.square_name(*sq))
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect();
    let over = *game.status() != Status::Playing;
    PuzzleTurn {
        steps: game.steps().to_vec(),
        told: game.told().to_vec(),
        observation: game.observation(),
        moves_left: game.moves_left(),
        placements: game.placements() as u32,
        positions: game.positions() as u32,
        starts,
        heat: game.heat(),
        status: game.status().clone(),
        story: over.then(|| game.story()),
    }
}

/// The solver on `puzzle` at its stipulated length: the key and the proof
/// as a tree, or (`cooks`) the key and every other first move that also
/// works.
pub fn solve(
    puzzle: &str,
    max_nodes: u64,
    cooks: bool,
    report: Report<'_>,
) -> Result<Solution, String> {
    let puzzle = read(puzzle)?;
    // The key first (nodes of the budget), then, with `cooks`, the cook
    // pass's own reports: the first move being tested, and how many of
    // the others are decided (`CookProgress` words, read back by the page).
    let mut cooking = false;
    let mut progress = |pass: &str, done, total| {
        if pass == PASS {
            if !cooking {
                report("looking for the key", done, max_nodes);
            }
        } else {
            cooking = true;
            report(pass, done, total);
        }
        Ok::<(), Cancelled>(())
    };
    solve_with(
        &puzzle,
        &Options {
            max_nodes,
            cooks,
            tree: !cooks,
            shortest: false,
        },
        Some(&mut progress),
    )
    .map_err(|e| e.to_string())
}

/// The composer's view of `puzzle` ([`compose_with`]): the key's search
/// reported as "looking for the key", then the cook pass's and the
/// classification's own words (`CookProgress`, `ComposerProgress`).
pub fn compose(puzzle: &str, max_nodes: u64, report: Report<'_>) -> Result<Solution, String> {
    let puzzle = read(puzzle)?;
    let mut passes = false;
    let mut progress = |pass: &str, done, total| {
        if pass == PASS {
            if !passes {
                report("looking for the key", done, max_nodes);
            }
        } else {
            passes = true;
            report(pass, done, total);
        }
        Ok::<(), Cancelled>(())
    };
    let options = Options {
        max_nodes,
        ..Options::default()
    };
    compose_with(&puzzle, &options, Some(&mut progress)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiet;
    use fogbound_puzzles::collection::collection;
    use fogbound_puzzles::solver::Verdict;

    fn speckmann() -> String {
        collection()
            .unwrap()
            .into_iter()
            .find(|e| e.id == "speckmann-dsz-1975")
            .unwrap()
            .puzzle
            .to_json()
    }

    #[test]
    fn a_turn_is_rebuilt_from_its_steps_and_goes_on() {
        let p = speckmann();
        let start = turn(&p, &[], None, &mut quiet()).unwrap();
        assert_eq!(start.status, Status::Playing);
        assert_eq!(start.moves_left, 2);
        assert_eq!(start.placements, 1);
        let first = turn(&p, &[], Some("g7g8q"), &mut quiet()).unwrap();
        assert_eq!(first.steps.len(), 1);
        assert_eq!(first.told[0].attempt, "g8=Q");
        assert_eq!(first.moves_left, 1);
        let again = turn(&p, &first.steps, None, &mut quiet()).unwrap();
        assert_eq!(again, first);
    }

    #[test]
    fn bad_puzzles_attempts_and_steps_give_messages() {
        assert!(turn("{", &[], None, &mut quiet()).is_err());
        let p = speckmann();
        let e = turn(&p, &[], Some("h1h8"), &mut quiet()).unwrap_err();
        assert!(e.contains("not an attempt"), "{e}");
        let bad = [Step {
            attempt: "g7g8q".into(),
            answer: 1000,
            lost: false,
        }];
        let e = turn(&p, &bad, None, &mut quiet()).unwrap_err();
        assert!(e.contains("does not fit"), "{e}");
    }

    #[test]
    fn the_solver_finds_the_key_and_its_tree_then_the_cooks() {
        let s = solve(&speckmann(), 1_000_000, false, &mut quiet()).unwrap();
        assert_eq!(s.verdict, Verdict::Solved);
        assert_eq!(s.first_move.as_deref(), Some("g8=Q"));
        assert!(s.tree.is_some());
        assert!(!s.cooks_complete);
        let c = solve(&speckmann(), 1_000_000, true, &mut quiet()).unwrap();
        assert_eq!(c.first_move.as_deref(), Some("g8=Q"));
        assert!(c.cooks_complete);
        assert_eq!(c.keys, vec!["g8=Q".to_string()]);
        assert!(c.tree.is_none());
    }

    #[test]
    fn the_composer_job_classifies_every_first_move_and_reports_its_passes() {
        let mut heard = Vec::new();
        let mut report = |pass: &str, _, _| heard.push(pass.to_string());
        let c = compose(&speckmann(), 10_000_000, &mut report).unwrap();
        assert_eq!(c.keys, vec!["g8=Q".to_string()]);
        let view = c.composer.unwrap();
        assert!(view.complete);
        let tries: Vec<&str> = view
            .with(fogbound_puzzles::solver::FirstVerdict::Try)
            .map(|m| m.san.as_str())
            .collect();
        assert!(tries.contains(&"g8=R"), "{tries:?}");
        assert!(heard.iter().any(|w| w.ends_with("being tested")));
        assert!(heard.iter().any(|w| w.ends_with("being classified")));
    }
}
