//! The proof of a key as a file anyone can check without trusting the
//! solver: the puzzle, then White's attempt at each node and, for every
//! answer the umpire may give, the continuation down to the goal. It is
//! the solver's finished tree ([`Plan`]) with the puzzle beside it, kept
//! only when complete (never cut, every line ending in White's win). The
//! format, field by field, is in `PROOFS.md`; `tools/proof-check.py`
//! checks a proof with an umpire written apart from ours.

use serde::{Deserialize, Serialize};

use crate::puzzle::{Puzzle, PuzzleError};
use crate::solver::{model_of, start_belief, Answer, Plan, Solver, MAX_TREE_PLANS};
use crate::umpire::UmpireGame;
use fogbound_engine::Attempt;
use fogbound_progress::Progress;

/// The `format` every proof file carries.
pub const PROOF_FORMAT: &str = "fogbound-proof";
/// The version of the format this build writes.
pub const PROOF_VERSION: u32 = 1;

/// A complete proof (see the module docs and `PROOFS.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Proof {
    /// Always [`PROOF_FORMAT`].
    pub format: String,
    /// [`PROOF_VERSION`].
    pub version: u32,
    /// The puzzle, in the collection's puzzle format.
    pub puzzle: serde_json::Value,
    /// The first move proved, in SAN as White's board shows it.
    pub key: String,
    /// The same in coordinates (`a2g2`).
    pub key_coord: String,
    /// The moves the tree takes at most (at most the stipulation's).
    pub moves: u32,
    /// Placements of the hidden men at the start.
    pub placements: usize,
    /// White's nodes in the tree (attempts to make, "Any?" included).
    pub white_nodes: usize,
    /// The tree: White's plan from the start.
    pub tree: Plan,
}

/// Why no proof could be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    Puzzle(PuzzleError),
    /// The tree was cut at [`MAX_TREE_PLANS`] White nodes.
    Cut,
    /// A line of the tree stops before White wins (a budget ran out while
    /// it was built): where, as the attempts and answers leading there.
    Open {
        line: String,
    },
    /// Two answers to one attempt say and show the same: White could not
    /// tell which continuation to follow.
    Alike {
        line: String,
    },
    /// `--key`: the text is not a move White can make at the start.
    NotAMove {
        text: String,
        why: String,
    },
    /// The chosen first move does not force the goal in the moves given.
    Fails {
        key: String,
        moves: u32,
    },
    /// The search stopped (budget or cancel) before deciding.
    Stopped,
}

impl core::fmt::Display for ProofError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ProofError::Puzzle(e) => e.fmt(f),
            ProofError::Cut => write!(
                f,
                "the proof tree is larger than {MAX_TREE_PLANS} White nodes and was cut: no proof written"
            ),
            ProofError::Open { line } => {
                write!(f, "the proof tree is incomplete after {line}: no proof written")
            }
            ProofError::Alike { line } => write!(
                f,
                "two answers after {line} look alike to White: no proof written"
            ),
            ProofError::NotAMove { text, why } => {
                write!(f, "'{text}' is not a first move White can make: {why}")
            }
            ProofError::Fails { key, moves } => {
                write!(f, "{key} does not force the goal within {moves} moves")
            }
            ProofError::Stopped => {
                f.write_str("the search stopped (node budget or time) before it decided")
            }
        }
    }
}

impl std::error::Error for ProofError {}

impl From<PuzzleError> for ProofError {
    fn from(e: PuzzleError) -> Self {
        ProofError::Puzzle(e)
    }
}

impl Proof {
    /// The proof of `puzzle` by the solver's finished `tree` (`cut`: the
    /// solution said the tree was cut): an error unless every line ends in
    /// White's win.
    pub fn from_tree(puzzle: &Puzzle, tree: &Plan, cut: bool) -> Result<Proof, ProofError> {
        if cut {
            return Err(ProofError::Cut);
        }
        let mut path = Vec::new();
        let white_nodes = complete(tree, &mut path)?;
        let puzzle_json = serde_json::from_str(&puzzle.to_json())
            .map_err(|e| PuzzleError::Json(e.to_string()))?;
        Ok(Proof {
            format: PROOF_FORMAT.into(),
            version: PROOF_VERSION,
            puzzle: puzzle_json,
            key: tree.attempt.clone(),
            key_coord: tree.coord.clone(),
            moves: tree.moves,
            placements: tree.positions,
            white_nodes,
            tree: tree.clone(),
        })
    }

