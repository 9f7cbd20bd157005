//! What an umpire that fights back says: an answer to White's attempt
//! after which White can no longer force the goal in the moves left.

use fogbound_engine::belief::{Belief, View};
use fogbound_engine::{Bitboard64, MoveAttempt};

use super::{white_won, Group, Solver, Stop};

/// An umpire's refuting answer: what White is told (the answer to the
/// attempt, then to Black's reply when there is one) and the belief White
/// is left with.
pub type Refutation = (Vec<View>, Belief<Bitboard64>);

impl Solver<'_> {
    /// An answer to `attempt` (with Black's reply, if played) after which
    /// White cannot force the goal within the moves then left: what an
    /// umpire that fights back says. `None` when the attempt forces the
    /// goal (no refutation exists), or when it is refused everywhere
    /// (nothing happens). The belief returned is what White then cannot
    /// tell apart; `moves` counts this attempt.
    pub fn refutation(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<Option<Refutation>, Stop> {
        let legal = self.legal(belief);
        let groups = self.split(belief, &legal, attempt);
        if groups.iter().all(|g| g.view.refused) {
            return Ok(None);
        }
        // Cheap answers first, as in the search: a game that ended without
        // White's win needs no search.
        for g in &groups {
            if g.view.outcome.is_some() && !white_won(g.view.outcome) {
                return Ok(Some((vec![g.view.clone()], g.belief.clone())));
            }
        }
        for Group {
            view,
            belief: group,
            ..
        } in &groups
        {
            if view.refused {
                if !self.wins(group, moves)? {
                    return Ok(Some((vec![view.clone()], group.clone())));
                }
            } else if view.outcome.is_some() {
                if !white_won(view.outcome) {
                    return Ok(Some((vec![view.clone()], group.clone())));
                }
            } else {
                if moves <= 1 {
                    return Ok(Some((vec![view.clone()], group.clone())));
                }
                for Group {
                    view: reply,
                    belief: next,
                    ..
                } in self.replies(group)
                {
                    let lost = match reply.outcome {
                        Some(_) => !white_won(reply.outcome),
                        None => !self.wins(&next, moves - 1)?,
                    };
                    if lost {
                        return Ok(Some((vec![view.clone(), reply], next)));
                    }
                }
            }
        }
        Ok(None)
    }
}
