//! The depth-first search that decides a belief near the leaves (with at
//! most the full-information depth left, and whatever the proof-number
//! search hands down): every attempt in order, every answer group, every
//! Black reply, stopping at the first refutation; a lost belief comes back
//! with a witness, which the memo keeps.

use fogbound_engine::belief::Belief;
use fogbound_engine::model::find_in;
use fogbound_engine::{Bitboard64, Move, MoveAttempt, RuleMode};

use super::{is_pawn_capture, white_won, Solver, Stop, Turn, Witness};

impl Solver<'_> {
    /// `None` when White wins `belief` within `moves`; else a witness: a
    /// part of the belief (sorted hashes) such that every belief holding
    /// it is lost within `moves` too. Witnesses are kept, so a later
    /// belief that holds one is refuted without a search: an attempt that
    /// fails somewhere fails wherever the positions that made it fail are
    /// still possible (each lands in the same answer group), and refused
    /// attempts only ever leave larger groups that hold the witness.
    pub(super) fn lost(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<Witness>, Stop> {
        let Some(&first) = belief.key().first() else {
            return Ok(None);
        };
        if moves == 0 {
            return Ok(Some(vec![first]));
        }
        let turn = self.stage(belief, turn);
        match self.memo[turn as usize].get(belief.key()) {
            Some(e) if e.won_in <= moves => return Ok(None),
            Some(e) if e.lost_in >= moves => return Ok(Some(e.witness.clone())),
            Some(_) => {}
            None => self.stats.belief_states += 1,
        }
        let result = match self.known_lost(belief.key(), moves, turn) {
            Some(w) => Some(w),
            None => self.search(belief, moves, turn)?,
        };
        self.remember(belief.key(), moves, turn, &result);
        Ok(result)
    }

    pub(super) fn search(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<Witness>, Stop> {
        if let Some(w) = self.bound(belief, moves)? {
            return Ok(Some(w));
        }
        let legal = self.legal(belief);
        let mut witness: Witness = Vec::new();
        if turn == Turn::Fresh {
            match self.ask(belief, moves)? {
                None => return Ok(None),
                Some(w) => witness.extend(w),
            }
        }
        if turn == Turn::Obliged && self.empty_pawn_try(belief, &legal).is_some() {
            // A pawn capture refused everywhere frees White at no cost.
            match self.lost(belief, moves, Turn::Asked)? {
                None => return Ok(None),
                Some(w) => witness.extend(w),
            }
        }
        let first = belief.positions()[0].clone();
        for a in self.ordered(belief, &legal, moves) {
            if turn == Turn::Obliged && !is_pawn_capture(&first, &a) {
                continue;
            }
            match self.refute(belief, &legal, moves, &a, turn)? {
                None => {
                    *self.history.entry(a).or_insert(0) += 1;
                    let k = self.killers.entry(moves).or_default();
                    k.retain(|x| *x != a);
                    k.insert(0, a);
                    k.truncate(4);
                    return Ok(None);
                }
                Some(w) => witness.extend(w),
            }
        }
        witness.sort_unstable();
        witness.dedup();
        if witness.is_empty() {
            witness = belief.key().to_vec();
        }
        Ok(Some(witness))
    }

    /// `None` when `attempt` forces the goal; else a witness (hashes of
    /// `belief`'s positions; empty when the attempt is refused everywhere,
    /// which tells nothing).
    pub(super) fn refute(
        &mut self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
        moves: u32,
        attempt: &MoveAttempt,
        turn: Turn,
    ) -> Result<Option<Witness>, Stop> {
        self.tick()?;
        if moves == 0 {
            return Ok(Some(vec![belief.key()[0]]));
        }
        if moves == 1 {
            // Only a win on the spot counts where the attempt is played.
            let mut refused = Vec::new();
            for ((pos, list), &h) in belief.positions().iter().zip(legal).zip(belief.key()) {
                match find_in(list, attempt) {
                    None => refused.push(pos.clone()),
                    Some(mv) => {
                        let after = pos.after(&mv);
                        if (self.mode == RuleMode::Orthodox && !after.is_check())
                            || !white_won(after.outcome(self.mode))
                        {
                            return Ok(Some(vec![h]));
                        }
                    }
                }
            }
            if refused.len() == belief.len() {
                return Ok(Some(Vec::new()));
            }
            return if refused.is_empty() {
                Ok(None)
            } else {
                let next = self.after_refusal(&refused[0], turn, attempt);
                self.lost(&Belief::new(refused), moves, next)
            };
        }
        let groups = self.split(belief, legal, attempt);
        if groups.iter().all(|g| g.view.refused) {
            return Ok(Some(Vec::new()));
        }
        // Cheap answers first: an ended game decides at once.
        for g in &groups {
            if g.view.outcome.is_some() && !white_won(g.view.outcome) {
                return Ok(Some(vec![g.origin_of(g.belief.key()[0])]));
            }
        }
        for g in &groups {
            if g.view.refused {
                let next = self.after_refusal(&g.belief.positions()[0], turn, attempt);
                if let Some(w) = self.lost(&g.belief, moves, next)? {
                    return Ok(Some(w));
                }
            } else if g.view.outcome.is_none() {
                if let Some(w) = self.escape(&g.belief, moves - 1)? {
                    return Ok(Some(g.origins(&w)));
                }
            }
        }
        Ok(None)
    }

    /// `None` when White, with `moves` moves left after Black's reply,
    /// wins whatever Black replies in whichever position of `belief`;
    /// else a witness in `belief`'s hashes.
    pub(super) fn escape(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<Witness>, Stop> {
        if moves == 0 {
            return Ok(Some(vec![belief.key()[0]]));
        }
        // Black to move in the same belief again (a transposition).
        if let Some(e) = self.escapes.get(belief.key()) {
            if e.won_in <= moves {
                return Ok(None);
            }
            if e.lost_in >= moves {
                return Ok(Some(e.witness.clone()));
            }
        }
        let result = self.escape_search(belief, moves)?;
        self.remember_escape(belief.key(), moves, &result);
        Ok(result)
    }

    fn escape_search(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<Witness>, Stop> {
        self.tick()?;
        let replies = self.replies(belief);
        for g in &replies {
            if g.view.outcome.is_some() && !white_won(g.view.outcome) {
                return Ok(Some(vec![g.origin_of(g.belief.key()[0])]));
            }
        }
        // Beliefs that hold a known lost witness first, then smaller ones:
        // cheaper, and as likely to fail.
        let mut order: Vec<usize> = (0..replies.len()).collect();
        order.sort_by_key(|&i| replies[i].belief.len());
        for i in order {
            let g = &replies[i];
            if g.view.outcome.is_none() {
                if let Some(w) = self.lost(&g.belief, moves, Turn::Fresh)? {
                    return Ok(Some(g.origins(&w)));
                }
            }
        }
        Ok(None)
    }
}
