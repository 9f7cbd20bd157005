//! The duals of the key's solution tree (for the composer's view, see
//! `composer`): at each White node but the root, every other attempt
//! tested for forcing the goal within the moves the tree's plan takes
//! there.

use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard64, MoveAttempt};

use serde::{Deserialize, Serialize};

use super::composer_progress::ComposerProgress;
use super::{attempt_coord, attempt_san, is_pawn_capture, Plan, Solver, Stop, Turn};

/// Nodes each other White move at a node of the key's tree may spend on
/// the question "does it mate too?" (past that: undecided, and the duals
/// are reported incomplete).
pub const DUAL_NODES: u64 = 200_000;

/// Nodes the whole search for duals may spend.
pub const DUALS_NODES: u64 = 20_000_000;

/// A node of the key's solution tree where White has more than one move
/// that works.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dual {
    /// How White got here: attempts (`2.Rg7`) and the umpire's answers.
    pub line: Vec<String>,
    /// The moves the tree's plan takes from here (this one included).
    pub moves: u32,
    /// The tree's move here.
    pub played: String,
    /// Other moves that also force the goal within `moves`.
    pub also: Vec<String>,
    /// The node's move is White's last (`moves == 1`): a mating dual,
    /// which problemists do not count against a problem.
    pub last_move: bool,
}

/// Where the search for duals writes.
pub(super) struct DualWalk<'a> {
    pub(super) out: &'a mut Vec<Dual>,
    pub(super) complete: bool,
}

impl Solver<'_> {
    /// Searches the key's tree `plan` (White in `belief` at stage `turn`,
    /// move `number`) for duals, into `walk`; `line` is how White got
    /// here. The root (the key) is skipped: its alternatives are the
    /// cooks.
    pub(super) fn duals_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        plan: &Plan,
        turn: Turn,
        number: u32,
        line: &mut Vec<String>,
        walk: &mut DualWalk<'_>,
    ) -> Result<(), Stop> {
        let said = format!("{number}.{}", plan.attempt);
        if plan.coord == "any?" {
            let Some((yes, no)) = self.any_answers(belief) else {
                return Ok(());
            };
            let parts = [(yes, Turn::Obliged), (no, Turn::Asked)];
            for ((part, next), answer) in parts.into_iter().zip(&plan.answers) {
                if let Some(then) = &answer.then {
                    line.extend([said.clone(), answer.told.join(", ")]);
                    self.duals_in(&part, then, next, number, line, walk)?;
                    line.truncate(line.len() - 2);
                }
            }
            return Ok(());
        }
        let first = belief.positions()[0].clone();
        let attempts = self.observer.attempts(belief);
        let Some(played) = attempts
            .iter()
            .find(|a| attempt_coord(&first, a) == plan.coord)
            .copied()
        else {
            walk.complete = false;
            return Ok(());
        };
        let stage = self.stage(belief, turn);
        if !line.is_empty() {
            self.report(&ComposerProgress::Duals { at: said.clone() }.words(), 0, 0)?;
            let mut also = Vec::new();
            for b in &attempts {
                if *b == played || (stage == Turn::Obliged && !is_pawn_capture(&first, b)) {
                    continue;
                }
                match self.forces_at(belief, plan.moves, b, turn, DUAL_NODES) {
                    Ok(true) => also.push(attempt_san(belief.positions(), b, self.mode)),
                    Ok(false) => {}
                    Err(Stop::Budget) if self.stats.nodes < self.budget => walk.complete = false,
                    Err(Stop::Undecided) => walk.complete = false,
                    Err(e) => return Err(e),
                }
            }
            if !also.is_empty() {
                walk.out.push(Dual {
                    line: line.clone(),
                    moves: plan.moves,
                    played: plan.attempt.clone(),
                    also,
                    last_move: plan.moves == 1,
                });
            }
        }
        // The answers in the order the tree was built (see `plan`).
        let legal = self.legal(belief);
        let mut answers = plan.answers.iter();
        for g in self.split(belief, &legal, &played) {
            if g.view.refused {
                let Some(answer) = answers.next() else { break };
                if let Some(then) = &answer.then {
                    let next = self.after_refusal(&g.belief.positions()[0], turn, &played);
                    line.extend([said.clone(), answer.told.join(", ")]);
                    self.duals_in(&g.belief, then, next, number, line, walk)?;
                    line.truncate(line.len() - 2);
                }
            } else if g.view.outcome.is_some() {
                answers.next();
            } else {
                for r in self.replies(&g.belief) {
                    let Some(answer) = answers.next() else { break };
                    if let Some(then) = &answer.then {
                        let mut heard = answer.told.join(", ");
                        if !answer.seen.is_empty() {
                            let seen = format!("sees {}", answer.seen.join(" "));
                            heard = if heard.is_empty() {
                                seen
                            } else {
                                format!("{heard}; {seen}")
                            };
                        } else if heard.is_empty() {
                            heard = "nothing seen".into();
                        }
                        line.extend([said.clone(), heard]);
                        self.duals_in(&r.belief, then, Turn::Fresh, number + 1, line, walk)?;
                        line.truncate(line.len() - 2);
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether `attempt` forces the goal from `belief` within `moves` at
    /// stage `turn`, within `allowance` more nodes.
    fn forces_at(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
        turn: Turn,
        allowance: u64,
    ) -> Result<bool, Stop> {
        let stage = self.stage(belief, turn);
        if stage == self.stage(belief, Turn::Fresh) {
            let answer = self.forces_within(belief, moves, attempt, allowance);
            if let Err(Stop::Undecided) = answer {
                // As in `classify_within`: numbers at their ceiling.
                self.numbers.clear();
                return self.forces_within(belief, moves, attempt, allowance);
            }
            return answer;
        }
        let answer = self.within(allowance, |s| {
            let legal = s.legal(belief);
            s.refute(belief, &legal, moves, attempt, stage)
        });
        Ok(answer?.is_none())
    }
}
