//! An audit of what the proof-number search proved: the proof is walked
//! again from the attempts it recorded, every answer group split afresh,
//! and every belief the proof leaves without a recorded attempt (decided
//! by the depth-first search or the memo) decided again by a fresh solver
//! that shares nothing with the one audited. A wrong entry in the audited
//! solver's tables shows up as a branch that does not end in the goal.

use std::collections::HashSet;

use super::pns::ProofMove;
use super::{white_won, Solver, Turn};
use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard64, ModelSpec, MoveAttempt};

/// What an audit found wrong, or how much it walked.
pub type AuditResult = Result<AuditStats, String>;

/// How much of the proof the audit walked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuditStats {
    /// White beliefs walked through a recorded attempt.
    pub walked: u64,
    /// Beliefs decided again by the fresh solver.
    pub rechecked: u64,
}

struct Audit<'s, 'a> {
    solver: &'s mut Solver<'a>,
    fresh: Solver<'static>,
    seen: HashSet<(Vec<u64>, u32, Turn)>,
    stats: AuditStats,
}

impl Solver<'_> {
    /// Audits the proof that `attempt` forces the goal from `belief` within
    /// `moves` (call after [`Solver::forces`] or [`Solver::key`] proved
    /// it); `fresh_nodes` bounds each fresh re-check.
    pub fn audit_attempt(
        &mut self,
        spec: &ModelSpec,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
        fresh_nodes: u64,
    ) -> AuditResult {
        let turn = self.stage(belief, Turn::Fresh);
        let mut audit = Audit {
            solver: self,
            fresh: Solver::new(spec, fresh_nodes, None),
            seen: HashSet::new(),
            stats: AuditStats::default(),
        };
        audit.attempt(belief, moves, turn, attempt)?;
        Ok(audit.stats)
    }
}

impl Audit<'_, '_> {
    fn attempt(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
        attempt: &MoveAttempt,
    ) -> Result<(), String> {
        if moves == 0 {
            return Err("no move left".into());
        }
        let legal = self.solver.legal(belief);
        let groups = self.solver.split(belief, &legal, attempt);
        if groups.iter().all(|g| g.view.refused) {
            return Err(format!("{attempt:?} refused everywhere"));
        }
        for g in groups {
            if g.view.refused {
                let next = self
                    .solver
                    .after_refusal(&g.belief.positions()[0], turn, attempt);
                self.white(&g.belief, moves, next)?;
            } else if g.view.outcome.is_some() {
                if !white_won(g.view.outcome) {
                    return Err(format!(
                        "{attempt:?} ends without the goal: {:?} in {:?}",
                        g.view.outcome,
                        g.belief.positions()[0]
                    ));
                }
            } else {
                self.black(&g.belief, moves - 1)?;
            }
        }
        Ok(())
    }

    fn black(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<(), String> {
        if moves == 0 {
            return Err(format!("no move left after {:?}", belief.positions()[0]));
        }
        for g in self.solver.replies(belief) {
            if g.view.outcome.is_some() {
                if !white_won(g.view.outcome) {
                    return Err(format!("Black's reply ends it: {:?}", g.view.outcome));
                }
            } else {
                self.white(&g.belief, moves, Turn::Fresh)?;
            }
        }
        Ok(())
    }

    fn white(&mut self, belief: &Belief<Bitboard64>, moves: u32, turn: Turn) -> Result<(), String> {
        if belief.is_empty() {
            return Ok(());
        }
        let turn = self.solver.stage(belief, turn);
        if !self.seen.insert((belief.key().to_vec(), moves, turn)) {
            return Ok(());
        }
        match self.solver.proof_move(belief, moves, turn) {
            Some(ProofMove::Attempt(a)) => {
                self.stats.walked += 1;
                self.attempt(belief, moves, turn, &a)
            }
            Some(ProofMove::Ask) => {
                self.stats.walked += 1;
                let (yes, no) = self
                    .solver
                    .any_answers(belief)
                    .ok_or("asked where the answer tells nothing")?;
                self.white(&yes, moves, Turn::Obliged)?;
                self.white(&no, moves, Turn::Asked)
            }
            Some(ProofMove::Free) => self.white(belief, moves, Turn::Asked),
            None => {
                self.stats.rechecked += 1;
                match self.fresh.wins_in(belief, moves, turn) {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(format!(
                        "a fresh search refutes a belief of {} positions with {moves} moves ({turn:?}): {:?}",
                        belief.len(),
                        belief.positions()
                    )),
                    Err(_) => Err(format!(
                        "a fresh search ran out of nodes on a belief of {} positions with {moves} moves",
                        belief.len()
                    )),
                }
            }
        }
    }
}