    /// The proof that the first move `key` (SAN or coordinates, as White's
    /// board reads it) forces the goal within the puzzle's moves — a key or
    /// a cook the solver need not have found first. One thread, at most
    /// `max_nodes` nodes; `progress` may cancel.
    pub fn for_key<'p>(
        puzzle: &Puzzle,
        key: &str,
        max_nodes: u64,
        progress: Option<&'p mut (dyn Progress + 'p)>,
    ) -> Result<Proof, ProofError> {
        let game = UmpireGame::new(puzzle).map_err(|e| ProofError::NotAMove {
            text: key.into(),
            why: e.to_string(),
        })?;
        let attempt = match game.parse(key) {
            Ok(Attempt::Move(m)) => m,
            Ok(_) => {
                return Err(ProofError::NotAMove {
                    text: key.into(),
                    why: "a first move must be a move".into(),
                })
            }
            Err(e) => {
                return Err(ProofError::NotAMove {
                    text: key.into(),
                    why: e.to_string(),
                })
            }
        };
        let spec = model_of(puzzle)?;
        let belief = start_belief(puzzle)?;
        let mut solver = Solver::new(&spec, max_nodes, progress);
        let forces = solver
            .forces(&belief, puzzle.moves, &attempt)
            .map_err(|_| ProofError::Stopped)?;
        if !forces {
            return Err(ProofError::Fails {
                key: key.into(),
                moves: puzzle.moves,
            });
        }
        let tree = solver
            .plan_with(&belief, puzzle.moves, &attempt)
            .map_err(|_| ProofError::Stopped)?;
        // A tree cut at the builder's limit has open lines, which
        // `from_tree` refuses.
        Proof::from_tree(puzzle, &tree, false)
    }

    /// The proof as pretty JSON, the file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// A proof file read back (as written by [`Proof::to_json`]).
    pub fn from_json(text: &str) -> Result<Proof, PuzzleError> {
        let proof: Proof =
            serde_json::from_str(text).map_err(|e| PuzzleError::Json(e.to_string()))?;
        if proof.format != PROOF_FORMAT || proof.version != PROOF_VERSION {
            return Err(PuzzleError::Json(format!(
                "not a {PROOF_FORMAT} file of version {PROOF_VERSION}"
            )));
        }
        Ok(proof)
    }
}

/// The White nodes of `plan`, or where a line stops before White wins or
/// two answers cannot be told apart.
fn complete(plan: &Plan, path: &mut Vec<String>) -> Result<usize, ProofError> {
    let mut nodes = 1;
    path.push(plan.attempt.clone());
    let heard = |a: &Answer| {
        (
            a.refused,
            a.told.clone(),
            a.seen.clone(),
            a.from.clone(),
            a.to.clone(),
        )
    };
    for (i, answer) in plan.answers.iter().enumerate() {
        if plan.answers[..i].iter().any(|b| heard(b) == heard(answer)) {
            return Err(ProofError::Alike {
                line: path.join(" "),
            });
        }
    }
    for answer in &plan.answers {
        path.push(format!("({})", answer.told.join("; ")));
        match (&answer.then, answer.won) {
            (Some(next), false) => nodes += complete(next, path)?,
            (None, true) => {}
            _ => {
                return Err(ProofError::Open {
                    line: path.join(" "),
                })
            }
        }
        path.pop();
    }
    path.pop();
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve;

    fn mate_in_one() -> Puzzle {
        Puzzle::from_json(
            r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "hidden": [{"piece": "b", "squares": ["c1", "d2"]}], "goal": "mate", "moves": 1, "rules": "english"}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_solved_puzzle_gives_a_complete_proof_that_reads_back() {
        let p = mate_in_one();
        let s = solve(&p, 100_000).unwrap();
        let proof = Proof::from_tree(&p, s.tree.as_ref().unwrap(), s.tree_cut).unwrap();
        assert_eq!(proof.key, "Ra8");
        assert_eq!(proof.key_coord, "a1a8");
        assert_eq!(proof.placements, 2);
        assert_eq!(proof.white_nodes, 1);
        assert!(proof.tree.answers.iter().all(|a| a.won));
        assert_eq!(Proof::from_json(&proof.to_json()).unwrap(), proof);
    }

    #[test]
    fn a_cut_or_open_tree_is_no_proof() {
        let p = mate_in_one();
        let s = solve(&p, 100_000).unwrap();
        let mut tree = s.tree.unwrap();
        assert_eq!(Proof::from_tree(&p, &tree, true), Err(ProofError::Cut));
        let mut twice = tree.clone();
        twice.answers.push(twice.answers[0].clone());
        assert_eq!(
            Proof::from_tree(&p, &twice, false),
            Err(ProofError::Alike { line: "Ra8".into() })
        );
        tree.answers[0].won = false;
        assert!(matches!(
            Proof::from_tree(&p, &tree, false),
            Err(ProofError::Open { .. })
        ));
    }

    #[test]
    fn a_chosen_first_move_is_proved_or_said_to_fail() {
        let p = mate_in_one();
        let proof = Proof::for_key(&p, "a1a8", 100_000, None).unwrap();
        assert_eq!(proof.key, "Ra8");
        assert_eq!(
            Proof::for_key(&p, "Ra7", 100_000, None),
            Err(ProofError::Fails {
                key: "Ra7".into(),
                moves: 1
            })
        );
        assert!(matches!(
            Proof::for_key(&p, "Qd4", 100_000, None),
            Err(ProofError::NotAMove { .. })
        ));
        assert!(Proof::from_json(r#"{"format": "other"}"#).is_err());
    }
}
