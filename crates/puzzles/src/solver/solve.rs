//! A puzzle in, a solution out: the model it is played under, the belief
//! White starts with, and the search for the key, the cooks and the proof.

use serde::{Deserialize, Serialize};

use crate::puzzle::{Goal, Puzzle, PuzzleError};
use fogbound_engine::belief::{Belief, Observer, View};
use fogbound_engine::{Bitboard64, Color, KriegspielRules, ModelSpec, MoveAttempt, Setup, Variant};
use fogbound_progress::Progress;

use super::{attempt_coord, attempt_san, ComposerView, Plan, Pos, Solver, Stats};

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// White forces the stipulation; `first_move` is a key.
    Solved,
    /// No first attempt forces it.
    Refuted,
    /// The node budget ran out, or the caller cancelled, first.
    Unknown,
}

impl Verdict {
    /// `solved`, `refuted` or `unknown`.
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Refuted => "refuted",
            Verdict::Unknown => "unknown",
        }
    }
}

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop (verdict `Unknown`) after this many nodes.
    pub max_nodes: u64,
    /// After a key is found, test every other first attempt (cooks).
    pub cooks: bool,
    /// Build the solution tree.
    pub tree: bool,
    /// Deepen at the root from one move, so the key found mates soonest
    /// (slower: every shorter length is refuted first).
    pub shortest: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_nodes: 20_000_000,
            cooks: true,
            tree: true,
            shortest: false,
        }
    }
}

/// A search's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    pub verdict: Verdict,
    /// A key in SAN (White's own board), when solved.
    pub first_move: Option<String>,
    /// The key in coordinates.
    pub first_coord: Option<String>,
    /// Every first attempt that forces the stipulation, key first, in SAN
    /// (more than one: cooks).
    pub keys: Vec<String>,
    /// Whether every first attempt was decided (false when the budget ran
    /// out while looking for cooks, or cooks were not asked for).
    pub cooks_complete: bool,
    /// The fewest moves in which the key forces it.
    pub moves: Option<u32>,
    /// Positions at the start (placements of the hidden men).
    pub placements: usize,
    pub stats: Stats,
    /// The proof, when asked for and solved.
    pub tree: Option<Plan>,
    /// The tree was cut at [`super::MAX_TREE_PLANS`].
    pub tree_cut: bool,
    /// The composer's view, when asked for ([`compose_with`]) and solved.
    #[serde(default)]
    pub composer: Option<ComposerView>,
}

impl Solution {
    /// Nothing known yet of a puzzle with `placements` placements.
    pub(super) fn unknown(placements: usize) -> Solution {
        Solution {
            verdict: Verdict::Unknown,
            first_move: None,
            first_coord: None,
            keys: Vec::new(),
            cooks_complete: false,
            moves: None,
            placements,
            stats: Stats::default(),
            tree: None,
            tree_cut: false,
            composer: None,
        }
    }

    /// Solved by the key `san` (`coord` in coordinates) in `moves`.
    pub(super) fn solved_by(&mut self, san: String, coord: String, moves: u32) {
        self.verdict = Verdict::Solved;
        self.first_move = Some(san.clone());
        self.first_coord = Some(coord);
        self.keys.push(san);
        self.moves = Some(moves);
    }
}

/// The model a puzzle is played under.
pub fn model_of(puzzle: &Puzzle) -> Result<ModelSpec, PuzzleError> {
    if puzzle.goal == Goal::CaptureKing || puzzle.rules == "fog" {
        return Ok(ModelSpec::Fog);
    }
    let mut rules = KriegspielRules::preset(&puzzle.rules).ok_or_else(|| PuzzleError::Field {
        field: "rules",
        message: format!("'{}' is not an umpire preset", puzzle.rules),
    })?;
    // A stalemate fails a problem ([`crate::puzzle::Stalemate`]), even
    // under a preset whose games score it (`rand`).
    rules.stalemate_loses = false;
    Ok(ModelSpec::Kriegspiel { rules })
}

