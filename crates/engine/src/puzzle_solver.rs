//! An AND-OR search over belief states for fog puzzles: does White force
//! the stipulation whatever the hidden men are and whatever Black replies?
//!
//! A belief state is the set of true matches consistent with everything
//! White has been told: at the start one per placement of the hidden men.
//! White's choice (OR) is an attempt from its own board: a hinted move or a
//! try. The umpire's answer splits the belief by what White is told —
//! matches are grouped by White's whole [`Observation`], so the model
//! decides what White learns, exactly as in play — and every group must be
//! won (AND). A refused try costs no move; a try refused in every match of
//! the belief tells White nothing and is never made, so each refusal the
//! search follows shrinks the belief. After a move Black, who knows
//! everything, may play any legal reply in any of the matches (Black never
//! tries an illegal move in a problem); the replies are grouped again by
//! what White is told. A group in which the game has ended is won only if
//! White won it (a stalemate fails).
//!
//! This first version tries hinted moves and the model's tries (promotion
//! to the model's default man), not "Any?"; it proves or refutes within a
//! node budget and says `Unknown` when the budget runs out. Results are
//! remembered per belief state (its positions and the moves left).

use std::collections::HashMap;

use crate::belief::{positions_key, split_by_view};
use crate::puzzle::{Puzzle, PuzzleError};
use crate::{
    Attempt, Bitboard64, Color, KriegspielRules, Match, ModelSpec, MoveAttempt, Position,
    Resolution, Setup, Variant,
};

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// White forces the stipulation; `first_move` is a key.
    Solved,
    /// No first attempt forces it.
    Refuted,
    /// The node budget ran out first.
    Unknown,
}

/// A search's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub verdict: Verdict,
    /// A key, in coordinates (`a1a8`), when solved.
    pub first_move: Option<String>,
    /// Every first attempt that forces it (more than one: cooks).
    pub keys: Vec<String>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Distinct belief states evaluated.
    pub belief_states: usize,
}

type M = Match<Bitboard64>;

struct Search {
    nodes: u64,
    budget: u64,
    memo: HashMap<(u32, Vec<String>), bool>,
}

/// Out of budget.
struct OutOfNodes;

fn white_won(m: &M) -> bool {
    m.outcome().is_some_and(|o| o.winner == Some(Color::White))
}

