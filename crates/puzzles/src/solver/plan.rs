//! The proof as a tree White can follow ([`Plan`]): White's attempt, then
//! one [`Answer`] per thing the umpire may say, each with the plan that
//! follows; each belief's plan as short as the search finds cheaply.

use serde::{Deserialize, Serialize};

use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard64, MoveAttempt};

use super::pns::ProofMove;
use super::{
    attempt_coord, attempt_san, is_pawn_capture, seen_words, white_won, Group, Solver, Stop, Turn,
};

/// The most nodes a shorter length is searched for, per belief, when the
/// solution tree is built (see [`Solver::plan`]): on the Rotenberg mate
/// in 8 the tree is the same as with no limit at two thirds of the nodes
/// (SOLVER-NOTES.md).
pub const PLAN_PROBE_NODES: u64 = 20_000;

/// The most White nodes a returned solution tree holds (a proof can be
/// larger; the tree is then cut and says so).
pub const MAX_TREE_PLANS: usize = 20_000;

/// White's plan in one belief: the attempt, and what to do after each
/// answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The attempt in SAN as White's own board shows it (`Rg2`, `exd5`).
    pub attempt: String,
    /// The attempt in coordinates (`a2g2`).
    pub coord: String,
    /// Moves left, this one included.
    pub moves: u32,
    /// How many positions White cannot tell apart here.
    pub positions: usize,
    /// One per answer the umpire may give.
    pub answers: Vec<Answer>,
}

/// One answer to White's attempt (with Black's reply, when the attempt
/// was played and the game goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// What White is told, in the umpire's words ("Illegal"; "Check on
    /// the long diagonal"; "Black has moved"…).
    pub told: Vec<String>,
    /// The enemy men White then sees (`kg3`: a black king on g3), when the
    /// answer moved men (empty after a refusal: nothing changed). Under
    /// Fog of War this, not the words, tells the answers apart.
    pub seen: Vec<String>,
    /// The ends of Black's reply White saw (Fog of War: the square it
    /// left, when White saw that square before the reply; the square it
    /// reached, when White sees it after), else `None`. With `told` and
    /// `seen` they are everything White learns, so no two answers of one
    /// attempt are alike.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The try was refused, or White asked "Any?" (`told` holds the
    /// answer): `then` is the next attempt, in the same turn.
    pub refused: bool,
    /// The game is over here, won (`then` is `None`).
    pub won: bool,
    /// How many positions White cannot tell apart after it.
    pub positions: usize,
    /// White's plan from here; `None` when won, or when the tree was cut.
    pub then: Option<Box<Plan>>,
}

