//! The puzzle page's questions, answered in the worker: a person's attempt
//! against the umpire that fights back, and the solver.
//!
//! The page keeps no game: it holds the steps so far and sends them with
//! each attempt; the worker rebuilds the umpire's games from them without
//! searching ([`UmpireGame::replay`]), then searches for the umpire's
//! answer. So a reload, or a worker ended by "Stop", loses nothing.

use fogbound_engine::{Geometry, Observation};
use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::{solve_with, Options, Solution};
use fogbound_puzzles::umpire::{Status, Step, Story, Told, UmpireGame};
use fogbound_solvers::Cancelled;
use serde::{Deserialize, Serialize};

/// The umpire's search budget for one answer (nodes): a fraction of a
/// second in the worker. Past it the umpire answers with the answer the
/// search could not decide, the largest first.
pub const UMPIRE_NODES: u64 = 3_000_000;

/// The solver's budget when the page asks for a key and its proof
/// (nodes; the Rotenberg mate in 8 takes under 5 M).
pub const SOLVE_NODES: u64 = 60_000_000;

/// The budget for testing every other first move (nodes): refuting all of
/// the Rotenberg mate in 8's wrong first moves takes about 150 M, a minute
/// or so in the worker, with a progress bar and a Stop button.
pub const COOKS_NODES: u64 = 250_000_000;

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
    report: &mut dyn FnMut(&str, u64, u64),
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
    report: &mut dyn FnMut(&str, u64, u64),
) -> Result<Solution, String> {
    let puzzle = read(puzzle)?;
    let pass = if cooks {
        "testing every first move"
    } else {
        "looking for the key"
    };
    let mut progress = |_: &str, nodes, _| {
        report(pass, nodes, max_nodes);
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

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_puzzles::collection::collection;
    use fogbound_puzzles::solver::Verdict;

    fn quiet() -> impl FnMut(&str, u64, u64) {
        |_, _, _| {}
    }

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
}