impl Search {
    fn tick(&mut self) -> Result<(), OutOfNodes> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(OutOfNodes)
        } else {
            Ok(())
        }
    }

    /// The attempts White may make in `belief` (all share White's view).
    fn attempts(belief: &[M]) -> Vec<Attempt> {
        let obs = belief[0].observation(Color::White);
        obs.hints
            .iter()
            .chain(&obs.try_hints)
            .map(|h| Attempt::Move(MoveAttempt::plain(h.from, h.to)))
            .collect()
    }

    /// Whether White, to move in every match of `belief`, forces the goal
    /// within `moves` moves.
    fn wins(&mut self, belief: &[M], moves: u32) -> Result<bool, OutOfNodes> {
        if moves == 0 {
            return Ok(false);
        }
        let key = (moves, positions_key(belief));
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        let mut won = false;
        for attempt in Search::attempts(belief) {
            if self.forces(belief, moves, attempt)? {
                won = true;
                break;
            }
        }
        self.memo.insert(key, won);
        Ok(won)
    }

    /// Whether `attempt` forces the goal from `belief`.
    fn forces(&mut self, belief: &[M], moves: u32, attempt: Attempt) -> Result<bool, OutOfNodes> {
        self.tick()?;
        let mut after = Vec::with_capacity(belief.len());
        let mut refused = 0;
        for m in belief {
            let mut m = m.clone();
            match m.attempt(Color::White, attempt) {
                Ok(r) => {
                    refused += usize::from(r.resolution != Resolution::Played);
                    after.push(m);
                }
                // Not even an attempt in this match: not one White can make.
                Err(_) => return Ok(false),
            }
        }
        if refused == belief.len() {
            // Refused everywhere: White learns nothing.
            return Ok(false);
        }
        for group in split_by_view(after, Color::White) {
            let m0 = &group[0];
            let ok = if m0.outcome().is_some() {
                group.iter().all(white_won)
            } else if m0.turn() == Color::White {
                // Refused here: the same turn, in a smaller belief.
                self.wins(&group, moves)?
            } else {
                self.black_cannot_escape(&group, moves - 1)?
            };
            if !ok {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether every Black reply in every match of `group` leaves White
    /// forcing the goal within `moves` moves.
    fn black_cannot_escape(&mut self, group: &[M], moves: u32) -> Result<bool, OutOfNodes> {
        let mut replies = Vec::new();
        for m in group {
            let legal = m.position().moves(m.mode());
            for mv in legal {
                self.tick()?;
                let mut next = m.clone();
                let result = next.attempt(Color::Black, Attempt::from_move(&mv));
                if matches!(result, Ok(ref r) if r.resolution == Resolution::Played) {
                    replies.push(next);
                }
            }
        }
        for view in split_by_view(replies, Color::White) {
            let ok = if view[0].outcome().is_some() {
                view.iter().all(white_won)
            } else {
                self.wins(&view, moves)?
            };
            if !ok {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// The model a puzzle is played under.
fn model_of(puzzle: &Puzzle) -> Result<ModelSpec, PuzzleError> {
    if puzzle.rules == "fog" {
        return Ok(ModelSpec::Fog);
    }
    let rules = KriegspielRules::preset(&puzzle.rules).ok_or_else(|| PuzzleError::Field {
        field: "rules",
        message: format!("'{}' is not an umpire preset", puzzle.rules),
    })?;
    Ok(ModelSpec::Kriegspiel { rules })
}

/// Searches `puzzle` with at most `max_nodes` nodes. See the module docs.
pub fn solve(puzzle: &Puzzle, max_nodes: u64) -> Result<Solution, PuzzleError> {
    let spec = model_of(puzzle)?;
    let variant = Variant::chess();
    let base = Setup::from_fen(&puzzle.fen).map_err(|e| PuzzleError::Fen(e.to_string()))?;
    let mut belief: Vec<M> = Vec::new();
    for placement in puzzle.placements()? {
        let mut setup = base.clone();
        for (sq, piece) in placement {
            setup.board[sq.index()] = Some(piece);
        }
        let fen = Position::<Bitboard64>::from_setup(&variant, &setup)
            .map_err(|e| PuzzleError::Fen(e.to_string()))?
            .to_fen();
        belief.push(
            M::new(&variant, spec.clone(), Some(&fen))
                .map_err(|e| PuzzleError::Fen(e.to_string()))?,
        );
    }
    if belief.iter().any(|m| m.turn() != Color::White) {
        return Err(PuzzleError::Field {
            field: "fen",
            message: "this solver takes puzzles with White to move".into(),
        });
    }
    let mut search = Search {
        nodes: 0,
        budget: max_nodes,
        memo: HashMap::new(),
    };
    let g = belief[0].geometry();
    let mut keys = Vec::new();
    let mut out_of_nodes = false;
    for attempt in Search::attempts(&belief) {
        match search.forces(&belief, puzzle.moves, attempt) {
            Ok(true) => keys.push(attempt.to_text(g)),
            Ok(false) => {}
            Err(OutOfNodes) => {
                out_of_nodes = true;
                break;
            }
        }
    }
    let verdict = match (keys.is_empty(), out_of_nodes) {
        (false, _) => Verdict::Solved,
        (true, false) => Verdict::Refuted,
        (true, true) => Verdict::Unknown,
    };
    Ok(Solution {
        verdict,
        first_move: keys.first().cloned(),
        keys,
        nodes: search.nodes,
        belief_states: search.memo.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(fen: &str, hidden: &str, moves: u32) -> Puzzle {
        Puzzle::from_json(&format!(
            r#"{{"fen": "{fen}", "hidden": {hidden}, "goal": "mate", "moves": {moves}, "rules": "english"}}"#
        ))
        .unwrap()
    }

    #[test]
    fn a_mate_in_one_that_no_hidden_man_can_stop_is_solved() {
        // Ra8 mates; the hidden bishop on c1 or d2 can neither reach a8 nor
        // check the king (on b1 it would: 1. Ra8 is then refused).
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["c1", "d2"]}]"#,
            1,
        );
        let s = solve(&p, 100_000).unwrap();
        assert_eq!(s.verdict, Verdict::Solved, "{s:?}");
        assert_eq!(s.first_move.as_deref(), Some("a1a8"));
        assert_eq!(s.keys, ["a1a8"]);
    }

    #[test]
    fn a_hidden_defender_refutes_it() {
        // On g2 the bishop guards a8 along the long diagonal: 1. Ra8+ Bxa8.
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["b1", "g2"]}]"#,
            1,
        );
        let s = solve(&p, 100_000).unwrap();
        assert_eq!(s.verdict, Verdict::Refuted, "{s:?}");
        assert!(s.first_move.is_none());
    }

    #[test]
    fn a_budget_that_runs_out_says_unknown() {
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["b1", "g2"]}]"#,
            3,
        );
        let s = solve(&p, 5).unwrap();
        assert_eq!(s.verdict, Verdict::Unknown);
    }
}
