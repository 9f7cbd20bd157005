//! White's turn in stages, where the preset has "Any?": may still ask,
//! asked, or told "Yes" and obliged to try pawn captures. Each stage down
//! leaves White fewer options; results are kept per stage, and the umpire
//! reads the stage from White's observation.

use fogbound_engine::belief::Belief;
use fogbound_engine::kriegspiel::AnyObligation;
use fogbound_engine::model::find_in;
use fogbound_engine::{Bitboard, Bitboard64, Color, Move, MoveAttempt, Role, RuleMode};

use super::{Pos, Solver, Stop, Witness};

/// Where White stands within its turn, as far as "Any?" goes. Each step
/// down leaves White fewer options, so a belief won in a later stage is won
/// in an earlier one and one lost in an earlier stage is lost in a later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Turn {
    /// White may still ask "Any?" this turn.
    Fresh = 0,
    /// White asked (or may not ask): any attempt.
    Asked = 1,
    /// Told "Yes": only pawn captures may be tried until the preset frees
    /// White (a refused one, or a legal one).
    Obliged = 2,
}

/// "Any?" as a puzzle's preset has it.
#[derive(Clone, Debug)]
pub(super) struct AnyQuestion {
    pub(super) obligation: AnyObligation,
    pub(super) yes: String,
    pub(super) no: String,
}

/// Whether `attempt` is a pawn's capture try in `pos` (White's men).
pub(super) fn is_pawn_capture(pos: &Pos, attempt: &MoveAttempt) -> bool {
    pos.pieces(Color::White, Role::Pawn).contains(attempt.from)
        && pos
            .rules()
            .pawn_attacks(Color::White, attempt.from)
            .contains(attempt.to)
}

impl Solver<'_> {
    /// The stage of the turn as it matters here: "Any?" may be asked only
    /// when the preset has it and White has a pawn (else the stage is
    /// [`Turn::Asked`], so such puzzles keep one memo).
    pub(super) fn stage(&self, belief: &Belief<Bitboard64>, turn: Turn) -> Turn {
        let has_pawn = belief
            .positions()
            .first()
            .is_some_and(|p| p.pieces(Color::White, Role::Pawn).any());
        match turn {
            Turn::Fresh if self.any.is_none() || !has_pawn => Turn::Asked,
            Turn::Obliged if !has_pawn => Turn::Asked,
            t => t,
        }
    }

    /// The stage after a refused `attempt` in stage `turn`. Under a duty
    /// one refused pawn capture lifts, a refused pawn capture ends the
    /// asking: once obliged it frees White; before "Any?" it leaves asking
    /// worth nothing the other order lacks, since after "Yes" trying that
    /// capture again is no try (the umpire calls a repeat impossible) and
    /// asking first, then trying it, does as well.
    pub(super) fn after_refusal(&self, pos: &Pos, turn: Turn, attempt: &MoveAttempt) -> Turn {
        let one = self
            .any
            .as_ref()
            .is_some_and(|a| a.obligation == AnyObligation::TryOne);
        if one && turn != Turn::Asked && is_pawn_capture(pos, attempt) {
            Turn::Asked
        } else {
            turn
        }
    }

    /// The belief split by the answer to "Any?": the positions where White
    /// has a legal pawn capture, and the others. `None` when asking tells
    /// nothing (one part is empty) or the preset has no "Any?".
    pub(super) fn any_answers(
        &self,
        belief: &Belief<Bitboard64>,
    ) -> Option<(Belief<Bitboard64>, Belief<Bitboard64>)> {
        self.any.as_ref()?;
        let (yes, no): (Vec<Pos>, Vec<Pos>) = belief.positions().iter().cloned().partition(|p| {
            p.moves(RuleMode::Orthodox)
                .iter()
                .any(|m| m.role == Role::Pawn && m.is_capture())
        });
        if yes.is_empty() || no.is_empty() {
            return None;
        }
        Some((Belief::new(yes), Belief::new(no)))
    }

    /// Under an obligation that one refused pawn capture lifts: a pawn
    /// capture refused in every position of `belief` (an empty try that
    /// costs nothing and frees White), if there is one.
    pub(super) fn empty_pawn_try(
        &self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
    ) -> Option<MoveAttempt> {
        let one = self.any.as_ref()?.obligation == AnyObligation::TryOne;
        let first = belief.positions().first()?;
        if !one {
            return None;
        }
        self.observer.attempts(belief).into_iter().find(|a| {
            is_pawn_capture(first, a) && legal.iter().all(|list| find_in(list, a).is_none())
        })
    }

    /// `None` when asking "Any?" now wins `belief` within `moves`; else a
    /// witness (empty when asking tells nothing).
    pub(super) fn ask(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<Witness>, Stop> {
        let Some((yes, no)) = self.any_answers(belief) else {
            return Ok(Some(Vec::new()));
        };
        self.tick()?;
        // The smaller part first: cheaper, and as likely to fail.
        let parts = if yes.len() <= no.len() {
            [(yes, Turn::Obliged), (no, Turn::Asked)]
        } else {
            [(no, Turn::Asked), (yes, Turn::Obliged)]
        };
        for (part, turn) in &parts {
            if let Some(w) = self.lost(part, moves, *turn)? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    }
}