/// The belief White starts with: one position per placement of the hidden
/// men, White to move.
pub fn start_belief(puzzle: &Puzzle) -> Result<Belief<Bitboard64>, PuzzleError> {
    let spec = model_of(puzzle)?;
    let variant = spec.adjust_variant(&Variant::chess());
    let base = Setup::from_fen(&puzzle.fen).map_err(|e| PuzzleError::Fen(e.to_string()))?;
    if base.turn != Color::White {
        return Err(PuzzleError::Field {
            field: "fen",
            message: "the solver takes puzzles with White to move".into(),
        });
    }
    let mut positions = Vec::new();
    for placement in puzzle.placements()? {
        let mut setup = base.clone();
        for (sq, piece) in placement {
            setup.board[sq.index()] = Some(piece);
        }
        positions
            .push(Pos::from_setup(&variant, &setup).map_err(|e| PuzzleError::Fen(e.to_string()))?);
    }
    // White sees its own board and hears the umpire first: placements it
    // can tell apart are not one puzzle.
    let mut observer = Observer::<Bitboard64>::new(&spec, Color::White);
    let views: Vec<View> = positions.iter().map(|p| observer.start_view(p)).collect();
    if let Some(i) = views.iter().position(|v| *v != views[0]) {
        let g = fogbound_engine::Geometry::CHESS;
        let shown = |v: &View| {
            let mut parts: Vec<String> = v
                .seen
                .iter()
                .map(|(sq, p)| format!("{}{}", p.char(), g.square_name(*sq)))
                .collect();
            parts.extend(v.said.iter().map(|m| format!("\"{}\"", m.text(g))));
            if let Some(o) = v.outcome {
                parts.push(format!("{o:?}"));
            }
            if parts.is_empty() {
                "nothing".to_string()
            } else {
                parts.join(", ")
            }
        };
        return Err(PuzzleError::Field {
            field: "hidden",
            message: format!(
                "White can tell placements apart before it moves ({} in one, {} in another): list only squares that tell White nothing",
                shown(&views[0]),
                shown(&views[i])
            ),
        });
    }
    Ok(Belief::new(positions))
}

/// Searches `puzzle` (see the module docs): the key, the cooks, the proof.
/// `progress` is told the nodes searched every [`super::REPORT_EVERY`] nodes and
/// may cancel.
pub fn solve_with<'p>(
    puzzle: &Puzzle,
    options: &Options,
    progress: Option<&'p mut (dyn Progress + 'p)>,
) -> Result<Solution, PuzzleError> {
    search(puzzle, options, progress, false)
}

/// [`solve_with`] with the composer's view in place of the cook pass
/// (which it runs first): every first move classified, the duals of the
/// tree (built whatever `options.tree` says: the duals are looked for in
/// it).
pub fn compose_with<'p>(
    puzzle: &Puzzle,
    options: &Options,
    progress: Option<&'p mut (dyn Progress + 'p)>,
) -> Result<Solution, PuzzleError> {
    let options = Options {
        tree: true,
        ..options.clone()
    };
    search(puzzle, &options, progress, true)
}

/// [`solve_with`], and with `composer` the composer's view.
fn search<'p>(
    puzzle: &Puzzle,
    options: &Options,
    progress: Option<&'p mut (dyn Progress + 'p)>,
    composer: bool,
) -> Result<Solution, PuzzleError> {
    let spec = model_of(puzzle)?;
    let belief = start_belief(puzzle)?;
    let mut solver = Solver::new(&spec, options.max_nodes, progress);
    let first = belief.positions()[0].clone();
    let san = |a: &MoveAttempt| attempt_san(belief.positions(), a, spec.rule_mode());
    let mut solution = Solution::unknown(belief.len());
    // The shortest key, deepening move by move.
    let mut key = None;
    let mut stopped = false;
    let from = if options.shortest { 1 } else { puzzle.moves };
    'deepen: for n in from..=puzzle.moves {
        solver.stats.depth = n;
        match solver.key(&belief, n) {
            Ok(Some(a)) => {
                key = Some((a, n));
                break 'deepen;
            }
            Ok(None) => {}
            Err(_) => {
                stopped = true;
                break 'deepen;
            }
        }
    }
    match key {
        None => {
            solution.verdict = if stopped {
                Verdict::Unknown
            } else {
                Verdict::Refuted
            };
            solution.cooks_complete = !stopped;
        }
        Some((a, n)) => {
            solution.solved_by(san(&a), attempt_coord(&first, &a), n);
            if options.tree {
                if let Ok(plan) = solver.plan_with(&belief, n, &a) {
                    solution.tree = Some(plan);
                    solution.tree_cut = solver.tree_cut();
                }
            }
            if composer {
                let view = solver.composer(
                    &belief,
                    puzzle.moves,
                    &a,
                    &san,
                    solution.tree.as_ref(),
                    solution.tree_cut,
                );
                // Cooks are complete when every other first move is a
                // cook or known refuted (classified or not).
                solution.cooks_complete =
                    view.with(super::FirstVerdict::Undecided).all(|m| m.refuted);
                let cooks = view.with(super::FirstVerdict::Cook);
                solution.keys.extend(cooks.map(|m| m.san.clone()));
                solution.composer = Some(view);
            } else if options.cooks {
                let cooks = solver.cooks(&belief, puzzle.moves, &a, &san);
                solution.cooks_complete = cooks.complete;
                solution.keys.extend(cooks.keys.iter().map(san));
            }
        }
    }
    solution.stats = solver.stats();
    Ok(solution)
}

/// [`solve_with`] with a node budget, cooks and the tree, no progress.
pub fn solve(puzzle: &Puzzle, max_nodes: u64) -> Result<Solution, PuzzleError> {
    solve_with(
        puzzle,
        &Options {
            max_nodes,
            ..Options::default()
        },
        None,
    )
}