impl Solver<'_> {
    /// The shortest number of moves, at most `moves`, in which White wins
    /// `belief`, deepening from one.
    pub fn shortest(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<u32>, Stop> {
        self.shortest_in(belief, moves, Turn::Fresh)
    }

    /// [`Solver::shortest`] at a stage of White's turn.
    pub fn shortest_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<u32>, Stop> {
        for n in 1..=moves {
            self.stats.depth = n;
            if self.wins_in(belief, n, turn)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The moves White's plan in `belief` takes: the fewest, deepening
    /// from one, except that a shorter length whose search would cost more
    /// than [`PLAN_PROBE_NODES`] nodes is passed over (the tree shows the
    /// shortest proof found cheaply; disproving the length just below a
    /// proof's was most of the tree's cost).
    fn plan_length(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<u32>, Stop> {
        for n in 1..moves {
            let probed = self.within(PLAN_PROBE_NODES, |s| s.wins_in(belief, n, turn));
            match probed {
                Ok(true) => return Ok(Some(n)),
                Ok(false) => {}
                Err(Stop::Budget | Stop::Undecided) if self.stats.nodes <= self.budget => {}
                Err(e) => return Err(e),
            }
        }
        Ok(self.wins_in(belief, moves, turn)?.then_some(moves))
    }

    /// White's plan (the proof) in a belief White wins within `moves`.
    pub fn plan(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Option<Plan>, Stop> {
        self.plan_in(belief, moves, Turn::Fresh)
    }

    /// [`Solver::plan`] at a stage of White's turn: "Any?" first when
    /// asking wins (as the search tries it), else the first attempt that
    /// forces the goal.
    fn plan_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<Plan>, Stop> {
        let Some(n) = self.plan_length(belief, moves, turn)? else {
            return Ok(None);
        };
        let turn = self.stage(belief, turn);
        // What the proof-number search proved with, when it did.
        let proved = self.proof_move(belief, n, turn);
        if let Some(ProofMove::Attempt(a)) = proved {
            return self.plan_with_in(belief, n, &a, turn).map(Some);
        }
        let ask = match proved {
            Some(ProofMove::Ask) => true,
            Some(_) => false,
            None => turn == Turn::Fresh && self.ask(belief, n)?.is_none(),
        };
        if ask {
            return self.plan_ask(belief, n).map(Some);
        }
        let legal = self.legal(belief);
        let first = belief.positions()[0].clone();
        if turn == Turn::Obliged {
            if let Some(a) = self.empty_pawn_try(belief, &legal) {
                if self.wins_in(belief, n, Turn::Asked)? {
                    self.plans += 1;
                    let view = self.observer.refusal_view(&first, &a);
                    let then = self.plan_in(belief, n, Turn::Asked)?.map(Box::new);
                    return Ok(Some(Plan {
                        attempt: attempt_san(belief.positions(), &a, self.mode),
                        coord: attempt_coord(&first, &a),
                        moves: n,
                        positions: belief.len(),
                        answers: vec![Answer {
                            told: view.words(&first),
                            seen: Vec::new(),
                            from: None,
                            to: None,
                            refused: true,
                            won: false,
                            positions: belief.len(),
                            then,
                        }],
                    }));
                }
            }
        }
        for a in self.attempts(belief) {
            if turn == Turn::Obliged && !is_pawn_capture(&first, &a) {
                continue;
            }
            if self.refute(belief, &legal, n, &a, turn)?.is_none() {
                return self.plan_with_in(belief, n, &a, turn).map(Some);
            }
        }
        Ok(None)
    }

    /// The plan that starts with "Any?" (which must win within `moves`).
    fn plan_ask(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Plan, Stop> {
        self.plans += 1;
        let question = self
            .any
            .clone()
            .expect("asked only where the preset has Any?");
        let (yes, no) = self
            .any_answers(belief)
            .expect("asked only where the answer tells something");
        let cut = self.plans >= MAX_TREE_PLANS;
        let mut answers = Vec::new();
        for (words, part, turn) in [
            (question.yes, yes, Turn::Obliged),
            (question.no, no, Turn::Asked),
        ] {
            let then = if cut {
                None
            } else {
                self.plan_in(&part, moves, turn)?.map(Box::new)
            };
            answers.push(Answer {
                told: vec![words],
                seen: Vec::new(),
                from: None,
                to: None,
                refused: true,
                won: false,
                positions: part.len(),
                then,
            });
        }
        Ok(Plan {
            attempt: "Any?".into(),
            coord: "any?".into(),
            moves,
            positions: belief.len(),
            answers,
        })
    }

    /// The plan that starts with `attempt` (which must force the goal in
    /// `moves`).
    pub fn plan_with(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<Plan, Stop> {
        self.plan_with_in(belief, moves, attempt, Turn::Fresh)
    }

    /// [`Solver::plan_with`] at a stage of White's turn.
    fn plan_with_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
        turn: Turn,
    ) -> Result<Plan, Stop> {
        self.plans += 1;
        let first = &belief.positions()[0];
        let legal = self.legal(belief);
        let groups = self.split(belief, &legal, attempt);
        let mut answers = Vec::new();
        let cut = self.plans >= MAX_TREE_PLANS;
        for Group {
            view,
            belief: group,
            ..
        } in groups
        {
            let told = view.words(first);
            if view.refused {
                let then = if cut {
                    None
                } else {
                    let next = self.after_refusal(&group.positions()[0], turn, attempt);
                    self.plan_in(&group, moves, next)?.map(Box::new)
                };
                answers.push(Answer {
                    told,
                    seen: Vec::new(),
                    from: None,
                    to: None,
                    refused: true,
                    won: false,
                    positions: group.len(),
                    then,
                });
            } else if view.outcome.is_some() {
                answers.push(Answer {
                    told,
                    seen: seen_words(&view.seen),
                    from: None,
                    to: None,
                    refused: false,
                    won: white_won(view.outcome),
                    positions: group.len(),
                    then: None,
                });
            } else {
                for Group {
                    view: reply,
                    belief: next,
                    ..
                } in self.replies(&group)
                {
                    let mut words = told.clone();
                    words.extend(reply.words(first));
                    let won = white_won(reply.outcome);
                    let then = if cut || reply.outcome.is_some() {
                        None
                    } else {
                        self.plan(&next, moves - 1)?.map(Box::new)
                    };
                    let square = |sq: Option<fogbound_engine::Square>| {
                        sq.map(|sq| first.geometry().square_name(sq))
                    };
                    answers.push(Answer {
                        told: words,
                        seen: seen_words(&reply.seen),
                        from: square(reply.from),
                        to: square(reply.to),
                        refused: false,
                        won,
                        positions: next.len(),
                        then,
                    });
                }
            }
        }
        Ok(Plan {
            attempt: attempt_san(belief.positions(), attempt, self.mode),
            coord: attempt_coord(first, attempt),
            moves,
            positions: belief.len(),
            answers,
        })
    }

    /// Whether the last tree built was cut.
    pub(super) fn tree_cut(&self) -> bool {
        self.plans >= MAX_TREE_PLANS
    }
}
